package parser_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
)

// TestPlaceInMessages: errors tell grids on one line apart by their
// columns, and name the line of text that splits a grid.
func TestPlaceInMessages(t *testing.T) {
	s := samples(t)
	a, b := s["classic"].puzzle, s["solved_pairs_1"].puzzle
	rows := gridRows(a)
	spaced := strings.Split(separated(a, " ", ".", "\n", false), "\n")
	tests := []struct {
		name, text string
		want       error
		line       int
		says       string
	}{
		{"two grids on the command's line", " " + a + " " + b, parser.ErrAmbiguous, 1,
			"found 2 grids: a 9×9 grid on line 1 (columns 1–81 after the command), a 9×9 grid on line 1 (columns 83–163 after the command)"},
		{"two grids run together", " " + a + b, parser.ErrAmbiguous, 1,
			"a 9×9 grid on line 1 (columns 1–81 after the command), a 9×9 grid on line 1 (columns 82–162 after the command)"},
		{"two HoDoKu records on a later line", "\n:0000:x:" + a + "::: :0000:x:" + b + ":::", parser.ErrAmbiguous, 2,
			"a 9×9 grid on line 2 (columns 9–89), a 9×9 grid on line 2 (columns 102–182)"},
		{"grids on lines of their own", "\n" + a + "\n" + b, parser.ErrAmbiguous, 3,
			"a 9×9 grid on line 2, a 9×9 grid on line 3"},
		{"an img line inside a grid", "\n" + strings.Join(rows[:5], "\n") + "\nimg\n" + strings.Join(rows[5:], "\n"), parser.ErrCellCount, 7,
			"the text on this line splits a grid: without it, lines 2–11 make a 9×9 grid"},
		{"a caption inside a spaced grid", "\n" + strings.Join(spaced[:3], "\n") + "\n[image: grid.png]\nsee above\n" + strings.Join(spaced[3:], "\n"), parser.ErrCellCount, 5,
			"the text on lines 5–6 splits a grid: without it, lines 2–12 make a 9×9 grid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := parser.Read(tt.text)
			if err == nil {
				t.Fatalf("read %s, want an error", testgrids.Line(p.Grid))
			}
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %q\nwant %v saying %q", err, tt.want, tt.says)
			}
			var perr *parser.Error
			if !errors.As(err, &perr) || perr.Line != tt.line {
				t.Errorf("error %v, want it on line %d", err, tt.line)
			}
		})
	}
}
