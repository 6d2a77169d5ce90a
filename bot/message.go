package bot

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
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
	defer b.recoverCommand(log, func() { b.replyNotice(ctx, log, m, "panic", msgApology) })
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
		b.replyResult(ctx, log, m, b.handle(ctx, req), start)
		return
	}
	submitted := b.pool.trySubmit(func() {
		defer b.inflight.Done()
		defer b.recoverCommand(log, func() { b.replyNotice(ctx, log, m, "panic", msgApology) })
		b.replyResult(ctx, log, m, b.handle(ctx, req), start)
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

// replyPayload is a channel message with a nonce: Discord posts one message
// per nonce, so a retry after a lost answer does not post the reply twice.
type replyPayload struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
}

// send posts text in m's channel as a reply to m that pings nobody, with the
// retry policy of [deliver]. The reply still goes out if m was deleted meanwhile.
func (b *Bot) send(ctx context.Context, m *discordgo.MessageCreate, text string) error {
	failIfGone := false
	payload := replyPayload{
		MessageSend: &discordgo.MessageSend{
			Content: text,
			Reference: &discordgo.MessageReference{
				MessageID:       m.ID,
				ChannelID:       m.ChannelID,
				GuildID:         m.GuildID,
				FailIfNotExists: &failIfGone,
			},
			AllowedMentions: noMentions(),
		},
		Nonce:        m.ID, // a snowflake: at most 20 digits, within Discord's 25
		EnforceNonce: true,
	}
	endpoint := discordgo.EndpointChannelMessages(m.ChannelID)
	err := deliver(ctx, func(opts ...discordgo.RequestOption) error {
		_, err := b.s.RequestWithBucketID(http.MethodPost, endpoint, payload, endpoint, opts...)
		return err
	})
	if err != nil {
		return fmt.Errorf("reply to message %s in channel %s: %w", m.ID, m.ChannelID, err)
	}
	return nil
}
