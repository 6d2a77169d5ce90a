package bot

import (
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot/internal/rest"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// outage runs a Discord outage of the given length against a bot whose
// reconnect back-off is capped at capWait, and returns how long after the
// end of the outage the bot's session was resumed. A text command sent
// during the outage must be answered after it.
func outage(t *testing.T, length, capWait time.Duration) time.Duration {
	t.Helper()
	cfg := testConfig()
	cfg.ReconnectMax = capWait
	h := start(t, cfg, nil)
	h.srv.SendMessage(discordtest.Message{Content: "!help"})
	h.srv.WaitMessages(t, 1, wait)
	h.srv.WaitSettled(t, wait)

	h.srv.StartOutage()
	h.srv.SendMessage(discordtest.Message{Content: "!help"}) // queued for the session, replayed on resume
	time.Sleep(length)                                       // the outage itself, not a synchronisation
	h.srv.EndOutage()
	end := time.Now()
	resumed := h.srv.WaitResumes(t, 1, capWait+time.Minute)
	var back time.Duration
	for _, r := range resumed {
		if r.Accepted {
			back = r.Time.Sub(end)
			break
		}
	}
	h.srv.WaitMessages(t, 2, wait)

	// Each failed attempt is refused by the fake (the gateway's URL, or the
	// GET /gateway discordgo makes after a failed dial) and logged.
	failed := len(h.logs.lines("gateway reconnect failed; retrying"))
	refused := 0
	for _, a := range h.srv.GatewayAttempts() {
		if a.Refused {
			refused++
		}
	}
	for _, r := range h.srv.Requests() {
		if r.Error == "outage" {
			refused++
		}
	}
	// Not hammering: with waits of at least capWait/2 once the back-off has
	// reached its cap, a few attempts per cap period at most.
	if limit := int(length/(capWait/2)) + 6; failed > limit {
		t.Errorf("%d failed reconnects during a %v outage, want at most %d", failed, length, limit)
	}
	if failed < 2 || refused < failed {
		t.Errorf("%d failed reconnects logged, %d refused by the fake: the bot did not retry, or not through Discord", failed, refused)
	}
	t.Logf("%v outage, back-off cap %v: %d failed reconnects, session resumed %v after the end",
		length, capWait, failed, back.Round(time.Millisecond))
	return back
}

// TestOutageRecoveryWithinTheCap: after an outage of ten times the back-off
// cap, the bot is back within the cap (plus the time to connect). discordgo's
// own back-off (1, 2, 4 … 600 s) would come back 3 s after this 5 s outage,
// and up to 7 minutes after a 10 minute one.
func TestOutageRecoveryWithinTheCap(t *testing.T) {
	t.Parallel()
	const capWait = 500 * time.Millisecond
	// Within the cap and the time to connect again, with room for a busy
	// machine, and still short of discordgo's own back-off, which tries at
	// 1, 2, 4 and 8 s into an outage: back 3 s after one of 5 s.
	if back := outage(t, 5*time.Second, capWait); back > capWait+2*time.Second {
		t.Errorf("resumed %v after the outage, want within the %v cap (+2 s to connect on a busy machine)", back, capWait)
	}
}

// TestOutageTwoMinutes is the case: a two-minute outage with the
// default cap of a minute. It takes over two minutes: -soak runs it.
func TestOutageTwoMinutes(t *testing.T) {
	if !*soakFlag {
		t.Skip("two-minute outage: go test ./bot -run TestOutageTwoMinutes -soak -v")
	}
	t.Parallel()
	if back := outage(t, 2*time.Minute, DefaultReconnectMax); back > DefaultReconnectMax+2*time.Second {
		t.Errorf("resumed %v after the outage, want within the %v cap", back, DefaultReconnectMax)
	}
}

func TestReconnectDelayDoublesToTheCapWithJitter(t *testing.T) {
	max := time.Minute
	seen := map[time.Duration]bool{}
	for n := 1; n <= 30; n++ {
		upper := min(time.Second<<(n-1), max)
		if n > 10 {
			upper = max
		}
		for range 20 {
			d := rest.Backoff(n, max)
			if d < upper/2 || d > upper {
				t.Fatalf("attempt %d waits %v, want within [%v, %v]", n, d, upper/2, upper)
			}
			if n > 10 {
				seen[d] = true
			}
		}
	}
	if len(seen) < 100 {
		t.Errorf("only %d distinct waits at the cap in 400 draws: no jitter", len(seen))
	}
}
