package render

import (
	"errors"
	"fmt"

	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/sudoku"
)

// Hint renders the reply to a hint on g, the grid as the person has it now.
//
// When step concludes something (it is the next step [logic.Next] found),
// the reply gives it at two levels: first the technique and where to look,
// in words and with the pattern's cells marked in the grid ("Look at column
// 4 and row 7: a Skyscraper on 4."), then the conclusion inside Discord
// spoiler bars ("||r4c9 and r8c7 can't be 4||"), so that reading on is a
// choice. Nothing outside the bars gives a digit of the solution away: the
// grid is g itself, and a digit is never named together with the cell that
// gets it.
//
// Otherwise st says why there is no step: Solved (g is complete), NeedsGuess,
// Multiple (no step, and several solutions), None (a wrong digit, not said
// which, as a check does), Invalid (the clashes are marked and listed),
// TimedOut (opt.Timeout is named) or Cancelled.
func Hint(g sudoku.Grid, step logic.Step, st logic.Status, opt Options) string {
	if len(step.Placements)+len(step.Eliminations) > 0 && g.Size() > 0 {
		return hintReply(g, step, opt)
	}
	switch st {
	case logic.Solved:
		return opt.with(reply{head: "The grid is complete and correct: there is nothing left to hint at. Well done!"}).String()
	case logic.NeedsGuess:
		return opt.with(reply{head: "I know no logical step from here: none of my techniques applies, so at this point the puzzle needs a guess."}).String()
	case logic.Multiple:
		return opt.with(reply{head: "I know no logical step from here, and the grid can be completed in several ways: it is not a proper sudoku " +
			"(a proper one has exactly one solution), so from here you will have to choose."}).String()
	case logic.None:
		return opt.with(reply{head: "No digit clashes yet, but the grid cannot be completed: at least one digit is wrong. " +
			"Find it before asking for a hint.", grid: g}).String()
	case logic.Invalid:
		return conflictReply("Some digits clash: the same digit twice in a row, column or box. Fix them before asking for a hint.", g, sudoku.Validate(g), opt)
	case logic.TimedOut:
		return opt.with(reply{head: fmt.Sprintf("I looked for the next step for %v without finding one: whatever comes next "+
			"(a long forcing chain or net, most likely) takes me longer than that to find.", deadline(opt, sudoku.Stats{}))}).String()
	case logic.Cancelled:
		return opt.with(reply{head: "The hint was stopped before it was found (the bot may be restarting). Please try again."}).String()
	}
	return opt.with(reply{head: "Something went wrong while looking for a hint. Please try again."}).String()
}

// HintCells returns the cells that [Hint] marks in its grid for step: the
// cells of the pattern that may be pointed at outside the spoiler bars. A
// cell that gets a digit the hint names is not among them, since marking it
// would give the digit away; a picture of the hint's first level shades
// exactly these.
func HintCells(step logic.Step) []sudoku.Cell {
	return describeStep(step, "").marks
}

// BadCandidates renders the reply to a hint on g, a grid pasted with pencil
// marks, when its marks cannot be used, as e says (from
// [logic.NewWithCandidates] or [logic.Next]): an empty cell without a
// candidate left ([logic.ErrNoCandidates]), or a cell whose marks leave out
// the digit the solution puts there ([logic.ErrWrongCandidates]; that digit
// is given inside spoiler bars, so that reading it is a choice). The cell is
// named and marked in the grid.
func BadCandidates(g sudoku.Grid, e *logic.CandidateError, opt Options) string {
	c := e.Cell
	var head, tail string
	switch {
	case errors.Is(e, logic.ErrWrongCandidates):
		head = fmt.Sprintf("Your pencil marks in %v leave out the digit that goes there, so I can't give a hint from them: "+
			"a step worked out from those marks could lead you astray. Fix that cell's marks and ask again.", c)
		if e.Digit > 0 {
			tail = fmt.Sprintf("\nThe digit it is missing, if you want it: ||%c||", symbolIn(opt.Symbols, e.Digit))
		}
	case errors.Is(e, logic.ErrNoCandidates):
		head = fmt.Sprintf("%v is empty but has no pencil marks left: none were written there, or each one is a digit "+
			"already placed in its row, column or box. Write down the digits it can still take and ask again.", c)
	default:
		head = fmt.Sprintf("The pencil marks in %v can't be used for a hint. Check that cell's marks and ask again.", c)
	}
	n := g.Size()
	var marks []mark
	if c.Row >= 0 && c.Row < n && c.Col >= 0 && c.Col < n {
		marks = make([]mark, n*n)
		marks[c.Row*n+c.Col] = pattern
	}
	r := opt.with(reply{head: head, grid: g, marks: marks, tail: tail})
	if marks != nil {
		r.legend = cellsLegend(n, 1, r.noBoard)
	}
	return r.String()
}

// cellsLegend says how count cells are set apart in a grid of side n: marked
// in the text, or shaded in the picture that replaces it.
func cellsLegend(n, count int, inPicture bool) string {
	if inPicture {
		if count == 1 {
			return "The cell is shaded in the attached picture."
		}
		return "The pattern's cells are shaded in the attached picture."
	}
	marker := "(.)"
	if layoutFor(n).narrow {
		marker = "(."
	}
	if count == 1 {
		return "The cell is marked " + marker + " in the grid."
	}
	return "The pattern's cells are marked " + marker + " in the grid."
}

// minConclusion is the least room a hint keeps for its conclusion; the
// explanation of the technique goes first when room is short (25×25).
const minConclusion = 120

func hintReply(g sudoku.Grid, step logic.Step, opt Options) string {
	t := describeStep(step, opt.Symbols)
	on := ""
	if t.digits != "" {
		on = " on " + t.digits
	}
	rating := fmt.Sprintf("rating %v", step.Rating)
	if step.Pattern().Kind != logic.NoPattern {
		// Forum players compare with Sukaku Explainer, which names it a chain.
		rating += fmt.Sprintf(", a %s for Sukaku Explainer", step.Name)
	}
	head := fmt.Sprintf("Look at %s: %s**%s**%s (%s).", t.where, article(t.name), t.name, on, rating)
	n := g.Size()
	marks := make([]mark, n*n)
	for _, c := range t.marks {
		if c.Row >= 0 && c.Row < n && c.Col >= 0 && c.Col < n {
			marks[c.Row*n+c.Col] = pattern
		}
	}
	legend := ""
	if len(t.marks) > 0 {
		legend = cellsLegend(n, len(t.marks), opt.boardInPicture(n))
	}
	// When room is short (25×25), the explanation of the technique goes
	// first, then the legend, so that the whole conclusion fits; when it
	// cannot, they stay as long as the conclusion keeps minConclusion.
	const open, end = "\nConclusion, if you want it: ||", "||"
	about := aboutStep(step)
	variants := []reply{
		opt.with(reply{head: head + "\n" + about, grid: g, marks: marks, legend: legend}),
		opt.with(reply{head: head, grid: g, marks: marks, legend: legend}),
		opt.with(reply{head: head, grid: g, marks: marks}),
	}
	if about == "" {
		variants = variants[1:]
	}
	whole := conclusions(step, MaxLen, opt.Symbols)
	if chain := chainText(step, MaxLen, opt.Symbols); chain != "" {
		whole = "chain " + chain + ", so " + whole
	}
	var r reply
	for _, v := range variants {
		if Len(v.String())+Len(open+whole+end) <= MaxLen {
			r = v
			r.tail = open + whole + end
			return r.String()
		}
	}
	r = variants[len(variants)-1]
	for _, v := range variants {
		if Len(v.String())+Len(open+end)+minConclusion <= MaxLen {
			r = v
			break
		}
	}
	room := MaxLen - Len(r.String()) - Len(open+end)
	var spoiler string
	if chain := chainText(step, room/2, opt.Symbols); chain != "" {
		spoiler = "chain " + chain + ", so "
	}
	spoiler += conclusions(step, room-Len(spoiler), opt.Symbols)
	r.tail = open + spoiler + end
	return r.String()
}
