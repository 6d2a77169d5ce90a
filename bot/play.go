package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/admit"
	"github.com/sudokubot/sudokubot/bot/internal/boards"
	"github.com/sudokubot/sudokubot/bot/internal/components"
	"github.com/sudokubot/sudokubot/bot/internal/edits"
	"github.com/sudokubot/sudokubot/bot/internal/rest"
	"github.com/sudokubot/sudokubot/bot/internal/scroll"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
)

// Games in Discord: the command layer plays them (command.Handler's Move,
// MoveIn, Press, Submit); this file maps Discord's events to those calls
// and shows the board. A game's board is one message, posted when the game
// starts (in a thread of its own where one can be started) and edited in
// place after each move through a per-message coalescer (package edits),
// so that many moves in a second make few edits.

// boardEditInterval is the least time between two edits of one board:
// Discord lets a bot edit a channel's messages about five times in five
// seconds.
const boardEditInterval = time.Second

// boardEdit is an edit of a board's message: draw makes its answer when
// the edit is sent (a board that a newer one replaces before it goes out
// is never drawn).
type boardEdit struct {
	channel, message string
	draw             func() answer
	log              *slog.Logger
}

// gameBoards is the bot's board editor, made on first use, with the games
// whose first board is being posted and the channels told once that a
// thread could not be started.
type gameBoards struct {
	once     sync.Once
	c        *edits.Coalescer[boardEdit]
	starting boards.Starting
	refused  boards.Told
	// scroll counts the messages below each board (repost.go).
	scroll scroll.Counter
}

func (b *Bot) boardEditor() *edits.Coalescer[boardEdit] {
	b.games.once.Do(func() {
		b.games.c = edits.New(boardEditInterval, b.editBoard)
	})
	return b.games.c
}

// flushBoards sends the board edits still waiting, until deadline: the
// moves are saved already, and the boards should show them.
func (b *Bot) flushBoards(deadline time.Time) {
	if b.games.c == nil {
		return
	}
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	if err := b.games.c.Flush(ctx); err != nil {
		b.log.Warn("board edits not all sent before the end of the grace", "err", err)
	}
}

// editBoard sends one edit of a board: the content, the buttons, and the
// picture replacing the old one (the attachments listed are the ones the
// message keeps, so the old picture goes).
func (b *Bot) editBoard(ctx context.Context, _ string, e boardEdit) error {
	if b.games.scroll.Replaced(e.channel, e.message) {
		return nil // posted again below: this one is gone
	}
	a := e.draw()
	payload := boardPayload(a)
	bk := b.rest.Channels.Get(e.channel, time.Now())
	defer b.rest.Channels.Put(e.channel, time.Now())
	err := b.rest.Do(ctx, e.log, bk, rest.Request{Method: http.MethodPatch, URL: discordgo.EndpointChannelMessage(e.channel, e.message), Payload: payload, Files: a.files})
	if err != nil {
		e.log.Warn("board not edited", "board", e.message, "err", err)
		return fmt.Errorf("edit board %s in channel %s: %w", e.message, e.channel, err)
	}
	return nil
}

// boardMessage is a board's message as posted or edited; a post carries a
// nonce (see boardNonce).
type boardMessage struct {
	Content         string                            `json:"content"`
	Components      []discordgo.MessageComponent      `json:"components"`
	Attachments     []attachmentRef                   `json:"attachments"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Reference       *discordgo.MessageReference       `json:"message_reference,omitempty"`
	Nonce           string                            `json:"nonce,omitempty"`
	EnforceNonce    bool                              `json:"enforce_nonce,omitempty"`
}

// boardNonce is the nonce of a post of game id's board at version (a
// board posted again below, repost.go): a post retried after a failure
// that did reach Discord is not posted twice (Discord returns the first);
// another version's post is another message. "b" and two numbers stay
// within Discord's 25 characters.
func boardNonce(id string, version int64) string {
	return "b" + id + "." + strconv.FormatInt(version, 10)
}

// firstBoardNonce is the nonce of a game's first board, whoever posts it:
// the game's start, or a move played before the start's post was under way
// (a move right after !play): the second post gets the first's message
// from Discord, so a game never gets two first boards.
func firstBoardNonce(id string) string { return "b" + id }

func boardPayload(a answer) boardMessage {
	refs := attachmentRefs(a.files)
	if refs == nil {
		refs = []attachmentRef{} // none kept: a picture posted before goes
	}
	return boardMessage{Content: a.text, Components: components.Rows(a.buttons), Attachments: refs, AllowedMentions: noMentions()}
}

// boardAnswer is the message of a game's board, drawn now if rep left it
// to be drawn.
func boardAnswer(rep command.Reply) answer {
	rep = rep.Drawn()
	return answer{text: rep.Text, files: rep.Files, fallback: rep.Fallback, buttons: rep.Buttons}
}

// boardChannel is where a game's board is: its thread, else its channel.
func boardChannel(g *command.GameRef) string {
	if g.ThreadID != "" {
		return g.ThreadID
	}
	return g.ChannelID
}

// seat is who plays where, for the command layer.
func (b *Bot) seat(at where, guildID, channelID, userID string) command.Seat {
	s := command.Seat{GuildID: guildID, ChannelID: channelID, UserID: userID, Settings: b.commandSettings(at.ch)}
	if d := at.guild.Daily; guildID != "" && d.On() {
		s.DailyLevel = command.DailyLevel(d.Level.Or(settings.DefaultDailyLevel))
	}
	return s
}

// postBoard posts a game's board as a new message in channel (a reply to
// replyTo when set), with nonce when set, and returns its ID.
func (b *Bot) postBoard(ctx context.Context, log *slog.Logger, channel, replyTo, nonce string, a answer) (string, error) {
	payload := boardPayload(a)
	if nonce != "" {
		payload.Nonce, payload.EnforceNonce = nonce, true
	}
	if replyTo != "" {
		no := false
		payload.Reference = &discordgo.MessageReference{MessageID: replyTo, ChannelID: channel, FailIfNotExists: &no}
	}
	var msg discordgo.Message
	bk := b.rest.Channels.Get(channel, time.Now())
	defer b.rest.Channels.Put(channel, time.Now())
	err := b.rest.Do(ctx, log, bk, rest.Request{Method: http.MethodPost, URL: discordgo.EndpointChannelMessages(channel), Payload: payload, Files: a.files, Into: &msg})
	if err != nil {
		return "", fmt.Errorf("post board in channel %s: %w", channel, err)
	}
	return msg.ID, nil
}

// startThread starts a game's thread in channel: from the message fromID
// when set (the !play message), else a public thread of its own (slash
// commands and buttons have no message of the member's).
func (b *Bot) startThread(ctx context.Context, log *slog.Logger, channel, fromID, gameID string) (string, error) {
	name := "Sudoku game " + gameID
	uri := discordgo.EndpointChannelThreads(channel)
	payload := map[string]any{"name": name, "auto_archive_duration": 1440, "type": discordgo.ChannelTypeGuildPublicThread}
	if fromID != "" {
		uri = discordgo.EndpointChannelMessageThread(channel, fromID)
		payload = map[string]any{"name": name, "auto_archive_duration": 1440}
	}
	var th discordgo.Channel
	bk := b.rest.Channels.Get(channel, time.Now())
	defer b.rest.Channels.Put(channel, time.Now())
	if err := b.rest.Do(ctx, log, bk, rest.Request{Method: http.MethodPost, URL: uri, Payload: payload, Into: &th}); err != nil {
		return "", fmt.Errorf("start a thread in channel %s: %w", channel, err)
	}
	return th.ID, nil
}

// msgNoThread says once per channel that games are played in the channel
// itself.
const msgNoThread = "I could not start a thread for the game here (threads not allowed, or I lack the permission), so it is played in this channel: type moves here, or use the buttons."

// startGame shows a new game's board: in a thread of its own started from
// the !play message (or a new thread for a slash command or a button) when
// the server allows threads, else in the channel, saying once why. It
// records where the board is, then answers c: nothing more for a text
// command, a short note for an interaction.
func (b *Bot) startGame(ctx context.Context, c *call, rep command.Reply, a answer) {
	g := rep.Game
	log := c.log.With("game", g.ID)
	mr, typed := c.resp.(*messageReply)
	fromID := ""
	if typed {
		fromID = mr.to.MessageID
	}
	guild := c.where.guild.ID
	thread := ""
	started := b.games.starting.Begin(g.ID)
	if guild != "" && threadsAllowed(c.where) {
		th, err := b.startThread(ctx, log, g.ChannelID, fromID, g.ID)
		if err != nil {
			log.Info("game thread not started; the game is played in the channel", "err", err)
			b.sayNoThread(ctx, log, g.ChannelID, fromID)
		} else if err := b.handler.SetGameMessage(ctx, g.ID, th, ""); err != nil {
			// Moves typed in the thread find the game once its board is
			// recorded, below.
			log.Warn("game thread not recorded before its board", "thread", th, "err", err)
		}
		thread = th
	}
	channel, replyTo := g.ChannelID, fromID
	if thread != "" {
		channel, replyTo = thread, ""
	}
	a.buttons = rep.Buttons
	id, err := b.postBoard(ctx, log, channel, replyTo, firstBoardNonce(g.ID), a)
	if err == nil {
		b.games.scroll.Track(channel, id)
		err = b.handler.SetGameMessage(ctx, g.ID, thread, id)
	}
	if err != nil {
		id = ""
	}
	started(id, thread) // moves played meanwhile edit this board
	if err != nil {
		b.finish(ctx, c, command.Reply{Outcome: rep.Outcome, Err: err}, notice("The game started, but its board could not be posted here. Try again in a minute."))
		return
	}
	where := "below"
	if thread != "" {
		where = fmt.Sprintf("in its thread, <#%s>", thread)
	}
	b.finish(ctx, c, rep, answer{none: typed, text: fmt.Sprintf("Game %s started: the board is %s.", g.ID, where), ephemeral: true})
}

// threadsAllowed reports whether games get threads of their own where at
// is.
func threadsAllowed(at where) bool { return at.guild.ID != "" && !at.guild.NoThreads }

// sayNoThread posts msgNoThread in channel, the first time only.
func (b *Bot) sayNoThread(ctx context.Context, log *slog.Logger, channel, replyTo string) {
	if !b.games.refused.First(channel) {
		return
	}
	if _, err := b.postBoard(ctx, log, channel, replyTo, "", answer{text: render.Notice(msgNoThread)}); err != nil {
		log.Warn("no-thread notice not posted", "err", err)
	}
}

// showBoard shows a game's board after a move: an edit of its message
// (coalesced, drawn when sent), a new message where none is known yet, or
// the board posted again when it has scrolled far up (repost.go).
func (b *Bot) showBoard(ctx context.Context, log *slog.Logger, rep command.Reply) {
	g := rep.Game
	draw := func() answer { return boardAnswer(rep) }
	if g.MessageID == "" {
		// The game's first board may be on its way (a move right after
		// !play): edit that one.
		if msg, th, ok := b.games.starting.First(ctx, g.ID); ok {
			cp := *g
			cp.MessageID, cp.ThreadID = msg, th
			g = &cp
		}
	}
	channel := boardChannel(g)
	if g.MessageID == "" {
		id, err := b.postBoard(ctx, log, channel, "", firstBoardNonce(g.ID), draw())
		if err == nil {
			b.games.scroll.Track(channel, id)
			err = b.handler.SetGameMessage(ctx, g.ID, g.ThreadID, id)
		}
		if err != nil {
			log.Warn("board not posted", "game", g.ID, "err", err)
			return
		}
		// Discord may have returned the start's board (same nonce), posted
		// before this move: show the move on it.
		cp := *g
		cp.MessageID = id
		b.boardEditor().Submit(channel+"/"+id, editOf(&cp, channel, draw, log.With("game", g.ID)))
		return
	}
	if g = b.boardBelow(ctx, log, g, channel, draw); g == nil {
		return
	}
	b.boardEditor().Submit(channel+"/"+g.MessageID, editOf(g, channel, draw, log.With("game", g.ID)))
}

// routeWait bounds the reading of the games of a channel that tells a move
// from talk.
const routeWait = 5 * time.Second

// onTypedMove plays a message that is no command when it is meant for a
// game in its channel or thread (command.Handler.TypedMove); talk is left
// alone. The play is admitted on its budget before anything is played,
// then played on the plays' workers (a hint on the commands').
func (b *Bot) onTypedMove(work context.Context, log *slog.Logger, m *discordgo.MessageCreate, at where) {
	if m.GuildID != "" && !at.ch.Answers {
		return
	}
	start := time.Now()
	if !b.begin() {
		return
	}
	defer b.inflight.Done()
	t := command.Typed{Seat: b.seat(at, m.GuildID, m.ChannelID, m.Author.ID), Text: m.Content, ID: m.ID}
	if ref := m.MessageReference; m.Type == discordgo.MessageTypeReply && ref != nil {
		t.ReplyTo = ref.MessageID
	}
	ctx, cancel := context.WithTimeout(work, routeWait)
	act, ok, err := b.handler.TypedMove(ctx, t)
	cancel()
	if err != nil {
		log.Warn("games not read for a message; left alone", "err", err)
		return
	}
	if !ok {
		return
	}
	log = log.With("cmd", "move", "game", act.Game, "cost", act.Cost.String())
	to := &messageReply{rest: b.rest, to: target{ChannelID: m.ChannelID, GuildID: m.GuildID, MessageID: m.ID}}
	switch v := b.admitAction(act, m.Author.ID, start); v {
	case admit.Allow:
	case admit.Notify:
		log.Info("move not played: over the budget; told once")
		b.metrics.Command("message", "move", outcomeRateLimited)
		if err := to.send(work, log, notice(b.overBudget(act))); err != nil {
			log.Warn("budget notice not posted", "err", err)
		}
		return
	default:
		log.Debug("move not played: over the budget and already told")
		b.metrics.Command("message", "move", outcomeIgnored)
		return
	}
	rep, ok := b.runAction(work, act, log)
	if !ok {
		b.metrics.Command("message", "move", outcomeBusy)
		if err := to.send(work, log, notice(msgBusy)); err != nil {
			log.Warn("busy notice not posted", "err", err)
		}
		return
	}
	switch {
	case rep.Outcome == command.OutcomeGameReplayed:
		// Played by the process that got it first, which answered it.
		log.Info("move delivered again; played already", "outcome", rep.Outcome)
		return
	case rep.UserError || rep.Game == nil:
		if err := to.send(work, log, answer{text: rep.Text}); err != nil {
			log.Warn("move error not posted", "err", err)
		}
	default:
		b.showBoard(work, log, rep)
		for _, aside := range rep.Game.Aside {
			if err := to.send(work, log, answer{text: aside.Text, files: aside.Files}); err != nil {
				log.Warn("move answer not posted", "err", err)
			}
		}
	}
	if rep.Err != nil {
		log.Warn("move worked around a problem", "err", rep.Err)
	}
	b.metrics.Command("message", "move", rep.Outcome)
	log.Info("command", "outcome", rep.Outcome, "latency", time.Since(start))
}

// admitAction decides whether act by user, arrived at now, is done: a
// play on its game's budget (per game and player), a hint or a new game on
// the command budget, a form at no cost.
func (b *Bot) admitAction(act command.Action, user string, now time.Time) admit.Verdict {
	if b.admitNow != nil {
		now = b.admitNow()
	}
	switch act.Cost {
	case command.Free:
		return admit.Allow
	case command.MoveCost:
		return b.moves.Check(user+"/"+act.Game, now)
	}
	return b.limits.Check(user, now)
}

// overBudget is the notice of an action over its budget.
func (b *Bot) overBudget(act command.Action) string {
	if act.Cost == command.MoveCost {
		return msgMoveRate
	}
	return msgRateLimit
}

// playQueueWait bounds the wait of a play for a place in the plays' queue:
// a play takes milliseconds, so a burst that fills the queue drains within
// it.
const playQueueWait = 3 * time.Second

// runAction does act on a worker, the plays' (waiting up to playQueueWait
// for a place in their queue), or for a hint or a new game the commands'
// (refused at once when full, as commands are), and returns its reply;
// false when it got no place. A panic becomes an apology.
func (b *Bot) runAction(ctx context.Context, act command.Action, log *slog.Logger) (command.Reply, bool) {
	res := make(chan command.Reply, 1)
	job := func() {
		defer b.recoverCommand(log, func() {
			res <- command.Reply{Text: render.Notice(msgApology), Outcome: outcomePanic, UserError: true}
		})
		res <- act.Do(ctx)
	}
	var queued bool
	if act.Cost == command.CommandCost {
		queued = b.pool.TrySubmit(job)
	} else {
		wait, cancel := context.WithTimeout(ctx, playQueueWait)
		queued = b.plays.Submit(wait, job)
		cancel()
	}
	if !queued {
		return command.Reply{}, false
	}
	return <-res, true
}

// onPress answers a press of a button or a form sent back, over either
// transport (r's first answer is a REST callback or the HTTP response).
// The press is read and admitted on its budget first; then the first answer
// comes at once, before the game is read: a form opens (Move, Notes); Hint,
// Check and Play get an ephemeral "thinking…" that their answer replaces;
// every other press and form gets a deferred update, the board changing by
// its edit, and a refusal comes as an ephemeral follow-up. So no late
// answer can land on the board's message itself.
func (b *Bot) onPress(work context.Context, r *interactionReply, log *slog.Logger) {
	i := r.i
	userID := components.UserID(i)
	var customID string
	var fields map[string]string
	if i.Type == discordgo.InteractionModalSubmit {
		data := i.ModalSubmitData()
		customID, fields = data.CustomID, components.Fields(data)
	} else {
		customID = i.MessageComponentData().CustomID
	}
	log = log.With("guild", i.GuildID, "channel", i.ChannelID, "user", userID, "interaction", i.ID, "cmd", "press", "custom_id", customID)
	if !b.begin() {
		b.inflight.Add()
		defer b.inflight.Done()
		r.send(work, log, notice(msgStopping))
		return
	}
	defer b.inflight.Done()
	g, gerr := b.guildSettings(work, i.GuildID)
	at := b.place(work, log, g, i.ChannelID, gerr)
	seat := b.seat(at, i.GuildID, i.ChannelID, userID)
	var act command.Action
	if i.Type == discordgo.InteractionModalSubmit {
		act = b.handler.Submitted(customID, seat, i.ID, fields)
	} else {
		act = b.handler.Pressed(customID, seat, i.ID)
	}
	log = log.With("cost", act.Cost.String())
	if v := b.admitAction(act, userID, r.created); v != admit.Allow {
		log.Info("press not played: over the budget")
		b.metrics.Command(r.transport(), "press", outcomeRateLimited)
		if err := r.send(work, log, notice(b.overBudget(act))); err != nil {
			log.Warn("budget notice not sent", "err", err)
		}
		return
	}
	var ack func(context.Context, *slog.Logger) error
	switch {
	case act.Form:
	case act.Private:
		ack = r.deferEphemeral
	default:
		ack = r.ackUpdate
	}
	if ack != nil {
		if err := ack(work, log); err != nil {
			log.Warn("press not acknowledged", "err", err)
			return
		}
	}
	var rep command.Reply
	if act.Form {
		rep = act.Do(work) // nothing read: at once, within Discord's 3 s
	} else {
		var ok bool
		if rep, ok = b.runAction(work, act, log); !ok {
			rep = command.Reply{Text: render.Notice(msgBusy), Outcome: outcomeBusy, UserError: true}
		}
	}
	err := b.answerPress(work, r, log, rep, act)
	b.metrics.Command(r.transport(), "press", rep.Outcome)
	if err != nil {
		log.Error("reply lost", "outcome", rep.Outcome, "err", err)
		return
	}
	if rep.Err != nil {
		log.Warn("reply worked around a problem", "err", rep.Err)
	}
	log.Info("command", "outcome", rep.Outcome, "latency", time.Since(r.created))
}

// answerPress gives a press its answer: the form, a note for the presser
// alone, or an acknowledgement while the board changes.
func (b *Bot) answerPress(ctx context.Context, r *interactionReply, log *slog.Logger, rep command.Reply, act command.Action) error {
	switch {
	case rep.Form != nil:
		return r.openForm(ctx, log, rep.Form)
	case rep.Game != nil && act.Game == "" && !rep.UserError:
		// Play: a new game, started as !play starts one.
		c := &call{resp: r, log: log, where: where{guild: settings.Guild{ID: r.i.GuildID}}, start: r.created, cmd: "press"}
		g, _ := b.guildSettings(ctx, r.i.GuildID)
		c.where = b.place(ctx, log, g, r.i.ChannelID, nil)
		b.startGame(ctx, c, rep, boardAnswer(rep))
		return nil
	case rep.UserError || rep.Game == nil:
		return r.aside(ctx, log, answer{text: rep.Text, files: rep.Files, ephemeral: true})
	}
	b.showBoard(ctx, log, rep)
	if len(rep.Game.Aside) > 0 {
		a := answer{ephemeral: true}
		for _, x := range rep.Game.Aside {
			a.text = x.Text
			a.files = append(a.files, x.Files...)
		}
		return r.aside(ctx, log, a)
	}
	return nil
}

// aside posts a for the presser alone: the edit of the ephemeral
// "thinking…", or a follow-up after a deferred update.
func (r *interactionReply) aside(ctx context.Context, log *slog.Logger, a answer) error {
	r.mu.Lock()
	update := r.updated
	if r.webhookBucket == nil {
		r.webhookBucket = rest.NewBucket("webhook")
	}
	bk := r.webhookBucket
	r.mu.Unlock()
	if !update {
		return r.send(ctx, log, a)
	}
	p := messageData(a)
	p.Flags = discordgo.MessageFlagsEphemeral
	uri := discordgo.EndpointFollowupMessage(r.i.AppID, r.i.Token)
	for attempt := 1; ; attempt++ {
		err := r.rest.Do(ctx, log, bk, rest.Request{Method: http.MethodPost, URL: uri, Payload: p, Files: a.files})
		// A follow-up right after a deferral given in an HTTP response can
		// reach Discord before the deferral is on record there (as an edit
		// can, see interactionReply.edit): Unknown Webhook, for a moment.
		if err == nil {
			return nil
		}
		if !unknownWebhook(err) || attempt == 3 {
			return fmt.Errorf("follow-up of interaction %s: %w", r.i.ID, err)
		}
		log.Warn("follow-up refused as unknown; retrying", "attempt", attempt, "err", err)
		if rest.Sleep(ctx, 250*time.Millisecond) != nil {
			return fmt.Errorf("follow-up of interaction %s: %w", r.i.ID, err)
		}
	}
}

func unknownWebhook(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Message != nil && re.Message.Code == codeUnknownWebhook
}

// deferEphemeral acknowledges an interaction with a "thinking…" only its
// member sees; send then edits it.
func (r *interactionReply) deferEphemeral(ctx context.Context, log *slog.Logger) error {
	ctx, cancel := context.WithDeadline(ctx, r.created.Add(interactionWindow))
	defer cancel()
	err := r.first(ctx, log, &callbackPayload{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &messagePayload{Flags: discordgo.MessageFlagsEphemeral}}, nil)
	if err == nil || !rest.Refused(err) {
		r.setAcked()
	}
	return err
}

// ackUpdate acknowledges a press without a message of its own (Discord's
// deferred update): the board changes by its edit.
func (r *interactionReply) ackUpdate(ctx context.Context, log *slog.Logger) error {
	ctx, cancel := context.WithDeadline(ctx, r.created.Add(interactionWindow))
	defer cancel()
	err := r.first(ctx, log, &callbackPayload{Type: discordgo.InteractionResponseDeferredMessageUpdate}, nil)
	if err == nil || !rest.Refused(err) {
		r.mu.Lock()
		r.acked, r.updated = true, true
		r.mu.Unlock()
	}
	return err
}

// openForm answers a press with a form (Discord's modal).
func (r *interactionReply) openForm(ctx context.Context, log *slog.Logger, f *command.Form) error {
	ctx, cancel := context.WithDeadline(ctx, r.created.Add(interactionWindow))
	defer cancel()
	err := r.first(ctx, log, &callbackPayload{Type: discordgo.InteractionResponseModal, Modal: components.ModalOf(f)}, nil)
	if err == nil {
		r.setAcked()
	}
	return err
}

// closeIdleGames closes the games left untouched for the handler's idle
// time (command.PlayConfig.Idle), at start and then every IdleSweep, until
// ctx ends. Several processes may sweep: a game is closed once.
func (b *Bot) closeIdleGames(ctx context.Context) {
	t := time.NewTicker(b.cfg.IdleSweep)
	defer t.Stop()
	for {
		sweep, cancel := context.WithTimeout(ctx, time.Minute)
		n, err := b.handler.CloseIdleGames(sweep)
		cancel()
		switch {
		case err != nil && ctx.Err() == nil:
			b.log.Warn("idle games not closed; trying again at the next sweep", "every", b.cfg.IdleSweep, "err", err)
		case n > 0:
			b.log.Info("idle games closed", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
