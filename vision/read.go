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
	// mistake marks a digit an app shows as a mistake (in red): it is
	// read as shown, not changed to keep to the rules.
	mistake bool
	// inked is the share of the cell's samples over half ink; marks
	// reports ink in the shape of pencil marks (rowOfMarks).
	inked float64
	marks bool
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
	r, k, _, err := prepare(ctx, data)
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
		if n == 0 && !broken(best, bestErr) && len(best.Uncertain) <= turnUncertain {
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
	if broken(b, bErr) || len(b.Uncertain) > turnUncertain {
		return false
	}
	if broken(a, aErr) || len(a.Uncertain) != len(b.Uncertain) {
		return broken(a, aErr) || len(a.Uncertain) > len(b.Uncertain)
	}
	return logLikelihood(a) < logLikelihood(b)
}

// broken reports whether a reading breaks the rules: it could not be read
// (its givens clash or have no solution), or two of its digits clash (a
// digit filled in against another: a person's mistake on a page read the
// right way up, but more often digits seen sideways, taken for handwriting,
// which the rules let clash).
func broken(r *Reading, err error) bool {
	return err != nil || len(sudoku.Validate(r.Grid)) > 0
}

func logLikelihood(r *Reading) float64 {
	sum := 0.0
	for _, c := range r.Confidence {
		sum += math.Log(max(c, 1e-9))
	}
	return sum
}

// Classify reads the cells of a cut grid with the models (their
// probabilities averaged) and the rules.
func Classify(ctx context.Context, cut *Cut) (*Reading, error) {
	nets, err := models()
	if err != nil {
		return nil, err
	}
	var probs [81]cellProbs
	share := 1 / float64(len(nets))
	for i := range cut.Cells {
		for _, net := range nets {
			d, k := net.logits(&cut.Cells[i], &cut.Zoom[i])
			for c, p := range softmax(d[:]) {
				probs[i].class[c] += share * p
			}
			probs[i].filled += share * softmax(k[:])[1]
		}
		probs[i].inked = cut.inked[i]
		if rowOfMarks(&cut.Cells[i]) {
			probs[i].marks = true
			marksOdds(&probs[i])
		}
	}
	colourKinds(cut, &probs)
	return decide(ctx, cut.Outline, &probs)
}

// rowOfMarks reports whether a cell's ink is rows of pencil marks rather
// than a digit: each band of inked rows at most a quarter of the cell high
// (an app's candidates written small across the middle of the cell or
// along its top, a single one, or centred candidates wrapped onto two
// lines), where a digit is one band at least a third of the cell high.
func rowOfMarks(ink *[CellSide * CellSide]float32) bool {
	const edge = 2
	band, bands, tallest := 0, 0, 0
	for j := edge; j < CellSide-edge; j++ {
		inked := false
		for i := edge; i < CellSide-edge; i++ {
			if ink[j*CellSide+i] > 0.4 {
				inked = true
				break
			}
		}
		switch {
		case inked:
			if band == 0 {
				bands++
			}
			band++
			tallest = max(tallest, band)
		default:
			band = 0
		}
	}
	return bands > 0 && tallest <= CellSide/4
}

// marksOdds makes the digits of a cell ten times less likely against
// pencil marks and empty, for a cell whose ink has the shape of marks.
func marksOdds(p *cellProbs) {
	sum := 0.0
	for c := range p.class {
		if c >= 1 && c <= 9 {
			p.class[c] *= 0.1
		}
		sum += p.class[c]
	}
	for c := range p.class {
		p.class[c] /= sum
	}
}

// colourKinds uses the ink's colour where it tells entries from givens, as
// in apps, where the givens are black, white or a dark slate and the
// entries blue, green or violet: when the digits read with confidence fall
// into two groups of colour ([colourGroups]), the more saturated one, of a
// blue, green or violet hue, is filled in; a cell read with less
// confidence, or read as no digit (which the rules may yet make a digit),
// joins the group whose saturation is clearly the nearer. Red digits
// beside such givens (an app's mistakes) are filled in too, and read as
// shown: the rules do not change a mistake read with confidence into the
// right digit. Failing two groups, grey digits beside blue or green ones
// tell them apart as well, and so do grey digits, or digits all of one
// colour (a dark slate), beside up to maxMistakes red ones (an app's
// mistakes before any other entry). Digits all of one colour (a page
// printed in red, a scan) and more red ink beside black (a page filled in
// with a red pen, which the model knows) say nothing.
func colourKinds(cut *Cut, probs *[81]cellProbs) {
	var sure, unsure, red, grey, coloured, notRed []int
	for i := range probs {
		best := argmax(probs[i].class[:])
		rgb := cut.RGB[i]
		if rgb == [3]float64{} {
			continue
		}
		if best < 1 || best > 9 {
			// No digit as the model has it: the rules may make it one.
			unsure = append(unsure, i)
			continue
		}
		switch {
		case cut.Chroma[i] > 0.3 && rgb[0] > rgb[1]+40 && rgb[0] > rgb[2]+40:
			red = append(red, i)
			continue
		case cut.Chroma[i] < 0.12:
			grey = append(grey, i)
		case cut.Chroma[i] > 0.25 && rgb[2] > rgb[0]:
			coloured = append(coloured, i)
		}
		notRed = append(notRed, i)
		if probs[i].class[best] >= sureDigit {
			sure = append(sure, i)
		} else {
			unsure = append(unsure, i)
		}
	}
	givens, entries, split := colourGroups(cut, sure, unsure)
	switch {
	case split:
	case len(grey) >= 8 && len(coloured) > 0:
		givens, entries = grey, coloured
	case len(grey) >= 8 && len(red) > 0 && len(red) <= maxMistakes:
		givens = grey
	case len(notRed) >= 8 && len(red) > 0 && len(red) <= maxMistakes && oneColour(cut, notRed):
		givens = notRed
	default:
		return
	}
	for _, i := range givens {
		probs[i].filled = min(probs[i].filled, 0.1)
	}
	for _, i := range append(entries, red...) {
		probs[i].filled = max(probs[i].filled, 0.9)
	}
	for _, i := range red {
		probs[i].mistake = true
	}
}

// oneColour reports whether the ink of cells is all of one colour: within
// 12 levels of their mean colour ([colourFeature]), as a face's is.
func oneColour(cut *Cut, cells []int) bool {
	var mean colour
	for _, i := range cells {
		f := colourFeature(cut.RGB[i])
		for c := range f {
			mean[c] += f[c] / float64(len(cells))
		}
	}
	for _, i := range cells {
		if colourFeature(cut.RGB[i]).dist(mean) > 12 {
			return false
		}
	}
	return true
}

// maxMistakes is how many red digits beside grey ones are taken for an
// app's mistakes, filled in, when no other colour tells the entries: more
// are a page filled in with a red pen, which the model reads.
const maxMistakes = 3

// sureDigit is the model's probability of a digit from which its colour
// is taken to make the groups of colourKinds.
const sureDigit = 0.9

// colourGroups splits the cells sure by the colour of their ink (two
// means, started from the least and the most saturated) and reports
// whether they fall into two groups apart: the givens (the less saturated
// group, at least 8 cells) and the entries (of more blue than red), their
// centres 30 levels or more apart and 2.5 times their spread. The colours
// are compared by their hue and saturation more than by their lightness
// ([colourFeature]): a thin face's strokes are blended with the
// background, lighter than a bold one's of the same colour. The cells
// unsure join the group whose saturation is clearly the nearer, if any.
func colourGroups(cut *Cut, sure, unsure []int) (givens, entries []int, ok bool) {
	cells := sure
	if len(cells) < 9 {
		return nil, nil, false
	}
	lo, hi := cells[0], cells[0]
	for _, i := range cells {
		if cut.Chroma[i] < cut.Chroma[lo] {
			lo = i
		}
		if cut.Chroma[i] > cut.Chroma[hi] {
			hi = i
		}
	}
	centre := [2]colour{colourFeature(cut.RGB[lo]), colourFeature(cut.RGB[hi])}
	var rgb [2][3]float64 // the groups' mean colours
	group := make([]int, len(cells))
	for range 10 {
		var sum [2]colour
		var n [2]int
		rgb = [2][3]float64{}
		for k, i := range cells {
			f := colourFeature(cut.RGB[i])
			g := 0
			if f.dist(centre[1]) < f.dist(centre[0]) {
				g = 1
			}
			group[k] = g
			n[g]++
			for c := range f {
				sum[g][c] += f[c]
			}
			for c := range 3 {
				rgb[g][c] += cut.RGB[i][c]
			}
		}
		if n[0] == 0 || n[1] == 0 {
			return nil, nil, false
		}
		for g := range 2 {
			for c := range sum[g] {
				centre[g][c] = sum[g][c] / float64(n[g])
			}
			for c := range 3 {
				rgb[g][c] /= float64(n[g])
			}
		}
	}
	if chroma(rgb[0]) > chroma(rgb[1]) {
		centre[0], centre[1] = centre[1], centre[0]
		rgb[0], rgb[1] = rgb[1], rgb[0]
		for k := range group {
			group[k] = 1 - group[k]
		}
	}
	spread := 0.0
	for k, i := range cells {
		d := colourFeature(cut.RGB[i]).dist(centre[group[k]])
		spread += d * d
	}
	spread = math.Sqrt(spread / float64(len(cells)))
	apart := centre[0].dist(centre[1])
	c0, c1 := chroma(rgb[0]), chroma(rgb[1])
	if apart < 30 || apart < 2.5*spread || c1 < c0+0.1 || rgb[1][2] <= rgb[1][0] {
		return nil, nil, false
	}
	for k, i := range cells {
		if group[k] == 0 {
			givens = append(givens, i)
		} else {
			entries = append(entries, i)
		}
	}
	// A cell unsure is often faint (a thin face, pencil marks), its colour
	// blended with the background: its saturation tells its group, when
	// it is clearly nearer one.
	margin := (c1 - c0) / 4
	for _, i := range unsure {
		d0, d1 := math.Abs(cut.Chroma[i]-c0), math.Abs(cut.Chroma[i]-c1)
		switch {
		case d0 < d1-margin:
			givens = append(givens, i)
		case d1 < d0-margin:
			entries = append(entries, i)
		}
	}
	return givens, entries, len(givens) >= 8
}

// colour is a colour as colourGroups compares them: its offsets from grey
// (red, green and blue less their mean) and, weighed less, its lightness.
type colour [4]float64

// colourLightness is the weight of the lightness in a colour.
const colourLightness = 0.3

func colourFeature(rgb [3]float64) colour {
	m := (rgb[0] + rgb[1] + rgb[2]) / 3
	return colour{rgb[0] - m, rgb[1] - m, rgb[2] - m, colourLightness * m}
}

func (a colour) dist(b colour) float64 {
	sum := 0.0
	for i := range a {
		sum += (a[i] - b[i]) * (a[i] - b[i])
	}
	return math.Sqrt(sum)
}

// chroma is how coloured rgb is, as [Cut.Chroma] measures it.
func chroma(rgb [3]float64) float64 {
	hi := max(rgb[0], rgb[1], rgb[2])
	lo := min(rgb[0], rgb[1], rgb[2])
	return (hi - lo) / max(hi, 64)
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
	chosen, chosenClass, chosenFilled := best, class, filled
	v := verdict(ctx, &best, &filled)
	if v > 0 {
		// The alternatives: the next classes of the least certain cells
		// (a change that keeps the grid's value, such as pencil marks for
		// empty, changes nothing the rules see, and is left out).
		var alts []change
		for i := range probs {
			p := probs[i].class
			if probs[i].mistake && p[class[i]] >= sureDigit {
				continue
			}
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
			// Each set changes the most likely reading, its digits and
			// their kinds, never the reading kept so far.
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
				bestV, chosen, chosenClass, chosenFilled = w, r, cl, f
			}
		}
		v = bestV
	}
	filled = chosenFilled
	if v <= 1 {
		printedUnique(ctx, &chosen, &filled, probs)
	}
	if v == 0 {
		fillLastGaps(ctx, &chosen, &chosenClass, &filled, probs)
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

// maxGaps is how many cells without a digit a grid otherwise filled in
// may have for fillLastGaps to fill them; gapInk is the share of a gap's
// samples that must be ink.
const (
	maxGaps = 3
	gapInk  = 0.02
)

// fillLastGaps fills the last few cells of a grid filled in but for them
// (at most maxGaps without a digit, the reading keeping to the rules with
// one solution) with the solution's digits, as filled in, when each holds
// ink that is not in the shape of pencil marks: on a page filled in to the
// end, a cell with ink in it is a digit written faintly, which the model
// took for pencil marks or nothing. They count as corrected.
func fillLastGaps(ctx context.Context, r *reading, class *[81]int, filled *[81]bool, probs *[81]cellProbs) {
	var gaps []int
	for i, d := range r {
		if d == 0 {
			if probs[i].inked < gapInk || probs[i].marks {
				return
			}
			gaps = append(gaps, i)
		}
	}
	if len(gaps) == 0 || len(gaps) > maxGaps {
		return
	}
	g, err := sudoku.FromCells(sudoku.Classic, r[:])
	if err != nil {
		return
	}
	res, err := sudoku.Solve(ctx, g, 2)
	if err != nil || res.Count != 1 {
		return
	}
	for _, i := range gaps {
		d := res.Solution.At(i)
		r[i], class[i], filled[i] = d, d, true
	}
}

// maxReprinted is how many digits taken for filled in printedUnique may
// take back for printed.
const maxReprinted = 6

// printedUnique takes digits read as filled in back for printed givens
// when the givens without them have several solutions: a printed puzzle
// has one, so a digit it needs for that is a given the model took for
// handwriting (a bold face on a scanned page). The least surely filled
// are taken back first, one at a time, each kept only when the givens
// still keep to the rules, until the givens have one solution; up to
// maxReprinted of them, else none is.
func printedUnique(ctx context.Context, r *reading, filled *[81]bool, probs *[81]cellProbs) {
	unique := func(f *[81]bool) (sound, one bool) {
		var givens [81]int
		for i, d := range r {
			if !f[i] {
				givens[i] = d
			}
		}
		g, _ := sudoku.FromCells(sudoku.Classic, givens[:])
		if len(sudoku.Validate(g)) > 0 {
			return false, false
		}
		res, err := sudoku.Solve(ctx, g, 2)
		return err == nil && res.Count > 0, err == nil && res.Count == 1
	}
	if _, one := unique(filled); one {
		return
	}
	var cand []int
	for i := range filled {
		if filled[i] {
			cand = append(cand, i)
		}
	}
	slices.SortFunc(cand, func(a, b int) int { return cmpFloat(probs[a].filled, probs[b].filled) })
	f := *filled
	for n, i := range cand {
		if n == maxReprinted || ctx.Err() != nil {
			return
		}
		f[i] = false
		sound, one := unique(&f)
		if one {
			*filled = f
			return
		}
		if !sound {
			f[i] = true
		}
	}
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
