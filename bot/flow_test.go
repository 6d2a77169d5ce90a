package bot

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/pool"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// The flow tests hand text commands to the bot as the gateway does
// (onMessage) and record what the reply flow answers with a recorder in
// place of Discord's REST API: no session, no websocket, no second spent in
// discordgo's Close. The protocol tests (payloads, nonces, rate limits,
// sessions) keep the fake Discord.

// recorder is a responder that keeps the answers it is given.
type recorder struct {
	mu      sync.Mutex
	answers []sent
}

// sent is one answer the flow gave, and the message it answers.
type sent struct {
	to target
	answer
}

// to returns the responder of the reply to the message to.
func (r *recorder) to(to target) responder { return &recordedReply{r: r, to: to} }

// all returns the answers so far, in the order they were given.
func (r *recorder) all() []sent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]sent(nil), r.answers...)
}

// recordedReply answers one text command into its recorder, as
// messageReply does over REST.
type recordedReply struct {
	r  *recorder
	to target
}

var _ responder = (*recordedReply)(nil)

func (r *recordedReply) transport() string                                     { return "message" }
func (r *recordedReply) mustAnswer() bool                                      { return false }
func (r *recordedReply) deferrable() bool                                      { return false }
func (r *recordedReply) deferAnswer(context.Context, *slog.Logger, bool) error { return nil }
func (r *recordedReply) send(_ context.Context, _ *slog.Logger, a answer) error {
	r.r.mu.Lock()
	defer r.r.mu.Unlock()
	r.r.answers = append(r.r.answers, sent{to: r.to, answer: a})
	return nil
}

// flowHarness is a bot whose reply flow runs as in Run (its worker pool
// and notice senders), without a gateway or REST.
type flowHarness struct {
	bot  *Bot
	logs *syncBuffer
	rec  *recorder
	ids  atomic.Int64
	// ctx bounds the commands' work and answers, as Run's contexts do; it
	// ends with the test.
	ctx context.Context
}

// startFlow makes the bot of cfg, adjusted by setup if not nil, and starts
// its reply flow until the test ends.
func startFlow(t *testing.T, cfg testSetup, setup func(*Bot)) *flowHarness {
	t.Helper()
	logs := &syncBuffer{}
	b := newBot(cfg, nil, slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})), nil)
	ctx, cancel := context.WithCancel(context.Background())
	h := &flowHarness{bot: b, logs: logs, rec: &recorder{}, ctx: ctx}
	h.ids.Store(5000000000000000000)
	b.record = h.rec.to
	if setup != nil {
		setup(b)
	}
	b.pool = pool.New(b.cfg.Workers, b.cfg.Queue)
	stop := make(chan struct{})
	for range noticeSenders {
		go b.sendNotices(stop)
	}
	t.Cleanup(func() {
		cancel()
		close(stop)
		b.pool.Close()
		if t.Failed() {
			t.Logf("bot log:\n%s", logs.String())
		}
	})
	return h
}

// say hands m to the bot as a MESSAGE_CREATE in the default server and
// channel (from the default user, unless m says otherwise) and returns the
// answers to it: the reply flow has answered when onMessage returns, but
// for a notice, queued for a sender, which say waits for too (the bot
// counts it in flight until sent).
func (h *flowHarness) say(t *testing.T, m discordtest.Message) []answer {
	t.Helper()
	msg := h.message(m)
	h.deliver(msg)
	poll(t, "the notices sent", func() bool { return h.bot.inflight.Count() == 0 })
	return h.answersTo(t, msg)
}

// message is m as Discord would send it: in the default server and
// channel, from the default user, unless m says otherwise.
func (h *flowHarness) message(m discordtest.Message) *discordgo.Message {
	msg := &discordgo.Message{
		ID:        strconv.FormatInt(h.ids.Add(1), 10),
		GuildID:   discordtest.DefaultGuildID,
		ChannelID: discordtest.DefaultChannelID,
		Content:   m.Content,
		Author:    m.Author,
	}
	if m.ChannelID != "" {
		msg.ChannelID = m.ChannelID
	}
	if m.DM {
		msg.GuildID, msg.ChannelID = "", discordtest.DefaultDMChannelID
	}
	if msg.Author == nil {
		msg.Author = &discordgo.User{ID: discordtest.DefaultUserID, Username: "alice"}
	}
	return msg
}

// deliver hands msg to the bot as its shard's event handler does, and
// returns when the flow is done with it.
func (h *flowHarness) deliver(msg *discordgo.Message) {
	h.bot.onMessage(h.ctx, h.ctx, 0, &discordgo.MessageCreate{Message: msg})
}

// answersTo returns the answers given so far to msg.
func (h *flowHarness) answersTo(t *testing.T, msg *discordgo.Message) []answer {
	t.Helper()
	var out []answer
	for _, s := range h.rec.all() {
		if s.to.MessageID == msg.ID {
			if s.to.ChannelID != msg.ChannelID || s.to.GuildID != msg.GuildID {
				t.Errorf("answer to message %s sent to channel %s of server %q, want %s of %q", msg.ID, s.to.ChannelID, s.to.GuildID, msg.ChannelID, msg.GuildID)
			}
			out = append(out, s.answer)
		}
	}
	return out
}

// answer is say for a command that gets one answer, which it returns.
func (h *flowHarness) answer(t *testing.T, m discordtest.Message) answer {
	t.Helper()
	got := h.say(t, m)
	if len(got) != 1 {
		t.Fatalf("%d answers to %q, want 1: %+v", len(got), m.Content, got)
	}
	return got[0]
}
