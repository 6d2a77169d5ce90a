package variant

import "fmt"

// Broken is a rule that filled digits break.
type Broken struct {
	Kind string // "row", "killer cage", ...
	Rule string // the rule for people: "row 3 has two 5s", "killer cage 15 at r1c1 r1c2"
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
			out = append(out, Broken{Kind: "digit", Rule: fmt.Sprintf("%s holds %d, beyond %d", CellName(p.Size, i), v, p.Size)})
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
				out = append(out, Broken{Kind: "group", Rule: fmt.Sprintf("%s has %d %ds", g.Name, count[d], d)})
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
			out = append(out, Broken{Kind: k.Kind(), Rule: k.String()})
		}
	}
	return out, nil
}
