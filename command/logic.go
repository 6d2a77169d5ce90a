package command

import (
	"context"
	"errors"
	"time"

	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

// teach runs the commands of the logic engine: hint, rate and explain. The
// engine gets the configured deadline; a forcing chain that runs past it is
// reported as a timeout.
func (h *Handler) teach(ctx context.Context, req Request) Reply {
	g, err := parser.Parse(req.Args)
	if errors.Is(err, parser.ErrEmpty) {
		return Reply{Text: fitReply(h.usage(req.Kind)), Outcome: "no_grid", UserError: true}
	}
	if err != nil {
		return Reply{Text: render.Error(inMessage(err, req).Error()), Outcome: "parse_error", UserError: true}
	}
	ctx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	opt := render.Options{Timeout: h.cfg.SolveTimeout}
	start := time.Now()
	lg, err := logic.New(g)
	rep := Reply{Size: g.Size()}
	switch req.Kind {
	case Hint:
		var step logic.Step
		if err == nil {
			step, err = logic.Next(ctx, lg)
		}
		st := nextStatus(err)
		rep.Text = render.Hint(g, step, st, opt)
		rep.Outcome = "step"
		if err != nil {
			rep.Outcome = outcome(st)
		}
	case Rate, Explain:
		var r logic.Report
		switch {
		case err != nil:
			r.Status = nextStatus(err)
		case req.Kind == Rate:
			r, err = logic.Rate(ctx, lg)
		default:
			r, err = logic.Explain(ctx, lg)
		}
		if req.Kind == Rate {
			rep.Text = render.Rated(g, r, opt)
		} else {
			var full string
			rep.Text, full = render.Explained(g, r, opt)
			if full != "" {
				rep.Files = []File{{Name: "explanation.txt", ContentType: "text/plain; charset=utf-8", Data: []byte(full)}}
			}
		}
		rep.Outcome = outcome(r.Status)
		if r.Status == logic.Solved && r.Steps > 0 {
			rep.Outcome = map[Kind]string{Rate: "rated", Explain: "explained"}[req.Kind]
		}
	}
	rep.SolveTime = time.Since(start)
	return rep
}

// nextStatus says why [logic.Next] (or [logic.New]) found no step: the
// status its error stands for. An unknown error gives the zero Status.
func nextStatus(err error) logic.Status {
	var ce *logic.CandidateError
	switch {
	case errors.Is(err, logic.ErrSolved):
		return logic.Solved
	case errors.Is(err, logic.ErrNeedsGuess):
		return logic.NeedsGuess
	case errors.Is(err, logic.ErrMultipleSolutions):
		return logic.Multiple
	case errors.Is(err, logic.ErrNoSolution), errors.As(err, &ce):
		return logic.None
	case errors.Is(err, sudoku.ErrInvalidGrid):
		return logic.Invalid
	case errors.Is(err, context.DeadlineExceeded):
		return logic.TimedOut
	case errors.Is(err, context.Canceled):
		return logic.Cancelled
	}
	return 0
}

// outcome is the log word for a status; "error" for the zero Status (an
// error no status explains).
func outcome(st logic.Status) string {
	switch st {
	case logic.Solved:
		return "complete"
	case logic.NeedsGuess:
		return "needs_guess"
	case logic.Multiple:
		return "multiple"
	case logic.None:
		return "none"
	case logic.Invalid:
		return "invalid"
	case logic.TimedOut:
		return "timeout"
	case logic.Cancelled:
		return "cancelled"
	}
	return "error"
}
