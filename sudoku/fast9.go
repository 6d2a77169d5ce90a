package sudoku

import (
	"context"
	"encoding/binary"
	"math/bits"
)

// The 9×9 fast path keeps, for each digit and each band (three rows), one
// 27-bit word of the cells where the digit may still go: bit (row%3)*9+col.
// A placed cell keeps its bit in its own digit's word only. On these words:
//
//   - Within a band, a digit takes one cell in each of the three rows and
//     each of the three boxes, so the row-box "triplets" it occupies form a
//     permutation. A 512-entry table keeps the triplets that belong to some
//     permutation that fits; that covers pointing and claiming inside a band
//     and finds rows or boxes that lost the digit.
//   - A box whose candidates for the digit lie in one column removes the
//     digit from that column in the other two bands (another table).
//   - Naked singles (a cell with one candidate), hidden singles in rows (from
//     each word) and, once nothing else moves, in columns (from the three
//     words of a digit; skipped at the first nodes after the root, see
//     colsAfter). Hidden singles in boxes are left out: looking for them
//     saved no guess on any test file.
//
// The search branches on a cell with two candidates when there is one, copying
// the 164-byte state into the next stack frame: a solve allocates nothing.
// The hot code avoids data-dependent branches and bounds checks where it can
// (arrays padded to 32, indexes masked): on the forum's hardest puzzles a
// third of the time went to mispredicted branches.

// state9 is the search state of the fast path.
type state9 struct {
	f     [32]uint32 // f[d*3+b]: cells of band b where digit d+1 may go (or is placed); 27-31 unused, for index masks
	open  [4]uint32  // cells of each band still empty; 3 unused
	two   [4]uint32  // open cells with two candidates, per band, as propagate left them
	dirty uint32     // bit i: f[i] changed since propagate last saw it
}

const all27 = 1<<27 - 1

// tables9 are the lookup tables of the fast path.
type tables9 struct {
	perm    [512]uint32 // permHash of a word → the 27-bit mask of its triplets in a fitting permutation; 0 if none fits
	colLock [512]uint32 // columns occupied in a band → the other bands' cells to clear: columns alone in their box
	peers   [32]uint32  // cell → the other cells of its row and box in the band
	column  [32]uint32  // cell (or column, below 9) → the three cells of its column in a band
	others  [32]uint32  // f index → the same digit's other two bands (f indexes, in bits 0-7 and 8-15) and the band (bits 16-17)
	rows3   [8]uint32   // rows of a band (bit r) → their cells
	boxes3  [8]uint32   // boxes of a band (bit k) → their cells
	digit   [32]uint8   // f index → digit - 1
	units   [128]uint32 // cell (row*9+col) → bit row, 9+col and 18+box; 81-127 unused, for index masks
}

// tab9 is a value, not a pointer, so that the hot loops index it directly.
var tab9 = *newTables9()

func newTables9() *tables9 {
	t := new(tables9)
	for x := 0; x < 512; x++ {
		for k := 0; k < 3; k++ {
			if g := x >> (3 * k) & 7; g != 0 && g&(g-1) == 0 {
				c := bits.TrailingZeros(uint(g)) + 3*k
				t.colLock[x] |= 1<<c | 1<<(c+9) | 1<<(c+18)
			}
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for occ := 0; occ < 512; occ++ {
		var m uint32
		for _, p := range perms {
			var need int
			for r, k := range p {
				need |= 1 << (r*3 + k)
			}
			if occ&need != need {
				continue
			}
			for r, k := range p {
				m |= 7 << (r*9 + 3*k)
			}
		}
		// The cells of the triplets of occ, one bit set in each: what
		// permHash reads.
		var y uint32
		for j := 0; j < 9; j++ {
			y |= uint32(occ>>j&1) << (3 * j)
		}
		t.perm[permHash(y)] = m
	}
	for p := 0; p < 27; p++ {
		r, c := p/9, p%9
		k := c / 3
		m := uint32(0x1FF) << (9 * r)
		m |= 7<<(3*k) | 7<<(9+3*k) | 7<<(18+3*k)
		t.peers[p] = m &^ (1 << p)
	}
	for i := 0; i < 27; i++ {
		d, b := i/3, i%3
		t.digit[i] = uint8(d)
		t.others[i] = uint32(d*3+(b+1)%3) | uint32(d*3+(b+2)%3)<<8 | uint32(b)<<16
	}
	for p := 0; p < 27; p++ {
		c := p % 9
		t.column[p] = 1<<c | 1<<(c+9) | 1<<(c+18)
	}
	for p := 0; p < 81; p++ {
		r, c := p/9, p%9
		t.units[p] = 1<<r | 1<<(9+c) | 1<<(18+r/3*3+c/3)
	}
	for x := 0; x < 8; x++ {
		for k := 0; k < 3; k++ {
			if x>>k&1 != 0 {
				t.rows3[x] |= 0x1FF << (9 * k)
				t.boxes3[x] |= 7<<(3*k) | 7<<(9+3*k) | 7<<(18+3*k)
			}
		}
	}
	return t
}

// solver9 is one 9×9 search.
type solver9 struct {
	ctx     context.Context
	limit   int
	count   int
	nodes   int
	guesses int64
	err     error
	first   state9
}

// solve9 is the 9×9 path of [Solve]: it sets up the bitboards of the givens
// at once (exact conflicts come from [Validate] only when there is one), then
// searches.
func solve9(ctx context.Context, g *Grid, limit int, res *Result) error {
	givens := givens9(g)
	// Per digit: the units holding it (bit r for row r, 9+c for column c,
	// 18+k for box k), and its given cells already in its words. A digit
	// given twice in a unit is a conflict, which only Validate names.
	var st state9
	var unitsOf [16]uint32
	var dup uint32
	for b, m := range givens {
		for ; m != 0; m &= m - 1 {
			p := b*27 + bits.TrailingZeros32(m)
			d := (g.cells[p] - 1) & 15 // digits 1-9 (a 9×9 grid holds no more)
			u := tab9.units[p&127]
			dup |= unitsOf[d] & u
			unitsOf[d] |= u
			st.f[(int(d)*3+b)&31] |= 1 << (p - b*27)
		}
	}
	if dup != 0 {
		return invalid(res, Validate(*g))
	}
	// The state after placing every given.
	fromUnits(&st, (*[9]uint32)(unitsOf[:9]), givens)
	s := solver9{ctx: ctx, limit: limit}
	s.search(st, 0, 0, 0, 0)
	res.Count, res.Stats.Guesses = s.count, s.guesses
	if s.count > 0 {
		res.Solution = *g
		s.first.write(&res.Solution, &st.open)
	}
	return finish(res, limit, s.err)
}

// givens9 returns the filled cells of a 9×9 grid, a 27-bit word per band
// (bit (row%3)*9+col), eight cells at a time.
func givens9(g *Grid) [3]uint32 {
	c := &g.cells
	var lo uint64 // cells 0-63
	for k := 0; k < 8; k++ {
		lo |= nonzeroBytes(binary.LittleEndian.Uint64(c[8*k:])) << (8 * k)
	}
	hi := nonzeroBytes(binary.LittleEndian.Uint64(c[64:])) | nonzeroBytes(binary.LittleEndian.Uint64(c[72:]))<<8 | (uint64(c[80])+255)>>8<<16 // cells 64-80
	return [3]uint32{uint32(lo) & all27, uint32(lo>>27) & all27, uint32(lo>>54|hi<<10) & all27}
}

// nonzeroBytes returns the bytes of x that are not 0, bit k for byte k.
func nonzeroBytes(x uint64) uint64 {
	const low7, high = 0x7F7F7F7F7F7F7F7F, 0x8080808080808080
	t := ((x&low7 + low7) | x) & high          // the high bit of each byte that is not 0
	return (t >> 7) * 0x0102040810204080 >> 56 // gathered into the top byte
}

// write stores in g the digits that a solved state holds in the cells open
// (bit per cell, per band) when the search began.
func (st *state9) write(g *Grid, open *[4]uint32) {
	for d := 0; d < 9; d++ {
		for b := 0; b < 3; b++ {
			for m := st.f[d*3+b] & open[b]; m != 0; m &= m - 1 {
				p := bits.TrailingZeros32(m)
				g.cells[b*27+p] = uint8(d + 1)
			}
		}
	}
}

// place puts digit d+1 in the cell bit of band b and clears the digit from
// the cell's peers and the other digits from the cell. It returns false if
// the cell can no longer take the digit.
func place(st *state9, d, b int, bit uint32) bool {
	i := (d*3 + b) & 31
	b &= 3
	if st.open[b]&bit == 0 {
		return st.f[i]&bit != 0 // placed already: fine if with the same digit
	}
	if st.f[i]&bit == 0 {
		return false
	}
	st.open[b] &^= bit
	p := bits.TrailingZeros32(bit) & 31
	col := tab9.column[p]
	f := &st.f
	// Clear the digit from the column in every band, and the other digits
	// from the cell, marking only the words that change (propagate then has
	// fewer unchanged words to skip, and mispredicts less doing so).
	fd := (*[3]uint32)(f[d*3 : d*3+3])
	v0, v1, v2 := fd[0]&col, fd[1]&col, fd[2]&col
	fd[0] ^= v0
	fd[1] ^= v1
	fd[2] ^= v2
	changed := (nonzero(v0) | nonzero(v1)<<1 | nonzero(v2)<<2) << (3 * d)
	fb := (*[25]uint32)(f[b : b+25])
	var m uint32
	m |= fb[0] >> p & 1
	m |= fb[3] >> p & 1 << 3
	m |= fb[6] >> p & 1 << 6
	m |= fb[9] >> p & 1 << 9
	m |= fb[12] >> p & 1 << 12
	m |= fb[15] >> p & 1 << 15
	m |= fb[18] >> p & 1 << 18
	m |= fb[21] >> p & 1 << 21
	m |= fb[24] >> p & 1 << 24
	fb[0] &^= bit
	fb[3] &^= bit
	fb[6] &^= bit
	fb[9] &^= bit
	fb[12] &^= bit
	fb[15] &^= bit
	fb[18] &^= bit
	fb[21] &^= bit
	fb[24] &^= bit
	f[i] = f[i]&^tab9.peers[p] | bit
	st.dirty |= changed | m<<b | 1<<i
	return true
}

// placeGuess is place for the open cell bit of band b, whose candidates
// are digit d+1 and the digits of others (bit e for digit e+1): only those
// digits' words hold the cell.
func placeGuess(st *state9, d, b int, bit, others uint32) {
	i := (d*3 + b) & 31
	b &= 3
	st.open[b] &^= bit
	p := bits.TrailingZeros32(bit) & 31
	col := tab9.column[p]
	fd := (*[3]uint32)(st.f[d*3 : d*3+3])
	v0, v1, v2 := fd[0]&col, fd[1]&col, fd[2]&col
	fd[0] ^= v0
	fd[1] ^= v1
	fd[2] ^= v2
	changed := (nonzero(v0)|nonzero(v1)<<1|nonzero(v2)<<2)<<(3*d) | 1<<i
	for ; others != 0; others &= others - 1 {
		j := (bits.TrailingZeros32(others)*3 + b) & 31
		st.f[j] &^= bit
		changed |= 1 << j
	}
	st.f[i] = st.f[i]&^tab9.peers[p] | bit
	st.dirty |= changed
}

// placeNaked is place for a cell whose only candidate is digit d+1: no other
// digit's word holds the cell, so only the digit's own words change.
func placeNaked(st *state9, d, b int, bit uint32) {
	i := (d*3 + b) & 31
	st.open[b&3] &^= bit
	p := bits.TrailingZeros32(bit) & 31
	col := tab9.column[p]
	fd := (*[3]uint32)(st.f[d*3 : d*3+3])
	v0, v1, v2 := fd[0]&col, fd[1]&col, fd[2]&col
	fd[0] ^= v0
	fd[1] ^= v1
	fd[2] ^= v2
	st.f[i] = st.f[i]&^tab9.peers[p] | bit
	st.dirty |= (nonzero(v0)|nonzero(v1)<<1|nonzero(v2)<<2)<<(3*d) | 1<<i
}

// permHash maps the triplets of x that hold a cell to an index of
// tables9.permH: one multiplication, by a constant found by trying random
// ones, gives each of the 512 sets of triplets its own 9 bits.
func permHash(x uint32) uint32 {
	y := (x | x>>1 | x>>2) & 0x1249249 // bit 9r+3k: triplet (r, k) holds a cell
	return uint32(uint64(y) * 0xe200802000583544 >> 55)
}

// nonzero returns 1 if v (below 1<<31) is not 0, and 0 if it is.
func nonzero(v uint32) uint32 { return (v | -v) >> 31 }

// propagate applies the band tables and singles until nothing changes, with
// column singles only if cols is set. It returns false on a contradiction.
func propagate(st *state9, cols bool) bool {
	t := &tab9
	for {
		// Digit-bands that may have changed, lowest first, until none is left.
		dirty := st.dirty
		for dirty != 0 {
			i := bits.TrailingZeros32(dirty) & 31
			dirty &= dirty - 1
			x := st.f[i]
			x &= t.perm[permHash(x)]
			if x == 0 {
				return false
			}
			st.f[i] = x
			lock := t.colLock[(x|x>>9|x>>18)&511]
			o := t.others[i]
			o0, o1 := o&31, o>>8&31
			v0, v1 := st.f[o0]&lock, st.f[o1]&lock
			st.f[o0] ^= v0
			st.f[o1] ^= v1
			dirty |= nonzero(v0)<<o0 | nonzero(v1)<<o1
			// Hidden singles in the band's rows. (Those of boxes show up as
			// rows with one triplet after the permutation table, or as naked
			// singles: testing boxes too saved no guess.) Every row of x
			// holds a cell now, so z, x without the lowest cell of each
			// row, borrows across no row.
			b := int(o>>16) & 3
			z := x & (x - (1 | 1<<9 | 1<<18))
			const low8, top = 0xFF | 0xFF<<9 | 0xFF<<18, 1<<8 | 1<<17 | 1<<26
			many := ((z&low8 + low8) | z) & top >> 8 * 511 // rows of two cells or more
			hs := x &^ z &^ many & st.open[b]
			if hs != 0 {
				// Place them. The filtering above already did the rest of a
				// placement: a row with one cell maps to that cell's box in
				// every fitting permutation, so the box holds no other cell
				// of the word, and the box's one column is locked out of the
				// other bands. What is left is to close the cells and clear
				// them from the band's other digits (x is put back after),
				// marking the words that change. The cells lie in distinct
				// boxes, so they cannot clash. (Written out here: as a
				// function call it cost 1% more instructions.) For a word w
				// below 1<<27, w+all27 has bit 27 set if and only if w is not
				// 0: shifted right by 27-3k, that bit lands on bit 3k.
				st.open[b] &^= hs
				fb := (*[25]uint32)(st.f[b : b+25])
				var m uint32
				v := fb[0] & hs
				fb[0] ^= v
				m |= (v + all27) & (1 << 27) >> 27
				v = fb[3] & hs
				fb[3] ^= v
				m |= (v + all27) & (1 << 27) >> 24
				v = fb[6] & hs
				fb[6] ^= v
				m |= (v + all27) & (1 << 27) >> 21
				v = fb[9] & hs
				fb[9] ^= v
				m |= (v + all27) & (1 << 27) >> 18
				v = fb[12] & hs
				fb[12] ^= v
				m |= (v + all27) & (1 << 27) >> 15
				v = fb[15] & hs
				fb[15] ^= v
				m |= (v + all27) & (1 << 27) >> 12
				v = fb[18] & hs
				fb[18] ^= v
				m |= (v + all27) & (1 << 27) >> 9
				v = fb[21] & hs
				fb[21] ^= v
				m |= (v + all27) & (1 << 27) >> 6
				v = fb[24] & hs
				fb[24] ^= v
				m |= (v + all27) & (1 << 27) >> 3
				st.f[i] = x
				dirty |= m << b &^ (1 << i)
			}
		}
		st.dirty = 0
		// Naked singles.
		for b := 0; b < 3; b++ {
			// The band's cells with at least one, two and three candidates.
			fb := (*[25]uint32)(st.f[b : b+25])
			x0, x1, x2, x3, x4, x5, x6, x7, x8 := fb[0], fb[3], fb[6], fb[9], fb[12], fb[15], fb[18], fb[21], fb[24]
			// Pairwise, then merged: fewer dependent steps than one running count.
			a1, a2 := x0|x1, x0&x1
			b1, b2 := x2|x3, x2&x3
			c1, c2 := x4|x5, x4&x5
			d1, d2 := x6|x7, x6&x7
			ab1, ab2, ab3 := a1|b1, a2|b2|a1&b1, a2&b1|b2&a1
			cd1, cd2, cd3 := c1|d1, c2|d2|c1&d1, c2&d1|d2&c1
			once := ab1 | cd1
			twice := ab2 | cd2 | ab1&cd1
			thrice := ab3 | cd3 | ab2&cd1 | cd2&ab1
			thrice |= twice & x8
			twice |= once & x8
			once |= x8
			open := st.open[b]
			if open&^once != 0 {
				return false
			}
			// Right for pickCell if nothing changes from here on.
			st.two[b] = open & twice &^ thrice
			for ns := open & once &^ twice; ns != 0; ns &= ns - 1 {
				bit := ns & -ns
				d := 0
				for st.f[d*3+b]&bit == 0 {
					if d++; d == 9 {
						return false // emptied by an earlier single
					}
				}
				if st.open[b]&bit == 0 {
					continue // placed by an earlier single (the same digit)
				}
				placeNaked(st, d, b, bit)
			}
		}
		if st.dirty != 0 {
			continue
		}
		if st.open[0]|st.open[1]|st.open[2] == 0 {
			return true
		}
		// Stable: look for hidden singles in columns, too costly to look
		// for at every round.
		if cols && !columnSingles(st) {
			return false
		}
		if st.dirty == 0 {
			return true
		}
	}
}

// columnSingles places the hidden singles of columns. It returns false on a
// contradiction. It looks at two digits at once, one in each half of a
// 64-bit word, and at every digit: testing which digits changed since the
// last look cost more in mispredicted branches than it saved. It finds the
// singles of every digit before placing any (placing them one digit after
// another, with the later digits looked at after the first placements,
// gave the same result, as propagate runs to a fixpoint, for more work).
func columnSingles(st *state9) bool {
	const rows = 511 | 511<<32 // the first row of each half
	f := &st.f
	c0 := uint64(^st.open[0]) * (1 | 1<<32)
	c1 := uint64(^st.open[1]) * (1 | 1<<32)
	c2 := uint64(^st.open[2]) * (1 | 1<<32)
	// Digits 1-2, 3-4, 5-6, 7-8 and 9 (alone: no digit 10), in bands 0-2:
	// the cells of a band (row%3, column) holding the digit in at least one
	// band and in at least two give the columns holding it once and twice;
	// a column holding it once, and not at a closed cell, is a single.
	x0, x1, x2 := uint64(f[0])|uint64(f[3])<<32, uint64(f[1])|uint64(f[4])<<32, uint64(f[2])|uint64(f[5])<<32
	o0, t0 := columnCounts(x0|x1|x2, x0&x1|(x0|x1)&x2)
	s0 := o0 &^ t0 &^ columnFold(x0&c0|x1&c1|x2&c2)
	x0, x1, x2 = uint64(f[6])|uint64(f[9])<<32, uint64(f[7])|uint64(f[10])<<32, uint64(f[8])|uint64(f[11])<<32
	o1, t1 := columnCounts(x0|x1|x2, x0&x1|(x0|x1)&x2)
	s1 := o1 &^ t1 &^ columnFold(x0&c0|x1&c1|x2&c2)
	x0, x1, x2 = uint64(f[12])|uint64(f[15])<<32, uint64(f[13])|uint64(f[16])<<32, uint64(f[14])|uint64(f[17])<<32
	o2, t2 := columnCounts(x0|x1|x2, x0&x1|(x0|x1)&x2)
	s2 := o2 &^ t2 &^ columnFold(x0&c0|x1&c1|x2&c2)
	x0, x1, x2 = uint64(f[18])|uint64(f[21])<<32, uint64(f[19])|uint64(f[22])<<32, uint64(f[20])|uint64(f[23])<<32
	o3, t3 := columnCounts(x0|x1|x2, x0&x1|(x0|x1)&x2)
	s3 := o3 &^ t3 &^ columnFold(x0&c0|x1&c1|x2&c2)
	x0, x1, x2 = uint64(f[24]), uint64(f[25]), uint64(f[26])
	o4, t4 := columnCounts(x0|x1|x2, x0&x1|(x0|x1)&x2)
	s4 := o4 &^ t4 &^ columnFold(x0&c0|x1&c1|x2&c2)
	if (o0^rows)|(o1^rows)|(o2^rows)|(o3^rows)|(o4^511) != 0 {
		return false // a column without one of the digits
	}
	if s0|s1|s2|s3|s4 == 0 {
		return true
	}
	return placeColumnSingles(st, &[5]uint64{s0, s1, s2, s3, s4})
}

// columnCounts returns the columns that hold a digit at least once, and at
// least twice, from the cells of a band (row%3, column) that hold it in at
// least one band (one) and in at least two (two). Like columnFold, it works
// on two digits at once, one in each half, and is small enough for the
// compiler to inline.
func columnCounts(one, two uint64) (once, twice uint64) {
	const rows = 511 | 511<<32 // the first row of each half
	a, b, c := one&rows, one>>9&rows, one>>18&rows
	return a | b | c, (two|two>>9|two>>18)&rows | a&b | (a|b)&c
}

// columnFold returns the columns of the cells of x (in any row of a band).
// Given the closed cells that hold a digit, it returns the columns where the
// digit is placed already.
func columnFold(x uint64) uint64 {
	return (x | x>>9 | x>>18) & (511 | 511<<32)
}

// placeColumnSingles places the column singles cs of columnSingles (for
// digits 2k+1 and 2k+2 in cs[k]). It returns false on a contradiction.
func placeColumnSingles(st *state9, cs *[5]uint64) bool {
	t := &tab9
	for k, m := range cs {
		for ; m != 0; m &= m - 1 {
			h := bits.TrailingZeros64(m)
			d := 2*k + h>>5
			col := t.column[h&31]
			j := d * 3 & 31
			var ok bool
			switch {
			case st.f[j]&col != 0:
				ok = place(st, d, 0, st.f[j]&col)
			case st.f[(j+1)&31]&col != 0:
				ok = place(st, d, 1, st.f[(j+1)&31]&col)
			default:
				ok = place(st, d, 2, st.f[(j+2)&31]&col)
			}
			if !ok {
				return false
			}
		}
	}
	return true
}

// colsAfter is the number of search nodes after the root that skip column
// singles. Easy puzzles are solved within a few nodes, where the check
// rarely pays: it placed a digit at 0.5% of the nodes of serg_benchmark,
// against 15% on forum_hardest and 17clue, whose searches are longer or
// end at the root. Skipping it there cut serg's instructions by 6% and
// added 1% on forum_hardest.
const colsAfter = 8

// search explores st, a copy of its own: each level of the recursion keeps
// its state in its stack frame, so nothing is allocated or zeroed.
func (s *solver9) search(state state9, d, b int, bit, others uint32) {
	st := &state
	if bit != 0 {
		placeGuess(st, d, b, bit, others)
	}
	for {
		s.nodes++
		if s.nodes&255 == 0 {
			if err := s.ctx.Err(); err != nil {
				s.err = err
				return
			}
		}
		if !propagate(st, s.nodes == 1 || s.nodes > colsAfter) {
			return
		}
		if st.open[0]|st.open[1]|st.open[2] == 0 {
			s.count++
			if s.count == 1 {
				s.first = *st
			}
			return
		}
		b, bit := pickCell(st)
		// The cell's candidates, bit d for digit d+1, gathered without a
		// branch per digit.
		p := bits.TrailingZeros32(bit)
		fb := (*[25]uint32)(st.f[b&3 : b&3+25])
		digits := fb[0]>>p&1 | fb[3]>>p&1<<1 | fb[6]>>p&1<<2 | fb[9]>>p&1<<3 |
			fb[12]>>p&1<<4 | fb[15]>>p&1<<5 | fb[18]>>p&1<<6 | fb[21]>>p&1<<7 | fb[24]>>p&1<<8
		if digits == 0 {
			return // cannot happen after propagate; kept for safety
		}
		// Try every candidate but the last on a copy; the last one reuses st.
		all := digits
		for ; digits&(digits-1) != 0; digits &= digits - 1 {
			s.guesses++
			d := bits.TrailingZeros32(digits)
			s.search(*st, d, b, bit, all&^(1<<d))
			if s.count >= s.limit || s.err != nil {
				return
			}
		}
		s.guesses++
		d := bits.TrailingZeros32(digits)
		placeGuess(st, d, b, bit, all&^(1<<d))
	}
}

// bestTwo returns the best key of pickCell among the cells two of a band
// whose open cells are open, the other bands' being open1 and open2; base is
// 127 minus the band<<5. It returns -1 if two is empty.
func bestTwo(two, open, open1, open2 uint32, base int) int {
	best := -1
	for ; two != 0; two &= two - 1 {
		p := bits.TrailingZeros32(two) & 31
		col := tab9.column[p]
		// One count: the band's peers in the low word, the column's
		// cells of the other bands (the second shifted by one) above.
		sc := bits.OnesCount64(uint64(open&tab9.peers[p]) | uint64(open1&col|(open2&col)<<1)<<32)
		best = max(best, sc<<7|(base-p))
	}
	return best
}

// pickCell returns the open cell to branch on: of the cells with two
// candidates (st.two, as propagate left it), the one with the most open
// peers, so that either choice settles the most; without such cells, one
// with the fewest candidates. Choosing among two-candidate cells this way,
// rather than taking the first, cut the guesses by 38% on forum_hardest and
// 36% on 17clue.
func pickCell(st *state9) (band int, bit uint32) {
	// The best key so far: the score above bits 0-6, which hold 127 minus
	// the cell's band<<5 | bit index, so that of equal scores the first cell
	// found wins. Taking a maximum needs no branch that mispredicts.
	o0, o1, o2 := st.open[0], st.open[1], st.open[2]
	best := bestTwo(st.two[0], o0, o1, o2, 127)
	best = max(best, bestTwo(st.two[1], o1, o2, o0, 127-1<<5))
	best = max(best, bestTwo(st.two[2], o2, o0, o1, 127-2<<5))
	if best >= 0 {
		k := 127 - best&127
		return k >> 5, 1 << (k & 31)
	}
	bestN := 10
	for b := 0; b < 3; b++ {
		for m := st.open[b]; m != 0; m &= m - 1 {
			c := m & -m
			n := 0
			for j := b; j < 27; j += 3 {
				if st.f[j]&c != 0 {
					n++
				}
			}
			if n < bestN {
				band, bit, bestN = b, c, n
			}
		}
	}
	return band, bit
}
