package main

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// deadlines hands out the contexts that give each puzzle of a run its own
// time limit, cheaply: a timer set and stopped for every puzzle
// (context.WithTimeout) cost a fifth of solving a file of 17-clue puzzles
// as a whole process, where the solver only polls Err (once as it starts,
// then every few thousand nodes). A context from next reads only the
// monotonic clock, has a timer only when someone waits on Done, and is used
// again for the next puzzle when no one did.
type deadlines struct {
	epoch   time.Time // the monotonic origin of the run
	timeout time.Duration
	last    *deadlineCtx
}

func newDeadlines(timeout time.Duration) *deadlines {
	return &deadlines{epoch: time.Now(), timeout: timeout}
}

// next returns the context of the next puzzle. The previous one must no
// longer be in use.
func (d *deadlines) next() *deadlineCtx {
	if c := d.last; c != nil {
		c.mu.Lock()
		reusable := c.done == nil
		c.mu.Unlock()
		if reusable {
			c.due = d.dueFrom(c.now())
			c.ended.Store(false)
			return c
		}
		c.stop()
	}
	c := &deadlineCtx{epoch: d.epoch}
	c.due = d.dueFrom(c.now())
	d.last = c
	return c
}

// dueFrom is the deadline of a puzzle started now (nanoseconds after the
// epoch), the latest time there is for a timeout beyond it.
func (d *deadlines) dueFrom(now int64) int64 {
	due := now + int64(d.timeout)
	if d.timeout > 0 && due < now {
		return math.MaxInt64
	}
	return due
}

// close releases the last context's timer, if it has one.
func (d *deadlines) close() {
	if d.last != nil {
		d.last.stop()
	}
}

// deadlineCtx is a context that ends at a deadline. Done is closed
// whenever Err is not nil, as the context package asks: Err closes it when
// it finds the time passed, and a timer does when it comes.
type deadlineCtx struct {
	epoch time.Time
	due   int64 // nanoseconds after epoch
	ended atomic.Bool

	mu    sync.Mutex
	done  chan struct{} // nil until Done is called
	timer *time.Timer
}

var _ context.Context = (*deadlineCtx)(nil)

// now is the time since the run's epoch, from the monotonic clock alone.
func (c *deadlineCtx) now() int64 { return int64(time.Since(c.epoch)) }

func (c *deadlineCtx) Deadline() (time.Time, bool) {
	return c.epoch.Add(time.Duration(c.due)), true
}

func (c *deadlineCtx) Value(any) any { return nil }

func (c *deadlineCtx) Err() error {
	if c.ended.Load() {
		return context.DeadlineExceeded
	}
	if c.now() < c.due {
		return nil
	}
	c.end()
	return context.DeadlineExceeded
}

func (c *deadlineCtx) Done() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done == nil {
		c.done = make(chan struct{})
		if c.ended.Load() {
			close(c.done)
		} else {
			c.timer = time.AfterFunc(time.Duration(c.due-c.now()), c.end)
		}
	}
	return c.done
}

// end marks the context ended and closes its channel if it has one.
func (c *deadlineCtx) end() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ended.Load() {
		return
	}
	if c.done != nil {
		close(c.done) // before ended: Err's first test must not see it ended and open
	}
	c.ended.Store(true)
}

// stop releases the timer of a context whose Done was called.
func (c *deadlineCtx) stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.timer != nil {
		c.timer.Stop()
	}
}
