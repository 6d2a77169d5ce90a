package generate

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

// PoolConfig bounds a [Pool]. Zero fields take the defaults.
type PoolConfig struct {
	// Ready is how many puzzles of each kind are kept ready to serve at
	// once (default 4).
	Ready int
	// Bases is how many generated puzzles of each kind are kept to make
	// transformed puzzles from (default 8).
	Bases int
	// Uses is how many puzzles one generated puzzle gives, itself and its
	// transforms, before the pool prefers fresh ones (default 16).
	Uses int
	// CPU is the share of one core that the background refill may use,
	// above 0 and at most 1 (default 0.25). The refill is one goroutine
	// that sleeps after each piece of work in proportion to it.
	CPU float64
	// Warm lists the kinds kept ready from the start (default: 9×9 at every
	// level, without symmetry). Any other kind is kept ready once asked for.
	Warm []Kind
	// DailyLevels are the levels of the day's puzzle made ahead, for the
	// current UTC date (default Hard).
	DailyLevels []Level
	// Seed fixes the pool's own random choices: which generated puzzles it
	// makes and how it transforms them (default: from the clock).
	Seed uint64
	// Now is the clock that says which day it is (default time.Now).
	Now func() time.Time
}

func (c PoolConfig) withDefaults() PoolConfig {
	if c.Ready <= 0 {
		c.Ready = 4
	}
	if c.Bases <= 0 {
		c.Bases = 8
	}
	if c.Uses <= 0 {
		c.Uses = 16
	}
	if c.CPU <= 0 || c.CPU > 1 {
		c.CPU = 0.25
	}
	if c.Warm == nil {
		for _, l := range Levels {
			c.Warm = append(c.Warm, Kind{Shape: sudoku.Classic, Level: l})
		}
	}
	if c.DailyLevels == nil {
		c.DailyLevels = []Level{Hard}
	}
	if c.Seed == 0 {
		c.Seed = uint64(time.Now().UnixNano())
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Pool serves graded puzzles at once. For each kind asked for it keeps a few
// puzzles ready and a few generated ones (bases) from which it makes more by
// transforms (relabelled digits, permuted bands, stacks, rows and columns,
// transposed): a transform has the same solution count and techniques, and
// each is graded again before it is served. [Pool.Run] refills in the
// background within a bounded share of one core; memory is bounded by the
// number of kinds (at most 70) times Ready+Bases puzzles of about 1.3 KB.
//
// A Pool is safe for concurrent use. Its puzzles carry codes that [Decode]
// turns back into the same puzzles.
type Pool struct {
	cfg     PoolConfig
	wake    [2]chan struct{} // one per lane
	running atomic.Bool

	mu     sync.Mutex
	r      *rng
	stocks []*stock // in the order first asked for (Warm first)
	days   map[dayKey]*day
}

// stock is what the pool holds of one kind.
type stock struct {
	kind  Kind
	ready []Puzzle
	bases []*base
	gen   *Generator    // the background's own search for fresh puzzles
	busy  time.Duration // the background's time spent on this kind
	stats KindStats
}

// base is a generated puzzle kept to be transformed.
type base struct {
	p     Puzzle // transform 0
	uses  int    // puzzles served or made ready from it
	tried [1 << TransformBits / 64]uint64
	count int // transforms tried
}

type dayKey struct {
	date  string // YYYY-MM-DD, UTC
	level Level
}

// day is the day's puzzle of one level, once made (done closed).
type day struct {
	done chan struct{}
	p    Puzzle
	err  error
}

// KindStats counts what a pool did for one kind.
type KindStats struct {
	Kind        Kind
	Ready       int // puzzles ready now
	Bases       int // generated puzzles kept to transform
	Served      int // puzzles served at once from the ready ones
	ServedCold  int // puzzles served while none was ready (made on the request's time)
	Generated   int // puzzles generated from scratch
	Tries       int // base seeds tried to generate them
	Transformed int // transformed puzzles made
}

// NewPool returns a pool with the bounds of cfg. It does nothing in the
// background until [Pool.Run]. The error wraps [ErrKind] when a kind in
// cfg.Warm cannot be made.
func NewPool(cfg PoolConfig) (*Pool, error) {
	cfg = cfg.withDefaults()
	p := &Pool{cfg: cfg, wake: [2]chan struct{}{make(chan struct{}, 1), make(chan struct{}, 1)}, r: newRNG(cfg.Seed), days: map[dayKey]*day{}}
	for _, k := range cfg.Warm {
		if err := k.Check(); err != nil {
			return nil, fmt.Errorf("pool: warm kind: %w", err)
		}
		p.stock(k)
	}
	for _, l := range cfg.DailyLevels {
		if !l.valid() {
			return nil, fmt.Errorf("pool: daily level %v: %w", l, ErrKind)
		}
	}
	return p, nil
}

// stock returns the stock of k, made on first use. p.mu must be held.
func (p *Pool) stock(k Kind) *stock {
	for _, st := range p.stocks {
		if st.kind == k {
			return st
		}
	}
	gen, _ := NewGenerator(k, p.r.next()) // k was checked
	st := &stock{kind: k, gen: gen, stats: KindStats{Kind: k}}
	p.stocks = append(p.stocks, st)
	return st
}

// poke tells the background refill that there may be work.
func (p *Pool) poke() {
	for _, w := range p.wake {
		select {
		case w <- struct{}{}:
		default:
		}
	}
}

// Get returns a puzzle of kind k. With one ready it returns at once. Without
// (a pool drained faster than it refills) it transforms a kept puzzle, also
// at once: the transform keeps the kept puzzle's rating, which the engine
// confirms for every transform tried (the background grades each of its
// own again). With none kept (a cold pool) it generates one on the
// request's time, within ctx. Either way the kind is kept ready from then
// on. The error wraps [ErrKind] when there are no such puzzles, or the
// context's error.
func (p *Pool) Get(ctx context.Context, k Kind) (Puzzle, error) {
	if err := k.Check(); err != nil {
		return Puzzle{}, err
	}
	p.mu.Lock()
	st := p.stock(k)
	if len(st.ready) > 0 {
		pz := st.ready[0]
		st.ready = slices.Delete(st.ready, 0, 1)
		st.stats.Served++
		p.mu.Unlock()
		p.poke()
		return pz, nil
	}
	st.stats.ServedCold++
	if j, ok := p.transformJob(st, true); ok {
		st.stats.Transformed++
		p.mu.Unlock()
		p.poke()
		return j.puzzle(), nil
	}
	seed := p.r.next()
	p.mu.Unlock()
	p.poke()
	gen, _ := NewGenerator(k, seed)
	pz, err := gen.Next(ctx)
	p.mu.Lock()
	defer p.mu.Unlock()
	st.stats.Tries += gen.Tries()
	if err != nil {
		return Puzzle{}, fmt.Errorf("pool: %w", err)
	}
	st.stats.Generated++
	p.addBase(st, pz, 1)
	return pz, nil
}

// transformJob is one transform of a kept puzzle, to be graded.
type transformJob struct {
	b  *base
	id uint16
}

// puzzle returns the transformed puzzle with the kept puzzle's rating,
// which transforms keep (the engine agrees on every puzzle tried), without
// grading it again.
func (j transformJob) puzzle() Puzzle {
	c := j.b.p.Code
	c.Transform = j.id
	t := newTransform(c.Shape, c.Symmetric, c.Seed, j.id)
	out := j.b.p
	out.Code, out.Grid, out.Solution = c, t.apply(j.b.p.Grid), t.apply(j.b.p.Solution)
	return out
}

// run returns the transformed puzzle graded again by the engine.
func (j transformJob) run(ctx context.Context) (Puzzle, error) {
	p := j.puzzle()
	return graded(ctx, p.Code, p.Grid, p.Solution)
}

// transformJob picks the least used kept puzzle of st (with worn, even one
// used Uses times already) and a transform of it not tried yet, and counts
// the use. p.mu must be held.
func (p *Pool) transformJob(st *stock, worn bool) (transformJob, bool) {
	var best *base
	for _, b := range st.bases {
		if b.count < 1<<TransformBits-1 && (best == nil || b.uses < best.uses) {
			best = b
		}
	}
	if best == nil || !worn && best.uses >= p.cfg.Uses {
		return transformJob{}, false
	}
	for {
		id := uint16(1 + p.r.intn(1<<TransformBits-1))
		if best.tried[id/64]&(1<<(id%64)) == 0 {
			best.tried[id/64] |= 1 << (id % 64)
			best.count++
			best.uses++
			return transformJob{best, id}, true
		}
	}
}

// addBase keeps a generated puzzle, dropping the most used one beyond
// Bases. p.mu must be held.
func (p *Pool) addBase(st *stock, pz Puzzle, uses int) {
	st.bases = append(st.bases, &base{p: pz, uses: uses})
	if len(st.bases) > p.cfg.Bases {
		worst := 0
		for i, b := range st.bases {
			if b.uses > st.bases[worst].uses {
				worst = i
			}
		}
		st.bases = slices.Delete(st.bases, worst, worst+1)
	}
}

// ErrRunning is returned by [Pool.Run] when the pool is already running.
var ErrRunning = errors.New("pool: already running")

// Run refills the pool until ctx ends, then returns nil. It keeps Ready
// puzzles of every kind asked for (transforming kept puzzles when it can,
// generating fresh ones otherwise), keeps Bases fresh generated puzzles per
// kind, and makes the day's puzzles ahead. The work runs in two lanes, one
// goroutine each: 12×12 and 16×16 kinds, whose tries take seconds, and the
// others, whose tries take milliseconds, so that the slow ones never hold
// up the rest. After each piece of work (one base seed tried, one transform
// graded) a lane sleeps so as to use at most its share of one core: half
// of cfg.CPU each while both have work, all of it for the small grids
// while the big ones have none. So the pool never uses more than cfg.CPU
// of a core on average, and the process keeps the rest for solving. A lane
// with nothing to do sleeps until woken. Run returns [ErrRunning] if
// another Run is under way.
func (p *Pool) Run(ctx context.Context) error {
	if !p.running.CompareAndSwap(false, true) {
		return ErrRunning
	}
	defer p.running.Store(false)
	var bigBusy atomic.Bool
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		p.lane(ctx, false, func() float64 {
			if bigBusy.Load() {
				return p.cfg.CPU / 2
			}
			return p.cfg.CPU
		}, nil)
	}()
	go func() {
		defer wg.Done()
		p.lane(ctx, true, func() float64 { return p.cfg.CPU / 2 }, &bigBusy)
	}()
	wg.Wait()
	return nil
}

// bigLane reports whether kind k's work goes to the lane of the big grids,
// whose tries take seconds rather than milliseconds.
func bigLane(k Kind) bool { return k.Shape.Size() > 9 }

// lane does the work of one lane (see [Pool.Run]) until ctx ends, resting
// after each piece of work so as to use at most share() of one core. busy,
// if not nil, tells whether the lane has work.
func (p *Pool) lane(ctx context.Context, big bool, share func() float64, busy *atomic.Bool) {
	for ctx.Err() == nil {
		work := p.nextWork(big)
		if busy != nil {
			busy.Store(work != nil)
		}
		if work == nil {
			select {
			case <-ctx.Done():
			case <-p.wake[b2u(big)]:
			case <-time.After(time.Minute): // the date may change
			}
			continue
		}
		start := time.Now()
		work(ctx)
		s := share()
		rest := time.Duration(float64(time.Since(start)) * (1 - s) / s)
		if rest > 0 {
			t := time.NewTimer(rest)
			select {
			case <-ctx.Done():
			case <-t.C:
			}
			t.Stop()
		}
	}
}

// nextWork picks the most useful piece of work of one lane (the big grids'
// or the others'), or nil if there is none.
// First come transforms for the kinds with fewer than Ready puzzles ready
// (the fewest first): grading one takes milliseconds. Then a fresh try for
// such a kind that has no kept puzzle with uses left; then the day's
// puzzles; then fresh tries for kinds with fewer than Bases kept puzzles
// with uses left (see nextTurn for which kind goes first).
func (p *Pool) nextWork(big bool) func(context.Context) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var short []*stock
	for _, st := range p.stocks {
		if bigLane(st.kind) == big && len(st.ready) < p.cfg.Ready {
			short = append(short, st)
		}
	}
	slices.SortStableFunc(short, func(a, b *stock) int { return len(a.ready) - len(b.ready) })
	for _, st := range short {
		if j, ok := p.transformJob(st, false); ok {
			return func(ctx context.Context) {
				pz, err := j.run(ctx)
				p.mu.Lock()
				defer p.mu.Unlock()
				st.stats.Transformed++
				if err == nil && pz.Level == st.kind.Level && len(st.ready) < p.cfg.Ready {
					st.ready = append(st.ready, pz)
				}
			}
		}
	}
	if st := p.nextTurn(big, func(st *stock) bool { return len(st.ready) < p.cfg.Ready }); st != nil {
		return p.freshWork(st)
	}
	today := p.cfg.Now().UTC()
	for _, l := range p.cfg.DailyLevels {
		if big {
			break // the day's puzzles are 9×9
		}
		key := dayKey{today.Format(time.DateOnly), l}
		if _, ok := p.days[key]; !ok {
			d := p.startDay(key, today)
			return func(ctx context.Context) { p.makeDay(ctx, key, d, today) }
		}
	}
	if st := p.nextTurn(big, func(st *stock) bool {
		fresh := 0
		for _, b := range st.bases {
			if b.uses < p.cfg.Uses {
				fresh++
			}
		}
		return fresh < p.cfg.Bases
	}); st != nil {
		return p.freshWork(st)
	}
	return nil
}

// nextTurn returns the stock of a lane that needs a fresh try and has had
// the least of the background's time so far, or nil: a kind whose tries
// are slow waits while the quicker ones catch up. p.mu must be held.
func (p *Pool) nextTurn(big bool, needs func(*stock) bool) *stock {
	var best *stock
	for _, st := range p.stocks {
		if bigLane(st.kind) == big && needs(st) && (best == nil || st.busy < best.busy) {
			best = st
		}
	}
	return best
}

// freshWork is one try of st's own generator. p.mu must be held.
func (p *Pool) freshWork(st *stock) func(context.Context) {
	return func(ctx context.Context) {
		start := time.Now()
		pz, ok, err := st.gen.try(ctx)
		p.mu.Lock()
		defer p.mu.Unlock()
		st.busy += time.Since(start)
		st.stats.Tries++
		if err != nil || !ok {
			return
		}
		st.stats.Generated++
		uses := 0
		if len(st.ready) < p.cfg.Ready {
			st.ready = append(st.ready, pz)
			uses = 1
		}
		p.addBase(st, pz, uses)
	}
}

// Daily returns the day's puzzle of a level for the UTC date of date (see
// [Daily]), made once and kept for the day and the day after. Concurrent
// calls for the same puzzle wait for one another. The error wraps [ErrKind]
// for no level, or is the context's.
func (p *Pool) Daily(ctx context.Context, date time.Time, level Level) (Puzzle, error) {
	if !level.valid() {
		return Puzzle{}, fmt.Errorf("daily: %w: no level", ErrKind)
	}
	date = date.UTC()
	key := dayKey{date.Format(time.DateOnly), level}
	for {
		p.mu.Lock()
		d, ok := p.days[key]
		if !ok {
			d = p.startDay(key, date)
		}
		p.mu.Unlock()
		if !ok {
			p.makeDay(ctx, key, d, date)
		}
		select {
		case <-d.done:
		case <-ctx.Done():
			return Puzzle{}, fmt.Errorf("daily: %w", ctx.Err())
		}
		if d.err == nil {
			return d.p, nil
		}
		if ctx.Err() != nil || !ok {
			return Puzzle{}, d.err
		}
		// Whoever was making it gave up (its context ended); try again.
	}
}

// MadeDailies returns the day's puzzles of the UTC date of date that the
// pool has made (at any level), without making any.
func (p *Pool) MadeDailies(date time.Time) []Puzzle {
	key := date.UTC().Format(time.DateOnly)
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []Puzzle
	for k, d := range p.days {
		if k.date != key {
			continue
		}
		select {
		case <-d.done:
			if d.err == nil {
				out = append(out, d.p)
			}
		default: // being made
		}
	}
	return out
}

// startDay notes that the day's puzzle of key is being made, and forgets
// the puzzles of days before yesterday. p.mu must be held.
func (p *Pool) startDay(key dayKey, date time.Time) *day {
	d := &day{done: make(chan struct{})}
	p.days[key] = d
	old := p.cfg.Now().UTC().AddDate(0, 0, -1).Format(time.DateOnly)
	for k := range p.days {
		if k.date < old {
			delete(p.days, k)
		}
	}
	return d
}

// makeDay makes the day's puzzle and hands it to whoever waits. A failure
// (a context that ended) is handed on too, and forgotten, so that the next
// call tries again.
func (p *Pool) makeDay(ctx context.Context, key dayKey, d *day, date time.Time) {
	d.p, d.err = Daily(ctx, date, key.level)
	if d.err != nil {
		p.mu.Lock()
		if p.days[key] == d {
			delete(p.days, key)
		}
		p.mu.Unlock()
	}
	close(d.done)
}

// Stats returns what the pool did for each kind asked for, in the order
// first asked for.
func (p *Pool) Stats() []KindStats {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]KindStats, len(p.stocks))
	for i, st := range p.stocks {
		out[i] = st.stats
		out[i].Ready = len(st.ready)
		out[i].Bases = len(st.bases)
	}
	return out
}
