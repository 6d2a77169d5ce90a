package sudoku

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestBoardUniqueAfterRemoval asks, of unique puzzles with a given (or a
// pair of givens mirrored through the centre) removed, whether a solution
// other than the known one exists, as a generator does; the answer must be
// CountSolutions's. The puzzles are the test sets' (minimal as a rule), and
// the same with a few more of the solution's digits, whose givens can often
// go.
func TestBoardUniqueAfterRemoval(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(3, 4))
	var checked, other int
	for _, name := range []string{"hard_pairs.csv", "clue17_pairs.csv"} {
		set := pairs(t, name)
		for k, p := range append(set, set...) {
			puzzle, sol := p[0], p[1]
			if k >= len(set) {
				for _, c := range r.Perm(81)[:15] {
					puzzle.Set(c/9, c%9, sol.At(c))
				}
			}
			b, err := NewBoard(puzzle)
			if err != nil {
				t.Fatal(err)
			}
			if b.Grid() != puzzle {
				t.Fatalf("Grid() = %v, want %v", b.Grid(), puzzle)
			}
			for i := 0; i <= 40; i++ {
				j := 80 - i
				if puzzle.At(i) == 0 && puzzle.At(j) == 0 {
					continue
				}
				g := puzzle
				var ps []Placement
				for _, c := range []int{i, j} {
					if g.At(c) != 0 && (len(ps) == 0 || ps[0].Cell != c) {
						ps = append(ps, Placement{Cell: c, Digit: sol.At(c)})
						g.Set(c/9, c%9, 0)
						mustSet(t, b, c, 0)
					}
				}
				n, err := CountSolutions(ctx, g, 2)
				if err != nil {
					t.Fatal(err)
				}
				got, err := b.SolutionOtherThan(ctx, ps...)
				if err != nil {
					t.Fatal(err)
				}
				if got != (n == 2) {
					t.Fatalf("%s without %v: SolutionOtherThan = %v, CountSolutions = %d", gridLine(puzzle), ps, got, n)
				}
				checked++
				if got {
					other++
				}
				for _, q := range ps {
					mustSet(t, b, q.Cell, q.Digit)
				}
				if b.Grid() != puzzle {
					t.Fatalf("board not restored: %v, want %v", gridLine(b.Grid()), gridLine(puzzle))
				}
			}
		}
	}
	t.Logf("%d of %d removals leave another solution", other, checked)
	if other < checked/10 || other > checked*9/10 {
		t.Fatalf("%d of %d removals leave another solution: the test does not tell the answers apart", other, checked)
	}
}

// TestBoardAgainstBrute compares SolutionOtherThan with plain backtracking
// on solutions with random holes, asked about one to three random
// placements (the solution's digit or any other).
func TestBoardAgainstBrute(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	var yes, no int
	sols := pairs(t, "hard_pairs.csv")
	for trial := 0; trial < 300; trial++ {
		sol := sols[r.IntN(len(sols))][1]
		g := sol
		holes := r.Perm(81)[:8+r.IntN(18)]
		for _, c := range holes {
			g.Set(c/9, c%9, 0)
		}
		var ps []Placement
		for _, c := range holes[:1+r.IntN(3)] {
			d := sol.At(c)
			if r.IntN(3) == 0 {
				d = 1 + r.IntN(9)
			}
			ps = append(ps, Placement{Cell: c, Digit: d})
		}
		want, ok := bruteOtherThan(g, ps)
		if !ok {
			continue
		}
		b, err := NewBoard(g)
		if err != nil {
			t.Fatal(err)
		}
		got, err := b.SolutionOtherThan(ctx, ps...)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("%s, %v: SolutionOtherThan = %v, backtracking says %v", gridLine(g), ps, got, want)
		}
		if got {
			yes++
		} else {
			no++
		}
	}
	t.Logf("%d true, %d false", yes, no)
	if yes == 0 || no == 0 {
		t.Fatalf("answers: %d true, %d false: the test does not tell them apart", yes, no)
	}
}

// bruteOtherThan says, by plain backtracking, whether g has a solution that
// does not hold every placement of ps: it has more solutions than those
// that do. ok is false when there are too many to count.
func bruteOtherThan(g Grid, ps []Placement) (other, ok bool) {
	const limit = 200
	h := g
	for _, p := range ps {
		if h.At(p.Cell) != 0 && h.At(p.Cell) != p.Digit {
			return bruteCount(g, 1) > 0, true // no solution holds both digits
		}
		h.Set(p.Cell/9, p.Cell%9, p.Digit)
	}
	with := 0
	if Validate(h) == nil {
		with = bruteCount(h, limit)
	}
	if with == limit {
		return false, false
	}
	return bruteCount(g, with+1) > with, true
}

func mustSet(t *testing.T, b *Board, i, d int) {
	t.Helper()
	if err := b.Set(i, d); err != nil {
		t.Fatal(err)
	}
}

func TestBoardErrors(t *testing.T) {
	ctx := context.Background()
	p := pairs(t, "hard_pairs.csv")[0]
	puzzle, sol := p[0], p[1]
	if _, err := NewBoard(Grid{}); !errors.Is(err, ErrShape) {
		t.Errorf("NewBoard(zero Grid) error = %v, want ErrShape", err)
	}
	small, _ := New(Shape{2, 2})
	if _, err := NewBoard(small); !errors.Is(err, ErrShape) {
		t.Errorf("NewBoard(4×4) error = %v, want ErrShape", err)
	}
	bad := puzzle
	bad.Set(0, 1, puzzle.At(0)) // r1c1 holds a digit: repeat it beside
	if puzzle.At(0) == 0 {
		t.Fatal("test puzzle has r1c1 empty")
	}
	if _, err := NewBoard(bad); !errors.Is(err, ErrInvalidGrid) {
		t.Errorf("NewBoard(conflict) error = %v, want ErrInvalidGrid", err)
	}

	b, err := NewBoard(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	empty := -1
	for i := 0; i < 81 && empty < 0; i++ {
		if puzzle.At(i) == 0 {
			empty = i
		}
	}
	// A digit already in the cell's row, column or box: refused, board unchanged.
	for d := 1; d <= 9; d++ {
		err := b.Set(empty, d)
		if d == sol.At(empty) {
			if err != nil {
				t.Fatalf("Set(%d, %d) (the solution's digit): %v", empty, d, err)
			}
			mustSet(t, b, empty, 0)
			continue
		}
		var ce *ConflictError
		if err != nil && (!errors.As(err, &ce) || len(ce.Conflicts) == 0) {
			t.Fatalf("Set(%d, %d) error = %v, want a ConflictError naming conflicts", empty, d, err)
		}
		if err == nil {
			mustSet(t, b, empty, 0)
		}
		if b.Grid() != puzzle {
			t.Fatalf("Set(%d, %d) left %s", empty, d, gridLine(b.Grid()))
		}
	}
	// Replacing a given by a conflicting digit keeps the old one.
	if err := b.Set(0, puzzle.At(1+0)); puzzle.At(1) != 0 && !errors.Is(err, ErrInvalidGrid) {
		t.Errorf("Set(0, r1c2's digit) error = %v, want ErrInvalidGrid", err)
	}
	if b.Grid() != puzzle {
		t.Fatalf("refused Set changed the board: %s", gridLine(b.Grid()))
	}
	for _, c := range [][2]int{{-1, 1}, {81, 1}, {empty, -1}, {empty, 10}} {
		if err := b.Set(c[0], c[1]); !errors.Is(err, ErrCellValue) {
			t.Errorf("Set(%d, %d) error = %v, want ErrCellValue", c[0], c[1], err)
		}
	}
	for _, p := range []Placement{{Cell: 0, Digit: puzzle.At(0)}, {Cell: empty, Digit: 0}, {Cell: 81, Digit: 1}} {
		if _, err := b.SolutionOtherThan(ctx, p); !errors.Is(err, ErrCellValue) {
			t.Errorf("SolutionOtherThan(%v) error = %v, want ErrCellValue", p, err)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := b.SolutionOtherThan(cancelled, Placement{Cell: empty, Digit: sol.At(empty)}); !errors.Is(err, context.Canceled) {
		t.Errorf("SolutionOtherThan(cancelled) error = %v, want context.Canceled", err)
	}
	// No placement: is there a solution at all?
	if got, err := b.SolutionOtherThan(ctx); got || err != nil {
		t.Errorf("SolutionOtherThan() = %v, %v; want false (no placement to differ from)", got, err)
	}
	var zero Board
	if got, err := zero.SolutionOtherThan(ctx, Placement{Cell: 40, Digit: 5}); !got || err != nil {
		t.Errorf("empty board: SolutionOtherThan(r5c5=5) = %v, %v; want true", got, err)
	}
}
