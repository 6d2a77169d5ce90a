// Package daily provides the daily poster's schedule and the parts of a
// daily post that need no transport: how often the poster looks for the
// servers whose post is due, how long a claim of a post holds, how many
// posts go out at once, the loop that runs the poster's rounds, and a
// post's nonce and footer. The bot claims, posts and records the posts.
package daily

import (
	"context"
	"fmt"
	"hash/fnv"
	"strconv"
	"time"

	"github.com/sudokubot/sudokubot/settings"
)

// The daily poster's timing.
const (
	// Every is how often the poster looks for servers whose daily puzzle
	// is due; it also looks at start-up and when kicked (after /settings
	// daily).
	Every = time.Minute
	// Lease is how long a claim of a daily post holds before another
	// process may post it: far longer than a post takes (the puzzle comes
	// from the pool; Discord's retries take seconds), so that only a
	// process that died between its claim and its post is replaced.
	Lease = 10 * time.Minute
	// Posters is how many servers' posts go out at once: each channel has
	// its own rate limit, so a busy hour need not be serial.
	Posters = 4
)

// Run calls round at once, then each time the period every passes and
// whenever kick receives, until ctx ends. A round is never started while
// another runs.
func Run(ctx context.Context, every time.Duration, kick <-chan struct{}, round func()) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		round()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-kick:
		}
	}
}

// Footer tells how to be counted among the day's solvers: with a reply to
// the post when the poster reads messages (a gateway), with /check
// otherwise (the deployment may be the interactions endpoint alone).
func Footer(prefix string, gateway bool) string {
	if !gateway {
		return "Solved it? Send your finished grid with `/check` in this server to be counted among today's solvers; `/daily stats` shows them."
	}
	return fmt.Sprintf("Solved it? Reply to this post with `%scheck` and your finished grid to be counted among today's solvers; `/daily stats` shows them.", prefix)
}

// Nonce is the nonce of a server's daily post of day: the same for every
// retry of the post, so that Discord posts it once.
func Nonce(guildID string, day settings.Day) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "daily %s %d", guildID, day)
	return strconv.FormatUint(h.Sum64()>>1, 10) // at most 19 digits, within Discord's 25
}
