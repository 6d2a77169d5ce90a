package sudoku

import (
	"context"
	"errors"
	"testing"
	"time"
)

// fuzzGrid maps bytes to a grid: the first byte picks 4×4, 6×6 or 9×9, and each
// following byte fills one cell, empty below 160 and a digit otherwise.
func fuzzGrid(data []byte) Grid {
	shapes := [...]Shape{{2, 2}, {2, 3}, Classic}
	var s Shape
	if len(data) > 0 {
		s = shapes[int(data[0])%len(shapes)]
		data = data[1:]
	} else {
		s = Classic
	}
	g, _ := New(s)
	n := s.Size()
	for i := 0; i < len(data) && i < s.Cells(); i++ {
		if b := data[i]; b >= 160 {
			g.cells[i] = uint8(1 + int(b)%n)
		}
	}
	return g
}

func FuzzSolve(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1, 200, 0, 0, 201})
	f.Add(append([]byte{2}, make([]byte, 81)...))
	for _, g := range puzzles(f, "top95.txt")[:3] {
		data := []byte{2}
		for i := 0; i < 81; i++ {
			if v := g.At(i); v != 0 {
				data = append(data, byte(160+(v-1-160%9+9)%9))
			} else {
				data = append(data, 0)
			}
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g := fuzzGrid(data)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		res, err := Solve(ctx, g, 2)
		conflicts := Validate(g)
		if (res.Status == Invalid) != (conflicts != nil) {
			t.Fatalf("status %v but Validate gives %v", res.Status, conflicts)
		}
		switch res.Status {
		case Invalid:
			if !errors.Is(err, ErrInvalidGrid) {
				t.Fatalf("invalid with err %v", err)
			}
			return
		case TimedOut, Cancelled:
			t.Fatalf("no answer in time for %s", gridLine(g))
		}
		if err != nil {
			t.Fatalf("status %v with err %v", res.Status, err)
		}
		if res.Count > 0 {
			checkSolution(t, g, res.Solution)
		}
		want := map[int]Status{0: None, 1: Unique, 2: Multiple}[res.Count]
		if res.Status != want {
			t.Fatalf("status %v with count %d", res.Status, res.Count)
		}
		if g.Size() <= 6 {
			if n := bruteCount(g, 2); n != res.Count {
				t.Fatalf("%s: count %d, brute force says %d", gridLine(g), res.Count, n)
			}
		} else {
			crossCheck(t, g, res)
		}
	})
}

// crossCheck compares a 9×9 result with the general solver's.
func crossCheck(t *testing.T, g Grid, res Result) {
	t.Helper()
	gs := newGenSolver(context.Background(), g.Shape(), 2)
	gs.run(&g)
	if gs.count != res.Count {
		t.Fatalf("%s: count %d, general solver says %d", gridLine(g), res.Count, gs.count)
	}
}
