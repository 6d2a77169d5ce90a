package bot

import (
	"context"
	"log/slog"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// floodRun is what a flood of slash commands measured.
type floodRun struct {
	sent, answered, limited int
	lost                    int // logged as lost by the bot (its 3 s ran out while the answer was on its way)
	latencies               []time.Duration
	elapsed                 time.Duration // from the first command to the last answer
}

func (r floodRun) max() time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[len(r.latencies)-1]
}

func (r floodRun) quantile(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[min(len(r.latencies)-1, int(q*float64(len(r.latencies))))]
}

// floodHelp sends n /help from users users at perSecond to a bot with the
// default limits, against a fake that takes rtt to answer each callback (as
// Discord does, ~100-300 ms from most places) and refuses those later than
// deadline (Discord's is 3 s), and waits until each is answered or too late.
func floodHelp(t *testing.T, n, users, perSecond int, rtt, deadline time.Duration) floodRun {
	t.Helper()
	srv := discordtest.New(t, discordtest.WithInteractionDeadline(deadline), discordtest.WithReplayBuffer(1000))
	srv.InjectFault(discordtest.RouteInteractionCallback, n, discordtest.Fault{Delay: rtt})
	cfg := testSetup{Config: DefaultConfig()}
	cfg.Workers = 2
	logs := &syncBuffer{}
	b := newBot(cfg, sessions(t, srv), slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelWarn})), nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	srv.WaitRequests(t, discordtest.RouteBulkOverwriteGlobalCommands, 1, wait)

	sentAt := make(map[string]time.Time, n)
	interval := time.Second / time.Duration(perSecond)
	begin := time.Now()
	for i := range n {
		if d := time.Until(begin.Add(time.Duration(i) * interval)); d > 0 {
			time.Sleep(d) // pacing the flood, not synchronisation
		}
		u := i % users
		ix := srv.SendCommand(discordtest.Command{Name: "help",
			User: &discordgo.User{ID: strconv.Itoa(4400000000000000000 + u), Username: "f" + strconv.Itoa(u)}})
		sentAt[ix.ID] = time.Now()
	}
	// Every interaction gets one callback, accepted or refused as too late.
	giveUp := time.Now().Add(time.Minute)
	for srv.RequestCount(discordtest.RouteInteractionCallback) < n {
		if time.Now().After(giveUp) {
			t.Fatalf("%d callbacks for %d interactions; bot log:\n%s", srv.RequestCount(discordtest.RouteInteractionCallback), n, cutLog(logs.String()))
		}
		time.Sleep(50 * time.Millisecond)
	}
	r := floodRun{sent: n, elapsed: time.Since(begin)}
	for _, m := range srv.Messages() {
		if m.Kind != discordtest.KindInteractionResponse {
			continue
		}
		r.answered++
		if m.Ephemeral() {
			r.limited++
		}
		r.latencies = append(r.latencies, m.Request.Time.Sub(sentAt[m.InteractionID]))
	}
	slices.Sort(r.latencies)
	r.lost = len(logs.lines("reply lost"))
	return r
}

// TestFloodEveryInteractionAnswered: a flood of /help from 50 users, most of
// them over the default rate limit (12 a minute, bursts of 4): each gets an
// answer, the help or an ephemeral notice, however many are waiting on
// Discord at once (here about 60: 300/s for 200 ms each; the bot used to
// drop notices past 2 × (workers + queue) + 16 = 36 in flight). A message
// may get silence under a flood; an interaction may not.
//
// Scaled down here, for the race detector on a shared 2-core machine, where
// the process may be starved for seconds: the fake takes answers for 10 s
// and the median must be within Discord's 3 s. With -load, the issue's
// 20,000 at 2,000/s, every answer within 3 s.
func TestFloodEveryInteractionAnswered(t *testing.T) {
	t.Parallel()
	n, perSecond, rtt, deadline := 1500, 300, 200*time.Millisecond, 10*time.Second
	if *loadFlag {
		n, perSecond, rtt, deadline = 20000, 2000, 100*time.Millisecond, interactionWindow
	}
	r := floodHelp(t, n, 50, perSecond, rtt, deadline)
	t.Logf("%d /help from 50 users at %d/s, callbacks taking %v: %d answered (%d rate-limit notices, %d lost by the bot) in %v, latency p50 %v p99 %v max %v",
		r.sent, perSecond, rtt, r.answered, r.limited, r.lost, r.elapsed.Round(time.Millisecond),
		r.quantile(.5).Round(time.Millisecond), r.quantile(.99).Round(time.Millisecond), r.max().Round(time.Millisecond))
	if r.answered != r.sent {
		t.Errorf("%d of %d interactions answered", r.answered, r.sent)
	}
	if p50 := r.quantile(.5); p50 > interactionWindow {
		t.Errorf("median answer after %v, over Discord's %v", p50, interactionWindow)
	}
	if *loadFlag && (r.max() > interactionWindow || r.lost > 0) {
		t.Errorf("slowest answer after %v (Discord allows %v), %d replies lost", r.max(), interactionWindow, r.lost)
	}
	// Each user may run a burst, then 12 a minute: the rest are notices.
	allowed := 50 * (DefaultUserBurst + int(r.elapsed.Minutes()*DefaultUserRate) + 1)
	if r.limited < r.sent-allowed || r.limited == r.sent {
		t.Errorf("%d rate-limit notices, want at least %d", r.limited, r.sent-allowed)
	}
}

func cutLog(s string) string {
	if len(s) > 5000 {
		return s[:5000]
	}
	return s
}
