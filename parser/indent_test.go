package parser_test

import (
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
)

// cellBoard draws the 9×9 puzzle p (one line, . for empty) with a line
// around every cell, a space for an empty cell, each line after ind:
//
//	+---+---+…
//	| 5 | 3 |   |…
func cellBoard(p, ind string) string {
	rule := ind + "+" + strings.Repeat("---+", 9) + "\n"
	var b strings.Builder
	b.WriteString(rule)
	for r := 0; r < 9; r++ {
		b.WriteString(ind + "|")
		for _, c := range p[r*9 : r*9+9] {
			if c == '.' {
				c = ' '
			}
			b.WriteString(" " + string(c) + " |")
		}
		b.WriteString("\n" + rule)
	}
	return b.String()
}

// TestBoardsIndentedByTabs: a drawn board or table whose lines start with
// tabs (copied from a text indented by them) reads as it does without
// them: the tabs are indentation, not fields. It was refused ("row 1 has
// 11 fields between vertical lines").
func TestBoardsIndentedByTabs(t *testing.T) {
	const p = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	for _, ind := range []string{"\t", "\t\t", " \t", "\t "} {
		for _, around := range []string{"\n%s", " \n%s", "\n```\n%s```", " my puzzle:\n%sthanks"} {
			in := strings.Replace(around, "%s", cellBoard(p, ind), 1)
			got, err := parser.Read(in)
			if err != nil {
				t.Errorf("%v\nfrom %q", err, in)
				continue
			}
			if testgrids.Line(got.Grid) != p {
				t.Errorf("read %s, want %s\nfrom %q", testgrids.Line(got.Grid), p, in)
			}
		}
	}
	// Every shared case that draws a board (vertical lines, rules), each of
	// its lines after the command's indented by a tab.
	boards := 0
	for _, c := range pastedCases(t) {
		msg := args(c.Message)
		if strings.Contains(msg, "\t") || !strings.ContainsAny(msg, "|+│┃║─━═") {
			continue
		}
		want, err := parser.Read(msg)
		if err != nil {
			continue // a case the bot refuses
		}
		ls := strings.Split(msg, "\n")
		for i := 1; i < len(ls); i++ {
			if ls[i] != "" && !strings.HasPrefix(ls[i], "```") {
				ls[i] = "\t" + ls[i]
			}
		}
		in := strings.Join(ls, "\n")
		boards++
		got, err := parser.Read(in)
		if err != nil {
			t.Errorf("%s: %v\nfrom %q", c.Name, err, in)
			continue
		}
		if testgrids.Line(got.Grid) != testgrids.Line(want.Grid) {
			t.Errorf("%s: read %s, want %s\nfrom %q", c.Name, testgrids.Line(got.Grid), testgrids.Line(want.Grid), in)
		}
	}
	if boards < 5 {
		t.Fatalf("only %d shared cases draw a board", boards)
	}
}

// TestSpreadsheetLeadingTab: a spreadsheet row that starts with a tab has
// an empty first cell; taking tabs before a board as indentation leaves
// such rows alone.
func TestSpreadsheetLeadingTab(t *testing.T) {
	const p = ".3..7....6..195....98....6.8...6...3...8.3..17...2...6.6....28....419..5....8..79"
	var rows []string
	for r := 0; r < 9; r++ {
		row := strings.Split(p[r*9:r*9+9], "")
		for i, c := range row {
			if c == "." {
				row[i] = ""
			}
		}
		rows = append(rows, strings.Join(row, "\t"))
	}
	in := "\n" + strings.Join(rows, "\n")
	if !strings.Contains(in, "\n\t") {
		t.Fatal("no row starts with a tab")
	}
	got, err := parser.Read(in)
	if err != nil {
		t.Fatalf("%v\nfrom %q", err, in)
	}
	if testgrids.Line(got.Grid) != p {
		t.Errorf("read %s, want %s", testgrids.Line(got.Grid), p)
	}
}
