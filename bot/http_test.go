package bot

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/httpserver"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// httpHarness is an HTTP-only bot behind its interactions endpoint, with the
// fake Discord posting to it.
type httpHarness struct {
	*harness
	endpoint string
}

func startHTTP(t *testing.T, cfg testSetup, setup func(*Bot), opts ...discordtest.Option) *httpHarness {
	t.Helper()
	return startHTTPOn(t, discordtest.New(t, opts...), cfg, setup)
}

// startHTTPOn starts an HTTP-only bot on srv (one of several processes).
func startHTTPOn(t *testing.T, srv *discordtest.Server, cfg testSetup, setup func(*Bot)) *httpHarness {
	t.Helper()
	logs := &syncBuffer{}
	cfg.HTTPOnly = true
	b := newBot(cfg, sessions(t, srv), slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})), nil)
	if setup != nil {
		setup(b)
	}
	key, err := httpserver.ParsePublicKey(srv.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	hs := httpserver.New(httpserver.Config{PublicKey: key, Interactions: b.InteractionHandler(), Ready: b.Ready,
		Registry: prometheus.NewRegistry(), Log: b.log})
	web := httptest.NewServer(hs.Handler())
	t.Cleanup(web.Close)
	ctx, cancel := context.WithCancel(context.Background())
	h := &harness{srv: srv, bot: b, logs: logs, cancel: cancel, done: make(chan error, 1)}
	go func() { h.done <- b.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-h.done:
		case <-time.After(wait):
			t.Error("bot did not stop")
		}
		if t.Failed() {
			t.Logf("bot log:\n%s", logs.String())
		}
	})
	poll(t, "the bot to be ready", func() bool { return b.Ready() == nil })
	return &httpHarness{harness: h, endpoint: web.URL + "/interactions"}
}

func (h *httpHarness) post(t *testing.T, c discordtest.Command) (discordtest.Interaction, discordtest.EndpointAnswer) {
	t.Helper()
	p := h.srv.CommandPayload(c)
	ans, err := h.srv.PostInteraction(h.endpoint, p)
	if err != nil {
		t.Fatal(err)
	}
	return discordtest.Interaction{ID: p["id"].(string), Token: p["token"].(string), Payload: p}, ans
}

// TestHTTPEndpointAnswersLikeTheGateway: over the interactions endpoint,
// with no gateway session at all, the process registers the commands, answers
// PING, and answers slash commands with the same replies as over the
// gateway: directly in the HTTP response when quick (ephemeral for the
// user's mistakes), deferred then edited through REST when slow, within
// Discord's 3 s.
func TestHTTPEndpointAnswersLikeTheGateway(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.SolveTimeout = 300 * time.Millisecond
	cfg.AckWait = 100 * time.Millisecond
	h := startHTTP(t, cfg, nil, discordtest.WithInteractionDeadline(interactionWindow))
	if n := len(h.srv.RequestsFor(discordtest.RouteBulkOverwriteGlobalCommands)); n != 1 || len(h.srv.Commands("")) != len(Commands()) {
		t.Errorf("%d registrations, %d commands: an HTTP-only process registers them", n, len(h.srv.Commands("")))
	}
	if n := h.srv.Connections(); n != 0 {
		t.Errorf("%d gateway connections, want none", n)
	}

	ping, err := h.srv.PostInteraction(h.endpoint, map[string]any{"id": "1576000000000000001", "type": 1, "token": "ping-token",
		"application_id": h.srv.AppID(), "version": 1})
	if err != nil || ping.Status != http.StatusOK || ping.Type != discordgo.InteractionResponsePong {
		t.Errorf("PING answered %d type %d (%v), want 200 PONG", ping.Status, ping.Type, err)
	}

	for _, tc := range []struct {
		name      string
		cmd       discordtest.Command
		want      string
		says      string
		ephemeral bool
	}{
		{"solve", discordtest.Command{Name: "solve", Options: opts("grid", lc37)}, expectedReply(t, slashConfig(cfg), "/solve "+lc37), "[5][3] 4 | 6 [7] 8", false},
		{"help in a DM", discordtest.Command{Name: "help", DM: true}, expectedReply(t, slashConfig(cfg), "/help"), "**Sudoku bot**", false},
		{"bad grid", discordtest.Command{Name: "check", Options: opts("grid", "12345678901234567")}, expectedReply(t, slashConfig(cfg), "/check 12345678901234567"), "17", true},
		{"unknown", discordtest.Command{Name: "dance"}, "", "don't know that command", true},
	} {
		ix, ans := h.post(t, tc.cmd)
		if ans.Status != http.StatusOK || ans.Type != discordgo.InteractionResponseChannelMessageWithSource || ans.Message == nil {
			t.Errorf("%s: answered %d type %d, want 200 with a message", tc.name, ans.Status, ans.Type)
			continue
		}
		m := *ans.Message
		if tc.want != "" && m.Content != tc.want || !strings.Contains(m.Content, tc.says) || m.Ephemeral() != tc.ephemeral {
			t.Errorf("%s: %q (ephemeral %v)\nwant %q, saying %q (ephemeral %v)", tc.name, m.Content, m.Ephemeral(), tc.want, tc.says, tc.ephemeral)
		}
		checkSafeReply(t, m, "")
		if ms := h.srv.InteractionMessages(ix.ID); len(ms) != 1 {
			t.Errorf("%s: %v, want the one answer", tc.name, ms)
		}
		if ans.Latency > interactionWindow {
			t.Errorf("%s: answered after %v", tc.name, ans.Latency)
		}
	}

	// Slow: deferred in the HTTP response, then the edit.
	ix, ans := h.post(t, discordtest.Command{Name: "solve", Options: opts("grid", slowGrid)})
	if ans.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || ans.Latency > interactionWindow {
		t.Fatalf("slow solve answered type %d after %v, want a deferral within 3 s", ans.Type, ans.Latency)
	}
	h.srv.WaitUntil(t, wait, "the edit", func() bool { return len(h.srv.InteractionMessages(ix.ID)) >= 2 })
	ms := h.srv.InteractionMessages(ix.ID)
	if len(ms) != 2 || ms[1].Kind != discordtest.KindOriginalEdit || ms[1].Content != expectedReply(t, slashConfig(cfg), "/solve "+slowGrid) ||
		!strings.Contains(ms[1].Content, "gave up after 300ms") {
		t.Errorf("slow solve: %v, want the deferral then the timeout edit", ms)
	}
	for _, rec := range h.waitLog(t, "command", 5) {
		if rec["interaction"] == ix.ID && (rec["deferred"] != true || rec["outcome"] != "timeout") {
			t.Errorf("log line %v, want the deferred timeout", rec)
		}
	}
	h.srv.AssertClean(t)
}

// TestHTTPEndpointFilesGoInTheEdit: an answer with files cannot be the HTTP
// response: it is deferred there, and the edit carries the files.
func TestHTTPEndpointFilesGoInTheEdit(t *testing.T) {
	t.Parallel()
	h := startHTTP(t, testConfig(), attaching(explanation))
	ix, ans := h.post(t, discordtest.Command{Name: "solve", Options: opts("grid", lc37)})
	if ans.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource {
		t.Fatalf("answered type %d, want a deferral", ans.Type)
	}
	// The edit may reach the fake before it has taken the deferral from the
	// HTTP response (as it may at Discord): the bot retries it.
	h.srv.WaitUntil(t, wait, "the edit", func() bool { return len(h.srv.InteractionMessages(ix.ID)) >= 2 })
	ms := h.srv.InteractionMessages(ix.ID)
	if len(ms) != 2 || !strings.Contains(ms[1].Content, "[5][3]") {
		t.Fatalf("%v, want the deferral then the solution", ms)
	}
	checkSentFiles(t, ms[1], explanation)
}

// TestHTTPEndpointRefusesBadSignatures: a request signed with another key,
// or not signed, is refused with 401 and never reaches the bot.
func TestHTTPEndpointRefusesBadSignatures(t *testing.T) {
	t.Parallel()
	h := startHTTP(t, testConfig(), nil)
	p := h.srv.CommandPayload(discordtest.Command{Name: "help"})
	body := []byte(`{"type":2,"id":"` + p["id"].(string) + `"}`)
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	for name, sig := range map[string]string{
		"unsigned":       "",
		"wrong key":      discordtest.New(t).Sign(ts, body),
		"other body":     h.srv.Sign(ts, []byte(`{"type":1}`)),
		"garbage digits": strings.Repeat("ab", 64),
	} {
		ans, err := h.srv.PostSigned(h.endpoint, body, ts, sig)
		if err != nil || ans.Status != http.StatusUnauthorized {
			t.Errorf("%s: answered %d (%v), want 401", name, ans.Status, err)
		}
	}
	if n := len(h.logs.lines("command")); n != 0 || len(h.srv.Messages()) != 0 {
		t.Errorf("a refused request was handled: %d commands, %v", n, h.srv.Messages())
	}
}

// TestHTTPEndpointWhileStopping: a slash command posted during the
// shutdown's grace is told the bot is restarting, in the HTTP response.
func TestHTTPEndpointWhileStopping(t *testing.T) {
	t.Parallel()
	running := make(chan struct{}, 1)
	release := make(chan struct{})
	h := startHTTP(t, testConfig(), func(b *Bot) {
		b.beforeHandle = func(_ context.Context, r command.Request) {
			if r.Kind == command.Solve {
				running <- struct{}{}
				<-release
			}
		}
	})
	held := make(chan discordtest.EndpointAnswer, 1)
	go func() {
		_, ans := h.post(t, discordtest.Command{Name: "solve", Options: opts("grid", lc37)})
		held <- ans
	}()
	<-running
	h.cancel()
	h.waitLog(t, "stopping: finishing commands in flight", 1)
	if err := h.bot.Ready(); err == nil {
		t.Error("ready while stopping")
	}
	_, ans := h.post(t, discordtest.Command{Name: "help"})
	if ans.Message == nil || !ans.Message.Ephemeral() || !strings.Contains(ans.Message.Content, "restarting") {
		t.Errorf("answered %+v, want the ephemeral restarting notice", ans.Message)
	}
	close(release)
	if a := <-held; a.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource && a.Type != discordgo.InteractionResponseChannelMessageWithSource {
		t.Errorf("the held command answered type %d", a.Type)
	}
}

// slashConfig is cfg with the prefix an HTTP-only bot's replies show: "/",
// since no text command reaches it.
func slashConfig(cfg testSetup) testSetup {
	cfg.Prefix = command.SlashPrefix
	return cfg
}
