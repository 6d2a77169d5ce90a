package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/admit"
	"github.com/sudokubot/sudokubot/bot/internal/metrics"
	"github.com/sudokubot/sudokubot/bot/internal/rest"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/render"
)

// Short notices, written for the person who sent the command.
const (
	msgBusy        = "I'm busy with other puzzles right now. Please try again in a few seconds."
	msgRateLimit   = "You're sending commands faster than I answer them. Please wait a few seconds; I'll ignore commands until then."
	msgMoveRate    = "You're playing faster than I can keep up with (more than a move a second). Please wait a moment; moves sent meanwhile are not played."
	msgStopping    = "I'm restarting. Please send that again in a minute."
	msgNotFinished = "I'm restarting and could not finish this one. Please send it again in a minute."
	msgApology     = "Sorry, something went wrong on my side while handling that. It has been logged."
	msgUnknownCmd  = "I don't know that command. Try /help."
	msgNoFiles     = "The attachment of this reply could not be uploaded."
	// msgDeliveredAgain answers an interaction Discord sent again.
	msgDeliveredAgain = "I got that twice: it was done once, and nothing was done again."
)

// Outcomes the flow adds to the handler's (unique, timeout, help, ...), for
// logs and metrics.
const (
	outcomeBusy        = metrics.OutcomeBusy
	outcomeRateLimited = metrics.OutcomeRateLimited
	outcomeIgnored     = metrics.OutcomeIgnored // over the limit and already told: no answer
	outcomeUnknown     = "unknown_command"
	outcomeStopping    = "stopping"
	outcomeNotFinished = "not_finished" // cancelled by a shutdown; the user is told
	outcomePanic       = "panic"
	outcomeBacklog     = "backlog_full"
	outcomeQueueFull   = "notice_queue_full"
	outcomeNotHere     = "not_here" // a slash command in a channel the server keeps the bot out of
)

// Discord's limits on the files of one message.
const (
	maxFiles     = 10
	maxFileBytes = 10 << 20 // all files together, the limit of servers without boosts
)

// answer is what a responder posts: text, files, and whether only the user
// who sent the command should see it (where the transport can do that).
type answer struct {
	text      string
	files     []command.File
	ephemeral bool
	// fallback, when set, replaces text when the files cannot be posted (see
	// command.Reply.Fallback).
	fallback string
	// buttons go under the message (a board's, Play under a puzzle).
	buttons []command.Button
	// none: the answer was posted otherwise (a game's board, see play.go).
	none bool
}

// A responder delivers the answer to one command over one transport: a reply
// to a message, a slash command's callback over the gateway, or the answer to
// a slash command posted to the interactions endpoint. The reply flow
// ([Bot.serve] and [Bot.finish]: result or notice, deferral, attachments,
// logging) is written once against it; retries and rate limits are the job of
// [rest], which every responder sends through.
type responder interface {
	// transport names the transport in logs and metrics.
	transport() string
	// mustAnswer reports whether the command needs an answer even under a
	// flood: Discord tells the person a slash command "did not respond"
	// otherwise. A text command may get silence.
	mustAnswer() bool
	// deferrable reports whether the first answer has a deadline (Discord's
	// 3 s for interactions), so that a late result must be deferred.
	deferrable() bool
	// deferAnswer acknowledges the command without an answer yet; send then
	// edits the acknowledgement. ephemeral makes the answer visible to its
	// user only: Discord fixes that at the deferral, an edit cannot.
	deferAnswer(ctx context.Context, log *slog.Logger, ephemeral bool) error
	// send posts a: the first answer, or the edit of a deferred one.
	send(ctx context.Context, log *slog.Logger, a answer) error
}

// call is one command on its way from its transport to its answer: what
// the transport read (the request, the place it came from), how to answer
// it (resp), and what the flow learns on the way (deferred). The flow does
// the rest the same way for every transport: the backlog's place, the rate
// limit, the worker pool, the daily puzzle's solvers (see [Bot.serve]).
type call struct {
	req   command.Request
	known bool   // req names a command (slash commands can name others)
	cmd   string // for logs: "solve", "/solve"
	user  string
	start time.Time
	log   *slog.Logger
	resp  responder
	// where is the server and channel the command came from; when their
	// settings could not be read (where.err), the reply says so.
	where where
	// backlog, when set, is the channel whose backlog holds a place for
	// the answer (text commands), taken before the command is handled and
	// given back once the answer is posted or given up.
	backlog string
	// prepare, if set, completes req with what the transport must fetch
	// first (the message a text command replies to), once the command is
	// let through and before it is handled, within ctx.
	prepare func(ctx context.Context, req *command.Request)
	// server, when set, answers the command in place of the handler's
	// Handle: the commands about the server (/settings, /daily stats),
	// which wait on the database rather than on a solve worker. name names
	// them for metrics and logs ("settings", "daily_stats").
	server func(ctx context.Context) command.Reply
	name   string
	// refuse, when set, is the notice that answers the command instead of
	// running it (a channel the server keeps the bot out of).
	refuse string
	// private makes the answer visible to its user only, where the
	// transport can do that.
	private bool

	once     sync.Once
	deferred bool // the answer was deferred (for the log line)
}

// finished gives the call's place in its channel's backlog back, once.
func (b *Bot) finished(c *call) {
	c.once.Do(func() {
		if c.backlog != "" {
			b.backlog.Release(c.backlog)
		}
	})
}

// kind is the command's name for metrics: solve, check, help or unknown.
func (c *call) kind() string {
	if c.name != "" {
		return c.name
	}
	if !c.known {
		return "unknown"
	}
	return c.req.Kind.String()
}

// serve runs one command from its arrival to its answer. work bounds the
// solve; reply bounds the answer, and outlives work by a little at shutdown
// so that the users whose commands were cut short can be told.
//
// The transports let each event through once (Bot.firstTime) before they
// make its call.
func (b *Bot) serve(work, reply context.Context, c *call) {
	if c.backlog != "" && !b.backlog.Reserve(c.backlog) {
		c.log.Warn("command dropped: too many replies already waiting to be posted in this channel")
		b.metrics.Command(c.resp.transport(), c.kind(), outcomeBacklog)
		return
	}
	verdict := b.limits.Check(c.user, c.start)
	if verdict == admit.Drop && !c.resp.mustAnswer() {
		c.log.Debug("command ignored: user over the rate limit and already told")
		b.metrics.Command(c.resp.transport(), c.kind(), outcomeIgnored)
		b.finished(c)
		return
	}
	if !b.begin() {
		// Stopping: counted in flight too, so the shutdown waits for the
		// notice within its grace.
		b.inflight.Add()
		defer b.inflight.Done()
		b.notice(reply, c, outcomeStopping, msgStopping)
		return
	}
	defer b.inflight.Done()
	defer b.recoverCommand(c.log, func() {
		b.finish(reply, c, command.Reply{Outcome: outcomePanic, UserError: true}, notice(msgApology))
	})
	switch {
	case verdict != admit.Allow:
		b.notice(reply, c, outcomeRateLimited, msgRateLimit)
		return
	case !c.known:
		b.notice(reply, c, outcomeUnknown, msgUnknownCmd)
		return
	case c.refuse != "":
		// Channel mentions: not a notice, which would neutralise them.
		b.finish(reply, c, command.Reply{Outcome: outcomeNotHere}, answer{text: c.refuse, ephemeral: true})
		return
	}
	if c.prepare != nil && !b.prepare(work, reply, c) {
		return
	}
	rep, ok := b.result(work, reply, c)
	if !ok {
		return
	}
	if rep.Outcome == "cancelled" && work.Err() != nil {
		// The shutdown's grace ran out while solving: say so, rather than
		// showing a "cancelled" result the user did not ask for.
		b.finish(reply, c, command.Reply{Outcome: outcomeNotFinished, Size: rep.Size}, notice(msgNotFinished))
		return
	}
	a := answer{text: rep.Text, files: rep.Files, ephemeral: rep.UserError || c.private, fallback: rep.Fallback, buttons: rep.Buttons}
	if c.where.err != nil {
		a.text, a.fallback = unavailableNote(a.text), unavailableNote(a.fallback)
	}
	if g := rep.Game; g != nil && g.MessageID == "" && !rep.UserError {
		b.startGame(reply, c, rep, a) // a new game: its board (play.go)
		return
	}
	b.finish(reply, c, rep, a)
}

// prepare runs c.prepare (a download: the message replied to, an attached
// picture). A responder with a deadline is deferred when the download
// outlasts it, as result defers a late result. It reports false when the
// command cannot be answered (Discord refused the deferral).
func (b *Bot) prepare(work, reply context.Context, c *call) bool {
	if !c.resp.deferrable() {
		c.prepare(work, &c.req)
		return true
	}
	req := c.req
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer b.recoverEvent("prepare " + c.cmd)
		c.prepare(work, &req)
	}()
	timer := time.NewTimer(time.Until(c.start.Add(b.cfg.AckWait)))
	defer timer.Stop()
	select {
	case <-done:
		c.req = req
		return true
	case <-timer.C:
	}
	if err := c.resp.deferAnswer(reply, c.log, c.private); err != nil {
		if rest.Refused(err) {
			<-done
			c.log.Error("reply lost", "outcome", "deferral_refused", "err", err)
			b.metrics.ReplyLost(c.resp.transport())
			b.finished(c)
			return false
		}
		c.log.Error("defer interaction; trying the edit anyway", "err", err)
	}
	c.deferred = true
	<-done
	c.req = req
	return true
}

// unavailableNote heads text with the notice that the server's settings
// could not be read, when it fits in the message.
func unavailableNote(text string) string {
	if text == "" {
		return text
	}
	noted := render.Notice(msgSettingsUnavailable) + "\n" + text
	if render.Len(noted) > render.MaxLen {
		return text
	}
	return noted
}

// result runs the command and returns its reply, deferring the answer when
// the responder has a deadline that the result misses. It reports false when
// the command was answered otherwise (busy) or cannot be answered (Discord
// refused the deferral).
func (b *Bot) result(work, reply context.Context, c *call) (command.Reply, bool) {
	var res <-chan command.Reply
	switch {
	case c.server != nil:
		res = b.runServerCommand(work, c)
	case c.req.Kind == command.Help:
		return b.handle(work, c.req), true
	default:
		res = b.queue(work, c)
	}
	if res == nil {
		b.notice(reply, c, outcomeBusy, msgBusy)
		return command.Reply{}, false
	}
	if !c.resp.deferrable() || c.deferred {
		return <-res, true
	}
	// The deadline of the first answer counts from the command's arrival.
	timer := time.NewTimer(time.Until(c.start.Add(b.cfg.AckWait)))
	defer timer.Stop()
	select {
	case rep := <-res:
		return rep, true
	case <-timer.C:
	}
	if err := c.resp.deferAnswer(reply, c.log, c.private); err != nil {
		if rest.Refused(err) {
			// Discord refused the interaction (expired, unknown): no edit can follow.
			rep := <-res
			c.log.Error("reply lost", "outcome", rep.Outcome, "err", err)
			b.metrics.Command(c.resp.transport(), c.kind(), rep.Outcome)
			b.metrics.ReplyLost(c.resp.transport())
			b.finished(c)
			return rep, false
		}
		c.log.Error("defer interaction; trying the edit anyway", "err", err)
	}
	c.deferred = true
	return <-res, true
}

// notice answers c with a short text only its user sees. A text command's
// notice waits in a bounded queue for one of a few senders, so that a flood
// costs a queue entry per message rather than a goroutine waiting on
// Discord; a slash command's is sent at once, because it must be answered.
func (b *Bot) notice(ctx context.Context, c *call, outcome, text string) {
	rep, a := command.Reply{Outcome: outcome}, notice(text)
	if c.resp.mustAnswer() {
		b.finish(ctx, c, rep, a)
		return
	}
	b.inflight.Add() // the queued notice counts in flight until sent
	select {
	case b.noticeQ <- queuedNotice{ctx: ctx, c: c, rep: rep, a: a}:
	default:
		b.inflight.Done()
		c.log.Warn("notice not sent: notice queue full", "outcome", outcome)
		b.metrics.Command(c.resp.transport(), c.kind(), outcomeQueueFull)
		b.finished(c)
	}
}

func notice(text string) answer { return answer{text: render.Notice(text), ephemeral: true} }

// queuedNotice is a text command's notice waiting for a sender; it carries
// the context its send is bounded by, as an http.Request does.
type queuedNotice struct {
	ctx context.Context
	c   *call
	rep command.Reply
	a   answer
}

// sendNotices sends queued notices until stop is closed.
func (b *Bot) sendNotices(stop <-chan struct{}) {
	for {
		select {
		case n := <-b.noticeQ:
			b.finish(n.ctx, n.c, n.rep, n.a)
			b.inflight.Done()
		case <-stop:
			return
		}
	}
}

// finish posts a as c's answer and writes the command's log line: "command"
// once Discord took the answer, "reply lost" when it could not be posted.
// Attachments that cannot be posted do not cost the answer: the text goes
// out alone.
func (b *Bot) finish(ctx context.Context, c *call, rep command.Reply, a answer) {
	defer b.finished(c)
	if rep.Err != nil {
		c.log.Warn("reply worked around a problem", "err", rep.Err)
	}
	err := b.post(ctx, c, a)
	tr := c.resp.transport()
	b.metrics.Command(tr, c.kind(), rep.Outcome)
	attrs := []any{"outcome", rep.Outcome, "latency", time.Since(c.start)}
	if rep.Size > 0 || rep.SolveTime > 0 {
		attrs = append(attrs, "size", rep.Size, "solve", rep.SolveTime)
	}
	if len(a.files) > 0 {
		attrs = append(attrs, "files", len(a.files))
	}
	if c.deferred {
		attrs = append(attrs, "deferred", true)
	}
	if c.where.err != nil {
		// The database's state changes are logged by the settings cache.
		attrs = append(attrs, "settings", "defaults: "+c.where.err.Error())
	}
	if err != nil {
		b.metrics.ReplyLost(tr)
		c.log.Error("reply lost", append(attrs, "err", err)...)
		return
	}
	b.metrics.Replied(tr, c.kind(), rep.SolveTime, time.Since(c.start).Seconds())
	c.log.Info("command", attrs...)
}

// post sends a through c's responder; when its files cannot be posted
// (too large, refused, failed after the retries) it sends the text alone:
// its fallback when it has one (a large board that the text left to its
// picture, in monospace after all).
func (b *Bot) post(ctx context.Context, c *call, a answer) error {
	if a.none {
		return nil
	}
	if len(a.files) > 0 {
		err := checkFiles(a.files)
		if err == nil {
			err = c.resp.send(ctx, c.log, a)
			if err == nil || ctx.Err() != nil || gone(err) {
				return err
			}
		}
		c.log.Warn("attachments not posted; sending the text alone", "files", len(a.files), "err", err)
		a.files = nil
		if a.fallback != "" {
			a.text = a.fallback
		}
		if a.text == "" {
			a.text = render.Notice(msgNoFiles)
		}
	}
	return c.resp.send(ctx, c.log, a)
}

// checkFiles checks files against Discord's limits before uploading them.
func checkFiles(files []command.File) error {
	if len(files) > maxFiles {
		return fmt.Errorf("%d files, Discord takes at most %d", len(files), maxFiles)
	}
	total := 0
	for _, f := range files {
		if f.Name == "" {
			return errors.New("a file without a name")
		}
		total += len(f.Data)
	}
	if total > maxFileBytes {
		return fmt.Errorf("files of %d bytes, Discord takes at most %d", total, maxFileBytes)
	}
	return nil
}

// Discord's error codes for a target that no longer exists: nothing sent
// there again can succeed, with or without files.
const (
	codeUnknownChannel     = 10003
	codeUnknownWebhook     = 10015
	codeUnknownInteraction = 10062
)

// gone reports whether err says the answer's target no longer exists.
func gone(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil {
		return false
	}
	switch re.Message.Code {
	case codeUnknownChannel, codeUnknownWebhook, codeUnknownInteraction:
		return true
	}
	return false
}
