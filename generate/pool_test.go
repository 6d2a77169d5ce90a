package generate

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

var (
	easy9   = Kind{Shape: sudoku.Classic, Level: Easy}
	medium9 = Kind{Shape: sudoku.Classic, Level: Medium}
	hard9s  = Kind{Shape: sudoku.Classic, Level: Hard, Symmetric: true}
)

// settle does the pool's background work, both lanes, in the test's
// goroutine until there is none left, and returns how many pieces it did.
func settle(tb testing.TB, p *Pool) int {
	tb.Helper()
	for n := 0; ; n++ {
		work := p.nextWork(false)
		if work == nil {
			work = p.nextWork(true)
		}
		if work == nil {
			return n
		}
		if n > 100000 {
			tb.Fatal("the pool never runs out of work")
		}
		work(context.Background())
	}
}

func statsOf(p *Pool, k Kind) KindStats {
	for _, st := range p.Stats() {
		if st.Kind == k {
			return st
		}
	}
	return KindStats{}
}

// checkServed checks a puzzle from the pool: of the kind, minimal, and
// decoded again from its code.
func checkServed(tb testing.TB, p Puzzle, k Kind) {
	tb.Helper()
	checkSolution(tb, p.Grid, p.Solution)
	checkMinimal(tb, p.Grid, k.Symmetric)
	checkLevel(tb, p, k)
	got, err := Decode(context.Background(), p.Code)
	if err != nil || got != p {
		tb.Fatalf("%v decodes to %v %s (%v), the pool served %s", p.Code, got.Code, line(got.Grid), err, line(p.Grid))
	}
}

func TestPoolColdThenTransforms(t *testing.T) {
	ctx := context.Background()
	p, err := NewPool(PoolConfig{Warm: []Kind{}, DailyLevels: []Level{}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	first, err := p.Get(ctx, medium9)
	if err != nil {
		t.Fatal(err)
	}
	checkServed(t, first, medium9)
	if st := statsOf(p, medium9); st.ServedCold != 1 || st.Generated != 1 || st.Bases != 1 {
		t.Fatalf("after a cold Get: %+v", st)
	}
	// Nothing ready yet: the next ones are transforms of the first.
	seen := map[sudoku.Grid]bool{first.Grid: true}
	for range 3 {
		q, err := p.Get(ctx, medium9)
		if err != nil {
			t.Fatal(err)
		}
		checkServed(t, q, medium9)
		if q.Code.Seed != first.Code.Seed || q.Code.Transform == 0 || seen[q.Grid] {
			t.Fatalf("served %v after %v: want a new transform of it", q.Code, first.Code)
		}
		seen[q.Grid] = true
	}
	if st := statsOf(p, medium9); st.Generated != 1 || st.Transformed < 3 {
		t.Fatalf("after three more: %+v", st)
	}
}

func TestPoolRefillsWithinBounds(t *testing.T) {
	ctx := context.Background()
	cfg := PoolConfig{Ready: 3, Bases: 2, Uses: 4, Warm: []Kind{easy9, medium9}, DailyLevels: []Level{}, Seed: 2}
	p, err := NewPool(cfg)
	if err != nil {
		t.Fatal(err)
	}
	check := func(when string) {
		t.Helper()
		for _, st := range p.Stats() {
			if st.Ready > cfg.Ready || st.Bases > cfg.Bases {
				t.Fatalf("%s: %v holds %d ready and %d bases; bounds %d and %d", when, st.Kind, st.Ready, st.Bases, cfg.Ready, cfg.Bases)
			}
		}
	}
	settle(t, p)
	check("warm")
	for _, k := range cfg.Warm {
		if st := statsOf(p, k); st.Ready != cfg.Ready || st.Bases != cfg.Bases {
			t.Fatalf("%v after settling: %+v", k, st)
		}
	}
	if p.nextWork(false) != nil || p.nextWork(true) != nil {
		t.Fatal("work left after settling")
	}
	// Served at once, then refilled.
	for i := range 10 {
		q, err := p.Get(ctx, easy9)
		if err != nil {
			t.Fatal(err)
		}
		checkServed(t, q, easy9)
		if st := statsOf(p, easy9); st.Served != i+1 || st.ServedCold != 0 {
			t.Fatalf("get %d: %+v", i, st)
		}
		if settle(t, p) == 0 {
			t.Fatalf("get %d: nothing to refill", i)
		}
		check("after a get")
		if st := statsOf(p, easy9); st.Ready != cfg.Ready {
			t.Fatalf("get %d, refilled: %+v", i, st)
		}
	}
	// A kind first asked for is kept from then on.
	if _, err := p.Get(ctx, hard9s); err != nil {
		t.Fatal(err)
	}
	settle(t, p)
	check("a third kind")
	if got := len(p.Stats()); got != 3 {
		t.Fatalf("%d kinds kept, want 3", got)
	}
	if st := statsOf(p, hard9s); st.Ready != cfg.Ready {
		t.Fatalf("%v: %+v", hard9s, st)
	}
}

func TestPoolErrors(t *testing.T) {
	p, err := NewPool(PoolConfig{Warm: []Kind{}, DailyLevels: []Level{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Get(context.Background(), Kind{Shape: sudoku.Shape{BoxRows: 2, BoxCols: 2}, Level: Hard}); !errors.Is(err, ErrKind) {
		t.Errorf("4×4 Hard: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Get(ctx, easy9); !errors.Is(err, context.Canceled) {
		t.Errorf("cold Get, cancelled: %v", err)
	}
	if _, err := NewPool(PoolConfig{Warm: []Kind{{Shape: sudoku.Classic}}}); !errors.Is(err, ErrKind) {
		t.Errorf("warm kind without a level: %v", err)
	}
	if _, err := p.Daily(context.Background(), time.Now(), 0); !errors.Is(err, ErrKind) {
		t.Errorf("daily without a level: %v", err)
	}
}

func TestPoolRun(t *testing.T) {
	p, err := NewPool(PoolConfig{Ready: 2, Bases: 1, CPU: 1, Warm: []Kind{easy9}, DailyLevels: []Level{}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Run(ctx) }()
	// The background fills the warm kind; wait for it (polling the
	// stats), with a generous bound for a loaded machine.
	deadline := time.Now().Add(time.Minute)
	for statsOf(p, easy9).Ready < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("not refilled in a minute: %+v", statsOf(p, easy9))
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := p.Run(ctx); !errors.Is(err, ErrRunning) {
		t.Errorf("a second Run: %v", err)
	}
	q, err := p.Get(ctx, easy9)
	if err != nil {
		t.Fatal(err)
	}
	checkServed(t, q, easy9)
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(time.Minute):
		t.Fatal("Run did not return after its context ended")
	}
}

func TestPoolDaily(t *testing.T) {
	day := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	p, err := NewPool(PoolConfig{Warm: []Kind{}, DailyLevels: []Level{Easy}, Now: func() time.Time { return day }})
	if err != nil {
		t.Fatal(err)
	}
	want, err := Daily(context.Background(), day, Hard)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([]Puzzle, 6)
	errs := make([]error, 6)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = p.Daily(context.Background(), day.Add(time.Duration(i)*time.Hour), Hard)
		}()
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil || got[i] != want {
			t.Fatalf("call %d: %v %v, want %v", i, got[i].Code, errs[i], want.Code)
		}
	}
	// The background makes the day's Easy puzzle ahead.
	settle(t, p)
	p.mu.Lock()
	_, ok := p.days[dayKey{"2025-06-01", Easy}]
	p.mu.Unlock()
	if !ok {
		t.Fatal("the day's Easy puzzle was not made ahead")
	}
	// A day later, the day before yesterday is forgotten.
	day = day.AddDate(0, 0, 2)
	if _, err := p.Daily(context.Background(), day, Easy); err != nil {
		t.Fatal(err)
	}
	p.mu.Lock()
	n := len(p.days)
	p.mu.Unlock()
	if n != 1 {
		t.Fatalf("%d days kept, want 1", n)
	}
}
