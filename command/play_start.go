package command

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/sudoku"
)

// Starting games: !play (and /play, and the Play button under a post)
// reads the puzzle asked for, closes the idle games first and saves the new
// game within the member's limit of open games.

// playArgs reports whether the words after !play are for the bot: none,
// its own words (a level, a size, symmetric, together, a code, img), or a
// grid (at least 16 digits and empty-cell dots). Other words, such as a
// song's name, are for a music bot that shares the prefix, and the message
// is not answered.
func playArgs(args string) bool {
	cells := 0
	for _, r := range args {
		if r == '.' || r >= '0' && r <= '9' {
			cells++
		}
	}
	if cells >= 16 {
		return true
	}
	for _, w := range strings.Fields(args) {
		if _, err := generate.ParseKind(w); err == nil || errors.Is(err, generate.ErrKind) || strings.HasPrefix(w, "#") ||
			strings.EqualFold(w, PictureWord) || slices.ContainsFunc(togetherWords, func(t string) bool { return strings.EqualFold(w, t) }) {
			continue
		}
		if _, err := generate.ParseCode(w); err == nil {
			continue
		}
		return false
	}
	return true
}

// togetherWords make a team game.
var togetherWords = []string{"together", "team"}

// play answers !play: a new game of the puzzle the words ask for.
func (h *Handler) play(ctx context.Context, req Request) Reply {
	store := h.cfg.Play.Games
	if store == nil {
		return Reply{Text: render.Notice(msgNoGames), Outcome: outcomeUnavailable, UserError: true}
	}
	if req.Seat == nil || req.Seat.UserID == "" || req.Seat.ChannelID == "" {
		return Reply{Text: render.Notice(msgNoSeat), Outcome: outcomeUnavailable, UserError: true}
	}
	seat := *req.Seat
	req, team := cutTogether(req)
	pz, rep, ok := h.puzzleToPlay(ctx, req)
	if !ok {
		return rep
	}
	now := h.cfg.Now()
	// Games left untouched too long are closed first, so that they do not
	// count against the member's limit.
	if _, err := store.CloseIdleGames(ctx, now.Add(-h.idle()), now); err != nil {
		return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
	}
	g, err := game.New(pz.Grid, pz.Solution, seat.UserID, team, now)
	if err != nil {
		return Reply{Text: render.Notice("Something went wrong while starting the game. Please try again."), Outcome: "error", Err: err}
	}
	rec := settings.GameRecord{GuildID: seat.GuildID, ChannelID: seat.ChannelID, OwnerID: seat.UserID}
	if pz.Code != (generate.Code{}) {
		rec.Code = pz.Code.String()
	}
	if pz.Level != 0 {
		rec.Level = pz.Level.String()
	}
	rec.Ranked = ranked(pz)
	rec = recordOf(rec, g)
	rec.Updated = now
	saved, err := store.CreateGame(ctx, rec, h.maxOpen())
	var tm *settings.TooManyGamesError
	switch {
	case errors.As(err, &tm):
		return h.tooMany(ctx, seat, tm)
	case err != nil:
		return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
	}
	rep = h.gameReply(req, saved, g, "")
	rep.Outcome = outcomeGameStarted
	return rep
}

// cutTogether takes the word together (or team) off the start or the end
// of req.Args, and reports whether it was there.
func cutTogether(req Request) (Request, bool) {
	lead := strings.TrimLeftFunc(req.Args, unicode.IsSpace)
	w, rest := splitWord(lead)
	for _, t := range togetherWords {
		if strings.EqualFold(w, t) && (rest == "" || unicode.IsSpace(rune(rest[0]))) {
			if req.Line > 0 {
				req.Line, req.Col = advance(req.Line, req.Col, req.Args[:len(req.Args)-len(rest)])
			}
			req.Args = rest
			return req, true
		}
	}
	trimmed := strings.TrimRightFunc(req.Args, unicode.IsSpace)
	if i := strings.LastIndexFunc(trimmed, unicode.IsSpace); i >= 0 {
		for _, t := range togetherWords {
			if strings.EqualFold(strings.TrimSpace(trimmed[i:]), t) {
				req.Args = trimmed[:i]
				return req, true
			}
		}
	}
	return req, false
}

// puzzleToPlay reads what !play asks for: nothing or a level, size and
// symmetric (a puzzle from the pool), a code, or a pasted grid (any words
// that are none of those), and makes or finds the puzzle.
func (h *Handler) puzzleToPlay(ctx context.Context, req Request) (generate.Puzzle, Reply, bool) {
	words := strings.Fields(req.Args)
	if len(words) == 1 {
		if c, ok, rep := h.readCode(words[0]); ok {
			p, err := h.decode(ctx, c)
			if err != nil {
				return p, h.puzzleError(err, c.Shape, c.String()), false
			}
			return p, Reply{}, true
		} else if rep != nil {
			return generate.Puzzle{}, *rep, false
		}
	}
	if k, err := generate.ParseKind(words...); err == nil || len(words) <= 3 && kindWordsOnly(words) {
		if err != nil {
			return generate.Puzzle{}, h.kindError(words, err), false
		}
		if h.cfg.Puzzles == nil {
			return generate.Puzzle{}, Reply{Text: render.Notice(msgNoPuzzles), Outcome: outcomeUnavailable, UserError: true}, false
		}
		ctx, cancel := context.WithTimeout(ctx, h.cfg.PuzzleTimeout)
		defer cancel()
		p, err := h.cfg.Puzzles.Get(ctx, k)
		if err != nil {
			return p, h.puzzleError(err, k.Shape, k.String()), false
		}
		h.served.add(p)
		return p, Reply{}, true
	}
	return h.pastedPuzzle(ctx, req)
}

// kindWordsOnly reports whether every word reads as a level, a size or
// "symmetric", so that a mistake among them is answered as !new answers
// it, not read as a grid.
func kindWordsOnly(words []string) bool {
	for _, w := range words {
		if _, err := generate.ParseKind(w); err != nil && !errors.Is(err, generate.ErrKind) {
			return false
		}
	}
	return true
}

// pastedPuzzle reads a pasted grid as a puzzle to play: it must have
// exactly one solution and an empty cell.
func (h *Handler) pastedPuzzle(ctx context.Context, req Request) (generate.Puzzle, Reply, bool) {
	req.Kind = Play
	p, rep, ok := h.read(req)
	if !ok {
		return generate.Puzzle{}, rep, false
	}
	g := p.Grid
	ctx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	res, _ := sudoku.Solve(ctx, g, 2) // the error repeats res.Status
	no := func(msg string) (generate.Puzzle, Reply, bool) {
		return generate.Puzzle{}, Reply{Text: render.Notice(msg), Outcome: outcomeGameNoPuzzle, Size: g.Size(), UserError: true}, false
	}
	switch {
	case g.Complete() && res.Status == sudoku.Unique:
		return no("That grid is complete: there is nothing left to play. Send a puzzle with empty cells.")
	case res.Status == sudoku.Unique:
		return generate.Puzzle{Grid: g, Solution: res.Solution, Level: h.pastedLevel(ctx, g)}, Reply{}, true
	case res.Status == sudoku.Multiple:
		return no(fmt.Sprintf("That grid has several solutions, so no last move could be the right one: a game needs a puzzle with exactly one. Try %snew for one.", h.cfg.Prefix))
	case res.Status == sudoku.Invalid:
		return no(fmt.Sprintf("That grid breaks the rules (the same digit twice in a row, column or box): send %scheck with it to see where.", h.cfg.Prefix))
	case res.Status == sudoku.None:
		return no("That grid has no solution, so it can't be played to the end.")
	case res.Status == sudoku.TimedOut:
		return no(fmt.Sprintf("I could not solve that grid within %v, so I can't check the moves against its solution.", h.cfg.SolveTimeout))
	}
	return no("The puzzle could not be read to the end (the bot may be restarting). Please try again.")
}

// pastedLevel rates a pasted puzzle for its level, within the solve
// deadline: none when logic alone does not solve it in time (it then has
// no level, and its games are not ranked).
func (h *Handler) pastedLevel(ctx context.Context, g sudoku.Grid) generate.Level {
	lg, err := logic.New(g)
	if err != nil {
		return 0
	}
	ctx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	r, err := logic.Rate(ctx, lg)
	if err != nil || r.Status != logic.Solved {
		return 0
	}
	return generate.LevelOf(r.Rating)
}

// ranked says whether a game of pz counts on leaderboards: a puzzle with a
// level (made, the day's, or pasted and rated) with at least half its cells
// to fill, so that a pasted grid with a cell or two left is no "fastest
// solve".
func ranked(pz generate.Puzzle) bool {
	cells := pz.Grid.Shape().Cells()
	return pz.Level != 0 && 2*(cells-pz.Grid.Filled()) >= cells
}

// tooMany is the reply to one game too many: the limit and the games open.
func (h *Handler) tooMany(ctx context.Context, seat Seat, tm *settings.TooManyGamesError) Reply {
	where := "in this server"
	if seat.GuildID == "" {
		where = "in DMs"
	}
	msg := fmt.Sprintf("You have %d games open %s, the most one member may have (%d). Finish one or give it up (`give up` in its channel) "+
		"to start another; a game untouched for %s closes by itself.", tm.Open, where, tm.Limit, render.Duration(h.idle()))
	if open, err := h.cfg.Play.Games.OpenGames(ctx, seat.GuildID, seat.UserID); err == nil && len(open) > 0 {
		var ids []string
		for _, g := range open {
			where := g.ChannelID
			if g.ThreadID != "" {
				where = g.ThreadID
			}
			ids = append(ids, fmt.Sprintf("game %s in <#%s>", g.ID, where))
		}
		msg += " Yours: " + strings.Join(ids, ", ") + "."
	}
	// The bot's own words with channel mentions: not neutralised.
	return Reply{Text: fitReply(msg), Outcome: outcomeGameLimit, UserError: true}
}
