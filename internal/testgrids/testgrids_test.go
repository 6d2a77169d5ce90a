package testgrids

import (
	"context"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/sudoku"
)

func TestPigeonholeIsValidAndSlow(t *testing.T) {
	g := Pigeonhole(sudoku.Shape{BoxRows: 5, BoxCols: 5})
	if c := sudoku.Validate(g); c != nil {
		t.Fatalf("conflicts: %v", c)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res, _ := sudoku.Solve(ctx, g, 2)
	if res.Status != sudoku.TimedOut {
		t.Errorf("status %v, want the 25×25 pigeonhole grid to time out at 50 ms", res.Status)
	}
}

func TestLineParsesBack(t *testing.T) {
	for _, s := range []sudoku.Shape{{BoxRows: 3, BoxCols: 3}, {BoxRows: 4, BoxCols: 4}, {BoxRows: 5, BoxCols: 5}} {
		g := Pigeonhole(s)
		got, err := parser.Parse(Line(g))
		if err != nil || got != g {
			t.Errorf("%v: Parse(Line(g)) = %v; want the grid back", s, err)
		}
	}
}
