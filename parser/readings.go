package parser

import (
	"slices"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Scoring the readings of a piece of a block: every reading that applies is
// tried, and the one grid they agree on is kept, or the error of the
// reading that got furthest.

// bestReading reads b in every way that applies and returns the one grid
// they give, an error wrapping ErrAmbiguous when two ways give different
// grids, or the error of the reading that got furthest.
func bestReading(b []*line) (grid, *Error) {
	type try struct {
		r     reading
		g     grid
		err   *Error
		total int
	}
	var hasNumber, hasCands, hasStar bool
	for _, l := range b {
		if l.kind != lContent {
			continue
		}
		eachWord(l.toks, func(w []tok) {
			hasNumber = hasNumber || isNumber(w)
			_, c := candMask(w)
			hasCands = hasCands || c
			hasStar = hasStar || starMarks(w) != nil
		})
	}
	tries := []try{{r: compact}}
	if hasNumber {
		tries = append(tries, try{r: numbers})
	}
	if hasCands {
		tries = append(tries, try{r: cands})
	}
	var ok []try
	for i := range tries {
		t := &tries[i]
		t.g, t.err, t.total = tokenGrid(b, t.r, false)
		if t.err == nil {
			ok = append(ok, *t)
		}
	}
	if len(ok) == 1 {
		return ok[0].g, nil
	}
	if len(ok) > 1 {
		a, c := ok[0], ok[1]
		if a.g.g == c.g.g && slices.Equal(a.g.cands, c.g.cands) {
			return a.g, nil
		}
		return grid{}, errAt(0, 0, &AmbiguousError{Form: AmbiguousReadings, Size: a.g.g.Size(), How: readingName(a.r), Other: c.g.g.Size(), OtherHow: readingName(c.r)})
	}
	if hasStar {
		if g, err, _ := tokenGrid(b, compact, true); err == nil {
			g.notes = append(g.notes, "I read * next to a digit as a mark on a given, not as an empty cell.")
			return g, nil
		}
	}
	// Lists spread over lines (json.dumps with indent): rows by brackets.
	if rows := bracketRows(b); rows != nil {
		if g, err := bestReading(rows); err == nil {
			return g, nil
		}
	}
	// Spaces as empty cells, where separators or columns place every cell.
	var posErr *Error
	if spaceEvidence(b) {
		if g, applies, err := fieldsGrid(b); applies {
			if err == nil {
				return g, nil
			}
			posErr = err
		}
		if g, applies, err := columnsGrid(b); applies {
			if err == nil {
				return g, nil
			}
			// The columns' error when it says more: boxes of another shape
			// rather than a count of fields (py-sudoku's Sudoku(2, 4)).
			if posErr == nil || progress(err, 0) > progress(posErr, 0) {
				posErr = err
			}
		}
	}
	if posErr != nil {
		return grid{}, posErr
	}
	if g, ok := sukaku(b); ok {
		return g, nil
	}
	if err := collapsedSpaces(b); err != nil {
		return grid{}, err
	}
	best := tries[0]
	for _, t := range tries[1:] {
		if progress(t.err, t.total) > progress(best.err, best.total) {
			best = t
		}
	}
	return grid{}, best.err
}

func readingName(r reading) string {
	switch r {
	case numbers:
		return "with numbers of two digits as cells"
	case cands:
		return "as a pencil-mark grid"
	}
	return "one cell per character"
}

// progress ranks the error of a reading by how far the reading got.
func progress(err *Error, total int) int {
	switch {
	case errorsIs(err, ErrBadDigit), errorsIs(err, ErrBoxes):
		return 3
	case errorsIs(err, ErrRowLength):
		if _, ok := sudoku.ShapeForCells(total); ok {
			return 2
		}
	}
	return 1
}

// spaceEvidence reports whether b shows spaces standing for empty cells: a
// field with nothing in it between two separators (5,3,,,7 or | 5 |   |),
// two spaces or more between cells (53  7), or a line that starts with a
// space when no vertical line frames it.
func spaceEvidence(b []*line) bool {
	for _, l := range b {
		if l.part {
			return false // columns mean nothing among words
		}
	}
	for _, l := range b {
		if l.kind != lContent && l.kind != lBarEmpty && l.kind != lSepEmpty {
			continue
		}
		prevSep := tokKind(255)
		prevCol := l.shift
		bars := false
		for _, t := range l.toks {
			bars = bars || t.kind == tBar
		}
		for i, t := range l.toks {
			switch t.kind {
			case tTab, tBar, tSep:
				if (t.kind == tTab || t.kind == tBar || t.ch == ',' || t.ch == ';') && prevSep == t.kind && i > 0 {
					return true // two separators with no cell between
				}
				prevSep = t.kind
			case tCell:
				prevSep = 255
				if t.col-prevCol > 2 && (i > 0 || !bars && prevCol == l.shift && t.col-l.shift > 1) {
					return true
				}
				if i == 0 && !bars && t.col-l.shift > 1 {
					return true
				}
			}
			prevCol = t.col
		}
		if l.kind == lBarEmpty || l.kind == lSepEmpty {
			return true
		}
	}
	return false
}
