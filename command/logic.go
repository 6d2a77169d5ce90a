package command

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

// teach runs the commands of the logic engine: hint, rate and explain. The
// engine gets the configured deadline; a forcing chain that runs past it is
// reported as a timeout.
//
// A hint on a grid pasted with pencil marks starts from those marks; rate
// and explain, like solve and check, work from the digits alone (a rating
// is the puzzle's own), and say that the marks were left aside.
func (h *Handler) teach(ctx context.Context, req Request) Reply {
	p, rep, ok := h.read(req)
	if !ok {
		return rep
	}
	return h.teachOf(ctx, req, p)
}

// teachOf answers a hint, rate or explain of the grid p.
func (h *Handler) teachOf(ctx context.Context, req Request, p parser.Puzzle) Reply {
	if h.refusesSolution(req, p.Grid) {
		return h.dailyRefusal(ctx, req)
	}
	g := p.Grid
	ctx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	opt := render.Options{Timeout: h.cfg.SolveTimeout, Notes: p.Notes}
	if p.Notation == parser.ZeroBased { // answer 0–F as it was asked
		opt.Symbols = p.Notation.Symbols(g.Size())
	}
	start := time.Now()
	var rep Reply
	if req.Kind == Hint {
		rep = h.hint(ctx, req, p, opt)
	} else {
		if p.Candidates != nil {
			opt.Notes = append(opt.Notes, marksAside[req.Kind])
		}
		rep = h.rate(ctx, req, g, opt)
	}
	rep.Size = g.Size()
	rep.SolveTime = time.Since(start)
	return rep
}

// ExplanationFile is the name of the attachment with an explanation's whole
// path: a spoiler, since it gives every conclusion and the solution.
const ExplanationFile = "SPOILER_explanation.txt"

// marksAside says that rate and explain left a grid's pencil marks aside.
var marksAside = map[Kind]string{
	Rate:    "Your pencil marks were left aside: the rating is the puzzle's own, from its digits.",
	Explain: "Your pencil marks were left aside: the path starts from the digits alone.",
}

// hint answers !hint: the next step from the grid as the person has it,
// pencil marks included when they pasted some.
//
// Pictures: the first level (hint.png: the grid, the pattern's cells shaded
// as the text marks them, the units it lives in tinted, the person's own
// pencil marks) goes with the board as any board does; the second
// (SPOILER_hint.png: every candidate, the whole pattern in its units,
// eliminations struck, placements circled) is hidden behind Discord's
// spoiler, as the conclusion in the text is, and goes whenever pictures are
// on, since the text board cannot mark conclusions. Both tint the same
// units, [hintUnits].
func (h *Handler) hint(ctx context.Context, req Request, p parser.Puzzle, opt render.Options) Reply {
	g := p.Grid
	n := g.Size()
	marked := p.Candidates != nil
	var lg *logic.Grid
	var err error
	if marked {
		lg, err = logic.NewWithCandidates(g, p.Candidates)
	} else {
		lg, err = logic.New(g)
	}
	var step logic.Step
	if err == nil {
		step, err = logic.Next(ctx, lg)
	}
	var rep Reply
	var ce *logic.CandidateError
	if errors.As(err, &ce) {
		rep.Outcome = "bad_marks"
		text := func(o render.Options) string { return render.BadCandidates(g, ce, o) }
		var ds []drawing
		if h.wantPicture(req, n, true) {
			b := picture.Board{Grid: g, Candidates: p.Candidates, Pattern: inside(n, ce.Cell)}
			ds = append(ds, drawing{"grid.png", b})
		}
		h.illustrate(&rep, req, opt, true, text, ds...)
		return rep
	}
	st := nextStatus(err)
	rep.Outcome = "step"
	if err != nil {
		rep.Outcome = outcome(st)
	}
	text := func(o render.Options) string { return render.Hint(g, step, st, o) }
	if err != nil {
		// No step: the reply shows the grid only for a wrong digit (None)
		// or clashes (Invalid).
		var ds []drawing
		if (st == logic.None || st == logic.Invalid) && h.wantPicture(req, n, false) {
			b := picture.Board{Grid: g, Candidates: p.Candidates}
			if st == logic.Invalid {
				b.Conflicts = sudoku.Validate(g)
			}
			ds = append(ds, drawing{"grid.png", b})
		}
		h.illustrate(&rep, req, opt, true, text, ds...)
		return rep
	}
	var ds []drawing
	first := h.wantPicture(req, n, marked)
	if first {
		b := picture.Board{Grid: g, Pattern: render.HintCells(step), Units: hintUnits(step)}
		if marked {
			b.Candidates = lg.CandidateMasks()
		}
		ds = append(ds, drawing{"hint.png", b})
	}
	if h.wantPicture(req, n, true) {
		ds = append(ds, drawing{spoilerName("hint.png"), conclusionBoard(g, lg, step)})
	}
	h.illustrate(&rep, req, opt, first, text, ds...)
	return rep
}

// conclusionBoard is the second level of a hint's picture: every candidate
// of lg (before the step), the whole pattern in its units ([hintUnits]),
// the eliminations struck and the placements circled. An elimination in a
// cell the step also fills is left out: the placement says it.
func conclusionBoard(g sudoku.Grid, lg *logic.Grid, step logic.Step) picture.Board {
	b := picture.Board{Grid: g, Candidates: lg.CandidateMasks(), Pattern: step.Cells, Units: hintUnits(step)}
	placed := map[sudoku.Cell]bool{}
	for _, pl := range step.Placements {
		if !placed[pl.Cell] {
			placed[pl.Cell] = true
			b.Placements = append(b.Placements, picture.Candidate{Cell: pl.Cell, Digit: pl.Digit})
		}
	}
	for _, e := range step.Eliminations {
		if !placed[e.Cell] && g.Get(e.Cell.Row, e.Cell.Col) == 0 {
			b.Eliminations = append(b.Eliminations, picture.Candidate{Cell: e.Cell, Digit: e.Digit})
		}
	}
	return b
}

// maxTinted is the most units a hint's picture tints: more would tint most
// of the grid, and the pattern's shaded cells say it better alone.
const maxTinted = 4

// hintUnits returns the rows, columns and boxes a hint's pictures tint
// around its pattern: the unit of a hidden single, a full house, a naked or
// hidden set, a BUG or unique rectangle of type 3 or 4, or a region forcing
// chain (the unit the text names: "Look at box 2: a Hidden Single on 8");
// both units of a pointing or claiming; the base lines of a fish (where its
// digit is confined) and the strong links of a Turbot Fish or of 3 strong
// links, not the lines they eliminate from or the units that join them,
// which would cross-hatch the grid. None for a step whose units are not the
// pattern's the text shows (a chain recast as a W-Wing or an X-Chain) nor
// for more than maxTinted units. No unit gives a digit away: the text names
// each one, or the pattern's shaded cells lie in it.
func hintUnits(step logic.Step) []sudoku.Unit {
	if len(step.Units) == 0 || step.Pattern().Kind != logic.NoPattern {
		return nil
	}
	var out []sudoku.Unit
	alternate := false // base (or strong link) units at even places
	switch step.Technique {
	case logic.XWing, logic.Swordfish, logic.Jellyfish, logic.TurbotFish, logic.ThreeStrongLinks:
		alternate = true
	}
	for i, u := range step.Units {
		if (!alternate || i%2 == 0) && !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	if len(out) > maxTinted {
		return nil
	}
	return out
}

// inside returns c alone when it lies in a grid of side n, else nothing.
func inside(n int, c sudoku.Cell) []sudoku.Cell {
	if c.Row < 0 || c.Row >= n || c.Col < 0 || c.Col >= n {
		return nil
	}
	return []sudoku.Cell{c}
}

// rate answers !rate and !explain, from the digits of g.
func (h *Handler) rate(ctx context.Context, req Request, g sudoku.Grid, opt render.Options) Reply {
	lg, err := logic.New(g)
	var r logic.Report
	switch {
	case err != nil:
		r.Status = nextStatus(err)
	case req.Kind == Rate:
		r, _ = logic.Rate(ctx, lg) // the error repeats r.Status, which the reply shows
	default:
		r, _ = logic.Explain(ctx, lg)
	}
	var rep Reply
	var full string
	text := func(o render.Options) string {
		if req.Kind == Rate {
			return render.Rated(g, r, o)
		}
		var msg string
		msg, full = render.Explained(g, r, o)
		return msg
	}
	// Only a wrong digit (None) or clashes (Invalid) show the grid.
	var ds []drawing
	if (r.Status == logic.None || r.Status == logic.Invalid) && h.wantPicture(req, g.Size(), false) {
		b := picture.Board{Grid: g}
		if r.Status == logic.Invalid {
			b.Conflicts = sudoku.Validate(g)
		}
		ds = append(ds, drawing{"grid.png", b})
	}
	h.illustrate(&rep, req, opt, true, text, ds...)
	if full != "" {
		// The file shows every conclusion and the solved grid, and Discord
		// previews a text file in the channel: hidden until clicked, like the
		// conclusions in the message.
		rep.Files = append([]File{{Name: ExplanationFile, ContentType: "text/plain; charset=utf-8", Data: []byte(full)}}, rep.Files...)
	}
	rep.Outcome = outcome(r.Status)
	if r.Status == logic.Solved && r.Steps > 0 {
		rep.Outcome = map[Kind]string{Rate: "rated", Explain: "explained"}[req.Kind]
	}
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
