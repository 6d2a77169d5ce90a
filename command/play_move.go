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
	return h.play1(ctx, moveReq{game: gameID, seat: seat, text: text, parse: game.Parse, step: -1}).Drawn()
}

// Notes is [Handler.Move] for a form of pencil marks (a Notes button's):
// a cell's digits without a sign are marks to add (r3c5 12 is r3c5 +12),
// as game.ParseNotes reads them.
func (h *Handler) Notes(ctx context.Context, gameID string, seat Seat, text string) Reply {
	return h.play1(ctx, moveReq{game: gameID, seat: seat, text: text, parse: game.ParseNotes, step: -1}).Drawn()
}

// msgDailyGiveUp refuses to give up today's daily puzzle: the solution is
// not shown while it is the daily one (see dailyrule.go).
const msgDailyGiveUp = "This is today's daily puzzle: no solutions until tomorrow (UTC), so it cannot be given up today. Leave it open, or come back to it tomorrow."

// moveReq is one play of a game: text played by seat's member, read by
// parse; step, when not negative, is the board's turn the player saw (a
// button's): a play on an older board does nothing; event is the ID of the
// Discord event that carries it ("" for none), played once.
type moveReq struct {
	game  string
	seat  Seat
	text  string
	parse func(string, int) ([]game.Move, error)
	step  int64
	event string
	// read, when set, is the game as read just before (by the routing of
	// a typed message): the first try plays on it, a versioned update
	// telling whether it was still the latest.
	read *settings.GameRecord
}

// playTimeout bounds one play: the wait for its game's turn, the store, and
// a hint (whose logic engine has the solve deadline within it).
const playTimeout = 10 * time.Second

// msgGameBusy answers a play that waited for its game's turn past
// playTimeout.
const msgGameBusy = "That game is busy with other moves right now, so this one was not played. Please send it again."

// play1 plays r and returns the board after it, its picture left to be
// drawn when shown ([GameRef].Board).
func (h *Handler) play1(ctx context.Context, r moveReq) Reply {
	seat, gameID, text, parse, step := r.seat, r.game, r.text, r.parse, r.step
	h = h.with(seat.Settings)
	store := h.cfg.Play.Games
	if store == nil {
		return Reply{Text: render.Notice(msgNoGames), Outcome: outcomeUnavailable, UserError: true}
	}
	ctx, cancel := context.WithTimeout(ctx, playTimeout)
	defer cancel()
	// Moves of one game in this process take turns, so that a flood of
	// them does not make every one lose the versioned update again and
	// again; other processes are kept right by the versions.
	unlock, err := h.turns.lock(ctx, gameID)
	if err != nil {
		return Reply{Text: render.Notice(msgGameBusy), Outcome: outcomeGameBusy, UserError: true, Err: fmt.Errorf("game %s: waiting for its turn: %w", gameID, err)}
	}
	defer unlock()
	for attempt := 0; ; attempt++ {
		var rec settings.GameRecord
		var err error
		if attempt == 0 && r.read != nil {
			rec = *r.read
		} else {
			rec, err = store.Game(ctx, gameID)
		}
		if errors.Is(err, settings.ErrNoGame) {
			return Reply{Text: render.Notice(fmt.Sprintf("There is no game %s.", truncate(gameID, 20))), Outcome: outcomeGameNoGame, UserError: true}
		}
		if err != nil {
			return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
		}
		if r.event != "" && slices.Contains(rec.Events, r.event) {
			return Reply{Text: render.Notice("That was played already."), Outcome: OutcomeGameReplayed, UserError: true, Game: refOf(rec)}
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
		if !g.MayPlay(seat.UserID) && len(moves) > 0 {
			_, err := g.Play(moves, seat.UserID, h.cfg.Now()) // refused: another member's game
			return h.moveError(err, g, ref)
		}
		if g.Status().Over() {
			return Reply{Text: render.Notice(fmt.Sprintf("Game %s is over (%s): nothing more can be played on it. Start another with `%splay`.",
				rec.ID, overWords(g.Status()), h.cfg.Prefix)), Outcome: outcomeGameOver, UserError: true, Game: ref}
		}
		if step >= 0 && step != boardStep(g) {
			return Reply{Text: render.Notice("The board had changed since that press (another move came first), so nothing was done: press again on the board as it is now."),
				Outcome: outcomeGameStale, UserError: true, Game: ref}
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
		next.Events = withEvent(rec.Events, r.event)
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
		rep := h.gameBoard(req, saved, g, note)
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

// overWords says how a finished game ended.
func overWords(s game.Status) string {
	switch s {
	case game.Solved:
		return "solved"
	case game.GaveUp:
		return "given up"
	}
	return "closed for being left untouched"
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

// gameLocks lets the plays of one game take turns in this process: a lock
// per game being played, made when a play needs it and dropped once nobody
// holds or waits for it (so memory follows the games played at the moment,
// and a slow play, a hint, holds up its own game alone). Waiting for a
// lock ends with the play's context.
type gameLocks struct {
	mu    sync.Mutex
	locks map[string]*gameLock
}

type gameLock struct {
	held chan struct{} // one place: taken while held
	refs int           // holders and waiters
}

// lock takes game id's turn, waiting within ctx, and returns the function
// that gives it back; or ctx's error.
func (l *gameLocks) lock(ctx context.Context, id string) (func(), error) {
	l.mu.Lock()
	if l.locks == nil {
		l.locks = map[string]*gameLock{}
	}
	k := l.locks[id]
	if k == nil {
		k = &gameLock{held: make(chan struct{}, 1)}
		l.locks[id] = k
	}
	k.refs++
	l.mu.Unlock()
	select {
	case k.held <- struct{}{}:
		return func() { <-k.held; l.release(id, k) }, nil
	case <-ctx.Done():
		l.release(id, k)
		return nil, ctx.Err()
	}
}

func (l *gameLocks) release(id string, k *gameLock) {
	l.mu.Lock()
	if k.refs--; k.refs == 0 {
		delete(l.locks, id)
	}
	l.mu.Unlock()
}

// size returns how many games have a lock (held or waited for).
func (l *gameLocks) size() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.locks)
}
