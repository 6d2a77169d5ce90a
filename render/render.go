package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

// MaxLen is the longest reply Discord accepts, in characters as Discord
// counts them (UTF-16 code units, see [Len]). Every function of this package
// returns a reply at most this long.
const MaxLen = 2000

// Options change how replies look.
type Options struct {
	// Spoiler wraps every solution in Discord spoiler bars (||…||), so that a
	// puzzle channel is not spoiled for whoever has not solved it yet.
	Spoiler bool
	// Timeout is the solve deadline, named in a timed-out reply. When it is
	// zero the reply names Result.Stats.Elapsed instead.
	Timeout time.Duration
	// Symbols, when set, are the symbols of the values 1, 2, … in the grids
	// and conflicts shown, so that an answer uses the notation the person
	// used: "0123456789ABCDEF" for a 16×16 grid written 0–F. Empty means 1-9,
	// then A for 10 up to P for 25.
	Symbols string
	// Notes are sentences for the person, shown under the grid, such as how
	// their message was read. They are neutralised like [Notice] text, and
	// cut to fit MaxLen.
	Notes []string
	// Picture says that a picture of the board goes with the reply (package
	// picture draws it). Where the board is large (16×16 and 25×25), the
	// reply then leaves its monospace board out, so that it stays short and
	// reads on a phone, and its legends point at the picture instead. Smaller
	// boards stay in the text, which also marks them.
	Picture bool
}

// pictureOnlyFrom is the side of the smallest board that a picture replaces
// in the text when Options.Picture is set.
const pictureOnlyFrom = 16

// boardInPicture reports whether a board of side n is left out of the text
// for the picture that goes with the reply.
func (o Options) boardInPicture(n int) bool { return o.Picture && n >= pictureOnlyFrom }

// with gives r the symbols and notes of o, and leaves its board to the
// picture where o says so.
func (o Options) with(r reply) reply {
	r.symbols, r.notes = o.Symbols, o.Notes
	r.noBoard = o.boardInPicture(r.grid.Size())
	return r
}

// Legends of a board left to the picture.
const (
	inPicture        = "The grid is in the attached picture."
	clashesInPicture = "Clashing digits are red in the attached picture"
)

// Solved renders the reply to a solve of puzzle that gave res, for every
// status: the solution for Unique and Multiple, with the givens marked; the
// puzzle for None; the puzzle with its conflicts marked and listed for
// Invalid; a sentence for TimedOut and Cancelled.
func Solved(puzzle sudoku.Grid, res sudoku.Result, opt Options) string {
	switch res.Status {
	case sudoku.Unique, sudoku.Multiple:
		sol := res.Solution
		if sol.Size() == 0 {
			break
		}
		head := "Solved: the puzzle has exactly one solution."
		if res.Status == sudoku.Multiple {
			head = "The puzzle has several solutions (a proper sudoku has one); here is one of them."
		}
		marks := make([]mark, sol.Shape().Cells())
		givens := 0
		if puzzle.Shape() == sol.Shape() {
			for i := range marks {
				if puzzle.At(i) != 0 {
					marks[i] = given
					givens++
				}
			}
		}
		r := opt.with(reply{head: head, grid: sol, marks: marks, spoiler: opt.Spoiler})
		switch {
		case r.noBoard && givens == 0:
			r.legend = "The solution is in the attached picture." + copyable(sol, opt)
		case r.noBoard:
			r.legend = "The solution is in the attached picture: the given digits in bold, the ones I filled in another colour." + copyable(sol, opt)
		case givens == 0:
		case layoutFor(sol.Size()).narrow:
			r.legend = "Given digits are not marked at this size."
		default:
			r.legend = "Digits in [brackets] were given; the others are filled in."
		}
		return r.String()
	case sudoku.None:
		return opt.with(reply{head: "This puzzle has no solution, although no digit breaks the rules yet.", grid: puzzle}).String()
	case sudoku.Invalid:
		return conflictReply("This puzzle breaks the rules, so it has no solution.", puzzle, res.Conflicts, opt)
	case sudoku.TimedOut:
		return opt.with(reply{head: fmt.Sprintf("I gave up after %v without finishing: this puzzle takes too long to solve.", deadline(opt, res.Stats))}).String()
	case sudoku.Cancelled:
		return opt.with(reply{head: "The solve was stopped before it finished (the bot may be restarting). Please try again."}).String()
	}
	return opt.with(reply{head: "Something went wrong while solving. Please try again."}).String()
}

// copyable is the solution on one line, to copy, for a reply that leaves
// the board to its picture (16×16 and 25×25): behind spoiler bars when the
// solution is a spoiler.
func copyable(sol sudoku.Grid, opt Options) string {
	line := "`" + oneLine(sol, opt.Symbols) + "`"
	if opt.Spoiler {
		line = "||" + line + "||"
	}
	return "\nOn one line: " + line
}

// Checked renders the reply to a check of a grid in progress, g, given the
// status of its completions and its conflicts (those of [sudoku.Validate]):
// conflicts marked in the grid and listed under it; complete and correct;
// still exactly one completion (Unique); several (Multiple); none (None,
// without revealing which digit is wrong); TimedOut; Cancelled.
func Checked(g sudoku.Grid, status sudoku.Status, conflicts []sudoku.Conflict, opt Options) string {
	if len(conflicts) > 0 || status == sudoku.Invalid {
		return conflictReply("Some digits clash: the same digit twice in a row, column or box.", g, conflicts, opt)
	}
	cells := g.Shape().Cells()
	filled := fmt.Sprintf("%d of %d cells are filled.", g.Filled(), cells)
	var head string
	switch {
	case g.Size() == 0:
		return opt.with(reply{head: "Something went wrong while checking. Please try again."}).String()
	case g.Complete() && status != sudoku.Cancelled && status != sudoku.TimedOut:
		head = "Complete and correct. Well done!"
	case status == sudoku.Unique:
		head = "So far so good: no digit clashes, and the grid can still be completed in exactly one way. " + filled
	case status == sudoku.Multiple:
		head = "No digit clashes, but the grid can be completed in several ways. " + filled
	case status == sudoku.None:
		head = "No digit clashes yet, but the grid cannot be completed: at least one digit is wrong."
	case status == sudoku.TimedOut:
		head = fmt.Sprintf("No digit clashes, but after %v I had not found out whether the grid can be completed.", deadline(opt, sudoku.Stats{}))
	case status == sudoku.Cancelled:
		head = "The check was stopped before it finished (the bot may be restarting). Please try again."
	default:
		head = "No digit clashes. " + filled
	}
	return opt.with(reply{head: head, grid: g}).String()
}

func deadline(opt Options, st sudoku.Stats) string {
	d := opt.Timeout
	if d == 0 {
		d = st.Elapsed
	}
	if d == 0 {
		return "the time allowed"
	}
	return d.String()
}

// conflictReply shows g with every conflicting cell marked, and the
// conflicts in words under it.
func conflictReply(head string, g sudoku.Grid, conflicts []sudoku.Conflict, opt Options) string {
	if g.Size() == 0 {
		return opt.with(reply{head: head}).String()
	}
	n := g.Size()
	marks := make([]mark, n*n)
	list := make([]string, 0, len(conflicts))
	for _, c := range conflicts {
		for _, cell := range c.Cells {
			if cell.Row >= 0 && cell.Row < n && cell.Col >= 0 && cell.Col < n {
				marks[cell.Row*n+cell.Col] = conflict
			}
		}
		list = append(list, describe(c, opt.Symbols))
	}
	example := "5"
	if len(conflicts) > 0 {
		example = string(symbolIn(opt.Symbols, conflicts[0].Digit))
	}
	legend := "Clashing digits are marked >" + example + "< in the grid"
	switch {
	case opt.boardInPicture(n):
		legend = clashesInPicture
	case layoutFor(n).narrow:
		legend = "Clashing digits are marked >" + example + " in the grid"
	}
	if len(list) > 0 {
		legend += ":"
	} else {
		legend += "."
	}
	return opt.with(reply{head: head, grid: g, marks: marks, legend: legend, list: list}).String()
}

// maxCellsNamed is how many cells of one conflict are named before "and N more".
const maxCellsNamed = 4

// describe puts a conflict in words, with its digit written as in the grid:
// "5 appears twice in row 1: r1c1, r1c4".
func describe(c sudoku.Conflict, syms string) string {
	times := "twice"
	if len(c.Cells) != 2 {
		times = fmt.Sprintf("%d times", len(c.Cells))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%c appears %s in %v:", symbolIn(syms, c.Digit), times, c.Unit)
	for i, cell := range c.Cells {
		if i == maxCellsNamed && len(c.Cells) > maxCellsNamed+1 {
			fmt.Fprintf(&b, " and %d more", len(c.Cells)-i)
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(" " + cell.String())
	}
	return b.String()
}

// reply is the text of a whole reply: a head line, the grid in a code block,
// a legend and a list, cut to fit [MaxLen].
type reply struct {
	head    string
	grid    sudoku.Grid // none when its Size is 0
	marks   []mark      // one per cell, or nil
	spoiler bool
	legend  string
	list    []string
	symbols string   // the symbols of values 1, 2, …, or "" for 1-9, A-P
	notes   []string // sentences for the person, neutralised when written
	tail    string   // after the list, such as a hint's conclusion
	// noBoard leaves the grid out of the text: a picture of it goes with the
	// reply. The legend then speaks of the picture (inPicture when empty).
	noBoard bool
}

func (r reply) String() string {
	var b strings.Builder
	b.WriteString(r.head)
	legend := r.legend
	switch {
	case r.grid.Size() > 0 && r.noBoard:
		if legend == "" {
			legend = inPicture
		}
	case r.grid.Size() > 0:
		open, end := "```\n", "```"
		if r.spoiler {
			open, end = "||```\n", "```||"
		}
		b.WriteString("\n" + open + board(r.grid, r.marks, r.symbols) + "\n" + end)
	}
	if legend != "" {
		b.WriteString("\n" + legend)
	}
	for _, note := range r.notes {
		budget := MaxLen - Len(b.String()) - Len(r.tail) - 1
		if budget < 20 {
			break
		}
		b.WriteString("\n" + neutral(note, budget))
	}
	used := Len(b.String()) + Len(r.tail)
	for i, item := range r.list {
		line := "\n• " + item
		rest := len(r.list) - i - 1
		reserve := 0
		if rest > 0 {
			reserve = Len(more(rest))
		}
		if used+Len(line)+reserve > MaxLen {
			b.WriteString(more(len(r.list) - i))
			break
		}
		b.WriteString(line)
		used += Len(line)
	}
	b.WriteString(r.tail)
	out := b.String()
	if Len(out) > MaxLen { // no grid and head this long exist; stay within the limit anyway
		return tooLong
	}
	return out
}

// tooLong is the text of a reply that does not fit MaxLen.
const tooLong = "The reply was too long to send."

func more(n int) string {
	return fmt.Sprintf("\n… and %d more %s", n, plural(n, "conflict", "conflicts"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Len returns the length of s as Discord counts it against [MaxLen]: in
// UTF-16 code units, so a character outside the Basic Multilingual Plane
// (most emoji) counts two.
func Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}
