package settings_test

import (
	"context"
	"errors"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/sqlite"
)

// The Cache is tested over a real SQLite backend, wrapped so that a test can
// make the database fail, hang, or pause a read after it was made.

type mode int32

const (
	pass mode = iota
	fail      // every call fails at once, as with a refused connection
	hang      // every call waits for its context, as with a server that does not answer
	full      // writes fail at once, reads work, as with a full disk (SQLITE_FULL)
)

var (
	errDown = errors.New("connection refused")
	errFull = errors.New("database or disk is full (13)")
)

type flaky struct {
	settings.Backend
	mode       atomic.Int32
	guildCalls atomic.Int64
	// When hold is set, Guild reads the database, sends on held, then waits
	// for hold to be closed before it returns what it read.
	mu   sync.Mutex
	hold chan struct{}
	held chan struct{}
}

// holdReads makes Guild wait after reading, until the returned func is called.
func (f *flaky) holdReads() (release func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.hold, f.held = make(chan struct{}), make(chan struct{}, 100)
	hold := f.hold
	return func() {
		f.mu.Lock()
		f.hold = nil
		f.mu.Unlock()
		close(hold)
	}
}

func (f *flaky) set(m mode) { f.mode.Store(int32(m)) }

func (f *flaky) gate(ctx context.Context) error {
	switch mode(f.mode.Load()) {
	case fail:
		return errDown
	case hang:
		<-ctx.Done()
		return ctx.Err()
	}
	return nil
}

func (f *flaky) Guild(ctx context.Context, id string) (settings.Guild, error) {
	f.guildCalls.Add(1)
	if err := f.gate(ctx); err != nil {
		return settings.Guild{}, err
	}
	g, err := f.Backend.Guild(ctx, id)
	f.mu.Lock()
	hold, held := f.hold, f.held
	f.mu.Unlock()
	if hold != nil {
		held <- struct{}{}
		<-hold
	}
	return g, err
}

// writeGate is gate for a write.
func (f *flaky) writeGate(ctx context.Context) error {
	if mode(f.mode.Load()) == full {
		return errFull
	}
	return f.gate(ctx)
}

func (f *flaky) Update(ctx context.Context, id string, change func(*settings.Guild) error) (settings.Guild, error) {
	if err := f.writeGate(ctx); err != nil {
		return settings.Guild{}, err
	}
	return f.Backend.Update(ctx, id, change)
}

func (f *flaky) ClaimDaily(ctx context.Context, id string, day settings.Day, now time.Time, lease time.Duration) (bool, error) {
	if err := f.writeGate(ctx); err != nil {
		return false, err
	}
	return f.Backend.ClaimDaily(ctx, id, day, now, lease)
}

func (f *flaky) Changes(ctx context.Context, after int64, limit int) ([]settings.Change, error) {
	if err := f.gate(ctx); err != nil {
		return nil, err
	}
	return f.Backend.Changes(ctx, after, limit)
}

func (f *flaky) LastChange(ctx context.Context) (int64, error) {
	if err := f.gate(ctx); err != nil {
		return 0, err
	}
	return f.Backend.LastChange(ctx)
}

func newFlaky(t testing.TB) *flaky {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return &flaky{Backend: db}
}

func newCache(t testing.TB, b settings.Backend, opt settings.CacheOptions) *settings.Cache {
	t.Helper()
	if opt.PollInterval == 0 {
		opt.PollInterval = time.Hour // tests poll by hand with Refresh
	}
	c := settings.NewCache(b, opt)
	t.Cleanup(func() { c.Close() })
	return c
}

const g1, g2 = "111111111111111111", "222222222222222222"

func TestCacheHotPathNoQuery(t *testing.T) {
	f := newFlaky(t)
	c := newCache(t, f, settings.CacheOptions{})
	ctx := context.Background()
	if _, err := f.Backend.Update(ctx, g1, func(g *settings.Guild) error { return g.SetPrefix("?") }); err != nil {
		t.Fatal(err)
	}
	for i := range 1000 {
		g, err := c.Guild(ctx, g1)
		if err != nil || g.Prefix != "?" {
			t.Fatalf("Guild #%d = %+v, %v", i, g, err)
		}
	}
	if n := f.guildCalls.Load(); n != 1 {
		t.Fatalf("1000 reads of one server made %d queries, want 1", n)
	}
	if s := c.Stats(); s.Hits != 999 || s.Loads != 1 || s.Entries != 1 {
		t.Fatalf("Stats = %+v", s)
	}
}

func TestCacheLoadsOnceForConcurrentReads(t *testing.T) {
	f := newFlaky(t)
	c := newCache(t, f, settings.CacheOptions{})
	release := f.holdReads()
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Guild(context.Background(), g1); err != nil {
				t.Error(err)
			}
		}()
	}
	<-f.held
	time.Sleep(20 * time.Millisecond) // let the other readers arrive; any that come later find the cache filled
	release()
	wg.Wait()
	if n := f.guildCalls.Load(); n != 1 {
		t.Fatalf("20 concurrent first reads made %d queries, want 1", n)
	}
}

func TestCacheDatabaseDown(t *testing.T) {
	f := newFlaky(t)
	c := newCache(t, f, settings.CacheOptions{RetryAfter: time.Hour})
	ctx := context.Background()
	if _, err := c.Update(ctx, g1, func(g *settings.Guild) error { return g.SetPrefix("?") }); err != nil {
		t.Fatal(err)
	}
	f.set(fail)
	// A server in memory is still served, without error.
	if g, err := c.Guild(ctx, g1); err != nil || g.Prefix != "?" {
		t.Fatalf("known server with the database down = %+v, %v; want its settings", g, err)
	}
	// Another gets the defaults and ErrUnavailable.
	g, err := c.Guild(ctx, g2)
	if !errors.Is(err, settings.ErrUnavailable) || !errors.Is(err, errDown) {
		t.Fatalf("Guild with the database down: err = %v, want ErrUnavailable wrapping the cause", err)
	}
	if g.ID != g2 || g.Prefix != "" || g.Version != 0 {
		t.Fatalf("Guild with the database down = %+v, want the defaults", g)
	}
	// Within RetryAfter nothing reaches the database.
	calls := f.guildCalls.Load()
	for range 10 {
		if _, err := c.Guild(ctx, g2); !errors.Is(err, settings.ErrUnavailable) {
			t.Fatalf("err = %v", err)
		}
	}
	if _, err := c.Update(ctx, g2, func(g *settings.Guild) error { return g.SetPrefix("x") }); !errors.Is(err, settings.ErrUnavailable) {
		t.Fatalf("Update with the database down: %v", err)
	}
	if _, err := c.ClaimDaily(ctx, g2, 1, time.Now(), time.Hour); !errors.Is(err, settings.ErrUnavailable) {
		t.Fatalf("ClaimDaily with the database down: %v", err)
	}
	if n := f.guildCalls.Load(); n != calls {
		t.Fatalf("%d queries while the database was known down, want none", n-calls)
	}
	// The poll finds it back; then reads work again.
	if err := c.Refresh(ctx); !errors.Is(err, settings.ErrUnavailable) {
		t.Fatalf("Refresh with the database down: %v", err)
	}
	f.set(pass)
	if err := c.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if g, err := c.Guild(ctx, g2); err != nil || g.ID != g2 {
		t.Fatalf("Guild after the database came back = %+v, %v", g, err)
	}
}

// TestCacheFailedWriteKeepsReads: writes that fail (a full disk) while
// reads work say so, but do not mark the database down: a server not in
// memory still gets its settings read at once.
func TestCacheFailedWriteKeepsReads(t *testing.T) {
	f := newFlaky(t)
	c := newCache(t, f, settings.CacheOptions{RetryAfter: time.Hour})
	ctx := context.Background()
	if _, err := f.Backend.Update(ctx, g2, func(g *settings.Guild) error { return g.SetPrefix("?") }); err != nil {
		t.Fatal(err) // g2's settings, in the database only
	}
	f.set(full)
	for range 3 {
		if _, err := c.Update(ctx, g1, func(g *settings.Guild) error { return g.SetPrefix("x") }); !errors.Is(err, settings.ErrUnavailable) || !errors.Is(err, errFull) {
			t.Fatalf("Update on a full disk: %v, want ErrUnavailable wrapping the cause", err)
		}
		if _, err := c.ClaimDaily(ctx, g1, 1, time.Now(), time.Hour); !errors.Is(err, errFull) {
			t.Fatalf("ClaimDaily on a full disk: %v", err)
		}
	}
	if g, err := c.Guild(ctx, g2); err != nil || g.Prefix != "?" {
		t.Fatalf("a server not in memory after failed writes = %+v, %v; want its settings read", g, err)
	}
}

func TestCacheDatabaseHangs(t *testing.T) {
	f := newFlaky(t)
	c := newCache(t, f, settings.CacheOptions{Timeout: 50 * time.Millisecond, WriteTimeout: 50 * time.Millisecond, RetryAfter: time.Nanosecond})
	f.set(hang)
	ctx := context.Background()
	for name, call := range map[string]func() error{
		"Guild":      func() error { _, err := c.Guild(ctx, g1); return err },
		"Update":     func() error { _, err := c.Update(ctx, g1, func(*settings.Guild) error { return nil }); return err },
		"ClaimDaily": func() error { _, err := c.ClaimDaily(ctx, g1, 1, time.Now(), time.Hour); return err },
		"Refresh":    func() error { return c.Refresh(ctx) },
	} {
		done := make(chan error, 1)
		go func() { done <- call() }()
		select {
		case err := <-done:
			if !errors.Is(err, settings.ErrUnavailable) {
				t.Errorf("%s on a database that does not answer: err = %v, want ErrUnavailable", name, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s on a database that does not answer did not return (timeout 50 ms)", name)
		}
	}
}

func TestCacheCallerGivesUp(t *testing.T) {
	f := newFlaky(t)
	c := newCache(t, f, settings.CacheOptions{RetryAfter: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.ClaimDaily(ctx, g1, 1, time.Now(), time.Hour); err == nil {
		t.Fatal("ClaimDaily with a cancelled context: no error")
	}
	// The database is not taken for down because a caller gave up.
	if won, err := c.ClaimDaily(context.Background(), g1, 1, time.Now(), time.Hour); err != nil || !won {
		t.Fatalf("ClaimDaily after another caller gave up = %v, %v", won, err)
	}
}

func TestCacheUpdateErrors(t *testing.T) {
	f := newFlaky(t)
	c := newCache(t, f, settings.CacheOptions{})
	ctx := context.Background()
	_, err := c.Update(ctx, g1, func(g *settings.Guild) error { return g.SetPrefix("a b") })
	var se *settings.Error
	if !errors.As(err, &se) || errors.Is(err, settings.ErrUnavailable) {
		t.Fatalf("Update with a bad prefix: err = %v, want a *settings.Error and not ErrUnavailable", err)
	}
	mine := errors.New("not allowed")
	if _, err := c.Update(ctx, g1, func(*settings.Guild) error { return mine }); err != mine {
		t.Fatalf("Update whose change fails: err = %v, want the change's error", err)
	}
	_, err = c.Update(ctx, g1, func(g *settings.Guild) error { g.Daily.Hour = 30; g.Daily.ChannelID = "1"; return nil })
	if !errors.As(err, &se) || se.Setting != "daily hour" {
		t.Fatalf("Update with an invalid result: err = %v, want a *settings.Error about the daily hour", err)
	}
	// None of these made the database look down.
	if _, err := c.Guild(ctx, g2); err != nil {
		t.Fatalf("Guild after refused updates: %v", err)
	}
}

func TestCacheOwnWritesShowAtOnce(t *testing.T) {
	f := newFlaky(t)
	c := newCache(t, f, settings.CacheOptions{})
	ctx := context.Background()
	if _, err := c.Guild(ctx, g1); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Update(ctx, g1, func(g *settings.Guild) error { return g.SetPrefix("%") }); err != nil {
		t.Fatal(err)
	}
	if g, _ := c.Guild(ctx, g1); g.Prefix != "%" {
		t.Fatalf("after Update through the cache, prefix = %q", g.Prefix)
	}
	if err := c.DeleteGuild(ctx, g1); err != nil {
		t.Fatal(err)
	}
	if g, _ := c.Guild(ctx, g1); g.Prefix != "" {
		t.Fatalf("after DeleteGuild through the cache, prefix = %q", g.Prefix)
	}
}

// TestCacheStaleLoadNotKept: a load that read the database before an Update
// returns after it; what it read must not replace the update in memory.
func TestCacheStaleLoadNotKept(t *testing.T) {
	f := newFlaky(t)
	c := newCache(t, f, settings.CacheOptions{})
	ctx := context.Background()
	release := f.holdReads()
	loaded := make(chan settings.Guild)
	go func() {
		g, _ := c.Guild(ctx, g1) // reads the old settings, then waits
		loaded <- g
	}()
	<-f.held
	if _, err := c.Update(ctx, g1, func(g *settings.Guild) error { return g.SetPrefix("new") }); err != nil {
		t.Fatal(err)
	}
	release()
	if g := <-loaded; g.Prefix != "" {
		t.Fatalf("the held load returned %q, want the old settings (the test is not testing)", g.Prefix)
	}
	if g, _ := c.Guild(ctx, g1); g.Prefix != "new" {
		t.Fatalf("after a stale load finished, prefix = %q, want new", g.Prefix)
	}
}

func TestCacheForgetsIdleServers(t *testing.T) {
	f := newFlaky(t)
	c := newCache(t, f, settings.CacheOptions{PollInterval: time.Hour, IdleTTL: time.Nanosecond})
	ctx := context.Background()
	if _, err := c.Guild(ctx, g1); err != nil {
		t.Fatal(err)
	}
	if n := c.Stats().Entries; n != 1 {
		t.Fatalf("entries = %d", n)
	}
	for range 3 {
		if err := c.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if n := c.Stats().Entries; n != 0 {
		t.Fatalf("entries after idle polls = %d, want 0", n)
	}
}

func TestCacheReturnsCopies(t *testing.T) {
	f := newFlaky(t)
	c := newCache(t, f, settings.CacheOptions{})
	ctx := context.Background()
	if _, err := c.Update(ctx, g1, func(g *settings.Guild) error { return g.AllowChannel("5") }); err != nil {
		t.Fatal(err)
	}
	g, _ := c.Guild(ctx, g1)
	g.Channels[0] = "666"
	if g, _ := c.Guild(ctx, g1); g.Channels[0] != "5" {
		t.Fatalf("a caller's change to a returned Guild reached the cache: %v", g.Channels)
	}
}

func BenchmarkCacheGuild(b *testing.B) {
	f := newFlaky(b)
	c := newCache(b, f, settings.CacheOptions{})
	ctx := context.Background()
	if _, err := c.Update(ctx, g1, func(g *settings.Guild) error { return g.SetPrefix("?") }); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := c.Guild(ctx, g1); err != nil {
				b.Fatal(err)
			}
		}
	})
}
