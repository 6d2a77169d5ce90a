// Package admit provides what decides whether the bot takes an event and
// keeps count of what it took: per-user rate limits (a token bucket each,
// one notice when over, then silence), the set of events already seen (a
// resumed session replays what it missed), and the count of commands in
// flight that a shutdown waits for.
package admit

import (
	"context"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limits keeps one token bucket per user. Over the limit, a user gets one
// notice, then silence until a command is allowed again.
type Limits struct {
	mu      sync.Mutex
	every   rate.Limit
	burst   int
	users   map[string]*userLimit
	nextGC  time.Time
	idleTTL time.Duration
}

type userLimit struct {
	lim      *rate.Limiter
	notified bool
	last     time.Time
}

// NewLimits allows perMinute commands per user per minute, with bursts of burst.
func NewLimits(perMinute, burst int) *Limits {
	if burst < 1 {
		burst = 1
	}
	every := rate.Limit(float64(perMinute) / 60)
	// A bucket refills fully in burst/every; after that an idle user's entry
	// carries no information and can go.
	ttl := time.Duration(float64(burst)/float64(every)*float64(time.Second)) + time.Minute
	return &Limits{every: every, burst: burst, users: map[string]*userLimit{}, idleTTL: ttl}
}

// Verdict is what to do with one command of a user.
type Verdict uint8

const (
	Allow  Verdict = iota // run it
	Notify                // over the limit: tell the user once
	Drop                  // over the limit and already told: stay silent
)

// Check takes a token for user at now.
func (l *Limits) Check(user string, now time.Time) Verdict {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.collect(now)
	u := l.users[user]
	if u == nil {
		u = &userLimit{lim: rate.NewLimiter(l.every, l.burst)}
		l.users[user] = u
	}
	u.last = now
	if u.lim.AllowN(now, 1) {
		u.notified = false
		return Allow
	}
	if u.notified {
		return Drop
	}
	u.notified = true
	return Notify
}

// collect forgets users idle long enough for their bucket to be full again,
// at most once a minute, so the map does not grow with every user ever seen.
func (l *Limits) collect(now time.Time) {
	if now.Before(l.nextGC) {
		return
	}
	l.nextGC = now.Add(time.Minute)
	for id, u := range l.users {
		if now.Sub(u.last) > l.idleTTL {
			delete(l.users, id)
		}
	}
}

// Size returns how many users are tracked.
func (l *Limits) Size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.users)
}

// Seen remembers the last IDs it was given, so an event that Discord
// delivers twice (a resumed session replays what it missed) is answered once.
type Seen struct {
	mu   sync.Mutex
	ids  map[string]struct{}
	ring []string
	next int
}

// NewSeen returns a set that remembers the last capacity IDs.
func NewSeen(capacity int) *Seen {
	return &Seen{ids: make(map[string]struct{}, capacity), ring: make([]string, capacity)}
}

// FirstTime records id and reports whether it was new.
func (s *Seen) FirstTime(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.ids[id]; ok {
		return false
	}
	if old := s.ring[s.next]; old != "" {
		delete(s.ids, old)
	}
	s.ring[s.next] = id
	s.next = (s.next + 1) % len(s.ring)
	s.ids[id] = struct{}{}
	return true
}

// Counter counts commands in flight; a shutdown waits for it to reach zero.
// Unlike a sync.WaitGroup, it may be incremented while someone waits.
type Counter struct {
	mu   sync.Mutex
	n    int
	zero chan struct{} // closed and replaced whenever n drops to zero
}

// NewCounter returns a count of zero.
func NewCounter() *Counter { return &Counter{zero: make(chan struct{})} }

// Add counts one more in flight.
func (c *Counter) Add() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

// Done counts one fewer in flight, waking the waits when none is left.
func (c *Counter) Done() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n--; c.n == 0 {
		close(c.zero)
		c.zero = make(chan struct{})
	}
}

// Wait waits until the count is zero and reports true, or until ctx ends
// and reports false.
func (c *Counter) Wait(ctx context.Context) bool {
	for {
		c.mu.Lock()
		n, zero := c.n, c.zero
		c.mu.Unlock()
		if n == 0 {
			return true
		}
		select {
		case <-zero:
		case <-ctx.Done():
			return false
		}
	}
}

// Count returns the number in flight.
func (c *Counter) Count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}
