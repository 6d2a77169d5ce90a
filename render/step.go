package render

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/sudoku"
)

// stepText is the first level of a hint: where to look and what to look
// for, worded so that it never gives a digit of the solution away. The
// conclusions are the second level, written apart (see conclusions).
type stepText struct {
	name   string        // the technique, as a person reads it: "Skyscraper"
	where  string        // "column 4 and row 7", "r3c5", "the 12 marked cells"
	brief  string        // where, for text without the grid: "12 cells"
	digits string        // "4", "3 and 5", or "" when naming them would tell a placement
	marks  []sudoku.Cell // the pattern cells to mark in the grid
}

// The most a hint names of a pattern: more cells are "the N marked cells",
// more units are left to the marks, more digits are not listed, and a longer
// name is cut.
const (
	maxPatternCells  = 6
	maxPatternUnits  = 6
	maxPatternDigits = 6
	maxNameLen       = 72 // SE's longest, "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)", is 64
)

// namesDigits lists the placing techniques whose pattern digits may be
// named: the cell that gets the digit is not part of what is shown (a hidden
// single names its unit, not its cell; a direct hidden pair's digits are not
// the digit it places).
var namesDigits = map[logic.Technique]bool{
	logic.HiddenSingle:       true,
	logic.DirectPointing:     true,
	logic.DirectClaiming:     true,
	logic.DirectHiddenPair:   true,
	logic.DirectHiddenTriple: true,
}

// describeStep words the first level of s. A digit of the pattern is named
// only where it cannot give a placement away: never together with the cell
// that gets it (a Naked Single names its cell, not its digit; a Hidden
// Single its unit and digit, not its cell), never for a pattern of one cell
// (a BUG+1's digit is the cell's), never for a Full House (its unit's one
// empty cell is known).
func describeStep(s logic.Step, syms string) stepText {
	t := stepText{name: displayName(s)}
	if p := s.Pattern(); p.Kind != logic.NoPattern {
		// The pattern a player knows: its own cells and digits.
		s.Cells, s.Units, s.Digits = p.Cells, nil, p.Digits
	}
	placed := map[sudoku.Cell]bool{}
	for _, p := range s.Placements {
		placed[p.Cell] = true
	}
	showDigits := len(s.Digits) > 0 && len(s.Digits) <= maxPatternDigits
	switch {
	case len(s.Placements) > 0:
		showDigits = showDigits && namesDigits[s.Technique]
	case len(s.Cells) == 1:
		showDigits = false
	}
	for _, c := range s.Cells {
		if showDigits && placed[c] {
			continue // the cell that gets a named digit stays unmarked
		}
		t.marks = append(t.marks, c)
	}
	switch {
	case len(s.Units) > 0 && distinct(s.Units) <= maxPatternUnits:
		t.where = unitList(s.Units)
	case len(t.marks) > 0 && len(t.marks) <= maxPatternCells:
		names := make([]string, len(t.marks))
		for i, c := range t.marks {
			names[i] = c.String()
		}
		t.where = and(names)
	case len(t.marks) > 0:
		t.where = fmt.Sprintf("the %d marked cells", len(t.marks))
		t.brief = fmt.Sprintf("%d cells", len(t.marks))
		if len(s.Chain) > 0 && len(s.Cells) > 0 { // a chain's first cell is where it starts
			t.where += ", starting from " + s.Cells[0].String()
			t.brief += ", starting from " + s.Cells[0].String()
		}
	default:
		t.where = "the whole grid"
	}
	if t.brief == "" {
		t.brief = t.where
	}
	if showDigits {
		names := make([]string, len(s.Digits))
		for i, d := range s.Digits {
			names[i] = string(symbolIn(syms, d))
		}
		t.digits = and(names)
	}
	return t
}

// distinct counts the different units of us.
func distinct(us []sudoku.Unit) int {
	seen := map[sudoku.Unit]bool{}
	for _, u := range us {
		seen[u] = true
	}
	return len(seen)
}

// label is the technique with its digits: "Skyscraper on 4".
func (t stepText) label() string {
	if t.digits == "" {
		return t.name
	}
	return t.name + " on " + t.digits
}

// displayName is the step's name without Sukaku Explainer's internal codes
// and asides ("Grouped Skyscraper 01" is a Grouped Skyscraper, "WXYZ-Wing
// 132" a WXYZ-Wing, "3 Strong links (including blocks)" 3 Strong links): a
// word of two or more digits is such a code, and a part in parentheses an
// aside, but for the nesting of a forcing chain ("(+)", "(+ Forcing
// Chains)"). Numbers that mean something to a person ("Unique
// Loop 6 type 2") stay.
func displayName(s logic.Step) string {
	name := fullName(s)
	if r := []rune(name); len(r) > maxNameLen {
		name = strings.TrimSpace(string(r[:maxNameLen-1])) + "…"
	}
	return name
}

// fullName is [displayName] without the cut to maxNameLen, for the plain
// text of an attachment, which has no length limit.
func fullName(s logic.Step) string {
	if p := s.Pattern(); p.Kind != logic.NoPattern {
		return p.Kind.String()
	}
	name := s.Name
	if name == "" {
		name = s.Technique.String()
	}
	for {
		i := strings.IndexByte(name, '(')
		j := strings.IndexByte(name[max(i, 0):], ')')
		if i < 0 || j < 0 || strings.HasPrefix(name[i:], "(+") {
			break
		}
		name = name[:i] + name[i+j+1:]
	}
	words := strings.Fields(name)
	out := words[:0]
	for _, w := range words {
		if len(w) >= 2 && strings.Trim(w, "0123456789") == "" {
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// article returns "a " or "an " for a technique's name, or "" where none
// reads well (a gerund alone such as Pointing, plurals such as 3 Skyscrapers or
// Forcing Chains, Aligned Pair Exclusion).
func article(name string) string {
	first, _ := firstWord(name)
	switch {
	case name == "" || unicode.IsDigit(rune(name[0])),
		strings.HasSuffix(first, "ing") && !strings.Contains(first, "-") && first == name,
		strings.HasSuffix(name, "s"), strings.Contains(name, "Exclusion"):
		return ""
	case strings.HasPrefix(name, "Uni"):
		return "a "
	case strings.ContainsRune("AEIOX", rune(name[0])):
		return "an "
	}
	return "a "
}

func firstWord(s string) (string, string) {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i], s[i+1:]
	}
	return s, ""
}

// about is one sentence on how each technique works, for the first level
// of a hint. It names no cell or digit.
var about = map[logic.Technique]string{
	logic.FullHouse:          "Only one cell of that unit is empty: it takes the one digit still missing there.",
	logic.HiddenSingle:       "The digit has only one place left in that unit.",
	logic.NakedSingle:        "Only one digit can still go in that cell.",
	logic.DirectPointing:     "In the box the digit can only go in the marked cells, all on one line, so the rest of that line can't hold it; that leaves it a single place in another box.",
	logic.DirectClaiming:     "In the line the digit can only go in the marked cells, all in one box, so the rest of that box can't hold it; that leaves it a single place in another line.",
	logic.DirectHiddenPair:   "The two digits can only go in the two marked cells of the unit, so those cells hold nothing else; that leaves another digit a single place in the unit.",
	logic.DirectHiddenTriple: "The three digits can only go in the three marked cells of the unit, so those cells hold nothing else; that leaves another digit a single place in the unit.",
	logic.Pointing:           "In the box the digit can only go in the marked cells, all on one line, so no other cell of that line can hold it.",
	logic.Claiming:           "In the line the digit can only go in the marked cells, all in one box, so no other cell of that box can hold it.",
	logic.NakedPair:          "The two marked cells can only hold these two digits, so no other cell of the unit can hold them.",
	logic.NakedTriple:        "The three marked cells can only hold these three digits between them, so no other cell of the unit can hold them.",
	logic.NakedQuad:          "The four marked cells can only hold these four digits between them, so no other cell of the unit can hold them.",
	logic.HiddenPair:         "The two digits can only go in the two marked cells of the unit, so those cells can hold nothing else.",
	logic.HiddenTriple:       "The three digits can only go in the three marked cells of the unit, so those cells can hold nothing else.",
	logic.HiddenQuad:         "The four digits can only go in the four marked cells of the unit, so those cells can hold nothing else.",
	logic.XWing:              "In two lines the digit can only go in the marked cells, which lie on two crossing lines: it can't go anywhere else on those.",
	logic.Swordfish:          "In three lines the digit can only go in the marked cells, which lie on three crossing lines: it can't go anywhere else on those.",
	logic.Jellyfish:          "In four lines the digit can only go in the marked cells, which lie on four crossing lines: it can't go anywhere else on those.",
	logic.TurbotFish:         "Two units each have only two places for the digit, and one end of each sees the other: so one of the two far ends holds it, and a cell that sees both far ends can't.",
	logic.ThreeStrongLinks:   "Three units each have only two places for the digit, chained end to end: one of the two far ends holds it, so a cell that sees both can't.",
	logic.XYWing:             "The pivot cell has two candidates and sees two wing cells; whichever digit the pivot takes, one wing gets their shared digit, so a cell that sees both wings can't hold it.",
	logic.XYZWing:            "The pivot cell has three candidates and sees two wing cells; one of the three holds their shared digit, so a cell that sees all three can't.",
	logic.WXYZWing:           "The marked cells hold only as many digits as there are cells; one digit is bound to land in one of them, so a cell that sees all its places there can't hold it.",
	logic.VWXYZWing:          "The marked cells hold only as many digits as there are cells; one digit is bound to land in one of them, so a cell that sees all its places there can't hold it.",
	logic.UniqueRectangle:    "If these cells held only their two shared digits, the two could be swapped and the puzzle would have two solutions; it has one, so the pattern must be broken.",
	logic.BUG:                "If every empty cell had two candidates and every digit two places per unit, the puzzle would have two solutions; it has one, so an extra candidate must be true.",
	logic.AlignedPairExclusion: "Two cells can't take a pair of digits that would leave a cell they both see with nothing; " +
		"a candidate with no possible partner goes.",
	logic.AlignedTripleExclusion: "Three cells can't take digits that would leave a cell they all see with nothing; " +
		"a candidate with no possible combination goes.",
	logic.Cycle:                   "Links around a loop, each forcing the next whichever way it starts: candidates that break the loop go.",
	logic.ForcingXChain:           "Links on one digit, chained: if the first cell does not hold it, the last one does; a cell that sees both ends can't.",
	logic.ForcingChain:            "Follow the chain: each assumption forces the next, and every way it can go leads to the same conclusion.",
	logic.NishioForcingChain:      "Assume the digit: the chain that follows ends in a contradiction, so the assumption is false.",
	logic.MultipleForcingChain:    "Try each candidate of a cell (or each place of a digit in a unit): every one of them leads to the same conclusion.",
	logic.DynamicForcingChain:     "This forcing net follows an assumption (or each candidate of a cell or unit) through everything it forces at once, until the branches agree or one clashes.",
	logic.DynamicForcingChainPlus: "This forcing net also uses the simpler techniques along the way.",
	logic.NestedForcingChain:      "This is a forcing net inside a forcing net: the hardest kind of logic there is.",
}

// aboutPattern is one sentence on each pattern of [logic.Step.Pattern],
// for the steps that remove candidates; aboutPlacing for those that place a
// digit. Like about, it names no cell or digit.
var aboutPattern = map[logic.PatternKind]string{
	logic.WWing: "The two end cells hold only the same two digits, and one of these digits has just two places in a unit, " +
		"each seen by one end cell: so one end cell holds the other digit, and no cell that sees both ends can.",
	logic.XChain: "Links on one digit, alternately strong (its only two places in a unit) and weak (two places that see each other): " +
		"if the first cell does not hold it, the last one does, so a cell that sees both ends can't.",
	logic.XYChain: "Each marked cell holds only two digits and sees the next one, with which it shares a digit: " +
		"if the first cell does not hold the digit in question, the chain forces the last one to, so a cell that sees both ends can't hold it.",
	logic.AIC: "Links alternate between strong (if one candidate is false, the other is true: a cell's only two digits, or a digit's only two places in a unit) " +
		"and weak (the two can't both be true): one of the chain's two ends is true, and either one rules the candidate out.",
	logic.XCycle:   about[logic.Cycle],
	logic.XYCycle:  about[logic.Cycle],
	logic.NiceLoop: about[logic.Cycle],
}

var aboutPlacing = map[logic.PatternKind]string{
	logic.XChain: "Links on one digit, alternately strong (its only two places in a unit) and weak (two places that see each other): " +
		"with the digit out of the first cell, the chain forces it back in, so it goes there.",
	logic.AIC: "Links alternate between strong (if one candidate is false, the other is true) and weak (the two can't both be true): " +
		"with the candidate assumed false, the chain forces it true, so it is.",
}

// aboutStep is the sentence of [about] for s (of [aboutPattern] when s
// forms a pattern a player knows by another name), naming its unit where the
// pattern has one ("8 has only one place left in box 2" would name the
// digit, which describeStep decides on; the unit is always safe to name).
func aboutStep(s logic.Step) string {
	a := about[s.Technique]
	if p := s.Pattern(); p.Kind != logic.NoPattern {
		a = aboutPattern[p.Kind]
		if len(s.Placements) > 0 && aboutPlacing[p.Kind] != "" {
			a = aboutPlacing[p.Kind]
		}
	}
	if len(s.Units) == 1 {
		u := s.Units[0].String()
		a = strings.ReplaceAll(a, "that unit", u)
		a = strings.ReplaceAll(a, "the unit", u)
	}
	return a
}

// unitList names units as a person would: "box 1 and row 3", "rows 2 and 7,
// columns 3 and 8". Units of one kind are grouped when a kind repeats.
func unitList(units []sudoku.Unit) string {
	var kinds []sudoku.UnitKind
	nums := map[sudoku.UnitKind][]string{}
	seen := map[sudoku.Unit]bool{}
	repeat := false
	for _, u := range units {
		if seen[u] {
			continue
		}
		seen[u] = true
		if _, ok := nums[u.Kind]; !ok {
			kinds = append(kinds, u.Kind)
		} else {
			repeat = true
		}
		nums[u.Kind] = append(nums[u.Kind], fmt.Sprint(u.Number))
	}
	if !repeat {
		var names []string
		for _, u := range units {
			if seen[u] {
				names = append(names, u.String())
				delete(seen, u)
			}
		}
		return and(names)
	}
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		word := k.String()
		if len(nums[k]) > 1 {
			word += "s"
			if k == sudoku.Box {
				word = "boxes"
			}
		}
		parts[i] = word + " " + and(nums[k])
	}
	return strings.Join(parts, ", ")
}

// and joins words as a list in prose: "a", "a and b", "a, b and c".
func and(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// conclusions writes what s concludes in words, placements first, then
// the eliminations, cells that lose the same digits together: "r3c5 is 7;
// r4c9 and r8c7 can't be 4; r1c1 can't be 5 or 6". When that does not fit
// budget units of [Len], it falls back to the compact notation, cut with "…
// N more" (see notation). The result is a spoiler: callers put it in bars.
func conclusions(s logic.Step, budget int, syms string) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, fmt.Sprintf("%v is %c", p.Cell, symbolIn(syms, p.Digit)))
	}
	var cells []sudoku.Cell
	lost := map[sudoku.Cell][]string{}
	for _, e := range s.Eliminations {
		if _, ok := lost[e.Cell]; !ok {
			cells = append(cells, e.Cell)
		}
		lost[e.Cell] = append(lost[e.Cell], string(symbolIn(syms, e.Digit)))
	}
	var keys []string
	group := map[string][]string{}
	for _, c := range cells {
		k := or(lost[c])
		if _, ok := group[k]; !ok {
			keys = append(keys, k)
		}
		group[k] = append(group[k], c.String())
	}
	for _, k := range keys {
		parts = append(parts, and(group[k])+" can't be "+k)
	}
	if text := strings.Join(parts, "; "); Len(text) <= budget {
		return text
	}
	return notation(s, budget, syms)
}

// or joins words as alternatives: "a", "a or b", "a, b or c".
func or(words []string) string {
	if len(words) < 2 {
		return and(words)
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// fitItems joins n items (item(i) gives each) with sep between them, in at
// most budget units of [Len]; when they do not all fit it ends with
// tail(left), left being the number of items left out. Items are made only
// as far as they are used, so a step with thousands of conclusions costs
// what the budget holds.
func fitItems(n int, item func(i int) string, sep string, budget int, tail func(left int) string) string {
	var b strings.Builder
	used := 0
	for i := 0; i < n; i++ {
		piece := item(i)
		if i > 0 {
			piece = sep + piece
		}
		reserve := 0
		if i < n-1 {
			reserve = Len(tail(n - i - 1))
		}
		if used+Len(piece)+reserve > budget {
			if t := tail(n - i); used+Len(t) <= budget {
				b.WriteString(t)
			}
			return b.String() // only a budget smaller than any tail leaves it out
		}
		b.WriteString(piece)
		used += Len(piece)
	}
	return b.String()
}

// notation writes what s concludes as the command line does, compact for
// the explanation: "r9c7=6 r4c9<>4 r8c7<>4", within budget (see fitItems).
func notation(s logic.Step, budget int, syms string) string {
	np := len(s.Placements)
	return fitItems(np+len(s.Eliminations), func(i int) string {
		if i < np {
			return fmt.Sprintf("%v=%c", s.Placements[i].Cell, symbolIn(syms, s.Placements[i].Digit))
		}
		e := s.Eliminations[i-np]
		return fmt.Sprintf("%v<>%c", e.Cell, symbolIn(syms, e.Digit))
	}, " ", budget, func(n int) string { return fmt.Sprintf(" … %d more", n) })
}

// chainText writes the links of a chain step, "r1c2=5 → r1c7<>5 → r4c7=5",
// a new branch after "; " where a link does not follow on from the one
// before (a forcing net's links come branch by branch), within budget (see
// fitItems); "" for a step without a chain.
func chainText(s logic.Step, budget int, syms string) string {
	if len(s.Chain) == 0 {
		return ""
	}
	var pieces []string
	for i, l := range s.Chain {
		switch {
		case i == 0:
			pieces = append(pieces, nodeText(l.From, syms))
		case l.From != s.Chain[i-1].To:
			pieces = append(pieces, "; "+nodeText(l.From, syms))
		}
		pieces = append(pieces, " → "+nodeText(l.To, syms))
	}
	return fitItems(len(pieces), func(i int) string { return pieces[i] }, "", budget,
		func(n int) string { return fmt.Sprintf(" … %d more", n) })
}

func nodeText(n logic.Node, syms string) string {
	op := "<>"
	if n.On {
		op = "="
	}
	return fmt.Sprintf("%v%s%c", n.Cell, op, symbolIn(syms, n.Digit))
}

// isSingle reports whether s is one of the singles that an explanation
// groups into runs.
func isSingle(s logic.Step) bool {
	switch s.Technique {
	case logic.FullHouse, logic.HiddenSingle, logic.NakedSingle:
		return true
	}
	return false
}
