package generate

import "github.com/sudokubot/sudokubot/sudoku"

// transform is a symmetry of the sudoku rules: it relabels the digits,
// permutes the bands and the rows inside each band, the stacks and the
// columns inside each stack, and (for square boxes) transposes. A puzzle and
// its transform have the same number of solutions and need the same
// techniques, so the transform keeps uniqueness, minimality and the rating.
//
// Cell (r, c) of the input goes to (rows[r], cols[c]), transposed after
// that when transpose is set, holding digits[v] for v.
type transform struct {
	digits     [sudoku.MaxSize + 1]uint8
	rows, cols [sudoku.MaxSize]uint8
	transpose  bool
}

// identity returns the transform that changes nothing.
func identity(s sudoku.Shape) transform {
	var t transform
	for i := 0; i <= s.Size(); i++ {
		t.digits[i] = uint8(i)
	}
	for i := 0; i < s.Size(); i++ {
		t.rows[i], t.cols[i] = uint8(i), uint8(i)
	}
	return t
}

// newTransform returns the transform numbered id for the puzzle of a base
// seed: 0 is the identity, any other id a random transform drawn from a
// stream fixed by both numbers. With sym, the transform keeps a pattern of
// givens that is symmetric through the centre symmetric: a row that goes to
// row r' takes its mirror to the mirror of r' (the same holds for columns),
// and relabelling and transposing keep that symmetry anyway.
func newTransform(s sudoku.Shape, sym bool, base uint32, id uint16) transform {
	t := identity(s)
	if id == 0 {
		return t
	}
	r := newRNG(algorithm, 0x7472616e73 /* "trans" */, uint64(s.BoxRows), uint64(s.BoxCols), b2u(sym), uint64(base), uint64(id))
	n := s.Size()
	digits := perm(r, n)
	for v := 1; v <= n; v++ {
		t.digits[v] = uint8(digits[v-1] + 1)
	}
	// Bands hold BoxRows rows each, stacks BoxCols columns each.
	for i, p := range blockPerm(r, n/s.BoxRows, s.BoxRows, sym) {
		t.rows[i] = uint8(p)
	}
	for i, p := range blockPerm(r, n/s.BoxCols, s.BoxCols, sym) {
		t.cols[i] = uint8(p)
	}
	if s.BoxRows == s.BoxCols {
		t.transpose = r.intn(2) == 1
	}
	return t
}

// apply returns g transformed.
func (t *transform) apply(g sudoku.Grid) sudoku.Grid {
	out := g
	n := g.Size()
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			rr, cc := int(t.rows[r]), int(t.cols[c])
			if t.transpose {
				rr, cc = cc, rr
			}
			out.Set(rr, cc, int(t.digits[g.Get(r, c)]))
		}
	}
	return out
}

// perm returns a random permutation of 0..m-1.
func perm(r *rng, m int) []int {
	p := make([]int, m)
	for i := range p {
		p[i] = i
	}
	shuffle(r, p)
	return p
}

// mirrorPerm returns a random permutation p of 0..m-1 that commutes with the
// mirror x → m-1-x: p(m-1-x) = m-1-p(x). Mirror pairs go to mirror pairs,
// either way round, and an odd middle stays.
func mirrorPerm(r *rng, m int) []int {
	p := make([]int, m)
	half := m / 2
	dest := perm(r, half)
	for x := 0; x < half; x++ {
		d := dest[x]
		if r.intn(2) == 1 {
			d = m - 1 - d
		}
		p[x], p[m-1-x] = d, m-1-d
	}
	if m%2 == 1 {
		p[half] = half
	}
	return p
}

// blockPerm returns a random permutation of groups*size indices that keeps
// each run of size consecutive indices (a band of rows, a stack of columns)
// together: it moves the groups, and the indices within each group. With
// sym it also commutes with the mirror i → groups*size-1-i, so that a
// pattern symmetric through the centre stays symmetric.
func blockPerm(r *rng, groups, size int, sym bool) []int {
	p := make([]int, groups*size)
	if !sym {
		gp := perm(r, groups)
		for g := 0; g < groups; g++ {
			in := perm(r, size)
			for k := 0; k < size; k++ {
				p[g*size+k] = gp[g]*size + in[k]
			}
		}
		return p
	}
	gp := mirrorPerm(r, groups)
	for g := 0; g <= groups-1-g; g++ {
		mg := groups - 1 - g
		if g == mg {
			// The middle group stays and must itself commute with the
			// mirror.
			in := mirrorPerm(r, size)
			for k := 0; k < size; k++ {
				p[g*size+k] = g*size + in[k]
			}
			continue
		}
		in := perm(r, size)
		for k := 0; k < size; k++ {
			p[g*size+k] = gp[g]*size + in[k]
			p[mg*size+size-1-k] = gp[mg]*size + size - 1 - in[k]
		}
	}
	return p
}
