package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"regexp"
	"time"

	"github.com/bwmarrin/discordgo"
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

// deliver runs call with the retry policy: on 429 it waits for the Retry-After
// Discord gave and tries again; on a 5xx answer or a network error it backs
// off and tries again, up to maxAttempts in all; any other error is final. The
// options it passes to call turn discordgo's own retries off and carry ctx.
//
// Each retry is logged on log at Warn level, so an operator sees Discord's
// rate limits and errors before any reply is lost.
func deliver(ctx context.Context, log *slog.Logger, call func(opts ...discordgo.RequestOption) error) error {
	opts := []discordgo.RequestOption{
		discordgo.WithContext(ctx),
		discordgo.WithRetryOnRatelimit(false),
		discordgo.WithRestRetries(0),
	}
	backoff := backoffBase
	var err error
	attempt := 1
	for ; ; attempt++ {
		err = redact(call(opts...))
		if err == nil {
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
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("%w while waiting to retry: %w (last error: %w)", errGaveUp, ctx.Err(), err)
		case <-t.C:
		}
		backoff *= 2
	}
	if attempt == 1 {
		return err
	}
	return fmt.Errorf("after %d attempts: %w", attempt, err)
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
