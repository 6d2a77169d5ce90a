package command

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/race"
	"github.com/sudokubot/sudokubot/internal/shareddata"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current replies")

// readLines returns the first field (before a comma) of every non-empty line
// of path; with optional set, a missing file gives nil instead of failing.
func readLines(tb testing.TB, path string, optional bool) []string {
	tb.Helper()
	f, err := os.Open(path)
	if optional && os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line, _, _ := strings.Cut(strings.TrimSpace(sc.Text()), ","); line != "" {
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// samples are the in-repo puzzles: one of each SE rating from 2.5 to 9.3,
// three 16×16 and three of Norvig's hardest.
func samples(tb testing.TB) []string {
	var out []string
	for _, name := range []string{"se_rated.csv", "16x16.txt", "hardest.txt"} {
		out = append(out, readLines(tb, filepath.Join("testdata", name), false)...)
	}
	return out
}

// tooHardForRace holds, under -race, the sample lines of hardest.txt:
// nested forcing chains at every step, a minute and more of the logical
// solver with the race detector. Without -race it is empty.
func tooHardForRace(tb testing.TB) map[string]bool {
	hardest := map[string]bool{}
	if race.Enabled {
		for _, line := range readLines(tb, filepath.Join("testdata", "hardest.txt"), false) {
			hardest[line] = true
		}
	}
	return hardest
}

// patternPuzzle returns a puzzle of shape sh with exactly one solution, a
// shifted Latin square: cells are emptied in a fixed pseudo-random order,
// each only if the solution stays unique, until about half are empty.
func patternPuzzle(tb testing.TB, sh sudoku.Shape) sudoku.Grid {
	tb.Helper()
	n := sh.Size()
	g := testgrids.Pattern(tb, sh)
	x, empty := uint32(12345), 0
	for tries := 0; tries < 4*n*n && empty < n*n/2; tries++ {
		x = x*1664525 + 1013904223
		i := int(x>>8) % (n * n)
		v := g.At(i)
		if v == 0 {
			continue
		}
		g.Set(i/n, i%n, 0)
		if k, err := sudoku.CountSolutions(context.Background(), g, 2); err != nil || k != 1 {
			g.Set(i/n, i%n, v)
			continue
		}
		empty++
	}
	return g
}

// states returns the grids a person passes through solving g the logical
// way: g, then g after each step that places a digit, as far as logic goes.
func states(tb testing.TB, g sudoku.Grid) []sudoku.Grid {
	tb.Helper()
	lg, err := logic.New(g)
	if err != nil {
		tb.Fatalf("logic.New: %v", err)
	}
	rep, _ := logic.Explain(context.Background(), lg)
	out := []sudoku.Grid{g}
	w := lg.Clone()
	for _, s := range rep.Path {
		if err := w.Apply(s); err != nil {
			tb.Fatalf("apply %v: %v", s, err)
		}
		if len(s.Placements) > 0 && !w.Solved() {
			out = append(out, w.Sudoku())
		}
	}
	return out
}

// solve returns the unique solution of g.
func solve(tb testing.TB, g sudoku.Grid) sudoku.Grid {
	tb.Helper()
	res, err := sudoku.Solve(context.Background(), g, 2)
	if err != nil || res.Status != sudoku.Unique {
		tb.Fatalf("solve: %v %v", res.Status, err)
	}
	return res.Solution
}

var (
	spoilerRE  = regexp.MustCompile(`(?s)\|\|.*?\|\|`)
	fenceRE    = regexp.MustCompile("(?s)```.*?```")
	boldRE     = regexp.MustCompile(`\*\*.*?\*\*`)
	cellRE     = regexp.MustCompile(`\br(\d+)c(\d+)\b`)
	unitRE     = regexp.MustCompile(`\b(row|column|box) (\d+)\b`)
	unitsRE    = regexp.MustCompile(`\b(rows?|columns?|box(es)?) \d+((, | and )\d+)*`)
	ratingRE   = regexp.MustCompile(`\b\d+\.\d\b`)
	countRE    = regexp.MustCompile(`\bthe \d+ marked cells\b`)
	symbolRE   = regexp.MustCompile(`\b[1-9A-P]\b`)
	notationRE = regexp.MustCompile(`\br\d+c\d+ ?(=|<>|is |can't be )`)
)

// outside returns what a reply shows without opening a spoiler. It fails
// the test when the bars do not pair up.
func outside(tb testing.TB, text string) string {
	tb.Helper()
	if strings.Count(text, "||")%2 != 0 {
		tb.Fatalf("unbalanced spoiler bars:\n%s", text)
	}
	return spoilerRE.ReplaceAllString(text, "")
}

// markedCells reads the cells marked as a pattern, ( before the digit, in
// the first code block of text (a grid of side n).
func markedCells(text string, n int) []sudoku.Cell {
	block := fenceRE.FindString(text)
	if block == "" {
		return nil
	}
	width := 3
	if n > 16 {
		width = 2
	}
	var out []sudoku.Cell
	row := 0
	for _, line := range strings.Split(strings.Trim(block, "`\n"), "\n") {
		if strings.HasPrefix(line, "-") {
			continue
		}
		line = strings.ReplaceAll(line, "|", "")
		for c := 0; c*width < len(line); c++ {
			if line[c*width] == '(' {
				out = append(out, sudoku.Cell{Row: row, Col: c})
			}
		}
		row++
	}
	return out
}

// checkNoSpoiler asserts that a hint on state (whose solution is sol, and
// whose next step is step) gives no digit of the solution away outside the
// spoiler bars: the grid shown is the state itself; no conclusion is written
// outside the bars; when the reply points at a single empty cell (named,
// marked, or the last empty cell of a unit it names), that cell's digit is
// not written; and no placement's digit is written with its cell pointed at.
func checkNoSpoiler(tb testing.TB, state, sol sudoku.Grid, step logic.Step, text string) {
	tb.Helper()
	out := outside(tb, text)
	if strings.Contains(out, "```") {
		g, err := parser.Parse(out)
		if err != nil || g != state {
			tb.Fatalf("the grid outside the spoilers is not the grid sent (%v):\n%s", err, text)
		}
	}
	prose := fenceRE.ReplaceAllString(out, "")
	if m := notationRE.FindString(prose); m != "" {
		tb.Fatalf("conclusion %q outside the spoilers:\n%s", m, text)
	}
	n := state.Size()
	pointed := map[sudoku.Cell]bool{}
	for _, c := range markedCells(out, n) {
		pointed[c] = true
	}
	for _, m := range cellRE.FindAllStringSubmatch(prose, -1) {
		pointed[sudoku.Cell{Row: atoi(m[1]) - 1, Col: atoi(m[2]) - 1}] = true
	}
	for _, m := range unitRE.FindAllStringSubmatch(prose, -1) {
		var empty []sudoku.Cell
		k := atoi(m[2]) - 1
		for i := 0; i < n; i++ {
			c := sudoku.Cell{Row: k, Col: i}
			switch m[1] {
			case "column":
				c = sudoku.Cell{Row: i, Col: k}
			case "box":
				sh := state.Shape()
				c = sudoku.Cell{Row: k/sh.BoxRows*sh.BoxRows + i/sh.BoxCols, Col: k%sh.BoxRows*sh.BoxCols + i%sh.BoxCols}
			}
			if state.Get(c.Row, c.Col) == 0 {
				empty = append(empty, c)
			}
		}
		if len(empty) == 1 {
			pointed[empty[0]] = true
		}
	}
	var cells []sudoku.Cell
	for c := range pointed {
		if c.Row < n && c.Col < n && state.Get(c.Row, c.Col) == 0 {
			cells = append(cells, c)
		}
	}
	words := boldRE.ReplaceAllString(prose, "") // the technique's name
	for _, re := range []*regexp.Regexp{cellRE, unitsRE, ratingRE, countRE} {
		words = re.ReplaceAllString(words, "")
	}
	written := map[string]bool{}
	for _, s := range symbolRE.FindAllString(words, -1) {
		written[s] = true
	}
	sym := func(d int) string { return string(".123456789ABCDEFGHIJKLMNOP"[d]) }
	if len(cells) == 1 {
		c := cells[0]
		if d := sol.Get(c.Row, c.Col); written[sym(d)] {
			tb.Fatalf("the reply points at %v alone and writes its digit %s outside the spoilers:\n%s", c, sym(d), text)
		}
	}
	for _, p := range step.Placements {
		if pointed[p.Cell] && written[sym(p.Digit)] {
			tb.Fatalf("the reply points at %v and writes %s, the digit the step places there:\n%s", p.Cell, sym(p.Digit), text)
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

// ask runs one command on g through the Handler, as a message would.
func ask(tb testing.TB, h *Handler, kind string, g sudoku.Grid) Reply {
	tb.Helper()
	msg := "!" + kind + " " + testgrids.Line(g)
	req, ok := h.Match(msg, botID)
	if !ok {
		tb.Fatalf("%q not matched", msg)
	}
	rep := h.Handle(context.Background(), req)
	checkReply(tb, msg, rep)
	return rep
}

// checkPuzzle runs the properties on one puzzle: a hint at every state of
// its logical path (at most maxStates of them, spread over the path) keeps
// the spoilers; rate and explain fit and keep their conclusions in bars.
func checkPuzzle(tb testing.TB, h *Handler, g sudoku.Grid, maxStates int) {
	tb.Helper()
	sol := solve(tb, g)
	ss := states(tb, g)
	stride := max(1, (len(ss)+maxStates-1)/maxStates)
	for i := 0; i < len(ss); i += stride {
		st := ss[i]
		lg, _ := logic.New(st)
		step, err := logic.Next(context.Background(), lg)
		rep := ask(tb, h, "hint", st)
		if err == nil && rep.Outcome != "step" {
			tb.Fatalf("hint on %s: outcome %q, want a step (%v)\n%s", testgrids.Line(st), rep.Outcome, step, rep.Text)
		}
		checkNoSpoiler(tb, st, sol, step, rep.Text)
	}
	for _, kind := range []string{"rate", "explain"} {
		rep := ask(tb, h, kind, g)
		if m := notationRE.FindString(fenceRE.ReplaceAllString(outside(tb, rep.Text), "")); m != "" {
			tb.Fatalf("%s: conclusion %q outside the spoilers:\n%s", kind, m, rep.Text)
		}
		if rep.Outcome == "explained" && len(rep.Files) == 0 && !strings.Contains(rep.Text, "||") {
			tb.Fatalf("explain: no conclusions and no attachment:\n%s", rep.Text)
		}
	}
}

// TestLogicRepliesKeepSpoilersAndFit walks every in-repo sample puzzle the
// logical way and asks for a hint at each grid on the path, then rates and
// explains it: every reply fits a message and gives nothing away outside
// spoiler bars.
func TestLogicRepliesKeepSpoilersAndFit(t *testing.T) {
	// The text's properties; TestHintPicturesAlongThePaths checks the
	// pictures on fewer states (they cost a millisecond or more each).
	h := New(Config{SolveTimeout: 10 * time.Second, Pictures: PicturesNever})
	// The race detector makes the logical solver some ten times slower: it
	// then checks a spread of each path's grids, and leaves out the hardest
	// puzzles (nested forcing chains at every step, a minute and more).
	maxStates := 1000
	if race.Enabled {
		maxStates = 6
	}
	hardest := tooHardForRace(t)
	for _, line := range samples(t) {
		t.Run(line[:20], func(t *testing.T) {
			if hardest[line] {
				t.Skip("nested forcing chains at every step take minutes under -race; checked without it")
			}
			checkPuzzle(t, h, testgrids.Decode(t, line), maxStates)
		})
	}
	for _, sh := range sudoku.Shapes {
		if sh.Size() > 16 && testing.Short() {
			continue
		}
		t.Run(fmt.Sprintf("%dx%d", sh.Size(), sh.Size()), func(t *testing.T) {
			checkPuzzle(t, h, patternPuzzle(t, sh), 12)
		})
	}
}

// TestLogicRepliesOnSharedData runs the same properties over the shared
// puzzle sets, a few grids of each path; it skips when ../shared is absent.
func TestLogicRepliesOnSharedData(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	rated := readLines(t, shareddata.Path("se_rated.csv"), true)
	big := readLines(t, shareddata.Path("16x16.txt"), true)
	if rated == nil && big == nil {
		t.Skip("no shared puzzle sets in " + shareddata.Dir())
	}
	h := New(Config{SolveTimeout: 10 * time.Second, Pictures: PicturesNever})
	// An eighth of each file (every band of se_rated.csv, 30 puzzles a
	// rating in order), under -race (some ten times slower) a puzzle in
	// 200: the shared sets' properties are checked without it.
	every := 8
	if race.Enabled {
		every = 200
	}
	for i, line := range rated {
		if i%every == 0 {
			checkPuzzle(t, h, testgrids.Decode(t, line), 4)
		}
	}
	for i, line := range big {
		if i%every == 0 {
			checkPuzzle(t, h, testgrids.Decode(t, line), 3)
		}
	}
}

// TestLogicCommandsSayWhenTimeRunsOut gives hint, rate and explain less
// time than a forcing net takes: each says it ran out of time and names the
// deadline; rate and explain say how far they got.
func TestLogicCommandsSayWhenTimeRunsOut(t *testing.T) {
	net, ok := hintGrids(t)[logic.DynamicForcingChain]
	if !ok {
		t.Fatal("no sample grid whose next step is a forcing net")
	}
	const deadline = 200 * time.Microsecond // a forcing net takes milliseconds
	h := New(Config{SolveTimeout: deadline})
	for _, kind := range []string{"hint", "rate", "explain"} {
		rep := ask(t, h, kind, net)
		if rep.Outcome != "timeout" || !strings.Contains(rep.Text, deadline.String()) {
			t.Errorf("%s: outcome %q, want a timeout that names %v:\n%s", kind, rep.Outcome, deadline, rep.Text)
		}
		if kind == "explain" && len(rep.Files) != 0 {
			t.Errorf("explain: an attachment for a short path that timed out")
		}
	}
}

// TestLogicOutcomes checks the outcome each kind of grid gets from hint,
// rate and explain, as an operator's log line shows it.
func TestLogicOutcomes(t *testing.T) {
	h := New(Config{SolveTimeout: 10 * time.Second})
	wrong := wrongDigit(t, testgrids.Decode(t, lc37Puzzle))
	tests := []struct {
		args    string
		user    bool
		outcome [3]string // hint, rate, explain
	}{
		{"   ", true, [3]string{"no_grid", "no_grid", "no_grid"}},
		{"12345", true, [3]string{"parse_error", "parse_error", "parse_error"}},
		{lc37Puzzle, false, [3]string{"step", "rated", "explained"}},
		{lc37Solution, false, [3]string{"complete", "complete", "complete"}},
		{"55" + strings.Repeat(".", 79), false, [3]string{"invalid", "invalid", "invalid"}},
		{testgrids.Line(wrong), false, [3]string{"none", "none", "none"}},
		{strings.Repeat(".", 81), false, [3]string{"multiple", "multiple", "multiple"}},
	}
	for _, tt := range tests {
		for i, kind := range []Kind{Hint, Rate, Explain} {
			rep := h.Handle(context.Background(), Request{Kind: kind, Args: tt.args})
			checkReply(t, tt.args, rep)
			if rep.Outcome != tt.outcome[i] || rep.UserError != tt.user {
				t.Errorf("%v %.20q: outcome %q user error %v, want %q %v\n%s", kind, tt.args, rep.Outcome, rep.UserError, tt.outcome[i], tt.user, rep.Text)
			}
		}
	}
}

// BenchmarkLogicCommands measures hint, rate and explain through the
// Handler, message text to reply text, on the classic puzzle (singles), an
// Expert sample and a 16×16 puzzle.
func BenchmarkLogicCommands(b *testing.B) {
	h := New(Config{SolveTimeout: 10 * time.Second})
	puzzles := map[string]string{
		"lc37":   lc37Puzzle,
		"expert": readLines(b, filepath.Join("testdata", "se_rated.csv"), false)[30],
		"16x16":  readLines(b, filepath.Join("testdata", "16x16.txt"), false)[0],
	}
	for _, name := range []string{"lc37", "expert", "16x16"} {
		for _, kind := range []string{"hint", "rate", "explain"} {
			req, _ := h.Match("!"+kind+" "+puzzles[name], botID)
			b.Run(name+"/"+kind, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					h.Handle(context.Background(), req)
				}
			})
		}
	}
}

// TestHintUnits: the units a hint's pictures tint, for each technique the
// samples reach: a single's or a set's unit, both units of an intersection,
// the base lines of a fish and the strong links of a Turbot Fish (the
// places 0 and 2 of their units), none for a wing; and none for more than
// maxTinted units.
func TestHintUnits(t *testing.T) {
	grids := hintGrids(t)
	places := map[logic.Technique][]int{
		logic.FullHouse:    {0},
		logic.HiddenSingle: {0},
		logic.NakedPair:    {0},
		logic.HiddenPair:   {0},
		logic.Pointing:     {0, 1},
		logic.Claiming:     {0, 1},
		logic.XWing:        {0, 2},
		logic.TurbotFish:   {0, 2},
		logic.NakedSingle:  nil,
		logic.XYWing:       nil,
	}
	for tech, at := range places {
		g, ok := grids[tech]
		if !ok {
			t.Errorf("no %v on the samples' paths", tech)
			continue
		}
		lg, _ := logic.New(g)
		step, err := logic.Next(context.Background(), lg)
		if err != nil {
			t.Fatal(err)
		}
		var want []sudoku.Unit
		for _, i := range at {
			want = append(want, step.Units[i])
		}
		if got := hintUnits(step); !slices.Equal(got, want) {
			t.Errorf("%v (units %v): tints %v, want %v", tech, step.Units, got, want)
		}
	}
	row := func(k int) sudoku.Unit { return sudoku.Unit{Kind: sudoku.Row, Number: k} }
	col := func(k int) sudoku.Unit { return sudoku.Unit{Kind: sudoku.Column, Number: k} }
	jelly := logic.Step{Technique: logic.Jellyfish, Units: []sudoku.Unit{row(1), col(1), row(3), col(4), row(5), col(6), row(8), col(9)}}
	if got, want := hintUnits(jelly), []sudoku.Unit{row(1), row(3), row(5), row(8)}; !slices.Equal(got, want) {
		t.Errorf("Jellyfish: tints %v, want its base rows %v", got, want)
	}
	many := logic.Step{Technique: logic.BUG, Units: []sudoku.Unit{row(1), row(2), row(3), row(4), row(5)}}
	if got := hintUnits(many); got != nil {
		t.Errorf("five units: tints %v, want none", got)
	}
}

// TestHintPicturesShadeTheUnit: the hint the audit found, a Hidden Single in
// box 2 of a sample: both pictures tint box 2 around the pattern, in both
// themes, and leave the rest of the grid plain.
func TestHintPicturesShadeTheUnit(t *testing.T) {
	g := hintGrids(t)[logic.HiddenSingle]
	lg, _ := logic.New(g)
	step, err := logic.Next(context.Background(), lg)
	if err != nil {
		t.Fatal(err)
	}
	box2 := sudoku.Unit{Kind: sudoku.Box, Number: 2}
	if !slices.Equal(step.Units, []sudoku.Unit{box2}) || len(step.Placements) != 1 {
		t.Fatalf("the samples' first Hidden Single is now %v in %v: pick the cells again", step, step.Units)
	}
	placed := step.Placements[0].Cell
	// r2c4: in box 2, off the pattern (the placement's cell); r5c5:
	// outside box 2.
	inBox, outside := sudoku.Cell{Row: 1, Col: 3}, sudoku.Cell{Row: 4, Col: 4}
	if slices.Contains(step.Cells, inBox) || slices.Contains(step.Cells, outside) {
		t.Fatalf("%v or %v is in the pattern %v: pick the cells again", inBox, outside, step.Cells)
	}
	for _, theme := range picture.Themes {
		h := New(Config{Pictures: PicturesAlways, SolveTimeout: 10 * time.Second, Theme: theme})
		rep := ask(t, h, "hint", g)
		if !strings.Contains(rep.Text, "box 2") {
			t.Fatalf("the hint does not name box 2:\n%s", rep.Text)
		}
		pal := theme.Palette()
		for _, name := range []string{"hint.png", spoilerName("hint.png")} {
			img := decode(t, file(t, rep, name))
			cells := cellRects(t, img, pal, 9)
			at := func(c sudoku.Cell) color.RGBA { r := cells[c.Row*9+c.Col]; return img.At(r.Min.X+1, r.Min.Y+1) }
			if got := at(inBox); got != pal.Unit {
				t.Errorf("%v %s: %v in box 2 is %v, want the unit tint %v", theme, name, inBox, got, pal.Unit)
			}
			if got := at(outside); got != pal.Background {
				t.Errorf("%v %s: %v outside box 2 is %v, want the background %v", theme, name, outside, got, pal.Background)
			}
			// The placement's cell: shaded as the pattern behind the
			// spoiler, tinted with its box in the first picture (which does
			// not point at it).
			want := pal.Unit
			if name != "hint.png" {
				want = pal.Pattern
			}
			if got := at(placed); got != want {
				t.Errorf("%v %s: %v is %v, want %v", theme, name, placed, got, want)
			}
		}
	}
}
