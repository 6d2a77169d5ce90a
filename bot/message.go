package bot

import (
	"context"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/render"
)

// Short notices, written for the person who sent the command.
const (
	msgBusy       = "I'm busy with other puzzles right now. Please try again in a few seconds."
	msgRateLimit  = "You're sending commands faster than I answer them. Please wait a few seconds; I'll ignore commands until then."
	msgStopping   = "I'm restarting. Please send that again in a minute."
	msgApology    = "Sorry, something went wrong on my side while handling that. It has been logged."
	msgUnknownCmd = "I don't know that command. Try /help."
)

// onMessage handles one MESSAGE_CREATE: a text command, or nothing.
func (b *Bot) onMessage(ctx context.Context, m *discordgo.MessageCreate) {
	if m.Author == nil || m.Author.Bot || m.WebhookID != "" {
		return
	}
	self := b.selfID()
	if m.Author.ID == self {
		return
	}
	req, ok := b.handler.Match(m.Content, self)
	if !ok {
		return
	}
	log := b.log.With("guild", m.GuildID, "channel", m.ChannelID, "user", m.Author.ID, "message", m.ID, "cmd", req.Kind.String())
	if !b.seen.firstTime("m" + m.ID) {
		log.Info("command delivered again; already answered")
		return
	}
	start := time.Now()
	if !b.begin() {
		b.replyNotice(ctx, log, m, "stopping", msgStopping)
		return
	}
	switch b.limits.check(m.Author.ID, start) {
	case notify:
		b.replyNotice(ctx, log, m, "rate_limited", msgRateLimit)
		b.inflight.Done()
		return
	case drop:
		log.Debug("command ignored: user over the rate limit and already told")
		b.inflight.Done()
		return
	}
	if req.Kind == command.Help {
		defer b.inflight.Done()
		b.replyResult(ctx, log, m, b.handler.Handle(ctx, req), start)
		return
	}
	submitted := b.pool.trySubmit(func() {
		defer b.inflight.Done()
		defer b.recoverCommand(log, func() { b.replyNotice(ctx, log, m, "panic", msgApology) })
		b.replyResult(ctx, log, m, b.handler.Handle(ctx, req), start)
	})
	if !submitted {
		b.replyNotice(ctx, log, m, "busy", msgBusy)
		b.inflight.Done()
	}
}

// replyResult posts rep as a reply to m and logs the command's line.
func (b *Bot) replyResult(ctx context.Context, log *slog.Logger, m *discordgo.MessageCreate, rep command.Reply, start time.Time) {
	err := b.send(ctx, m, rep.Text)
	attrs := []any{"size", rep.Size, "outcome", rep.Outcome, "solve", rep.SolveTime, "latency", time.Since(start)}
	if err != nil {
		log.Error("reply lost", append(attrs, "err", err)...)
		return
	}
	log.Info("command", attrs...)
}

// replyNotice posts a short notice as a reply to m and logs it.
func (b *Bot) replyNotice(ctx context.Context, log *slog.Logger, m *discordgo.MessageCreate, outcome, text string) {
	if err := b.send(ctx, m, render.Notice(text)); err != nil {
		log.Error("reply lost", "outcome", outcome, "err", err)
		return
	}
	log.Info("command", "outcome", outcome)
}

// send posts text in m's channel as a reply to m that pings nobody. The
// reply still goes out if m was deleted meanwhile.
func (b *Bot) send(ctx context.Context, m *discordgo.MessageCreate, text string) error {
	failIfGone := false
	_, err := b.s.ChannelMessageSendComplex(m.ChannelID, &discordgo.MessageSend{
		Content: text,
		Reference: &discordgo.MessageReference{
			MessageID:       m.ID,
			ChannelID:       m.ChannelID,
			GuildID:         m.GuildID,
			FailIfNotExists: &failIfGone,
		},
		AllowedMentions: noMentions(),
	}, discordgo.WithContext(ctx))
	return err
}
