package parser_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/shareddata"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
)

// Sparse puzzles (17 givens) written in fixed-width rows, a space for an
// empty cell, leave whole rows and columns empty: a row with no given is a
// blank line once its spaces are trimmed (Discord trims them), and one at
// the start or end leaves no line at all.

// sparseLayouts write the rows of a grid (empty cells as spaces) as a
// message after the command; trim tells whether they trim trailing spaces.
var sparseLayouts = []struct {
	name string
	trim bool
	fn   func(rows []string) string
}{
	{"trimmed", true, func(r []string) string { return "\n" + strings.Join(r, "\n") }},
	{"in a code block", true, func(r []string) string { return "\n```\n" + strings.Join(r, "\n") + "\n```" }},
	{"between words", true, func(r []string) string { return " my puzzle:\n" + strings.Join(r, "\n") + "\n\nthanks!" }},
	{"quoted", true, func(r []string) string { return "\n> " + strings.Join(r, "\n> ") }},
	{"spaces kept", false, func(r []string) string { return "\n" + strings.Join(r, "\n") }},
}

// fixedRows writes a 9×9 puzzle (one line, . for empty) as rows of one
// character per cell, a space for an empty cell.
func fixedRows(p string, trim bool) []string {
	var rows []string
	for r := 0; r < 9; r++ {
		row := strings.ReplaceAll(p[r*9:r*9+9], ".", " ")
		if trim {
			row = strings.TrimRight(row, " ")
		}
		rows = append(rows, row)
	}
	return rows
}

// sparseExpect says what a person can read in puzzle p written in fixed
// width: refused when an empty first or last row was trimmed away (nothing
// shows it was there) or when no two givens stand side by side (a space
// may then separate cells as well as stand for one); otherwise the grid,
// with a note naming each blank line read as an empty row.
func sparseExpect(p string, trim bool) (read bool, blankRows []int) {
	adjacent := false
	for r := 0; r < 9; r++ {
		row := p[r*9 : r*9+9]
		if row == "........." {
			if trim && (r == 0 || r == 8) {
				return false, nil
			}
			if trim {
				blankRows = append(blankRows, r+1)
			}
		}
		for c := 1; c < 9; c++ {
			adjacent = adjacent || row[c] != '.' && row[c-1] != '.'
		}
	}
	return adjacent, blankRows
}

func loadSparse(t *testing.T) [][2]string {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sparse_17clue.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := sc.Text(); l != "" && !strings.HasPrefix(l, "#") {
			num, p, _ := strings.Cut(l, "\t")
			out = append(out, [2]string{num, p})
		}
	}
	if len(out) < 20 {
		t.Fatalf("only %d samples", len(out))
	}
	return out
}

// TestSparseFixedWidth: 17-clue puzzles in fixed-width rows, in every
// layout, are read exactly (an empty row in the middle from its blank
// line, with a note naming it), or refused where a person could not tell
// either; never read as another grid (two of them, their last row and
// column empty and no 9 among them, once read as 8×8 grids).
func TestSparseFixedWidth(t *testing.T) {
	for _, s := range loadSparse(t) {
		num, p := s[0], s[1]
		for _, lay := range sparseLayouts {
			t.Run(num+"/"+lay.name, func(t *testing.T) {
				rows := fixedRows(p, lay.trim)
				text := lay.fn(rows)
				read, blanks := sparseExpect(p, lay.trim)
				got, err := parser.Read(text)
				if err == nil && testgrids.Line(got.Grid) != p {
					t.Fatalf("misread\nread %s\nwant %s\nfrom %q", testgrids.Line(got.Grid), p, text)
				}
				if lay.name == "in a code block" && err == nil {
					return // a code block keeps an empty first or last row as a blank line in it
				}
				if !read {
					if err == nil {
						t.Fatalf("read %s, want a refusal\nfrom %q", p, text)
					}
					var perr *parser.Error
					if !errors.As(err, &perr) || !strings.Contains(err.Error(), ". or 0") {
						t.Errorf("error %v: want a *parser.Error saying to write . or 0", err)
					}
					return
				}
				if err != nil {
					t.Fatalf("%v\nfrom %q", err, text)
				}
				if len(blanks) == 0 {
					return
				}
				var lines, at []string
				for _, r := range blanks {
					line := r + 1 // after the command's line
					if lay.name == "in a code block" {
						line++
					}
					lines = append(lines, fmt.Sprint(line))
					at = append(at, fmt.Sprint(r))
				}
				want := fmt.Sprintf("I read the blank line %s as row %s, empty", lines[0], at[0])
				if len(blanks) > 1 {
					want = fmt.Sprintf("I read the blank lines %s as rows %s, empty",
						strings.Join(lines[:len(lines)-1], ", ")+" and "+lines[len(lines)-1], strings.Join(at[:len(at)-1], ", ")+" and "+at[len(at)-1])
				}
				if !strings.Contains(strings.Join(got.Notes, " "), want) {
					t.Errorf("notes %q do not say %q", got.Notes, want)
				}
			})
		}
	}
}

// TestSparseRefusals: the messages of the fixed-width layouts that cannot
// be told apart name the readings that clash.
func TestSparseRefusals(t *testing.T) {
	lost := "\n" + strings.Join(fixedRows(".....1.3..25.......4.......1.3....6....42.3.....7........28.4..6..5..............", true), "\n")
	// the last column emptied, every row after a space: an empty first
	// column, or a grid indented by a space
	colOne := "\n " + strings.Join(fixedRows(".......1..4..5.........9....7.6..4.....1............5.....875..6.1...3..2........", true), "\n ")
	bands := func(rows []string) string {
		return "\n" + strings.Join(rows[:3], "\n") + "\n\n" + strings.Join(rows[3:6], "\n") + "\n\n" + strings.Join(rows[6:], "\n")
	}
	// rows 8 and 9 empty: 7 rows and two blank lines between bands, or 9
	// rows whose 4th and 8th are empty
	twoLost := bands(fixedRows(".......1214..5.........9....7.6..4.....1............5.....875.....................", true))
	twoLost = strings.TrimRight(twoLost, "\n")
	full := fixedRows(".......12.4..5.........9....7.6..4.....1............5.....875..6.1...3..2........", true)
	oneGap := "\n" + strings.Join(full[:3], "\n") + "\n\n" + strings.Join(full[3:], "\n") // a blank line after band 1 only
	tests := []struct {
		name, text string
		want       error
		says       string
	}{
		{"8 rows, last row and column empty", lost, parser.ErrAmbiguous, "these 8 rows can be an 8×8 grid, or a 9×9 grid whose first or last row is empty"},
		{"8 rows, in a code block ending with a blank line", "\n```" + lost + "\n\n```", parser.ErrAmbiguous, "first or last row is empty"},
		{"first column empty in every row", colOne, parser.ErrAlign, "every row starts with a space: the grid's first column is empty, or the grid is indented by a space"},
		{"blank lines between bands, last rows lost", twoLost, parser.ErrAmbiguous, "lines 5 and 9 are blank where lines between bands of boxes would stand"},
		{"one blank line between bands", oneGap, parser.ErrAmbiguous, "line 5 is blank between rows 3 and 4, and no other blank line stands between bands of boxes"},
		{"last row lost", "\n" + strings.Join(fixedRows(".......12..36..........7...41..2.......5..3..7.....6..28.....4....3..5...........", true), "\n"), parser.ErrCellCount, "an empty row at the start or end whose spaces were trimmed leaves no line"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := parser.Read(tt.text)
			if err == nil {
				t.Fatalf("read %s, want a refusal\nfrom %q", testgrids.Line(p.Grid), tt.text)
			}
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %q, want %v saying %q", err, tt.want, tt.says)
			}
		})
	}
}

// TestSparseShared runs the fixed-width layouts over the shared puzzle
// sets (skipped without them): no puzzle is misread, and every one
// sparseExpect reads (save the few where 8 rows of no more than 8 columns
// and values up to 8 make an 8×8 grid with a line beside it) is read.
func TestSparseShared(t *testing.T) {
	for _, set := range []struct {
		file string
		n    int
	}{{"17clue.txt", 2000}, {"top95.txt", 95}, {"forum_hardest_1905_11plus.txt", 500}, {"hardest.txt", 11}, {"16x16.txt", 99}} {
		f, err := os.Open(shareddata.Require(t, set.file))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		total, refused, unread := 0, 0, 0
		for sc.Scan() && total < set.n {
			p := strings.TrimSpace(sc.Text())
			size := 9
			if len(p) == 256 {
				size = 16
			}
			total++
			for _, lay := range sparseLayouts {
				var rows []string
				for r := 0; r < size; r++ {
					row := strings.ReplaceAll(p[r*size:r*size+size], ".", " ")
					if lay.trim {
						row = strings.TrimRight(row, " ")
					}
					rows = append(rows, row)
				}
				text := lay.fn(rows)
				got, err := parser.Read(text)
				if err != nil {
					refused++
					if read, _ := sparseExpect(p, lay.trim); size == 9 && read && lay.name != "in a code block" {
						unread++
					}
					continue
				}
				if testgrids.Line(got.Grid) != p {
					t.Errorf("%s: misread\nread %s\nwant %s\nfrom %q", set.file, testgrids.Line(got.Grid), p, text)
				}
			}
		}
		f.Close()
		t.Logf("%s: %d puzzles in %d layouts: %d refused, %d of them readable", set.file, total, len(sparseLayouts), refused, unread)
		if unread*200 > total*len(sparseLayouts) {
			t.Errorf("%s: %d readable layouts refused, more than 1 in 200", set.file, unread)
		}
	}
}

// innerBarRows writes a 9×9 puzzle as a board with vertical lines only
// between its boxes, cells two characters apart and a space for an empty
// cell (4     |       | 8   5), with or without the trailing spaces and
// the rules between bands.
func innerBarRows(p string, trim, rules bool) []string {
	var rows []string
	for r := 0; r < 9; r++ {
		if rules && r > 0 && r%3 == 0 {
			rows = append(rows, "------+-------+------")
		}
		var cells []string
		for c := 0; c < 9; c++ {
			cells = append(cells, strings.ReplaceAll(p[r*9+c:r*9+c+1], ".", " "))
		}
		row := strings.Join(cells[:3], " ") + " | " + strings.Join(cells[3:6], " ") + " | " + strings.Join(cells[6:], " ")
		if trim {
			row = strings.TrimRight(row, " ")
		}
		rows = append(rows, row)
	}
	return rows
}

// TestSparseInnerBars: a board with lines between its boxes and none
// around them fixes every column as a framed one does (the first box ends
// a space before its line), so every 17-clue puzzle is read exactly.
func TestSparseInnerBars(t *testing.T) {
	for _, s := range loadSparse(t) {
		num, p := s[0], s[1]
		for _, trim := range []bool{false, true} {
			for _, rules := range []bool{false, true} {
				for _, lay := range sparseLayouts {
					text := lay.fn(innerBarRows(p, trim, rules))
					got, err := parser.Read(text)
					if err != nil {
						t.Errorf("%s/%s trim=%v rules=%v: %v\nfrom %q", num, lay.name, trim, rules, err, text)
						continue
					}
					if testgrids.Line(got.Grid) != p {
						t.Errorf("%s/%s: misread\nread %s\nwant %s\nfrom %q", num, lay.name, testgrids.Line(got.Grid), p, text)
					}
				}
			}
		}
	}
}

// TestSparseFields: 17-clue puzzles as spreadsheet rows (tabs or commas)
// with their empty fields at the end trimmed, as a spreadsheet or an
// editor writes them: a row with a value in its first column only has no
// separator left, and an empty row is a blank line. They are read exactly,
// the blank lines named in a note, unless an empty first or last row left
// no line (or two empty rows stand together): then refused, saying that a
// row at the start or end may have been trimmed, or unless the rows
// without the blank line make an 8×8 grid (refused, naming the line).
func TestSparseFields(t *testing.T) {
	for _, s := range loadSparse(t) {
		num, p := s[0], s[1]
		for _, sep := range []string{",", "\t"} {
			var rows []string
			var blanks []int
			lost, together := false, false
			for r := 0; r < 9; r++ {
				row := strings.TrimRight(strings.Join(strings.Split(strings.ReplaceAll(p[r*9:r*9+9], ".", " "), ""), sep), sep+" ")
				row = strings.ReplaceAll(row, " ", "")
				if row == "" {
					lost = lost || r == 0 || r == 8
					together = together || r > 0 && rows[r-1] == ""
					blanks = append(blanks, r+1)
				}
				rows = append(rows, row)
			}
			// 8 rows no wider, a blank line among them: an 8×8 grid with a
			// gap, or a 9×9 one whose empty row and last column were trimmed
			eight := len(blanks) == 1 && !lost && strings.Trim(p[8:9]+p[17:18]+p[26:27]+p[35:36]+p[44:45]+p[53:54]+p[62:63]+p[71:72]+p[80:81], ".") == ""
			for _, lay := range sparseLayouts {
				if !lay.trim || lay.name == "quoted" {
					continue
				}
				name := fmt.Sprintf("%s/%q/%s", num, sep, lay.name)
				text := lay.fn(rows)
				got, err := parser.Read(text)
				if err == nil && testgrids.Line(got.Grid) != p {
					t.Fatalf("%s: misread\nread %s\nwant %s\nfrom %q", name, testgrids.Line(got.Grid), p, text)
				}
				if eight {
					if err == nil || !strings.Contains(err.Error(), "is blank between rows") {
						t.Errorf("%s: %v, want a refusal naming the blank line\nfrom %q", name, err, text)
					}
					continue
				}
				if lost || together {
					if lay.name == "in a code block" && err == nil {
						continue
					}
					if err == nil {
						t.Errorf("%s: read, want a refusal\nfrom %q", name, text)
					} else if lost && !strings.Contains(err.Error(), "empty fields were trimmed") {
						t.Errorf("%s: error %q does not say that an empty first or last row was trimmed\nfrom %q", name, err, text)
					}
					continue
				}
				if err != nil {
					t.Errorf("%s: %v\nfrom %q", name, err, text)
					continue
				}
				if len(blanks) > 0 {
					first := blanks[0] + 1 // after the command's line
					if lay.name == "in a code block" {
						first++
					}
					want := fmt.Sprintf("I read the blank line %d as row %d, empty (its %s trimmed away)", first, blanks[0], map[string]string{",": "commas", "\t": "tabs"}[sep])
					if len(blanks) > 1 {
						want = "I read the blank lines "
					}
					if !strings.Contains(strings.Join(got.Notes, " "), want) {
						t.Errorf("%s: notes %q do not say %q", name, got.Notes, want)
					}
				}
			}
		}
	}
}

// TestSparseSpaced: 17-clue puzzles with their cells two characters apart
// (5 3     7), a space for an empty cell, in every layout: read exactly
// unless an empty first or last row was trimmed away; then refused, the
// message naming a line whose single spaces show the doubt, not a line
// of one digit.
func TestSparseSpaced(t *testing.T) {
	for _, s := range loadSparse(t) {
		num, p := s[0], s[1]
		lost := strings.Trim(p[:9], ".") == "" || strings.Trim(p[72:], ".") == ""
		for _, lay := range sparseLayouts {
			var rows []string
			for r := 0; r < 9; r++ {
				row := strings.Join(strings.Split(strings.ReplaceAll(p[r*9:r*9+9], ".", " "), ""), " ")
				if lay.trim {
					row = strings.TrimRight(row, " ")
				}
				rows = append(rows, row)
			}
			text := lay.fn(rows)
			got, err := parser.Read(text)
			if err == nil {
				if testgrids.Line(got.Grid) != p {
					t.Errorf("%s/%s: misread\nread %s\nwant %s\nfrom %q", num, lay.name, testgrids.Line(got.Grid), p, text)
				}
				if lost && lay.trim && lay.name != "in a code block" {
					t.Errorf("%s/%s: read, want a refusal\nfrom %q", num, lay.name, text)
				}
				continue
			}
			if !lost || !lay.trim {
				t.Errorf("%s/%s: %v\nfrom %q", num, lay.name, err, text)
				continue
			}
			var perr *parser.Error
			if !errors.As(err, &perr) || strings.Contains(err.Error(), "evenly spaced") {
				t.Errorf("%s/%s: error %q, want one naming the doubt", num, lay.name, err)
				continue
			}
			if strings.Contains(err.Error(), "single spaces") {
				lines := strings.Split(text, "\n")
				at := []rune(lines[perr.Line-1])
				if c := perr.Col; c < 2 || c >= len(at) || at[c-1] != ' ' || at[c-2] == ' ' || at[c] == ' ' {
					t.Errorf("%s/%s: error %q points at %q, column %d: no single space between cells there", num, lay.name, err, at, c)
				}
			}
		}
	}
}
