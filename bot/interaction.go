package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/components"
	"github.com/sudokubot/sudokubot/bot/internal/rest"
	"github.com/sudokubot/sudokubot/bot/internal/slash"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/render"
)

// interactionWindow is how long Discord waits for the first answer to an
// interaction.
const interactionWindow = 3 * time.Second

// Commands returns the slash commands the bot registers (see
// bot/internal/slash).
func Commands() []*discordgo.ApplicationCommand { return slash.Commands() }

// registerCommands overwrites the application's slash commands in one call,
// globally or in the development guild.
func (b *Bot) registerCommands(ctx context.Context, app string) error {
	if app == "" {
		return fmt.Errorf("register slash commands: no application id")
	}
	uri, scope := discordgo.EndpointApplicationGlobalCommands(app), "global"
	if b.cfg.DevGuildID != "" {
		uri, scope = discordgo.EndpointApplicationGuildCommands(app, b.cfg.DevGuildID), "guild "+b.cfg.DevGuildID
	}
	cmds := Commands()
	req := rest.Request{Method: http.MethodPut, URL: uri, Payload: cmds}
	if err := b.rest.Do(ctx, b.log, rest.NewBucket("commands"), req); err != nil {
		if f := rest.Fatal(err); f != nil {
			return f
		}
		return fmt.Errorf("register slash commands: %w", err)
	}
	b.log.Info("slash commands registered", "count", len(cmds), "scope", scope)
	return nil
}

// onInteraction answers one slash command that came over the gateway.
func (b *Bot) onInteraction(work, reply context.Context, shard int, i *discordgo.InteractionCreate) {
	defer b.recoverEvent("INTERACTION_CREATE")
	if !b.firstTime(b.log.With("shard", shard), "i"+i.ID) {
		return
	}
	if i.Type == discordgo.InteractionMessageComponent || i.Type == discordgo.InteractionModalSubmit {
		r := newInteractionReply(b.rest, i.Interaction, "gateway", time.Now())
		r.first = r.callback
		b.onPress(work, r, b.log.With("shard", shard))
		return
	}
	if i.Type != discordgo.InteractionApplicationCommand {
		return
	}
	r := newInteractionReply(b.rest, i.Interaction, "gateway", time.Now())
	r.first = r.callback
	b.serve(work, reply, b.interactionCall(work, i.Interaction, r, b.log.With("shard", shard)))
}

// interactionCall reads a slash command into a call answered through r,
// logged on log. In a server, it reads the server's settings first (from
// memory, but for a server's first command, within settingsWait).
func (b *Bot) interactionCall(ctx context.Context, i *discordgo.Interaction, r *interactionReply, log *slog.Logger) *call {
	data := i.ApplicationCommandData()
	userID := ""
	if i.Member != nil && i.Member.User != nil {
		userID = i.Member.User.ID
	} else if i.User != nil {
		userID = i.User.ID
	}
	log = log.With("guild", i.GuildID, "channel", i.ChannelID, "user", userID, "interaction", i.ID, "cmd", "/"+data.Name)
	c := &call{
		cmd:   "/" + data.Name,
		user:  userID,
		start: r.created,
		log:   log,
		resp:  r,
	}
	g, gerr := b.guildSettings(ctx, i.GuildID)
	at := b.place(ctx, log, g, i.ChannelID, gerr)
	if data.Name == slash.Settings {
		// Served in every channel, so that a server cannot lock itself
		// out; the reply deals with unavailable settings itself.
		c.known, c.name, c.private = true, slash.Settings, true
		req := slash.SettingsRequest(i, data)
		c.server = func(ctx context.Context) command.Reply {
			rep := b.handler.Settings(ctx, req)
			if command.Changed(rep) {
				b.kickDaily() // a daily post may be due now
			}
			return rep
		}
		return c
	}
	c.where = at
	if !at.ch.Answers && !slash.CanManage(i) {
		c.refuse = command.NotHere(g)
	}
	options := data.Options
	if data.Name == slash.Daily {
		switch _, sub, args := slash.Subcommand(data.Options); sub {
		case slash.DailyStats:
			// The reply deals with unavailable settings itself.
			c.known, c.name, c.where.err = true, "daily_stats", nil
			c.server = func(ctx context.Context) command.Reply { return b.handler.DailyStats(ctx, i.GuildID, userID) }
			return c
		default: // today: its options are the day's puzzle's
			options = args
		}
	}
	req, known, err := slash.Request(data.Name, options)
	if oe := (*slash.OptionError)(nil); errors.As(err, &oe) {
		c.known, c.req = known, req
		c.server, c.name = func(context.Context) command.Reply { return optionNotText(oe.Name) }, "bad_option"
		return c
	}
	req.Settings = b.commandSettings(at.ch)
	req.UserID = userID
	seat := b.seat(at, i.GuildID, i.ChannelID, userID)
	req.Seat = &seat
	c.req, c.known = req, known
	c.private = req.Kind == command.Stats // about one member
	if att, named := slash.Photo(data, options); named && readsPicture(req.Kind) {
		c.prepare = func(ctx context.Context, req *command.Request) {
			if att == nil {
				log.Warn("photo option names no resolved attachment")
				req.Attached = &command.Image{Name: slash.PhotoOption, Err: errPhotoUnresolved}
				return
			}
			req.Attached = b.pictureFetcher().fetch(ctx, log, att)
		}
	}
	return c
}

// errPhotoUnresolved is the error of a photo: option whose attachment is
// not among the interaction's resolved attachments.
var errPhotoUnresolved = errors.New("photo option: attachment not resolved")

// optionNotText answers a slash command whose string option holds another
// value (a number, say).
func optionNotText(name string) command.Reply {
	return command.Reply{Text: render.Error(fmt.Sprintf("The option %q must be text; this command was not run.", name)),
		Outcome: "bad_option", UserError: true}
}

// interactionReply answers a slash command: a first answer within Discord's
// 3 s (the result, a notice, or a deferral), then, after a deferral, an edit
// of that answer through the interaction's webhook. How the first answer
// travels depends on the transport (first); edits are REST calls for both.
type interactionReply struct {
	rest    *rest.Client
	i       *discordgo.Interaction
	name    string    // transport: gateway or http
	created time.Time // when the interaction arrived
	// first sends the first answer: a REST callback (gateway) or the HTTP
	// response to Discord's request (interactions endpoint).
	first func(ctx context.Context, log *slog.Logger, resp *callbackPayload, files []command.File) error
	// Each interaction has its own rate-limit buckets, one for the callback
	// and one for the webhook, garbage once the reply is done.
	callbackBucket, webhookBucket *rest.Bucket

	mu    sync.Mutex
	acked bool // a first answer reached Discord; what follows is an edit
	// updated: the first answer was a deferred update of a press (play.go),
	// so @original is the message pressed, and answers are follow-ups.
	updated bool
}

var _ responder = (*interactionReply)(nil)

func newInteractionReply(r *rest.Client, i *discordgo.Interaction, transport string, created time.Time) *interactionReply {
	return &interactionReply{rest: r, i: i, name: transport, created: created}
}

func (r *interactionReply) transport() string { return r.name }
func (r *interactionReply) mustAnswer() bool  { return true }
func (r *interactionReply) deferrable() bool  { return true }

func (r *interactionReply) isAcked() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.acked
}

func (r *interactionReply) setAcked() {
	r.mu.Lock()
	r.acked = true
	r.mu.Unlock()
}

// deferAnswer sends a deferred response ("thinking…"). After an error other
// than Discord's refusal, the deferral may have arrived: the edit is tried.
func (r *interactionReply) deferAnswer(ctx context.Context, log *slog.Logger, ephemeral bool) error {
	ctx, cancel := context.WithDeadline(ctx, r.created.Add(interactionWindow))
	defer cancel()
	resp := &callbackPayload{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if ephemeral {
		resp.Data = &messagePayload{Flags: discordgo.MessageFlagsEphemeral}
	}
	err := r.first(ctx, log, resp, nil)
	if err == nil || !rest.Refused(err) {
		r.setAcked()
	}
	return err
}

// send posts a as the first answer, ephemeral if asked, or edits the
// deferred answer; files go with the text in the same request.
func (r *interactionReply) send(ctx context.Context, log *slog.Logger, a answer) error {
	if !r.isAcked() {
		// The first answer must reach Discord within 3 s of the interaction,
		// or it is refused: retries stop there.
		ctx, cancel := context.WithDeadline(ctx, r.created.Add(interactionWindow))
		defer cancel()
		data := messageData(a)
		if a.ephemeral {
			data.Flags = discordgo.MessageFlagsEphemeral
		}
		err := r.first(ctx, log, &callbackPayload{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}, a.files)
		if err == nil {
			r.setAcked()
		}
		return err
	}
	return r.edit(ctx, log, a)
}

// edit replaces the deferred answer with a, files included.
func (r *interactionReply) edit(ctx context.Context, log *slog.Logger, a answer) error {
	r.mu.Lock()
	if r.webhookBucket == nil {
		r.webhookBucket = rest.NewBucket("webhook")
	}
	bk := r.webhookBucket
	r.mu.Unlock()
	uri := discordgo.EndpointWebhookMessage(r.i.AppID, r.i.Token, "@original")
	req := rest.Request{Method: http.MethodPatch, URL: uri, Payload: messageData(a), Files: a.files}
	for attempt := 1; ; attempt++ {
		err := r.rest.Do(ctx, log, bk, req)
		// An edit right after a deferral given in an HTTP response can reach
		// Discord before the deferral is on record there: Unknown Message,
		// for a moment (the edit itself may come late on a busy machine:
		// the webhook takes edits for 15 minutes).
		if !unknownMessage(err) || attempt == 5 {
			return err
		}
		log.Warn("edit of a deferred answer refused as unknown; retrying", "attempt", attempt, "err", err)
		if rest.Sleep(ctx, 250*time.Millisecond) != nil {
			return err
		}
	}
}

// codeUnknownMessage is Discord's error code for a message it does not know.
const codeUnknownMessage = 10008

func unknownMessage(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == codeUnknownMessage
}

// callbackPayload is an interaction response: its type and, for a message,
// its data.
type callbackPayload struct {
	Type discordgo.InteractionResponseType `json:"type"`
	Data *messagePayload                   `json:"data,omitempty"`
	// Modal, when set, is the data instead (a form; see play.go).
	Modal *components.Modal `json:"-"`
}

// MarshalJSON writes the payload, with a form's data when it has one.
func (p callbackPayload) MarshalJSON() ([]byte, error) {
	if p.Modal != nil {
		return json.Marshal(struct {
			Type discordgo.InteractionResponseType `json:"type"`
			Data *components.Modal                 `json:"data"`
		}{p.Type, p.Modal})
	}
	type plain callbackPayload
	return json.Marshal(plain(p))
}

// messagePayload is the message of an interaction response or of an edit of
// one.
type messagePayload struct {
	Content         string                            `json:"content"`
	Flags           discordgo.MessageFlags            `json:"flags,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Attachments     []attachmentRef                   `json:"attachments,omitempty"`
	Components      []discordgo.MessageComponent      `json:"components,omitempty"`
}

func messageData(a answer) *messagePayload {
	p := &messagePayload{Content: a.text, AllowedMentions: noMentions(), Attachments: attachmentRefs(a.files)}
	if len(a.buttons) > 0 {
		p.Components = components.Rows(a.buttons)
	}
	return p
}

// callback sends the first answer as a REST interaction callback: how the
// gateway transport answers.
func (r *interactionReply) callback(ctx context.Context, log *slog.Logger, resp *callbackPayload, files []command.File) error {
	r.mu.Lock()
	if r.callbackBucket == nil {
		r.callbackBucket = rest.NewBucket("callback")
	}
	bk := r.callbackBucket
	r.mu.Unlock()
	uri := discordgo.EndpointInteractionResponse(r.i.ID, r.i.Token)
	return acknowledged(r.rest.Do(ctx, log, bk, rest.Request{Method: http.MethodPost, URL: uri, Payload: resp, Files: files}))
}

// codeAlreadyAcknowledged is Discord's error code for a second answer to an
// interaction: after a retry, it means the first answer did arrive.
const codeAlreadyAcknowledged = 40060

// acknowledged treats "already acknowledged" as success.
func acknowledged(err error) error {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil && re.Message.Code == codeAlreadyAcknowledged {
		return nil
	}
	return err
}
