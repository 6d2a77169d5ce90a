// Command screens renders screenshots of sudoku apps, web pages and scanned
// book pages with their ground truth, to judge the vision package on
// pictures it never trained on. It is an offline tool: neither the bot nor
// the tests run it.
//
// Usage:
//
//	go run ./vision/training/screens -o DIR [-n 80] [-seed 1] [-style app-news] [-chromium chromium] [-convert convert]
//
// For each screenshot it writes an HTML page (random puzzles of the
// generate package, so no puzzle is memorised; styles, fonts, colours,
// highlights, pencil marks, number pads and page furniture drawn from the
// seed), renders it with headless Chromium (--screenshot), degrades the
// "scan" style with ImageMagick (a slight turn, blur, noise, grey, JPEG),
// and writes beside NAME.png or NAME.jpg a NAME.txt of four lines: the
// givens (81 characters, '.' for none), the grid as filled in, the kinds
// (81 letters: g printed given, f filled in, m pencil marks only, . empty),
// and a line naming the style, theme and font. The same seed and tools give
// the same pictures.
package main

import (
	"context"
	"flag"
	"fmt"
	"html"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/sudoku"
)

func main() {
	out := flag.String("o", "", "folder to write the screenshots to (created)")
	n := flag.Int("n", 80, "how many screenshots")
	seed := flag.Uint64("seed", 1, "seed of the puzzles and styles")
	chromium := flag.String("chromium", "chromium", "the Chromium binary")
	convert := flag.String("convert", "/usr/bin/convert", "ImageMagick's convert (Debian's imagemagick)")
	only := flag.String("style", "", "render only the shots of this style (their numbers as in the full set)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "screens: -o DIR is required")
		os.Exit(2)
	}
	if err := run(*out, *n, *seed, *only, tools{*chromium, *convert}); err != nil {
		fmt.Fprintln(os.Stderr, "screens:", err)
		os.Exit(1)
	}
}

type tools struct{ chromium, convert string }

// styles are the kinds of screenshot, taken in turn.
var styles = []string{"app-light", "app-dark", "web", "scan", "app-news"}

func run(out string, n int, seed uint64, only string, t tools) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "screens")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	ctx := context.Background()
	for i := range n {
		if only != "" && styles[i%len(styles)] != only {
			continue
		}
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		level := []generate.Level{generate.Easy, generate.Medium, generate.Hard}[rng.IntN(3)]
		g, err := generate.NewGenerator(generate.Kind{Shape: sudoku.Classic, Level: level}, seed*1000+uint64(i))
		if err != nil {
			return err
		}
		pctx, cancel := context.WithTimeout(ctx, time.Minute)
		p, err := g.Next(pctx)
		cancel()
		if err != nil {
			return fmt.Errorf("screenshot %d: puzzle: %w", i, err)
		}
		style := styles[i%len(styles)]
		s := newShot(rng, style, &p.Grid, &p.Solution)
		name := fmt.Sprintf("%03d-%s", i, style)
		page := filepath.Join(tmp, name+".html")
		if err := os.WriteFile(page, []byte(s.html()), 0o644); err != nil {
			return err
		}
		png := filepath.Join(tmp, name+".png")
		if err := t.screenshot(page, png, s); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		final := filepath.Join(out, name+s.ext)
		if err := t.finish(png, final, s); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if err := os.WriteFile(filepath.Join(out, name+".txt"), []byte(s.truth()), 0o644); err != nil {
			return err
		}
		fmt.Println(final, s.describe())
	}
	return nil
}

// screenshot renders page to png with headless Chromium at the shot's
// window size and pixel ratio.
func (t tools) screenshot(page, png string, s *shot) error {
	cmd := exec.Command(t.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--no-first-run", "--disable-extensions", "--font-render-hinting=none",
		fmt.Sprintf("--window-size=%d,%d", s.width, s.height),
		fmt.Sprintf("--force-device-scale-factor=%g", s.scale),
		"--screenshot="+png, "file://"+page)
	outb, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("chromium: %w: %s", err, outb)
	}
	if _, err := os.Stat(png); err != nil {
		return fmt.Errorf("chromium wrote no screenshot: %s", outb)
	}
	return nil
}

// finish writes the screenshot as the shot's file: as it is, as a JPEG, or
// degraded as a scanned page is.
func (t tools) finish(png, final string, s *shot) error {
	args := []string{png}
	args = append(args, s.degrade...)
	args = append(args, final)
	outb, err := exec.Command(t.convert, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("convert: %w: %s", err, outb)
	}
	return nil
}

// theme is the colours of a board.
type theme struct {
	name                    string
	page, board, line, box  string
	given, entry, mark      string
	selected, peer, same    string
	conflictBg, conflictInk string
	pad, padInk             string
}

var lightThemes = []theme{
	{"classic-blue", "#ffffff", "#ffffff", "#bec6d4", "#344861", "#344861", "#325aaf", "#6e7c8c", "#bbdefb", "#e2ebf3", "#c3d7ea", "#f7cfd6", "#e55c6c", "#eaeef4", "#325aaf"},
	{"paper-green", "#f6f4ee", "#fffdf8", "#c9c2b0", "#3b3a36", "#1d1d1b", "#2e8b57", "#8a8577", "#d9f0d3", "#efeee6", "#cfe8c6", "#fbd3d3", "#d02020", "#e9e6dc", "#2e8b57"},
	{"grey-indigo", "#f2f2f7", "#ffffff", "#c7c7cc", "#1c1c1e", "#000000", "#3949ab", "#8e8e93", "#c5cae9", "#e8eaf6", "#d1d9ff", "#ffcdd2", "#c62828", "#ffffff", "#3949ab"},
	{"teal", "#e0f2f1", "#ffffff", "#b2dfdb", "#00695c", "#263238", "#00897b", "#78909c", "#b2ebf2", "#e0f7fa", "#a7e3dd", "#ffe0e0", "#e53935", "#ffffff", "#00796b"},
	{"purple", "#faf7ff", "#ffffff", "#d6cce6", "#4a3b66", "#2b2b2b", "#6a3fc1", "#9b8fb0", "#e4d9fb", "#f2edfb", "#d9cbf7", "#fde2e4", "#d63a4a", "#efe9fb", "#6a3fc1"},
}

var darkThemes = []theme{
	{"night-blue", "#121212", "#1e1e1e", "#3a3a3a", "#8a8a8a", "#e8e8e8", "#64a8ff", "#9e9e9e", "#2d4a6e", "#262b33", "#34495e", "#5a2a2a", "#ff6b6b", "#2a2a2a", "#64a8ff"},
	{"slate-green", "#0f172a", "#1e293b", "#334155", "#94a3b8", "#f1f5f9", "#4ade80", "#94a3b8", "#1e3a5f", "#243247", "#2c4a3a", "#4c1d1d", "#f87171", "#1e293b", "#4ade80"},
	{"black-cyan", "#000000", "#0b0b0b", "#333333", "#777777", "#ffffff", "#4dd0e1", "#aaaaaa", "#263238", "#151a1c", "#1f3b40", "#4a1414", "#ff5252", "#1a1a1a", "#4dd0e1"},
	{"dim-violet", "#1b1b22", "#24242d", "#3d3d4a", "#9090a8", "#dcdce6", "#a78bfa", "#8c8ca0", "#3b3566", "#2b2b38", "#3a3358", "#552233", "#ff7a90", "#2b2b38", "#a78bfa"},
}

// newsThemes are a newspaper's app: givens bold black, entries regular blue,
// on white.
var newsThemes = []theme{
	{"news-blue", "#ffffff", "#ffffff", "#b0b0b0", "#000000", "#000000", "#1a63d6", "#707070", "#fff3a8", "#eef3fb", "#dbe7fb", "#fde0e0", "#d92b2b", "#f0f0f0", "#000000"},
	{"news-navy", "#f7f7f7", "#ffffff", "#9a9a9a", "#121212", "#121212", "#2458c5", "#666666", "#a7d8ff", "#f2f2f2", "#cfe3ff", "#ffd6d6", "#c81e1e", "#ffffff", "#121212"},
	{"news-sky", "#ffffff", "#ffffff", "#cccccc", "#333333", "#000000", "#3b82f6", "#777777", "#ffe88a", "#f5f5f5", "#e1ecff", "#ffe1e1", "#e02424", "#eeeeee", "#3b82f6"},
	{"news-ink", "#fafafa", "#ffffff", "#a0a0a0", "#000000", "#1a1a1a", "#0b57d0", "#5f6368", "#d2e3fc", "#f1f3f4", "#c2d7f7", "#fce8e6", "#d93025", "#f1f3f4", "#0b57d0"},
}

// newsBlues are the entries' blues of newsThemes, from a navy to a sky blue.
var newsBlues = []string{"#1a63d6", "#2458c5", "#3b82f6", "#0b57d0", "#1e3a8a", "#4a90e2", "#2f6fb0", "#1565c0", "#5b8def", "#254e9c"}

var printTheme = theme{"print", "#ffffff", "#ffffff", "#555555", "#000000", "#000000", "#000000", "#555555", "", "", "", "", "", "", ""}

// fonts are the digit faces, with the weight of the givens.
var fonts = []struct{ family, weight string }{
	{"Roboto", "400"}, {"Open Sans", "600"}, {"Lato", "700"}, {"Inter", "500"},
	{"Noto Sans", "400"}, {"Fira Code", "500"}, {"DejaVu Sans", "400"}, {"Liberation Sans", "700"},
	{"Noto Serif", "700"}, {"Liberation Serif", "400"},
}

// phones are CSS viewport sizes of phones, and their pixel ratios.
var phones = []struct {
	w, h  int
	scale float64
}{{390, 844, 2}, {412, 915, 1.75}, {360, 780, 2}, {375, 667, 2}, {428, 926, 1.5}}

// shot is one screenshot to draw and its truth.
type shot struct {
	style, fontFamily, fontWeight string
	th                            theme
	givens, grid                  [81]int
	kinds                         [81]byte
	marks                         [81][]int
	conflict                      [81]bool
	selected                      int // -1 for none
	peers, sameDigit              bool
	cornerMarks                   bool
	pad, toolbar, title           bool
	width, height                 int
	scale                         float64
	cell                          int // CSS pixels
	ext                           string
	degrade                       []string
}

func newShot(rng *rand.Rand, style string, puzzle, solution *sudoku.Grid) *shot {
	f := fonts[rng.IntN(len(fonts))]
	s := &shot{style: style, fontFamily: f.family, fontWeight: f.weight, selected: -1, ext: ".png"}
	for i := range 81 {
		if d := puzzle.At(i); d != 0 {
			s.givens[i], s.grid[i], s.kinds[i] = d, d, 'g'
		} else {
			s.kinds[i] = '.'
		}
	}
	app := style == "app-light" || style == "app-dark" || style == "app-news"
	if style != "scan" {
		// Entries: a share of the empty cells filled in, now and then a
		// wrong one (shown in conflict red when it clashes); pencil
		// marks in some of the rest.
		share := rng.Float64() * 0.6
		if style == "app-news" {
			share = 0.4 + rng.Float64()*0.5 // well into the puzzle: 20 to 45 entries
		}
		markShare := 0.0
		if rng.IntN(2) == 0 {
			markShare = 0.1 + rng.Float64()*0.3
		}
		wrong := app && rng.IntN(3) == 0
		for i := range 81 {
			if s.kinds[i] != '.' {
				continue
			}
			switch r := rng.Float64(); {
			case r < share:
				s.grid[i], s.kinds[i] = solution.At(i), 'f'
			case r < share+markShare*(1-share):
				s.kinds[i] = 'm'
				for d := 1; d <= 9; d++ {
					if d == solution.At(i) || rng.IntN(3) == 0 {
						s.marks[i] = append(s.marks[i], d)
					}
				}
			}
		}
		if wrong {
			s.addWrong(rng, solution)
		}
		s.cornerMarks = rng.IntN(3) != 0
	}
	switch style {
	case "app-light":
		s.th = lightThemes[rng.IntN(len(lightThemes))]
	case "app-dark":
		s.th = darkThemes[rng.IntN(len(darkThemes))]
	case "app-news":
		s.th = newsThemes[rng.IntN(len(newsThemes))]
		s.fontWeight = []string{"700", "800", "600", "900"}[rng.IntN(4)] // the givens bold, the entries regular
		s.th.entry = newsBlues[rng.IntN(len(newsBlues))]
	case "web":
		if rng.IntN(4) == 0 {
			s.th = darkThemes[rng.IntN(len(darkThemes))]
		} else {
			s.th = lightThemes[rng.IntN(len(lightThemes))]
		}
	default:
		s.th = printTheme
	}
	switch style {
	case "app-light", "app-dark", "app-news":
		ph := phones[rng.IntN(len(phones))]
		s.width, s.height, s.scale = ph.w, ph.h, ph.scale
		if style == "app-news" && rng.IntN(2) == 0 {
			s.scale = []float64{2.625, 3}[rng.IntN(2)] // a phone of today's full resolution
		}
		s.cell = (s.width - 16 - rng.IntN(24)) / 9
		s.pad, s.toolbar, s.title = rng.IntN(5) != 0, rng.IntN(3) != 0, true
		s.selected = rng.IntN(81)
		s.peers, s.sameDigit = rng.IntN(3) != 0, rng.IntN(2) == 0
		if rng.IntN(4) == 0 {
			s.ext = ".jpg"
			s.degrade = []string{"-quality", fmt.Sprint(80 + rng.IntN(15))}
		}
	case "web":
		s.width, s.height, s.scale = []int{1280, 1366, 1024}[rng.IntN(3)], []int{800, 768, 900}[rng.IntN(3)], 1
		if rng.IntN(3) == 0 {
			s.scale = 1.25
		}
		s.cell = 36 + rng.IntN(22)
		s.pad = rng.IntN(2) == 0
		if rng.IntN(2) == 0 {
			s.selected = rng.IntN(81)
			s.peers = rng.IntN(2) == 0
		}
		if rng.IntN(3) == 0 {
			s.ext = ".jpg"
			s.degrade = []string{"-quality", fmt.Sprint(75 + rng.IntN(20))}
		}
	default:
		s.width, s.height, s.scale = 850, 1100, 1
		s.cell = 48 + rng.IntN(20)
		s.ext = ".jpg"
		angle := (rng.Float64()*2 - 1) * 2.5
		s.degrade = []string{
			"-background", "#f4f1ea", "-rotate", fmt.Sprintf("%.2f", angle),
			"-blur", fmt.Sprintf("0x%.2f", 0.4+rng.Float64()*0.8),
			"-attenuate", fmt.Sprintf("%.2f", 0.2+rng.Float64()*0.5), "+noise", "Gaussian",
		}
		if rng.IntN(2) == 0 {
			s.degrade = append(s.degrade, "-colorspace", "Gray")
		}
		s.degrade = append(s.degrade, "-resize", fmt.Sprintf("%d%%", 60+rng.IntN(41)),
			"-quality", fmt.Sprint(55+rng.IntN(35)))
	}
	return s
}

// addWrong fills one empty cell with a wrong digit that clashes with a
// given, marked as a conflict as apps do.
func (s *shot) addWrong(rng *rand.Rand, solution *sudoku.Grid) {
	for _, i := range rng.Perm(81) {
		if s.kinds[i] != '.' && s.kinds[i] != 'm' {
			continue
		}
		for _, j := range rng.Perm(81) {
			if s.kinds[j] != 'g' || j == i || !peer(i, j) || s.givens[j] == solution.At(i) {
				continue
			}
			s.grid[i], s.kinds[i], s.marks[i] = s.givens[j], 'f', nil
			s.conflict[i] = true
			return
		}
	}
}

func peer(i, j int) bool {
	ri, ci, rj, cj := i/9, i%9, j/9, j%9
	return ri == rj || ci == cj || (ri/3 == rj/3 && ci/3 == cj/3)
}

func line(cells [81]int) string {
	var b strings.Builder
	for _, d := range cells {
		if d == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte(byte('0' + d))
		}
	}
	return b.String()
}

func (s *shot) truth() string {
	return fmt.Sprintf("%s\n%s\n%s\n%s\n", line(s.givens), line(s.grid), s.kinds[:], s.describe())
}

func (s *shot) describe() string {
	var extra []string
	for _, on := range []struct {
		b    bool
		name string
	}{{s.selected >= 0, "selected"}, {s.peers, "peers"}, {s.sameDigit, "same-digit"}, {s.pad, "pad"}, {s.toolbar, "toolbar"}} {
		if on.b {
			extra = append(extra, on.name)
		}
	}
	marks := "centre-marks"
	if s.cornerMarks {
		marks = "corner-marks"
	}
	return fmt.Sprintf("style=%s theme=%s font=%q weight=%s size=%dx%d@%g cell=%d %s %s", s.style, s.th.name,
		s.fontFamily, s.fontWeight, s.width, s.height, s.scale, s.cell, marks, strings.Join(extra, ","))
}

// html is the page of the screenshot.
func (s *shot) html() string {
	var b strings.Builder
	th := s.th
	font := fmt.Sprintf("'%s', sans-serif", s.fontFamily)
	c := s.cell
	fmt.Fprintf(&b, `<!doctype html><html><head><meta charset="utf-8"><style>
* { box-sizing: border-box; margin: 0; padding: 0; }
body { background: %s; font-family: %s; color: %s; }
.board { display: grid; grid-template-columns: repeat(9, %dpx); grid-template-rows: repeat(9, %dpx);
  border: %dpx solid %s; background: %s; width: max-content; }
.cell { position: relative; border-right: 1px solid %s; border-bottom: 1px solid %s;
  display: flex; align-items: center; justify-content: center; font-size: %dpx; line-height: 1; }
.cell.c2, .cell.c5 { border-right: 2px solid %s; }
.cell.r2, .cell.r5 { border-bottom: 2px solid %s; }
.cell.c8 { border-right: none; } .cell.r8 { border-bottom: none; }
.g { color: %s; font-weight: %s; } .f { color: %s; font-weight: 400; }
.x { color: %s !important; }
.marks { position: absolute; inset: 2px; display: grid; grid-template-columns: repeat(3, 1fr);
  grid-template-rows: repeat(3, 1fr); font-size: %dpx; color: %s; text-align: center; align-items: center; }
.cmarks { font-size: %dpx; color: %s; letter-spacing: 1px; max-width: 90%%; text-align: center; word-wrap: break-word; }
.pad { display: flex; gap: 4px; margin-top: 14px; }
.pad div { flex: 1; text-align: center; font-size: %dpx; color: %s; background: %s; border-radius: 8px; padding: 8px 0; }
.tools { display: flex; justify-content: space-around; margin-top: 14px; font-size: 12px; color: %s; }
.tools div { text-align: center; } .tools span { display: block; font-size: 22px; }
</style></head><body>`,
		th.page, font, th.given, c, c, max(2, c/18), th.box, th.board, th.line, th.line,
		c*62/100, th.box, th.box, th.given, s.fontWeight, th.entry, th.conflictInk,
		max(8, c*26/100), th.mark, max(8, c*24/100), th.mark,
		c*2/3, th.padInk, th.pad, th.mark)
	switch s.style {
	case "app-light", "app-dark", "app-news":
		b.WriteString(`<div style="padding: 12px 8px;">`)
		fmt.Fprintf(&b, `<div style="display:flex;justify-content:space-between;font-size:15px;margin:6px 4px 14px;color:%s"><span>‹ Back</span><b>Sudoku</b><span>⚙</span></div>`, th.mark)
		fmt.Fprintf(&b, `<div style="display:flex;justify-content:space-between;font-size:13px;margin:0 4px 8px;color:%s"><span>%s</span><span>Mistakes: %d/3</span><span>0%d:%02d</span></div>`,
			th.mark, []string{"Easy", "Medium", "Hard", "Expert"}[s.cell%4], s.cell%3, s.cell%10, (s.cell*7)%60)
		b.WriteString(`<div style="display:flex;justify-content:center">`)
		s.board(&b)
		b.WriteString(`</div>`)
		if s.toolbar {
			b.WriteString(`<div class="tools"><div><span>↶</span>Undo</div><div><span>⌫</span>Erase</div><div><span>✎</span>Notes</div><div><span>💡</span>Hint</div></div>`)
		}
		if s.pad {
			b.WriteString(`<div class="pad">`)
			for d := 1; d <= 9; d++ {
				fmt.Fprintf(&b, `<div>%d</div>`, d)
			}
			b.WriteString(`</div>`)
		}
		b.WriteString(`</div>`)
	case "web":
		fmt.Fprintf(&b, `<div style="background:%s;color:%s;padding:14px 30px;font:bold 22px sans-serif">Daily Sudoku <span style="font-size:14px;font-weight:normal;margin-left:30px">Play · Solver · Printable · Tips · Forum</span></div>`, th.box, th.board)
		b.WriteString(`<div style="display:flex;gap:30px;padding:20px 30px">`)
		fmt.Fprintf(&b, `<div style="width:200px;font-size:14px;line-height:1.6;color:%s"><b>Puzzles</b><br>Easy<br>Medium<br>Hard<br>Evil<br><br><b>Today</b><br>Sudoku of the day #%d, rated %d stars. Fill the grid so that every row, column and 3×3 box holds 1 to 9.</div>`, th.mark, s.cell*37, s.cell%5+1)
		b.WriteString(`<div><div style="font-size:20px;margin-bottom:10px">Puzzle ` + html.EscapeString(fmt.Sprint(s.cell*1013%9973)) + `</div>`)
		s.board(&b)
		if s.pad {
			fmt.Fprintf(&b, `<div class="pad" style="width:%dpx">`, 9*c)
			for d := 1; d <= 9; d++ {
				fmt.Fprintf(&b, `<div>%d</div>`, d)
			}
			b.WriteString(`</div>`)
		}
		b.WriteString(`</div>`)
		fmt.Fprintf(&b, `<div style="width:250px"><div style="border:1px solid %s;height:250px;display:flex;align-items:center;justify-content:center;font-size:12px;color:%s">Advertisement</div><p style="font-size:13px;margin-top:14px;line-height:1.5;color:%s">Tip: look for a digit that fits only one cell of a row. Pencil marks help on harder puzzles.</p></div>`, th.line, th.mark, th.mark)
		b.WriteString(`</div>`)
	default:
		fmt.Fprintf(&b, `<div style="padding:60px 70px;font-family:'Liberation Serif',serif;color:#222"><div style="display:flex;justify-content:space-between;font-size:15px;border-bottom:1px solid #444;padding-bottom:6px;margin-bottom:26px"><span>SUDOKU</span><span>%d</span></div>`, s.cell*3+40)
		fmt.Fprintf(&b, `<p style="font-size:15px;line-height:1.5;margin-bottom:24px">Puzzle %d. Fill in the grid so that every row, every column and every 3×3 box contains the digits 1 to 9. Solution on page %d.</p>`, s.cell%50+1, s.cell+100)
		b.WriteString(`<div style="display:flex;justify-content:center">`)
		s.board(&b)
		b.WriteString(`</div><p style="font-size:13px;margin-top:24px;text-align:center">★★☆ Moderate · Time: 12 minutes</p></div>`)
	}
	b.WriteString(`</body></html>`)
	return b.String()
}

// board writes the grid's 81 cells.
func (s *shot) board(b *strings.Builder) {
	th := s.th
	b.WriteString(`<div class="board">`)
	selDigit := 0
	if s.selected >= 0 {
		selDigit = s.grid[s.selected]
	}
	for i := range 81 {
		r, c := i/9, i%9
		bg := ""
		switch {
		case i == s.selected:
			bg = th.selected
		case s.conflict[i]:
			bg = th.conflictBg
		case s.sameDigit && selDigit != 0 && s.grid[i] == selDigit:
			bg = th.same
		case s.peers && s.selected >= 0 && peer(i, s.selected):
			bg = th.peer
		}
		style := ""
		if bg != "" {
			style = ` style="background:` + bg + `"`
		}
		fmt.Fprintf(b, `<div class="cell r%d c%d"%s>`, r, c, style)
		switch s.kinds[i] {
		case 'g':
			fmt.Fprintf(b, `<span class="g">%d</span>`, s.grid[i])
		case 'f':
			cls := "f"
			if s.conflict[i] {
				cls = "f x"
			}
			fmt.Fprintf(b, `<span class="%s">%d</span>`, cls, s.grid[i])
		case 'm':
			if s.cornerMarks {
				b.WriteString(`<div class="marks">`)
				has := map[int]bool{}
				for _, d := range s.marks[i] {
					has[d] = true
				}
				for d := 1; d <= 9; d++ {
					if has[d] {
						fmt.Fprintf(b, `<span>%d</span>`, d)
					} else {
						b.WriteString(`<span></span>`)
					}
				}
				b.WriteString(`</div>`)
			} else {
				ds := make([]string, len(s.marks[i]))
				for k, d := range s.marks[i] {
					ds[k] = fmt.Sprint(d)
				}
				fmt.Fprintf(b, `<span class="cmarks">%s</span>`, strings.Join(ds, ""))
			}
		}
		b.WriteString(`</div>`)
	}
	b.WriteString(`</div>`)
}
