package command

import (
	"context"
	"time"

	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/sudoku"
)

// What the bot needs of the Handler for a server's daily puzzle: its post
// with the server's settings, and the grid of a check, to tell whether it
// is that puzzle solved ([Handler.IsDailySolution]).

// DailyFor is [Handler.Daily] at a server's daily level (its default:
// settings.DefaultDailyLevel) with the server's settings s (its prefix in
// the post, its channel's pictures); nil s means the Handler's.
func (h *Handler) DailyFor(ctx context.Context, day time.Time, level settings.Level, s *Settings) Reply {
	return h.with(s).Daily(ctx, day, DailyLevel(level))
}

// GridOf returns the grid a request carries, read as [Handler.Handle] reads
// it (the picture word left out; a pencil-mark grid gives its placed
// digits), or the parser's error.
func (h *Handler) GridOf(req Request) (sudoku.Grid, error) {
	p, err := parser.Read(cutPictureWord(req).Args)
	if err != nil {
		return sudoku.Grid{}, err
	}
	return p.Grid, nil
}
