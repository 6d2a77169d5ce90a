package link

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/sudokubot/sudokubot/variant"
)

// countdown is a context whose Err is nil for its first calls, then
// context.Canceled: a deadline met at each point of a solve in turn,
// deterministically.
type countdown struct {
	context.Context
	left int
}

func (c *countdown) Err() error {
	if c.left <= 0 {
		return context.Canceled
	}
	c.left--
	return nil
}

// A solve stopped anywhere (compile, derived sums, propagation, probing,
// search) reports the stop, never an answer the stop made up: a
// propagation cut short is no contradiction.
func TestSolveStoppedAnywhere(t *testing.T) {
	for _, pp := range readPublished(t) {
		// Both search past probeAfter nodes: one is then solved by
		// probing, the other with set sums.
		if pp.Title != "September 13, 2021: Sandwich" && pp.Title != "Solver needs SET" {
			continue
		}
		t.Run(pp.Title, func(t *testing.T) {
			p, _, err := Read(pp.link())
			if err != nil {
				t.Fatal(err)
			}
			stopAnywhere(t, p)
		})
	}
}

func stopAnywhere(t *testing.T, p *variant.Puzzle) {
	want, err := variant.Solve(context.Background(), p, 2)
	if err != nil {
		t.Fatal(err)
	}
	calls := &countdown{Context: context.Background(), left: 1 << 30}
	variant.Solve(calls, p, 2)
	total := 1<<30 - calls.left
	if total < 20 {
		t.Fatalf("the solve looked at its context %d times: too few to stop it anywhere", total)
	}
	step := max(1, total/40) // every look, or 40 of them spread out
	t.Logf("%d looks at the context", total)
	for k := 0; k < total; k += step {
		res, err := variant.Solve(&countdown{Context: context.Background(), left: k}, p, 2)
		switch {
		case err == nil && (res.Status != want.Status || !slices.EqualFunc(res.Solutions, want.Solutions, slices.Equal)):
			t.Fatalf("stopped at look %d: %v without error, want %v", k, res.Status, want.Status)
		case err != nil && !errors.Is(err, context.Canceled):
			t.Fatalf("stopped at look %d: %v", k, err)
		case err != nil && len(res.Solutions) > 0 && !slices.Equal(res.Solutions[0], want.Solutions[0]):
			t.Fatalf("stopped at look %d: a wrong solution", k)
		}
	}
}
