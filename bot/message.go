package bot

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/components"
	"github.com/sudokubot/sudokubot/bot/internal/rest"
	"github.com/sudokubot/sudokubot/command"
)

// onMessage handles one MESSAGE_CREATE: a text command, or nothing.
//
// Every reply holds a place in its channel's backlog until it is sent, so a
// flood in one channel, where Discord lets a bot post a few messages every
// few seconds, cannot pile up goroutines and replies without end.
func (b *Bot) onMessage(work, reply context.Context, shard int, m *discordgo.MessageCreate) {
	defer b.recoverEvent("MESSAGE_CREATE")
	b.games.scroll.Seen(m.ChannelID, m.ID) // every message, the bot's too, pushes boards up
	if m.Author == nil || m.Author.Bot || m.WebhookID != "" {
		return
	}
	self := b.selfID()
	if m.Author.ID == self {
		return
	}
	if !b.firstTime(b.log.With("shard", shard, "channel", m.ChannelID), "m"+m.ID) {
		return // a command or a move, answered or played once
	}
	start := time.Now()
	// The server's prefix says whether the message is a command: its
	// settings come first (from memory, but for a server's first message).
	g, gerr := b.guildSettings(work, m.GuildID)
	req, ok := b.handler.MatchPrefix(m.Content, self, b.prefixOf(g))
	if !ok {
		// Moves typed for a game here (play.go), or talk.
		log := b.log.With("shard", shard, "guild", m.GuildID, "channel", m.ChannelID, "user", m.Author.ID, "message", m.ID)
		b.onTypedMove(work, log, m, b.place(work, log, g, m.ChannelID, gerr))
		return
	}
	log := b.log.With("shard", shard, "guild", m.GuildID, "channel", m.ChannelID, "user", m.Author.ID, "message", m.ID, "cmd", req.Kind.String())
	at := b.place(work, log, g, m.ChannelID, gerr)
	if !at.ch.Answers && !req.Mentioned {
		// The server keeps the bot out of this channel; a mention is
		// answered anyway, so that a server cannot lock itself out.
		log.Debug("text command ignored: the server does not let the bot answer in this channel")
		return
	}
	req.Settings = b.commandSettings(at.ch)
	req.UserID = m.Author.ID
	seat := b.seat(at, m.GuildID, m.ChannelID, m.Author.ID)
	req.Seat = &seat
	to := target{ChannelID: m.ChannelID, GuildID: m.GuildID, MessageID: m.ID}
	c := &call{
		req:     req,
		known:   true,
		cmd:     req.Kind.String(),
		user:    m.Author.ID,
		start:   start,
		log:     log,
		resp:    b.replyTo(to),
		backlog: to.ChannelID,
		where:   at,
	}
	if ref := m.MessageReference; m.Type == discordgo.MessageTypeReply && ref != nil && ref.MessageID != "" && req.UsesReference() {
		c.prepare = func(ctx context.Context, req *command.Request) {
			b.readReference(ctx, log, m.Message, req)
		}
	}
	if att := messagePicture(m.Message); att != nil && readsPicture(req.Kind) {
		prev := c.prepare
		c.prepare = func(ctx context.Context, req *command.Request) {
			if prev != nil {
				prev(ctx, req)
			}
			req.Attached = b.pictureFetcher().fetch(ctx, log, att)
		}
	}
	b.serve(work, reply, c)
}

// firstTime lets an event through once, by key ("m" + message ID, "i" +
// interaction ID): Discord delivers events at least once (a resumed
// session replays what it missed; two sessions with one token, during a
// deployment, both get them). Plays are also recorded with their games,
// so that another process knows them played.
func (b *Bot) firstTime(log *slog.Logger, key string) bool {
	if b.seen.FirstTime(key) {
		return true
	}
	log.Info("delivered again; already handled", "event", key)
	return false
}

// messagePicture is the picture attached to m, or else to the message it
// replies to (when Discord sent it along), or nil.
func messagePicture(m *discordgo.Message) *discordgo.MessageAttachment {
	if a := pictureOf(m.Attachments); a != nil {
		return a
	}
	if m.Type == discordgo.MessageTypeReply && m.ReferencedMessage != nil {
		return pictureOf(m.ReferencedMessage.Attachments)
	}
	return nil
}

// pictureFetcher downloads attached pictures from Discord's CDN through the
// REST client's HTTP client (its proxy settings).
func (b *Bot) pictureFetcher() pictureFetcher {
	client := http.DefaultClient
	if c := b.rest.HTTPClient(); c != nil {
		client = c
	}
	allowed := discordCDN
	if b.pictureHosts != nil {
		allowed = b.pictureHosts
	}
	return pictureFetcher{client: client, allowed: allowed, max: maxPictureBytes, timeout: pictureFetchTimeout}
}

// referenceWait bounds the fetch of a message replied to: past it, the
// command goes on without it (and says so where it needed it).
const referenceWait = 3 * time.Second

// readReference puts the text of the message m replies to into req: from
// the event when Discord sent it along, else fetched over REST within
// referenceWait. A message that cannot be read (deleted, no access to the
// channel's history, Discord slow) or that has no text sets
// ReferenceUnread, logged at Warn for the first cases.
func (b *Bot) readReference(ctx context.Context, log *slog.Logger, m *discordgo.Message, req *command.Request) {
	if m.ReferencedMessage != nil {
		req.Reference = m.ReferencedMessage.Content
		req.ReferenceUnread = req.Reference == ""
		return
	}
	ch := m.MessageReference.ChannelID
	if ch == "" {
		ch = m.ChannelID
	}
	ctx, cancel := context.WithTimeout(ctx, referenceWait)
	defer cancel()
	var ref discordgo.Message
	bk := b.rest.Reads.Get(ch, time.Now())
	defer b.rest.Reads.Put(ch, time.Now())
	start := time.Now()
	err := b.rest.Do(ctx, log, bk, rest.Request{Method: http.MethodGet, URL: discordgo.EndpointChannelMessage(ch, m.MessageReference.MessageID), Into: &ref})
	if err != nil {
		log.Warn("message replied to not read; the command goes on without it", "replied_to", m.MessageReference.MessageID,
			"took", time.Since(start).Round(time.Millisecond), "err", err)
		req.ReferenceUnread = true
		return
	}
	req.Reference = ref.Content
	req.ReferenceUnread = req.Reference == ""
}

// replyTo answers a text command: a reply to to over REST (or a recorder).
func (b *Bot) replyTo(to target) responder {
	if b.record != nil {
		return b.record(to)
	}
	return &messageReply{rest: b.rest, to: to}
}

// target is the message a reply answers: all a reply needs of it.
type target struct {
	ChannelID, GuildID, MessageID string
}

// messageReply answers a text command with replies to its message. Each
// message of one answer has a nonce of its own (see nonce), so Discord
// posts every one of them, and a retry of one does not post it twice.
type messageReply struct {
	rest *rest.Client
	to   target

	mu     sync.Mutex
	posted int // messages posted so far
}

var _ responder = (*messageReply)(nil)

func (r *messageReply) transport() string                                     { return "message" }
func (r *messageReply) mustAnswer() bool                                      { return false }
func (r *messageReply) deferrable() bool                                      { return false }
func (r *messageReply) deferAnswer(context.Context, *slog.Logger, bool) error { return nil }

// replyPayload is a channel message with a nonce: Discord posts one message
// per nonce, so a retry after a lost answer does not post the reply twice.
type replyPayload struct {
	*discordgo.MessageSend
	Attachments  []attachmentRef `json:"attachments,omitempty"`
	Nonce        string          `json:"nonce,omitempty"`
	EnforceNonce bool            `json:"enforce_nonce,omitempty"`
}

// attachmentRef names the file uploaded as files[ID] of a multipart request.
type attachmentRef struct {
	ID       string `json:"id"`
	Filename string `json:"filename"`
}

// send posts a as a reply to the message, with its files in the same
// request, pinging nobody. The reply still goes out if the message was
// deleted meanwhile.
func (r *messageReply) send(ctx context.Context, log *slog.Logger, a answer) error {
	failIfGone := false
	payload := replyPayload{
		MessageSend: &discordgo.MessageSend{
			Content: a.text,
			Reference: &discordgo.MessageReference{
				MessageID:       r.to.MessageID,
				ChannelID:       r.to.ChannelID,
				GuildID:         r.to.GuildID,
				FailIfNotExists: &failIfGone,
			},
			AllowedMentions: noMentions(),
		},
		Attachments:  attachmentRefs(a.files),
		Nonce:        r.nonce(),
		EnforceNonce: true,
	}
	if len(a.buttons) > 0 {
		payload.Components = components.Rows(a.buttons)
	}
	endpoint := discordgo.EndpointChannelMessages(r.to.ChannelID)
	bk := r.rest.Channels.Get(r.to.ChannelID, time.Now())
	defer r.rest.Channels.Put(r.to.ChannelID, time.Now())
	err := r.rest.Do(ctx, log, bk, rest.Request{Method: http.MethodPost, URL: endpoint, Payload: payload, Files: a.files})
	if err != nil {
		return fmt.Errorf("reply to message %s in channel %s: %w", r.to.MessageID, r.to.ChannelID, err)
	}
	r.mu.Lock()
	r.posted++
	r.mu.Unlock()
	return nil
}

// nonce is the nonce of the answer's next message: the message's ID for
// the first, then ID.1, ID.2, … (a snowflake has at most 20 digits, so up
// to ID.9999 fits Discord's 25 characters). It moves on only once a message
// is posted, so that a message sent again after a failure (the text alone
// after its files failed, say) keeps its nonce: Discord then returns the
// first one if it did arrive. Being made from the ID alone, the nonces are
// the same in any process that answers the message.
func (r *messageReply) nonce() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.posted == 0 {
		return r.to.MessageID
	}
	return r.to.MessageID + "." + strconv.Itoa(r.posted)
}

// attachmentRefs describes files for the attachments field of a payload.
func attachmentRefs(files []command.File) []attachmentRef {
	if len(files) == 0 {
		return nil
	}
	refs := make([]attachmentRef, len(files))
	for i, f := range files {
		refs[i] = attachmentRef{ID: strconv.Itoa(i), Filename: f.Name}
	}
	return refs
}
