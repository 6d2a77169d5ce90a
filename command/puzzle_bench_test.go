package command

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/sudoku"
)

// warmPool returns a pool that has kept puzzles of kind k: it ran its
// background refill until Ready puzzles of k were ready, then stopped, so
// that the benchmark measures requests and not the refill beside them.
func warmPool(b *testing.B, k generate.Kind) *generate.Pool {
	b.Helper()
	pool, err := generate.NewPool(generate.PoolConfig{Warm: []generate.Kind{k}, DailyLevels: generate.Levels, CPU: 1, Seed: 5})
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- pool.Run(ctx) }()
	deadline := time.Now().Add(5 * time.Minute)
	for {
		st := pool.Stats()[0]
		if st.Ready >= 4 && st.Bases > 0 {
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("%v not warm after 5 minutes: %+v", k, st)
		}
		time.Sleep(10 * time.Millisecond) // waiting for the refill, not an assertion
	}
	cancel()
	<-done
	return pool
}

// BenchmarkPuzzleReplies measures the reply time of !new and !daily (the
// whole Handle: the pool, the render, no picture for 9×9), warm (the kind
// kept ready: the first requests take a ready puzzle, later ones a
// transform of a kept one, as when requests outpace the refill) and cold
// (a fresh pool: the puzzle is made on the request's time), and of a check
// that replies to a puzzle's post, with the puzzle among those served
// lately and made again from its code.
//
//	go test -run '^$' -bench PuzzleReplies -benchtime 200x ./command/
func BenchmarkPuzzleReplies(b *testing.B) {
	ctx := context.Background()
	day := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	handle := func(b *testing.B, h *Handler, msg string) Reply {
		req, ok := h.Match(msg, "")
		if !ok {
			b.Fatalf("%q not matched", msg)
		}
		rep := h.Handle(ctx, req)
		if rep.Outcome != outcomePuzzle && rep.Outcome != outcomeWrong {
			b.Fatalf("%s: outcome %q:\n%s", msg, rep.Outcome, rep.Text)
		}
		return rep
	}
	for _, tc := range []struct {
		size  int
		level generate.Level
	}{{9, generate.Easy}, {9, generate.Hard}, {9, generate.Extreme}, {16, generate.Hard}} {
		s, _ := sudoku.ShapeForSize(tc.size)
		k := generate.Kind{Shape: s, Level: tc.level}
		msg := "!new " + strings.ToLower(tc.level.String()) + " " + sizeWord(s)
		name := sizeWord(s) + "-" + strings.ToLower(tc.level.String())
		b.Run("new/warm/"+name, func(b *testing.B) {
			h := New(Config{Puzzles: warmPool(b, k), Now: func() time.Time { return day }})
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				handle(b, h, msg)
			}
		})
		if tc.size > 9 {
			continue // seconds each (see the README); measured apart
		}
		b.Run("new/cold/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for i := range b.N {
				b.StopTimer()
				pool, _ := generate.NewPool(generate.PoolConfig{Warm: []generate.Kind{}, Seed: uint64(i + 1)})
				h := New(Config{Puzzles: pool})
				b.StartTimer()
				handle(b, h, msg)
			}
		})
	}
	for _, l := range []generate.Level{generate.Hard, generate.Extreme} {
		msg := "!daily " + strings.ToLower(l.String())
		b.Run("daily/warm/"+strings.ToLower(l.String()), func(b *testing.B) {
			// The pool keeps the day's puzzle for the day its clock says.
			pool, _ := generate.NewPool(generate.PoolConfig{Warm: []generate.Kind{}, Now: func() time.Time { return day }})
			h := New(Config{Puzzles: pool, Now: func() time.Time { return day }})
			handle(b, h, msg) // made once, kept for the day
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				handle(b, h, msg)
			}
		})
		b.Run("daily/cold/"+strings.ToLower(l.String()), func(b *testing.B) {
			b.ReportAllocs()
			for i := range b.N {
				b.StopTimer()
				d := day.AddDate(0, 0, i) // a day not made yet
				pool, _ := generate.NewPool(generate.PoolConfig{Warm: []generate.Kind{}, Now: func() time.Time { return d }})
				h := New(Config{Puzzles: pool, Now: func() time.Time { return d }})
				b.StartTimer()
				handle(b, h, msg)
			}
		})
	}
	// A check replying to a post, the grid with one wrong digit.
	pool, _ := generate.NewPool(generate.PoolConfig{Warm: []generate.Kind{}, Seed: 9})
	h := New(Config{Puzzles: pool})
	post := handle(b, h, "!new hard").Text
	p := served(b, post)
	g := wrongButClean(b, p, played(p, 20))
	check := "!check " + line(g)
	b.Run("check-reply/served", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			req, _ := h.Match(check, "")
			req.Reference = post
			if rep := h.Handle(ctx, req); rep.Outcome != outcomeWrong {
				b.Fatalf("outcome %q", rep.Outcome)
			}
		}
	})
	b.Run("check-reply/from-code", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			fresh := New(Config{Puzzles: pool}) // never served it: makes it from the code
			req, _ := fresh.Match(check, "")
			req.Reference = post
			if rep := fresh.Handle(ctx, req); rep.Outcome != outcomeWrong {
				b.Fatalf("outcome %q", rep.Outcome)
			}
		}
	})
}

// BenchmarkSolveBesidePool measures solves (!solve of the hardest in-repo
// puzzle, as many at once as cores, as the bot's workers run them) alone
// and while a pool refills in the background at a share of one core (the
// bot's default 0.25, and all of it), making every level of the sizes
// named from nothing, the refill's busiest time: what it costs the
// commands beside it. The pool paces itself after each piece of work, so
// a 16×16 try (seconds at a whole core) weighs on the solves for its whole
// length before the pool rests: the sizes warmed from the start matter. The two run in turns of a second, six each, so that the
// machine's other load weighs on both alike; ns/solve-alone and
// ns/solve-refill are the mean wall time of one solve in each.
//
//	go test -run '^$' -bench SolveBesidePool -benchtime 1x ./command/
func BenchmarkSolveBesidePool(b *testing.B) {
	hardest := readLines(b, "testdata/hardest.txt", false)[0]
	h := New(Config{SolveTimeout: time.Minute})
	req, _ := h.Match("!solve "+hardest, "")
	kinds := func(sizes ...int) []generate.Kind {
		var ks []generate.Kind
		for _, n := range sizes {
			s, _ := sudoku.ShapeForSize(n)
			for _, l := range generate.Levels {
				if l <= generate.TopLevel(s) {
					ks = append(ks, generate.Kind{Shape: s, Level: l})
				}
			}
		}
		return ks
	}
	// solves runs solves on every core for d and returns how many were done.
	solves := func(d time.Duration) int {
		var n atomic.Int64
		end := time.Now().Add(d)
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(end) {
					if rep := h.Handle(context.Background(), req); rep.Outcome != "unique" {
						b.Errorf("outcome %q", rep.Outcome)
						return
					}
					n.Add(1)
				}
			}()
		}
		wg.Wait()
		return int(n.Load())
	}
	for _, tc := range []struct {
		name string
		warm []generate.Kind
		cpu  float64
	}{
		{"4-6-9/cpu-0.25", kinds(4, 6, 9), 0.25},
		{"4-6-9-16/cpu-0.25", kinds(4, 6, 9, 16), 0.25},
		{"4-6-9/cpu-1", kinds(4, 6, 9), 1},
	} {
		warm, cpu := tc.warm, tc.cpu
		b.Run(tc.name, func(b *testing.B) {
			for range b.N {
				var alone, beside int
				var took [2]time.Duration
				for turn := range 12 {
					if turn%2 == 0 {
						start := time.Now()
						alone += solves(time.Second)
						took[0] += time.Since(start)
						continue
					}
					pool, err := generate.NewPool(generate.PoolConfig{Warm: warm, DailyLevels: generate.Levels, CPU: cpu, Seed: uint64(turn)})
					if err != nil {
						b.Fatal(err)
					}
					ctx, cancel := context.WithCancel(context.Background())
					done := make(chan error, 1)
					go func() { done <- pool.Run(ctx) }()
					start := time.Now()
					beside += solves(time.Second)
					took[1] += time.Since(start)
					cancel()
					<-done
				}
				procs := float64(runtime.GOMAXPROCS(0))
				b.ReportMetric(float64(took[0].Nanoseconds())*procs/float64(alone), "ns/solve-alone")
				b.ReportMetric(float64(took[1].Nanoseconds())*procs/float64(beside), "ns/solve-refill")
			}
		})
	}
}
