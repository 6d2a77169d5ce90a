package settings

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
)

// CacheOptions tune a [Cache]. Zero fields take the defaults given.
type CacheOptions struct {
	// PollInterval is how often the cache reads the backend's change log, and
	// so how soon a change made by another process shows here. Default 2s.
	PollInterval time.Duration
	// Timeout bounds every read of the database (a cold Guild, the daily and
	// solver calls, one poll). Default 2s.
	Timeout time.Duration
	// WriteTimeout bounds Update and DeleteGuild. Default 5s.
	WriteTimeout time.Duration
	// RetryAfter is how long after a failure calls fail at once with
	// ErrUnavailable instead of waiting on a database that just failed; a
	// successful poll ends it earlier. Default 3s.
	RetryAfter time.Duration
	// IdleTTL is how long a server's settings stay in memory without being
	// read. Default 1h.
	IdleTTL time.Duration
	// Logger receives a warning when the database becomes unavailable, and
	// an info line when it is back. Default: no logging.
	Logger *slog.Logger
}

func (o CacheOptions) withDefaults() CacheOptions {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.PollInterval, 2*time.Second)
	def(&o.Timeout, 2*time.Second)
	def(&o.WriteTimeout, 5*time.Second)
	def(&o.RetryAfter, 3*time.Second)
	def(&o.IdleTTL, time.Hour)
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// Cache is the [Store] the bot uses: a [Backend] with the servers' settings
// held in memory.
//
//   - Guild answers from memory, with no query and no lock held for long,
//     once a server's settings have been loaded; the first read of a server
//     loads them (concurrent first reads share one query).
//   - A background poll reads the backend's change log every PollInterval and
//     reloads the servers that other processes changed; Update and
//     DeleteGuild through this Cache show at once.
//   - Every call has a deadline. When the database fails, calls return an
//     error wrapping [ErrUnavailable]: at once for RetryAfter, or until a
//     poll succeeds. Guild still returns the server's settings if it holds
//     them, and otherwise the defaults (Guild{ID: guildID}) with the error.
//
// Create it with [NewCache] and stop it with Close.
type Cache struct {
	b   Backend
	opt CacheOptions

	mu      sync.RWMutex
	entries map[string]*entry
	loading map[string]*load
	epoch   uint64 // bumped when anything is invalidated; a load that began before stores nothing
	closed  bool

	tick      atomic.Int64 // polls done; an entry's last read is kept in ticks
	downUntil atomic.Int64 // unix nanoseconds; calls fail at once before it
	down      atomic.Bool  // the last call failed; for logging transitions

	hits, loads, failures atomic.Uint64

	pollMu  sync.Mutex
	lastSeq int64 // last change seen; -1 until the first successful poll
	lastOK  time.Time

	stop      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

type entry struct {
	g    Guild
	used atomic.Int64 // tick of the last read
}

type load struct {
	done chan struct{}
	g    Guild
	err  error
}

var _ Store = (*Cache)(nil)

// NewCache returns a Cache over b and starts its poll. It reads the backend's
// change log once before it returns, waiting at most opt.Timeout. b stays the
// caller's to close, after the Cache.
func NewCache(b Backend, opt CacheOptions) *Cache {
	c := &Cache{
		b:       b,
		opt:     opt.withDefaults(),
		entries: make(map[string]*entry),
		loading: make(map[string]*load),
		lastSeq: -1,
		stop:    make(chan struct{}),
		done:    make(chan struct{}),
	}
	// The first read of the change log, so that the poll that follows sees
	// every change made from now on; if the database is down, the poll
	// tries again.
	_ = c.Refresh(context.Background())
	go c.poll()
	return c
}

// Close stops the poll. The Cache must not be used after.
func (c *Cache) Close() error {
	c.closeOnce.Do(func() {
		close(c.stop)
		<-c.done
		c.mu.Lock()
		c.closed = true
		c.mu.Unlock()
	})
	return nil
}

func (c *Cache) poll() {
	defer close(c.done)
	t := time.NewTicker(c.opt.PollInterval)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
		}
		_ = c.Refresh(context.Background()) // failures are counted, logged and turn the cache down
	}
}

// CacheStats are counts for metrics and tests.
type CacheStats struct {
	Hits     uint64 // Guild calls answered from memory
	Loads    uint64 // Guild calls that read the database
	Failures uint64 // calls (and polls) that failed with ErrUnavailable
	Entries  int    // servers held in memory
}

// Stats returns the counts so far.
func (c *Cache) Stats() CacheStats {
	c.mu.RLock()
	n := len(c.entries)
	c.mu.RUnlock()
	return CacheStats{Hits: c.hits.Load(), Loads: c.loads.Load(), Failures: c.failures.Load(), Entries: n}
}

// Guild returns a server's settings, from memory when it holds them. On a
// failure it returns the defaults, Guild{ID: guildID}, and an error that wraps
// ErrUnavailable; answer with the defaults.
func (c *Cache) Guild(ctx context.Context, guildID string) (Guild, error) {
	if !ValidID(guildID) {
		return Guild{ID: guildID}, fmt.Errorf("settings: %q is not a Discord server ID", guildID)
	}
	c.mu.RLock()
	e := c.entries[guildID]
	c.mu.RUnlock()
	if e != nil {
		c.hits.Add(1)
		if tick := c.tick.Load(); e.used.Load() != tick { // written once per poll, not per read
			e.used.Store(tick)
		}
		return e.g.Clone(), nil
	}
	if err := c.isDown(); err != nil {
		c.failures.Add(1)
		return Guild{ID: guildID}, fmt.Errorf("load settings of server %s: %w", guildID, err)
	}
	l := c.startLoad(guildID)
	if l == nil { // loaded meanwhile
		return c.Guild(ctx, guildID)
	}
	select {
	case <-l.done:
		if l.err != nil {
			return Guild{ID: guildID}, fmt.Errorf("load settings of server %s: %w", guildID, l.err)
		}
		return l.g.Clone(), nil
	case <-ctx.Done():
		c.failures.Add(1)
		return Guild{ID: guildID}, fmt.Errorf("load settings of server %s: %w", guildID, errors.Join(ErrUnavailable, ctx.Err()))
	}
}

// startLoad starts loading a server, or joins the load under way. It returns
// nil if the server is in memory.
func (c *Cache) startLoad(guildID string) *load {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries[guildID] != nil {
		return nil
	}
	if l := c.loading[guildID]; l != nil {
		return l
	}
	l := &load{done: make(chan struct{})}
	c.loading[guildID] = l
	c.loads.Add(1)
	go c.fill(guildID, l, c.epoch)
	return l
}

// fill loads a server's settings under the cache's own deadline (the caller
// may stop waiting; the load still serves the others) and keeps them unless
// something was invalidated meanwhile.
func (c *Cache) fill(guildID string, l *load, epoch uint64) {
	ctx, cancel := context.WithTimeout(context.Background(), c.opt.Timeout)
	g, err := c.b.Guild(ctx, guildID)
	cancel()
	if err != nil {
		err = c.failed(err)
	} else {
		c.ok()
	}
	c.mu.Lock()
	delete(c.loading, guildID)
	if err == nil && c.epoch == epoch && !c.closed {
		e := &entry{g: g.Clone()}
		e.used.Store(c.tick.Load())
		c.entries[guildID] = e
	}
	c.mu.Unlock()
	l.g, l.err = g, err
	close(l.done)
}

// isDown returns an ErrUnavailable error while calls fail at once.
func (c *Cache) isDown() error {
	if until := c.downUntil.Load(); until != 0 && time.Now().UnixNano() < until {
		return fmt.Errorf("%w: the database failed less than %v ago", ErrUnavailable, c.opt.RetryAfter)
	}
	return nil
}

// failed notes a failure of the database and returns err wrapped with
// ErrUnavailable.
func (c *Cache) failed(err error) error {
	c.failures.Add(1)
	c.downUntil.Store(time.Now().Add(c.opt.RetryAfter).UnixNano())
	if !c.down.Swap(true) {
		c.opt.Logger.Warn("settings database unavailable; using defaults for servers not in memory", "err", err)
	}
	return errors.Join(ErrUnavailable, err)
}

func (c *Cache) ok() {
	c.downUntil.Store(0)
	if c.down.Swap(false) {
		c.opt.Logger.Info("settings database available again")
	}
}

// errTimeout is the cause of a Cache's own deadlines, told apart from the
// caller's: only the Cache's own say the database is slow.
var errTimeout = errors.New("the database did not answer in time")

// call runs one database read under timeout, failing at once while the
// database is down, and wraps a failure with ErrUnavailable. Errors of the
// caller's own making (keep) are returned as they are.
func (c *Cache) call(ctx context.Context, timeout time.Duration, op string, f func(context.Context) error, keep func(error) bool) error {
	return c.do(ctx, timeout, op, false, f, keep)
}

// write is call for a write. A failed write does not mark the database
// down: it may fail alone (a full disk: SQLITE_FULL) while reads work, and
// servers not in memory would lose their settings for RetryAfter, re-armed
// by every write that fails.
func (c *Cache) write(ctx context.Context, op string, f func(context.Context) error, keep func(error) bool) error {
	return c.do(ctx, c.opt.WriteTimeout, op, true, f, keep)
}

func (c *Cache) do(ctx context.Context, timeout time.Duration, op string, write bool, f func(context.Context) error, keep func(error) bool) error {
	if err := c.isDown(); err != nil {
		c.failures.Add(1)
		return fmt.Errorf("%s: %w", op, err)
	}
	ctx, cancel := context.WithTimeoutCause(ctx, timeout, errTimeout)
	defer cancel()
	err := f(ctx)
	switch {
	case err == nil:
		c.ok()
		return nil
	case keep != nil && keep(err):
		c.ok()
		return err
	case ctx.Err() != nil && context.Cause(ctx) != errTimeout:
		// The caller gave up: that says nothing about the database.
		c.failures.Add(1)
		return fmt.Errorf("%s: %w", op, errors.Join(ErrUnavailable, err))
	case write:
		c.failures.Add(1)
		return fmt.Errorf("%s: %w", op, errors.Join(ErrUnavailable, err))
	}
	return fmt.Errorf("%s: %w", op, c.failed(err))
}

// Update changes a server's settings (see [Store.Update]) and keeps the result
// in memory. An error from change or an [*Error] from validation comes back as
// it is; a failure of the database wraps ErrUnavailable, and then nothing may
// have been saved.
func (c *Cache) Update(ctx context.Context, guildID string, change func(*Guild) error) (Guild, error) {
	var changeErr error
	var g Guild
	err := c.write(ctx, "update settings of server "+guildID, func(ctx context.Context) error {
		var err error
		g, err = c.b.Update(ctx, guildID, func(g *Guild) error {
			changeErr = change(g)
			return changeErr
		})
		return err
	}, func(err error) bool {
		var se *Error
		return (changeErr != nil && errors.Is(err, changeErr)) || errors.As(err, &se)
	})
	if err != nil {
		if changeErr != nil && errors.Is(err, changeErr) {
			return Guild{}, changeErr
		}
		var se *Error
		if errors.As(err, &se) {
			return Guild{}, se
		}
		return Guild{}, err
	}
	c.mu.Lock()
	c.epoch++
	if e := c.entries[guildID]; (e == nil || e.g.Version <= g.Version) && !c.closed {
		ne := &entry{g: g.Clone()}
		ne.used.Store(c.tick.Load())
		c.entries[guildID] = ne
	}
	c.mu.Unlock()
	return g, nil
}

// DeleteGuild deletes everything kept about a server (see [Store.DeleteGuild]).
func (c *Cache) DeleteGuild(ctx context.Context, guildID string) error {
	err := c.write(ctx, "delete server "+guildID, func(ctx context.Context) error {
		return c.b.DeleteGuild(ctx, guildID)
	}, nil)
	c.invalidate(guildID) // even on failure: what is in memory may be stale
	return err
}

// DueDaily returns the servers whose daily post is due (see [Store.DueDaily]).
func (c *Cache) DueDaily(ctx context.Context, now time.Time, lease time.Duration) ([]Guild, error) {
	var gs []Guild
	err := c.call(ctx, c.opt.Timeout, "list due daily posts", func(ctx context.Context) (err error) {
		gs, err = c.b.DueDaily(ctx, now, lease)
		return err
	}, nil)
	return gs, err
}

// ClaimDaily claims a server's daily post (see [Store.ClaimDaily]). On an
// error, do not post: the claim is not known to be yours.
func (c *Cache) ClaimDaily(ctx context.Context, guildID string, day Day, now time.Time, lease time.Duration) (bool, error) {
	var won bool
	err := c.write(ctx, "claim daily post of server "+guildID, func(ctx context.Context) (err error) {
		won, err = c.b.ClaimDaily(ctx, guildID, day, now, lease)
		return err
	}, nil)
	return won && err == nil, err
}

// DailyPosted confirms a daily post (see [Store.DailyPosted]).
func (c *Cache) DailyPosted(ctx context.Context, guildID string, day Day, post DailyPost) error {
	return c.write(ctx, "confirm daily post of server "+guildID, func(ctx context.Context) error {
		return c.b.DailyPosted(ctx, guildID, day, post)
	}, nil)
}

// DailyPost returns a day's confirmed daily post (see [Store.DailyPost]).
func (c *Cache) DailyPost(ctx context.Context, guildID string, day Day) (DailyPost, bool, error) {
	var p DailyPost
	var found bool
	err := c.call(ctx, c.opt.Timeout, "read daily post of server "+guildID, func(ctx context.Context) (err error) {
		p, found, err = c.b.DailyPost(ctx, guildID, day)
		return err
	}, nil)
	return p, found, err
}

// Unrank marks a member as not ranked on a day (see [Store.Unrank]).
func (c *Cache) Unrank(ctx context.Context, day Day, userID string) error {
	return c.write(ctx, "unrank member "+userID, func(ctx context.Context) error {
		return c.b.Unrank(ctx, day, userID)
	}, nil)
}

// RecordSolver records a solver of the day (see [Store.RecordSolver]).
func (c *Cache) RecordSolver(ctx context.Context, guildID string, day Day, userID string, at time.Time) (int, bool, error) {
	var place int
	var recorded bool
	err := c.write(ctx, "record solver of server "+guildID, func(ctx context.Context) (err error) {
		place, recorded, err = c.b.RecordSolver(ctx, guildID, day, userID, at)
		return err
	}, nil)
	return place, recorded, err
}

// Solvers returns the solvers of a day (see [Store.Solvers]).
func (c *Cache) Solvers(ctx context.Context, guildID string, day Day) ([]Solver, error) {
	var s []Solver
	err := c.call(ctx, c.opt.Timeout, "list solvers of server "+guildID, func(ctx context.Context) (err error) {
		s, err = c.b.Solvers(ctx, guildID, day)
		return err
	}, nil)
	return s, err
}

// Streak returns a member's streak (see [Store.Streak]).
func (c *Cache) Streak(ctx context.Context, guildID, userID string, today Day) (int, error) {
	var n int
	err := c.call(ctx, c.opt.Timeout, "read streak in server "+guildID, func(ctx context.Context) (err error) {
		n, err = c.b.Streak(ctx, guildID, userID, today)
		return err
	}, nil)
	return n, err
}

// invalidate forgets a server's settings and stops loads under way from
// keeping theirs.
func (c *Cache) invalidate(guildIDs ...string) (held []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.epoch++
	for _, id := range guildIDs {
		if c.entries[id] != nil {
			held = append(held, id)
			delete(c.entries, id)
		}
	}
	return held
}

func (c *Cache) flush() {
	c.mu.Lock()
	c.epoch++
	clear(c.entries)
	c.mu.Unlock()
}

// pollBatch is how many changes one query of the change log reads.
const pollBatch = 500

// Refresh reads the backend's change log now, as the poll does every
// PollInterval: the servers changed by other processes are reloaded, and
// servers not read for IdleTTL are forgotten. It returns an error wrapping
// ErrUnavailable if the log could not be read. Tests call it to see a change
// without waiting for the poll.
func (c *Cache) Refresh(ctx context.Context) error {
	c.pollMu.Lock()
	defer c.pollMu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, c.opt.Timeout)
	defer cancel()
	tick := c.tick.Add(1)

	if c.lastSeq < 0 || time.Since(c.lastOK) > ChangeRetention/2 {
		// First poll, or the log may have lost changes since the last one:
		// start from its end and forget everything read before.
		seq, err := c.b.LastChange(ctx)
		if err != nil {
			return fmt.Errorf("read the settings change log: %w", c.failed(err))
		}
		c.lastSeq, c.lastOK = seq, time.Now()
		c.flush()
		c.ok()
		return nil
	}
	var changed []string
	for {
		chs, err := c.b.Changes(ctx, c.lastSeq, pollBatch)
		if err != nil {
			return fmt.Errorf("read the settings change log: %w", c.failed(err))
		}
		for _, ch := range chs {
			changed = append(changed, ch.GuildID)
			c.lastSeq = ch.Seq
		}
		if len(chs) < pollBatch {
			break
		}
	}
	c.lastOK = time.Now()
	c.ok()
	if len(changed) > 0 {
		for _, id := range c.invalidate(changed...) {
			c.startLoad(id) // reload what was in use, in the background
		}
	}
	idle := int64(c.opt.IdleTTL/c.opt.PollInterval) + 1
	c.mu.Lock()
	for id, e := range c.entries {
		if tick-e.used.Load() > idle {
			delete(c.entries, id)
		}
	}
	c.mu.Unlock()
	return nil
}
