package command

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/link"
)

// Outcomes of the commands on variant links, for logs.
const (
	outcomeBadLink   = "bad_link"   // a link that cannot be read
	outcomeShortLink = "short_link" // a short link: the puzzle is only on the site
	outcomeClassic   = "classic_only"
	outcomeNoLink    = "no_link"
	outcomeBroken    = "broken"     // a check found broken rules
	outcomeOK        = "right"      // a check found no wrong digit
	outcomeCands     = "candidates" // true candidates given
)

// variantLink answers a command whose text holds an f-puzzles or SudokuPad
// link, and reports false when there is none (the command is about a
// classic grid). !candidates is only for links.
func (h *Handler) variantLink(ctx context.Context, req Request) (Reply, bool) {
	found, ok := link.Find(req.Args) // the link read once, for the whole message
	if !ok {
		if req.Kind == Candidates {
			return Reply{Text: render.Notice(fmt.Sprintf(
				"%scandidates takes an f-puzzles or SudokuPad link: %scandidates https://www.f-puzzles.com/?load=…", h.cfg.Prefix, h.cfg.Prefix)),
				Outcome: outcomeNoLink, UserError: true}, true
		}
		return Reply{}, false
	}
	switch req.Kind {
	case Hint, Rate, Explain:
		return Reply{Text: render.Notice(fmt.Sprintf(
			"%s%s is for classic Sudoku: I don't have a logical solver for variant rules yet. "+
				"%ssolve tells whether the puzzle has one solution, %scheck checks your progress, and %scandidates gives the true candidates.",
			h.cfg.Prefix, req.Kind, h.cfg.Prefix, h.cfg.Prefix, h.cfg.Prefix)), Outcome: outcomeClassic, UserError: true}, true
	}
	p, info, rest := found.Puzzle, found.Info, found.Rest
	if found.Err != nil {
		return linkError(found.Err), true
	}
	v := render.Variant{Title: info.Title, Author: info.Author, Source: info.Source, Read: info.Read,
		LeftAside: info.LeftAside, Unknown: info.Unknown, Size: p.Size, Givens: p.Givens, Standard: p.Regions == nil || standardRegions(p)}
	ctx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	timeout := h.cfg.SolveTimeout.String()
	start := time.Now()
	switch req.Kind {
	case Candidates:
		cands, err := variant.TrueCandidates(ctx, p)
		rep := Reply{Size: p.Size, SolveTime: time.Since(start), Outcome: outcomeCands}
		if err != nil {
			rep.Text, rep.Outcome = render.VariantSolved(v, variant.Result{}, err, timeout), "timeout"
			return rep, true
		}
		text, fits := render.VariantCandidates(v, cands)
		rep.Text = text
		if !fits {
			rep.Files = []File{{Name: "candidates.txt", ContentType: "text/plain; charset=utf-8",
				Data: []byte(render.VariantCandidatesText(p.Size, cands) + "\n")}}
		}
		if h.wantPicture(req, p.Size, true) { // the text cannot show the rules
			f, perr := h.candidatesPicture(p, info, cands)
			if perr == nil {
				rep.Files = append(rep.Files, f)
			}
			rep.Err = perr
		}
		return rep, true
	case Check:
		return h.checkVariant(ctx, req, p, info, v, rest, start), true
	}
	res, err := variant.Solve(ctx, p, 2)
	outcome := res.Status.String()
	if err != nil {
		outcome = "timeout"
	}
	rep := Reply{Text: render.VariantSolved(v, res, err, timeout), Outcome: outcome, Size: p.Size, SolveTime: time.Since(start)}
	if h.wantPicture(req, p.Size, true) { // the text cannot show the rules
		var sol []int
		if len(res.Solutions) > 0 {
			sol = res.Solutions[0]
		}
		files, perr := h.variantPictures(p, info, sol)
		rep.Files, rep.Err = files, perr
	}
	return rep, true
}

// standardRegions reports whether the puzzle's regions are its size's boxes.
func standardRegions(p *variant.Puzzle) bool {
	std := variant.StandardRegions(p.Size)
	if len(std) != len(p.Regions) {
		return false
	}
	for i := range std {
		a, b := slices.Sorted(slices.Values(std[i])), slices.Sorted(slices.Values(p.Regions[i]))
		if !slices.Equal(a, b) {
			return false
		}
	}
	return true
}

// linkError is the reply to a link that cannot be read.
func linkError(err error) Reply {
	var se *link.ShortLinkError
	if errors.As(err, &se) {
		return Reply{Text: render.Notice(fmt.Sprintf("That is a short %s link: the puzzle is only on the site, and I don't fetch pages. "+
			"Please paste the long link with the puzzle in it (in f-puzzles or SudokuPad: Share → copy link).", se.Site)),
			Outcome: outcomeShortLink, UserError: true}
	}
	var le *variant.LimitError
	if errors.As(err, &le) || errors.Is(err, link.ErrTooLarge) {
		return Reply{Text: render.Error(problemSentence(err, Request{})), Outcome: outcomeBadLink, UserError: true}
	}
	return Reply{Text: render.Error("I can't read that link: " + err.Error() + "."), Outcome: outcomeBadLink, UserError: true}
}

// checkVariant checks the digits of a variant puzzle in progress: those the
// link carries (filled in f-puzzles), or a grid pasted after the link.
func (h *Handler) checkVariant(ctx context.Context, req Request, p *variant.Puzzle, info *link.Info, v render.Variant, rest string, start time.Time) Reply {
	n := p.Size
	vals := info.Filled
	if strings.TrimSpace(rest) != "" {
		pz, err := parser.Read(rest)
		if err != nil {
			return Reply{Text: render.Error("I read the link, but not the grid after it: " + err.Error()), Outcome: "parse_error", UserError: true}
		}
		if pz.Grid.Size() != n {
			return Reply{Text: render.Error(fmt.Sprintf("The grid after the link is %d×%d, the puzzle %d×%d.", pz.Grid.Size(), pz.Grid.Size(), n, n)),
				Outcome: outcomeOtherShape, UserError: true}
		}
		vals = make([]int, n*n)
		for i := range vals {
			vals[i] = pz.Grid.At(i)
		}
	}
	if vals == nil {
		return Reply{Text: render.Notice(fmt.Sprintf("The link has no digits filled in to check. Fill some in before sharing it, "+
			"or paste your grid after the link: %scheck <link> 53..7....6..195…", h.cfg.Prefix)), Outcome: "no_grid", UserError: true}
	}
	// The givens count as filled; a pasted grid that changes one breaks it.
	var changed []variant.Broken
	for i, g := range p.Givens {
		switch {
		case g == 0:
		case vals[i] == 0:
			vals[i] = g
		case vals[i] != g:
			changed = append(changed, variant.Broken{Kind: "given", Rule: fmt.Sprintf("%s is given as %d, not %d", variant.CellName(n, i), g, vals[i]), Cells: []int{i}})
		}
	}
	broken, err := variant.Check(p, vals)
	if err != nil {
		return Reply{Text: render.Error("I can't check that grid: " + err.Error() + "."), Outcome: "parse_error", UserError: true}
	}
	c := render.VariantCheck{Vals: vals, Broken: append(changed, broken...), Timeout: h.cfg.SolveTimeout.String()}
	res, err := variant.Solve(ctx, p, 2)
	c.Status, c.Err = res.Status, err
	switch {
	case err != nil:
	case res.Status == variant.Unique:
		for i, d := range vals {
			if d != 0 && p.Givens[i] == 0 && d != res.Solutions[0][i] {
				c.Wrong++
			}
		}
	case res.Status == variant.Multiple && len(c.Broken) == 0:
		q := *p
		q.Givens = vals
		r, err := variant.Solve(ctx, &q, 1)
		c.Completable, c.Err = r.Status != variant.None, err
	}
	outcome := outcomeOK
	switch {
	case len(c.Broken) > 0:
		outcome = outcomeBroken
	case c.Err != nil:
		outcome = "timeout"
	case c.Wrong > 0:
		outcome = outcomeWrong
	case res.Status != variant.Unique:
		outcome = res.Status.String()
	}
	rep := Reply{Text: render.VariantChecked(v, c), Outcome: outcome, Size: n, SolveTime: time.Since(start)}
	if h.wantPicture(req, n, true) { // the text cannot show the rules
		f, perr := h.checkPicture(p, info, vals, c.Broken)
		if perr == nil {
			rep.Files = []File{f}
		}
		rep.Err = perr
	}
	return rep
}
