package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/sudoku"
)

// Served is a puzzle the bot serves to play (`!new`, `!daily`), as [Puzzle]
// posts it. It holds nothing of the solution.
type Served struct {
	Grid sudoku.Grid // the givens
	// Code makes the puzzle again and names it: "#9H-abb63100". A reply to
	// the post finds the puzzle by it.
	Code string
	// Level is the difficulty word of Rating ("Hard"), or "" when logic
	// alone does not solve the puzzle (a code typed by hand can give one).
	Level  string
	Rating logic.Rating
	// Day, when set, makes the post the day's puzzle of its UTC date.
	Day time.Time
	// Prefix is the text command prefix, for the instructions ("!"), or
	// "/" where only slash commands reach the bot.
	Prefix string
}

// Puzzle renders the post of a puzzle to play: a head line with the
// difficulty word, the rating and the code, the givens as a monospace
// board, the same grid on one line (to paste into other apps or /check),
// and how to go on: reply to the post with `!check` and the grid as
// played, or `!hint`.
//
// The board stays in the text at every size, even when a picture goes with
// the post (opt.Picture): a person copies it to fill it in. Nothing in the
// post comes from the solution.
func Puzzle(s Served, opt Options) string {
	var head strings.Builder
	if !s.Day.IsZero() {
		fmt.Fprintf(&head, "**Daily puzzle for %s (UTC)**: ", s.Day.UTC().Format("Monday 2 January 2006"))
	} else {
		fmt.Fprintf(&head, "A new %d×%d puzzle: ", s.Grid.Size(), s.Grid.Size())
	}
	if s.Level != "" {
		fmt.Fprintf(&head, "**%s**, rating %v on the Sudoku Explainer scale", s.Level, s.Rating)
	} else {
		head.WriteString("beyond the techniques I know (it needs a guess)")
	}
	fmt.Fprintf(&head, ". Code `%s`.", s.Code)
	p := s.Prefix
	how := fmt.Sprintf("Reply to this message with `%scheck` and your grid (copy the board, fill in your digits) to check your progress, "+
		"or `%shint` for a hint; `%snew %s` brings this puzzle back.", p, p, p, s.Code)
	short := fmt.Sprintf("Reply with `%scheck <grid>` or `%shint`.", p, p)
	if p == "/" { // slash commands only: no reply reaches the bot
		how = fmt.Sprintf("Check your progress with `/check` and `code:%s`, giving your grid (copy the board, fill in your digits), "+
			"or ask `/hint` with them; `/new code:%s` brings this puzzle back.", s.Code, s.Code)
		short = fmt.Sprintf("Use `/check` or `/hint` with `code:%s`.", s.Code)
	}
	opt.Picture = false // the board stays: it is what people fill in
	r := opt.with(reply{head: head.String(), grid: s.Grid, legend: "On one line: `" + oneLine(s.Grid, opt.Symbols) + "`\n" + how})
	// 25×25: without the one-line grid, then with the short instructions.
	for _, legend := range []string{how, short} {
		if r.String() != tooLong {
			break
		}
		r.legend = legend
	}
	return r.String()
}

// oneLine writes g on one line: a symbol per cell, '.' for empty.
func oneLine(g sudoku.Grid, syms string) string {
	n := g.Size()
	b := make([]rune, 0, n*n)
	for i := 0; i < n*n; i++ {
		b = append(b, symbolIn(syms, g.At(i)))
	}
	return string(b)
}

// Played is how a grid played from a served puzzle stands against that
// puzzle, for [PuzzleChecked]. It says how many digits are wrong, never
// which.
type Played struct {
	Grid   sudoku.Grid // the grid as the person has it
	Givens sudoku.Grid // the puzzle
	Code   string      // the puzzle's code
	Level  string      // the puzzle's difficulty word, or ""
	// Changed are the cells whose given the grid does not keep (another
	// digit, or none).
	Changed []sudoku.Cell
	// Conflicts are the clashes of Grid, as [sudoku.Validate] finds them.
	Conflicts []sudoku.Conflict
	// Wrong counts the digits of Grid, givens aside, that are not the
	// solution's; WrongMarks the empty cells whose pencil marks leave out
	// the solution's digit.
	Wrong, WrongMarks int
}

// maxChangedNamed is how many changed givens a check names before "and N
// more": they are all marked in the grid.
const maxChangedNamed = 8

// PuzzleChecked renders the reply to a check of a grid against the puzzle
// it was played from (a reply to the puzzle's post): changed givens first,
// each named with the given it should hold (givens are no secret), then
// clashes, then how many digits are wrong (without saying which), then
// complete and correct, or how far the grid is. forHint words it as the
// answer to a hint that cannot be given from this grid; a grid without a
// problem is then not for this function (the hint is).
func PuzzleChecked(p Played, forHint bool, opt Options) string {
	g := p.Grid
	n := g.Size()
	// Every reply names the puzzle, so that a reply to it finds the puzzle too.
	on := "Puzzle " + p.Code + ": "
	fix := "."
	if forHint {
		fix = ", so I can't give a hint from this grid: fix that first."
	}
	switch {
	case len(p.Changed) > 0:
		marks := make([]mark, n*n)
		list := make([]string, 0, min(len(p.Changed), maxChangedNamed+1))
		for i, c := range p.Changed {
			marks[c.Row*n+c.Col] = conflict
			if i == maxChangedNamed && len(p.Changed) > maxChangedNamed+1 {
				list = append(list, fmt.Sprintf("and %d more", len(p.Changed)-i))
				continue
			}
			if i > maxChangedNamed {
				continue
			}
			given := symbolIn(opt.Symbols, p.Givens.Get(c.Row, c.Col))
			if d := g.Get(c.Row, c.Col); d != 0 {
				list = append(list, fmt.Sprintf("%v: the puzzle gives %c, your grid has %c", c, given, symbolIn(opt.Symbols, d)))
			} else {
				list = append(list, fmt.Sprintf("%v: the given %c is missing", c, given))
			}
		}
		head := fmt.Sprintf("%syour grid does not keep %s%s", on, plural(len(p.Changed), "a given", fmt.Sprintf("%d givens", len(p.Changed))), fix)
		// The markers as the grid shows them: >.< for a given taken out,
		// >9< for the first one overwritten.
		end := "<"
		if layoutFor(n).narrow {
			end = ""
		}
		var examples []string
		for _, missing := range []bool{true, false} {
			for _, c := range p.Changed {
				if d := g.Get(c.Row, c.Col); (d == 0) == missing {
					examples = append(examples, ">"+string(symbolIn(opt.Symbols, d))+end)
					break
				}
			}
		}
		legend := "They are marked " + and(examples) + " in the grid:"
		if opt.boardInPicture(n) {
			legend = "They are shaded in the attached picture:"
		}
		return opt.with(reply{head: head, grid: g, marks: marks, legend: legend, list: list}).String()
	case len(p.Conflicts) > 0:
		return conflictReply(on+"some digits clash: the same digit twice in a row, column or box"+fix, g, p.Conflicts, opt)
	case p.Wrong > 0:
		them := plural(p.Wrong, "it", "them")
		wrong := plural(p.Wrong, "one of your digits is", fmt.Sprintf("%d of your digits are", p.Wrong))
		head := fmt.Sprintf("%sno digit clashes yet, but %s not the solution's, so the grid cannot be completed from here. Find %s and take %s out.",
			on, wrong, them, them)
		if forHint {
			head = fmt.Sprintf("%sno digit clashes yet, but %s not the solution's, so I can't give a hint from this grid: find %s and take %s out first.",
				on, wrong, them, them)
		}
		return opt.with(reply{head: head, grid: g}).String()
	case p.WrongMarks > 0:
		head := fmt.Sprintf("%syour digits are right so far, but your pencil marks leave out the digit that goes there in %s%s",
			on, plural(p.WrongMarks, "one cell", fmt.Sprintf("%d cells", p.WrongMarks)), fix)
		return opt.with(reply{head: head, grid: g}).String()
	case g.Complete():
		level := ""
		if p.Level != "" {
			level = " (" + p.Level + ")"
		}
		return opt.with(reply{head: fmt.Sprintf("%scomplete and correct%s. Well done!", on, level)}).String()
	}
	mine := g.Filled() - p.Givens.Filled()
	head := fmt.Sprintf("%sso far so good, %s and no digit clashes. %d of %d cells are filled.",
		on, plural(mine, "your one digit is right", fmt.Sprintf("all %d of your digits are right", mine)), g.Filled(), g.Shape().Cells())
	if mine == 0 {
		head = on + "this is the puzzle as given, with no digit of yours yet. Fill some in and check again."
	}
	return opt.with(reply{head: head, grid: g}).String()
}
