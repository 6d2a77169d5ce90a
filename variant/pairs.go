package variant

import "fmt"

// Pair is a rule between two cells given as the digits each digit of the
// first cell allows in the second: kropki dots, X and V, their negative
// constraints, anti-knight and anti-king, nonconsecutive, German whispers,
// clones, palindromes, thermometers, minimum and maximum cells.
type Pair struct {
	kind string
	size int
	A, B int
	// Allows[x] holds the digits B may take when A is x.
	Allows [MaxSize + 1]Digits
}

// NewPair returns the rule of the given kind that the digits of cells a
// and b satisfy ok, for a grid of the given size.
func NewPair(kind string, size, a, b int, ok func(x, y int) bool) *Pair {
	p := &Pair{kind: kind, size: size, A: a, B: b}
	for x := 1; x <= size; x++ {
		for y := 1; y <= size; y++ {
			if ok(x, y) {
				p.Allows[x] |= Digit(y)
			}
		}
	}
	return p
}

// Kind names the rule.
func (p *Pair) Kind() string { return p.kind }

// String names the rule with its cells, for people.
func (p *Pair) String() string {
	return fmt.Sprintf("%s %s-%s", p.kind, CellName(p.size, p.A), CellName(p.size, p.B))
}

// Cells are the two cells.
func (p *Pair) Cells() []int { return []int{p.A, p.B} }

// Prune keeps in each cell the digits with a partner left in the other.
func (p *Pair) Prune(s *State) bool {
	ca, cb := s.cand[p.A], s.cand[p.B]
	var forB, forA Digits
	for m := ca; m != 0; m &= m - 1 {
		x := Digits(m & -m).Min()
		if al := p.Allows[x] & cb; al != 0 {
			forB |= al
			forA |= Digit(x)
		}
	}
	return s.Keep(p.A, forA) && s.Keep(p.B, forB)
}

// Broken reports whether both cells are filled with digits the rule forbids.
func (p *Pair) Broken(vals []int) bool {
	x, y := vals[p.A], vals[p.B]
	return x != 0 && y != 0 && !p.Allows[x].Has(y)
}

// The relations of the common pair rules.
var (
	// Equal is a clone's or a palindrome's pair.
	Equal = func(x, y int) bool { return x == y }
	// Differ is anti-knight's and anti-king's pair.
	Differ = func(x, y int) bool { return x != y }
	// Less is a thermometer's step and a minimum cell against its neighbour.
	Less = func(x, y int) bool { return x < y }
	// NotMore is a slow thermometer's step.
	NotMore = func(x, y int) bool { return x <= y }
)

// DifferBy is a white kropki dot: the digits differ by exactly k.
func DifferBy(k int) func(x, y int) bool {
	return func(x, y int) bool { return x-y == k || y-x == k }
}

// RatioOf is a black kropki dot: one digit is k times the other.
func RatioOf(k int) func(x, y int) bool {
	return func(x, y int) bool { return x == k*y || y == k*x }
}

// SumTo is an X (10), a V (5) or a sum dot: the digits add up to k.
func SumTo(k int) func(x, y int) bool {
	return func(x, y int) bool { return x+y == k }
}

// AtLeastApart is a German whispers step: the digits differ by k or more.
func AtLeastApart(k int) func(x, y int) bool {
	return func(x, y int) bool { return x-y >= k || y-x >= k }
}

// Not negates a relation: a negative constraint or nonconsecutive.
func Not(ok func(x, y int) bool) func(x, y int) bool {
	return func(x, y int) bool { return !ok(x, y) }
}

// NoneOf holds when none of the relations does (the negative constraint of
// several dot values at once).
func NoneOf(oks ...func(x, y int) bool) func(x, y int) bool {
	return func(x, y int) bool {
		for _, ok := range oks {
			if ok(x, y) {
				return false
			}
		}
		return true
	}
}
