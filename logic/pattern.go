package logic

import (
	"fmt"
	"sort"

	"github.com/sudokubot/sudokubot/sudoku"
)

// PatternKind is a named pattern that players know, which Sukaku Explainer
// finds and rates as a generic chain. SE v1.15.10 has no W-Wing, X-Chain,
// XY-Chain or AIC rung of its own (its W-Wing is commented out of its
// ladder): its forcing chains and bidirectional cycles find them, under their
// chain names and ratings. [Step.Pattern] tells which pattern a chain step's
// implications form, so that a hint can name it as a person would.
type PatternKind uint8

// The patterns, from the most specific.
const (
	NoPattern PatternKind = iota
	// WWing: two cells holding only the same two digits x and y, and a
	// strong link on x (a unit where x has only two places) whose ends
	// each see one of the two cells: one of the two holds y.
	WWing
	// XChain: a chain of links on one digit, alternately strong (the digit
	// has only two places in a unit) and weak (two places that see each
	// other).
	XChain
	// XYChain: a chain of cells holding two digits each, every cell seeing
	// the next and sharing a digit with it.
	XYChain
	// AIC: an alternating inference chain, strong and weak links in turn,
	// mixing links within a cell and links within a unit.
	AIC
	// XCycle: a loop of links on one digit, alternately strong and weak.
	XCycle
	// XYCycle: a loop of cells holding two digits each, every cell seeing
	// the next and sharing a digit with it.
	XYCycle
	// NiceLoop: a continuous loop of strong and weak links in turn, within
	// cells and within units.
	NiceLoop
	numPatterns
)

var patternNames = [...]string{
	NoPattern: "",
	WWing:     "W-Wing",
	XChain:    "X-Chain",
	XYChain:   "XY-Chain",
	AIC:       "Alternating Inference Chain",
	XCycle:    "X-Cycle",
	XYCycle:   "XY-Cycle",
	NiceLoop:  "Continuous Nice Loop",
}

// String returns the pattern's name as players write it ("W-Wing",
// "XY-Chain"); "" for NoPattern.
func (k PatternKind) String() string {
	if k < numPatterns {
		return patternNames[k]
	}
	return fmt.Sprintf("PatternKind(%d)", uint8(k))
}

// Pattern is what a chain step's implications form, in a player's terms.
type Pattern struct {
	Kind PatternKind
	// Cells are the pattern's cells in the order of the chain, without the
	// cell whose candidate an elimination removes: the two-digit cells and
	// the ends of the strong link between them for a W-Wing (first cell,
	// the end it sees, the other end, second cell), the chain's cells for
	// the others.
	Cells []sudoku.Cell
	// Digits are the pattern's digits in ascending order: the digit of an
	// X-Chain or X-Cycle, the two digits of a W-Wing.
	Digits []int
}

// Pattern names the pattern a chain step's implications form, when Sukaku
// Explainer's step is one a player knows under another name: its forcing
// chains (X-Chain, Forcing Chain) and bidirectional cycles found through one
// chain of single implications. A forcing chain that removes a candidate is
// a W-Wing, an X-Chain, an XY-Chain or, failing those, an Alternating
// Inference Chain; one that places a digit is an X-Chain or an AIC; a
// cycle is an X-Cycle, an XY-Cycle or a Continuous Nice Loop. Other steps,
// and chains SE already names as a player does (Turbot Fish), give
// NoPattern. The step itself (its Name, Rating and conclusions) is SE's.
func (s Step) Pattern() Pattern {
	switch s.Technique {
	case ForcingXChain, ForcingChain, Cycle:
	default:
		return Pattern{}
	}
	if s.Name == "Turbot Fish" || len(s.Chain) < 2 {
		return Pattern{}
	}
	nodes := make([]Node, 0, len(s.Chain)+1)
	nodes = append(nodes, s.Chain[0].From)
	for i, l := range s.Chain {
		if i > 0 && l.From != s.Chain[i-1].To {
			return Pattern{} // not a single chain (a net)
		}
		nodes = append(nodes, l.To)
	}
	for _, l := range s.Chain {
		// A chain alternates: strong links (off to on), weak links (on to
		// off), each within a cell (two digits) or a unit (one digit).
		if l.From.On == l.To.On || !linked(l.From.Candidate, l.To.Candidate) {
			return Pattern{}
		}
	}
	first, last := nodes[0], nodes[len(nodes)-1]
	if first.Candidate != last.Candidate {
		return Pattern{}
	}
	var inner []Node // the nodes that make the pattern
	var kind PatternKind
	switch {
	case s.Technique == Cycle:
		if !first.On || !last.On {
			return Pattern{}
		}
		inner = nodes[:len(nodes)-1]
		kind = chainKind3(nodes, XCycle, XYCycle, NiceLoop)
	case first.On && !last.On:
		// The candidate removed is the assumption; the chain proper runs
		// from the second node (off) to the one before last (on): one of
		// its ends holds, and each rules the candidate out.
		inner = nodes[1 : len(nodes)-1]
		if isWWing(nodes) {
			kind = WWing
		} else {
			kind = chainKind3(nodes, XChain, XYChain, AIC)
		}
	case !first.On && last.On:
		// The candidate is placed: with it off, the chain forces it on.
		inner = nodes[:len(nodes)-1]
		kind = chainKind3(nodes, XChain, AIC, AIC)
	default:
		return Pattern{}
	}
	p := Pattern{Kind: kind}
	seen := map[sudoku.Cell]bool{}
	digits := map[int]bool{}
	for _, n := range inner {
		if !seen[n.Cell] {
			seen[n.Cell] = true
			p.Cells = append(p.Cells, n.Cell)
		}
		if !digits[n.Digit] {
			digits[n.Digit] = true
			p.Digits = append(p.Digits, n.Digit)
		}
	}
	sort.Ints(p.Digits)
	return p
}

// linked reports whether a link may join a and b: two digits of one cell,
// or one digit in two cells (of a unit: the step says so, as the pattern
// reads no grid).
func linked(a, b Candidate) bool {
	if a.Cell == b.Cell {
		return a.Digit != b.Digit
	}
	return a.Digit == b.Digit
}

// chainKind3 classifies a chain of links (nodes in order): one digit
// throughout (x), strong links all within cells and weak links all within
// units (xy: the cells of the strong links hold two digits each), or mixed.
func chainKind3(nodes []Node, x, xy, mixed PatternKind) PatternKind {
	oneDigit, bivalue := true, true
	for i := 1; i < len(nodes); i++ {
		a, b := nodes[i-1], nodes[i]
		inCell := a.Cell == b.Cell
		oneDigit = oneDigit && !inCell
		if b.On { // strong link: within a cell for an XY-Chain
			bivalue = bivalue && inCell
		} else { // weak link: within a unit
			bivalue = bivalue && !inCell
		}
	}
	switch {
	case oneDigit:
		return x
	case bivalue:
		return xy
	}
	return mixed
}

// isWWing reports whether the nodes of an eliminating forcing chain form a
// W-Wing: z=y, A<>y, A=x, E<>x, F=x, B<>x, B=y, z<>y with A and B holding
// only x and y (their links within the cell say so: in a static chain a cell
// link from off to on needs a cell of two candidates), E seeing A, E=F a
// strong link on x, F seeing B.
func isWWing(n []Node) bool {
	if len(n) != 8 {
		return false
	}
	z, a1, a2, e, f, b1, b2 := n[0], n[1], n[2], n[3], n[4], n[5], n[6]
	y, x := z.Digit, a2.Digit
	return a1.Digit == y && a1.Cell != z.Cell && a2.Cell == a1.Cell && x != y &&
		e.Digit == x && e.Cell != a2.Cell &&
		f.Digit == x && f.Cell != e.Cell &&
		b1.Digit == x && b1.Cell != f.Cell &&
		b2.Cell == b1.Cell && b2.Digit == y && b2.Cell != a1.Cell
}
