package render

import (
	"fmt"

	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/sudoku"
)

// Rated renders the reply to a rating of g (the grid as the person sent
// it) that gave rep: for Solved, the rating on the Sudoku Explainer scale,
// its [Difficulty] word and range, the hardest technique and the number of
// steps; for NeedsGuess and TimedOut, how far logic got; for Multiple, None,
// Invalid and Cancelled, why there is no rating (a wrong digit is not
// named, as a check does not name it; clashes are marked and listed).
func Rated(g sudoku.Grid, rep logic.Report, opt Options) string {
	if head, ok := noPath(g, rep, "rate", opt); ok {
		return head
	}
	switch rep.Status {
	case logic.Solved:
		d := DifficultyOf(rep.Rating)
		return opt.with(reply{head: fmt.Sprintf("Rating: **%v** on the Sudoku Explainer scale, which makes it **%s** (%s).\n"+
			"Hardest step: %s (%v).\n%s from this grid to the solution.",
			rep.Rating, d, rangeOf(d), displayName(rep.Hardest), rep.Rating, steps(rep.Steps))}).String()
	case logic.NeedsGuess:
		return opt.with(reply{head: "I can't rate this puzzle: " + stuck(rep)}).String()
	case logic.TimedOut:
		head := "I can't rate this puzzle: " + outOfTime(rep, opt)
		if least := max(rep.Rating, rep.AtLeast); least > 0 {
			head += fmt.Sprintf(" Its rating is at least %v.", least)
		}
		return opt.with(reply{head: head}).String()
	}
	return opt.with(reply{head: "Something went wrong while rating. Please try again."}).String()
}

// noPath returns the reply for the outcomes that have no logical path to
// show (what is rated or explained is named by verb), and false for the
// others: Solved with steps, NeedsGuess, TimedOut.
func noPath(g sudoku.Grid, rep logic.Report, verb string, opt Options) (string, bool) {
	switch rep.Status {
	case logic.Solved:
		if rep.Steps > 0 {
			return "", false
		}
		return opt.with(reply{head: "The grid is already complete and correct: there is nothing left to " + verb + "."}).String(), true
	case logic.Multiple:
		return opt.with(reply{head: "This grid can be completed in several ways, so there is no logical path to " + verb +
			": a proper sudoku has exactly one solution."}).String(), true
	case logic.None:
		return opt.with(reply{head: "No digit clashes yet, but the grid cannot be completed: at least one digit is wrong, " +
			"so there is nothing to " + verb + ".", grid: g}).String(), true
	case logic.Invalid:
		return conflictReply("Some digits clash: the same digit twice in a row, column or box, so there is nothing to "+verb+".",
			g, sudoku.Validate(g), opt), true
	case logic.Cancelled:
		return opt.with(reply{head: "The work was stopped before it finished (the bot may be restarting). Please try again."}).String(), true
	case logic.NeedsGuess, logic.TimedOut:
		return "", false
	}
	return opt.with(reply{head: "Something went wrong. Please try again."}).String(), true
}

// stuck says where logic stopped for NeedsGuess.
func stuck(rep logic.Report) string {
	s := "none of the techniques I know applies"
	if rep.Steps > 0 {
		s = fmt.Sprintf("after %s (the hardest %s, %v) none of the techniques I know applies", steps(rep.Steps), displayName(rep.Hardest), rep.Rating)
	}
	return s + ", so from there it needs a guess or a technique beyond mine."
}

// outOfTime says where logic was when the deadline came.
func outOfTime(rep logic.Report, opt Options) string {
	s := fmt.Sprintf("I stopped after %v", deadline(opt, sudoku.Stats{}))
	if rep.Steps > 0 {
		s += fmt.Sprintf(", %s in (the hardest %s, %v)", steps(rep.Steps), displayName(rep.Hardest), rep.Rating)
	}
	return s + ": the next step takes longer than that to find (most likely a long forcing chain or net)."
}

func steps(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "step", "steps")) }
