package vision

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Kind is what a cell holds, as read.
type Kind uint8

// The kinds of cell.
const (
	Empty  Kind = iota // nothing, or nothing legible
	Given              // a printed given
	Filled             // a digit filled in, by hand or in an app's entry colour
	Marks              // pencil marks only, no digit
)

// Letter is the kind's letter in a line of kinds: '.' empty, 'g' given,
// 'f' filled in, 'm' pencil marks.
func (k Kind) Letter() byte { return ".gfm"[k] }

// String names the kind.
func (k Kind) String() string {
	return [...]string{"empty", "given", "filled in", "pencil marks"}[k]
}

// Unsure is the confidence under which a cell's reading is reported as
// uncertain.
const Unsure = 0.85

// Reading is a grid as read from a picture.
type Reading struct {
	// Grid holds every digit read: the givens and the digits filled in.
	Grid sudoku.Grid
	// Givens holds the printed givens only (all the digits, when the
	// picture does not tell them apart).
	Givens sudoku.Grid
	// Kinds is each cell's kind, row by row.
	Kinds [81]Kind
	// Confidence is, per cell, the model's probability of the reading kept.
	Confidence [81]float64
	// Uncertain lists the cells read with a confidence under [Unsure], and
	// those the rules made take another reading than the most likely one.
	Uncertain []sudoku.Cell
	// Corrected lists the cells whose most likely reading broke the rules
	// and was replaced by the next most likely one.
	Corrected []sudoku.Cell
	// Outline is where the grid is in the picture.
	Outline Quad
}

// Line is the grid in one line of 81 characters: '.' for a cell without a
// digit, else the digit.
func (r *Reading) Line() string {
	var b strings.Builder
	for i := range 81 {
		if d := r.Grid.At(i); d > 0 {
			b.WriteByte(byte('0' + d))
		} else {
			b.WriteByte('.')
		}
	}
	return b.String()
}

// KindLine is the kinds in one line of 81 letters ([Kind.Letter]).
func (r *Reading) KindLine() string {
	b := make([]byte, 81)
	for i, k := range r.Kinds {
		b[i] = k.Letter()
	}
	return string(b)
}

// ErrUnreadable is wrapped by an [UnreadableError].
var ErrUnreadable = errors.New("grid found but not read with confidence")

// UnreadableError is returned when a grid was found but its reading breaks
// the rules whatever the likely readings of its uncertain cells: Cells are
// the cells to look at, and Reading the best reading there is.
type UnreadableError struct {
	Cells   []sudoku.Cell
	Reading *Reading
}

func (e *UnreadableError) Error() string {
	names := make([]string, len(e.Cells))
	for i, c := range e.Cells {
		names[i] = c.String()
	}
	return fmt.Sprintf("%v: cells %s", ErrUnreadable, strings.Join(names, " "))
}

// Unwrap returns [ErrUnreadable].
func (e *UnreadableError) Unwrap() error { return ErrUnreadable }

// cellProbs is one cell's probabilities: of each class, and of its digit
// being filled in rather than printed.
type cellProbs struct {
	class  [numClasses]float64
	filled float64
}

// Read reads the sudoku in a picture (the bytes of a JPEG, PNG, WebP, GIF
// or BMP file). It returns an error wrapping [ErrFormat], [ErrTooLarge],
// [ErrCorrupt] or [ErrNoGrid], an [*UnreadableError] (with the best
// reading) when the grid is found but not read, or the context's error.
//
// The grid is read as the pixels stand, or first turned as the JPEG's EXIF
// orientation says when it has one; when that reading breaks the rules or
// leaves many cells uncertain, the other quarter turns are read too and
// the best reading kept: the digits, not the EXIF, tell which way is up.
func Read(ctx context.Context, data []byte) (*Reading, error) {
	r, k, _, err := prepare(data)
	if err != nil {
		return nil, err
	}
	q, score, dark, ok := locate(r)
	if !ok {
		return nil, ErrNoGrid
	}
	hint := exifTurns(data)
	var best *Reading
	var bestErr error
	for n, t := range []int{hint, (hint + 1) % 4, (hint + 2) % 4, (hint + 3) % 4} {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cut, err := cutAt(r, k, dark, turned(q, t), score)
		if err != nil {
			return nil, err
		}
		rd, err := Classify(ctx, cut)
		var ue *UnreadableError
		switch {
		case errors.As(err, &ue):
			rd = ue.Reading
		case err != nil:
			return nil, err
		}
		if best == nil || worse(best, bestErr, rd, err) {
			best, bestErr = rd, err
		}
		if n == 0 && bestErr == nil && len(best.Uncertain) <= turnUncertain {
			break
		}
	}
	return best, bestErr
}

// turnUncertain is how many uncertain cells a reading that keeps to the
// rules may have before the other quarter turns of the grid are read too.
const turnUncertain = 12

// turned is the outline q of a grid seen turned t quarter turns clockwise
// from upright: its corners from the grid's own top left.
func turned(q Quad, t int) Quad {
	var out Quad
	for i := range 4 {
		out[i] = q[(i-t+4)%4]
	}
	return out
}

// worse reports whether reading a (with its error) is worse than b, read
// from another turn of the grid: b must keep to the rules with at most
// turnUncertain uncertain cells, and a break them or have more uncertain
// cells, or as many and be less likely. Otherwise the first reading, as the
// picture or its EXIF has it, is kept.
func worse(a *Reading, aErr error, b *Reading, bErr error) bool {
	if bErr != nil || len(b.Uncertain) > turnUncertain {
		return false
	}
	if aErr != nil || len(a.Uncertain) != len(b.Uncertain) {
		return aErr != nil || len(a.Uncertain) > len(b.Uncertain)
	}
	return logLikelihood(a) < logLikelihood(b)
}

func logLikelihood(r *Reading) float64 {
	sum := 0.0
	for _, c := range r.Confidence {
		sum += math.Log(max(c, 1e-9))
	}
	return sum
}

// Classify reads the cells of a cut grid with the model and the rules.
func Classify(ctx context.Context, cut *Cut) (*Reading, error) {
	net, err := model()
	if err != nil {
		return nil, err
	}
	var probs [81]cellProbs
	for i := range cut.Cells {
		d, k := net.logits(&cut.Cells[i], &cut.Zoom[i])
		copy(probs[i].class[:], softmax(d[:]))
		probs[i].filled = softmax(k[:])[1]
	}
	colourKinds(cut, &probs)
	return decide(ctx, cut.Outline, &probs)
}

// colourKinds uses the ink's colour where it tells entries from givens, as
// in apps, where the givens are black (or white) and the entries blue: when
// the digits fall into grey ones and blue-green ones, the coloured ones are
// filled in. Red or uniformly coloured digits (a page printed in red) say
// nothing.
func colourKinds(cut *Cut, probs *[81]cellProbs) {
	var grey, coloured []int
	for i := range probs {
		best := argmax(probs[i].class[:])
		if best < 1 || best > 9 {
			continue
		}
		rgb := cut.RGB[i]
		switch {
		case cut.Chroma[i] < 0.12:
			grey = append(grey, i)
		case cut.Chroma[i] > 0.25 && rgb[2] > rgb[0]:
			coloured = append(coloured, i)
		}
	}
	if len(grey) < 8 || len(coloured) < 1 {
		return
	}
	for _, i := range grey {
		probs[i].filled = min(probs[i].filled, 0.1)
	}
	for _, i := range coloured {
		probs[i].filled = max(probs[i].filled, 0.9)
	}
}

func argmax(p []float64) int {
	best := 0
	for i, v := range p {
		if v > p[best] {
			best = i
		}
	}
	return best
}

// reading is one candidate reading: the digit (0 for none) of each cell.
type reading [81]int

// valueOf is the grid value of a class: pencil marks hold no digit.
func valueOf(class int) int {
	if class == classMarks {
		return 0
	}
	return class
}

// verdict grades a reading by the rules, lower being better: 0 when no digit
// clashes, the digits agree with a solution and either the givens or all the
// digits have only that one (a printed given taken for a digit filled in
// leaves the givens several solutions, but not the grid), 1 when no digit
// clashes but the grid has several solutions, 2 when only the givens are
// sound (a digit filled in clashes or leaves no solution: the person's
// mistake, or a misreading), 3 when the givens clash or have no solution.
func verdict(ctx context.Context, r *reading, filled *[81]bool) int {
	var all, givens [81]int
	for i, d := range r {
		all[i] = d
		if !filled[i] {
			givens[i] = d
		}
	}
	gg, _ := sudoku.FromCells(sudoku.Classic, givens[:])
	if len(sudoku.Validate(gg)) > 0 {
		return 3
	}
	res, err := sudoku.Solve(ctx, gg, 2)
	if err != nil || res.Count == 0 {
		return 3
	}
	if res.Count == 1 {
		for i, d := range all {
			if d != 0 && res.Solution.At(i) != d {
				return 2
			}
		}
		return 0
	}
	ga, _ := sudoku.FromCells(sudoku.Classic, all[:])
	if len(sudoku.Validate(ga)) > 0 {
		return 2
	}
	n, err := sudoku.CountSolutions(ctx, ga, 2)
	switch {
	case err != nil || n == 0:
		return 2
	case n == 1:
		return 0
	}
	return 1
}

// change is another reading of one cell, with its cost: how much less
// likely it is than the best, in log probability.
type change struct {
	cell, class int
	cost        float64
}

// filledAbove is the model's probability of a digit being filled in over
// which it is taken to be (without the colour's word on it).
const filledAbove = 0.7

// maxTries bounds the readings the rules try; maxStates the sets of
// changes looked at (most clash at once and cost no solving).
const (
	maxTries  = 2500
	maxStates = 40000
)

// maxAlternatives is how many of the cheapest other readings of single
// cells are combined.
const maxAlternatives = 70

// maxCost bounds the cost of a set of changes, in log probability with
// changePenalty for each change: beyond it, the photo is read as it looks,
// or said to be unreadable, rather than bent to the rules. The penalty
// puts fewer changes first, so that many cheap doubts do not crowd out the
// one cell that is wrong.
const (
	maxCost       = 12.0
	changePenalty = 1.0
)

// decide picks the reading: the most likely one when the rules accept it,
// else the cheapest set of changes of uncertain cells (any number of them,
// tried cheapest first) that they accept.
func decide(ctx context.Context, outline Quad, probs *[81]cellProbs) (*Reading, error) {
	var best reading
	var class [81]int
	var filled [81]bool
	for i := range probs {
		class[i] = argmax(probs[i].class[:])
		best[i] = valueOf(class[i])
		filled[i] = best[i] != 0 && probs[i].filled > filledAbove
	}
	chosen, chosenClass := best, class
	v := verdict(ctx, &best, &filled)
	if v > 0 {
		// The alternatives: the next classes of the least certain cells
		// (a change that keeps the grid's value, such as pencil marks for
		// empty, changes nothing the rules see, and is left out).
		var alts []change
		for i := range probs {
			p := probs[i].class
			for c := range numClasses {
				if c == class[i] || valueOf(c) == best[i] || p[c] < 1e-4 {
					continue
				}
				alts = append(alts, change{i, c, changePenalty + math.Log(p[class[i]]) - math.Log(p[c])})
			}
		}
		slices.SortFunc(alts, func(a, b change) int { return cmpFloat(a.cost, b.cost) })
		alts = alts[:min(len(alts), maxAlternatives)]
		bestV, tries := v, 0
		sets := cheapestSets(alts)
		for n := 0; n < maxStates && tries < maxTries && bestV > 0 && ctx.Err() == nil; n++ {
			set, cost, ok := sets.next()
			if !ok || cost > maxCost {
				break
			}
			r, cl, f := best, class, filled
			distinct := true
			for _, k := range set {
				ch := alts[k]
				if cl[ch.cell] != class[ch.cell] {
					distinct = false // two changes of one cell
					break
				}
				cl[ch.cell] = ch.class
				r[ch.cell] = valueOf(ch.class)
				f[ch.cell] = r[ch.cell] != 0 && probs[ch.cell].filled > filledAbove
			}
			if !distinct || clashes(&r) && bestV <= 2 {
				continue
			}
			tries++
			if w := verdict(ctx, &r, &f); w < bestV {
				bestV, chosen, chosenClass, filled = w, r, cl, f
			}
		}
		v = bestV
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := &Reading{Outline: outline}
	var all, givens [81]int
	for i := range chosen {
		c := chosenClass[i]
		out.Confidence[i] = probs[i].class[c]
		all[i] = chosen[i]
		switch {
		case c == classMarks:
			out.Kinds[i] = Marks
		case chosen[i] == 0:
			out.Kinds[i] = Empty
		case filled[i]:
			out.Kinds[i] = Filled
		default:
			out.Kinds[i] = Given
			givens[i] = chosen[i]
		}
		cell := sudoku.Cell{Row: i / 9, Col: i % 9}
		if c != class[i] {
			out.Corrected = append(out.Corrected, cell)
		}
		if c != class[i] || out.Confidence[i] < Unsure {
			out.Uncertain = append(out.Uncertain, cell)
		}
	}
	out.Grid, _ = sudoku.FromCells(sudoku.Classic, all[:])
	out.Givens, _ = sudoku.FromCells(sudoku.Classic, givens[:])
	if v == 3 {
		cells := out.Uncertain
		if len(cells) == 0 {
			for _, c := range sudoku.Validate(out.Givens) {
				cells = append(cells, c.Cells...)
			}
		}
		return out, &UnreadableError{Cells: cells, Reading: out}
	}
	return out, nil
}

// clashes reports whether two digits of r clash in a row, a column or a box.
func clashes(r *reading) bool {
	var rows, cols, boxes [9]uint16
	for i, d := range r {
		if d == 0 {
			continue
		}
		bit := uint16(1) << d
		row, col := i/9, i%9
		box := row/3*3 + col/3
		if rows[row]&bit != 0 || cols[col]&bit != 0 || boxes[box]&bit != 0 {
			return true
		}
		rows[row] |= bit
		cols[col] |= bit
		boxes[box] |= bit
	}
	return false
}

// changeSets yields the non-empty sets of alternatives in order of total
// cost (the alternatives sorted by cost): from a set whose last index is j,
// the set with j replaced by j+1 and the set with j+1 added, so that every
// set comes once, none before a cheaper one.
type changeSets struct {
	alts []change
	heap []changeSet
}

type changeSet struct {
	idx  []int
	cost float64
}

func cheapestSets(alts []change) *changeSets {
	s := &changeSets{alts: alts}
	if len(alts) > 0 {
		s.heap = []changeSet{{[]int{0}, alts[0].cost}}
	}
	return s
}

// next returns the cheapest set not yet returned (indices into the
// alternatives) and its cost, or false when there is none.
func (s *changeSets) next() ([]int, float64, bool) {
	if len(s.heap) == 0 {
		return nil, 0, false
	}
	top := s.heap[0]
	last := len(s.heap) - 1
	s.heap[0] = s.heap[last]
	s.heap = s.heap[:last]
	s.down(0)
	if j := top.idx[len(top.idx)-1]; j+1 < len(s.alts) {
		swapped := append(slices.Clone(top.idx[:len(top.idx)-1]), j+1)
		s.push(changeSet{swapped, top.cost - s.alts[j].cost + s.alts[j+1].cost})
		grown := append(slices.Clone(top.idx), j+1)
		s.push(changeSet{grown, top.cost + s.alts[j+1].cost})
	}
	return top.idx, top.cost, true
}

func (s *changeSets) push(c changeSet) {
	s.heap = append(s.heap, c)
	for i := len(s.heap) - 1; i > 0; {
		p := (i - 1) / 2
		if s.heap[p].cost <= s.heap[i].cost {
			break
		}
		s.heap[p], s.heap[i] = s.heap[i], s.heap[p]
		i = p
	}
}

func (s *changeSets) down(i int) {
	for {
		l, small := 2*i+1, i
		if l < len(s.heap) && s.heap[l].cost < s.heap[small].cost {
			small = l
		}
		if r := l + 1; r < len(s.heap) && s.heap[r].cost < s.heap[small].cost {
			small = r
		}
		if small == i {
			return
		}
		s.heap[i], s.heap[small] = s.heap[small], s.heap[i]
		i = small
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
