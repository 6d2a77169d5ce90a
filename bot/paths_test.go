package bot

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/rest"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// onlyAnswer returns the one message of interaction ix, failing otherwise.
func onlyAnswer(t *testing.T, h *harness, ix discordtest.Interaction) discordtest.SentMessage {
	t.Helper()
	ms := h.srv.InteractionMessages(ix.ID)
	if len(ms) != 1 {
		t.Fatalf("interaction %s: %v, want one answer", ix.ID, ms)
	}
	return ms[0]
}

// TestSlashNoticesAreEphemeralAnswers: over the rate limit, an unknown
// command: a slash command gets a notice only its user sees, every time
// (a text command is told once, then ignored).
func TestSlashNoticesAreEphemeralAnswers(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.UserRate, cfg.UserBurst = 1, 1
	h := start(t, cfg, nil)
	first := h.srv.SendCommand(discordtest.Command{Name: "help"})
	h.srv.WaitMessages(t, 1, wait)
	var limited []discordtest.Interaction
	for range 3 {
		limited = append(limited, h.srv.SendCommand(discordtest.Command{Name: "help"}))
	}
	other := &discordgo.User{ID: "4000000000000000077", Username: "carol"}
	unknown := h.srv.SendCommand(discordtest.Command{Name: "dance", User: other})
	h.srv.WaitMessages(t, 5, wait)
	if m := onlyAnswer(t, h, first); m.Ephemeral() || !strings.Contains(m.Content, "Sudoku bot") {
		t.Errorf("first /help: %v", m)
	}
	for _, ix := range limited {
		if m := onlyAnswer(t, h, ix); !m.Ephemeral() || !strings.Contains(m.Content, "faster than I answer") {
			t.Errorf("rate-limited /help got %v, want the ephemeral rate-limit notice", m)
		}
	}
	if m := onlyAnswer(t, h, unknown); !m.Ephemeral() || !strings.Contains(m.Content, "don't know that command") {
		t.Errorf("/dance got %v, want the ephemeral unknown-command notice", m)
	}
	outcomes := map[any]int{}
	for _, rec := range h.waitLog(t, "command", 5) {
		outcomes[rec["outcome"]]++
	}
	if outcomes[outcomeRateLimited] != 3 || outcomes[outcomeUnknown] != 1 || outcomes["help"] != 1 {
		t.Errorf("outcomes logged %v", outcomes)
	}
	h.srv.AssertClean(t)
}

// TestSlashWhileStopping: a slash command arriving during the shutdown's
// grace is told the bot is restarting.
func TestSlashWhileStopping(t *testing.T) {
	t.Parallel()
	running := make(chan struct{}, 1)
	release := make(chan struct{})
	h := start(t, testConfig(), func(b *Bot) {
		b.beforeHandle = func(_ context.Context, r command.Request) {
			if r.Kind == command.Solve {
				running <- struct{}{}
				<-release
			}
		}
	})
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	<-running
	h.cancel()
	h.waitLog(t, "stopping: finishing commands in flight", 1)
	ix := h.srv.SendCommand(discordtest.Command{Name: "help"})
	h.srv.WaitMessages(t, 1, wait)
	if m := onlyAnswer(t, h, ix); !m.Ephemeral() || !strings.Contains(m.Content, "restarting") {
		t.Errorf("/help while stopping got %v, want the ephemeral restarting notice", m)
	}
	close(release)
	h.stop(t)
}

// TestDeferralRefused: Discord refuses the deferral (404 Unknown
// interaction, the 3 s are over): no edit is attempted, the reply is logged
// as lost.
func TestDeferralRefused(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.AckWait = 10 * time.Millisecond
	cfg.SolveTimeout = 100 * time.Millisecond
	h := start(t, cfg, nil)
	h.srv.InjectFault(discordtest.RouteInteractionCallback, 1, discordtest.Fault{Status: http.StatusNotFound, Message: "Unknown interaction"})
	ix := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", slowGrid)})
	lost := h.waitLog(t, "reply lost", 1)
	if lost[0]["interaction"] != ix.ID || lost[0]["outcome"] != "timeout" {
		t.Errorf("lost reply logged as %v", lost[0])
	}
	if n := len(h.srv.RequestsFor(discordtest.RouteEditOriginalResponse)); n != 0 {
		t.Errorf("%d edits after Discord refused the deferral", n)
	}
	if n := len(h.srv.RequestsFor(discordtest.RouteInteractionCallback)); n != 1 {
		t.Errorf("%d callbacks, want the refused deferral only (a 4xx is not retried)", n)
	}
}

// TestDeferralServerError: the deferral fails with 503 three times, then
// goes through on the fourth attempt; the edit follows.
func TestDeferralServerErrorRetried(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.AckWait = 10 * time.Millisecond
	cfg.SolveTimeout = 100 * time.Millisecond
	h := start(t, cfg, nil)
	h.srv.FailNext(discordtest.RouteInteractionCallback, rest.MaxAttempts-1, http.StatusServiceUnavailable, 0)
	ix := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", slowGrid)})
	h.srv.WaitMessages(t, 2, wait)
	ms := h.srv.InteractionMessages(ix.ID)
	if len(ms) != 2 || !ms[0].Deferred() || !strings.Contains(ms[1].Content, "gave up after 100ms") {
		t.Errorf("want the deferral then the timeout edit, got %v", ms)
	}
	if n := len(h.srv.RequestsFor(discordtest.RouteInteractionCallback)); n != rest.MaxAttempts {
		t.Errorf("%d callbacks, want %d", n, rest.MaxAttempts)
	}
}

// TestDeferralFailsThenEditTried: the deferral fails every time with 5xx;
// it may have reached Discord, so the edit is tried anyway.
func TestDeferralFailsThenEditTried(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.AckWait = 10 * time.Millisecond
	cfg.SolveTimeout = 100 * time.Millisecond
	h := start(t, cfg, nil)
	h.srv.FailNext(discordtest.RouteInteractionCallback, 100, http.StatusBadGateway, 0)
	h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", slowGrid)})
	h.waitLog(t, "defer interaction; trying the edit anyway", 1)
	h.srv.WaitRequests(t, discordtest.RouteEditOriginalResponse, 1, wait)
	// The fake never saw a deferral, so it refuses the edit: logged as lost.
	h.waitLog(t, "reply lost", 1)
}

// TestLongRetryAfterGivesUp: a Retry-After over 15 s is not waited for: the
// reply is lost at once (logged), rather than holding a worker.
func TestLongRetryAfterGivesUp(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil)
	h.srv.FailNext(discordtest.RouteCreateMessage, 1, http.StatusTooManyRequests, 20*time.Second)
	begin := time.Now()
	h.srv.SendMessage(discordtest.Message{Content: "!help"})
	rec := h.waitLog(t, "reply lost", 1)[0]
	if err, _ := rec["err"].(string); !strings.Contains(err, "gave up") || !strings.Contains(err, "20s") {
		t.Errorf("lost reply logged with %v", rec["err"])
	}
	if d := time.Since(begin); d >= 20*time.Second {
		t.Errorf("gave up after %v: the Retry-After was waited out", d)
	}
	if n := len(h.srv.RequestsFor(discordtest.RouteCreateMessage)); n != 1 {
		t.Errorf("%d attempts, want 1", n)
	}
}

// TestStopWhileWaitingToRetry: a reply waiting out a Retry-After of 10 s
// when the bot stops: the wait ends with the grace, the reply is logged as
// lost, and Run returns on time.
func TestStopWhileWaitingToRetry(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.ShutdownGrace = 500 * time.Millisecond
	h := start(t, cfg, nil)
	h.srv.FailNext(discordtest.RouteCreateMessage, 1, http.StatusTooManyRequests, 10*time.Second)
	h.srv.SendMessage(discordtest.Message{Content: "!help"})
	h.waitLog(t, "discord request failed; retrying", 1)
	begin := time.Now()
	h.stop(t)
	if d := time.Since(begin); d >= 10*time.Second {
		t.Errorf("stopping took %v: the Retry-After was waited out", d)
	}
	rec := h.waitLog(t, "reply lost", 1)[0]
	if err, _ := rec["err"].(string); !strings.Contains(err, "while waiting to retry") || !strings.Contains(err, "context canceled") {
		t.Errorf("lost reply logged with %v", rec["err"])
	}
	if n := len(h.srv.RequestsFor(discordtest.RouteCreateMessage)); n != 1 {
		t.Errorf("%d attempts, want the one before the wait", n)
	}
}
