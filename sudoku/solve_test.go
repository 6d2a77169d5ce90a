package sudoku

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"
)

func TestSolveUniquePairs(t *testing.T) {
	for _, file := range []string{"unique.csv", "hard_pairs.csv", "clue17_pairs.csv"} {
		t.Run(file, func(t *testing.T) {
			for i, p := range pairs(t, file) {
				res, err := Solve(context.Background(), p[0], 0)
				if err != nil {
					t.Fatalf("line %d: %v", i+1, err)
				}
				if res.Status != Unique || res.Count != 1 {
					t.Fatalf("line %d: status %v count %d, want unique 1", i+1, res.Status, res.Count)
				}
				checkSolution(t, p[0], res.Solution)
				if res.Solution != p[1] {
					t.Fatalf("line %d: solution\n%s, want\n%s", i+1, gridLine(res.Solution), gridLine(p[1]))
				}
			}
		})
	}
}

// TestSolveUniqueNoPairs covers puzzles known to be unique (see testdata/README.md)
// whose solutions are checked independently.
func TestSolveUniqueNoPairs(t *testing.T) {
	for _, file := range []string{"top95.txt", "16x16.txt"} {
		t.Run(file, func(t *testing.T) {
			for i, g := range puzzles(t, file) {
				res, err := Solve(context.Background(), g, 2)
				if err != nil || res.Status != Unique {
					t.Fatalf("line %d: status %v, err %v; want unique", i+1, res.Status, err)
				}
				checkSolution(t, g, res.Solution)
			}
		})
	}
}

func TestSolveMultiple(t *testing.T) {
	for i, g := range puzzles(t, "multi.txt") {
		res, err := Solve(context.Background(), g, 0)
		if err != nil || res.Status != Multiple || res.Count != 2 {
			t.Fatalf("line %d: status %v count %d err %v; want multiple 2", i+1, res.Status, res.Count, err)
		}
		checkSolution(t, g, res.Solution)
		one, err := Solve(context.Background(), g, 1)
		if err != nil || one.Status != Multiple || one.Count != 1 {
			t.Fatalf("line %d, limit 1: status %v count %d err %v", i+1, one.Status, one.Count, err)
		}
		checkSolution(t, g, one.Solution)
	}
}

// TestSolveRemovedGiven removes givens from unique puzzles until the solver
// says Multiple, then proves a second solution exists: some empty cell can take
// a value other than the known solution's and still be completed.
func TestSolveRemovedGiven(t *testing.T) {
	ps := pairs(t, "clue17_pairs.csv")[:10]
	ps = append(ps, pairs(t, "unique.csv")[:10]...)
	for i, p := range ps {
		g, known := p[0], p[1]
		var res Result
		for j := 0; j < 81; j++ {
			if g.At(j) == 0 {
				continue
			}
			g.cells[j] = 0
			var err error
			res, err = Solve(context.Background(), g, 2)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != Unique {
				break
			}
		}
		if res.Status != Multiple {
			t.Fatalf("pair %d: status %v after removing givens, want multiple", i, res.Status)
		}
		checkSolution(t, g, res.Solution)
		if res.Solution == known && !hasOtherSolution(t, g, known) {
			t.Fatalf("pair %d: reported multiple, but no second solution found", i)
		}
	}
}

func hasOtherSolution(t *testing.T, g, known Grid) bool {
	t.Helper()
	for j := 0; j < 81; j++ {
		if g.At(j) != 0 {
			continue
		}
		for v := 1; v <= 9; v++ {
			if v == known.At(j) {
				continue
			}
			h := g
			h.cells[j] = uint8(v)
			if Validate(h) != nil {
				continue
			}
			res, err := Solve(context.Background(), h, 1)
			if err != nil {
				t.Fatal(err)
			}
			if res.Count > 0 {
				checkSolution(t, g, res.Solution)
				return res.Solution != known
			}
		}
	}
	return false
}

func TestSolveNone(t *testing.T) {
	for i, g := range puzzles(t, "unsolvable.txt") {
		res, err := Solve(context.Background(), g, 0)
		if err != nil || res.Status != None || res.Count != 0 {
			t.Fatalf("line %d: status %v count %d err %v; want none", i+1, res.Status, res.Count, err)
		}
		if res.Solution != (Grid{}) {
			t.Fatalf("line %d: a solution is set for None", i+1)
		}
	}
}

func TestSolveEmptyEverySize(t *testing.T) {
	for _, s := range Shapes {
		t.Run(s.String(), func(t *testing.T) {
			g, err := New(s)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			res, err := Solve(ctx, g, 0)
			if err != nil || res.Status != Multiple || res.Count != 2 {
				t.Fatalf("status %v count %d err %v; want multiple 2", res.Status, res.Count, err)
			}
			checkSolution(t, g, res.Solution)
			if res.Stats.Elapsed > time.Second {
				t.Errorf("took %v", res.Stats.Elapsed)
			}
			// The solution itself is a grid with one solution: itself.
			full, err := Solve(ctx, res.Solution, 0)
			if err != nil || full.Status != Unique || full.Solution != res.Solution {
				t.Fatalf("solving a solution: status %v err %v", full.Status, err)
			}
		})
	}
}

// TestSolveLimit counts all 288 solutions of the empty 4×4 grid, and agrees
// with the brute-force counter.
func TestSolveLimit(t *testing.T) {
	g, _ := New(Shape{2, 2})
	for _, limit := range []int{1, 2, 5, 288, 1000} {
		res, err := Solve(context.Background(), g, limit)
		if err != nil {
			t.Fatal(err)
		}
		want := min(limit, 288)
		if res.Count != want || res.Count != bruteCount(g, limit) {
			t.Errorf("limit %d: count %d, want %d", limit, res.Count, want)
		}
		if res.Status != Multiple {
			t.Errorf("limit %d: status %v, want multiple", limit, res.Status)
		}
	}
}

func TestSolveInvalid(t *testing.T) {
	g := leetcodeBoard(t, leetcodeInvalid)
	res, err := Solve(context.Background(), g, 0)
	if res.Status != Invalid {
		t.Fatalf("status %v, want invalid", res.Status)
	}
	if !errors.Is(err, ErrInvalidGrid) {
		t.Fatalf("err %v does not wrap ErrInvalidGrid", err)
	}
	var ce *ConflictError
	if !errors.As(err, &ce) || !reflect.DeepEqual(ce.Conflicts, Validate(g)) || !reflect.DeepEqual(res.Conflicts, ce.Conflicts) {
		t.Fatalf("conflicts %v / %v, want %v", res.Conflicts, ce, Validate(g))
	}
	if res.Solution != (Grid{}) || res.Count != 0 {
		t.Fatal("an invalid grid got a solution")
	}
	// Every other shape takes the same road.
	for _, s := range Shapes {
		g, _ := New(s)
		g.Set(0, 0, 1)
		g.Set(s.Size()-1, 0, 1)
		res, err := Solve(context.Background(), g, 0)
		if res.Status != Invalid || !errors.Is(err, ErrInvalidGrid) || len(res.Conflicts) != 1 {
			t.Errorf("%v: status %v err %v conflicts %v", s, res.Status, err, res.Conflicts)
		}
	}
}

func TestSolveZeroGrid(t *testing.T) {
	res, err := Solve(context.Background(), Grid{}, 0)
	if !errors.Is(err, ErrShape) || res.Status != Invalid {
		t.Fatalf("status %v err %v; want invalid and ErrShape", res.Status, err)
	}
	if _, err := Check(context.Background(), Grid{}); !errors.Is(err, ErrShape) {
		t.Fatalf("Check: err %v, want ErrShape", err)
	}
}

// pigeonhole returns a grid of shape s (boxes at least 3×3) with no conflict
// and no solution, which singles, box-line interactions and digits with two
// places cannot see: k = min(BoxRows, BoxCols) digits are kept out of row 1
// everywhere but its first k-1 cells. The cells given are far from those, so
// the search fills much of the grid before running into it, again and again.
func pigeonhole(tb testing.TB, s Shape) Grid {
	tb.Helper()
	g, err := New(s)
	if err != nil {
		tb.Fatal(err)
	}
	br, bc := s.BoxRows, s.BoxCols
	k := min(br, bc)
	for d := 1; d <= k; d++ {
		// Boxes 2.. of the first band: d in each of rows 2..br, never row 1.
		for b := 1; b < br; b++ {
			g.Set(1+(d-1+b)%(br-1), b*bc+d-1, d)
		}
		// Columns k..bc of the first stack: d lower down, one band each.
		for j := k - 1; j < bc; j++ {
			g.Set(br*(j-k+2)+d-1, j, d)
		}
	}
	if c := Validate(g); c != nil {
		tb.Fatalf("pigeonhole grid has conflicts: %v", c)
	}
	return g
}

func TestSolveDeadline(t *testing.T) {
	for _, s := range []Shape{{5, 5}, {4, 4}, {3, 4}, {3, 3}} {
		t.Run(s.String(), func(t *testing.T) {
			g := pigeonhole(t, s)
			const deadline = 50 * time.Millisecond
			ctx, cancel := context.WithTimeout(context.Background(), deadline)
			defer cancel()
			start := time.Now()
			res, err := Solve(ctx, g, 0)
			elapsed := time.Since(start)
			if res.Status == None && err == nil && s.Size() < 16 {
				return // the solver saw through it in time: also right
			}
			if res.Status != TimedOut || !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("status %v err %v; want timeout", res.Status, err)
			}
			if elapsed > deadline+200*time.Millisecond {
				t.Fatalf("returned after %v, deadline %v", elapsed, deadline)
			}
			if res.Count != 0 {
				t.Fatalf("count %d for an unsolvable grid", res.Count)
			}
		})
	}
}

func TestSolveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := puzzles(t, "top95.txt")[0]
	res, err := Solve(ctx, g, 0)
	if res.Status != Cancelled || !errors.Is(err, context.Canceled) {
		t.Fatalf("status %v err %v; want cancelled", res.Status, err)
	}

	// Cancelled while searching.
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	start := time.Now()
	res, err = Solve(ctx, pigeonhole(t, Shape{5, 5}), 0)
	if res.Status != Cancelled || !errors.Is(err, context.Canceled) {
		t.Fatalf("status %v err %v; want cancelled", res.Status, err)
	}
	if time.Since(start) > 2*time.Second {
		t.Fatalf("took %v to notice the cancel", time.Since(start))
	}
}

func TestCountSolutions(t *testing.T) {
	g, _ := New(Shape{2, 3})
	g.Set(0, 0, 1)
	n, err := CountSolutions(context.Background(), g, 50)
	if err != nil || n != 50 || bruteCount(g, 50) != 50 {
		t.Fatalf("count %d err %v", n, err)
	}
	_, err = CountSolutions(context.Background(), leetcodeBoard(t, leetcodeInvalid), 0)
	if !errors.Is(err, ErrInvalidGrid) {
		t.Fatalf("err %v, want ErrInvalidGrid", err)
	}
}

// TestSolveConcurrent solves puzzles of several sizes from many goroutines at
// once, as the bot does (run it with -race).
func TestSolveConcurrent(t *testing.T) {
	var grids []Grid
	for _, p := range pairs(t, "hard_pairs.csv")[:8] {
		grids = append(grids, p[0])
	}
	grids = append(grids, puzzles(t, "16x16.txt")...)
	for _, s := range Shapes {
		g, _ := New(s)
		grids = append(grids, g)
	}
	want := make([]Result, len(grids))
	for i, g := range grids {
		want[i], _ = Solve(context.Background(), g, 2)
	}
	errs := make(chan string, 8*len(grids))
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range grids {
				i := (k + w) % len(grids)
				got, err := Solve(context.Background(), grids[i], 2)
				if err != nil || got.Status != want[i].Status || got.Solution != want[i].Solution || got.Count != want[i].Count {
					errs <- fmt.Sprintf("grid %d: %v %v, alone %v", i, got.Status, err, want[i].Status)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
