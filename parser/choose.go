package parser

import (
	"fmt"
	"slices"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Choosing: of the grids and failures of a whole message, the one puzzle
// (and its solution, when one follows it), or the error that explains why
// there is none or more than one.

// failure is a block of cells that is no grid.
type failure struct {
	err         *Error
	cells       int
	first, last int
	text        bool // cells among words of text: part of the text, not a grid
}

// choose returns the one grid of a text, or the error that explains why
// there is none or more than one.
func choose(found []grid, fails []failure) (Puzzle, error) {
	if len(found) == 0 {
		return Puzzle{}, bestFailure(fails)
	}
	var notes []string
	// The same grid twice counts once.
	uniq := found[:1]
	for _, g := range found[1:] {
		dup := false
		for _, u := range uniq {
			dup = dup || u.g == g.g && slices.Equal(u.cands, g.cands)
		}
		if dup {
			notes = append(notes, fmt.Sprintf("The same grid appears again on %s; I read it once.", lines(g.first, g.last)))
			continue
		}
		uniq = append(uniq, g)
	}
	found = uniq
	if len(found) == 2 {
		puzzle, sol, ok := pairOf(found[0], found[1])
		if ok {
			where := "after it"
			if sol.first < puzzle.first || sol.first == puzzle.first && sol.g == found[0].g {
				where = "before it"
			}
			if sol.first == puzzle.first {
				where = "on the same line"
			}
			notes = append(notes, fmt.Sprintf("The message also holds the puzzle's solution (%s, %s); I read the puzzle.", where, lines(sol.first, sol.last)))
			found = []grid{puzzle}
		}
	}
	if len(found) > 1 {
		places := make([]GridPlace, len(found))
		for i, g := range found {
			places[i] = GridPlace{Size: g.g.Size(), FirstLine: g.first, LastLine: g.last}
			if g.col > 0 && sharesLine(found, i) {
				// Grids on one line: told apart by their columns.
				places[i].Col, places[i].EndCol, places[i].AfterCommand = int(g.col), int(g.endCol), g.afterCmd
			}
		}
		return Puzzle{}, errAt(found[1].first, 0, &GridsError{Grids: places})
	}
	g := found[0]
	n := g.g.Size()
	// Cells apart from the grid: fewer than a row in all are left out with
	// a note; more are refused, since they may be part of what was meant.
	extra, first, last := 0, 0, 0
	for _, f := range fails {
		if f.text {
			continue
		}
		extra += f.cells
		if first == 0 || f.first < first {
			first = f.first
		}
		last = max(last, f.last)
	}
	if extra >= n {
		return Puzzle{}, errAt(first, 0, &ExtraError{Form: ExtraCells, Size: n, FirstLine: g.first, LastLine: g.last, ExtraFirst: first, ExtraLast: last, Cells: extra})
	}
	if extra > 0 {
		notes = append(notes, fmt.Sprintf("I left out %s (%d %s), apart from the grid.", lines(first, last), extra, plural(extra, "cell", "cells")))
	}
	return Puzzle{
		Grid:       g.g,
		Candidates: g.cands,
		Notation:   g.notation,
		Notes:      append(g.notes, notes...),
		Line:       g.first,
		EndLine:    g.last,
	}, nil
}

// inLine records that g was read from the columns from to to of line l.
func (g *grid) inLine(l *line, from, to int32) {
	g.col, g.endCol = from-l.shift, to-l.shift
	g.afterCmd = l.num == 1 && l.shift > 0
}

// sharesLine reports whether another of gs is on the line of gs[i], which
// is on one line.
func sharesLine(gs []grid, i int) bool {
	for j, g := range gs {
		if j != i && g.first <= gs[i].first && gs[i].first <= g.last {
			return true
		}
	}
	return false
}

// pairOf reports whether a and b are a puzzle and its solution, in either
// order: same shape, one complete and breaking no rule, the other not
// complete and keeping every digit where the solution has it.
func pairOf(a, b grid) (puzzle, sol grid, ok bool) {
	if a.g.Shape() != b.g.Shape() {
		return grid{}, grid{}, false
	}
	if a.g.Complete() {
		a, b = b, a
	}
	if a.g.Complete() || !b.g.Complete() || len(sudoku.Validate(b.g)) > 0 {
		return grid{}, grid{}, false
	}
	for i := 0; i < a.g.Shape().Cells(); i++ {
		if v := a.g.At(i); v != 0 && v != b.g.At(i) {
			return grid{}, grid{}, false
		}
	}
	return a, b, true
}

// bestFailure returns the error of the failure most likely meant as the
// grid: outside text before inside it, then the one with the most cells.
func bestFailure(fails []failure) error {
	var best *failure
	for i := range fails {
		f := &fails[i]
		switch {
		case best == nil,
			best.text && !f.text,
			best.text == f.text && f.cells > best.cells:
			best = f
		}
	}
	if best == nil || best.text && best.cells < 16 {
		return errAt(0, 0, noGrid)
	}
	return best.err
}

func lines(first, last int) string {
	if first == last {
		return fmt.Sprintf("line %d", first)
	}
	return fmt.Sprintf("lines %d–%d", first, last)
}

func linesHold(first, last int) string {
	if first == last {
		return fmt.Sprintf("line %d holds", first)
	}
	return fmt.Sprintf("lines %d–%d hold", first, last)
}
