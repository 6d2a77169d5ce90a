package command

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
)

// Playing moves: every play reads the game from the store, plays it by
// package game's rules and saves it with a versioned update, the moves of one
// game in this process taking turns.

// Move plays text (moves as typed, such as "r3c5 7 r3c6 +12" or "undo")
// on the game gameID for the player of seat, and returns the board after
// it, with the answers to a check or a hint in [GameRef].Aside. A text
// that is no move, a malformed move and a move against the rules get a
// short error reply, positioned in the text ([Reply].UserError set); the
// game is then unchanged. It is what a transport calls for a button's
// form, and, through [Handler.MoveIn], for a message in a game's channel.
func (h *Handler) Move(ctx context.Context, gameID string, seat Seat, text string) Reply {
	return h.move(ctx, gameID, seat, text, -1)
}

// Notes is [Handler.Move] for a form of pencil marks (a Notes button's):
// a cell's digits without a sign are marks to add (r3c5 12 is r3c5 +12),
// as game.ParseNotes reads them.
func (h *Handler) Notes(ctx context.Context, gameID string, seat Seat, text string) Reply {
	return h.play1(ctx, gameID, seat, text, game.ParseNotes, -1)
}

// msgDailyGiveUp refuses to give up today's daily puzzle: the solution is
// not shown while it is the daily one (see dailyrule.go).
const msgDailyGiveUp = "This is today's daily puzzle: no solutions until tomorrow (UTC), so it cannot be given up today. Leave it open, or come back to it tomorrow."

// move plays text on a game; step, when not negative, is the board's
// version the player saw (a button's): a play on an older board does
// nothing but show the latest one.
func (h *Handler) move(ctx context.Context, gameID string, seat Seat, text string, step int) Reply {
	return h.play1(ctx, gameID, seat, text, game.Parse, step)
}

func (h *Handler) play1(ctx context.Context, gameID string, seat Seat, text string, parse func(string, int) ([]game.Move, error), step int) Reply {
	h = h.with(seat.Settings)
	store := h.cfg.Play.Games
	if store == nil {
		return Reply{Text: render.Notice(msgNoGames), Outcome: outcomeUnavailable, UserError: true}
	}
	// Moves of one game in this process take turns, so that a flood of
	// them does not make every one lose the versioned update again and
	// again; other processes are kept right by the versions.
	unlock := h.turns.lock(gameID)
	defer unlock()
	for attempt := 0; ; attempt++ {
		rec, err := store.Game(ctx, gameID)
		if errors.Is(err, settings.ErrNoGame) {
			return Reply{Text: render.Notice(fmt.Sprintf("There is no game %s.", truncate(gameID, 20))), Outcome: outcomeGameNoGame, UserError: true}
		}
		if err != nil {
			return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
		}
		g, err := loadGame(rec)
		if err != nil {
			return Reply{Text: render.Notice("This game's saved state cannot be read, so it can't go on. Please start another."), Outcome: "error", Err: err}
		}
		ref := refOf(rec)
		moves, err := parse(text, g.Board().Size())
		if err != nil {
			return h.moveError(err, g, ref)
		}
		req := Request{Kind: Play, Settings: seat.Settings}
		if step >= 0 && step != len(g.History()) {
			rep := h.gameReply(req, rec, g, "The board had changed since that press, so nothing was done: here it is now.")
			rep.Outcome = "game_stale"
			return rep
		}
		if slices.ContainsFunc(moves, func(m game.Move) bool { return m.Action == game.GiveUp }) && h.IsTodaysDaily(g.Puzzle()) {
			rep := Reply{Text: render.Notice(msgDailyGiveUp), Outcome: outcomeDailyRefused, UserError: true, Game: ref}
			return rep
		}
		now := h.cfg.Now()
		out, err := g.Play(moves, seat.UserID, now)
		if err != nil {
			return h.moveError(err, g, ref)
		}
		var aside []Reply
		if out.Check > 0 {
			aside = append(aside, Reply{Text: render.GameChecked(len(g.Wrong()), g.Empty()), Outcome: "game_check"})
		}
		if out.Hint > 0 {
			hint, given := h.gameHint(ctx, req, g)
			if given {
				g.Hinted()
			}
			aside = append(aside, hint)
		}
		next := recordOf(rec, g)
		next.Updated = now
		saved, err := store.UpdateGame(ctx, next)
		if errors.Is(err, settings.ErrGameConflict) && attempt < maxGameRetries {
			continue // another move came first: play this one on the new state
		}
		if err != nil {
			return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
		}
		note := playNote(out, g)
		if out.Solved {
			note = strings.TrimSpace(note + " " + h.dailySolved(ctx, seat, g, now, &aside))
		}
		rep := h.gameReply(req, saved, g, note)
		rep.Game.Aside = aside
		switch {
		case out.Solved:
			rep.Outcome = outcomeGameSolved
		case out.GaveUp:
			rep.Outcome = outcomeGameGaveUp
		default:
			rep.Outcome = outcomeGameMove
		}
		return rep
	}
}

// moveError is the reply to moves that could not be played: no move, a
// malformed move, or one against the rules.
func (h *Handler) moveError(err error, g *game.Game, ref *GameRef) Reply {
	rep := Reply{Outcome: outcomeGameRefused, UserError: true, Game: ref}
	var se *game.SyntaxError
	switch {
	case errors.Is(err, game.ErrNotPlayer):
		// The bot's own words, with a mention of the owner (render.Error
		// would disarm it).
		rep.Text = fmt.Sprintf("⚠️ This game is <@%s>'s: start your own with `%splay`, or ask for one that anyone may play with `%splay together`.",
			g.Owner(), h.cfg.Prefix, h.cfg.Prefix)
	case errors.Is(err, game.ErrNotMove):
		rep.Text, rep.Outcome = render.Error("That is not a move: write a cell and a digit, such as r3c5 7 (or e3 7), r3c5 - to erase, r3c5 +12 for pencil marks, or undo, check, hint."), outcomeGameNotMove
	case errors.As(err, &se):
		rep.Text, rep.Outcome = render.Error(err.Error()), outcomeGameBadMove
	default:
		rep.Text = render.Error(err.Error())
	}
	return rep
}

// playNote says what a play did beside the board: undos, mistakes shown.
func playNote(out game.Outcome, g *game.Game) string {
	var parts []string
	if out.Undone > 0 {
		parts = append(parts, fmt.Sprintf("Undid %d %s.", out.Undone, plural(out.Undone, "move", "moves")))
	}
	if out.ShowMistakes {
		if g.ShowingMistakes() {
			parts = append(parts, "Wrong digits are shown now (send `mistakes` again to hide them).")
		} else {
			parts = append(parts, "Wrong digits are hidden again.")
		}
	}
	return strings.Join(parts, " ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// gameHint is the hint on a game's board, and whether one was given: the
// logic engine's next step from the board, unless a digit on it is wrong
// (a step from there could mislead; the player is told to check).
func (h *Handler) gameHint(ctx context.Context, req Request, g *game.Game) (Reply, bool) {
	if len(g.Wrong()) > 0 {
		return Reply{Text: render.Notice("A digit on the board is wrong, so a hint from here could lead you astray: send `check` to count the wrong digits, or `mistakes` to see them."),
			Outcome: "game_hint_wrong"}, false
	}
	ctx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	rep := h.hint(ctx, req, parser.Puzzle{Grid: g.Board()}, render.Options{Spoiler: true, Timeout: h.cfg.SolveTimeout})
	return rep, rep.Outcome == "step"
}

// dailySolved records the players of a game that ended with the day's
// puzzle solved among the day's solvers, and returns the line that says
// so ("" when the game is not the day's puzzle).
func (h *Handler) dailySolved(ctx context.Context, seat Seat, g *game.Game, now time.Time, aside *[]Reply) string {
	if seat.GuildID == "" || seat.DailyLevel == 0 || h.cfg.Play.Solvers == nil {
		return ""
	}
	day := settings.DayOf(now)
	if !h.IsDailySolution(ctx, day.Time(), seat.DailyLevel, g.Solution()) {
		return ""
	}
	players := []string{g.Owner()}
	if g.Team() {
		players = players[:0]
		for _, p := range g.Players() {
			players = append(players, p.ID)
		}
	}
	var counted []string
	for _, id := range players {
		place, recorded, err := h.cfg.Play.Solvers.RecordSolver(ctx, seat.GuildID, day, id, now)
		switch {
		case err != nil:
			*aside = append(*aside, Reply{Text: render.Notice("That is today's daily puzzle solved, but I could not record it right now (settings unavailable)."),
				Outcome: "daily_unrecorded", Err: fmt.Errorf("record daily solver: %w", err)})
			return ""
		case recorded:
			counted = append(counted, fmt.Sprintf("<@%s> solver number %d today", id, place))
		default:
			counted = append(counted, fmt.Sprintf("<@%s> counted already (number %d)", id, place))
		}
	}
	return fmt.Sprintf("Today's daily puzzle (%v): %s.", seat.DailyLevel, strings.Join(counted, ", "))
}

// gameTurns lets the moves of one game take turns: a fixed set of locks,
// a game's chosen by its ID, so that memory does not grow with the games.
type gameTurns struct {
	mu [64]sync.Mutex
}

// lock takes the turn of game id and returns the function that gives it
// back.
func (t *gameTurns) lock(id string) func() {
	var h uint32 = 2166136261 // FNV-1a
	for i := 0; i < len(id); i++ {
		h = (h ^ uint32(id[i])) * 16777619
	}
	m := &t.mu[h%uint32(len(t.mu))]
	m.Lock()
	return m.Unlock
}
