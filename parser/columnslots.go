package parser

// The columns of the cells of a field, for the reading by columns
// (columns.go): completed from those seen, evenly spaced.

// placedRows tells, for each row read one character per cell (not wide),
// whether spaces place its cells: a space before its first cell (after
// the indentation ind) or between two of them. A blank row is placed: it
// was taken as a row by its place among the others. It returns nil for
// wide rows (numbers apart by spaces), whose spaces place nothing.
func placedRows(rows []*line, ind int32, wide bool) []bool {
	if wide {
		return nil
	}
	placed := make([]bool, len(rows))
	for i, l := range rows {
		prev := l.shift + ind // the column before the first
		p := len(l.toks) == 0
		for _, t := range l.toks {
			p = p || t.col-prev > 1
			prev = t.col
		}
		placed[i] = p
	}
	return placed
}

// ones reports whether some row holds two cells side by side: rows of one
// character per cell, not cells apart by spaces.
func ones(rows []*line) bool {
	for _, l := range rows {
		for i := 1; i < len(l.toks); i++ {
			if l.toks[i].kind == tCell && l.toks[i-1].kind == tCell && l.toks[i].col-l.toks[i-1].col == 1 {
				return true
			}
		}
	}
	return false
}

// fillSlots completes the columns seen in a field (slots, sorted) to k
// columns spaced as the seen ones are, within 0..hi; hi < 0 means a line
// with no vertical lines, where each character is a cell. It fails when the
// columns seen do not fix the others.
func fillSlots(slots []int32, k int, hi int32, wide bool) ([]int32, bool) {
	if hi < 0 {
		if !wide && slots[0] == 0 && slots[len(slots)-1] < int32(k) {
			out := make([]int32, k) // one character per cell
			for i := range out {
				out[i] = int32(i)
			}
			return out, true
		}
		// Cells apart by a space (5 3     7): columns a step apart, from
		// the first column of the line (the smallest step that holds them
		// all), or, when the grid does not start there, from the first
		// column seen to the last, which must be the grid's first and last.
		g := int32(0)
		for i := 1; i < len(slots); i++ {
			g = gcd(g, slots[i]-slots[i-1])
		}
		if g < 2 {
			return nil, false
		}
		last := slots[len(slots)-1]
		lattice := func(lo, step int32) []int32 {
			out := make([]int32, k)
			for i := range out {
				out[i] = lo + int32(i)*step
			}
			return out
		}
		for step := int32(2); step <= g; step++ {
			if g%step == 0 && slots[0]%step == 0 && last <= int32(k-1)*step {
				return lattice(0, step), true
			}
		}
		if last-slots[0] != int32(k-1)*g {
			return nil, false
		}
		return lattice(slots[0], g), true
	}
	g := int32(0)
	for i := 1; i < len(slots); i++ {
		g = gcd(g, slots[i]-slots[i-1])
	}
	if g == 0 { // one column seen: the layout of boxes drawn the usual way
		return symmetricSlots(slots[0], k, hi+1)
	}
	var steps []int32
	for d := g; d >= 1; d-- {
		if g%d == 0 {
			steps = append(steps, d)
		}
	}
	var found []int32
	for _, step := range steps {
		lo := slots[0] % step
		var out []int32
		for at := lo; at <= hi; at += step {
			out = append(out, at)
		}
		if len(out) == k && contains(out, slots) {
			if found != nil {
				return nil, false
			}
			found = out
		}
	}
	return found, found != nil
}

func gcd(a, b int32) int32 {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}

// lattice returns how many columns stand from the first of slots (sorted)
// to the last at the greatest step that holds them all, or 0.
func lattice(slots []int32) int {
	g := int32(0)
	for _, c := range slots[1:] {
		g = gcd(g, c-slots[0])
	}
	if g <= 0 {
		return 0
	}
	return int((slots[len(slots)-1]-slots[0])/g) + 1
}

// evenlySpaced reports whether the columns s (sorted) are evenly spaced.
func evenlySpaced(s []int32) bool {
	for i := 2; i < len(s); i++ {
		if s[i]-s[i-1] != s[1]-s[0] {
			return false
		}
	}
	return true
}

// contains reports whether every column of sub is in all (both sorted).
func contains(all, sub []int32) bool {
	i := 0
	for _, c := range sub {
		for i < len(all) && all[i] < c {
			i++
		}
		if i == len(all) || all[i] != c {
			return false
		}
	}
	return true
}

// symmetricSlots places k columns in a field w wide where only the column
// seen holds cells: the usual layout " 5 3 . " (a space on each side and
// between cells) when the field is 2k+1 wide, or else the one layout with
// even steps and equal margins that holds the column seen; false when there
// is none or more than one.
func symmetricSlots(seen int32, k int, w int32) ([]int32, bool) {
	layout := func(lo, step int32) []int32 {
		out := make([]int32, k)
		for i := range out {
			out[i] = lo + int32(i)*step
		}
		return out
	}
	if w == int32(2*k+1) && seen%2 == 1 {
		return layout(1, 2), true
	}
	var found []int32
	for step := int32(1); int32(k-1)*step < w; step++ {
		rest := w - 1 - int32(k-1)*step
		if rest%2 != 0 {
			continue
		}
		if out := layout(rest/2, step); contains(out, []int32{seen}) {
			if found != nil {
				return nil, false
			}
			found = out
		}
	}
	return found, found != nil
}
