package render

import (
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/variant"
)

// Variant is what a reply about a variant puzzle says of the puzzle: its
// title and author as the link gives them, and the rules read, left aside
// and not known (see package variant/link).
type Variant struct {
	Title, Author, Source    string
	Read, LeftAside, Unknown []string
	// Size, Givens and Regions draw the boards: the givens are marked, and
	// box lines are drawn only for the standard regions.
	Size     int
	Givens   []int
	Standard bool
}

// head writes the lines every variant reply begins with.
func (v Variant) head() string {
	var b strings.Builder
	title := neutral(v.Title, 120)
	if title == "" {
		title = "A puzzle"
	} else {
		title = "**" + title + "**"
	}
	b.WriteString(title)
	if v.Author != "" {
		b.WriteString(" by " + neutral(v.Author, 80))
	}
	if v.Source != "" {
		b.WriteString(" (" + v.Source + ")")
	}
	b.WriteString(fmt.Sprintf(", %d×%d", v.Size, v.Size))
	if len(v.Read) > 0 {
		b.WriteString("\nRules read: " + neutral(strings.Join(v.Read, ", "), 400) + ".")
	} else {
		b.WriteString("\nRules read: rows, columns and regions only.")
	}
	if len(v.LeftAside) > 0 {
		b.WriteString("\nLeft aside: " + neutral(strings.Join(v.LeftAside, ", "), 200) +
			". The link has lines or shapes whose rules are only in the text; what follows is for the rules I read.")
	}
	if len(v.Unknown) > 0 {
		b.WriteString("\nNot read: " + neutral(strings.Join(v.Unknown, ", "), 200) +
			" (rules I don't know yet); what follows leaves them out.")
	}
	return b.String()
}

// variantBoard draws digits one row a line: givens in [brackets], empty
// cells as '.', box lines for standard regions.
func (v Variant) board(vals []int) string {
	n := v.Size
	h, w := variant.BoxShape(n)
	var b strings.Builder
	for r := 0; r < n; r++ {
		if r > 0 {
			b.WriteByte('\n')
			if v.Standard && r%h == 0 {
				groups := make([]string, n/w)
				for i := range groups {
					groups[i] = strings.Repeat("-", 3*w)
				}
				b.WriteString(strings.Join(groups, "+") + "\n")
			}
		}
		var line strings.Builder
		for c := 0; c < n; c++ {
			if v.Standard && c > 0 && c%w == 0 {
				line.WriteByte('|')
			}
			i := r*n + c
			s := string(rune(symbol(vals[i])))
			if len(v.Givens) == len(vals) && v.Givens[i] != 0 {
				line.WriteString("[" + s + "]")
			} else {
				line.WriteString(" " + s + " ")
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
	}
	return b.String()
}

func spoilerBlock(s string) string { return "||```\n" + s + "\n```||" }

// VariantSolved renders the answer to solving a variant puzzle: exactly one
// solution, several (two cells where two solutions differ), or none, the
// solution always behind spoiler bars (setters share puzzles before anyone
// has solved them). err is the context's error when the search was cut
// short.
func VariantSolved(v Variant, res variant.Result, err error, timeout string) string {
	head := v.head()
	var b strings.Builder
	b.WriteString(head + "\n")
	switch {
	case err != nil && len(res.Solutions) == 0:
		b.WriteString(fmt.Sprintf("I gave up after %s without finding a solution.", timeout))
		return fit(b.String())
	case err != nil:
		b.WriteString(fmt.Sprintf("I found a solution but gave up after %s before knowing whether it is the only one:", timeout))
	case res.Status == variant.Unique:
		b.WriteString("Exactly one solution" + legendFor(v) + ":")
	case res.Status == variant.Multiple:
		b.WriteString("Several solutions: " + differences(v.Size, res.Solutions[0], res.Solutions[1]) + ". One of them" + legendFor(v) + ":")
	default:
		b.WriteString("No solution: the rules read cannot all be kept.")
		return fit(b.String())
	}
	b.WriteString("\n" + spoilerBlock(v.board(res.Solutions[0])))
	return fit(b.String())
}

func legendFor(v Variant) string {
	for _, g := range v.Givens {
		if g != 0 {
			return " (givens in [brackets])"
		}
	}
	return ""
}

// differences names up to two cells where two solutions differ, with both
// digits behind spoiler bars: "r1c2 (||3 or 5||) and r4c4 (||1 or 2||)".
func differences(n int, a, b []int) string {
	var parts []string
	for i := range a {
		if a[i] != b[i] {
			parts = append(parts, fmt.Sprintf("%s (||%c or %c||)", variant.CellName(n, i), symbol(a[i]), symbol(b[i])))
			if len(parts) == 2 {
				break
			}
		}
	}
	return "two of them differ in " + strings.Join(parts, " and ")
}

// fit keeps a reply within MaxLen.
func fit(s string) string {
	if Len(s) <= MaxLen {
		return s
	}
	return tooLong
}

// VariantCheck is what a check of a variant grid found.
type VariantCheck struct {
	Vals   []int            // the digits checked, 0 for empty
	Broken []variant.Broken // the rules they break
	// Status is the puzzle's: Unique (then Wrong counts digits that are not
	// the solution's), Multiple or None; Completable says, for Multiple,
	// whether the digits can still be finished to a solution.
	Status      variant.Status
	Wrong       int
	Completable bool
	Err         error // the search was cut short
	Timeout     string
}

// VariantChecked renders a check of a variant grid: the rules broken, then
// how many digits are not the solution's, without naming them.
func VariantChecked(v Variant, c VariantCheck) string {
	var b strings.Builder
	b.WriteString(v.head() + "\n")
	filled, empty := 0, 0
	for _, d := range c.Vals {
		if d != 0 {
			filled++
		} else {
			empty++
		}
	}
	switch {
	case len(c.Broken) > 0:
		b.WriteString(fmt.Sprintf("Your %d digits break %s:", filled, count(len(c.Broken), "rule", "rules")))
	case c.Err != nil:
		b.WriteString(fmt.Sprintf("No rule is broken, but I gave up after %s before checking your digits against the solution.", c.Timeout))
	case c.Status == variant.None:
		b.WriteString("No rule is broken, but the puzzle has no solution with the rules read.")
	case c.Status == variant.Multiple && c.Completable:
		b.WriteString("No rule is broken and your digits can still be finished, but the puzzle has several solutions, so I can't say which digits are right.")
	case c.Status == variant.Multiple:
		b.WriteString("No rule is broken yet, but your digits cannot be finished to any solution.")
	case c.Wrong > 0:
		b.WriteString(fmt.Sprintf("No rule is broken yet, but %s not the solution's.", count(c.Wrong, "digit is", "digits are")))
	case empty == 0:
		b.WriteString("Complete and right: well done!")
	default:
		b.WriteString(fmt.Sprintf("All %d digits so far are right; %d cells to go.", filled, empty))
	}
	used := Len(b.String()) + 60
	for i, br := range c.Broken {
		line := "\n• " + neutral(br.Rule, 300)
		if used+Len(line) > MaxLen {
			b.WriteString(fmt.Sprintf("\n… and %d more", len(c.Broken)-i))
			break
		}
		b.WriteString(line)
		used += Len(line)
	}
	if len(c.Broken) > 0 && c.Status == variant.Unique && c.Err == nil && c.Wrong > 0 {
		b.WriteString(fmt.Sprintf("\nAlso, %s not the solution's.", count(c.Wrong, "digit is", "digits are")))
	}
	return fit(b.String())
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// VariantCandidates renders a puzzle's true candidates, the digits each
// cell holds in some solution, as a grid of pencil marks, and false when
// they do not fit a message (16×16): the caller attaches
// [VariantCandidatesText] instead.
func VariantCandidates(v Variant, cands []variant.Digits) (string, bool) {
	head := v.head() + "\nTrue candidates (the digits each cell holds in some solution):"
	text := head + "\n```\n" + VariantCandidatesText(v.Size, cands) + "\n```"
	if Len(text) > MaxLen {
		return head + " attached, too many for a message.", false
	}
	return text, true
}

// VariantCandidatesText writes candidates as a grid, each cell's digits
// padded to the widest cell, "-" for a cell with none.
func VariantCandidatesText(n int, cands []variant.Digits) string {
	width := 1
	for _, m := range cands {
		width = max(width, m.Count())
	}
	var b strings.Builder
	for r := 0; r < n; r++ {
		if r > 0 {
			b.WriteByte('\n')
		}
		var line strings.Builder
		for c := 0; c < n; c++ {
			if c > 0 {
				line.WriteByte(' ')
			}
			s := cands[r*n+c].String()
			line.WriteString(s + strings.Repeat(" ", width-len(s)))
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
	}
	return b.String()
}
