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
//
// Every reply holds a place in its channel's backlog until it is sent, so a
// flood in one channel, where Discord lets a bot post a few messages every
// few seconds, cannot pile up goroutines and replies without end.
func (b *Bot) onMessage(ctx context.Context, m *discordgo.MessageCreate) {
	defer b.recoverEvent("MESSAGE_CREATE")
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
	verdict := b.limits.check(m.Author.ID, start)
	if verdict == drop {
		log.Debug("command ignored: user over the rate limit and already told")
		return
	}
	to := target{ChannelID: m.ChannelID, GuildID: m.GuildID, MessageID: m.ID}
	if !b.backlog.reserve(to.ChannelID) {
		log.Warn("command dropped: too many replies already waiting to be posted in this channel")
		return
	}
	if !b.begin() {
		// Stopping: not counted in flight, so sent now, within a notice slot.
		defer b.backlog.release(to.ChannelID)
		if b.notices.acquire() {
			defer b.notices.release()
			b.sendNotice(notice{ctx: ctx, log: log, to: to, outcome: "stopping", text: msgStopping})
		} else {
			log.Warn("notice not sent: too many notices in flight", "outcome", "stopping")
		}
		return
	}
	defer b.inflight.Done()
	queued := false // a queued notice releases the backlog place once sent
	defer func() {
		if !queued {
			b.backlog.release(to.ChannelID)
		}
	}()
	defer b.recoverCommand(log, func() { queued = b.replyNotice(ctx, log, to, "panic", msgApology) })
	if verdict == notify {
		queued = b.replyNotice(ctx, log, to, "rate_limited", msgRateLimit)
		return
	}
	var rep command.Reply
	if req.Kind == command.Help {
		rep = b.handle(ctx, req)
	} else {
		result := b.solve(ctx, log, req)
		if result == nil {
			queued = b.replyNotice(ctx, log, to, "busy", msgBusy)
			return
		}
		rep = <-result
	}
	b.replyResult(ctx, log, to, rep, start)
}

// target is the message a reply answers: all a reply needs of it.
type target struct {
	ChannelID, GuildID, MessageID string
}

// replyResult posts rep as a reply and logs the command's line.
func (b *Bot) replyResult(ctx context.Context, log *slog.Logger, to target, rep command.Reply, start time.Time) {
	err := b.send(ctx, log, to, rep.Text)
	attrs := []any{"size", rep.Size, "outcome", rep.Outcome, "solve", rep.SolveTime, "latency", time.Since(start)}
	if err != nil {
		log.Error("reply lost", append(attrs, "err", err)...)
		return
	}
	log.Info("command", attrs...)
}

// notice is a short reply waiting in the notice queue.
type notice struct {
	ctx           context.Context
	log           *slog.Logger
	to            target
	outcome, text string
}

// replyNotice queues a short notice (busy, rate limited, apology) as a reply,
// so that a flood of commands costs a small queue entry each rather than a
// goroutine waiting on Discord, and reports whether it was queued. A queued
// notice stays counted in flight, so a shutdown waits for it, and keeps its
// channel's backlog place until it is sent. When the queue is full the
// notice is logged as not sent. Call it only while the command is counted in
// flight.
func (b *Bot) replyNotice(ctx context.Context, log *slog.Logger, to target, outcome, text string) bool {
	b.inflight.Add(1)
	select {
	case b.noticeQ <- notice{ctx: ctx, log: log, to: to, outcome: outcome, text: text}:
		return true
	default:
		b.inflight.Done()
		log.Warn("notice not sent: notice queue full", "outcome", outcome)
		return false
	}
}

// sendNotices sends queued notices until stop is closed.
func (b *Bot) sendNotices(stop <-chan struct{}) {
	for {
		select {
		case n := <-b.noticeQ:
			b.sendNotice(n)
			b.backlog.release(n.to.ChannelID)
			b.inflight.Done()
		case <-stop:
			return
		}
	}
}

func (b *Bot) sendNotice(n notice) {
	if err := b.send(n.ctx, n.log, n.to, render.Notice(n.text)); err != nil {
		n.log.Error("reply lost", "outcome", n.outcome, "err", err)
		return
	}
	n.log.Info("command", "outcome", n.outcome)
}

// replyPayload is a channel message with a nonce: Discord posts one message
// per nonce, so a retry after a lost answer does not post the reply twice.
type replyPayload struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
}

// send posts text as a reply to the message to that pings nobody, with the
// retry policy of [deliver]. The reply still goes out if the message was
// deleted meanwhile.
func (b *Bot) send(ctx context.Context, log *slog.Logger, to target, text string) error {
	failIfGone := false
	payload := replyPayload{
		MessageSend: &discordgo.MessageSend{
			Content: text,
			Reference: &discordgo.MessageReference{
				MessageID:       to.MessageID,
				ChannelID:       to.ChannelID,
				GuildID:         to.GuildID,
				FailIfNotExists: &failIfGone,
			},
			AllowedMentions: noMentions(),
		},
		Nonce:        to.MessageID, // a snowflake: at most 20 digits, within Discord's 25
		EnforceNonce: true,
	}
	endpoint := discordgo.EndpointChannelMessages(to.ChannelID)
	err := deliver(ctx, log, func(opts ...discordgo.RequestOption) error {
		_, err := b.s.RequestWithBucketID(http.MethodPost, endpoint, payload, endpoint, opts...)
		return err
	})
	if err != nil {
		return fmt.Errorf("reply to message %s in channel %s: %w", to.MessageID, to.ChannelID, err)
	}
	return nil
}
