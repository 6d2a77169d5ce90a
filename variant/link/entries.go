package link

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/sudokubot/sudokubot/variant"
)

// entryRules are the f-puzzles keys whose entries name cells ("cell",
// "cells", "value"): each entry made into rules by its function.
var entryRules = map[string]func(b *builder, where string, e fpEntry) error{
	"killercage":      (*builder).killerCage,
	"extraregion":     (*builder).extraRegion,
	"arrow":           (*builder).arrow,
	"littlekillersum": (*builder).littleKiller,
	"difference":      (*builder).dot,
	"ratio":           (*builder).dot,
	"xv":              (*builder).dot,
	"quadruple":       (*builder).quadruple,
	"clone":           (*builder).clone,
	"minimum":         (*builder).minMax,
	"maximum":         (*builder).minMax,
	"odd":             (*builder).parity,
	"even":            (*builder).parity,
	"sandwichsum":     (*builder).outside,
	"xsum":            (*builder).outside,
	"skyscraper":      (*builder).outside,
	"rowindexer":      (*builder).indexer,
	"columnindexer":   (*builder).indexer,
	"boxindexer":      (*builder).indexer,
}

// entries reads the entries of one key.
func (b *builder) entries(key string, raw json.RawMessage, entries []fpEntry) error {
	if lr, ok := lineRules[key]; ok {
		for i, e := range entries {
			where := fmt.Sprintf("%s %d", key, i+1)
			for _, line := range e.Lines {
				cs, err := b.cells(where, line)
				if err != nil {
					return err
				}
				cs = dedupe(cs)
				if len(cs) < 2 {
					b.leave(lr.kind + " of one cell")
					continue
				}
				if key == "entropicline" && b.n%3 != 0 {
					return puzzleErr(where, "entropic lines need a size that is a multiple of 3, not %d", b.n)
				}
				if key == "lockout" && e.Value != "" {
					gap, err := atoiIn(where+" value", e.Value, 1, b.n-1)
					if err != nil {
						return err
					}
					b.add(variant.NewLockout(b.n, cs, gap))
					b.count(lr.kind)
					b.shape(Shape{Kind: lr.kind, Cells: cs})
					continue
				}
				if key == "whispers" && e.Value != "" {
					gap, err := atoiIn(where+" value", e.Value, 1, b.n-1)
					if err != nil {
						return err
					}
					if gap != variant.WhisperGap(b.n) {
						k := variant.NewWhispersGap(b.n, gap, cs)
						b.add(k)
						b.count(k.Kind())
						b.shape(Shape{Kind: lr.kind, Cells: cs})
						continue
					}
				}
				lr.make(b, cs)
				b.count(lr.kind)
				b.shape(Shape{Kind: lr.kind, Cells: cs})
			}
		}
		return nil
	}
	f, ok := entryRules[key]
	if !ok {
		if !empty(raw) {
			b.info.Unknown = append(b.info.Unknown, key)
		}
		return nil
	}
	for i, e := range entries {
		if err := f(b, fmt.Sprintf("%s %d", key, i+1), withKey(e, key)); err != nil {
			return err
		}
	}
	return nil
}

// withKey records the key in the entry, for the functions that read
// several keys (dots, min/max, parity, outside clues).
func withKey(e fpEntry, key string) fpEntry {
	e.kindKey = key
	return e
}

func dedupe(cs []int) []int {
	var out []int
	for _, c := range cs {
		if len(out) == 0 || out[len(out)-1] != c {
			out = append(out, c)
		}
	}
	return out
}

func (b *builder) killerCage(where string, e fpEntry) error {
	cs, err := b.cells(where, e.Cells)
	if err != nil || len(cs) == 0 {
		return err
	}
	b.p.Groups = append(b.p.Groups, variant.Group{Name: "killer cage at " + names(b.n, cs), Cells: cs})
	if e.Value == "" {
		b.count("killer cage without a sum")
		b.shape(Shape{Kind: "killer cage", Cells: cs})
		return nil
	}
	sum, ok := e.Value.int()
	if !ok {
		if _, meta := metaValue(string(e.Value)); meta {
			return nil
		}
		return puzzleErr(where, "sum %q is not a number", e.Value)
	}
	b.add(variant.NewCage("killer cage", b.n, cs, sum, true))
	b.count("killer cage")
	b.shape(Shape{Kind: "killer cage", Cells: cs, Label: string(e.Value)})
	return nil
}

func (b *builder) extraRegion(where string, e fpEntry) error {
	cs, err := b.cells(where, e.Cells)
	if err != nil {
		return err
	}
	b.p.Groups = append(b.p.Groups, variant.Group{Name: "extra region at " + names(b.n, cs), Cells: cs})
	b.count("extra region")
	b.shape(Shape{Kind: "extra region", Cells: cs})
	return nil
}

func (b *builder) arrow(where string, e fpEntry) error {
	bulb, err := b.cells(where, e.Cells)
	if err != nil {
		return err
	}
	if len(bulb) == 0 {
		return puzzleErr(where, "an arrow without a circle")
	}
	slices.Sort(bulb) // a pill reads left to right or downwards
	for _, line := range e.Lines {
		cs, err := b.cells(where, line)
		if err != nil {
			return err
		}
		var shaft []int
		for _, c := range dedupe(cs) {
			if !slices.Contains(bulb, c) {
				shaft = append(shaft, c)
			}
		}
		if len(shaft) == 0 {
			b.leave("arrow without a shaft")
			continue
		}
		b.add(variant.NewArrow(b.n, bulb, shaft))
		b.count("arrow")
		b.shape(Shape{Kind: "arrow", Cells: append(slices.Clone(bulb), shaft...), Bulb: len(bulb)})
	}
	return nil
}

var diagonalSteps = map[string][2]int{"UR": {-1, 1}, "UL": {-1, -1}, "DR": {1, 1}, "DL": {1, -1}}

func (b *builder) littleKiller(where string, e fpEntry) error {
	r, c, err := b.rc(where, e.Cell, true)
	if err != nil {
		return err
	}
	r0, c0 := r, c // the clue's place (the walk below moves r and c)
	step, ok := diagonalSteps[e.Direction]
	if !ok {
		return puzzleErr(where, "direction %q is not UR, UL, DR or DL", e.Direction)
	}
	if e.Value == "" {
		b.leave("little killer arrow without a sum")
		return nil
	}
	sum, ok := e.Value.int()
	if !ok {
		return puzzleErr(where, "sum %q is not a number", e.Value)
	}
	var cs []int
	for r, c = r+step[0], c+step[1]; r >= 0 && r < b.n && c >= 0 && c < b.n; r, c = r+step[0], c+step[1] {
		cs = append(cs, r*b.n+c)
	}
	if len(cs) == 0 {
		return puzzleErr(where, "the arrow at %s points at no cell", e.Cell)
	}
	b.add(variant.NewLittleKiller(b.n, cs, sum))
	b.count("little killer")
	b.shape(Shape{Kind: "little killer", Cells: cs, Label: string(e.Value), Row: r0, Col: c0, DR: step[0], DC: step[1]})
	return nil
}

// pairOf returns the two cells of a dot, which must be neighbours.
func (b *builder) pairOf(where string, e fpEntry) (int, int, error) {
	cs, err := b.cells(where, e.Cells)
	if err != nil {
		return 0, 0, err
	}
	if len(cs) != 2 {
		return 0, 0, puzzleErr(where, "%d cells, not 2", len(cs))
	}
	a, c := min(cs[0], cs[1]), max(cs[0], cs[1])
	if !(c-a == b.n || c-a == 1 && a/b.n == c/b.n) {
		return 0, 0, puzzleErr(where, "%s and %s are not neighbours", e.Cells[0], e.Cells[1])
	}
	return a, c, nil
}

func (b *builder) dot(where string, e fpEntry) error {
	a, c, err := b.pairOf(where, e)
	if err != nil {
		return err
	}
	var ok func(x, y int) bool
	var kind string
	switch e.kindKey {
	case "difference":
		k := 1
		if e.Value != "" {
			if k, err = atoiIn(where, e.Value, 0, b.n); err != nil {
				return err
			}
		}
		ok, kind = variant.DifferBy(k), "kropki white dot"
		b.dotVals["difference"] = appendNew(b.dotVals["difference"], k)
	case "ratio":
		k := 2
		if e.Value != "" {
			if k, err = atoiIn(where, e.Value, 1, b.n); err != nil {
				return err
			}
		}
		ok, kind = variant.RatioOf(k), "kropki black dot"
		b.dotVals["ratio"] = appendNew(b.dotVals["ratio"], k)
	default: // xv
		switch e.Value {
		case "X", "x":
			ok, kind = variant.SumTo(10), "X"
		case "V", "v":
			ok, kind = variant.SumTo(5), "V"
		default:
			return puzzleErr(where, "%q is neither X nor V", e.Value)
		}
	}
	b.dots[[2]int{a, c}] = append(b.dots[[2]int{a, c}], e.kindKey)
	b.add(variant.NewPair(kind, b.n, a, c, ok))
	b.count(kind)
	b.shape(Shape{Kind: kind, Cells: []int{a, c}, Label: string(e.Value)})
	return nil
}

func atoiIn(where string, v flex, lo, hi int) (int, error) {
	k, ok := v.int()
	if !ok || k < lo || k > hi {
		return 0, puzzleErr(where, "%q is not a number from %d to %d", v, lo, hi)
	}
	return k, nil
}

func appendNew(xs []int, x int) []int {
	if slices.Contains(xs, x) {
		return xs
	}
	return append(xs, x)
}

func (b *builder) quadruple(where string, e fpEntry) error {
	cs, err := b.cells(where, e.Cells)
	if err != nil {
		return err
	}
	var ds []int
	for _, v := range e.Values {
		d, err := atoiIn(where, v, 1, b.n)
		if err != nil {
			return err
		}
		ds = append(ds, d)
	}
	if len(ds) > len(cs) {
		return puzzleErr(where, "%d digits for %d cells", len(ds), len(cs))
	}
	b.add(variant.NewQuadruple(b.n, cs, ds))
	b.count("quadruple")
	label := ""
	for _, d := range ds {
		label += string(variant.DigitChar(d))
	}
	b.shape(Shape{Kind: "quadruple", Cells: cs, Label: label})
	return nil
}

func (b *builder) clone(where string, e fpEntry) error {
	cs, err := b.cells(where, e.Cells)
	if err != nil {
		return err
	}
	cl, err := b.cells(where, e.CloneCells)
	if err != nil {
		return err
	}
	if len(cs) != len(cl) {
		return puzzleErr(where, "%d cells cloned into %d", len(cs), len(cl))
	}
	b.add(variant.NewClone(b.n, cs, cl))
	b.count("clone")
	b.shape(Shape{Kind: "clone", Cells: append(slices.Clone(cs), cl...)})
	return nil
}

func (b *builder) minMax(where string, e fpEntry) error {
	c, err := b.cell(where, e.Cell)
	if err != nil {
		return err
	}
	b.minmax = append(b.minmax, minMaxCell{cell: c, max: e.kindKey == "maximum"})
	return nil
}

type minMaxCell struct {
	cell int
	max  bool
}

func (b *builder) parity(where string, e fpEntry) error {
	c, err := b.cell(where, e.Cell)
	if err != nil {
		return err
	}
	set, kind := variant.Odd, "odd cell"
	if e.kindKey == "even" {
		set, kind = variant.Even, "even cell"
	}
	b.add(variant.NewMask(kind, b.n, c, set))
	b.count(kind)
	b.shape(Shape{Kind: kind, Cells: []int{c}})
	return nil
}

// outside reads a clue beside the grid: the cells of its row or column from
// the clue inwards.
func (b *builder) outside(where string, e fpEntry) error {
	r, c, err := b.rc(where, e.Cell, true)
	if err != nil {
		return err
	}
	n := b.n
	var cs []int
	switch {
	case r == -1 && c >= 0 && c < n:
		for i := 0; i < n; i++ {
			cs = append(cs, i*n+c)
		}
	case r == n && c >= 0 && c < n:
		for i := n - 1; i >= 0; i-- {
			cs = append(cs, i*n+c)
		}
	case c == -1 && r >= 0 && r < n:
		for i := 0; i < n; i++ {
			cs = append(cs, r*n+i)
		}
	case c == n && r >= 0 && r < n:
		for i := n - 1; i >= 0; i-- {
			cs = append(cs, r*n+i)
		}
	default:
		return puzzleErr(where, "clue %s is not beside a row or column", e.Cell)
	}
	if e.Value == "" {
		b.leave(e.kindKey + " clue without a number")
		return nil
	}
	v, err := atoiIn(where, e.Value, 0, n*(n+1)/2)
	if err != nil {
		return err
	}
	kinds := map[string]string{"sandwichsum": "sandwich sum", "xsum": "X-sum", "skyscraper": "skyscraper"}
	b.shape(Shape{Kind: kinds[e.kindKey], Cells: cs, Label: string(e.Value), Row: r, Col: c})
	switch e.kindKey {
	case "sandwichsum":
		b.add(variant.NewSandwich(n, cs, v))
		b.count("sandwich sum")
	case "xsum":
		b.add(variant.NewXSum(n, cs, v))
		b.count("X-sum")
	default:
		if v < 1 || v > n {
			return puzzleErr(where, "%d buildings cannot be seen in a row of %d", v, n)
		}
		b.add(variant.NewSkyscraper(n, cs, v))
		b.count("skyscraper")
	}
	return nil
}

// globals adds the rules over the whole grid: diagonals, anti-knight,
// anti-king, disjoint groups, nonconsecutive and the negative constraints.
func (b *builder) globals(on map[string]bool, negative []string) {
	n := b.n
	if on["diagonal+"] {
		var cs []int
		for r := n - 1; r >= 0; r-- {
			cs = append(cs, r*n+(n-1-r))
		}
		b.p.Groups = append(b.p.Groups, variant.Group{Name: "positive diagonal", Cells: cs})
		b.count("positive diagonal")
		b.shape(Shape{Kind: "positive diagonal", Cells: cs})
	}
	if on["diagonal-"] {
		var cs []int
		for r := 0; r < n; r++ {
			cs = append(cs, r*n+r)
		}
		b.p.Groups = append(b.p.Groups, variant.Group{Name: "negative diagonal", Cells: cs})
		b.count("negative diagonal")
		b.shape(Shape{Kind: "negative diagonal", Cells: cs})
	}
	if on["disjointgroups"] {
		h, w := variant.BoxShape(n)
		for pos := 0; pos < n; pos++ {
			g := variant.Group{Name: fmt.Sprintf("disjoint group %d", pos+1)}
			for c := 0; c < n*n; c++ {
				r, col := c/n, c%n
				if (r%h)*w+col%w == pos {
					g.Cells = append(g.Cells, c)
				}
			}
			b.p.Groups = append(b.p.Groups, g)
		}
		b.count("disjoint groups")
	}
	moves := func(kind string, steps [][2]int) {
		for c := 0; c < n*n; c++ {
			r, col := c/n, c%n
			for _, s := range steps {
				r2, c2 := r+s[0], col+s[1]
				if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || r2*n+c2 < c {
					continue
				}
				b.add(variant.NewPair(kind, n, c, r2*n+c2, variant.Differ))
			}
		}
		b.count(kind)
	}
	if on["antiknight"] {
		moves("anti-knight", [][2]int{{1, 2}, {2, 1}, {1, -2}, {2, -1}, {-1, 2}, {-2, 1}, {-1, -2}, {-2, -1}})
	}
	if on["antiking"] {
		moves("anti-king", [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}})
	}
	for _, mm := range b.minmax {
		kind := "minimum cell"
		if mm.max {
			kind = "maximum cell"
		}
		r, c := mm.cell/n, mm.cell%n
		for _, s := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			r2, c2 := r+s[0], c+s[1]
			o := r2*n + c2
			if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || slices.ContainsFunc(b.minmax, func(x minMaxCell) bool { return x.cell == o && x.max == mm.max }) {
				continue
			}
			if mm.max {
				b.add(variant.NewPair(kind, n, o, mm.cell, variant.Less))
			} else {
				b.add(variant.NewPair(kind, n, mm.cell, o, variant.Less))
			}
		}
		b.count(kind)
		b.shape(Shape{Kind: kind, Cells: []int{mm.cell}})
	}
	// Negative constraints: every pair of neighbours without a dot of the
	// kind is not in that kind's relation (for each value the puzzle's
	// dots of the kind use, or the default); nonconsecutive is the negative
	// of white dots of 1.
	rels := map[string][]func(x, y int) bool{}
	var kinds []string
	neg := func(key string, rel func(k int) func(x, y int) bool, def int, kind string) {
		if !slices.Contains(negative, key) {
			return
		}
		vals := b.dotVals[key]
		if len(vals) == 0 {
			vals = []int{def}
		}
		for _, v := range vals {
			rels[key] = append(rels[key], rel(v))
		}
		kinds = append(kinds, kind)
	}
	neg("ratio", variant.RatioOf, 2, "negative kropki")
	neg("difference", variant.DifferBy, 1, "negative kropki")
	if slices.Contains(negative, "xv") {
		rels["xv"] = []func(x, y int) bool{variant.SumTo(10), variant.SumTo(5)}
		kinds = append(kinds, "negative XV")
	}
	if on["nonconsecutive"] {
		rels["difference"] = append(rels["difference"], variant.DifferBy(1))
		kinds = append(kinds, "nonconsecutive")
	}
	if len(kinds) == 0 {
		return
	}
	kinds = slices.Compact(kinds)
	kind := kinds[0]
	if len(kinds) > 1 {
		kind = "negative constraint"
	}
	keys := []string{"ratio", "difference", "xv"}
	for c := 0; c < n*n; c++ {
		for _, o := range []int{c + 1, c + n} {
			if o >= n*n || o == c+1 && o/n != c/n {
				continue
			}
			var these []func(x, y int) bool
			for _, key := range keys {
				if !b.dotted(c, o, key) {
					these = append(these, rels[key]...)
				}
			}
			if len(these) > 0 {
				b.add(variant.NewPair(kind, n, c, o, variant.NoneOf(these...)))
			}
		}
	}
	for _, k := range kinds {
		b.count(k)
	}
}

// dotted reports whether the neighbours a < c carry a dot of the key.
func (b *builder) dotted(a, c int, key string) bool {
	return slices.Contains(b.dots[[2]int{a, c}], key)
}

// indexerKinds name the indexer keys for people.
var indexerKinds = map[string]string{"rowindexer": "row indexer", "columnindexer": "column indexer", "boxindexer": "box indexer"}

// indexer reads indexer cells: each points into its column (row
// indexer), its row (column indexer) or its region (box indexer).
func (b *builder) indexer(where string, e fpEntry) error {
	cs, err := b.cells(where, e.Cells)
	if err != nil {
		return err
	}
	n := b.n
	kind := indexerKinds[e.kindKey]
	regions := b.p.Regions
	if regions == nil {
		regions = variant.StandardRegions(n)
	}
	lines := make([][]int, len(cs))
	for i, c := range cs {
		switch e.kindKey {
		case "rowindexer":
			for r := range n {
				lines[i] = append(lines[i], r*n+c%n)
			}
		case "columnindexer":
			for col := range n {
				lines[i] = append(lines[i], c/n*n+col)
			}
		default:
			for _, reg := range regions {
				if slices.Contains(reg, c) {
					lines[i] = reg
				}
			}
			if lines[i] == nil {
				return puzzleErr(where, "%s is in no region", variant.CellName(n, c))
			}
		}
	}
	x, err := variant.NewIndexer(kind, n, cs, lines)
	if err != nil {
		return puzzleErr(where, "%v", err)
	}
	b.add(x)
	b.count(kind)
	b.shape(Shape{Kind: kind, Cells: cs})
	return nil
}
