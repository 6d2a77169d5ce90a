package variant

import "fmt"

// Broken is a rule that filled digits break.
type Broken struct {
	Kind string // "row", "killer cage", ...
	Rule string // the rule for people: "row 3 has two 5s", "killer cage 15 at r1c1 r1c2"
	// Cells are where it breaks: the cells of a repeated digit, or the
	// rule's cells.
	Cells []int
}

// Check returns the rules that the digits of vals (Size*Size, 0 for an
// empty cell) break: a digit repeated in a row, column, region or group,
// a digit outside 1..Size, and every constraint whose [Constraint.Broken]
// says so. It does not solve; see [Solve] for whether the grid can be
// finished.
func Check(p *Puzzle, vals []int) ([]Broken, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if len(vals) != p.Size*p.Size {
		return nil, &PuzzleError{Where: fmt.Sprintf("%d digits for %d cells", len(vals), p.Size*p.Size), Err: ErrGivens}
	}
	var out []Broken
	for i, v := range vals {
		if v < 0 || v > p.Size {
			out = append(out, Broken{Kind: "digit", Rule: fmt.Sprintf("%s holds %d, beyond %d", CellName(p.Size, i), v, p.Size), Cells: []int{i}})
		}
	}
	for _, g := range p.allGroups() {
		count := map[int]int{}
		for _, c := range g.Cells {
			if v := vals[c]; v > 0 && v <= p.Size {
				count[v]++
			}
		}
		for d := 1; d <= p.Size; d++ {
			if count[d] > 1 {
				var cells []int
				for _, c := range g.Cells {
					if vals[c] == d {
						cells = append(cells, c)
					}
				}
				out = append(out, Broken{Kind: "group", Rule: fmt.Sprintf("%s has %d %ds", g.Name, count[d], d), Cells: cells})
			}
		}
	}
	clean := make([]int, len(vals))
	for i, v := range vals {
		if v > 0 && v <= p.Size {
			clean[i] = v
		}
	}
	for _, k := range p.Constraints {
		if k.Broken(clean) {
			rule := k.String()
			if e, ok := k.(explainer); ok {
				if why := e.why(clean); why != "" {
					rule += ": " + why
				}
			}
			out = append(out, Broken{Kind: k.Kind(), Rule: rule, Cells: k.Cells()})
		}
	}
	return out, nil
}

// explainer is a rule that says how filled digits break it.
type explainer interface {
	why(vals []int) string
}

func (k *Cage) why(vals []int) string {
	if k.Distinct {
		var seen Digits
		for _, c := range k.cells {
			if v := vals[c]; v != 0 {
				if seen.Has(v) {
					return fmt.Sprintf("repeats %d", v)
				}
				seen |= Digit(v)
			}
		}
	}
	sum, full := total(vals, k.cells)
	if full {
		return fmt.Sprintf("sums to %d, not %d", sum, k.Sum)
	}
	return fmt.Sprintf("already sums to %d, more than %d", sum, k.Sum)
}

func (l *Line) why(vals []int) string {
	for _, p := range l.pairs {
		a, b := l.cells[p[0]], l.cells[p[1]]
		x, y := vals[a], vals[b]
		if x == 0 || y == 0 || l.allows[x].Has(y) {
			continue
		}
		switch l.kind {
		case "thermometer":
			return fmt.Sprintf("not increasing at %s→%s (%d, %d)", CellName(l.size, a), CellName(l.size, b), x, y)
		case "slow thermometer":
			return fmt.Sprintf("decreasing at %s→%s (%d, %d)", CellName(l.size, a), CellName(l.size, b), x, y)
		}
		return fmt.Sprintf("%s and %s (%d, %d) break it", CellName(l.size, a), CellName(l.size, b), x, y)
	}
	return ""
}
