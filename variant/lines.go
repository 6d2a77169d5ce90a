package variant

import "fmt"

// Line is a rule that pairs of cells along a line satisfy one relation:
// thermometers and slow thermometers (each step), German whispers (each
// step), palindromes (cells mirrored about the middle), clones (cell by
// cell), nabner lines (every two cells).
type Line struct {
	kind   string
	size   int
	cells  []int
	pairs  [][2]int // indexes into cells
	allows [MaxSize + 1]Digits
}

func newLine(kind string, size int, cells []int, pairs [][2]int, ok func(x, y int) bool) *Line {
	l := &Line{kind: kind, size: size, cells: cells, pairs: pairs}
	for x := 1; x <= size; x++ {
		for y := 1; y <= size; y++ {
			if ok(x, y) {
				l.allows[x] |= Digit(y)
			}
		}
	}
	return l
}

func steps(n int) [][2]int {
	var ps [][2]int
	for i := 0; i+1 < n; i++ {
		ps = append(ps, [2]int{i, i + 1})
	}
	return ps
}

// NewThermo returns a thermometer from its bulb: digits increase along it.
func NewThermo(size int, cells []int) *Line {
	return newLine("thermometer", size, cells, steps(len(cells)), Less)
}

// NewSlowThermo returns a slow thermometer: digits never decrease along it.
func NewSlowThermo(size int, cells []int) *Line {
	return newLine("slow thermometer", size, cells, steps(len(cells)), NotMore)
}

// WhisperGap is the least difference of neighbours on a German whispers
// line: half the size rounded up (5 on 9×9).
func WhisperGap(size int) int { return (size + 1) / 2 }

// NewWhispers returns a German whispers line.
func NewWhispers(size int, cells []int) *Line {
	return newLine("German whispers line", size, cells, steps(len(cells)), AtLeastApart(WhisperGap(size)))
}

// NewWhispersGap returns a whispers line whose neighbours differ by gap or
// more (Dutch whispers: 4 on 9×9); the default gap makes [NewWhispers].
func NewWhispersGap(size, gap int, cells []int) *Line {
	if gap == WhisperGap(size) {
		return NewWhispers(size, cells)
	}
	kind := fmt.Sprintf("whispers line (neighbours %d or more apart)", gap)
	return newLine(kind, size, cells, steps(len(cells)), AtLeastApart(gap))
}

// NewPalindrome returns a palindrome: the line reads the same both ways.
func NewPalindrome(size int, cells []int) *Line {
	var ps [][2]int
	for i, j := 0, len(cells)-1; i < j; i, j = i+1, j-1 {
		ps = append(ps, [2]int{i, j})
	}
	return newLine("palindrome", size, cells, ps, Equal)
}

// NewClone returns a clone: cells[i] and clone[i] hold the same digit.
func NewClone(size int, cells, clone []int) *Line {
	all := append(append([]int{}, cells...), clone...)
	var ps [][2]int
	for i := range min(len(cells), len(clone)) {
		ps = append(ps, [2]int{i, len(cells) + i})
	}
	return newLine("clone", size, all, ps, Equal)
}

// NewNabner returns a nabner line: no two of its digits are equal or
// consecutive.
func NewNabner(size int, cells []int) *Line {
	var ps [][2]int
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			ps = append(ps, [2]int{i, j})
		}
	}
	return newLine("nabner line", size, cells, ps, func(x, y int) bool { return x-y > 1 || y-x > 1 })
}

// Kind names the rule.
func (l *Line) Kind() string { return l.kind }

// String names the rule with its cells, for people.
func (l *Line) String() string {
	sep := " "
	if l.kind == "thermometer" || l.kind == "slow thermometer" {
		sep = "→"
	}
	s := l.kind + " "
	for i, c := range l.cells {
		if i > 0 {
			s += sep
		}
		s += CellName(l.size, c)
	}
	return s
}

// Cells are the line's cells.
func (l *Line) Cells() []int { return l.cells }

// Prune runs the pairs to a fixed point along the line.
func (l *Line) Prune(s *State) bool {
	for changed := true; changed; {
		changed = false
		for _, p := range l.pairs {
			a, b := l.cells[p[0]], l.cells[p[1]]
			ca, cb := s.cand[a], s.cand[b]
			var forA, forB Digits
			for m := ca; m != 0; m &= m - 1 {
				x := Digits(m & -m).Min()
				if al := l.allows[x] & cb; al != 0 {
					forB |= al
					forA |= Digit(x)
				}
			}
			if forA != ca || forB != cb {
				changed = true
				if !s.Keep(a, forA) || !s.Keep(b, forB) {
					return false
				}
			}
		}
	}
	return true
}

// Broken reports a pair of filled cells the relation forbids.
func (l *Line) Broken(vals []int) bool {
	for _, p := range l.pairs {
		x, y := vals[l.cells[p[0]]], vals[l.cells[p[1]]]
		if x != 0 && y != 0 && !l.allows[x].Has(y) {
			return true
		}
	}
	return false
}

// Between is a between line: the digits on the line lie strictly between
// the digits in the circles at its two ends.
type Between struct {
	size  int
	cells []int // the ends first and last
}

// NewBetween returns a between line.
func NewBetween(size int, cells []int) *Between { return &Between{size: size, cells: cells} }

// Kind names the rule.
func (b *Between) Kind() string { return "between line" }

// String names the rule with its cells, for people.
func (b *Between) String() string { return "between line " + cellList(b.size, b.cells) }

// Cells are the line's cells.
func (b *Between) Cells() []int { return b.cells }

// Prune keeps the end pairs that leave every middle cell a digit between
// them, and the middle digits those pairs allow.
func (b *Between) Prune(s *State) bool {
	a, z := b.cells[0], b.cells[len(b.cells)-1]
	return pruneByEnds(s, b.cells, func(x, y int) (Digits, bool) {
		return Range(min(x, y)+1, max(x, y)-1), a != z || x == y
	})
}

// pruneByEnds narrows a line whose ends decide what its middle may hold:
// middle(x, y) is the set the middle cells may hold with x and y at the
// ends, or false when the ends may not be x and y. It keeps the end pairs
// that leave every middle cell a digit of their set, and the middle
// digits those pairs allow.
func pruneByEnds(s *State, cells []int, middle func(x, y int) (Digits, bool)) bool {
	a, z := cells[0], cells[len(cells)-1]
	mid := cells[1 : len(cells)-1]
	var forA, forZ Digits
	support := make([]Digits, len(mid))
	for ma := s.cand[a]; ma != 0; ma &= ma - 1 {
		x := Digits(ma & -ma).Min()
		for mz := s.cand[z]; mz != 0; mz &= mz - 1 {
			y := Digits(mz & -mz).Min()
			in, ok := middle(x, y)
			for _, c := range mid {
				if !ok || s.cand[c]&in == 0 {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			forA |= Digit(x)
			forZ |= Digit(y)
			for i, c := range mid {
				support[i] |= s.cand[c] & in
			}
		}
	}
	if !s.Keep(a, forA) || !s.Keep(z, forZ) {
		return false
	}
	for i, c := range mid {
		if !s.Keep(c, support[i]) {
			return false
		}
	}
	return true
}

// Broken reports a filled middle digit not strictly between filled ends.
func (b *Between) Broken(vals []int) bool {
	x, y := vals[b.cells[0]], vals[b.cells[len(b.cells)-1]]
	if x == 0 || y == 0 {
		return false
	}
	lo, hi := min(x, y), max(x, y)
	for _, c := range b.cells[1 : len(b.cells)-1] {
		if v := vals[c]; v != 0 && (v <= lo || v >= hi) {
			return true
		}
	}
	return false
}

// Renban is a renban line: its digits are a set of consecutive digits in
// any order, none repeated.
type Renban struct {
	size  int
	cells []int
}

// NewRenban returns a renban line.
func NewRenban(size int, cells []int) *Renban { return &Renban{size: size, cells: cells} }

// Kind names the rule.
func (r *Renban) Kind() string { return "renban line" }

// String names the rule with its cells, for people.
func (r *Renban) String() string { return "renban line " + cellList(r.size, r.cells) }

// Cells are the line's cells.
func (r *Renban) Cells() []int { return r.cells }

// Prune keeps the digits of the runs each cell can take part in.
func (r *Renban) Prune(s *State) bool {
	k := len(r.cells)
	support := make([]Digits, k)
	any := false
	for lo := 1; lo+k-1 <= r.size; lo++ {
		run := Range(lo, lo+k-1)
		var cover Digits
		ok := true
		for _, c := range r.cells {
			m := s.cand[c] & run
			if m == 0 {
				ok = false
				break
			}
			cover |= m
		}
		if !ok || cover != run {
			continue
		}
		any = true
		for i, c := range r.cells {
			support[i] |= s.cand[c] & run
		}
	}
	if !any {
		return false
	}
	for i, c := range r.cells {
		if !s.Keep(c, support[i]) {
			return false
		}
	}
	return true
}

// Broken reports a repeated digit or filled digits too far apart for a run.
func (r *Renban) Broken(vals []int) bool {
	var seen Digits
	for _, c := range r.cells {
		v := vals[c]
		if v == 0 {
			continue
		}
		if seen.Has(v) {
			return true
		}
		seen |= Digit(v)
	}
	return seen != 0 && seen.Max()-seen.Min() >= len(r.cells)
}

// Windows is a rule on every run of three neighbouring cells along a line:
// their digits fall in three different classes. An entropic line's classes
// are low, middle and high digits (1-3, 4-6, 7-9 on 9×9); a modular line's
// are the remainders modulo 3.
type Windows struct {
	kind  string
	size  int
	cells []int
	class [MaxSize + 1]int
}

// NewEntropic returns an entropic line, or nil when the size is not a
// multiple of 3 (the classes would not be equal).
func NewEntropic(size int, cells []int) *Windows {
	if size%3 != 0 {
		return nil
	}
	w := &Windows{kind: "entropic line", size: size, cells: cells}
	for d := 1; d <= size; d++ {
		w.class[d] = (d - 1) / (size / 3)
	}
	return w
}

// NewModular returns a modular line.
func NewModular(size int, cells []int) *Windows {
	w := &Windows{kind: "modular line", size: size, cells: cells}
	for d := 1; d <= size; d++ {
		w.class[d] = d % 3
	}
	return w
}

// Kind names the rule.
func (w *Windows) Kind() string { return w.kind }

// String names the rule with its cells, for people.
func (w *Windows) String() string { return w.kind + " " + cellList(w.size, w.cells) }

// Cells are the line's cells.
func (w *Windows) Cells() []int { return w.cells }

func (w *Windows) classes(m Digits) (cs [3]Digits) {
	m.Each(func(d int) { cs[w.class[d]] |= Digit(d) })
	return cs
}

// Prune keeps, in each run of three, the digits of class orders that give
// every cell of the run a digit.
func (w *Windows) Prune(s *State) bool {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for i := 0; i+2 < len(w.cells); i++ {
		var cl [3][3]Digits
		for j := range 3 {
			cl[j] = w.classes(s.cand[w.cells[i+j]])
		}
		var support [3]Digits
		for _, p := range perms {
			if cl[0][p[0]] != 0 && cl[1][p[1]] != 0 && cl[2][p[2]] != 0 {
				for j := range 3 {
					support[j] |= cl[j][p[j]]
				}
			}
		}
		for j := range 3 {
			if !s.Keep(w.cells[i+j], support[j]) {
				return false
			}
		}
	}
	return true
}

// Broken reports two filled cells of one class within a run of three.
func (w *Windows) Broken(vals []int) bool {
	for i := range w.cells {
		for j := i + 1; j < len(w.cells) && j <= i+2; j++ {
			x, y := vals[w.cells[i]], vals[w.cells[j]]
			if x != 0 && y != 0 && w.class[x] == w.class[y] {
				return true
			}
		}
	}
	return false
}

// Zipper is a zipper line: digits the same distance from its middle add up
// to the same total, which is the middle digit when the line is of odd
// length.
type Zipper struct {
	size  int
	cells []int
}

// NewZipper returns a zipper line.
func NewZipper(size int, cells []int) *Zipper { return &Zipper{size: size, cells: cells} }

// Kind names the rule.
func (z *Zipper) Kind() string { return "zipper line" }

// String names the rule with its cells, for people.
func (z *Zipper) String() string { return "zipper line " + cellList(z.size, z.cells) }

// Cells are the line's cells.
func (z *Zipper) Cells() []int { return z.cells }

// sums returns the set of totals x+y (bit t for total t) of two cells.
func sums(a, b Digits) uint64 {
	var t uint64
	a.Each(func(x int) { t |= uint64(b) << (x + 1) })
	return t
}

// Prune keeps the totals every pair (and the middle) allows, then the
// digits that reach one of them.
func (z *Zipper) Prune(s *State) bool {
	n := len(z.cells)
	allowed := ^uint64(0)
	if n%2 == 1 {
		allowed = uint64(s.cand[z.cells[n/2]]) << 1 // digit d is total d
	}
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		allowed &= sums(s.cand[z.cells[i]], s.cand[z.cells[j]])
	}
	if allowed == 0 {
		return false
	}
	if n%2 == 1 && !s.Keep(z.cells[n/2], Digits(allowed>>1)) {
		return false
	}
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		a, b := z.cells[i], z.cells[j]
		var forA, forB Digits
		s.cand[a].Each(func(x int) {
			if m := s.cand[b] & Digits(allowed>>(x+1)); m != 0 {
				forA |= Digit(x)
				forB |= m
			}
		})
		if !s.Keep(a, forA) || !s.Keep(b, forB) {
			return false
		}
	}
	return true
}

// Broken reports filled pairs with different totals (or not the middle).
func (z *Zipper) Broken(vals []int) bool {
	n := len(z.cells)
	want := 0
	if n%2 == 1 {
		want = vals[z.cells[n/2]]
	}
	for i, j := 0, n-1; i < j; i, j = i+1, j-1 {
		x, y := vals[z.cells[i]], vals[z.cells[j]]
		if x == 0 || y == 0 {
			continue
		}
		if want == 0 {
			want = x + y
		} else if x+y != want {
			return true
		}
	}
	return false
}
