package parser

import (
	"errors"
	"slices"

	"github.com/sudokubot/sudokubot/sudoku"
)

// MaxInputBytes is the longest text Parse reads. The largest grid written
// with separators and box lines takes well under half of it.
const MaxInputBytes = 1 << 15

// Help describes the accepted formats in a few lines of plain text, for the
// bot's help reply. It is not Markdown: its *, _, | and - are meant
// literally, so escape them before sending (render.Notice does).
const Help = `Paste the grid after the command as it comes from your app, file or page, title and footer included:
- 81 characters on one line, or 9 lines of 9; empty cells as . 0 _ - * x, or as spaces where the columns show them
- cells apart by spaces, commas or tabs (a spreadsheet), a JSON or Python list, a Markdown table
- a drawn board (| - + = or box lines; copying one of my replies works), or emoji (5️⃣ and ⬜)
- pencil marks (HoDoKu, Simple Sudoku): cells with one digit are placed; a puzzle and its solution: I take the puzzle
Sizes 4×4 to 25×25 are told apart by the number of cells. Above 9 use letters (A=10 ... P=25) or numbers (10 11 12); 16×16 may be 0-F (0 means 1) or 1-G with 0 for empty. Two grids in one message: I ask which.`

// Puzzle is what [Read] found in a message.
type Puzzle struct {
	// Grid holds the placed digits: every given, and in a pencil-mark grid
	// every cell written with one digit.
	Grid sudoku.Grid
	// Candidates is nil unless the grid was written with pencil marks. Then
	// it holds one mask per cell, row by row: bit d-1 is set when digit d is
	// a candidate. A placed cell has only its digit's bit; an empty cell
	// written without candidates (HoDoKu writes .) has 0.
	Candidates []uint32
	// Notation is how the values were written; an answer in
	// Notation.Symbols uses the person's own symbols.
	Notation Notation
	// Notes are sentences for the person about how the message was read:
	// a solution also found and left aside, the notation, lines left out.
	Notes []string
	// Line and EndLine are the lines of the text the grid was read from.
	Line, EndLine int
}

// Parse reads a sudoku grid from text, the part of a message after the
// command. It is [Read] without the pencil marks, notation and notes.
//
// Parse returns an [*Error] wrapping ErrEmpty when text holds no grid and
// no cell, ErrTooLong, ErrBadChar, ErrCellCount, ErrRowLength, ErrBadDigit,
// ErrAmbiguous, ErrExtra or ErrAlign otherwise. It does not check the sudoku
// rules: a grid with a digit twice in a row parses, and [sudoku.Validate]
// reports it.
func Parse(text string) (sudoku.Grid, error) {
	p, err := Read(text)
	if err != nil {
		return sudoku.Grid{}, err
	}
	return p.Grid, nil
}

// Read finds the sudoku grid in text, the part of a message after the
// command, and reads it. Package parser's documentation lists the accepted
// formats; text around the grid (titles, labels, footers, comment lines) is
// left out.
//
// When the text holds two grids, Read takes the puzzle of a puzzle and its
// solution (and says so in a note), and otherwise returns an error wrapping
// ErrAmbiguous that names both; it never picks one grid of two by guess.
// Its errors are those of [Parse].
func Read(text string) (Puzzle, error) {
	if len(text) > MaxInputBytes {
		return Puzzle{}, errAt(0, 0, &TooLongError{Bytes: len(text), Max: MaxInputBytes})
	}
	p, letterWords, _, err := read(text, 'G')
	retry := err != nil && !errors.Is(err, ErrAmbiguous) && !errors.Is(err, ErrExtra)
	if letterWords && (retry || err == nil && letterRun(text)) {
		// Words of letters up to P are cells only in a 25×25 grid: try that.
		p2, _, big, err2 := read(text, 'P')
		switch {
		case retry:
			if err2 == nil && p2.Grid.Size() == 25 {
				return p2, nil
			}
		case err == nil && (big || p.Grid.Size() < 25 && err2 != nil) && (err2 != nil || p2.Grid != p.Grid):
			// A grid, and a 25×25 grid (or a row of one) among what was
			// taken for words.
			return Puzzle{}, errAt(p.Line, 0, &AmbiguousError{Form: AmbiguousLetters, Size: p.Grid.Size(), FirstLine: p.Line, LastLine: p.EndLine})
		}
	}
	if err != nil {
		return Puzzle{}, err
	}
	return p, nil
}

// read reads text, taking words made of letters up to letters as cells. It
// also reports whether it took a word of letters up to P for text, and
// whether a 25×25 grid was among the grids found.
func read(text string, letters byte) (Puzzle, bool, bool, error) {
	lines, letterWords := scan(text, letters)
	var big bool
	p, err := readLines(lines, true, &big)
	return p, letterWords, big, err
}

// readLines reads the grid of lines; again allows a second reading without
// labels and lines outside a board's frame, when the first finds no grid
// or leaves many cells among words (a grid whose rows are labelled "Row 1:"
// beside some other grid).
func readLines(text []line, again bool, big *bool) (Puzzle, error) {
	found, fails := collect(text)
	var second []grid // grids only the second reading found
	var labelled labelRun
	note := ""
	if again && (len(found) == 0 || cellsAmongWords(fails) >= 16) {
		f2, x2, n2, ok, run := readAgain(text)
		labelled = run
		if ok {
			if len(found) == 0 {
				found, fails, second = f2, x2, f2
			} else {
				for _, g := range f2 {
					if !holds(found, g) {
						found = append(found, g)
						second = append(second, g)
					}
				}
			}
			note = n2
		}
	}
	found, fails = emptyApart(found, fails)
	for _, g := range found {
		*big = *big || g.g.Size() == 25
	}
	if len(found) > 0 && labelled.n > 0 && len(second) == 0 {
		// Rows labelled 1 to n that read as no grid, beside another grid:
		// the labelled rows are likely the grid meant.
		g := found[0]
		return Puzzle{}, errAt(labelled.first, 0, &ExtraError{Form: ExtraLabelled, Size: g.g.Size(), FirstLine: g.first, LastLine: g.last,
			ExtraFirst: labelled.first, ExtraLast: labelled.last, Cells: labelled.n})
	}
	if len(found) == 0 && len(fails) == 0 {
		for i := range text { // no cell at all: name a stray character, if any
			if l := &text[i]; l.kind == lJunk {
				return Puzzle{}, badChar(l.num, *l.firstBad())
			}
		}
	}
	if len(found) == 0 {
		if err := splitByText(text, fails); err != nil {
			return Puzzle{}, err
		}
	}
	p, err := choose(found, fails)
	if err == nil && note != "" {
		for _, g := range second {
			if g.g == p.Grid {
				p.Notes = append(p.Notes, note)
				break
			}
		}
	}
	return p, err
}

// collect reads every block and every part of a line of text.
func collect(lines []line) ([]grid, []failure) {
	blocks, parts := group(lines)
	var found []grid
	var fails []failure
	for _, b := range blocks {
		f, x := readBlock(b.lines, false)
		if len(f) == 0 && (b.before != nil || b.after != nil) {
			// A row may share its line with words: try the cells of the
			// lines of text around the block.
			for _, ext := range [][]*line{
				withEdges(b, true, false), withEdges(b, false, true), withEdges(b, true, true),
			} {
				if ext == nil {
					continue
				}
				if f2, x2 := readBlock(ext, false); len(f2) > 0 {
					f, x = f2, x2
					break
				}
			}
		}
		found = append(found, f...)
		fails = append(fails, x...)
	}
	for _, b := range parts {
		f, x := readBlock(b, true)
		found = append(found, f...)
		for _, fl := range x {
			fl.text = true
			fails = append(fails, fl)
		}
	}
	return found, fails
}

// cellsAmongWords counts the cells of the failures among words.
func cellsAmongWords(fails []failure) int {
	n := 0
	for _, f := range fails {
		if f.text {
			n += f.cells
		}
	}
	return n
}

// holds reports whether gs holds a grid equal to g.
func holds(gs []grid, g grid) bool {
	for _, x := range gs {
		if x.g == g.g && slices.Equal(x.cands, g.cands) {
			return true
		}
	}
	return false
}

// errorsIs is errors.Is for the *Error values of this package.
func errorsIs(err *Error, target error) bool { return err != nil && errors.Is(err, target) }

// withEdges returns the lines of b with the cells of the line of text
// above (before) and below (after) it, or nil if b has none of those asked.
func withEdges(b block, before, after bool) []*line {
	if before && b.before == nil || after && b.after == nil {
		return nil
	}
	out := make([]*line, 0, len(b.lines)+2)
	if before {
		out = append(out, b.before)
	}
	out = append(out, b.lines...)
	if after {
		out = append(out, b.after)
	}
	return out
}

// emptyApart sets apart grids without a digit (a run of zeros or dots, the
// spaces of a line) when the text holds anything else: a grid with digits,
// or cells that are no grid (words with numbers among them do not count).
// An empty grid is read only when it is all there is.
func emptyApart(found []grid, fails []failure) ([]grid, []failure) {
	filled := 0
	for _, g := range found {
		if g.g.Filled() > 0 {
			filled++
		}
	}
	apart := 0 // failures apart from words
	for _, f := range fails {
		if !f.text {
			apart++
		}
	}
	if filled == len(found) || filled == 0 && len(found) == 1 && apart == 0 {
		return found, fails
	}
	kept := found[:0:0]
	for _, g := range found {
		if g.g.Filled() > 0 {
			kept = append(kept, g)
			continue
		}
		n := g.g.Size()
		fails = append(fails, failure{
			err:   errAt(g.first, 0, &NoDigitsError{FirstLine: g.first, LastLine: g.last, Size: n}),
			cells: n * n, first: g.first, last: g.last,
		})
	}
	return kept, fails
}

// letterRun reports whether text holds 25 characters or more in a row that
// a 25×25 grid writes (digits, letters up to P, empty marks), a letter
// between H and P among them: a row of such a grid, or the whole of it.
func letterRun(text string) bool {
	run, high := 0, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		u := c &^ 0x20
		switch {
		case c >= '0' && c <= '9', c == '.', c == '*', c == '-', c == '_', u >= 'A' && u <= 'G':
			run++
		case u >= 'H' && u <= 'P':
			run++
			high = true
		default:
			run, high = 0, false
			continue
		}
		if run >= 25 && high {
			return true
		}
	}
	return false
}

// splitByText explains cells that make no grid, in blocks apart by a few
// lines of text (an "img" line, a caption), when the lines without that
// text make one: the text splits the grid, and the message names it.
func splitByText(text []line, fails []failure) *Error {
	tries := 0
	for i := 1; i < len(fails) && tries < 4; i++ {
		a, b := fails[i-1], fails[i]
		if a.text || b.text || a.last >= b.first {
			continue
		}
		var between []int // indexes in text of the lines of text between a and b
		ok := true
		for k := range text {
			l := &text[k]
			if l.num <= a.last || l.num >= b.first {
				continue
			}
			switch l.kind {
			case lText, lJunk:
				between = append(between, k)
			case lBlank:
			default:
				ok = false
			}
		}
		if !ok || len(between) == 0 || len(between) > 3 {
			continue
		}
		tries++
		kept := make([]line, 0, len(text)-len(between))
		for k := range text {
			if len(between) > 0 && k == between[0] {
				between = between[1:]
				continue
			}
			kept = append(kept, text[k])
		}
		found, _ := collect(kept)
		for _, g := range found {
			if g.first <= a.first && g.last >= b.last {
				n := g.g.Size()
				cut := a.last + 1
				for cut < b.first && !isTextLine(text, cut) {
					cut++
				}
				return errAt(cut, 0, &SplitError{TextFirst: cut, TextLast: lastTextLine(text, a.last, b.first), FirstLine: g.first, LastLine: g.last, Size: n})
			}
		}
	}
	return nil
}

// isTextLine reports whether line num of text is a line of words or stray characters.
func isTextLine(text []line, num int) bool {
	for k := range text {
		if text[k].num == num {
			return text[k].kind == lText || text[k].kind == lJunk
		}
	}
	return false
}

// lastTextLine returns the last line of text strictly between lines lo and hi.
func lastTextLine(text []line, lo, hi int) int {
	last := lo
	for k := range text {
		if l := &text[k]; l.num > lo && l.num < hi && (l.kind == lText || l.kind == lJunk) {
			last = l.num
		}
	}
	return last
}
