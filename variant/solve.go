package variant

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
)

// Status is the outcome of [Solve].
type Status uint8

// The outcomes of a solve.
const (
	_        Status = iota
	Unique          // exactly one solution
	Multiple        // at least two (the limit asked for)
	None            // no solution
)

var statusNames = [...]string{"", "unique", "multiple", "none"}

// String returns "unique", "multiple" or "none".
func (s Status) String() string {
	if int(s) < len(statusNames) && s != 0 {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Result is what [Solve] found.
type Result struct {
	Status Status
	// Solutions holds the solutions found, at most the limit: one for
	// Unique, two (or the limit) for Multiple, none for None. Each is
	// Size*Size digits row by row.
	Solutions [][]int
	Nodes     int64 // search nodes visited
}

// engine is a puzzle compiled for searching.
type engine struct {
	n         int
	full      Digits
	groups    [][]int32
	groupFull []bool // the group holds every digit once
	// crossings[g] are, for a group g of every digit, the groups that
	// share two or more of its cells (see [engine.locked]).
	crossings  [][]crossing
	puzzle     *Puzzle
	derived    bool    // the set sums are derived (see [setSums])
	groupCage  []*Cage // the cage whose cells a group is, or nil
	peers      [][]int32
	cellGroups [][]int32
	cons       []Constraint
	cellCons   [][]int32
	start      []Digits
	// scratch of propagate, reused from call to call: the queues of
	// constraints and groups, and marks of those queued (queued when the
	// mark equals gen).
	settles                    []bool // each constraint's being a [settler]
	selfCand                   []Digits
	conQ, grpQ, lockQ          []int32
	conMark, grpMark, lockMark []uint32
	gen                        uint32
	// conCells are the cells of each constraint, and weight counts, per
	// cell, the contradictions met by propagating its rules and groups
	// (one at the start): the search branches where the fewest candidates
	// meet the most contradictions (see [searcher.choose]).
	conCells [][]int32
	weight   []uint64
	// err is the context's error when propagate stopped for it: its false
	// is then no contradiction, and the solve reports err.
	err error
}

// compile makes the engine of a puzzle; it fails on a puzzle that does
// not validate, or when ctx ends first (the work grows with the rules and
// groups, within the limits of [Puzzle.Validate]).
func compile(ctx context.Context, p *Puzzle) (*engine, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := p.Size
	e := &engine{n: n, full: Range(1, n)}
	cells := n * n
	e.peers = make([][]int32, cells)
	e.cellGroups = make([][]int32, cells)
	e.cellCons = make([][]int32, cells)
	// peerSeen holds, per cell, a bit for each cell known to be its peer;
	// inGroup marks the cells of the group being added.
	words := (cells + 63) / 64
	peerSeen := make([]uint64, cells*words)
	inGroup := make([]bool, cells)
	for gi, g := range p.allGroups() {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("compile: %w", err)
		}
		cs := make([]int32, 0, len(g.Cells))
		for _, c := range g.Cells {
			if !inGroup[c] {
				inGroup[c] = true
				cs = append(cs, int32(c))
			}
		}
		for _, c := range cs {
			inGroup[c] = false
		}
		e.groups = append(e.groups, cs)
		e.groupFull = append(e.groupFull, len(cs) == n)
		for _, c := range cs {
			e.cellGroups[c] = append(e.cellGroups[c], int32(gi))
			seen := peerSeen[int(c)*words : int(c+1)*words]
			for _, o := range cs {
				if bit := uint64(1) << (o % 64); o != c && seen[o/64]&bit == 0 {
					seen[o/64] |= bit
					e.peers[c] = append(e.peers[c], o)
				}
			}
		}
	}
	derived, err := innies(ctx, p, e.groups)
	if err != nil {
		return nil, err
	}
	e.cons = append(slices.Clone(p.Constraints), derived...)
	// a group that is a cage's cells holds the digits its sum requires
	e.groupCage = make([]*Cage, len(e.groups))
	for _, k := range e.cons {
		c, ok := k.(*Cage)
		if !ok || !c.Distinct || c.subsets == nil {
			continue
		}
		for _, g := range e.cellGroups[c.cells[0]] {
			if len(e.groups[g]) == len(c.cells) && !e.groupFull[g] && e.groupCage[g] == nil && sameCells(e.groups[g], c.cells) {
				e.groupCage[g] = c
			}
		}
	}
	e.crossings, err = crossings(ctx, e.groups, e.groupFull, e.groupCage, e.cellGroups)
	if err != nil {
		return nil, err
	}
	e.index(0)
	e.puzzle = p
	e.weight = make([]uint64, cells)
	for i := range e.weight {
		e.weight[i] = 1
	}
	e.start = make([]Digits, cells)
	for i := range e.start {
		e.start[i] = e.full
		if d := p.Givens[i]; d != 0 {
			e.start[i] = Digit(d)
		}
	}
	return e, nil
}

// index records the constraints from e.cons[from:] on: their cells,
// whether they settle, and the constraints of each cell.
func (e *engine) index(from int) {
	for ki := from; ki < len(e.cons); ki++ {
		k := e.cons[ki]
		_, settles := k.(settler)
		e.settles = append(e.settles, settles)
		var cells []int32
		for _, c := range k.Cells() {
			// ki is the last constraint added to any cell so far: a cell
			// named twice has it last.
			if cc := e.cellCons[c]; len(cc) == 0 || cc[len(cc)-1] != int32(ki) {
				e.cellCons[c] = append(e.cellCons[c], int32(ki))
				cells = append(cells, int32(c))
			}
		}
		e.conCells = append(e.conCells, cells)
	}
	if e.conMark != nil { // propagate's marks, made anew for the new length
		e.conMark = make([]uint32, len(e.cons))
	}
}

// addSetSums adds the set sums of the puzzle (see [setSums]) that narrow
// the root s (its propagation done): of the hundreds a killer can have,
// most say nothing a search needs and would slow every node.
func (e *engine) addSetSums(ctx context.Context, s *State) {
	from := len(e.cons)
	t := e.clone(s)
	for _, k := range setSums(ctx, e.puzzle) {
		copy(t.cand, s.cand)
		clear(t.inQ)
		t.queue = t.queue[:0]
		if !k.Prune(t) || !slices.Equal(t.cand, s.cand) {
			e.cons = append(e.cons, k)
		}
	}
	e.index(from)
}

// killerCages returns the puzzle's cages of distinct digits and the cage
// of each cell (-1 for none); none when two cages overlap (their sums are
// then left alone).
func killerCages(p *Puzzle) (cages []*Cage, owner []int) {
	owner = make([]int, p.Size*p.Size)
	for i := range owner {
		owner[i] = -1
	}
	for _, k := range p.Constraints {
		c, ok := k.(*Cage)
		if !ok || !c.Distinct {
			continue
		}
		for _, cell := range c.cells {
			if owner[cell] >= 0 {
				return nil, nil
			}
			owner[cell] = len(cages)
		}
		cages = append(cages, c)
	}
	return cages, owner
}

// innies derives sums the killer cages imply (the "45 rule" of killer
// solvers): an area whose digits add up to a known total (a row, column
// or region of all n digits, or a band of 2 to n/2 neighbouring rows or
// columns) minus the cages wholly inside it leaves the sum of its other
// cells (the innies), and the cages that cross its edge, minus those
// innies, leave the sum of their cells outside it (the outies). Implied by
// the rules, they remove no solution and are the strongest help a search
// of a large killer gets. Innies of one group hold distinct digits and are
// pruned as a cage when they are few.
func innies(ctx context.Context, p *Puzzle, groups [][]int32) ([]Constraint, error) {
	n := p.Size
	cages, owner := killerCages(p)
	if len(cages) == 0 {
		return nil, nil
	}
	type area struct {
		cells []int
		total int
		group bool // the cells are one group: distinct digits
	}
	total := n * (n + 1) / 2
	var areas []area
	for _, g := range groups {
		if len(g) == n {
			cs := make([]int, n)
			for i, c := range g {
				cs[i] = int(c)
			}
			areas = append(areas, area{cells: cs, total: total, group: true})
		}
	}
	for k := 2; k <= n/2; k++ {
		for first := 0; first+k <= n; first++ {
			var rows, cols []int
			for r := first; r < first+k; r++ {
				for c := range n {
					rows = append(rows, r*n+c)
					cols = append(cols, c*n+r)
				}
			}
			areas = append(areas, area{cells: rows, total: k * total}, area{cells: cols, total: k * total})
		}
	}
	var out []Constraint
	seen := map[string]bool{}
	add := func(kind string, cells []int, sum int, distinct bool) {
		if len(cells) == 0 {
			return
		}
		slices.Sort(cells)
		key := fmt.Sprint(cells, sum)
		if seen[key] {
			return
		}
		seen[key] = true
		if distinct && len(cells) <= 6 {
			out = append(out, NewCage(kind, n, cells, sum, true))
			return
		}
		out = append(out, NewLinear(kind, "", n, cells, ones(len(cells)), sum, sum))
	}
	for _, a := range areas {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("innies: %w", err)
		}
		in := make(map[int]bool, len(a.cells))
		for _, c := range a.cells {
			in[c] = true
		}
		rest, crossing := a.total, map[int]bool{}
		var innie []int
		for _, c := range a.cells {
			k := owner[c]
			if k < 0 {
				innie = append(innie, c)
				continue
			}
			inside := true
			for _, o := range cages[k].cells {
				if !in[o] {
					inside = false
					break
				}
			}
			if inside {
				if cages[k].cells[0] == c {
					rest -= cages[k].Sum // once per cage, at its first cell
				}
				continue
			}
			innie = append(innie, c)
			crossing[k] = true
		}
		if len(innie) == 0 || len(innie) == len(a.cells) {
			continue
		}
		if len(innie) > n {
			continue // bounds over so many cells seldom prune, and cost
		}
		add("innies", slices.Clone(innie), rest, a.group)
		// The crossing cages' cells outside the area: their sums minus the
		// innies that are theirs; cells in no cage make it unknown.
		outSum := -rest
		var outies []int
		caged := true
		for _, c := range innie {
			if owner[c] < 0 {
				caged = false
			}
		}
		if !caged {
			continue
		}
		for k := range crossing {
			outSum += cages[k].Sum
			for _, o := range cages[k].cells {
				if !in[o] {
					outies = append(outies, o)
				}
			}
		}
		if len(outies) <= n {
			add("outies", outies, outSum, false)
		}
	}
	return out, nil
}

// newState is the starting state with every cell queued.
func (e *engine) newState() *State {
	cells := e.n * e.n
	s := &State{size: e.n, cand: slices.Clone(e.start), inQ: make([]bool, cells)}
	for c := range cells {
		s.inQ[c] = true
		s.queue = append(s.queue, int32(c))
	}
	return s
}

func (e *engine) clone(s *State) *State {
	return &State{size: s.size, cand: slices.Clone(s.cand), inQ: make([]bool, len(s.cand))}
}

// propagateCheck is how many steps (a rule pruned, a group's singles) a
// propagation takes between looks at its context.
const propagateCheck = 256

// propagate runs singles and every constraint to a fixed point; false
// means a contradiction, or that ctx ended (then e.err holds its error).
func (e *engine) propagate(ctx context.Context, s *State, all bool) bool {
	if e.conMark == nil {
		e.conMark = make([]uint32, len(e.cons))
		e.grpMark = make([]uint32, len(e.groups))
		e.lockMark = make([]uint32, len(e.groups))
	}
	e.gen++
	if e.gen == 0 { // wrapped: old marks could read as queued
		clear(e.conMark)
		clear(e.grpMark)
		clear(e.lockMark)
		e.gen = 1
	}
	gen := e.gen
	conQ, grpQ, lockQ := e.conQ[:0], e.grpQ[:0], e.lockQ[:0]
	defer func() { e.conQ, e.grpQ, e.lockQ = conQ, grpQ, lockQ }()
	head := 0 // conQ is first in, first out
	if all {
		for k := range e.cons {
			e.conMark[k] = gen
			conQ = append(conQ, int32(k))
		}
	}
	// A rule that settles (see [settler]) leaves its cells a fixed point
	// of its own: the cells its last Prune narrowed, s.queue[:selfEnd],
	// do not queue it again unless something else narrowed them since
	// (selfCand holds what it left them).
	self, selfEnd := int32(-1), 0
	steps := 0
	for {
		if steps++; steps%propagateCheck == 0 {
			if err := ctx.Err(); err != nil {
				e.err = err
				return false
			}
		}
		for len(s.queue) > 0 {
			i := len(s.queue) - 1
			c := s.queue[i]
			s.queue = s.queue[:i]
			s.inQ[c] = false
			m := s.cand[c]
			skip := int32(-1)
			if i < selfEnd {
				selfEnd = i
				if e.selfCand[i] == m {
					skip = self
				}
			}
			if m == 0 {
				e.weight[c]++
				return false
			}
			if m.Single() {
				for _, p := range e.peers[c] {
					if s.cand[p]&m != 0 && !s.Keep(int(p), ^m) {
						e.weight[c]++
						e.weight[p]++
						return false
					}
				}
			}
			for _, k := range e.cellCons[c] {
				if e.conMark[k] != gen && k != skip {
					e.conMark[k] = gen
					conQ = append(conQ, k)
				}
			}
			for _, g := range e.cellGroups[c] {
				if e.grpMark[g] != gen {
					e.grpMark[g] = gen
					grpQ = append(grpQ, g)
				}
				if e.lockMark[g] != gen && len(e.crossings[g]) > 0 {
					e.lockMark[g] = gen
					lockQ = append(lockQ, g)
				}
			}
		}
		if len(grpQ) > 0 {
			g := grpQ[len(grpQ)-1]
			grpQ = grpQ[:len(grpQ)-1]
			e.grpMark[g] = 0
			if !e.groupSingles(s, int(g)) {
				e.blame(e.groups[g])
				return false
			}
			continue
		}
		if head < len(conQ) {
			k := conQ[head]
			head++
			e.conMark[k] = 0
			if head == len(conQ) {
				conQ, head = conQ[:0], 0
			}
			if !e.cons[k].Prune(s) {
				e.blame(e.conCells[k])
				return false
			}
			if e.settles[k] {
				self, selfEnd = k, len(s.queue)
				e.selfCand = e.selfCand[:0]
				for _, c := range s.queue {
					e.selfCand = append(e.selfCand, s.cand[c])
				}
			}
			continue
		}
		if len(lockQ) > 0 { // last: the dearest, and seldom needed
			g := lockQ[len(lockQ)-1]
			lockQ = lockQ[:len(lockQ)-1]
			e.lockMark[g] = 0
			if !e.locked(s, int(g)) {
				e.blame(e.groups[g])
				return false
			}
			continue
		}
		return true
	}
}

// crossing is where a group of every digit meets another group.
type crossing struct {
	both  []int32 // the cells of both groups (two or more)
	own   []int32 // the cells of the group of every digit alone
	other []int32 // the cells of the other group alone
}

// crossings lists, for each group of every digit, the groups that share
// two or more of its cells and have cells of their own (cellGroups: the
// groups of each cell).
func crossings(ctx context.Context, groups [][]int32, full []bool, cage []*Cage, cellGroups [][]int32) ([][]crossing, error) {
	out := make([][]crossing, len(groups))
	shared := make([]int, len(groups))
	for g, cs := range groups {
		if !full[g] && cage[g] == nil {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("crossings: %w", err)
		}
		clear(shared)
		for _, c := range cs {
			for _, h := range cellGroups[c] {
				shared[h]++
			}
		}
		for h, k := range shared {
			if h == g || k < 2 || k == len(cs) || k == len(groups[h]) {
				continue
			}
			var x crossing
			for _, c := range cs {
				if slices.Contains(cellGroups[c], int32(h)) {
					x.both = append(x.both, c)
				} else {
					x.own = append(x.own, c)
				}
			}
			for _, c := range groups[h] {
				if !slices.Contains(cellGroups[c], int32(g)) {
					x.other = append(x.other, c)
				}
			}
			out[g] = append(out[g], x)
		}
	}
	return out, nil
}

// locked removes locked candidates ("pointing" and "claiming"): a digit
// that group g, of every digit, can hold only in the cells it shares with
// another group (whose digits do not repeat) is there, so the other
// group's own cells cannot hold it.
func (e *engine) locked(s *State, g int) bool {
	need := e.full
	if k := e.groupCage[g]; k != nil {
		need = k.required(s)
	}
	for _, x := range e.crossings[g] {
		var in, out Digits
		for _, c := range x.both {
			in |= s.cand[c]
		}
		for _, c := range x.own {
			out |= s.cand[c]
		}
		only := in &^ out & need
		if only == 0 {
			continue
		}
		for _, c := range x.other {
			if s.cand[c]&only != 0 && !s.Keep(int(c), ^only) {
				return false
			}
		}
	}
	return true
}

// settler is a constraint whose Prune leaves a fixed point of its own:
// pruned again with nothing else changed, it would remove nothing, so the
// cells it narrows itself do not queue it again.
type settler interface {
	Constraint
	settles()
}

// sameCells reports whether a group's cells are the cells given (both
// without repeats).
func sameCells(g []int32, cells []int) bool {
	for _, c := range cells {
		if !slices.Contains(g, int32(c)) {
			return false
		}
	}
	return len(g) == len(cells)
}

// blame counts a contradiction against each of the cells of the group or
// rule that met it.
func (e *engine) blame(cells []int32) {
	for _, c := range cells {
		e.weight[c]++
	}
}

// groupSingles checks that a group can still hold distinct digits and, for
// a group of every digit, places each digit that has one place left.
func (e *engine) groupSingles(s *State, g int) bool {
	var once, twice, union Digits
	cells := e.groups[g]
	for _, c := range cells {
		m := s.cand[c]
		twice |= once & m
		once |= m
		union |= m
	}
	if bits.OnesCount32(uint32(union)) < len(cells) {
		return false
	}
	if !e.groupFull[g] {
		return true
	}
	if union != e.full {
		return false
	}
	hidden := once &^ twice
	if hidden == 0 {
		return true
	}
	for _, c := range cells {
		m := s.cand[c] & hidden
		if m == 0 || m == s.cand[c] {
			if m != 0 && !m.Single() {
				return false
			}
			continue
		}
		if !m.Single() || !s.Keep(int(c), m) {
			return false
		}
	}
	return true
}

// values reads a fully assigned state.
func values(s *State) []int {
	vals := make([]int, len(s.cand))
	for i, m := range s.cand {
		vals[i] = m.Min()
	}
	return vals
}

// searcher counts solutions up to a limit.
type searcher struct {
	e      *engine
	ctx    context.Context
	limit  int
	found  [][]int
	nodes  int64
	err    error
	budget int64 // nodes to visit before stopping with errBudget; 0 for no end
	// states[d] is the state of the children searched at depth d.
	states []*State
	depth  int
}

func (sr *searcher) search(s *State) {
	sr.nodes++
	if sr.nodes&255 == 0 {
		if err := sr.ctx.Err(); err != nil {
			sr.err = err
		}
	}
	if sr.budget > 0 && sr.nodes > sr.budget {
		sr.err = errBudget
	}
	if sr.err != nil || len(sr.found) >= sr.limit {
		return
	}
	best := sr.choose(s)
	if best < 0 {
		vals := values(s)
		for _, k := range sr.e.cons {
			if k.Broken(vals) {
				return
			}
		}
		sr.found = append(sr.found, vals)
		return
	}
	child := sr.state(s)
	for m := s.cand[best]; m != 0 && sr.err == nil && len(sr.found) < sr.limit; m &= m - 1 {
		copy(child.cand, s.cand)
		clear(child.inQ)
		child.queue = child.queue[:0]
		d := m & -m
		child.Keep(best, d)
		if sr.e.propagate(sr.ctx, child, false) {
			sr.depth++
			sr.search(child)
			sr.depth--
		} else if sr.e.err != nil {
			sr.err = sr.e.err
		}
	}
}

// choose returns the cell to branch on, -1 when every cell is filled: the
// one whose candidates are fewest for the contradictions its rules and
// groups have met (the "dom/wdeg" rule of constraint solvers: where the
// search keeps failing is where a choice decides most), the first such
// cell on a tie.
func (sr *searcher) choose(s *State) int {
	best, bestCount, bestWeight := -1, uint64(99), uint64(1)
	for i, m := range s.cand {
		k := uint64(m.Count())
		if w := sr.e.weight[i]; k > 1 && k*bestWeight < bestCount*w {
			best, bestCount, bestWeight = i, k, w
		}
	}
	return best
}

// probe narrows the root by trying every candidate of every cell: a digit
// whose placing propagates to a contradiction is removed, and the other
// cells keep only the digits some surviving digit of the cell leaves them
// (what every way of filling the cell implies). It repeats until nothing
// changes and returns false when the root has no solution.
func (e *engine) probe(ctx context.Context, s *State) bool {
	t := e.clone(s)
	union := make([]Digits, len(s.cand))
	for changed := true; changed; {
		changed = false
		for c := range s.cand {
			m := s.cand[c]
			if m.Single() {
				continue
			}
			if ctx.Err() != nil {
				return true // the search that follows reports it
			}
			clear(union)
			for r := m; r != 0; r &= r - 1 {
				d := r & -r
				copy(t.cand, s.cand)
				clear(t.inQ)
				t.queue = t.queue[:0]
				t.Keep(c, d)
				if e.propagate(ctx, t, false) {
					for i, x := range t.cand {
						union[i] |= x
					}
				} else if e.err != nil {
					return true // stopped, not a contradiction: the search reports it
				}
			}
			for i, u := range union {
				if s.cand[i]&^u != 0 {
					changed = true
					if !s.Keep(i, u) {
						return false
					}
				}
			}
			if changed && !e.propagate(ctx, s, false) {
				return e.err != nil
			}
		}
	}
	return true
}

// state returns the searcher's state for the children of the current
// depth, made once per depth and reused (a child is done with before its
// sibling starts).
func (sr *searcher) state(s *State) *State {
	for len(sr.states) <= sr.depth {
		sr.states = append(sr.states, sr.e.clone(s))
	}
	return sr.states[sr.depth]
}

// Solve searches p for up to limit solutions (at least 1; 2 proves
// uniqueness) and returns what it found. A puzzle of the wrong shape
// returns a [*PuzzleError]; a context that ends first returns its error
// with the solutions found so far.
func Solve(ctx context.Context, p *Puzzle, limit int) (Result, error) {
	e, err := compile(ctx, p)
	if err != nil {
		return Result{}, err
	}
	return e.solve(ctx, e.newState(), max(limit, 1))
}

// probeAfter is how many nodes a search visits before it stops to probe
// the root (see [engine.probe]) and starts again: easy puzzles never pay
// for probing.
const probeAfter = 2000

// errBudget stops a search that has visited its budget of nodes.
var errBudget = errors.New("search budget spent")

func (e *engine) solve(ctx context.Context, s *State, limit int) (Result, error) {
	sr := &searcher{e: e, ctx: ctx, limit: limit, budget: probeAfter}
	e.err = nil
	if e.propagate(ctx, s, true) {
		sr.search(s)
		if errors.Is(sr.err, errBudget) {
			nodes := sr.nodes
			sr = &searcher{e: e, ctx: ctx, limit: limit, nodes: nodes}
			if !e.derived {
				e.derived = true
				e.addSetSums(ctx, s)
			}
			if e.propagate(ctx, s, true) && e.probe(ctx, s) {
				sr.search(s)
			}
		}
	}
	if sr.err == nil && e.err != nil {
		sr.err = e.err // a propagation stopped: "none" would be a guess
	}
	res := Result{Solutions: sr.found, Nodes: sr.nodes}
	switch {
	case len(sr.found) == 0:
		res.Status = None
	case len(sr.found) == 1:
		res.Status = Unique
	default:
		res.Status = Multiple
	}
	if sr.err != nil {
		return res, sr.err
	}
	return res, nil
}

// TrueCandidates returns, for each cell, the digits it holds in some
// solution of p (all empty when p has none). It finds a solution for each
// candidate not yet seen in one, so it may take many searches; a context
// that ends first returns its error.
func TrueCandidates(ctx context.Context, p *Puzzle) ([]Digits, error) {
	e, err := compile(ctx, p)
	if err != nil {
		return nil, err
	}
	root := e.newState()
	truth := make([]Digits, p.Size*p.Size)
	if !e.propagate(ctx, root, true) {
		if e.err != nil {
			return nil, e.err
		}
		return truth, nil
	}
	mark := func(sol []int) {
		for i, d := range sol {
			truth[i] |= Digit(d)
		}
	}
	for c := range root.cand {
		for {
			m := root.cand[c] &^ truth[c]
			if m == 0 {
				break
			}
			d := m & -m
			s := e.clone(root)
			s.Keep(c, d)
			res, err := e.solve(ctx, s, 1)
			if err != nil {
				return nil, err
			}
			if len(res.Solutions) > 0 {
				mark(res.Solutions[0])
			} else {
				root.cand[c] &^= d // no solution uses it
			}
		}
	}
	return truth, nil
}
