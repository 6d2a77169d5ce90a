package bot

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// userLimits keeps one token bucket per user. Over the limit, a user gets one
// notice, then silence until a command is allowed again.
type userLimits struct {
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

// newUserLimits allows perMinute commands per user per minute, with bursts of burst.
func newUserLimits(perMinute, burst int) *userLimits {
	if burst < 1 {
		burst = 1
	}
	every := rate.Limit(float64(perMinute) / 60)
	// A bucket refills fully in burst/every; after that an idle user's entry
	// carries no information and can go.
	ttl := time.Duration(float64(burst)/float64(every)*float64(time.Second)) + time.Minute
	return &userLimits{every: every, burst: burst, users: map[string]*userLimit{}, idleTTL: ttl}
}

// verdict is what to do with one command of a user.
type verdict uint8

const (
	allow  verdict = iota // run it
	notify                // over the limit: tell the user once
	drop                  // over the limit and already told: stay silent
)

// check takes a token for user at now.
func (l *userLimits) check(user string, now time.Time) verdict {
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
		return allow
	}
	if u.notified {
		return drop
	}
	u.notified = true
	return notify
}

// collect forgets users idle long enough for their bucket to be full again,
// at most once a minute, so the map does not grow with every user ever seen.
func (l *userLimits) collect(now time.Time) {
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

// size returns how many users are tracked.
func (l *userLimits) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.users)
}
