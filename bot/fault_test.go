package bot

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot/internal/rest"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

func TestReplyAfter429IsSentOnceAfterTheWait(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil)
	h.srv.FailNext(discordtest.RouteCreateMessage, 1, http.StatusTooManyRequests, 300*time.Millisecond)
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	msgs := h.srv.WaitMessages(t, 1, wait)
	h.noMoreMessages(t, 1)
	reqs := h.srv.RequestsFor(discordtest.RouteCreateMessage)
	if len(reqs) != 2 || reqs[0].Status != http.StatusTooManyRequests {
		t.Fatalf("requests %v, want a 429 then the reply", reqs)
	}
	if gap := reqs[1].Time.Sub(reqs[0].Time); gap < 300*time.Millisecond {
		t.Errorf("retried after %v, before the 300 ms Discord asked for", gap)
	}
	if !strings.Contains(msgs[0].Content, "[5]") {
		t.Errorf("reply %q", msgs[0].Content)
	}
}

func TestServerErrorsAreRetriedWithBackoff(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil)
	h.srv.FailNext(discordtest.RouteCreateMessage, 2, http.StatusInternalServerError, 0)
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	h.srv.WaitMessages(t, 1, wait)
	h.noMoreMessages(t, 1)
	reqs := h.srv.RequestsFor(discordtest.RouteCreateMessage)
	if len(reqs) != 3 {
		t.Fatalf("%d requests, want two 500s and a success", len(reqs))
	}
	if gap := reqs[1].Time.Sub(reqs[0].Time); gap < rest.BackoffBase/2 {
		t.Errorf("first retry after %v: no back-off", gap)
	}
}

func TestReplyLostAfterBoundedRetriesIsLogged(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil)
	h.srv.FailNext(discordtest.RouteCreateMessage, 100, http.StatusServiceUnavailable, 0)
	msg := h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	h.srv.WaitRequests(t, discordtest.RouteCreateMessage, rest.MaxAttempts, wait)
	lost := h.waitLog(t, "reply lost", 1)
	if n := len(h.srv.RequestsFor(discordtest.RouteCreateMessage)); n != rest.MaxAttempts {
		t.Errorf("%d attempts, want %d", n, rest.MaxAttempts)
	}
	rec := lost[0]
	if rec["message"] != msg["id"] || rec["channel"] != discordtest.DefaultChannelID || rec["user"] != discordtest.DefaultUserID {
		t.Errorf("lost reply logged without its ids: %v", rec)
	}
	if len(h.srv.Messages()) != 0 {
		t.Errorf("a reply arrived after all: %v", h.srv.Messages())
	}
}

func TestDuplicateDeliveryAnsweredOnce(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil)
	payload := h.srv.MessagePayload(discordtest.Message{Content: "!solve " + lc37})
	h.srv.Dispatch("MESSAGE_CREATE", payload)
	h.srv.Dispatch("MESSAGE_CREATE", payload)
	ix := h.srv.CommandPayload(discordtest.Command{Name: "help"})
	h.srv.Dispatch("INTERACTION_CREATE", ix)
	h.srv.Dispatch("INTERACTION_CREATE", ix)
	h.srv.WaitMessages(t, 2, wait)
	h.noMoreMessages(t, 2)
}

// TestGatewayFaultsKeepAnswering drops the connection, asks for a reconnect
// and invalidates the session; commands sent while the bot is away are
// replayed on resume and answered, each exactly once.
func TestGatewayFaultsKeepAnswering(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil)
	sent := 0
	send := func() {
		h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
		sent++
	}
	send()
	h.srv.WaitMessages(t, sent, wait)

	h.srv.DropConnections()
	send() // while away: queued, replayed on resume
	h.srv.WaitResumes(t, 1, wait)
	h.srv.WaitMessages(t, sent, wait)
	// discordgo can run two reconnects for one fault; let it settle before the
	// next (see internal/discordtest/NOTES.md).
	h.srv.WaitSettled(t, wait)
	send()
	h.srv.WaitMessages(t, sent, wait)

	h.srv.SendReconnect()
	send()
	h.srv.WaitResumes(t, 2, wait)
	h.srv.WaitMessages(t, sent, wait)
	h.srv.WaitSettled(t, wait)

	h.srv.InvalidateSession(false)
	h.srv.WaitIdentifies(t, 2, wait)
	send()
	h.srv.WaitMessages(t, sent, wait)
	h.noMoreMessages(t, sent)

	// Every reply answers a different message.
	seen := map[string]bool{}
	for _, m := range h.srv.Messages() {
		if m.Reference == nil || seen[m.Reference.MessageID] {
			t.Errorf("reply %v answers a message twice or none", m)
			continue
		}
		seen[m.Reference.MessageID] = true
	}
}

func TestTokenNeverLogged(t *testing.T) {
	t.Parallel()
	const token = "MTAwMDAwMDAwMDAwMDAwMDAx.SECRET.do-not-log-this-token"
	h := start(t, testConfig(), nil, discordtest.WithToken(token))
	h.srv.FailNext(discordtest.RouteCreateMessage, 100, http.StatusUnauthorized, 0)
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	h.waitLog(t, "reply lost", 1)
	h.srv.DropConnections()
	h.srv.WaitResumes(t, 1, wait)
	if out := h.logs.String(); strings.Contains(out, "SECRET") {
		t.Errorf("token in the logs:\n%s", out)
	}
	for _, m := range h.srv.Messages() {
		if strings.Contains(m.Content, "SECRET") {
			t.Errorf("token in a reply: %q", m.Content)
		}
	}
}

// TestInteractionTokenNeverLogged: discordgo's errors quote the request URL,
// which for an interaction holds its token; retries and lost replies are
// logged without it.
func TestInteractionTokenNeverLogged(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.AckWait = time.Millisecond // defer, then edit
	cfg.SolveTimeout = 50 * time.Millisecond
	h := start(t, cfg, nil)
	h.srv.FailNext(discordtest.RouteInteractionCallback, 1, http.StatusTooManyRequests, 50*time.Millisecond)
	h.srv.FailNext(discordtest.RouteEditOriginalResponse, 100, http.StatusBadGateway, 0)
	ix := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", slowGrid)})
	h.waitLog(t, "reply lost", 1)
	if n := len(h.logs.lines("discord request failed; retrying")); n < 2 {
		t.Errorf("%d retries logged, want the 429 and the 502s", n)
	}
	if out := h.logs.String(); strings.Contains(out, ix.Token) {
		t.Errorf("interaction token in the logs:\n%s", out)
	} else if !strings.Contains(out, "[token]") {
		t.Errorf("expected the redacted URL in the logs:\n%s", out)
	}
}
