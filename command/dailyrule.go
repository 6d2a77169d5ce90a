package command

import (
	"context"
	"fmt"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/sudoku"
)

// Unranker marks a member as not ranked among a day's solvers: the part of
// the settings store ([settings.Store.Unrank]) the daily rule needs.
type Unranker interface {
	Unrank(ctx context.Context, day settings.Day, userID string) error
}

var _ Unranker = (settings.Store)(nil)

// msgDailyNoSolution is the reply to !solve and !explain of today's daily
// puzzle.
const msgDailyNoSolution = "That is today's daily puzzle: no solutions until tomorrow (UTC). " +
	"Hints stay: %shint gives one step at a time. Asking for its solution means you are not ranked among today's solvers."

// outcomeDailyRefused is the outcome of that reply.
const outcomeDailyRefused = "daily_refused"

// IsTodaysDaily reports whether g is today's daily puzzle (UTC), at any
// level this Handler's pool has made today, or that puzzle with digits
// filled in: every given of it is in g. A transport's "give up" of a game
// asks it too. Without a pool there is no daily puzzle.
func (h *Handler) IsTodaysDaily(g sudoku.Grid) bool {
	if h.cfg.Puzzles == nil || g.Shape() != sudoku.Classic {
		return false
	}
	for _, d := range h.cfg.Puzzles.MadeDailies(h.cfg.Now()) {
		if holdsGivens(g, d.Grid) {
			return true
		}
	}
	return false
}

// isTodaysDailyCode reports whether code is the code of today's daily
// puzzle at its level, making that puzzle if need be (once a day: the pool
// keeps it), so that a reply to a daily post that another process made is
// recognised too. Only 9×9 symmetric codes can be.
func (h *Handler) isTodaysDailyCode(ctx context.Context, code generate.Code) bool {
	if h.cfg.Puzzles == nil || code.Shape != sudoku.Classic || !code.Symmetric {
		return false
	}
	d, err := h.dailyPuzzle(ctx, h.cfg.Now(), code.Level)
	return err == nil && d.Code == code
}

// holdsGivens reports whether every given of puzzle is in g, the same digit.
func holdsGivens(g, puzzle sudoku.Grid) bool {
	for i := range puzzle.Size() * puzzle.Size() {
		if d := puzzle.At(i); d != 0 && g.At(i) != d {
			return false
		}
	}
	return true
}

// dailyRefusal is the reply that refuses a solve or an explanation of
// today's daily puzzle, and marks the member who asked as not ranked today
// (Config.Ranking); a failure to mark it is the reply's Err, for the log.
func (h *Handler) dailyRefusal(ctx context.Context, req Request) Reply {
	rep := Reply{Text: render.Notice(fmt.Sprintf(msgDailyNoSolution, h.cfg.Prefix)), Outcome: outcomeDailyRefused, UserError: true, Size: 9}
	if h.cfg.Ranking != nil && req.UserID != "" {
		if err := h.cfg.Ranking.Unrank(ctx, settings.DayOf(h.cfg.Now()), req.UserID); err != nil {
			rep.Err = fmt.Errorf("unrank member %s: %w", req.UserID, err)
		}
	}
	return rep
}

// refusesSolution reports whether req, a solve or an explanation of g,
// must be refused by the daily rule.
func (h *Handler) refusesSolution(req Request, g sudoku.Grid) bool {
	return (req.Kind == Solve || req.Kind == Explain) && h.IsTodaysDaily(g)
}
