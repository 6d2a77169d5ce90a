package sudoku

import (
	"context"
	"errors"
	"math/rand/v2"
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

// TestFastMatchesGeneral compares the 9×9 fast path with the general solver
// on the test puzzles and on grids derived from their solutions: givens
// removed at random (often several solutions), and a wrong digit added
// (often none).
func TestFastMatchesGeneral(t *testing.T) {
	var grids []Grid
	for _, name := range []string{"unique.csv", "hard_pairs.csv", "clue17_pairs.csv"} {
		for _, p := range pairs(t, name) {
			grids = append(grids, p[0])
			r := rand.New(rand.NewPCG(uint64(len(grids)), 7))
			for _, keep := range []float64{0.2, 0.3, 0.45} {
				g := p[1]
				for i := 0; i < 81; i++ {
					if r.Float64() > keep {
						g.cells[i] = 0
					}
				}
				grids = append(grids, g)
				for tries := 0; tries < 20; tries++ {
					i, v := r.IntN(81), uint8(1+r.IntN(9))
					if g.cells[i] != 0 || v == p[1].cells[i] {
						continue
					}
					h := g
					h.cells[i] = v
					if Validate(h) == nil {
						grids = append(grids, h)
						break
					}
				}
			}
		}
	}
	for _, name := range []string{"multi.txt", "unsolvable.txt", "top95.txt"} {
		grids = append(grids, puzzles(t, name)...)
	}
	seen := map[Status]int{}
	for _, g := range grids {
		res, err := Solve(context.Background(), g, 2)
		if err != nil {
			t.Fatalf("%s: %v", gridLine(g), err)
		}
		seen[res.Status]++
		if res.Count > 0 {
			checkSolution(t, g, res.Solution)
		}
		crossCheck(t, g, res)
	}
	if seen[Unique] == 0 || seen[Multiple] == 0 || seen[None] == 0 {
		t.Fatalf("statuses seen %v: want all of unique, multiple and none", seen)
	}
}
