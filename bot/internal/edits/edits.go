// Package edits coalesces the edits of messages: a game's board is edited
// after every move, and several moves within a moment must make one edit,
// so that Discord's rate limits on editing one message are never reached.
//
// A [Coalescer] keeps, per message (a key), at most one edit in flight and
// the latest content waiting; edits of one message are at least Interval
// apart. Content submitted while an edit waits replaces the waiting content
// (only the newest board matters), unless it is older (a lower version):
// moves played at once in several goroutines may render out of order.
// Different messages do not wait for one another.
package edits

import (
	"context"
	"sync"
	"time"
)

// Edit is one edit to make: the content to put in the message, and its
// version (a higher one is newer).
type Edit[T any] struct {
	Value   T
	Version int64
}

// Coalescer edits messages through send, per key, at most once per
// interval. The zero value is not usable; call [New].
type Coalescer[T any] struct {
	interval time.Duration
	send     func(ctx context.Context, key string, v T) error

	mu    sync.Mutex
	slots map[string]*slot[T]
	wg    sync.WaitGroup
	ctx   context.Context
	stop  context.CancelFunc
	sent  int // edits sent, for tests and metrics
}

type slot[T any] struct {
	pending *Edit[T]
	waiters []chan error
	last    time.Time // when the last edit was sent
	version int64     // the newest version submitted
}

// New returns a coalescer that sends edits through send, each message at
// most once per interval. send's context ends when [Coalescer.Close] is
// called.
func New[T any](interval time.Duration, send func(ctx context.Context, key string, v T) error) *Coalescer[T] {
	ctx, stop := context.WithCancel(context.Background())
	return &Coalescer[T]{interval: interval, send: send, slots: map[string]*slot[T]{}, ctx: ctx, stop: stop}
}

// Submit asks for the message key to show e. The channel returned gets the
// error of the edit that carried e (or a newer content), nil once it is
// made; an edit older than the newest submitted for key is dropped, its
// channel getting nil at once. The channel is buffered: nobody needs to
// read it.
func (c *Coalescer[T]) Submit(key string, e Edit[T]) <-chan error {
	done := make(chan error, 1)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ctx.Err() != nil {
		done <- context.Canceled
		return done
	}
	s, running := c.slots[key]
	if !running {
		s = &slot[T]{}
		c.slots[key] = s
	}
	if e.Version < s.version {
		done <- nil // older than what is shown or waiting
		return done
	}
	s.pending = &e
	s.version = e.Version
	s.waiters = append(s.waiters, done)
	if !running {
		c.wg.Add(1)
		go c.run(key, s)
	}
	return done
}

// run sends the edits of one key until none waits and the interval since
// the last one has passed; then the key is forgotten.
func (c *Coalescer[T]) run(key string, s *slot[T]) {
	defer c.wg.Done()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	for {
		c.mu.Lock()
		wait := time.Until(s.last.Add(c.interval))
		if s.pending == nil && wait <= 0 {
			delete(c.slots, key)
			c.mu.Unlock()
			return
		}
		if wait > 0 {
			c.mu.Unlock()
			timer.Reset(wait)
			select {
			case <-timer.C:
			case <-c.ctx.Done():
				c.fail(key, s)
				return
			}
			continue
		}
		e, ws := s.pending, s.waiters
		s.pending, s.waiters = nil, nil
		c.sent++
		c.mu.Unlock()
		err := c.send(c.ctx, key, e.Value)
		c.mu.Lock()
		s.last = time.Now()
		c.mu.Unlock()
		for _, w := range ws {
			w <- err
		}
	}
}

// fail answers the waiters of a key when the coalescer closes.
func (c *Coalescer[T]) fail(key string, s *slot[T]) {
	c.mu.Lock()
	ws := s.waiters
	s.pending, s.waiters = nil, nil
	delete(c.slots, key)
	c.mu.Unlock()
	for _, w := range ws {
		w <- context.Canceled
	}
}

// Sent returns how many edits were sent so far.
func (c *Coalescer[T]) Sent() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sent
}

// Flush waits until every edit submitted so far is sent (or ctx ends), as
// a shutdown does before closing.
func (c *Coalescer[T]) Flush(ctx context.Context) error {
	for {
		c.mu.Lock()
		var ws []chan error
		for _, s := range c.slots {
			if s.pending != nil {
				ch := make(chan error, 1)
				s.waiters = append(s.waiters, ch)
				ws = append(ws, ch)
			}
		}
		c.mu.Unlock()
		if len(ws) == 0 {
			return nil
		}
		// Each gets the error of its edit, which its submitter logs.
		for _, w := range ws {
			select {
			case <-w:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
}

// Close stops the coalescer: edits waiting are not sent (their channels
// get context.Canceled), an edit in flight sees its context end, and Close
// returns once every key's goroutine has ended.
func (c *Coalescer[T]) Close() {
	c.stop()
	c.wg.Wait()
}
