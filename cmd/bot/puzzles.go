package main

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/sudoku"
)

// warmKinds are the puzzles the pool keeps ready from the start: every
// level of 9×9, 4×4 and 6×6, whose pieces of work take milliseconds, so
// that the pool's pacing keeps it to its share at every moment. 8×8, 12×12
// and 16×16 are kept ready once someone asks for one: a 16×16 try takes
// seconds at a whole core before the pool rests, and warming them at every
// start slowed the solves beside it twofold for that long
// (BenchmarkSolveBesidePool in package command), against 1.1× for these.
func warmKinds() []generate.Kind {
	var ks []generate.Kind
	for _, n := range []int{9, 4, 6} {
		s, _ := sudoku.ShapeForSize(n)
		for _, l := range generate.Levels {
			if l <= generate.TopLevel(s) {
				ks = append(ks, generate.Kind{Shape: s, Level: l})
			}
		}
	}
	return ks
}

// newPuzzlePool returns the pool that serves !new and !daily: the warm
// kinds, the day's puzzle at every level made ahead, the background refill
// within cfg.PuzzleCPU of one core.
func newPuzzlePool(cfg Config) (*generate.Pool, error) {
	pool, err := generate.NewPool(generate.PoolConfig{CPU: cfg.PuzzleCPU, Warm: warmKinds(), DailyLevels: generate.Levels})
	if err != nil {
		return nil, fmt.Errorf("puzzle pool: %w", err)
	}
	return pool, nil
}

// runPuzzles refills pool in the background until ctx ends or stop is
// called; stop waits for the refill to return, then logs what the pool did
// (log may be nil: the console logs nothing).
func runPuzzles(ctx context.Context, pool *generate.Pool, cpu float64, log *slog.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- pool.Run(ctx) }()
	if log != nil {
		log.Info("puzzle pool refilling in the background", "cpu", cpu, "warm_kinds", len(warmKinds()))
	}
	return func() {
		cancel()
		err := <-done
		if log == nil {
			return
		}
		var st generate.KindStats
		for _, k := range pool.Stats() {
			st.Served += k.Served
			st.ServedCold += k.ServedCold
			st.Generated += k.Generated
			st.Transformed += k.Transformed
		}
		log.Info("puzzle pool stopped", "ran", time.Since(start).Round(time.Second), "served", st.Served, "served_cold", st.ServedCold,
			"generated", st.Generated, "transformed", st.Transformed, "err", err)
	}
}
