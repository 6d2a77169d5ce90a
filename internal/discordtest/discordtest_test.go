package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

const wait = 10 * time.Second

// collector gathers events from discordgo handlers for the test goroutine.
type collector[T any] struct {
	ch chan T
}

func newCollector[T any]() *collector[T] { return &collector[T]{ch: make(chan T, 100)} }

func (c *collector[T]) add(v T) { c.ch <- v }

func (c *collector[T]) next(t *testing.T, what string) T {
	t.Helper()
	select {
	case v := <-c.ch:
		return v
	case <-time.After(wait):
		t.Fatalf("timed out waiting for %s", what)
		panic("unreachable")
	}
}

func (c *collector[T]) none(t *testing.T, window time.Duration) {
	t.Helper()
	select {
	case v := <-c.ch:
		t.Fatalf("unexpected event %+v", v)
	case <-time.After(window):
	}
}

func TestOpenIdentifyReady(t *testing.T) {
	t.Parallel()
	srv := New(t)
	intents := discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages | discordgo.IntentsMessageContent
	sess := srv.Session(t, intents)
	guilds := newCollector[*discordgo.GuildCreate]()
	sess.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { guilds.add(g) })
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	if u := sess.State.User; u == nil || u.ID != DefaultBotID || !u.Bot {
		t.Fatalf("State.User = %+v, want bot %s", u, DefaultBotID)
	}
	if got := sess.State.Application; got == nil || got.ID != DefaultAppID {
		t.Fatalf("State.Application = %+v", got)
	}
	ids := srv.WaitIdentifies(t, 1, wait)
	id := ids[0]
	if id.Intents != intents {
		t.Errorf("identify intents = %d, want %d", id.Intents, intents)
	}
	if id.Token != "Bot "+DefaultToken {
		t.Errorf("identify token = %q", id.Token)
	}
	if id.Properties["$os"] != runtime.GOOS {
		t.Errorf("identify properties = %v", id.Properties)
	}
	if id.GatewayVersion != discordgo.APIVersion || id.Encoding != "json" {
		t.Errorf("gateway query v=%q encoding=%q", id.GatewayVersion, id.Encoding)
	}
	if !id.Accepted || id.SessionID == "" {
		t.Errorf("identify not accepted: %+v", id)
	}
	g := guilds.next(t, "GUILD_CREATE")
	if g.ID != DefaultGuildID {
		t.Errorf("GUILD_CREATE id = %s", g.ID)
	}
	gw := srv.RequestsFor(RouteGetGateway)
	if len(gw) != 1 || gw[0].Authorization != "Bot "+DefaultToken || gw[0].Status != 200 {
		t.Errorf("GET /gateway requests = %v", gw)
	}
	// discordgo sends a heartbeat as soon as it is connected.
	srv.WaitUntil(t, wait, "a heartbeat", func() bool { return srv.Heartbeats() > 0 })
	if !srv.Connected() || srv.Connections() != 1 {
		t.Errorf("connected=%v connections=%d", srv.Connected(), srv.Connections())
	}
	srv.AssertClean(t)
}

func TestMessageCreateAndReply(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, discordgo.IntentsGuildMessages|discordgo.IntentsMessageContent)
	got := newCollector[*discordgo.MessageCreate]()
	sess.AddHandler(func(s *discordgo.Session, m *discordgo.MessageCreate) {
		got.add(m)
		_, err := s.ChannelMessageSendComplex(m.ChannelID, &discordgo.MessageSend{
			Content:         "solved: " + m.Content,
			Reference:       m.Reference(),
			AllowedMentions: &discordgo.MessageAllowedMentions{RepliedUser: false},
		})
		if err != nil {
			t.Errorf("send: %v", err)
		}
	})
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	p := srv.GuildMessage("!solve 123")
	if n := srv.Dispatch("MESSAGE_CREATE", p); n != 1 {
		t.Fatalf("Dispatch reached %d sessions", n)
	}
	m := got.next(t, "MESSAGE_CREATE")
	if m.Content != "!solve 123" || m.GuildID != DefaultGuildID || m.ChannelID != DefaultChannelID ||
		m.Author == nil || m.Author.ID != DefaultUserID || m.Author.Bot || m.Member == nil || m.ID != p["id"] {
		t.Fatalf("received message %+v", m.Message)
	}
	msgs := srv.WaitMessages(t, 1, wait)
	sent := msgs[0]
	if sent.Kind != KindChannelMessage || sent.ChannelID != DefaultChannelID || sent.Content != "solved: !solve 123" {
		t.Fatalf("sent = %v", sent)
	}
	if sent.Reference == nil || sent.Reference.MessageID != p["id"] {
		t.Errorf("reference = %+v", sent.Reference)
	}
	if sent.AllowedMentions == nil || sent.AllowedMentions.RepliedUser {
		t.Errorf("allowed_mentions = %+v", sent.AllowedMentions)
	}
	body := sent.Request.JSON.(map[string]any)
	if body["content"] != "solved: !solve 123" {
		t.Errorf("recorded body = %v", body)
	}
	if sent.Request.Authorization != "Bot "+DefaultToken || sent.Request.Route != RouteCreateMessage ||
		sent.Request.Params["channel_id"] != DefaultChannelID {
		t.Errorf("request = %v", sent.Request)
	}
	srv.NoMoreMessages(t, 1, 100*time.Millisecond)
	srv.AssertClean(t)
}

func TestIntentFiltering(t *testing.T) {
	t.Parallel()
	srv := New(t)
	// No MESSAGE_CONTENT, no DIRECT_MESSAGES.
	sess := srv.Session(t, discordgo.IntentsGuildMessages)
	got := newCollector[*discordgo.MessageCreate]()
	sess.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { got.add(m) })
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("secret"))
	if m := got.next(t, "guild message"); m.Content != "" {
		t.Errorf("content without MESSAGE_CONTENT intent = %q", m.Content)
	}
	mention := srv.MessagePayload(Message{Content: "<@" + DefaultBotID + "> hi", Mentions: []*discordgo.User{srv.BotUser()}})
	srv.Dispatch("MESSAGE_CREATE", mention)
	if m := got.next(t, "mention"); m.Content != "<@"+DefaultBotID+"> hi" {
		t.Errorf("content of a mention = %q", m.Content)
	}
	if n := srv.Dispatch("MESSAGE_CREATE", srv.DMMessage("dm")); n != 0 {
		t.Errorf("DM dispatched to %d sessions without DIRECT_MESSAGES", n)
	}
	got.none(t, 100*time.Millisecond)
}

func TestPayloadVariants(t *testing.T) {
	t.Parallel()
	srv := New(t, WithoutIntentFiltering())
	sess := srv.OpenSession(t, discordgo.IntentsDirectMessages)
	got := newCollector[*discordgo.MessageCreate]()
	sess.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { got.add(m) })

	srv.Dispatch("MESSAGE_CREATE", srv.DMMessage("dm"))
	if m := got.next(t, "DM"); m.GuildID != "" || m.Member != nil || m.ChannelID != DefaultDMChannelID || m.Content != "dm" {
		t.Errorf("DM = %+v", m.Message)
	}
	srv.Dispatch("MESSAGE_CREATE", srv.BotMessage("beep"))
	if m := got.next(t, "bot message"); !m.Author.Bot || m.Author.ID != OtherBotID {
		t.Errorf("bot message author = %+v", m.Author)
	}
	srv.Dispatch("MESSAGE_CREATE", srv.WebhookMessage("hook"))
	if m := got.next(t, "webhook message"); m.WebhookID != DefaultWebhookID || m.Member != nil {
		t.Errorf("webhook message = %+v", m.Message)
	}
	srv.Dispatch("MESSAGE_CREATE", srv.OwnMessage("me"))
	if m := got.next(t, "own message"); m.Author.ID != sess.State.User.ID {
		t.Errorf("own message author = %+v", m.Author)
	}
	srv.SendMessage(Message{Content: "re", ReplyTo: "42"})
	if m := got.next(t, "reply"); m.Type != discordgo.MessageTypeReply || m.MessageReference == nil || m.MessageReference.MessageID != "42" {
		t.Errorf("reply = %+v", m.Message)
	}
}

func TestSlashCommandDeferredEditFollowup(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	got := newCollector[*discordgo.InteractionCreate]()
	sess.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		got.add(i)
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		}); err != nil {
			t.Errorf("respond: %v", err)
			return
		}
		content := "board"
		if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content}); err != nil {
			t.Errorf("edit: %v", err)
		}
		if _, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "more"}); err != nil {
			t.Errorf("followup: %v", err)
		}
	})
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	in := srv.SendCommand(Command{Name: "sudoku", Options: []*discordgo.ApplicationCommandInteractionDataOption{
		SubCommand("new", Opt("difficulty", "hard"), Opt("size", 9)),
	}})
	i := got.next(t, "INTERACTION_CREATE")
	if i.ID != in.ID || i.Type != discordgo.InteractionApplicationCommand || i.GuildID != DefaultGuildID ||
		i.Member == nil || i.Member.User.ID != DefaultUserID || i.AppID != DefaultAppID {
		t.Fatalf("interaction = %+v", i.Interaction)
	}
	data := i.ApplicationCommandData()
	sub := data.Options[0]
	if data.Name != "sudoku" || sub.Name != "new" || sub.GetOption("difficulty").StringValue() != "hard" || sub.GetOption("size").IntValue() != 9 {
		t.Fatalf("command data = %+v", data)
	}
	msgs := srv.WaitMessages(t, 3, wait)
	if msgs[0].Kind != KindInteractionResponse || !msgs[0].Deferred() || !msgs[0].Ephemeral() || msgs[0].InteractionID != in.ID {
		t.Errorf("first = %v", msgs[0])
	}
	if msgs[1].Kind != KindOriginalEdit || msgs[1].Content != "board" || msgs[1].ID != msgs[0].ID || msgs[1].InteractionToken != in.Token {
		t.Errorf("second = %v (deferred id %s)", msgs[1], msgs[0].ID)
	}
	if msgs[2].Kind != KindFollowup || msgs[2].Content != "more" {
		t.Errorf("third = %v", msgs[2])
	}
	if n := len(srv.InteractionMessages(in.ID)); n != 3 {
		t.Errorf("InteractionMessages = %d", n)
	}
	// A second acknowledgement is refused as on Discord.
	err := sess.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "again"},
	})
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) || rerr.Message == nil || rerr.Message.Code != 40060 {
		t.Errorf("second respond error = %v", err)
	}
	if len(srv.Rejected()) != 1 {
		t.Errorf("rejected = %v", srv.Rejected())
	}
	srv.NoMoreMessages(t, 3, 50*time.Millisecond)
}

func TestDMCommandImmediateResponse(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.OpenSession(t, 0)
	sess.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if i.User == nil || i.Member != nil || i.GuildID != "" {
			t.Errorf("DM interaction = %+v", i.Interaction)
		}
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "hi " + i.User.Username},
		})
	})
	in := srv.SendCommand(Command{Name: "help", DM: true})
	m := srv.WaitMessages(t, 1, wait)[0]
	if m.ResponseType != discordgo.InteractionResponseChannelMessageWithSource || m.Content != "hi "+DefaultUserName ||
		m.ChannelID != DefaultDMChannelID || m.InteractionID != in.ID || m.Ephemeral() {
		t.Fatalf("response = %v", m)
	}
	srv.AssertClean(t)
}

func TestCommandsBulkOverwrite(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	cmds := []*discordgo.ApplicationCommand{
		{Name: "sudoku", Description: "Solve a sudoku", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "grid", Description: "The grid", Required: true},
		}},
		{Name: "help", Description: "Help"},
	}
	created, err := sess.ApplicationCommandBulkOverwrite(DefaultAppID, "", cmds)
	if err != nil {
		t.Fatal(err)
	}
	if len(created) != 2 || created[0].ID == "" || created[0].ApplicationID != DefaultAppID || created[0].Options[0].Name != "grid" {
		t.Fatalf("created = %+v", created)
	}
	// Same names keep their ids on a second overwrite.
	again, err := sess.ApplicationCommandBulkOverwrite(DefaultAppID, "", cmds[:1])
	if err != nil || len(again) != 1 || again[0].ID != created[0].ID {
		t.Fatalf("second overwrite = %+v, %v", again, err)
	}
	if got := srv.Commands(""); len(got) != 1 || got[0].Name != "sudoku" {
		t.Errorf("global commands = %+v", got)
	}
	if _, err := sess.ApplicationCommandBulkOverwrite(DefaultAppID, DefaultGuildID, cmds[1:]); err != nil {
		t.Fatal(err)
	}
	if got := srv.Commands(DefaultGuildID); len(got) != 1 || got[0].GuildID != DefaultGuildID {
		t.Errorf("guild commands = %+v", got)
	}
	if r := srv.RequestsFor(RouteBulkOverwriteGuildCommands); len(r) != 1 || r[0].Params["guild_id"] != DefaultGuildID {
		t.Errorf("guild requests = %v", r)
	}
	// The interaction uses the registered command id.
	if p := srv.GuildCommand("sudoku"); p["data"].(map[string]any)["id"] != created[0].ID {
		t.Errorf("command payload id = %v", p["data"])
	}
	// Discord's validation: upper case names are refused.
	_, err = sess.ApplicationCommandBulkOverwrite(DefaultAppID, "", []*discordgo.ApplicationCommand{{Name: "Bad", Description: "x"}})
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) || rerr.Response.StatusCode != 400 || rerr.Message.Code != 50035 {
		t.Errorf("invalid command error = %v", err)
	}
}

func TestRESTValidationAndUnexpected(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	_, err := sess.ChannelMessageSend(DefaultChannelID, "")
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) || rerr.Message.Code != 50006 {
		t.Errorf("empty message error = %v", err)
	}
	_, err = sess.ChannelMessageSend(DefaultChannelID, strings.Repeat("x", 2001))
	if !errors.As(err, &rerr) || rerr.Message.Code != 50035 {
		t.Errorf("long message error = %v", err)
	}
	if _, err := sess.GuildRoles(DefaultGuildID); err == nil {
		t.Errorf("unknown route succeeded")
	}
	if u := srv.Unexpected(); len(u) != 1 || u[0].Status != 404 || u[0].Path != "/guilds/"+DefaultGuildID+"/roles" {
		t.Errorf("unexpected = %v", u)
	}
	if len(srv.Messages()) != 0 || len(srv.Rejected()) != 2 {
		t.Errorf("messages=%v rejected=%v", srv.Messages(), srv.Rejected())
	}
	// Wrong token.
	bad, _ := discordgo.New("Bot wrong")
	srv.Configure(bad)
	if _, err := bad.User("@me"); !errors.As(err, &rerr) || rerr.Response.StatusCode != 401 {
		t.Errorf("wrong token error = %v", err)
	}
	if u, err := sess.User("@me"); err != nil || u.ID != DefaultBotID || !u.Bot {
		t.Errorf("GET /users/@me = %+v, %v", u, err)
	}
	// Files are recorded from multipart bodies.
	_, err = sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{
		Content: "grid", Files: []*discordgo.File{{Name: "grid.png", ContentType: "image/png", Reader: strings.NewReader("PNG")}},
	})
	if err != nil {
		t.Fatal(err)
	}
	m := srv.WaitMessages(t, 1, wait)[0]
	if m.Content != "grid" || len(m.Files) != 1 || m.Files[0].Name != "grid.png" || string(m.Files[0].Data) != "PNG" {
		t.Errorf("multipart message = %v %+v", m, m.Files)
	}
}

func TestTransportRefusesOtherHosts(t *testing.T) {
	t.Parallel()
	srv := New(t)
	client := srv.HTTPClient()
	_, err := client.Get("https://example.com/")
	if !errors.Is(err, ErrRefusedHost) {
		t.Fatalf("request to example.com: %v", err)
	}
	resp, err := client.Get("https://discord.com/api/v10/gateway")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Errorf("unauthenticated GET /gateway = %d", resp.StatusCode)
	}
	d := srv.Dialer()
	if _, _, err := d.Dial("ws://192.0.2.1:80/", nil); !errors.Is(err, ErrRefusedHost) {
		t.Errorf("dial elsewhere: %v", err)
	}
	u := srv.Unexpected()
	if len(u) != 1 || !strings.Contains(u[0].Path, "example.com") {
		t.Errorf("unexpected = %v", u)
	}
}

func TestRateLimitRetried(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	srv.FailNext(RouteCreateMessage, 1, http.StatusTooManyRequests, 200*time.Millisecond)
	start := time.Now()
	if _, err := sess.ChannelMessageSend(DefaultChannelID, "hello"); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 200*time.Millisecond {
		t.Errorf("retried after %v, before retry_after", d)
	}
	reqs := srv.RequestsFor(RouteCreateMessage)
	if len(reqs) != 2 || reqs[0].Status != 429 || !reqs[0].Fault || reqs[1].Status != 200 {
		t.Fatalf("requests = %v", reqs)
	}
	if ra := reqs[0].Header; ra == nil {
		t.Fatal("no header recorded")
	}
	if len(srv.Messages()) != 1 {
		t.Errorf("messages = %v", srv.Messages())
	}

	// Without ShouldRetryOnRateLimit discordgo returns a RateLimitError.
	srv.InjectFault(RouteCreateMessage, 1, Fault{Status: 429, RetryAfter: 50 * time.Millisecond, Global: true})
	_, err := sess.ChannelMessageSend(DefaultChannelID, "x", discordgo.WithRetryOnRatelimit(false))
	var rl *discordgo.RateLimitError
	if !errors.As(err, &rl) || rl.RetryAfter != 50*time.Millisecond {
		t.Errorf("error = %v", err)
	}
}

func TestServerErrors(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	// discordgo retries 502 up to MaxRestRetries (3) times, immediately.
	srv.FailNext(RouteCreateMessage, 2, http.StatusBadGateway, 0)
	if _, err := sess.ChannelMessageSend(DefaultChannelID, "a"); err != nil {
		t.Fatal(err)
	}
	if reqs := srv.RequestsFor(RouteCreateMessage); len(reqs) != 3 {
		t.Errorf("502 attempts = %v", reqs)
	}
	// Other 5xx are not retried.
	srv.FailNext(RouteCreateMessage, 1, http.StatusInternalServerError, 0)
	_, err := sess.ChannelMessageSend(DefaultChannelID, "b")
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) || rerr.Response.StatusCode != 500 {
		t.Errorf("500 error = %v", err)
	}
	if reqs := srv.RequestsFor(RouteCreateMessage); len(reqs) != 4 {
		t.Errorf("after 500: %d requests", len(reqs))
	}
	if len(srv.Messages()) != 1 {
		t.Errorf("messages = %v", srv.Messages())
	}
	// After MaxRestRetries retries of 502 it gives up: 4 attempts.
	srv.FailNext(RouteTriggerTyping, 10, http.StatusBadGateway, 0)
	if err := sess.ChannelTyping(DefaultChannelID); err == nil || !strings.Contains(err.Error(), "Exceeded Max retries") {
		t.Errorf("502 x4 error = %v", err)
	}
	if reqs := srv.RequestsFor(RouteTriggerTyping); len(reqs) != 4 {
		t.Errorf("502 attempts = %d, want 4", len(reqs))
	}
	srv.ClearFaults()
	// 429s are retried without a limit.
	srv.FailNext(RouteTriggerTyping, 6, http.StatusTooManyRequests, 5*time.Millisecond)
	if err := sess.ChannelTyping(DefaultChannelID); err != nil {
		t.Errorf("after six 429s: %v", err)
	}
	if reqs := srv.RequestsFor(RouteTriggerTyping); len(reqs) != 4+7 {
		t.Errorf("429 attempts = %d, want 7", len(reqs)-4)
	}
	// A fault on GET /gateway makes Open fail.
	srv.FailNext(RouteGetGateway, 1, http.StatusServiceUnavailable, 0)
	if err := sess.Open(); err == nil {
		t.Errorf("Open succeeded despite 503 on /gateway")
	}
}

// resumeHarness opens a session that forwards MESSAGE_CREATE contents.
func resumeHarness(t *testing.T, opts ...Option) (*Server, *discordgo.Session, *collector[string]) {
	if os.Getenv("DISCORDTEST_DEBUG") != "" {
		opts = append(opts, WithVerbose())
	}
	srv := New(t, opts...)
	sess := srv.Session(t, discordgo.IntentsGuildMessages|discordgo.IntentsMessageContent)
	if os.Getenv("DISCORDTEST_DEBUG") != "" {
		sess.LogLevel = discordgo.LogInformational
	}
	got := newCollector[string]()
	sess.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { got.add(m.Content) })
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("one"))
	if c := got.next(t, "first message"); c != "one" {
		t.Fatalf("got %q", c)
	}
	srv.WaitSettled(t, wait)
	return srv, sess, got
}

func expectContents(t *testing.T, got *collector[string], want ...string) {
	t.Helper()
	seen := map[string]bool{}
	for range want {
		seen[got.next(t, fmt.Sprintf("messages %v", want))] = true
	}
	for _, w := range want {
		if !seen[w] {
			t.Errorf("missing %q, got %v", w, seen)
		}
	}
}

func TestDropResumesAndReplays(t *testing.T) {
	t.Parallel()
	srv, _, got := resumeHarness(t)
	if n := srv.DropConnections(); n != 1 {
		t.Fatalf("dropped %d", n)
	}
	// Dispatched while the client is away: queued, replayed on resume.
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("two"))
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("three"))
	r := srv.WaitResumes(t, 1, wait)[0]
	// READY=1, GUILD_CREATE not requested, "one"=2.
	if r.Seq != 2 || r.Replayed != 2 || r.Token != "Bot "+DefaultToken || r.SessionID != srv.Identifies()[0].SessionID {
		t.Errorf("resume = %+v", r)
	}
	expectContents(t, got, "two", "three")
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("four"))
	expectContents(t, got, "four")
	if d := srv.Disconnects(); len(d) != 1 || !d[0].ByServer || d[0].CloseCode != 0 {
		t.Errorf("disconnects = %+v", d)
	}
	if srv.Connections() != 2 || len(srv.Identifies()) != 1 {
		t.Errorf("connections=%d identifies=%d", srv.Connections(), len(srv.Identifies()))
	}
}

func TestReconnectOpcode(t *testing.T) {
	t.Parallel()
	srv, _, got := resumeHarness(t)
	if n := srv.SendReconnect(); n != 1 {
		t.Fatalf("reconnect sent to %d", n)
	}
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("two"))
	if r := srv.WaitResumes(t, 1, wait)[0]; r.Replayed != 1 {
		t.Errorf("resume = %+v", r)
	}
	expectContents(t, got, "two")
	srv.WaitUntil(t, wait, "old connection closed", func() bool { return len(srv.Disconnects()) == 1 })
	if d := srv.Disconnects()[0]; d.CloseCode != websocket1012 {
		t.Errorf("client close code = %d, want 1012", d.CloseCode)
	}
}

const websocket1012 = 1012

func TestInvalidSessionNotResumable(t *testing.T) {
	t.Parallel()
	srv, _, got := resumeHarness(t)
	if n := srv.InvalidateSession(false); n != 1 {
		t.Fatalf("op 9 sent to %d", n)
	}
	// discordgo answers op 9 with a new identify on the same connection.
	ids := srv.WaitIdentifies(t, 2, wait)
	if ids[1].Conn != ids[0].Conn || ids[1].SessionID == ids[0].SessionID {
		t.Errorf("identifies = %+v", ids)
	}
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("two"))
	expectContents(t, got, "two")
}

func TestResumeRefusedFallsBackToIdentify(t *testing.T) {
	t.Parallel()
	srv, _, got := resumeHarness(t)
	srv.DropConnections()
	srv.InvalidateSession(false) // session gone while the client is away
	ids := srv.WaitIdentifies(t, 2, wait)
	rs := srv.Resumes()
	if len(rs) != 1 || rs[0].Accepted {
		t.Errorf("resumes = %+v", rs)
	}
	if ids[1].Conn != 2 {
		t.Errorf("second identify on conn %d", ids[1].Conn)
	}
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("two"))
	expectContents(t, got, "two")
}

func TestZombieConnection(t *testing.T) {
	t.Parallel()
	srv, _, got := resumeHarness(t, WithHeartbeatInterval(200*time.Millisecond))
	srv.SetHeartbeatAcks(false)
	srv.WaitUntil(t, wait, "client gives up the zombied connection", func() bool { return len(srv.Disconnects()) > 0 })
	srv.SetHeartbeatAcks(true)
	// discordgo closes the zombie with code 1000, which ends the session on
	// Discord: its resume is refused and it identifies again.
	if d := srv.Disconnects()[0]; d.CloseCode != 1000 {
		t.Errorf("zombie close = %+v", d)
	}
	srv.WaitIdentifies(t, 2, wait)
	if rs := srv.Resumes(); len(rs) != 1 || rs[0].Accepted {
		t.Errorf("resumes = %+v", rs)
	}
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("two"))
	expectContents(t, got, "two")
}

func TestEchoMessages(t *testing.T) {
	t.Parallel()
	srv := New(t, WithEchoMessages())
	sess := srv.OpenSession(t, discordgo.IntentsGuildMessages)
	got := newCollector[*discordgo.MessageCreate]()
	sess.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { got.add(m) })
	if _, err := sess.ChannelMessageSend(DefaultChannelID, "mine"); err != nil {
		t.Fatal(err)
	}
	m := got.next(t, "echo")
	if m.Author.ID != DefaultBotID || m.Content != "mine" || m.GuildID != DefaultGuildID {
		t.Errorf("echo = %+v", m.Message)
	}
}

// TestDispatchedCounts: Dispatched counts what reached a session, the bot's
// echoes too, by event name.
func TestDispatchedCounts(t *testing.T) {
	t.Parallel()
	srv := New(t, WithEchoMessages())
	sess := srv.OpenSession(t, discordgo.IntentsGuildMessages)
	got := newCollector[*discordgo.MessageCreate]()
	sess.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { got.add(m) })
	if n := srv.Dispatched("MESSAGE_CREATE"); n != 0 {
		t.Fatalf("%d MESSAGE_CREATE dispatched before any", n)
	}
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("one"))
	got.next(t, "one")
	if _, err := sess.ChannelMessageSend(DefaultChannelID, "mine"); err != nil {
		t.Fatal(err)
	}
	got.next(t, "echo")
	if n := srv.Dispatched("MESSAGE_CREATE"); n != 2 {
		t.Errorf("Dispatched(MESSAGE_CREATE) = %d after a message and an echo, want 2", n)
	}
	srv.Dispatch("INTERACTION_CREATE", srv.GuildCommand("help"))
	if n := srv.Dispatched("MESSAGE_CREATE", "INTERACTION_CREATE"); n != 3 {
		t.Errorf("Dispatched(MESSAGE_CREATE, INTERACTION_CREATE) = %d, want 3", n)
	}
}

// fakeTB records failures instead of stopping the test.
type fakeTB struct {
	testing.TB
	mu     sync.Mutex
	failed []string
}

func (f *fakeTB) Helper() {}
func (f *fakeTB) Fatalf(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failed = append(f.failed, fmt.Sprintf(format, args...))
}
func (f *fakeTB) Errorf(format string, args ...any) { f.Fatalf(format, args...) }

func TestWaitsCanFail(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	ftb := &fakeTB{TB: t}
	if got := srv.WaitMessages(ftb, 1, 50*time.Millisecond); len(got) != 0 || len(ftb.failed) != 1 {
		t.Fatalf("WaitMessages on nothing: %v, failures %v", got, ftb.failed)
	}
	if _, err := sess.ChannelMessageSend(DefaultChannelID, "a"); err != nil {
		t.Fatal(err)
	}
	if _, err := sess.ChannelMessageSend(DefaultChannelID, "b"); err != nil {
		t.Fatal(err)
	}
	srv.NoMoreMessages(ftb, 1, 50*time.Millisecond)
	if len(ftb.failed) != 2 || !strings.Contains(ftb.failed[1], `"b"`) {
		t.Fatalf("NoMoreMessages failures = %v", ftb.failed)
	}
	// Dispatch before any session is a test bug.
	other := New(ftb)
	other.Dispatch("MESSAGE_CREATE", other.GuildMessage("x"))
	if len(ftb.failed) != 3 {
		t.Fatalf("Dispatch before identify failures = %v", ftb.failed)
	}
	srv.AssertClean(ftb)
	if len(ftb.failed) != 3 {
		t.Fatalf("AssertClean failed on a clean server: %v", ftb.failed)
	}
}

func TestDisallowedIntentsFailOpen(t *testing.T) {
	t.Parallel()
	srv := New(t, WithDisallowedIntents(discordgo.IntentsMessageContent))
	sess := srv.Session(t, discordgo.IntentsGuildMessages|discordgo.IntentsMessageContent)
	err := sess.Open()
	if err == nil || !strings.Contains(err.Error(), "4014") {
		t.Fatalf("Open error = %v, want close 4014", err)
	}
	ids := srv.Identifies()
	if len(ids) != 1 || ids[0].Accepted || ids[0].CloseCode != 4014 {
		t.Errorf("identifies = %+v", ids)
	}
}

func TestInteractionDeadlineAndUnknown(t *testing.T) {
	t.Parallel()
	srv := New(t, WithInteractionDeadline(30*time.Millisecond))
	sess := srv.OpenSession(t, 0)
	in := srv.SendCommand(Command{Name: "slow"})
	it := &discordgo.Interaction{ID: in.ID, Token: in.Token, AppID: DefaultAppID}
	// Not synchronisation: the behaviour under test is a wall-clock deadline.
	time.Sleep(40 * time.Millisecond)
	err := sess.InteractionRespond(it, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) || rerr.Message.Code != 10062 {
		t.Errorf("late respond error = %v", err)
	}
	content := "x"
	if _, err := sess.InteractionResponseEdit(it, &discordgo.WebhookEdit{Content: &content}); !errors.As(err, &rerr) || rerr.Message.Code != 10008 {
		t.Errorf("edit before any response error = %v", err)
	}
	it.Token = "forged"
	if _, err := sess.FollowupMessageCreate(it, true, &discordgo.WebhookParams{Content: "x"}); !errors.As(err, &rerr) || rerr.Message.Code != 10015 {
		t.Errorf("followup with unknown token error = %v", err)
	}
	if len(srv.Messages()) != 0 {
		t.Errorf("messages = %v", srv.Messages())
	}
}

func TestMiscRoutes(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	gb, err := sess.GatewayBot()
	if err != nil || !strings.HasPrefix(gb.URL, "ws://127.0.0.1:") || gb.Shards != 1 {
		t.Errorf("GatewayBot = %+v, %v", gb, err)
	}
	ch, err := sess.UserChannelCreate(DefaultUserID)
	if err != nil || ch.ID != DefaultDMChannelID || ch.Type != discordgo.ChannelTypeDM {
		t.Errorf("UserChannelCreate = %+v, %v", ch, err)
	}
	m, err := sess.ChannelMessageSend(DefaultChannelID, "react to me")
	if err != nil || m.Author == nil || m.Author.ID != DefaultBotID || m.GuildID != DefaultGuildID {
		t.Fatalf("send = %+v, %v", m, err)
	}
	if err := sess.MessageReactionAdd(DefaultChannelID, m.ID, "✅"); err != nil {
		t.Errorf("reaction: %v", err)
	}
	if r := srv.RequestsFor(RouteAddOwnReaction); len(r) != 1 || r[0].Params["emoji"] != "✅" {
		t.Errorf("reaction requests = %v", r)
	}
	if _, err := sess.ChannelMessageEdit(DefaultChannelID, m.ID, "edited"); err != nil {
		t.Errorf("edit: %v", err)
	}
	got, err := sess.ChannelMessage(DefaultChannelID, m.ID)
	if err != nil || got.Content != "edited" {
		t.Errorf("get message = %+v, %v", got, err)
	}
	if c, err := sess.Channel(DefaultChannelID); err != nil || c.GuildID != DefaultGuildID {
		t.Errorf("channel = %+v, %v", c, err)
	}
	if err := sess.ChannelTyping(DefaultChannelID); err != nil {
		t.Errorf("typing: %v", err)
	}
	kinds := []MessageKind{}
	for _, m := range srv.Messages() {
		kinds = append(kinds, m.Kind)
	}
	if fmt.Sprint(kinds) != fmt.Sprint([]MessageKind{KindChannelMessage, KindMessageEdit}) {
		t.Errorf("kinds = %v", kinds)
	}
	srv.AssertClean(t)
}

func TestCloseCodes(t *testing.T) {
	t.Parallel()
	srv, _, got := resumeHarness(t)
	// 4000 (unknown error): session stays resumable.
	srv.CloseConnections(4000, "Unknown error")
	srv.WaitResumes(t, 1, wait)
	srv.WaitSettled(t, wait) // see NOTES.md, double reconnect
	// 4009 (session timed out): resume refused, discordgo identifies again.
	srv.CloseConnections(4009, "Session timed out")
	srv.WaitIdentifies(t, 2, wait)
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("two"))
	expectContents(t, got, "two")
	rs := srv.Resumes()
	if len(rs) != 2 || !rs[0].Accepted || rs[1].Accepted {
		t.Errorf("resumes = %+v", rs)
	}
}

func TestSimulatedRateLimit(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	const window = 200 * time.Millisecond
	srv.SetRateLimit(RouteCreateMessage, 2, window)
	start := time.Now()
	for i := 0; i < 5; i++ {
		if _, err := sess.ChannelMessageSend(DefaultChannelID, fmt.Sprint(i)); err != nil {
			t.Fatal(err)
		}
	}
	// 5 messages at 2 per window need at least two full windows.
	if d := time.Since(start); d < 2*window {
		t.Errorf("5 messages took %v, the bucket was not respected", d)
	}
	if n := len(srv.Messages()); n != 5 {
		t.Errorf("messages = %d", n)
	}
	// discordgo follows X-RateLimit-Remaining/Reset-After and never hits the limit.
	for _, r := range srv.RequestsFor(RouteCreateMessage) {
		if r.Status == 429 {
			t.Errorf("429 received: %v", r)
		}
	}
	// Another channel has its own bucket.
	other := "3000000000000000099"
	if _, err := sess.ChannelMessageSend(other, "x"); err != nil {
		t.Fatal(err)
	}
}

func TestButtonUpdate(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.OpenSession(t, 0)
	board, err := sess.ChannelMessageSend(DefaultChannelID, "board")
	if err != nil {
		t.Fatal(err)
	}
	sess.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if i.Type != discordgo.InteractionMessageComponent || i.MessageComponentData().CustomID != "hint" || i.Message == nil {
			t.Errorf("component interaction = %+v", i.Interaction)
			return
		}
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
		content := "board with hint"
		_, _ = s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content})
	})
	in := srv.SendComponent(Component{CustomID: "hint"})
	msgs := srv.WaitMessages(t, 3, wait)
	if msgs[1].ResponseType != discordgo.InteractionResponseDeferredMessageUpdate || msgs[1].InteractionID != in.ID {
		t.Errorf("response = %v", msgs[1])
	}
	if msgs[2].Kind != KindOriginalEdit || msgs[2].ID != board.ID || msgs[2].Content != "board with hint" {
		t.Errorf("edit = %v (board %s)", msgs[2], board.ID)
	}
	srv.AssertClean(t)
}

func TestReplayBufferExceeded(t *testing.T) {
	t.Parallel()
	srv, _, got := resumeHarness(t, WithReplayBuffer(2))
	srv.DropConnections()
	for _, c := range []string{"lost1", "lost2", "lost3"} {
		srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage(c))
	}
	srv.WaitIdentifies(t, 2, wait)
	if rs := srv.Resumes(); len(rs) != 1 || rs[0].Accepted {
		t.Errorf("resumes = %+v", rs)
	}
	srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("after"))
	expectContents(t, got, "after")
	got.none(t, 50*time.Millisecond)
}

// TestReferencedMessage: a reply made WithReferenced carries the bot's
// message replied to, as GET answers it; null when the fake knows no such
// message (deleted); no field at all without WithReferenced.
func TestReferencedMessage(t *testing.T) {
	t.Parallel()
	srv := New(t, WithoutIntentFiltering())
	sess := srv.OpenSession(t, discordgo.IntentsGuildMessages)
	got := newCollector[*discordgo.MessageCreate]()
	sess.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { got.add(m) })
	posted, err := sess.ChannelMessageSend(DefaultChannelID, "puzzle #9H-3f2a1c9x")
	if err != nil {
		t.Fatal(err)
	}
	srv.SendMessage(Message{Content: "!check", ReplyTo: posted.ID, WithReferenced: true})
	m := got.next(t, "reply with the message replied to")
	if m.ReferencedMessage == nil || m.ReferencedMessage.Content != posted.Content || m.ReferencedMessage.ID != posted.ID ||
		m.ReferencedMessage.Author == nil || m.ReferencedMessage.Author.ID != DefaultBotID {
		t.Errorf("referenced_message = %+v", m.ReferencedMessage)
	}
	p := srv.MessagePayload(Message{ReplyTo: "42", WithReferenced: true})
	if v, ok := p["referenced_message"]; !ok || v != nil {
		t.Errorf("a reply to a message the fake does not know: referenced_message %v (present %v), want null", v, ok)
	}
	if _, ok := srv.MessagePayload(Message{ReplyTo: posted.ID})["referenced_message"]; ok {
		t.Error("referenced_message without WithReferenced")
	}
	srv.AssertClean(t)
}

// TestEnforcedNonce: a message created with a nonce and enforce_nonce is the
// only one for that nonce within the window; a second create returns it and
// creates nothing, as Discord does. Without enforce_nonce, or with another
// nonce, messages are created; a nonce over 25 characters is refused.
func TestEnforcedNonce(t *testing.T) {
	t.Parallel()
	srv := New(t, WithNonceWindow(time.Hour))
	sess := srv.Session(t, 0)
	post := func(content string, nonce any, enforce bool) (*discordgo.Message, error) {
		body := map[string]any{"content": content}
		if nonce != nil {
			body["nonce"] = nonce
		}
		if enforce {
			body["enforce_nonce"] = true
		}
		raw, err := sess.RequestWithBucketID("POST", discordgo.EndpointChannelMessages(DefaultChannelID), body, discordgo.EndpointChannelMessages(DefaultChannelID))
		if err != nil {
			return nil, err
		}
		var m discordgo.Message
		return &m, json.Unmarshal(raw, &m)
	}
	first, err := post("first", "1234567890123456789", true)
	if err != nil {
		t.Fatal(err)
	}
	again, err := post("second", "1234567890123456789", true)
	if err != nil {
		t.Fatal(err)
	}
	if again.ID != first.ID || again.Content != "first" {
		t.Errorf("a reused enforced nonce answered %s %q, want the first message %s %q", again.ID, again.Content, first.ID, "first")
	}
	if _, err := post("as a number", 1234567890123456789, true); err != nil {
		t.Fatal(err)
	}
	if _, err := post("other nonce", "1234567890123456789.2", true); err != nil {
		t.Fatal(err)
	}
	if _, err := post("not enforced", "1234567890123456789", false); err != nil {
		t.Fatal(err)
	}
	var rerr *discordgo.RESTError
	if _, err := post("too long", strings.Repeat("9", 26), true); !errors.As(err, &rerr) || rerr.Message.Code != 50035 {
		t.Errorf("a 26-character nonce: err = %v, want 50035", err)
	}
	var contents []string
	for _, m := range srv.Messages() {
		contents = append(contents, m.Content)
	}
	if want := []string{"first", "other nonce", "not enforced"}; !slices.Equal(contents, want) {
		t.Errorf("messages created %q, want %q", contents, want)
	}
	if n := srv.ReusedNonces(); n != 2 {
		t.Errorf("ReusedNonces = %d, want 2 (the string and the integer)", n)
	}
}
