package bot

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/render"
)

// maxInteractionBytes bounds the body of a request to the interactions
// endpoint; a slash command's is a few kilobytes.
const maxInteractionBytes = 1 << 20

// handlerDeferAfter is when the endpoint's handler defers an interaction by
// itself if the reply flow has given no first answer yet: a safety net, the
// flow defers at AckWait (2 s).
const handlerDeferAfter = interactionWindow - 400*time.Millisecond

// InteractionHandler returns the handler of Discord's requests to the
// interactions endpoint (POST /interactions): PING is answered with PONG, a
// slash command with the same answers as over the gateway, the first of
// them in the HTTP response within Discord's 3 s (deferred when the solve
// takes longer, then edited through REST). Files go in the edit of a
// deferred answer.
//
// The handler trusts the body: serve it only behind the signature check
// (package httpserver verifies X-Signature-Ed25519 before anything reads
// the body). It answers 503 while the bot is not running.
func (b *Bot) InteractionHandler() http.Handler {
	return http.HandlerFunc(b.serveInteraction)
}

func (b *Bot) serveInteraction(w http.ResponseWriter, r *http.Request) {
	arrived := time.Now()
	lt := b.lifetime.Load()
	if lt == nil {
		http.Error(w, "the bot is not running", http.StatusServiceUnavailable)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxInteractionBytes+1))
	if err != nil || len(body) > maxInteractionBytes {
		http.Error(w, "unreadable or too large body", http.StatusBadRequest)
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		b.log.Warn("interactions endpoint: not an interaction", "err", err)
		http.Error(w, "not an interaction", http.StatusBadRequest)
		return
	}
	switch i.Type {
	case discordgo.InteractionPing:
		writeJSON(w, callbackPayload{Type: discordgo.InteractionResponsePong})
		return
	case discordgo.InteractionApplicationCommand, discordgo.InteractionMessageComponent, discordgo.InteractionModalSubmit:
	default:
		b.log.Warn("interactions endpoint: interaction type not handled", "type", int(i.Type), "interaction", i.ID)
		http.Error(w, "interaction type not handled", http.StatusBadRequest)
		return
	}

	if !b.firstTime(b.log, "i"+i.ID) {
		// Handled already (its first delivery may still be under way): a
		// note for the member alone, and nothing done again.
		writeJSON(w, callbackPayload{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &messagePayload{Content: render.Notice(msgDeliveredAgain), Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noMentions()}})
		return
	}
	reply := newInteractionReply(b.rest, &i, "http", arrived)
	h := &httpFirst{r: reply, answers: make(chan firstAnswer), gone: make(chan struct{})}
	reply.first = h.first
	log, deferral := b.log, callbackPayload{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if i.Type == discordgo.InteractionApplicationCommand {
		c := b.interactionCall(lt.work, &i, reply, b.log)
		log = c.log
		if c.private { // who sees the answer is fixed by the deferral
			deferral.Data = &messagePayload{Flags: discordgo.MessageFlagsEphemeral}
		}
		go func() {
			defer b.recoverEvent("interactions endpoint")
			b.serve(lt.work, lt.reply, c)
		}()
	} else {
		// A button or a form (play.go): a late answer is a deferred update.
		deferral.Type = discordgo.InteractionResponseDeferredMessageUpdate
		go func() {
			defer b.recoverEvent("interactions endpoint")
			b.onPress(lt.work, reply, b.log)
		}()
	}

	timer := time.NewTimer(time.Until(arrived.Add(handlerDeferAfter)))
	defer timer.Stop()
	select {
	case a := <-h.answers:
		a.done <- writeAnswer(w, a)
	case <-timer.C:
		// The flow is late (it defers at AckWait): defer here, its answer
		// becomes the edit.
		if h.close(true) {
			log.Warn("interactions endpoint: no first answer in time; deferred by the handler")
			if err := writeJSON(w, deferral); err != nil {
				log.Warn("interactions endpoint: deferral not written", "err", err)
			}
		}
	case <-r.Context().Done():
		h.close(false) // Discord hung up: the first answer cannot be given
	}
}

// httpFirst hands the first answer of an interaction from the reply flow
// to the handler goroutine that owns the HTTP response.
type httpFirst struct {
	r       *interactionReply
	answers chan firstAnswer // unbuffered: received only while the handler waits

	mu       sync.Mutex
	closed   bool // the handler no longer waits for an answer
	deferred bool // because it deferred the interaction itself
	gone     chan struct{}
}

// firstAnswer is an interaction response for the HTTP response, with the
// channel on which the handler reports whether it was written.
type firstAnswer struct {
	resp *callbackPayload
	done chan error
}

// errResponseGone is the first answer's error when Discord closed the
// request before the bot answered.
var errResponseGone = errors.New("discord closed the interaction's request before the first answer")

// close stops the handler from waiting, with deferred when it answered the
// interaction with a deferral itself; it reports false when a first answer
// is being handed over already.
func (h *httpFirst) close(deferred bool) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	h.closed, h.deferred = true, deferred
	close(h.gone)
	return true
}

// first gives resp to the handler as the HTTP response. Files cannot go in
// it: the answer is then deferred, and the files go in the edit. When the
// handler has deferred the interaction itself, the answer becomes the edit.
func (h *httpFirst) first(ctx context.Context, log *slog.Logger, resp *callbackPayload, files []command.File) error {
	if len(files) > 0 && resp.Data != nil {
		deferral := &callbackPayload{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
		if resp.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
			deferral.Data = &messagePayload{Flags: discordgo.MessageFlagsEphemeral}
		}
		if err := h.handOver(ctx, deferral); err != nil && !errors.Is(err, errHandlerDeferred) {
			return err
		}
		h.r.setAcked() // whatever the edit does, what follows is an edit
		return h.r.edit(ctx, log, answer{text: resp.Data.Content, files: files})
	}
	err := h.handOver(ctx, resp)
	if errors.Is(err, errHandlerDeferred) {
		if resp.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			return nil // a deferral: done already
		}
		return h.r.edit(ctx, log, answer{text: resp.Data.Content})
	}
	return err
}

// errHandlerDeferred says the handler answered with a deferral by itself.
var errHandlerDeferred = errors.New("deferred by the handler")

// handOver passes resp to the waiting handler and returns whether it was
// written.
func (h *httpFirst) handOver(ctx context.Context, resp *callbackPayload) error {
	a := firstAnswer{resp: resp, done: make(chan error, 1)}
	select {
	case h.answers <- a:
		// The handler answers once: later hand-overs find it gone.
		h.mu.Lock()
		if !h.closed {
			h.closed = true
			close(h.gone)
		}
		h.mu.Unlock()
		return <-a.done
	case <-h.gone:
		h.mu.Lock()
		deferred := h.deferred
		h.mu.Unlock()
		if deferred {
			return errHandlerDeferred
		}
		return errResponseGone
	case <-ctx.Done():
		return ctx.Err()
	}
}

func writeAnswer(w http.ResponseWriter, a firstAnswer) error {
	return writeJSON(w, a.resp)
}

func writeJSON(w http.ResponseWriter, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "encoding the answer failed", http.StatusInternalServerError)
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	if _, err = w.Write(body); err != nil {
		return err
	}
	// On the wire before the reply flow goes on (with an edit, say).
	if err := http.NewResponseController(w).Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	return nil
}
