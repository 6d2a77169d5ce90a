package bot

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
	maxAttempts   = 4                      // tries of one call, the first included
	maxRetryAfter = 15 * time.Second       // a longer Retry-After loses the reply rather than hold a worker
	backoffBase   = 250 * time.Millisecond // first wait after a 5xx or a network error; doubles each time
)

// errGaveUp marks a call the policy stopped retrying.
var errGaveUp = errors.New("gave up")

// rest sends the bot's replies to Discord's REST API.
//
// discordgo keeps one rate-limit bucket per URL in its session and never frees
// one; interaction URLs carry a token, so every slash command would leave one
// or two buckets behind (about 450 bytes each: 100,000 commands, 45 to 90 MB).
// rest keeps its own buckets instead: each interaction's in the reply that
// uses it, garbage once the reply is done, and each channel's in a table that
// forgets channels idle for a minute. Every wait (for a bucket, for a
// Retry-After, for a global rate limit) ends with the request's context, so a
// shutdown never waits on Discord longer than it allows.
type rest struct {
	s        *discordgo.Session // token, HTTP client, user agent
	channels *bucketTable
	reads    *bucketTable // GET of one message, per channel (its own bucket at Discord)
	metrics  *Metrics
	// globalUntil is when a global rate limit Discord announced ends, in Unix
	// nanoseconds; every request waits for it.
	globalUntil atomic.Int64
}

func newREST(s *discordgo.Session, m *Metrics) *rest {
	return &rest{s: s, channels: newBucketTable(time.Minute), reads: newBucketTable(time.Minute), metrics: m}
}

// bucket is one rate-limit bucket: Discord's headers kept by a discordgo
// Bucket, and a semaphore that lets one request at a time use it and that a
// waiter can give up on when its context ends (a mutex cannot).
type bucket struct {
	turn chan struct{}
	rl   *discordgo.RateLimiter // owns b; private to this bucket, so freed with it
	b    *discordgo.Bucket
}

func newBucket(key string) *bucket {
	rl := discordgo.NewRatelimiter()
	return &bucket{turn: make(chan struct{}, 1), rl: rl, b: rl.GetBucket(key)}
}

// acquire waits for the bucket's turn and for its rate limit to allow a
// request, locking b for discordgo's RequestWithLockedBucket, which unlocks
// it. The caller gives the turn back with release once the request is done.
func (bk *bucket) acquire(ctx context.Context) error {
	select {
	case bk.turn <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	bk.b.Lock()
	if wait := bk.rl.GetWaitTime(bk.b, 1); wait > 0 {
		if err := sleep(ctx, wait); err != nil {
			bk.b.Unlock()
			<-bk.turn
			return err
		}
	}
	bk.b.Remaining--
	return nil
}

func (bk *bucket) release() { <-bk.turn }

// globalWait returns how long a global rate limit announced in the last
// answer of this bucket still holds.
func (bk *bucket) globalWait() time.Duration {
	bk.b.Lock()
	defer bk.b.Unlock()
	return bk.rl.GetWaitTime(bk.b, 0)
}

// bucketTable keeps a bucket per key (a channel) while it is in use or was
// used within idle, and forgets it after that: a bucket's reset is a few
// seconds away at most, so an idle bucket carries no information.
type bucketTable struct {
	mu     sync.Mutex
	idle   time.Duration
	m      map[string]*tableEntry
	nextGC time.Time
}

type tableEntry struct {
	b    *bucket
	refs int
	last time.Time
}

func newBucketTable(idle time.Duration) *bucketTable {
	return &bucketTable{idle: idle, m: map[string]*tableEntry{}}
}

// get returns key's bucket, counted in use until put.
func (t *bucketTable) get(key string, now time.Time) *bucket {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.collect(now)
	e := t.m[key]
	if e == nil {
		e = &tableEntry{b: newBucket(key)}
		t.m[key] = e
	}
	e.refs++
	e.last = now
	return e.b
}

// put ends a use of key's bucket begun by get.
func (t *bucketTable) put(key string, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e := t.m[key]; e != nil {
		e.refs--
		e.last = now
	}
}

// collect forgets buckets unused for idle, at most once per idle period.
func (t *bucketTable) collect(now time.Time) {
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

// size returns how many buckets the table holds.
func (t *bucketTable) size() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.m)
}

// request is one REST call: its method, URL, JSON payload and files, and
// where to decode the answer (nil: ignore it).
type request struct {
	method, url string
	payload     any
	files       []command.File
	into        any
}

// body encodes the request: JSON, or multipart with the payload as
// payload_json and each file as files[n] when there are files.
func (r request) body() (contentType string, body []byte, err error) {
	if r.payload == nil {
		return "", nil, nil
	}
	if len(r.files) == 0 {
		body, err = json.Marshal(r.payload)
		return "application/json", body, err
	}
	files := make([]*discordgo.File, len(r.files))
	for i, f := range r.files {
		files[i] = &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)}
	}
	return discordgo.MultipartBodyWithJSON(r.payload, files)
}

// do sends req in bk with the retry policy: on 429 it waits for the
// Retry-After Discord gave (a global one holds every request) and tries
// again; on a 5xx answer or a network error it backs off and tries again, up
// to maxAttempts in all; any other error is final. Each retry is logged on
// log at Warn level, so an operator sees Discord's rate limits and errors
// before any reply is lost.
func (r *rest) do(ctx context.Context, log *slog.Logger, bk *bucket, req request) error {
	contentType, body, err := req.body()
	if err != nil {
		return fmt.Errorf("encode %s request: %w", req.method, err)
	}
	opts := []discordgo.RequestOption{
		discordgo.WithContext(ctx),
		discordgo.WithRetryOnRatelimit(false),
		discordgo.WithRestRetries(0),
	}
	backoff := backoffBase
	attempt := 1
	for ; ; attempt++ {
		if err = r.waitGlobal(ctx); err != nil {
			break
		}
		if err = bk.acquire(ctx); err != nil {
			break
		}
		var resp []byte
		resp, err = r.s.RequestWithLockedBucket(req.method, req.url, contentType, body, bk.b, 0, opts...)
		var rl *discordgo.RateLimitError
		if errors.As(err, &rl) {
			global := bk.globalWait()
			if global > 0 {
				r.holdGlobal(global)
			}
			r.metrics.restLimited(global > 0)
		}
		bk.release()
		err = redact(err)
		if err == nil {
			if req.into != nil {
				if err := json.Unmarshal(resp, req.into); err != nil {
					return fmt.Errorf("decode the answer to %s %s: %w", req.method, redact(errors.New(req.url)), err)
				}
			}
			return nil
		}
		wait, retry := retryAfter(err, backoff)
		if !retry || attempt == maxAttempts {
			break
		}
		if wait > maxRetryAfter {
			return fmt.Errorf("%w: Discord asked to wait %v: %w", errGaveUp, wait, err)
		}
		log.Warn("discord request failed; retrying", "attempt", attempt, "wait", wait, "err", err)
		r.metrics.restRetry(err)
		if serr := sleep(ctx, wait); serr != nil {
			return fmt.Errorf("%w while waiting to retry: %w (last error: %w)", errGaveUp, serr, err)
		}
		backoff *= 2
	}
	if attempt == 1 {
		return err
	}
	return fmt.Errorf("after %d attempts: %w", attempt, err)
}

// waitGlobal waits until a global rate limit is over.
func (r *rest) waitGlobal(ctx context.Context) error {
	if d := time.Until(time.Unix(0, r.globalUntil.Load())); d > 0 {
		return sleep(ctx, d)
	}
	return nil
}

// holdGlobal makes every request wait d from now.
func (r *rest) holdGlobal(d time.Duration) {
	until := time.Now().Add(d).UnixNano()
	for {
		old := r.globalUntil.Load()
		if old >= until || r.globalUntil.CompareAndSwap(old, until) {
			return
		}
	}
}

// sleep waits d, or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
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
			return jitter(backoff), true
		}
		return 0, false
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return 0, false
	}
	// A network error: the request may not have reached Discord. Replies carry
	// a nonce, so a retry of one that did arrive is not posted twice.
	return jitter(backoff), true
}

// refused reports whether Discord answered err with a 4xx status: the
// request will not succeed by being sent again.
func refused(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Response != nil &&
		re.Response.StatusCode >= 400 && re.Response.StatusCode < http.StatusInternalServerError
}

// jitter spreads retries of many replies over [d/2, d).
func jitter(d time.Duration) time.Duration {
	return d/2 + rand.N(d/2+1)
}

// tokenInURL matches the secret part of interaction URLs: an interaction
// token lets whoever has it answer as the bot for 15 minutes.
var tokenInURL = regexp.MustCompile(`(/(?:interactions|webhooks)/\d+/)[^/?\s"]+`)

// redact hides interaction tokens in err's text (discordgo's errors quote the
// request URL), keeping err in the chain for errors.Is and errors.As.
func redact(err error) error {
	if err == nil {
		return nil
	}
	msg := tokenInURL.ReplaceAllString(err.Error(), "${1}[token]")
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
