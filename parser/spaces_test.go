package parser_test

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
)

// collapse does to text what a web page, or a chat outside a code block,
// does to it: every run of spaces shown as one, and none at the ends of
// lines.
func collapse(text string) string {
	ls := strings.Split(text, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSpace(regexp.MustCompile(` +`).ReplaceAllString(l, " "))
	}
	return strings.Join(ls, "\n")
}

// sampleNames returns the names of samples.csv in a fixed order.
func sampleNames(s map[string]sample) []string {
	var names []string
	for name := range s {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// TestCollapsedSpaces: a grid whose empty cells were spaces, with its runs
// of spaces collapsed to one, is refused with a message that says the
// spaces look collapsed and how to send the grid; never read, and never
// answered with a bare count of cells.
func TestCollapsedSpaces(t *testing.T) {
	type tc struct{ name, text string }
	cases := []tc{
		// The LeetCode 37 puzzle copied from a page (issue 8's audit).
		{"LeetCode, as pasted", "\n53 7\n6 195\n98 6\n8 6 3\n4 8 3 1\n7 2 6\n6 28\n419 5\n8 79"},
		{"LeetCode, on the command's line", " 53 7\n6 195\n98 6\n8 6 3\n4 8 3 1\n7 2 6\n6 28\n419 5\n8 79"},
		{"LeetCode, CRLF", "\r\n53 7\r\n6 195\r\n98 6\r\n8 6 3\r\n4 8 3 1\r\n7 2 6\r\n6 28\r\n419 5\r\n8 79\r\n"},
	}
	s := samples(t)
	for _, name := range sampleNames(s) {
		p := s[name].puzzle
		if !strings.ContainsAny(collapse(typed(p, false)), " ") {
			// made_4x4_b collapses to one digit per row: four digits on
			// four lines, which say nothing of spaces.
			continue
		}
		cases = append(cases,
			tc{name + ", typed", "\n" + collapse(typed(p, false))},
			tc{name + ", spaced", "\n" + collapse(separated(p, " ", " ", "\n", false))},
			tc{name + ", typed, with a title", "\nFrom the paper:\n" + collapse(typed(p, true)) + "\nthanks!"},
		)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := parser.Read(c.text)
			if err == nil {
				t.Fatalf("read %s, want a refusal\nfrom\n%s", testgrids.Line(p.Grid), c.text)
			}
			if !errors.Is(err, parser.ErrAmbiguous) {
				t.Errorf("error %v, want ErrAmbiguous", err)
			}
			for _, want := range []string{"collapsed", "cannot tell where the cells are", "as . or 0", "code block"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
			var perr *parser.Error
			if !errors.As(err, &perr) || perr.Line == 0 {
				t.Errorf("error %v names no line", err)
			}
		})
	}
}

// shortenRuns shortens by two every run of five spaces or more between
// two cells of the rows of text numbered in rows (from 0): runs of spaces
// lost in part, as typing by hand or copying may lose them.
func shortenRuns(text string, rows ...int) string {
	ls := strings.Split(text, "\n")
	run := regexp.MustCompile(`(\S)     +(\S)`)
	for _, i := range rows {
		ls[i] = run.ReplaceAllStringFunc(ls[i], func(m string) string { return m[:len(m)-3] + m[len(m)-1:] })
	}
	return strings.Join(ls, "\n")
}

// nothingBlank writes a grid as a program printing ' '.join(row), with an empty string
// for an empty cell, does: cells apart by a space, an empty cell nothing.
func nothingBlank(p string, trim bool) string {
	return separated(p, " ", "", "\n", trim)
}

// TestSpacesMisplaced: rows whose empty cells are spaces are read by
// columns only when the columns place every cell; when the spaces may also
// separate cells, or the cells placed by counting spaces break the rules
// in rows that end early, the message is refused (never read as another
// grid, never answered with clashes the person did not write), while the
// same grids with their spaces intact still read.
func TestSpacesMisplaced(t *testing.T) {
	s := samples(t)
	type tc struct {
		name, text string
		want       error
		says       string
	}
	var cases []tc
	for _, name := range []string{"classic", "solved_pairs_1", "solved_pairs_70", "17clue_952"} {
		p := s[name].puzzle
		for _, trim := range []bool{true, false} {
			cases = append(cases, tc{fmt.Sprintf("%s, empty cells as nothing, trimmed %v", name, trim), "\n" + nothingBlank(p, trim), parser.ErrAlign, "a space may separate two cells or stand for an empty one"})
		}
	}
	spaced := separated(s["classic"].puzzle, " ", " ", "\n", true)
	for _, rows := range [][]int{{0, 1, 2, 3, 4, 5}, {3, 4, 5, 6, 7, 8}, {0, 2, 4, 6, 8}} {
		cases = append(cases, tc{fmt.Sprintf("classic, spaced, runs shortened in rows %v", rows), "\n" + shortenRuns(spaced, rows...), parser.ErrAlign, "breaks the rules (column 3 has 8 twice"})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := parser.Read(c.text)
			if err == nil {
				t.Fatalf("read %s, want a refusal\nfrom\n%s", testgrids.Line(p.Grid), c.text)
			}
			if !errors.Is(err, c.want) {
				t.Errorf("error %v, want %v", err, c.want)
			}
			for _, want := range []string{c.says, "cannot tell where the cells are", "as . or 0"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		})
	}
	// The same grids with their spaces as written: read.
	for _, name := range []string{"classic", "solved_pairs_1", "solved_pairs_70", "made_6x6", "made_8x8"} {
		sm := s[name]
		for _, w := range []struct{ name, text string }{
			{"fixed width, trimmed", typed(sm.puzzle, true)},
			{"fixed width, kept", typed(sm.puzzle, false)},
			{"spaced, trimmed", separated(sm.puzzle, " ", " ", "\n", true)},
			{"spaced, kept", separated(sm.puzzle, " ", " ", "\n", false)},
			{"spaced, in a code block", "```\n" + separated(sm.puzzle, " ", " ", "\n", true) + "\n```"},
		} {
			text := "\n" + w.text
			if name == "made_8x8" && strings.HasSuffix(w.name, "trimmed") {
				// 8 trimmed rows at the end of a message may be a 9×9 grid
				// whose last row and column are empty (TestSparseFixedWidth):
				// a line of text after them bounds them.
				text += "\nthanks!"
			}
			t.Run(name+", "+w.name, func(t *testing.T) {
				p, err := parser.Read(text)
				if err != nil {
					t.Fatalf("Read: %v\n%s", err, w.text)
				}
				if got := testgrids.Line(p.Grid); got != sm.puzzle {
					t.Fatalf("read\n%s\nwant\n%s\nfrom\n%s", got, sm.puzzle, w.text)
				}
			})
		}
	}
}

// TestCSVTrimmedRefusals: CSV rows with their empty fields at the end
// trimmed are read (TestFamilies), but not when a row is too long, when a
// short row ends with a comma (a field lost elsewhere), or when the number
// of rows gives no size.
func TestCSVTrimmedRefusals(t *testing.T) {
	p := samples(t)["classic"].puzzle
	rows := strings.Split(trimFields(separated(p, ",", "", "\n", false), ","), "\n")
	with := func(i int, row string) string {
		rs := append([]string(nil), rows...)
		rs[i] = row
		return "\n" + strings.Join(rs, "\n")
	}
	tests := []struct {
		name, text string
		want       error
		line       int
		says       string
	}{
		{"a row too long", with(2, rows[2]+",,,,1"), parser.ErrRowLength, 4, "row 3 has 12 fields between commas; a 9×9 grid needs 9"},
		{"a short row ending with a comma", with(0, "5,3,,7,"), parser.ErrRowLength, 2, "row 1 has 5 fields between commas"},
		{"eight rows", "\n" + strings.Join(rows[:8], "\n"), parser.ErrCellCount, 2, "found 8 rows of cells separated by commas, and a row of 9 cells: a 9×9 grid has 9 rows; an empty row at the start or end"},
		{"eight rows, one of them 9 wide", "\n,,,,,,,1,2\n,,3,6\n,,,,,7\n4,1,,,2\n,,,5,,,3\n7,,,,,,6\n2,8,,,,,,4\n,,,3,,,5", parser.ErrRowLength, 2, "this row has 9 fields between commas, the 7 others no more than 8: if the grid is 9×9, an empty row at its start or end"},
		{"seven rows and a blank line", "\n,,,,,,,2,3\n8,,,,,,,5\n,,,1\n,1,,6,,,4\n5,,7,,3\n\n3,,,,5,2\n,6,4,,,,1", parser.ErrCellCount, 2, "found 7 rows of cells separated by commas (and the blank line 7 among them, an empty row), and a row of 9 cells"},
		{"seven rows", "\n" + strings.Join(rows[:7], "\n"), parser.ErrCellCount, 2, "found 7 rows of cells separated by commas"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := parser.Read(tt.text)
			if err == nil {
				t.Fatalf("read %s, want an error\nfrom\n%s", testgrids.Line(g.Grid), tt.text)
			}
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %q, want %v saying %q", err, tt.want, tt.says)
			}
			var perr *parser.Error
			if tt.line != 0 && (!errors.As(err, &perr) || perr.Line != tt.line) {
				t.Errorf("error %v, want it on line %d", err, tt.line)
			}
		})
	}
}
