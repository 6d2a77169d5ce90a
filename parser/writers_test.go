package parser_test

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// This file writes grids the way other programs and people write them, so
// that the family tests can try every family on several puzzles. Each
// writer follows the program named in its comment; none uses package
// parser. Grids come in the one-line form: . for empty, 1-9, then A-P.

const symbols = ".123456789ABCDEFGHIJKLMNOP"

// sample is a puzzle and its solution, from testdata/samples.csv.
type sample struct{ name, puzzle, solution string }

// samples reads testdata/samples.csv (see testdata/README.md).
func samples(tb testing.TB) map[string]sample {
	tb.Helper()
	f, err := os.Open("testdata/samples.csv")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	out := make(map[string]sample)
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), ",")
		if len(parts) != 3 || len(parts[1]) != len(parts[2]) {
			tb.Fatalf("testdata/samples.csv: bad line %q", sc.Text())
		}
		out[parts[0]] = sample{parts[0], parts[1], parts[2]}
	}
	return out
}

// shapeOf returns the shape of a one-line grid.
func shapeOf(line string) sudoku.Shape {
	sh, ok := sudoku.ShapeForCells(len(line))
	if !ok {
		panic("no shape has " + fmt.Sprint(len(line)) + " cells")
	}
	return sh
}

// gridRows splits a one-line grid into its rows.
func gridRows(line string) []string {
	n := shapeOf(line).Size()
	out := make([]string, n)
	for i := range out {
		out[i] = line[i*n : i*n+n]
	}
	return out
}

// value returns the value of a one-line symbol: 0 for empty.
func value(c byte) int { return strings.IndexByte(symbols, c) }

// blanks replaces the empty cells of line with b.
func blanks(line string, b string) string { return strings.ReplaceAll(line, ".", b) }

// board draws a grid with boxes apart: each cell written by cell, cells of a
// box joined by in, boxes by bar, lines framed by left and right, and a rule
// line (rule(widths of the boxes)) above, between and below the bands when
// top, mid and bottom say so.
type board struct {
	cell                 func(c byte) string
	in, bar, left, right string
	top, mid, bottom     func(widths []int) string
	boxes                sudoku.Shape // the boxes drawn, when not the grid's own
}

func (b board) draw(line string) string {
	sh := shapeOf(line)
	if b.boxes.Size() != 0 {
		sh = b.boxes
	}
	var out []string
	var widths []int
	rows := gridRows(line)
	for r, row := range rows {
		var boxes []string
		for c := 0; c < len(row); c += sh.BoxCols {
			var cs []string
			for _, ch := range []byte(row[c : c+sh.BoxCols]) {
				cs = append(cs, b.cell(ch))
			}
			boxes = append(boxes, strings.Join(cs, b.in))
		}
		if widths == nil {
			for _, bx := range boxes {
				widths = append(widths, len([]rune(bx)))
			}
		}
		if r == 0 && b.top != nil {
			out = append(out, b.top(widths))
		}
		if r > 0 && r%sh.BoxRows == 0 && b.mid != nil {
			out = append(out, b.mid(widths))
		}
		out = append(out, b.left+strings.Join(boxes, b.bar)+b.right)
	}
	if b.bottom != nil {
		out = append(out, b.bottom(widths))
	}
	return strings.Join(out, "\n")
}

// rule returns a rule line: dashes as wide as each box plus pad, joined by
// cross, between left and right.
func rule(left, dash, cross, right string, pad int) func([]int) string {
	return func(widths []int) string {
		var parts []string
		for _, w := range widths {
			parts = append(parts, strings.Repeat(dash, w+pad))
		}
		return left + strings.Join(parts, cross) + right
	}
}

func plain(blank string) func(c byte) string {
	return func(c byte) string {
		if c == '.' {
			return blank
		}
		return string(c)
	}
}

// simpleSudoku is Simple Sudoku 4.2n's copy of a puzzle (9×9), with its
// footer.
func simpleSudoku(line, footer string) string {
	b := board{cell: plain("."), bar: "|", left: " |", right: "|",
		top: rule(" *", "-", "-", "*", 0), mid: rule(" |", "-", "+", "|", 0), bottom: rule(" *", "-", "-", "*", 0)}
	return b.draw(line) + footer
}

// sadmanGrid is SadMan Sudoku's grid with lines: +---+ and |.23|.
func sadmanGrid(line string) string {
	r := rule("+", "-", "+", "+", 0)
	return board{cell: plain("."), bar: "|", left: "|", right: "|", top: r, mid: r, bottom: r}.draw(line)
}

// sukaku is SukakuExplainer's saveToWriter: +-------+ bands and | 5 3 . |.
func sukaku(line, nl string) string {
	r := rule("+", "-", "+", "+", 2)
	b := board{cell: plain("."), in: " ", bar: " | ", left: "| ", right: " |", top: r, mid: r, bottom: r}
	return strings.ReplaceAll(b.draw(line), "\n", nl) + nl
}

// norvig is Peter Norvig's display(): cells of width 2, | between boxes,
// ------+------ rules.
func norvig(line string) string {
	b := board{cell: func(c byte) string { return plain(".")(c) + " " }, bar: "|",
		mid: rule("", "-", "+", "", 0)}
	return b.draw(line)
}

// qqwing is qqwing's READABLE print: " 5 3 . | . 7 . | . . ." and
// -------|-------|------- rules.
func qqwing(line string) string {
	b := board{cell: plain("."), in: " ", bar: " | ", left: " ",
		mid: rule("", "-", "|", "", 2)}
	return b.draw(line)
}

// pySudoku is py-sudoku's show(): +-------+ lines, cells of
// len(str(size)) characters zero-padded, spaces for empty cells.
func pySudoku(line string) string { return pySudokuBoxes(line, shapeOf(line)) }

// pySudokuBoxes is py-sudoku's show() of a grid with boxes of shape boxes,
// such as Sudoku(2, 3): a 6×6 grid in boxes of 3 rows and 2 columns.
func pySudokuBoxes(line string, boxes sudoku.Shape) string {
	n := shapeOf(line).Size()
	w := len(fmt.Sprint(n))
	cell := func(c byte) string {
		if c == '.' {
			return strings.Repeat(" ", w)
		}
		return fmt.Sprintf("%0*d", w, value(c))
	}
	r := rule("+", "-", "+", "+", 2)
	b := board{cell: cell, in: " ", bar: " | ", left: "| ", right: " |", top: r, mid: r, bottom: r, boxes: boxes}
	return b.draw(line)
}

// pySudokuHeader is py-sudoku's print(puzzle): a header, then show().
func pySudokuHeader(line, difficulty string) string {
	sh := shapeOf(line)
	return fmt.Sprintf("\n---------------------------\n%dx%d (%dx%d) SUDOKU PUZZLE\nDifficulty: %s\n---------------------------\n%s\n        ",
		sh.Size(), sh.Size(), sh.BoxCols, sh.BoxRows, difficulty, pySudoku(line))
}

// boxDrawing draws a board with box-drawing characters of a style: light
// (┌─┬┐│├┼┤└┴┘), heavy or double.
func boxDrawing(line, style, blank string) string {
	ch := map[string][]string{
		"light":  {"┌", "─", "┬", "┐", "│", "├", "┼", "┤", "└", "┴", "┘"},
		"heavy":  {"┏", "━", "┳", "┓", "┃", "┣", "╋", "┫", "┗", "┻", "┛"},
		"double": {"╔", "═", "╦", "╗", "║", "╠", "╬", "╣", "╚", "╩", "╝"},
	}[style]
	b := board{cell: plain(blank), in: " ", bar: " " + ch[4] + " ", left: ch[4] + " ", right: " " + ch[4],
		top: rule(ch[0], ch[1], ch[2], ch[3], 2), mid: rule(ch[5], ch[1], ch[6], ch[7], 2), bottom: rule(ch[8], ch[1], ch[9], ch[10], 2)}
	return b.draw(line)
}

// markdown writes a Markdown table, one cell per column, with a header row
// of header (each cell) and an alignment row of align.
func markdown(line, header, align string) string {
	rows := gridRows(line)
	n := len(rows)
	var out []string
	out = append(out, "|"+strings.Repeat(" "+header+" |", n))
	out = append(out, "|"+strings.Repeat(align+"|", n))
	for _, r := range rows {
		var cs []string
		for _, c := range []byte(r) {
			cs = append(cs, " "+plain(" ")(c)+" ")
		}
		out = append(out, "|"+strings.Join(cs, "|")+"|")
	}
	return strings.Join(out, "\n")
}

// separated writes each row with its cells joined by sep (empty cells as
// blank), rows joined by nl; trim drops what trailing separators and spaces
// an editor or Discord would drop.
func separated(line, sep, blank, nl string, trim bool) string {
	var out []string
	for _, r := range gridRows(line) {
		var cs []string
		for _, c := range []byte(r) {
			if c == '.' {
				cs = append(cs, blank)
			} else {
				cs = append(cs, fmt.Sprint(value(c)))
			}
		}
		row := strings.Join(cs, sep)
		if trim {
			row = strings.TrimRight(row, " \t")
		}
		out = append(out, row)
	}
	return strings.Join(out, nl)
}

// typed writes rows as a person types them, a space for each empty cell.
func typed(line string, trim bool) string {
	var out []string
	for _, r := range gridRows(line) {
		r = strings.ReplaceAll(r, ".", " ")
		if trim {
			r = strings.TrimRight(r, " ")
		}
		out = append(out, r)
	}
	return strings.Join(out, "\n")
}

// emoji writes a grid of keycap digits, regional indicator letters (🇦 for
// A) and blank squares, as Discord users do (vs: the variation selector
// U+FE0F after the digit, as Discord sends it, or not).
func emoji(line, blank string, vs bool, sep string) string {
	var out []string
	for _, r := range gridRows(line) {
		var cs []string
		for _, c := range []byte(r) {
			switch {
			case c == '.':
				cs = append(cs, blank)
			case c >= 'A':
				cs = append(cs, string(rune(0x1F1E6+int(c-'A')))) // regional indicator letter
			case vs:
				cs = append(cs, string(c)+"\uFE0F\u20E3")
			default:
				cs = append(cs, string(c)+"\u20E3")
			}
		}
		out = append(out, strings.Join(cs, sep))
	}
	return strings.Join(out, "\n")
}

// lists writes rows as lists: open, cells quoted by q (empty cells as
// blank) and joined by sep, close; rows joined by rowSep.
func lists(line, q, blank, sep, rowSep, open, close string) string {
	var out []string
	for _, r := range gridRows(line) {
		var cs []string
		for _, c := range []byte(r) {
			if c == '.' {
				cs = append(cs, blank)
			} else {
				cs = append(cs, q+fmt.Sprint(value(c))+q)
			}
		}
		out = append(out, open+strings.Join(cs, sep)+close)
	}
	return open + strings.Join(out, rowSep) + close
}

// jsonIndent writes a board as json.dumps(board, indent=2) does: every
// value on a line of its own.
func jsonIndent(line string) string {
	var out []string
	out = append(out, "[")
	rows := gridRows(line)
	for i, r := range rows {
		out = append(out, "  [")
		for j, c := range []byte(r) {
			v := `"."`
			if c != '.' {
				v = fmt.Sprintf("%q", fmt.Sprint(value(c)))
			}
			if j < len(r)-1 {
				v += ","
			}
			out = append(out, "    "+v)
		}
		if i < len(rows)-1 {
			out = append(out, "  ],")
		} else {
			out = append(out, "  ]")
		}
	}
	out = append(out, "]")
	return strings.Join(out, "\n")
}

// candidates returns, for each cell of a 9×9 (or smaller) puzzle, the
// digits its row, column and box leave it, and the puzzle with every cell
// that has one candidate left placed: what a pencil-mark grid shows.
func candidates(line string) ([]uint32, string) {
	sh := shapeOf(line)
	n := sh.Size()
	masks := make([]uint32, n*n)
	out := []byte(line)
	for i := range masks {
		if v := value(line[i]); v > 0 {
			masks[i] = 1 << (v - 1)
			continue
		}
		m := uint32(1)<<n - 1
		r, c := i/n, i%n
		for j := 0; j < n*n; j++ {
			rj, cj := j/n, j%n
			same := rj == r || cj == c || rj/sh.BoxRows == r/sh.BoxRows && cj/sh.BoxCols == c/sh.BoxCols
			if v := value(line[j]); same && v > 0 {
				m &^= 1 << (v - 1)
			}
		}
		masks[i] = m
		if m&(m-1) == 0 {
			for v := 1; v <= n; v++ {
				if m == 1<<(v-1) {
					out[i] = symbols[v]
				}
			}
		}
	}
	return masks, string(out)
}

func maskString(m uint32) string {
	var b strings.Builder
	for d := 1; d <= 25; d++ {
		if m&(1<<(d-1)) != 0 {
			b.WriteString(fmt.Sprint(d))
		}
	}
	if b.Len() == 0 {
		return "."
	}
	return b.String()
}

// pencilMarks draws candidates as HoDoKu's PM grid (hodoku: .---. frames,
// :---+---: between bands) or Simple Sudoku's candidate grid (*---* frame),
// each column as wide as its widest cell plus two.
func pencilMarks(masks []uint32, style, nl string) string {
	n := 9
	widths := make([]int, n)
	for i, m := range masks {
		widths[i%n] = max(widths[i%n], len(maskString(m)))
	}
	bandWidth := func(b int) int {
		w := 0
		for c := b * 3; c < b*3+3; c++ {
			w += widths[c] + 2
		}
		return w
	}
	frame := func(l, mid, r string, dash string) string {
		return l + strings.Repeat(dash, bandWidth(0)) + mid + strings.Repeat(dash, bandWidth(1)) + mid + strings.Repeat(dash, bandWidth(2)) + r
	}
	var out []string
	top, between, bottom := frame(".", ".", ".", "-"), frame(":", "+", ":", "-"), frame("'", "'", "'", "-")
	if style == "simple" {
		top = "*" + strings.Repeat("-", bandWidth(0)+bandWidth(1)+bandWidth(2)+2) + "*"
		between, bottom = frame("|", "+", "|", "-"), top
	}
	out = append(out, top)
	for r := 0; r < n; r++ {
		if r == 3 || r == 6 {
			out = append(out, between)
		}
		var b strings.Builder
		for c := 0; c < n; c++ {
			if c%3 == 0 {
				b.WriteString("| ")
			} else {
				b.WriteString(" ")
			}
			s := maskString(masks[r*n+c])
			b.WriteString(s + strings.Repeat(" ", widths[c]+1-len(s)))
		}
		b.WriteString("|")
		out = append(out, b.String())
	}
	out = append(out, bottom)
	return strings.Join(out, nl) + nl
}

// zeroBased writes a 16×16 one-line grid in the 0–F convention.
func zeroBased(line, blank string) string {
	var b strings.Builder
	for _, c := range []byte(line) {
		if c == '.' {
			b.WriteString(blank)
		} else {
			b.WriteByte("0123456789ABCDEF"[value(c)-1])
		}
	}
	return b.String()
}
