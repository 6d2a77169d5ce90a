package generate

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

// BenchmarkCandidate times the making of one minimal puzzle from a base
// seed, before any grading, for each shape and first pass.
func BenchmarkCandidate(b *testing.B) {
	ctx := context.Background()
	for _, s := range sudoku.Shapes[:6] {
		for _, l := range []Level{Easy, Medium, Hard, Extreme} {
			if s.Size() != 9 && l != Easy && l != Extreme {
				continue
			}
			b.Run(fmt.Sprintf("%dx%d/%v", s.Size(), s.Size(), l), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; b.Loop(); i++ {
					if _, _, err := candidate(ctx, s, false, uint32(i), planFor(s, l)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkNext times the generator from scratch: one graded puzzle of each
// kind per op (ns/op is the time per puzzle; puzzles/s = 1e9 / ns/op).
func BenchmarkNext(b *testing.B) {
	ctx := context.Background()
	for _, s := range sudoku.Shapes[:6] {
		for _, l := range Levels {
			for _, sym := range []bool{false, true} {
				k := Kind{Shape: s, Level: l, Symmetric: sym}
				if k.Check() != nil {
					continue
				}
				name := fmt.Sprintf("%dx%d/%v", s.Size(), s.Size(), l)
				if sym {
					name += "/symmetric"
				}
				b.Run(name, func(b *testing.B) {
					g, err := NewGenerator(k, 1)
					if err != nil {
						b.Fatal(err)
					}
					for b.Loop() {
						if _, err := g.Next(ctx); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(g.Tries())/float64(b.N), "tries/op")
				})
			}
		}
	}
}

// BenchmarkPoolGet times a request to the pool. warm: a puzzle is ready
// (the refill after each request is done outside the timer); cold: none is
// ready but a kept puzzle is, so the request transforms and grades it;
// empty: a new pool generates the puzzle on the request's time.
func BenchmarkPoolGet(b *testing.B) {
	ctx := context.Background()
	for _, k := range []Kind{
		{Shape: sudoku.Classic, Level: Easy},
		{Shape: sudoku.Classic, Level: Medium},
		{Shape: sudoku.Classic, Level: Hard},
		{Shape: sudoku.Classic, Level: Expert},
		{Shape: sudoku.Classic, Level: Extreme},
		{Shape: sudoku.Classic, Level: Extreme, Symmetric: true},
		{Shape: sudoku.Shape{BoxRows: 2, BoxCols: 2}, Level: Easy},
		{Shape: sudoku.Shape{BoxRows: 2, BoxCols: 3}, Level: Medium},
		{Shape: sudoku.Shape{BoxRows: 4, BoxCols: 4}, Level: Hard},
	} {
		name := fmt.Sprintf("%dx%d/%v", k.Shape.Size(), k.Shape.Size(), k.Level)
		if k.Symmetric {
			name += "/symmetric"
		}
		b.Run("warm/"+name, func(b *testing.B) {
			p, err := NewPool(PoolConfig{Ready: 2, Bases: 2, Warm: []Kind{k}, DailyLevels: []Level{}, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			settle(b, p)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Get(ctx, k); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				settle(b, p)
				b.StartTimer()
			}
			if st := statsOf(p, k); st.ServedCold != 0 {
				b.Fatalf("%d requests found nothing ready", st.ServedCold)
			}
		})
		b.Run("cold/"+name, func(b *testing.B) {
			p, err := NewPool(PoolConfig{Ready: 1, Bases: 2, Uses: 1 << 20, Warm: []Kind{k}, DailyLevels: []Level{}, Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			settle(b, p)
			for b.Loop() {
				b.StopTimer()
				p.mu.Lock()
				p.stock(k).ready = nil
				p.mu.Unlock()
				b.StartTimer()
				if _, err := p.Get(ctx, k); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("empty/"+name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				p, err := NewPool(PoolConfig{Warm: []Kind{}, DailyLevels: []Level{}, Seed: uint64(i + 1)})
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if _, err := p.Get(ctx, k); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPoolRun runs the background refill of a cold pool (9×9 at every
// level and 16×16 Hard) for 10 s of wall time per op and reports the share
// of one core the process used (CPU time over wall time) and what the pool
// made. cold: no requests, so the refill stops once the pool is full (16×16
// tries take seconds); demand: a request for a 9×9 puzzle of every level in
// turn every millisecond keeps it busy, and its share must stay at most the
// configured 0.25 (the requests themselves cost microseconds).
func BenchmarkPoolRun(b *testing.B) {
	for _, demand := range []bool{false, true} {
		name := "cold"
		if demand {
			name = "demand"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				var warm []Kind
				for _, l := range Levels {
					warm = append(warm, Kind{Shape: sudoku.Classic, Level: l})
				}
				kinds := warm
				warm = append(warm, Kind{Shape: sudoku.Shape{BoxRows: 4, BoxCols: 4}, Level: Hard})
				p, err := NewPool(PoolConfig{Seed: 1, Warm: warm})
				if err != nil {
					b.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				served := 0
				done := make(chan struct{})
				if demand {
					go func() {
						defer close(done)
						for i := 0; ctx.Err() == nil; i++ {
							if _, err := p.Get(ctx, kinds[i%len(kinds)]); err == nil {
								served++
							}
							time.Sleep(time.Millisecond)
						}
					}()
				} else {
					close(done)
				}
				before := cpuTime()
				start := time.Now()
				if err := p.Run(ctx); err != nil {
					b.Fatal(err)
				}
				<-done
				wall := time.Since(start)
				cancel()
				b.ReportMetric((cpuTime()-before).Seconds()/wall.Seconds(), "cpu-share")
				made, ready := 0, 0
				for _, st := range p.Stats() {
					made += st.Generated + st.Transformed
					ready += st.Ready
				}
				b.ReportMetric(float64(made), "puzzles-made")
				b.ReportMetric(float64(ready), "ready-at-end")
				b.ReportMetric(float64(served), "served")

			}
		})
	}
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
