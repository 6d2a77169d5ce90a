package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/slash"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

const (
	lc37     = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	conflict = "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	wait     = 10 * time.Second
)

// slowGrid is a 25×25 grid no solver finishes within the deadlines used here.
var slowGrid = testgrids.Line(testgrids.Pigeonhole(sudoku.Shape{BoxRows: 5, BoxCols: 5}))

// syncBuffer collects log output from many goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// lines returns the JSON log records with the given msg.
func (s *syncBuffer) lines(msg string) []map[string]any {
	var out []map[string]any
	for _, l := range strings.Split(s.String(), "\n") {
		var rec map[string]any
		if json.Unmarshal([]byte(l), &rec) == nil && rec["msg"] == msg {
			out = append(out, rec)
		}
	}
	return out
}

// waitLog waits until the log holds at least n records with msg; the bot
// logs a command after Discord answered its reply, so a test that saw the
// reply may still have to wait for the line.
func (h *harness) waitLog(t *testing.T, msg string, n int) []map[string]any {
	t.Helper()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(wait)
	for {
		if got := h.logs.lines(msg); len(got) >= n {
			return got
		}
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatalf("no %d %q log lines after %v:\n%s", n, msg, wait, h.logs.String())
		}
	}
}

// poll waits until cond holds, checking it every few milliseconds, for
// state of the bot's own that the fake Discord does not see change.
func poll(t *testing.T, desc string, cond func() bool) {
	t.Helper()
	pollWithin(t, wait, desc, cond)
}

// pollWithin is poll giving up after timeout.
func pollWithin(t *testing.T, timeout time.Duration, desc string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, desc)
		}
		time.Sleep(5 * time.Millisecond) // polling, not an assertion
	}
}

// noMoreMessages waits until the bot has finished handling every message and
// interaction the fake dispatched to it, then fails the test if more than n
// messages were sent: NoMoreMessages at an event, without a window. A bot
// answers an event before its handler returns; what it sends later of its
// own accord (a board's coalesced edit, the daily post) is not waited for.
func (h *harness) noMoreMessages(t *testing.T, n int) {
	t.Helper()
	h.settle(t)
	h.srv.NoMoreMessages(t, n, 0)
}

// settle waits until the bot has handled every message and interaction
// the fake dispatched to it (their answers sent; board edits, coalesced,
// may follow).
func (h *harness) settle(t *testing.T) {
	t.Helper()
	poll(t, "the bot to finish handling the messages and interactions dispatched to it", func() bool {
		return h.bot.handledEvents.Load() >= int64(h.srv.Dispatched("MESSAGE_CREATE", "INTERACTION_CREATE"))
	})
}

type harness struct {
	srv    *discordtest.Server
	bot    *Bot
	logs   *syncBuffer
	cancel context.CancelFunc
	done   chan error
}

// commandConfig is command.Config, under a name of its own so that
// testSetup can embed it beside Config.
type commandConfig = command.Config

// testSetup is a bot's configuration and its command handler's, as cmd/bot
// makes them (its Config's Bot and Command).
type testSetup struct {
	Config
	commandConfig
}

// handler returns the command handler of cfg as cmd/bot builds it, with the
// bot's store.
func (cfg testSetup) handler() *command.Handler {
	c := cfg.commandConfig
	if c.Store == nil {
		c.Store = cfg.Settings
	}
	return command.New(c)
}

// testPictureTimeout is the tests' deadline of reading one picture.
const testPictureTimeout = 10 * time.Minute

// newBot is New with the handler of cfg.
func newBot(cfg testSetup, sessions SessionFunc, log *slog.Logger, m *Metrics) *Bot {
	return New(cfg.Config, cfg.handler(), sessions, log, m)
}

// testConfig is a configuration for tests: generous limits, message content on.
// Reading a photo takes seconds under -race on a busy machine: the tests check
// what was read, never how fast, so its deadline is far away.
func testConfig() testSetup {
	return testSetup{commandConfig: commandConfig{Prefix: "!", SolveTimeout: 2 * time.Second, PictureTimeout: testPictureTimeout}, Config: Config{
		Workers:        2,
		Queue:          8,
		UserRate:       600,
		UserBurst:      100,
		MessageContent: true,
		ShutdownGrace:  5 * time.Second,
	}}
}

// start runs a bot with cfg against a fresh fake Discord and waits until it
// has registered its slash commands. setup, if not nil, adjusts the bot first.
func start(t *testing.T, cfg testSetup, setup func(*Bot), opts ...discordtest.Option) *harness {
	t.Helper()
	return startOn(t, discordtest.New(t, opts...), cfg, setup)
}

// startOn is start against a fake Discord of the caller's, which several
// bots may share (as several processes share Discord).
func startOn(t *testing.T, srv *discordtest.Server, cfg testSetup, setup func(*Bot)) *harness {
	t.Helper()
	route := discordtest.RouteBulkOverwriteGlobalCommands
	if cfg.DevGuildID != "" {
		route = discordtest.RouteBulkOverwriteGuildCommands
	}
	registered := len(srv.RequestsFor(route)) // by other bots on srv
	logs := &syncBuffer{}
	b := newBot(cfg, sessions(t, srv), slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})), nil)
	if setup != nil {
		setup(b)
	}
	ctx, cancel := context.WithCancel(context.Background())
	h := &harness{srv: srv, bot: b, logs: logs, cancel: cancel, done: make(chan error, 1)}
	go func() { h.done <- b.Run(ctx) }()
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("bot log:\n%s", logs.String())
		}
	})
	srv.WaitRequests(t, route, registered+1, wait)
	t.Cleanup(func() {
		cancel()
		select {
		case <-h.done:
		case <-time.After(wait):
			t.Error("bot did not stop")
		}
		if tok := srv.Token(); strings.Contains(logs.String(), tok) {
			t.Error("the token appears in the logs")
		}
	})
	return h
}

// sessions returns a SessionFunc of sessions connected to srv.
func sessions(t testing.TB, srv *discordtest.Server) SessionFunc {
	return func() (*discordgo.Session, error) { return srv.Session(t, 0), nil }
}

// stop stops the bot as a signal would and returns Run's result.
func (h *harness) stop(t *testing.T) error {
	t.Helper()
	h.cancel()
	select {
	case err := <-h.done:
		h.done <- err // for the cleanup
		return err
	case <-time.After(wait):
		t.Fatal("bot did not stop")
		return nil
	}
}

func expectedReply(t *testing.T, cfg testSetup, content string) string {
	t.Helper()
	return expected(t, cfg, content).Text
}

// expected is the handler's reply to content under cfg: what the bot must
// post (text and files).
func expected(t *testing.T, cfg testSetup, content string) command.Reply {
	t.Helper()
	h := command.New(cfg.commandConfig)
	req, ok := h.Match(content, "")
	if !ok {
		t.Fatalf("%q is not a command", content)
	}
	return h.Handle(context.Background(), req)
}

// checkSafeReply asserts the reply pings nobody and quotes the message.
func checkSafeReply(t *testing.T, m discordtest.SentMessage, replyTo string) {
	t.Helper()
	am := m.AllowedMentions
	if am == nil || am.Parse == nil || len(am.Parse) != 0 || am.RepliedUser || len(am.Users) != 0 || len(am.Roles) != 0 {
		t.Errorf("allowed_mentions = %+v, want parse [] and replied_user false", am)
	}
	if replyTo != "" {
		if m.Reference == nil || m.Reference.MessageID != replyTo {
			t.Errorf("message_reference = %+v, want message %s", m.Reference, replyTo)
		} else if m.Reference.FailIfNotExists == nil || *m.Reference.FailIfNotExists {
			t.Errorf("fail_if_not_exists must be false, so a deleted message still gets its answer")
		}
	}
	if render.Len(m.Content) > render.MaxLen {
		t.Errorf("reply of %d characters", render.Len(m.Content))
	}
}

func TestIdentifyAsksForTheIntentsItNeeds(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil)
	ids := h.srv.WaitIdentifies(t, 1, wait)
	want := discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages | discordgo.IntentsMessageContent
	if ids[0].Intents != want {
		t.Errorf("intents %b, want %b", ids[0].Intents, want)
	}
	if !strings.HasSuffix(ids[0].Token, h.srv.Token()) {
		t.Errorf("identify token not the configured one")
	}
}

func TestSolveInGuildAndDM(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	h := start(t, cfg, nil)
	guild := h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	dm := h.srv.SendMessage(discordtest.Message{DM: true, Content: "!solve\n```\n" + lc37 + "\n```"})
	msgs := h.srv.WaitMessages(t, 2, wait)
	h.noMoreMessages(t, 2)
	want := expectedReply(t, cfg, "!solve "+lc37)
	if !strings.Contains(want, "exactly one solution") || !strings.Contains(want, "[5][3] 4 | 6 [7] 8 | 9  1  2") {
		t.Fatalf("the handler's reply is not the unique solution:\n%s", want)
	}
	byChannel := map[string]discordtest.SentMessage{}
	for _, m := range msgs {
		byChannel[m.ChannelID] = m
	}
	for _, tc := range []struct {
		name    string
		payload map[string]any
		channel string
	}{{"guild", guild, discordtest.DefaultChannelID}, {"dm", dm, discordtest.DefaultDMChannelID}} {
		m, ok := byChannel[tc.channel]
		if !ok {
			t.Errorf("%s: no reply in channel %s: %v", tc.name, tc.channel, msgs)
			continue
		}
		if m.Kind != discordtest.KindChannelMessage || m.Content != want {
			t.Errorf("%s: reply %q\nwant %q", tc.name, m.Content, want)
		}
		checkSafeReply(t, m, tc.payload["id"].(string))
		var body struct {
			Nonce        string `json:"nonce"`
			EnforceNonce bool   `json:"enforce_nonce"`
		}
		if err := m.Request.Decode(&body); err != nil || body.Nonce != tc.payload["id"] || !body.EnforceNonce {
			t.Errorf("%s: nonce %+v (%v), want the message id, enforced", tc.name, body, err)
		}
	}
	logs := h.waitLog(t, "command", 2)
	if len(logs) != 2 {
		t.Fatalf("%d command log lines, want 2:\n%s", len(logs), h.logs.String())
	}
	for _, rec := range logs {
		for _, k := range []string{"guild", "channel", "user", "cmd", "size", "outcome", "solve", "latency"} {
			if _, ok := rec[k]; !ok {
				t.Errorf("command log line lacks %q: %v", k, rec)
			}
		}
		if rec["outcome"] != "unique" || rec["size"] != float64(9) {
			t.Errorf("log line %v", rec)
		}
	}
	if strings.Contains(h.logs.String(), lc37) {
		t.Error("the message text was logged")
	}
	h.srv.AssertClean(t)
}

func TestCheckWithConflicts(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	h := startFlow(t, cfg, nil)
	m := h.answer(t, discordtest.Message{Content: "!check " + conflict})
	if want := expectedReply(t, cfg, "!check "+conflict); m.text != want {
		t.Errorf("reply %q\nwant %q", m.text, want)
	}
	if !strings.Contains(m.text, "row 1") || !strings.Contains(m.text, "box 1") {
		t.Errorf("the conflicts are not named:\n%s", m.text)
	}
}

func TestIgnoresBotsWebhooksItselfAndOtherCommands(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil, discordtest.WithEchoMessages())
	h.srv.Dispatch("MESSAGE_CREATE", h.srv.BotMessage("!solve "+lc37))
	h.srv.Dispatch("MESSAGE_CREATE", h.srv.OwnMessage("!solve "+lc37))
	h.srv.SendMessage(discordtest.Message{WebhookID: discordtest.DefaultWebhookID, Content: "!solve " + lc37})
	h.srv.SendMessage(discordtest.Message{Content: "!play some music"})
	h.srv.SendMessage(discordtest.Message{Content: "just chatting about !solve"})
	// A real command too: only its reply may come, within the window below.
	h.srv.SendMessage(discordtest.Message{Content: "!help"})
	h.srv.WaitMessages(t, 1, wait)
	// The echo of the bot's own reply comes back as a MESSAGE_CREATE too.
	h.noMoreMessages(t, 1)
}

func TestMentionWorksAsPrefix(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil)
	id := h.srv.BotID()
	h.srv.SendMessage(discordtest.Message{Content: "<@" + id + "> solve " + lc37, Mentions: []*discordgo.User{h.srv.BotUser()}})
	m := h.srv.WaitMessages(t, 1, wait)[0]
	if !strings.Contains(m.Content, "exactly one solution") && !strings.Contains(m.Content, "[5]") {
		t.Errorf("mention command not solved:\n%s", m.Content)
	}
}

func TestMalformedGridGetsTheParserError(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	h := startFlow(t, cfg, nil)
	bad := "!solve " + lc37[:80]
	m := h.answer(t, discordtest.Message{Content: bad})
	if want := expectedReply(t, cfg, bad); m.text != want || !strings.Contains(m.text, "80") {
		t.Errorf("reply %q, want the parser's error %q", m.text, want)
	}
}

func TestTimeoutReply(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.SolveTimeout = 50 * time.Millisecond
	h := startFlow(t, cfg, nil)
	m := h.answer(t, discordtest.Message{Content: "!solve " + slowGrid})
	if want := expectedReply(t, cfg, "!solve "+slowGrid); m.text != want || !strings.Contains(m.text, "gave up after 50ms") {
		t.Errorf("reply %q\nwant the timeout reply %q", m.text, want)
	}
	if rec := h.logs.lines("command"); len(rec) != 1 || rec[0]["outcome"] != "timeout" {
		t.Errorf("log: %v", rec)
	}
}

func TestSlashCommandsRegisteredAndAnswered(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	h := start(t, cfg, nil)
	var names []string
	for _, c := range h.srv.Commands("") {
		names = append(names, c.Name)
		if c.Name == slash.Settings { // servers only: TestSettingsRegistered
			continue
		}
		if c.Contexts == nil || len(*c.Contexts) != 2 {
			t.Errorf("/%s contexts %v, want guild and bot DM", c.Name, c.Contexts)
		}
	}
	if strings.Join(names, ",") != "solve,check,hint,rate,explain,new,daily,help,settings,play,stats,leaderboard" {
		t.Errorf("registered %v", names)
	}
	if n := len(h.srv.RequestsFor(discordtest.RouteBulkOverwriteGlobalCommands)); n != 1 {
		t.Errorf("%d bulk overwrites, want 1", n)
	}

	solve := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", lc37)})
	check := h.srv.SendCommand(discordtest.Command{Name: "check", DM: true, Options: opts("grid", conflict)})
	help := h.srv.SendCommand(discordtest.Command{Name: "help"})
	bad := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", "12345678901234567")})
	h.srv.WaitMessages(t, 4, wait)
	for _, tc := range []struct {
		name      string
		ix        discordtest.Interaction
		want      string
		says      string // what the reply must say, whatever the handler answers
		ephemeral bool
	}{
		{"solve", solve, expectedReply(t, cfg, "!solve "+lc37), "[5][3] 4 | 6 [7] 8", false},
		{"check in DM", check, expectedReply(t, cfg, "!check "+conflict), "5 appears twice in row 1", false},
		{"help", help, expectedReply(t, cfg, "!help"), "**Sudoku bot**", false},
		{"bad grid", bad, expectedReply(t, cfg, "!solve 12345678901234567"), "17", true},
	} {
		ms := h.srv.InteractionMessages(tc.ix.ID)
		if len(ms) != 1 {
			t.Errorf("%s: %d messages, want one direct answer: %v", tc.name, len(ms), ms)
			continue
		}
		m := ms[0]
		if m.ResponseType != discordgo.InteractionResponseChannelMessageWithSource || m.Content != tc.want || m.Ephemeral() != tc.ephemeral {
			t.Errorf("%s: type %d ephemeral %v content %q\nwant type 4 ephemeral %v %q", tc.name, m.ResponseType, m.Ephemeral(), m.Content, tc.ephemeral, tc.want)
		}
		if !strings.Contains(m.Content, tc.says) {
			t.Errorf("%s: reply %q does not say %q", tc.name, m.Content, tc.says)
		}
		checkSafeReply(t, m, "")
	}
	h.srv.AssertClean(t)
}

func opts(name, value string) []*discordgo.ApplicationCommandInteractionDataOption {
	return []*discordgo.ApplicationCommandInteractionDataOption{discordtest.Opt(name, value)}
}

func TestSlashCommandDeferredThenEdited(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.SolveTimeout = 300 * time.Millisecond
	cfg.AckWait = 20 * time.Millisecond
	h := start(t, cfg, nil, discordtest.WithInteractionDeadline(3*time.Second))
	ix := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", slowGrid)})
	h.srv.WaitMessages(t, 2, wait)
	ms := h.srv.InteractionMessages(ix.ID)
	if len(ms) != 2 || !ms[0].Deferred() || ms[1].Kind != discordtest.KindOriginalEdit {
		t.Fatalf("want a deferred answer then an edit, got %v", ms)
	}
	if want := expectedReply(t, cfg, "!solve "+slowGrid); ms[1].Content != want || !strings.Contains(ms[1].Content, "gave up after 300ms") {
		t.Errorf("edit %q\nwant the timeout reply %q", ms[1].Content, want)
	}
	checkSafeReply(t, ms[1], "")
	h.srv.AssertClean(t)
}

func TestDevGuildRegistration(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.DevGuildID = discordtest.DefaultGuildID
	h := start(t, cfg, nil)
	if n := len(h.srv.Commands(discordtest.DefaultGuildID)); n != len(Commands()) {
		t.Errorf("%d guild commands, want %d", n, len(Commands()))
	}
	if n := len(h.srv.Commands("")); n != 0 {
		t.Errorf("%d global commands, want none", n)
	}
}

func TestSpoilerSolutions(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Spoiler = true
	h := startFlow(t, cfg, nil)
	m := h.answer(t, discordtest.Message{Content: "!solve " + lc37})
	if !strings.Contains(m.text, "||") {
		t.Errorf("solution not in spoiler tags:\n%s", m.text)
	}
}

func TestRateLimitNoticeOnceThenSilence(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.UserRate = 1 // a token a minute: none comes back during the test
	cfg.UserBurst = 2
	h := startFlow(t, cfg, nil)
	for range 2 {
		h.answer(t, discordtest.Message{Content: "!help"})
	}
	// Each say returns once the flow is done with its command, the
	// notice sent: what was not answered by then never is.
	var over []answer
	for range 4 {
		over = append(over, h.say(t, discordtest.Message{Content: "!help"})...)
	}
	if len(over) != 1 || !strings.Contains(over[0].text, "faster than I answer") {
		t.Errorf("answers to 4 commands over the limit %+v, want the rate-limit notice alone", over)
	}
	// Another user is not limited.
	other := &discordgo.User{ID: "4000000000000000099", Username: "bob"}
	h.answer(t, discordtest.Message{Author: other, Content: "!help"})
}

func TestBusyWhenPoolAndQueueAreFull(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Workers = 1
	cfg.Queue = 0
	running := make(chan struct{}, 1)
	release := make(chan struct{})
	h := start(t, cfg, func(b *Bot) {
		b.beforeHandle = func(_ context.Context, r command.Request) {
			if strings.Contains(r.Args, "hold") {
				running <- struct{}{}
				<-release // the only worker stays busy until the test lets go
			}
		}
	})
	h.srv.SendMessage(discordtest.Message{Content: "!solve hold " + lc37})
	<-running
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", lc37)})
	msgs := h.srv.WaitMessages(t, 2, wait)
	close(release)
	msgs = append(msgs[:2:2], h.srv.WaitMessages(t, 3, wait)[2:]...)
	h.noMoreMessages(t, 3)
	for i, m := range msgs[:2] {
		if !strings.Contains(m.Content, "busy") {
			t.Errorf("reply %d = %q, want the busy notice", i, m.Content)
		}
		if m.Kind == discordtest.KindInteractionResponse && !m.Ephemeral() {
			t.Error("the busy answer to a slash command should be ephemeral")
		}
	}
	if strings.Contains(msgs[2].Content, "busy") {
		t.Errorf("the held command got %q", msgs[2].Content)
	}
}

func TestGracefulShutdownAnswersCommandInFlight(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.SolveTimeout = 300 * time.Millisecond
	running := make(chan struct{}, 1)
	h := start(t, cfg, func(b *Bot) {
		b.beforeHandle = func(_ context.Context, _ command.Request) { running <- struct{}{} }
	})
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + slowGrid})
	<-running
	if err := h.stop(t); err != nil {
		t.Fatalf("Run returned %v after a stop signal", err)
	}
	msgs := h.srv.Messages()
	if len(msgs) != 1 || msgs[0].Content != expectedReply(t, cfg, "!solve "+slowGrid) || !strings.Contains(msgs[0].Content, "gave up after 300ms") {
		t.Errorf("the command in flight was not answered before the bot stopped: %v", msgs)
	}
	if h.srv.Connected() {
		t.Error("session still connected after Run returned")
	}
}

func TestPanicIsRecoveredAndAnswered(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), func(b *Bot) {
		b.beforeHandle = func(_ context.Context, req command.Request) {
			if strings.Contains(req.Args, "boom") {
				panic("boom")
			}
		}
	})
	h.srv.SendMessage(discordtest.Message{Content: "!solve boom"})
	h.srv.SendCommand(discordtest.Command{Name: "check", Options: opts("grid", "boom boom boom boom")})
	msgs := h.srv.WaitMessages(t, 2, wait)
	for _, m := range msgs {
		if !strings.Contains(m.Content, "went wrong") {
			t.Errorf("reply %q, want the apology", m.Content)
		}
	}
	// The bot carries on.
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	msgs = h.srv.WaitMessages(t, 3, wait)
	if !strings.Contains(msgs[2].Content, "[5]") {
		t.Errorf("no solve after the panic: %q", msgs[2].Content)
	}
	got := h.waitLog(t, "panic while handling a command", 2)
	for _, rec := range got {
		if stack, _ := rec["stack"].(string); !strings.Contains(stack, "goroutine") || rec["cmd"] == nil {
			t.Errorf("panic log line without the command or its stack: %v", rec)
		}
	}
}

func TestFallsBackWithoutMessageContentIntent(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil, discordtest.WithDisallowedIntents(discordgo.IntentsMessageContent))
	ids := h.srv.Identifies()
	if len(ids) != 2 || ids[0].Accepted || !ids[1].Accepted || ids[1].Intents&discordgo.IntentsMessageContent != 0 {
		t.Fatalf("identifies %+v: want a refused one with message content, then one without", ids)
	}
	if !strings.Contains(h.logs.String(), "Message Content intent") {
		t.Error("the fallback is not logged")
	}
	// DMs still carry their text.
	h.srv.SendMessage(discordtest.Message{DM: true, Content: "!solve " + lc37})
	if m := h.srv.WaitMessages(t, 1, wait)[0]; !strings.Contains(m.Content, "[5]") {
		t.Errorf("DM not solved: %q", m.Content)
	}
}
