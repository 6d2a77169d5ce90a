package logic

import (
	"context"
	"fmt"
	"math/bits"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// sees reports whether two cells of a 9×9 grid share a row, column or box.
func sees(a, b sudoku.Cell) bool {
	return a != b && (a.Row == b.Row || a.Col == b.Col || a.Row/3 == b.Row/3 && a.Col/3 == b.Col/3)
}

// unitsOf returns the cells of the 9×9 row, column and box of c.
func unitsOf(c sudoku.Cell) [3][]sudoku.Cell {
	var u [3][]sudoku.Cell
	for i := 0; i < 9; i++ {
		u[0] = append(u[0], sudoku.Cell{Row: c.Row, Col: i})
		u[1] = append(u[1], sudoku.Cell{Row: i, Col: c.Col})
		u[2] = append(u[2], sudoku.Cell{Row: c.Row/3*3 + i/3, Col: c.Col/3*3 + i%3})
	}
	return u
}

// conjugate reports whether digit d has exactly the two places a and b in
// some unit of g.
func conjugate(g *Grid, a, b sudoku.Cell, d int) bool {
	for _, u := range unitsOf(a) {
		n, hasB := 0, false
		for _, c := range u {
			if g.HasCandidate(c, d) {
				n++
				hasB = hasB || c == b
			}
		}
		if n == 2 && hasB && g.HasCandidate(a, d) {
			return true
		}
	}
	return false
}

// checkLink verifies one link of a static chain on g: a strong link (off to
// on) is a cell's only two candidates or a digit's only two places in a
// unit; a weak link (on to off) joins two candidates of a cell or one digit
// in two cells that see each other.
func checkLink(g *Grid, l Link) error {
	a, b := l.From, l.To
	if !g.HasCandidate(a.Cell, a.Digit) || !g.HasCandidate(b.Cell, b.Digit) {
		return fmt.Errorf("%v → %v: not candidates", a, b)
	}
	switch {
	case a.On == b.On:
		return fmt.Errorf("%v → %v does not alternate", a, b)
	case !a.On && a.Cell == b.Cell:
		if g.Candidates(a.Cell) != 1<<(a.Digit-1)|1<<(b.Digit-1) || a.Digit == b.Digit {
			return fmt.Errorf("%v → %v: the cell does not hold just these two", a, b)
		}
	case !a.On:
		if a.Digit != b.Digit || !conjugate(g, a.Cell, b.Cell, a.Digit) {
			return fmt.Errorf("%v → %v: not the digit's only two places in a unit", a, b)
		}
	case a.Cell == b.Cell:
		if a.Digit == b.Digit {
			return fmt.Errorf("%v → %v: same candidate", a, b)
		}
	default:
		if a.Digit != b.Digit || !sees(a.Cell, b.Cell) {
			return fmt.Errorf("%v → %v: the places do not see each other", a, b)
		}
	}
	return nil
}

// verifyPattern checks from g's candidates alone (g is the grid the step was
// found on) that the cells and digits of p form the pattern it names and
// prove the step's conclusions.
func verifyPattern(g *Grid, s Step, p Pattern) error {
	for _, l := range s.Chain {
		if err := checkLink(g, l); err != nil {
			return err
		}
	}
	cells := p.Cells
	elimOne := func() (Candidate, error) {
		if len(s.Eliminations) != 1 || len(s.Placements) != 0 {
			return Candidate{}, fmt.Errorf("%v: want one elimination", s)
		}
		return s.Eliminations[0], nil
	}
	switch p.Kind {
	case WWing:
		e, err := elimOne()
		if err != nil {
			return err
		}
		if len(cells) != 4 || len(p.Digits) != 2 {
			return fmt.Errorf("W-Wing of cells %v digits %v", cells, p.Digits)
		}
		a, ea, fb, b := cells[0], cells[1], cells[2], cells[3]
		pair := uint32(1)<<(p.Digits[0]-1) | 1<<(p.Digits[1]-1)
		if g.Candidates(a) != pair || g.Candidates(b) != pair {
			return fmt.Errorf("W-Wing ends %v %v do not hold just %v", a, b, p.Digits)
		}
		x := p.Digits[0] + p.Digits[1] - e.Digit // the linking digit
		if e.Digit == x || pair&(1<<(e.Digit-1)) == 0 {
			return fmt.Errorf("W-Wing removes %d, not one of %v", e.Digit, p.Digits)
		}
		if !sees(a, ea) || !sees(b, fb) || !conjugate(g, ea, fb, x) {
			return fmt.Errorf("W-Wing: no strong link on %d from %v's peer %v to %v's peer %v", x, a, ea, b, fb)
		}
		if !sees(e.Cell, a) || !sees(e.Cell, b) {
			return fmt.Errorf("W-Wing: %v does not see both ends", e.Cell)
		}
	case XYChain:
		e, err := elimOne()
		if err != nil {
			return err
		}
		if len(cells) < 3 {
			return fmt.Errorf("XY-Chain of %d cells", len(cells))
		}
		// If the first cell is not e.Digit it is its other digit; each next
		// cell then loses the digit it shares, and takes its other one: the
		// last must come out as e.Digit.
		v := e.Digit
		for i, c := range cells {
			m := g.Candidates(c)
			if bits.OnesCount32(m) != 2 || m&(1<<(v-1)) == 0 {
				return fmt.Errorf("XY-Chain cell %v (%b) does not hold two digits with %d", c, m, v)
			}
			if i > 0 && !sees(cells[i-1], c) {
				return fmt.Errorf("XY-Chain cells %v and %v do not see each other", cells[i-1], c)
			}
			v = bits.TrailingZeros32(m&^(1<<(v-1))) + 1
		}
		if v != e.Digit || !sees(e.Cell, cells[0]) || !sees(e.Cell, cells[len(cells)-1]) {
			return fmt.Errorf("XY-Chain ends on %d, or %v does not see both ends", v, e.Cell)
		}
	case XChain:
		if len(p.Digits) != 1 {
			return fmt.Errorf("X-Chain on digits %v", p.Digits)
		}
		d := p.Digits[0]
		var strong func(i int) bool
		if len(s.Placements) > 0 {
			// The placed cell first: strong links from it and back to it.
			if s.Placements[0] != (Candidate{cells[0], d}) {
				return fmt.Errorf("X-Chain places %v, not its first cell's %d", s.Placements[0], d)
			}
			cells = append(cells, cells[0])
			strong = func(i int) bool { return i%2 == 0 || i == len(cells)-2 }
		} else {
			e, err := elimOne()
			if err != nil {
				return err
			}
			if e.Digit != d || len(cells)%2 != 0 || !sees(e.Cell, cells[0]) || !sees(e.Cell, cells[len(cells)-1]) {
				return fmt.Errorf("X-Chain of %d cells on %d removes %v", len(cells), d, e)
			}
			strong = func(i int) bool { return i%2 == 0 }
		}
		for i := 0; i+1 < len(cells); i++ {
			a, b := cells[i], cells[i+1]
			if !g.HasCandidate(a, d) || !sees(a, b) || strong(i) && !conjugate(g, a, b, d) {
				return fmt.Errorf("X-Chain link %v-%v on %d (strong %v) fails", a, b, d, strong(i))
			}
		}
	case AIC, NiceLoop, XCycle, XYCycle:
		// The links are checked above; the kind is a matter of which.
		inCell, strongInUnit, weakInCell := false, false, false
		for _, l := range s.Chain {
			same := l.From.Cell == l.To.Cell
			inCell = inCell || same
			strongInUnit = strongInUnit || l.To.On && !same
			weakInCell = weakInCell || !l.To.On && same
		}
		switch p.Kind {
		case XCycle:
			if inCell || len(p.Digits) != 1 {
				return fmt.Errorf("X-Cycle with links within cells, or on digits %v", p.Digits)
			}
		case XYCycle:
			if strongInUnit || weakInCell {
				return fmt.Errorf("XY-Cycle with a strong link in a unit or a weak one in a cell")
			}
		default:
			if !inCell || !strongInUnit && !weakInCell {
				return fmt.Errorf("%v that is an X- or XY- chain", p.Kind)
			}
		}
	default:
		return fmt.Errorf("unknown pattern %v", p.Kind)
	}
	return nil
}

// linkKinds writes the kind of each link of a chain: c (within a cell) or
// u (within a unit), then s (strong: to on) or w (weak: to off).
func linkKinds(chain []Link) string {
	out := ""
	for i, l := range chain {
		if i > 0 {
			out += " "
		}
		if l.From.Cell == l.To.Cell {
			out += "c"
		} else {
			out += "u"
		}
		if l.To.On {
			out += "s"
		} else {
			out += "w"
		}
	}
	return out
}

// TestPatterns follows the paths of real puzzles, checks every chain step
// that forms a pattern against the candidates it was found on, and checks
// that each pattern occurs (the samples hold every one) while the ratings
// stay Sukaku Explainer's: the chain steps themselves are SE's.
func TestPatterns(t *testing.T) {
	puzzles := readRated(t, "testdata/se_sample.csv", false)
	puzzles = append(puzzles, readRated(t, "testdata/se_patterns.csv", false)...)
	seen := map[PatternKind]int{}
	for _, p := range puzzles {
		g := mustNew(t, grid81(t, p.puzzle))
		rep, err := Explain(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Rating.String() != p.rating {
			t.Errorf("line %d: rated %v, SE %s", p.line, rep.Rating, p.rating)
		}
		w := g.Clone()
		for i, s := range rep.Path {
			if pt := s.Pattern(); pt.Kind != NoPattern {
				seen[pt.Kind]++
				if err := verifyPattern(w, s, pt); err != nil {
					t.Errorf("line %d step %d %v (%v): %v", p.line, i+1, s, pt.Kind, err)
				}
				// The most specific name: the implications of a chain named
				// AIC are not those of a W-Wing (the kinds of its links, in
				// a cell or in a unit, strong or weak, say so).
				if pt.Kind == AIC && linkKinds(s.Chain) == "uw cs uw us uw cs uw" {
					t.Errorf("line %d step %d %v: named %v, but its links are a W-Wing's", p.line, i+1, s, pt.Kind)
				}
			} else if s.Technique == ForcingChain || s.Technique == Cycle {
				t.Errorf("line %d step %d %v: no pattern", p.line, i+1, s)
			}
			if err := w.Apply(s); err != nil {
				t.Fatal(err)
			}
		}
	}
	for k := WWing; k < numPatterns; k++ {
		if seen[k] == 0 {
			t.Errorf("no %v in the samples", k)
		}
	}
	t.Logf("patterns: %v", seen)
}

// TestPatternOfOtherSteps: steps other than chains, and chains SE names as
// a player does, form no pattern of their own.
func TestPatternOfOtherSteps(t *testing.T) {
	chain := []Link{
		{Node{Candidate{sudoku.Cell{Row: 0, Col: 0}, 1}, true}, Node{Candidate{sudoku.Cell{Row: 0, Col: 5}, 1}, false}},
		{Node{Candidate{sudoku.Cell{Row: 0, Col: 5}, 1}, false}, Node{Candidate{sudoku.Cell{Row: 4, Col: 5}, 1}, true}},
	}
	for _, s := range []Step{
		{Technique: XYWing, Name: "XY-Wing"},
		{Technique: ForcingXChain, Name: "Turbot Fish", Chain: chain},
		{Technique: DynamicForcingChain, Name: "Dynamic Forcing Chains", Chain: chain},
		{Technique: ForcingChain, Name: "Forcing Chain", Chain: chain}, // does not end where it starts
	} {
		if p := s.Pattern(); p.Kind != NoPattern {
			t.Errorf("%s: pattern %v", s.Name, p.Kind)
		}
	}
}
