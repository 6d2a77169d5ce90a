// Package rest sends the bot's requests to Discord's REST API under the bot's
// own policy: rate-limit buckets it keeps itself (one per channel, forgotten
// when idle; one per interaction, garbage with its reply), retries with
// back-off on 5xx answers and network errors, Retry-After on 429 (global
// ones hold every request), every wait bounded by the request's context,
// and interaction tokens redacted from errors.
package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"regexp"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
)

// The bot's own policy for REST calls that answer a command, in place of
// discordgo's (which retries a 429 forever with a sleep that ignores the
// context, and retries only 502, at once, with no back-off).
const (
	MaxAttempts   = 4                      // tries of one call, the first included
	maxRetryAfter = 15 * time.Second       // a longer Retry-After loses the reply rather than hold a worker
	BackoffBase   = 250 * time.Millisecond // first wait after a 5xx or a network error; doubles each time
)

// ErrGaveUp marks a call the policy stopped retrying.
var ErrGaveUp = errors.New("gave up")

// Client sends the bot's requests to Discord's REST API.
//
// discordgo keeps one rate-limit bucket per URL in its session and never frees
// one; interaction URLs carry a token, so every slash command would leave one
// or two buckets behind (about 450 bytes each: 100,000 commands, 45 to 90 MB).
// Client keeps its own buckets instead: each interaction's in the reply that
// uses it, garbage once the reply is done, and each channel's in a table that
// forgets channels idle for a minute. Every wait (for a bucket, for a
// Retry-After, for a global rate limit) ends with the request's context, so a
// shutdown never waits on Discord longer than it allows.
type Client struct {
	s        *discordgo.Session // token, HTTP client, user agent
	Channels *Table
	Reads    *Table // GET of one message, per channel (its own bucket at Discord)
	metrics  Metrics
	// globalUntil is when a global rate limit Discord announced ends, in Unix
	// nanoseconds; every request waits for it.
	globalUntil atomic.Int64
}

// HTTPClient is the HTTP client the REST requests go through (the
// session's, with its proxy settings), or nil when the session has none.
func (r *Client) HTTPClient() *http.Client {
	if r == nil || r.s == nil {
		return nil
	}
	return r.s.Client
}

// Metrics counts what the client meets: 429 answers (global or for one
// bucket) and retries, by their error.
type Metrics interface {
	RESTLimited(global bool)
	RESTRetry(err error)
}

// New returns a client that sends through s (its token, HTTP client and
// user agent), counting on m.
func New(s *discordgo.Session, m Metrics) *Client {
	return &Client{s: s, Channels: NewTable(time.Minute), Reads: NewTable(time.Minute), metrics: m}
}

// Bucket is one rate-limit bucket: Discord's headers kept by a discordgo
// Bucket, and a semaphore that lets one request at a time use it and that a
// waiter can give up on when its context ends (a mutex cannot).
type Bucket struct {
	turn chan struct{}
	rl   *discordgo.RateLimiter // owns b; private to this bucket, so freed with it
	b    *discordgo.Bucket
}

func NewBucket(key string) *Bucket {
	rl := discordgo.NewRatelimiter()
	return &Bucket{turn: make(chan struct{}, 1), rl: rl, b: rl.GetBucket(key)}
}

// acquire waits for the bucket's turn and for its rate limit to allow a
// request, locking b for discordgo's RequestWithLockedBucket, which unlocks
// it. The caller gives the turn back with release once the request is done.
func (bk *Bucket) acquire(ctx context.Context) error {
	select {
	case bk.turn <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	bk.b.Lock()
	if wait := bk.rl.GetWaitTime(bk.b, 1); wait > 0 {
		if err := Sleep(ctx, wait); err != nil {
			bk.b.Unlock()
			<-bk.turn
			return err
		}
	}
	bk.b.Remaining--
	return nil
}

func (bk *Bucket) release() { <-bk.turn }

// globalWait returns how long a global rate limit announced in the last
// answer of this bucket still holds.
func (bk *Bucket) globalWait() time.Duration {
	bk.b.Lock()
	defer bk.b.Unlock()
	return bk.rl.GetWaitTime(bk.b, 0)
}

// Table keeps a bucket per key (a channel) while it is in use or was
// used within idle, and forgets it after that: a bucket's reset is a few
// seconds away at most, so an idle bucket carries no information.
type Table struct {
	mu     sync.Mutex
	idle   time.Duration
	m      map[string]*tableEntry
	nextGC time.Time
}

type tableEntry struct {
	b    *Bucket
	refs int
	last time.Time
}

func NewTable(idle time.Duration) *Table {
	return &Table{idle: idle, m: map[string]*tableEntry{}}
}

// Get returns key's bucket, counted in use until Put.
func (t *Table) Get(key string, now time.Time) *Bucket {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.collect(now)
	e := t.m[key]
	if e == nil {
		e = &tableEntry{b: NewBucket(key)}
		t.m[key] = e
	}
	e.refs++
	e.last = now
	return e.b
}

// Put ends a use of key's bucket begun by Get.
func (t *Table) Put(key string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e := t.m[key]; e != nil {
		e.refs--
		e.last = now
	}
}

// collect forgets buckets unused for idle, at most once per idle period.
func (t *Table) collect(now time.Time) {
	if now.Before(t.nextGC) {
		return
	}
	t.nextGC = now.Add(t.idle)
	for k, e := range t.m {
		if e.refs == 0 && now.Sub(e.last) > t.idle {
			delete(t.m, k)
		}
	}
}

// Size returns how many buckets the table holds.
func (t *Table) Size() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.m)
}

// Request is one REST call: its method, URL, JSON payload and files, and
// where to decode the answer (nil: ignore it).
type Request struct {
	Method, URL string
	Payload     any
	Files       []command.File
	Into        any
}

// body encodes the request: JSON, or multipart with the payload as
// payload_json and each file as files[n] when there are files.
func (r Request) body() (contentType string, body []byte, err error) {
	if r.Payload == nil {
		return "", nil, nil
	}
	if len(r.Files) == 0 {
		body, err = json.Marshal(r.Payload)
		return "application/json", body, err
	}
	files := make([]*discordgo.File, len(r.Files))
	for i, f := range r.Files {
		files[i] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)}
	}
	return discordgo.MultipartBodyWithJSON(r.Payload, files)
}

// Do sends req in bk with the retry policy: on 429 it waits for the
// Retry-After Discord gave (a global one holds every request) and tries
// again; on a 5xx answer or a network error it backs off and tries again, up
// to MaxAttempts in all; any other error is final. Each retry is logged on
// log at Warn level, so an operator sees Discord's rate limits and errors
// before any reply is lost.
func (r *Client) Do(ctx context.Context, log *slog.Logger, bk *Bucket, req Request) error {
	contentType, body, err := req.body()
	if err != nil {
		return fmt.Errorf("encode %s request: %w", req.Method, err)
	}
	opts := []discordgo.RequestOption{
		discordgo.WithContext(ctx),
		discordgo.WithRetryOnRatelimit(false),
		discordgo.WithRestRetries(0),
	}
	backoff := BackoffBase
	attempt := 1
	for ; ; attempt++ {
		if err = r.waitGlobal(ctx); err != nil {
			break
		}
		if err = bk.acquire(ctx); err != nil {
			break
		}
		var resp []byte
		resp, err = r.s.RequestWithLockedBucket(req.Method, req.URL, contentType, body, bk.b, 0, opts...)
		var rl *discordgo.RateLimitError
		if errors.As(err, &rl) {
			global := bk.globalWait()
			if global > 0 {
				r.holdGlobal(global)
			}
			r.metrics.RESTLimited(global > 0)
		}
		bk.release()
		err = Redact(err)
		if err == nil {
			if req.Into != nil {
				if err := json.Unmarshal(resp, req.Into); err != nil {
					return fmt.Errorf("decode the answer to %s %s: %w", req.Method, Redact(errors.New(req.URL)), err)
				}
			}
			return nil
		}
		wait, retry := retryAfter(err, backoff)
		if !retry || attempt == MaxAttempts {
			break
		}
		if wait > maxRetryAfter {
			return fmt.Errorf("%w: Discord asked to wait %v: %w", ErrGaveUp, wait, err)
		}
		log.Warn("discord request failed; retrying", "attempt", attempt, "wait", wait, "err", err)
		r.metrics.RESTRetry(err)
		if serr := Sleep(ctx, wait); serr != nil {
			return fmt.Errorf("%w while waiting to retry: %w (last error: %w)", ErrGaveUp, serr, err)
		}
		backoff *= 2
	}
	if attempt == 1 {
		return err
	}
	return fmt.Errorf("after %d attempts: %w", attempt, err)
}

// waitGlobal waits until a global rate limit is over.
func (r *Client) waitGlobal(ctx context.Context) error {
	if d := time.Until(time.Unix(0, r.globalUntil.Load())); d > 0 {
		return Sleep(ctx, d)
	}
	return nil
}

// holdGlobal makes every request wait d from now.
func (r *Client) holdGlobal(d time.Duration) {
	until := time.Now().Add(d).UnixNano()
	for {
		old := r.globalUntil.Load()
		if old >= until || r.globalUntil.CompareAndSwap(old, until) {
			return
		}
	}
}

// Sleep waits d, or until ctx ends.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// retryAfter says whether err is worth another try, and after how long.
func retryAfter(err error, backoff time.Duration) (time.Duration, bool) {
	var rl *discordgo.RateLimitError
	if errors.As(err, &rl) && rl.RateLimit != nil && rl.TooManyRequests != nil {
		return rl.RetryAfter, true
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		if re.Response != nil && re.Response.StatusCode >= http.StatusInternalServerError {
			return Jitter(backoff), true
		}
		return 0, false
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return 0, false
	}
	// A network error: the request may not have reached Discord. Replies carry
	// a nonce, so a retry of one that did arrive is not posted twice.
	return Jitter(backoff), true
}

// Refused reports whether Discord answered err with a 4xx status: the
// request will not succeed by being sent again.
func Refused(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Response != nil &&
		re.Response.StatusCode >= 400 && re.Response.StatusCode < http.StatusInternalServerError
}

// Jitter spreads retries of many replies over [d/2, d).
func Jitter(d time.Duration) time.Duration {
	return d/2 + rand.N(d/2+1)
}

// TokenInURL matches the secret part of interaction URLs: an interaction
// token lets whoever has it answer as the bot for 15 minutes.
var TokenInURL = regexp.MustCompile(`(/(?:interactions|webhooks)/\d+/)[^/?\s"]+`)

// Redact hides interaction tokens in err's text (discordgo's errors quote the
// request URL), keeping err in the chain for errors.Is and errors.As.
func Redact(err error) error {
	if err == nil {
		return nil
	}
	msg := TokenInURL.ReplaceAllString(err.Error(), "${1}[token]")
	if msg == err.Error() {
		return err
	}
	return &redactedError{msg: msg, err: err}
}

type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// Backoff is the wait before attempt n (n >= 1) of something that keeps
// failing (a reconnection, a request at start-up): 1 s, 2 s, 4 s … capped
// at max, jittered over [d/2, d].
func Backoff(n int, max time.Duration) time.Duration {
	return Jitter(BackoffCap(n, max))
}

// BackoffCap is the longest wait before attempt n: Backoff before jitter.
func BackoffCap(n int, max time.Duration) time.Duration {
	d := time.Second
	for i := 1; i < n && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}

// FatalError is a condition that stops the bot for good: Discord refused
// its token, its shard or its intents. Its message names the cause and the
// fix, for the operator; the process should exit non-zero so that its
// supervisor notices.
type FatalError struct {
	Cause string // what Discord said, such as "close 4004: authentication failed"
	Fix   string // what to change
	Err   error  // the error from Discord, if any
}

func (e *FatalError) Error() string {
	return fmt.Sprintf("%s: %s", e.Cause, e.Fix)
}

func (e *FatalError) Unwrap() error { return e.Err }

// FixToken is the fix for a rejected token.
const FixToken = "reset the token in the Developer Portal (Bot > Reset Token) and set DISCORD_TOKEN to the new one"

// Fatal returns the FatalError for a REST answer that no retry can change
// (401: the token is wrong), or nil.
func Fatal(err error) *FatalError {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized {
		return &FatalError{Cause: "Discord rejected DISCORD_TOKEN (HTTP 401 Unauthorized)", Fix: FixToken, Err: Redact(err)}
	}
	return nil
}
