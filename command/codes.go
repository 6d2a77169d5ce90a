package command

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/render"
)

// Defaults of the bounds on codes the bot did not issue (see [Config]).
const (
	// DefaultCodeTimeout is the deadline of making a puzzle again from a
	// code this process did not issue lately: every 9×9 and most 16×16
	// codes take well under a second, while a forged 16×16 seed can take
	// a minute.
	DefaultCodeTimeout = 4 * time.Second
	// DefaultCodeRebuilds is how many such codes are made again at once.
	DefaultCodeRebuilds = 1
)

// issuedCodes is how many codes a Handler remembers having issued (8 bytes
// each), far more than the puzzles it keeps (cachedPuzzles).
const issuedCodes = 1 << 16

// slowSeeds is how many seeds that ran out of time a Handler remembers.
const slowSeeds = 4096

// codeGuard bounds the work that codes cost. A code the bot issued lately
// (served by !new or !daily, or made again and checked) is trusted: its
// puzzle is made again under the puzzle deadline. Any other code, such as
// one typed by hand, one of a post from before a restart, or a forged one,
// is made again under a deadline of its own (Config.CodeTimeout), by at most
// Config.CodeRebuilds requests at once: one more is told to try again
// rather than wait, so that such codes hold at most that many of the
// transport's solve workers, for at most that long, and never starve the
// solves. A seed that ran out of time is remembered and refused at once
// after: its 1,023 other transforms cost what it cost.
//
// The codes are not authenticated (a keyed MAC would need longer codes than
// the eight characters people copy, a secret shared by every process, and
// would make every code already posted unknown); the record of issued
// codes recognises this process's own at once instead.
type codeGuard struct {
	slots chan struct{}

	mu     sync.Mutex
	issued map[generate.Code]struct{}
	ring   []generate.Code // issued, oldest at next once full
	next   int
	slow   map[seedKey]struct{}
}

// seedKey is what the costly part of making a puzzle from a code depends
// on: all but the transform.
type seedKey struct {
	size, boxRows int
	level         generate.Level
	symmetric     bool
	seed          uint32
}

func keyOf(c generate.Code) seedKey {
	return seedKey{c.Shape.Size(), c.Shape.BoxRows, c.Level, c.Symmetric, c.Seed}
}

func newCodeGuard(rebuilds int) *codeGuard {
	return &codeGuard{slots: make(chan struct{}, rebuilds), issued: map[generate.Code]struct{}{}, slow: map[seedKey]struct{}{}}
}

// issue records c as a code the bot handed out.
func (g *codeGuard) issue(c generate.Code) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, ok := g.issued[c]; ok {
		return
	}
	if len(g.ring) < issuedCodes {
		g.ring = append(g.ring, c)
	} else {
		delete(g.issued, g.ring[g.next])
		g.ring[g.next] = c
		g.next = (g.next + 1) % issuedCodes
	}
	g.issued[c] = struct{}{}
}

func (g *codeGuard) known(c generate.Code) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	_, ok := g.issued[c]
	return ok
}

func (g *codeGuard) isSlow(c generate.Code) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	_, ok := g.slow[keyOf(c)]
	return ok
}

func (g *codeGuard) markSlow(c generate.Code) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.slow) >= slowSeeds {
		clear(g.slow) // rare: a flood of slow seeds; they time out once more each
	}
	g.slow[keyOf(c)] = struct{}{}
}

// Errors of making a puzzle again from a code the bot did not issue.
var (
	// ErrCodesBusy: as many such codes are being made as Config.CodeRebuilds allows.
	ErrCodesBusy = errors.New("other codes are being made again")
	// ErrCodeSlow: the code's seed ran out of time before, or does now.
	ErrCodeSlow = errors.New("the code takes too long to make again")
)

// rebuild makes the puzzle of code c again, c being no puzzle kept: a code
// issued lately under the puzzle deadline, any other within the guard's
// budget (see [codeGuard]). The error wraps ErrCodesBusy or ErrCodeSlow, or
// is Decode's.
func (h *Handler) rebuild(ctx context.Context, c generate.Code) (generate.Puzzle, error) {
	g := h.codes
	if g.known(c) {
		ctx, cancel := context.WithTimeout(ctx, h.cfg.PuzzleTimeout)
		defer cancel()
		return generate.Decode(ctx, c)
	}
	if g.isSlow(c) {
		return generate.Puzzle{}, fmt.Errorf("code %v: %w", c, ErrCodeSlow)
	}
	select {
	case g.slots <- struct{}{}:
		defer func() { <-g.slots }()
	default:
		return generate.Puzzle{}, fmt.Errorf("code %v: %w", c, ErrCodesBusy)
	}
	dctx, cancel := context.WithTimeout(ctx, h.cfg.CodeTimeout)
	defer cancel()
	p, err := generate.Decode(dctx, c)
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		g.markSlow(c)
		return generate.Puzzle{}, fmt.Errorf("code %v: %w", c, ErrCodeSlow)
	}
	return p, err
}

// codeError is the reply when a code's puzzle could not be made again
// within the bounds on codes, or the code is none the bot makes; ok is false
// for any other error.
func (h *Handler) codeError(err error, c generate.Code) (Reply, bool) {
	var le *generate.CodeLevelError
	n := c.Shape.Size()
	switch {
	case errors.As(err, &le):
		what := "rates " + le.Rated.String()
		switch {
		case le.NeedsGuess:
			what = "cannot be solved by logic alone"
		case le.Above:
			what = "is harder than " + c.Level.String()
		}
		return Reply{Text: render.Error(fmt.Sprintf("The code %s is not one of my puzzles: its level letter says %v, but its puzzle %s. "+
			"Codes come from the puzzles I post; %snew %s %s gives one.", c, c.Level, what, h.cfg.Prefix, levelWord(c.Level), sizeWord(c.Shape))),
			Outcome: "code_mismatch", UserError: true, Size: n}, true
	case errors.Is(err, generate.ErrKind) && c.Level > generate.TopLevel(c.Shape) && generate.TopLevel(c.Shape) > 0:
		return h.badRequest(fmt.Sprintf("The code %s is not one of my puzzles: there are no %s %v puzzles (%s ones go up to %v).",
			c, shapeWords(c.Shape), c.Level, shapeWords(c.Shape), generate.TopLevel(c.Shape))), true
	case errors.Is(err, ErrCodesBusy):
		return Reply{Text: render.Notice(fmt.Sprintf("I'm making another puzzle again from a code I didn't post lately. "+
			"Please send %s again in a few seconds.", c)), Outcome: "code_busy", Size: n}, true
	case errors.Is(err, ErrCodeSlow):
		return Reply{Text: render.Notice(fmt.Sprintf("Making puzzle %s again from its code takes longer than %v, so I stopped: "+
			"it is no code I posted lately. %snew %s %s gives a puzzle of that kind.",
			c, h.cfg.CodeTimeout, h.cfg.Prefix, levelWord(c.Level), sizeWord(c.Shape))), Outcome: "code_slow", UserError: true, Size: n}, true
	}
	return Reply{}, false
}

// codeFailed is the reply when the puzzle of code c could not be made again.
func (h *Handler) codeFailed(err error, c generate.Code) Reply {
	if rep, ok := h.codeError(err, c); ok {
		return rep
	}
	return h.puzzleError(err, c.Shape, c.String())
}

// levelWord writes a level as !new takes it: "hard".
func levelWord(l generate.Level) string {
	w := l.String()
	if w == "" {
		return w
	}
	return string(w[0]|0x20) + w[1:]
}
