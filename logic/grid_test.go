package logic

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

const (
	// se_rated.csv line 31: SE rates it 2.6 (Pointing).
	pointingPuzzle = "6...5...7.3........8.4.92...153.......8...3.......759...95.1.3........8.2...7...4"
	// A 12×12 puzzle (boxes 3×4) that needs intersections and a naked triplet.
	puzzle12 = ".........8......58...C64..3..C.42..9...6....A.9...4....7C3B...9..6.A...5.......C3....9...12.7..A.2.54......B.6281.C...7....B..7..64.14.........2"
	// A 6×6 puzzle solved by hidden singles.
	puzzle6 = "....25...3.61.3...2....36...5..4...."
	// A 4×4 puzzle.
	puzzle4 = ".1...43...42...."
	// The fourth puzzle of sudoku/testdata/16x16.txt (from ../shared/data/16x16.txt),
	// which needs an X-Wing.
	puzzle16 = "B..18FE...3.4....A8.36..2.DF1.....65.......EDFG9.2E....D.A..8...1....7.F5..3..9..B..52....8D..C...59D.G..2...B...72E.1.8.9.....DC.....2.8.E.94A...A...C..7.25E...G..48....CA..1..8..1..7F.6....C...6..D.1....GE.G5CB7.......F6.....A24.E..79.85....7.B...F54A..1"
)

// puzzle25 returns a 25×25 grid: a solution with its diagonal of boxes
// emptied, so that full houses and hidden singles fill it back.
func puzzle25(t *testing.T) string {
	t.Helper()
	empty, _ := sudoku.New(sudoku.Shape{BoxRows: 5, BoxCols: 5})
	res, err := sudoku.Solve(context.Background(), empty, 1)
	if err != nil {
		t.Fatal(err)
	}
	const symbols = ".123456789ABCDEFGHIJKLMNOP"
	b := make([]byte, 625)
	for i := range b {
		r, c := i/25, i%25
		if r/5 == c/5 && (r+c)%2 == 0 {
			b[i] = '.'
		} else {
			b[i] = symbols[res.Solution.At(i)]
		}
	}
	return string(b)
}

func TestNewRejects(t *testing.T) {
	bad := grid81(t, "66"+pointingPuzzle[2:])
	if _, err := New(bad); !errors.Is(err, sudoku.ErrInvalidGrid) {
		t.Errorf("New with two 6s in row 1: %v, want ErrInvalidGrid", err)
	}
	if _, err := New(sudoku.Grid{}); !errors.Is(err, sudoku.ErrShape) {
		t.Errorf("New of the zero grid: %v, want ErrShape", err)
	}
	g := grid81(t, pointingPuzzle)
	if _, err := NewWithCandidates(g, make([]uint32, 80)); !errors.Is(err, ErrCandidateCount) {
		t.Errorf("80 masks: %v, want ErrCandidateCount", err)
	}
	masks := make([]uint32, 81)
	for i := range masks {
		masks[i] = 0x1ff
	}
	masks[1] = 1 << 5 // r1c2 keeps only 6, which r1c1 holds
	var ce *CandidateError
	_, err := NewWithCandidates(g, masks)
	if !errors.As(err, &ce) || !errors.Is(err, ErrNoCandidates) || ce.Cell != (sudoku.Cell{Row: 0, Col: 1}) {
		t.Errorf("r1c2 without candidates: %v, want a CandidateError for r1c2", err)
	}
}

func TestNewCandidates(t *testing.T) {
	g := mustNew(t, grid81(t, pointingPuzzle))
	r1c2 := sudoku.Cell{Row: 0, Col: 1}
	// Row 1 holds 6, 5 and 7, column 2 holds 3, 8 and 1, box 1 holds 6, 3
	// and 8: 2, 4 and 9 remain.
	want := uint32(1<<1 | 1<<3 | 1<<8)
	if got := g.Candidates(r1c2); got != want {
		t.Errorf("r1c2 candidates %09b, want %09b", got, want)
	}
	if g.Value(sudoku.Cell{}) != 6 || g.Candidates(sudoku.Cell{}) != 0 {
		t.Errorf("r1c1: value %d, candidates %b; want the given 6 and none", g.Value(sudoku.Cell{}), g.Candidates(sudoku.Cell{}))
	}
	// Pencil marks narrow the candidates but cannot add a digit a peer holds.
	masks := g.CandidateMasks()
	masks[1] = 1<<5 | 1<<1 // 6 is ruled out by r1c1
	pm, err := NewWithCandidates(grid81(t, pointingPuzzle), masks)
	if err != nil {
		t.Fatal(err)
	}
	if got := pm.Candidates(r1c2); got != 1<<1 {
		t.Errorf("r1c2 with marks 2,6: candidates %09b, want only 2", got)
	}
	if pm.Sudoku() != grid81(t, pointingPuzzle) {
		t.Error("Sudoku() does not give back the digits")
	}
}

func TestApply(t *testing.T) {
	g := mustNew(t, grid81(t, pointingPuzzle))
	r1c2 := sudoku.Cell{Row: 0, Col: 1}
	before := g.Clone()
	err := g.Apply(Step{Name: "test", Placements: []Candidate{{r1c2, 5}}})
	if !errors.Is(err, ErrNotApplicable) {
		t.Errorf("placing 5, not a candidate: %v, want ErrNotApplicable", err)
	}
	if err := g.Apply(Step{Eliminations: []Candidate{{r1c2, 10}}}); !errors.Is(err, ErrNotApplicable) {
		t.Errorf("eliminating 10: %v, want ErrNotApplicable", err)
	}
	for i := range g.cands {
		if g.cands[i] != before.cands[i] || g.values[i] != before.values[i] {
			t.Fatal("a failed Apply changed the grid")
		}
	}
	if !g.HasCandidate(sudoku.Cell{Row: 0, Col: 2}, 2) || !g.HasCandidate(sudoku.Cell{Row: 5, Col: 1}, 2) {
		t.Fatal("r1c3 or r6c2 lacks the candidate 2")
	}
	if err := g.Apply(Step{Placements: []Candidate{{r1c2, 2}}}); err != nil {
		t.Fatal(err)
	}
	if g.Value(r1c2) != 2 || g.HasCandidate(sudoku.Cell{Row: 0, Col: 2}, 2) || g.HasCandidate(sudoku.Cell{Row: 5, Col: 1}, 2) {
		t.Error("placing 2 at r1c2 did not fill it and clear 2 from its row and column")
	}
}

func TestNextErrors(t *testing.T) {
	ctx := context.Background()
	solved := mustNew(t, grid81(t, "534678912672195348198342567859761423426853791713924856961537284287419635345286179"))
	if _, err := Next(ctx, solved); !errors.Is(err, ErrSolved) {
		t.Errorf("solved grid: %v, want ErrSolved", err)
	}
	empty, _ := sudoku.New(sudoku.Classic)
	if _, err := Next(ctx, mustNew(t, empty)); !errors.Is(err, ErrMultipleSolutions) {
		t.Errorf("empty grid: %v, want ErrMultipleSolutions", err)
	}
	// From ../shared/data/invalid_puzzles.csv line 1: no rule broken, no solution.
	none := mustNew(t, grid81(t, "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4."))
	if _, err := Next(ctx, none); !errors.Is(err, ErrNoSolution) {
		t.Errorf("grid without solution: %v, want ErrNoSolution", err)
	}
	// Pencil marks that keep only a wrong digit in r1c2.
	res, err := sudoku.Solve(ctx, grid81(t, pointingPuzzle), 2)
	if err != nil {
		t.Fatal(err)
	}
	right := res.Solution.Get(0, 1)
	g := mustNew(t, grid81(t, pointingPuzzle))
	masks := g.CandidateMasks()
	masks[1] &^= 1 << (right - 1)
	pm, err := NewWithCandidates(grid81(t, pointingPuzzle), masks)
	if err != nil {
		t.Fatal(err)
	}
	var ce *CandidateError
	if _, err := Next(ctx, pm); !errors.As(err, &ce) || !errors.Is(err, ErrWrongCandidates) || ce.Digit != right {
		t.Errorf("marks without the solution: %v, want a CandidateError with digit %d", err, right)
	}
	// Norvig's hardest puzzle needs more than the ladder has.
	hard := mustNew(t, grid81(t, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
	rep, err := Rate(ctx, hard)
	if err != nil || rep.Status != NeedsGuess && rep.Status != Solved {
		t.Errorf("hard puzzle: %v %v", rep.Status, err)
	}
	cctx, cancel := context.WithTimeout(ctx, time.Nanosecond)
	defer cancel()
	time.Sleep(time.Millisecond)
	if _, err := Rate(cctx, mustNew(t, grid81(t, pointingPuzzle))); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("expired context: %v, want DeadlineExceeded", err)
	}
}

func TestNextPointing(t *testing.T) {
	g := mustNew(t, grid81(t, pointingPuzzle))
	ctx := context.Background()
	var got []Step
	for {
		s, err := Next(ctx, g)
		if errors.Is(err, ErrSolved) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
		if err := g.Apply(s); err != nil {
			t.Fatal(err)
		}
	}
	hardest := Step{}
	for _, s := range got {
		if s.Rating > hardest.Rating {
			hardest = s
		}
	}
	if hardest.Technique != Pointing || hardest.Rating != 26 || len(hardest.Units) != 2 || hardest.Units[0].Kind != sudoku.Box {
		t.Errorf("hardest step %+v, want a Pointing (2.6) from a box", hardest)
	}
}

func TestOtherSizes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		shape  sudoku.Shape
		puzzle string
		tech   Technique
	}{
		{"4x4", sudoku.Shape{BoxRows: 2, BoxCols: 2}, puzzle4, HiddenSingle},
		{"6x6", sudoku.Shape{BoxRows: 2, BoxCols: 3}, puzzle6, HiddenSingle},
		{"12x12", sudoku.Shape{BoxRows: 3, BoxCols: 4}, puzzle12, NakedTriple},
		{"16x16", sudoku.Shape{BoxRows: 4, BoxCols: 4}, puzzle16, XWing},
		{"25x25", sudoku.Shape{BoxRows: 5, BoxCols: 5}, puzzle25(t), FullHouse},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := gridN(t, tc.shape, tc.puzzle)
			rep := checkPath(t, g)
			seen := false
			for _, s := range rep.Path {
				seen = seen || s.Technique == tc.tech
			}
			if !seen {
				t.Errorf("no %v on the path (%v, %d steps)", tc.tech, rep.Status, rep.Steps)
			}
		})
	}
}

// TestConcurrent rates puzzles from several goroutines at once (the pools
// and tables are shared): the results must be those of one goroutine.
func TestConcurrent(t *testing.T) {
	var grids []sudoku.Grid
	var want []string
	for i, p := range readRated(t, "testdata/se_sample.csv", false) {
		if i%8 != 0 {
			continue
		}
		g := grid81(t, p.puzzle)
		rep, err := Rate(context.Background(), mustNew(t, g))
		if err != nil {
			t.Fatal(err)
		}
		grids = append(grids, g)
		want = append(want, rep.Rating.String()+" "+rep.Hardest.String())
	}
	errs := make(chan error, 4)
	for w := 0; w < 4; w++ {
		go func() {
			for k, g := range grids {
				lg, err := New(g)
				if err != nil {
					errs <- err
					return
				}
				rep, err := Rate(context.Background(), lg)
				if got := rep.Rating.String() + " " + rep.Hardest.String(); err != nil || got != want[k] {
					errs <- fmt.Errorf("puzzle %d: %q (%v), alone %q", k, got, err, want[k])
					return
				}
			}
			errs <- nil
		}()
	}
	for w := 0; w < 4; w++ {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
