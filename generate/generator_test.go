package generate

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/race"
	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/sudoku"
)

// checkLevel fails tb unless the logic engine, asked here directly, rates
// p within its kind's level, and singles (the naive oracle) solve it
// exactly when the level is Easy. It also checks what Puzzle reports.
func checkLevel(tb testing.TB, p Puzzle, k Kind) {
	tb.Helper()
	if p.Level != k.Level || p.Code.Level != k.Level {
		tb.Fatalf("%v: level %v, code %v; asked for %v", line(p.Grid), p.Level, p.Code, k.Level)
	}
	lg, err := logic.New(p.Grid)
	if err != nil {
		tb.Fatal(err)
	}
	rep, err := logic.Rate(context.Background(), lg)
	if err != nil || rep.Status != logic.Solved {
		tb.Fatalf("%v: rated %v (%v)", line(p.Grid), rep.Status, err)
	}
	if lo, hi := k.Level.Range(); rep.Rating < lo || rep.Rating > hi {
		tb.Fatalf("%v: rated %v, outside %v's %v-%v", line(p.Grid), rep.Rating, k.Level, lo, hi)
	}
	if rep.Rating != p.Rating || rep.Hardest.Name != p.Hardest {
		tb.Fatalf("%v: rated %v %s, the puzzle says %v %s", line(p.Grid), rep.Rating, rep.Hardest.Name, p.Rating, p.Hardest)
	}
	if singles := naiveSingles(p.Grid); singles && k.Level >= Hard || !singles && k.Level == Easy {
		tb.Fatalf("%v: %v, and singles solve it: %v", line(p.Grid), k.Level, singles)
	}
	if p.Grid.Shape() != k.Shape || p.Code.Shape != k.Shape || p.Code.Symmetric != k.Symmetric {
		tb.Fatalf("%v: code %v, shape %v; asked for %v", line(p.Grid), p.Code, p.Grid.Shape(), k)
	}
}

func TestGeneratorLevels(t *testing.T) {
	ctx := context.Background()
	for _, l := range Levels {
		for _, sym := range []bool{false, true} {
			k := Kind{Shape: sudoku.Classic, Level: l, Symmetric: sym}
			t.Run(k.String(), func(t *testing.T) {
				t.Parallel()
				g, err := NewGenerator(k, 7)
				if err != nil {
					t.Fatal(err)
				}
				count := 3
				if l >= Expert {
					count = 1 // rating the rejects (chains) takes long
				}
				for range count {
					p, err := g.Next(ctx)
					if err != nil {
						t.Fatal(err)
					}
					checkSolution(t, p.Grid, p.Solution)
					checkMinimal(t, p.Grid, sym)
					checkLevel(t, p, k)
				}
			})
		}
	}
}

func TestGeneratorSmallShapes(t *testing.T) {
	ctx := context.Background()
	for _, s := range testShapes[:3] {
		for _, l := range Levels[:TopLevel(s)] {
			if s.Size() == 8 && l == Hard {
				continue // 1 in 100 or so: slow under the race detector
			}
			k := Kind{Shape: s, Level: l}
			t.Run(k.String(), func(t *testing.T) {
				g, err := NewGenerator(k, 1)
				if err != nil {
					t.Fatal(err)
				}
				p, err := g.Next(ctx)
				if err != nil {
					t.Fatal(err)
				}
				checkMinimal(t, p.Grid, false)
				checkLevel(t, p, k)
			})
		}
	}
}

func TestGeneratorDeterministic(t *testing.T) {
	ctx := context.Background()
	k := Kind{Shape: sudoku.Classic, Level: Medium}
	a, _ := NewGenerator(k, 99)
	b, _ := NewGenerator(k, 99)
	c, _ := NewGenerator(k, 100)
	for i := range 3 {
		pa, err := a.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		pb, _ := b.Next(ctx)
		pc, _ := c.Next(ctx)
		if pa != pb {
			t.Fatalf("puzzle %d: seed 99 gave %v %s and %v %s", i, pa.Code, line(pa.Grid), pb.Code, line(pb.Grid))
		}
		if pa.Grid == pc.Grid {
			t.Fatalf("puzzle %d: seeds 99 and 100 both gave %s", i, line(pa.Grid))
		}
	}
}

func TestDecodeRoundTrip(t *testing.T) {
	ctx := context.Background()
	for _, l := range Levels[:3] {
		for _, s := range testShapes[:4] {
			k := Kind{Shape: s, Level: l, Symmetric: l == Medium}
			if k.Check() != nil {
				continue
			}
			g, _ := NewGenerator(k, 5)
			p, err := g.Next(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range []uint16{0, 1, 517, 1<<TransformBits - 1} {
				c := p.Code
				c.Transform = id
				parsed, err := ParseCode(c.String())
				if err != nil {
					t.Fatal(err)
				}
				got, err := Decode(ctx, parsed)
				if err != nil {
					t.Fatal(err)
				}
				if id == 0 && got != p {
					t.Fatalf("%v: decoded %+v, generated %+v", c, got, p)
				}
				// A transform keeps the level (the engine rates it again).
				checkSolution(t, got.Grid, got.Solution)
				checkMinimal(t, got.Grid, k.Symmetric)
				if got.Code != c || got.Level != k.Level {
					t.Fatalf("%v: decoded as %v, level %v", c, got.Code, got.Level)
				}
			}
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	ctx := context.Background()
	for _, c := range []Code{{}, {Shape: sudoku.Classic}, {Shape: sudoku.Shape{BoxRows: 1, BoxCols: 9}, Level: Hard}, {Shape: sudoku.Shape{BoxRows: 5, BoxCols: 5}, Level: Easy}} {
		if _, err := Decode(ctx, c); !errors.Is(err, ErrKind) {
			t.Errorf("Decode(%+v): no error", c)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Decode(cancelled, Code{Shape: sudoku.Classic, Level: Hard, Seed: 3}); err == nil {
		t.Error("Decode with a cancelled context: no error")
	}
}

func TestDaily(t *testing.T) {
	ctx := context.Background()
	day := time.Date(2025, 3, 14, 23, 30, 0, 0, time.FixedZone("UTC-5", -5*3600)) // 15 March in UTC
	a, err := Daily(ctx, day, Hard)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Daily(ctx, time.Date(2025, 3, 15, 1, 0, 0, 0, time.UTC), Hard)
	c, _ := Daily(ctx, time.Date(2025, 3, 16, 1, 0, 0, 0, time.UTC), Hard)
	e, _ := Daily(ctx, day, Easy)
	if a != b {
		t.Fatalf("the same UTC day gave %v and %v", a.Code, b.Code)
	}
	if a.Grid == c.Grid || a.Grid == e.Grid {
		t.Fatalf("two days or two levels gave the same puzzle %v", a.Code)
	}
	checkMinimal(t, a.Grid, true)
	checkLevel(t, a, Kind{Shape: sudoku.Classic, Level: Hard, Symmetric: true})
	checkLevel(t, e, Kind{Shape: sudoku.Classic, Level: Easy, Symmetric: true})
	if _, err := Daily(ctx, day, 0); err == nil {
		t.Error("Daily with no level: no error")
	}
}

func TestKindCheck(t *testing.T) {
	for _, k := range []Kind{{}, {Shape: sudoku.Classic}, {Shape: sudoku.Shape{BoxRows: 2, BoxCols: 2}, Level: Extreme}, {Shape: sudoku.Shape{BoxRows: 3, BoxCols: 2}, Level: Easy}} {
		if _, err := NewGenerator(k, 1); err == nil {
			t.Errorf("NewGenerator(%+v): no error", k)
		}
	}
	for _, s := range testShapes {
		if err := (Kind{Shape: s, Level: Easy}).Check(); err != nil {
			t.Errorf("%v Easy: %v", s, err)
		}
	}
	if err := (Kind{Shape: sudoku.Shape{BoxRows: 5, BoxCols: 5}, Level: Easy}).Check(); !errors.Is(err, ErrKind) {
		t.Errorf("25×25 Easy: %v", err)
	}
	_ = fmt.Sprint
}

// TestGeneratorBig makes a 16×16 and a 12×12 puzzle: repaired into puzzles
// that the level's techniques solve, minimal all the same.
func TestGeneratorBig(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of work")
	}
	ctx := context.Background()
	for _, k := range []Kind{
		{Shape: sudoku.Shape{BoxRows: 4, BoxCols: 4}, Level: Hard},
		{Shape: sudoku.Shape{BoxRows: 3, BoxCols: 4}, Level: Hard, Symmetric: true},
	} {
		if race.Enabled && k.Shape.Size() == 16 {
			continue
		}
		g, err := NewGenerator(k, 1)
		if err != nil {
			t.Fatal(err)
		}
		p, err := g.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, p.Grid, p.Solution)
		checkMinimal(t, p.Grid, k.Symmetric)
		checkLevel(t, p, k)
		if got, err := Decode(ctx, p.Code); err != nil || got != p {
			t.Fatalf("%v decodes to %v (%v)", p.Code, got.Code, err)
		}
	}
}
