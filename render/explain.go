package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/sudoku"
)

// maxLineConclusions bounds the conclusions of one step in an explanation
// message, so that one wide elimination does not crowd out the path.
const maxLineConclusions = 300

// maxLoneConclusions bounds the conclusions of a step that a condensed
// explanation would group but that stands alone between harder steps: its
// line keeps a few conclusions and says how many more there are, so that
// no step's line looks complete without them.
const maxLoneConclusions = 40

// Explained renders the reply to an explanation of g (the grid as the
// person sent it) that gave rep, as [logic.Explain] returns it: the whole
// logical path, one line per step with runs of singles grouped, every
// conclusion inside spoiler bars.
//
// When the path does not fit one message, msg is condensed (the runs of
// singles lose their conclusions, then the last steps are left out, said
// so) and full holds the whole path as plain text, for an attachment: the
// grid, one line per step with its conclusions, and the grid where logic
// ended. Otherwise full is empty. Outcomes without a path (Multiple, None,
// Invalid, Cancelled, a complete grid) get the same reply as [Rated].
func Explained(g sudoku.Grid, rep logic.Report, opt Options) (msg, full string) {
	if text, ok := noPath(g, rep, "explain", opt); ok {
		return text, ""
	}
	var intro, fileIntro, tail string
	switch rep.Status {
	case logic.Solved:
		solved := func(name string) string {
			return fmt.Sprintf("The logical path from this grid: %s, rating **%v** (%s), the hardest %s.",
				steps(rep.Steps), rep.Rating, DifficultyOf(rep.Rating), name)
		}
		intro, fileIntro = solved(displayName(rep.Hardest)), solved(fullName(rep.Hardest))
	case logic.NeedsGuess:
		intro = "The logical path from this grid, as far as it goes."
		tail = fmt.Sprintf("After step %d none of the techniques I know applies: from there the puzzle needs a guess or a technique beyond mine.", rep.Steps)
		if rep.Steps == 0 {
			tail = "None of the techniques I know applies to this grid: from here it needs a guess or a technique beyond mine."
		}
	case logic.TimedOut:
		intro = "The logical path from this grid, as far as I got."
		tail = outOfTime(rep, opt)
	default:
		return Rated(g, rep, opt), ""
	}
	if fileIntro == "" {
		fileIntro = intro
	}
	head := intro + " The conclusions are in spoilers." + notesText(opt.Notes)
	if len(rep.Path) == 0 {
		return opt.with(reply{head: tail}).String(), ""
	}
	es := entries(rep.Path, 0)
	if text := join(head, lines(es, true, newLineCache(rep.Path, MaxLen, opt.Symbols)), tail); Len(text) <= MaxLen {
		return text, ""
	}
	full = fullPath(g, rep, fileIntro, tail, opt.Symbols)
	const attached = "The whole path, with the conclusions of the grouped steps, is in the attached file."
	// Condense: steps rated below a threshold (and all singles) are grouped
	// into runs without their conclusions, the lowest threshold that fits.
	var short []string
	cache := newLineCache(rep.Path, maxLineConclusions, opt.Symbols)
	for _, th := range ratings(rep.Path) {
		es = entries(rep.Path, th)
		short = lines(es, false, cache)
		if text := join(head, short, tail, attached); Len(text) <= MaxLen {
			return text, full
		}
	}
	// Keep the first lines that fit, then say how many steps are left out.
	fixed := Len(join(head, nil, tail, attached)) + Len("\n… and 99999 more steps")
	used, kept := fixed, 0
	for kept < len(short) && used+1+Len(short[kept]) <= MaxLen {
		used += 1 + Len(short[kept])
		kept++
	}
	left := 0
	for _, e := range es[kept:] {
		left += len(e.steps)
	}
	more := fmt.Sprintf("… and %d more %s", left, plural(left, "step", "steps"))
	return join(head, append(short[:kept:kept], more), tail, attached), full
}

// ratings returns the distinct ratings of path, from the lowest.
func ratings(path []logic.Step) []logic.Rating {
	seen := map[logic.Rating]bool{}
	var out []logic.Rating
	for _, s := range path {
		if !seen[s.Rating] {
			seen[s.Rating] = true
			out = append(out, s.Rating)
		}
	}
	slices.Sort(out)
	return out
}

// entry is one line of an explanation: one step, or a run of steps
// grouped (singles, or everything below a threshold).
type entry struct {
	first int // number of the first step, from 1
	steps []logic.Step
	run   bool
}

// entries groups the path: two singles or more in a row make one entry,
// and so do the steps rated below below (0 for none) with the singles
// around them; such a step alone is an entry of its own, marked run.
func entries(path []logic.Step, below logic.Rating) []entry {
	minor := func(s logic.Step) bool { return isSingle(s) || s.Rating < below }
	var es []entry
	for i := 0; i < len(path); {
		j := i
		for j < len(path) && minor(path[j]) {
			j++
		}
		switch {
		case j-i >= 2 || j-i == 1 && below > 0:
			es = append(es, entry{first: i + 1, steps: path[i:j], run: true})
			i = j
		default:
			es = append(es, entry{first: i + 1, steps: path[i : i+1]})
			i++
		}
	}
	return es
}

// lineCache holds the line of each step of a path, with and without its
// conclusions (within budget), made once however often the path is
// condensed.
type lineCache struct {
	path             []logic.Step
	budget           int
	syms             string // the symbols of the digits (see symbolIn)
	full, lone, bare []string
}

func newLineCache(path []logic.Step, budget int, syms string) *lineCache {
	return &lineCache{path: path, budget: budget, syms: syms,
		full: make([]string, len(path)), lone: make([]string, len(path)), bare: make([]string, len(path))}
}

// line returns the line of step i (from 0), numbered from 1, with its
// conclusions within the cache's budget or, with lone, within
// maxLoneConclusions.
func (c *lineCache) line(i int, lone bool) string {
	if c.bare[i] == "" {
		s := c.path[i]
		t := describeStep(s, c.syms)
		c.bare[i] = fmt.Sprintf("%d. %s (%v), %s", i+1, t.label(), s.Rating, t.brief)
	}
	if lone {
		if c.lone[i] == "" {
			c.lone[i] = c.bare[i] + ": ||" + notation(c.path[i], min(c.budget, maxLoneConclusions), c.syms) + "||"
		}
		return c.lone[i]
	}
	if c.full[i] == "" {
		c.full[i] = c.bare[i] + ": ||" + notation(c.path[i], c.budget, c.syms) + "||"
	}
	return c.full[i]
}

// lines writes one line per entry, the conclusions in spoiler bars, each
// line's within the cache's budget; without withRuns, the runs leave theirs
// out (the message says they are in the attachment), and a step alone in a
// run keeps a few (see maxLoneConclusions).
func lines(es []entry, withRuns bool, c *lineCache) []string {
	out := make([]string, len(es))
	for i, e := range es {
		switch {
		case !e.run:
			out[i] = c.line(e.first-1, false)
			continue
		case len(e.steps) == 1:
			out[i] = c.line(e.first-1, !withRuns)
			continue
		}
		last := e.first + len(e.steps) - 1
		singles, top := true, logic.Rating(0)
		for _, s := range e.steps {
			singles = singles && isSingle(s)
			top = max(top, s.Rating)
		}
		line := fmt.Sprintf("%d–%d. %d singles", e.first, last, len(e.steps))
		if !singles {
			line = fmt.Sprintf("%d–%d. %d steps up to %v", e.first, last, len(e.steps), top)
		}
		if withRuns {
			line += ": ||" + runNotation(e.steps, c.budget, c.syms) + "||"
		}
		out[i] = line
	}
	return out
}

// runNotation writes the conclusions of a run of steps, "r1c3=4 r2c2=7",
// within budget (see fitItems).
func runNotation(run []logic.Step, budget int, syms string) string {
	var all logic.Step
	for _, s := range run {
		all.Placements = append(all.Placements, s.Placements...)
	}
	for _, s := range run {
		all.Eliminations = append(all.Eliminations, s.Eliminations...)
	}
	return notation(all, budget, syms)
}

// maxNotes is the room the notes of an explanation take at most, so that
// they never crowd out its path.
const maxNotes = 400

// notesText writes notes, each on a line of its own after a newline,
// neutralised and cut to fit maxNotes together.
func notesText(notes []string) string {
	var b strings.Builder
	for _, n := range notes {
		budget := maxNotes - Len(b.String()) - 1
		if budget < 20 {
			break
		}
		b.WriteString("\n" + neutral(n, budget))
	}
	return b.String()
}

// join puts a message together, one part a line, leaving out empty parts.
func join(head string, lines []string, rest ...string) string {
	parts := append([]string{head}, lines...)
	for _, r := range rest {
		if r != "" {
			parts = append(parts, r)
		}
	}
	return strings.Join(parts, "\n")
}

// fullPath is the attachment: plain text, every step with all its
// conclusions, between the grid as sent and the grid where logic ended.
func fullPath(g sudoku.Grid, rep logic.Report, intro, tail, syms string) string {
	var b strings.Builder
	b.WriteString(strings.ReplaceAll(intro, "**", "") + "\n\n")
	b.WriteString(board(g, nil, syms) + "\n\n")
	for i, s := range rep.Path {
		t := describeStep(s, syms)
		t.name = fullName(s) // no length limit here
		fmt.Fprintf(&b, "%d. %v %s, %s: %s\n", i+1, s.Rating, t.label(), t.brief, notation(s, 1<<30, syms))
	}
	if tail != "" {
		b.WriteString("\n" + tail + "\n")
	}
	if rep.Remaining != nil {
		end := "Solved:"
		if rep.Status != logic.Solved {
			end = "The grid where logic stopped:"
		}
		b.WriteString("\n" + end + "\n" + board(rep.Remaining.Sudoku(), nil, syms) + "\n")
	}
	return b.String()
}
