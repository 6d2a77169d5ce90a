package logic

import (
	"context"
	"math/bits"
	"testing"

	"github.com/sudokubot/sudokubot/internal/race"
)

// The reference implementation of the unary chains: Sukaku Explainer's
// searches transcribed step by step (three propagations per candidate and
// link kind). The fast search in unary.go must find the same first hint.

// isParent reports whether a node of key follows id back along first
// parents (id itself excluded).
func (c *chainer) isParent(id int32, key int16) bool {
	for {
		ps := c.parents(id)
		if len(ps) == 0 {
			return false
		}
		id = ps[0]
		if c.nodes[id].key == key {
			return true
		}
	}
}

// cycles propagates from src assumed on with the given link kinds, as
// Sukaku Explainer's cycle search does, and returns the nodes where the
// propagation comes back to src after four links or more.
func (c *chainer) cycles(src int, y, x bool) []int32 {
	r := &c.scratch
	r.reset()
	id := c.node(src<<1|1, -1, 0, 0)
	r.addOn(src, id)
	qOn := []int32{id}
	var qOff, found []int32
	length := 0
	for len(qOn) > 0 || len(qOff) > 0 {
		length++
		for _, p := range qOn {
			for _, q := range c.onToOff(int(c.nodes[p].key>>1), y) {
				if c.isParent(p, q<<1) {
					continue
				}
				nid := c.node(int(q)<<1, p, 0, 0)
				qOff = append(qOff, nid)
				if r.off[q] == 0 {
					r.addOff(int(q), nid)
				}
			}
		}
		qOn = qOn[:0]
		length++
		for _, p := range qOff {
			for _, o := range c.offToOn(r, int(c.nodes[p].key>>1), y, x, false) {
				if length >= 4 && int(o.pot) == src {
					found = append(found, c.node(src<<1|1, p, 0, 0))
				}
				if r.on[o.pot] == 0 {
					nid := c.node(int(o.pot)<<1|1, p, 0, 0)
					r.addOn(int(o.pot), nid)
					qOn = append(qOn, nid)
				}
			}
		}
		qOff = qOff[:0]
	}
	return found
}

// forcing propagates from src assumed on (or off) and returns the first node
// where the propagation reaches the opposite of src, or -1.
func (c *chainer) forcing(src int, srcOn, y bool) int32 {
	r := &c.scratch
	r.reset()
	var qOn, qOff []int32
	if srcOn {
		id := c.node(src<<1|1, -1, 0, 0)
		r.addOn(src, id)
		qOn = append(qOn, id)
	} else {
		id := c.node(src<<1, -1, 0, 0)
		r.addOff(src, id)
		qOff = append(qOff, id)
	}
	target := int32(-1)
	for len(qOn) > 0 || len(qOff) > 0 {
		for _, p := range qOn {
			for _, q := range c.onToOff(int(c.nodes[p].key>>1), y) {
				nid := int32(-1)
				if srcOn && int(q) == src && target < 0 {
					nid = c.node(int(q)<<1, p, 0, 0)
					target = nid
				}
				if r.off[q] == 0 {
					if nid < 0 {
						nid = c.node(int(q)<<1, p, 0, 0)
					}
					r.addOff(int(q), nid)
					qOff = append(qOff, nid)
				}
			}
		}
		qOn = qOn[:0]
		for _, p := range qOff {
			for _, o := range c.offToOn(r, int(c.nodes[p].key>>1), y, true, false) {
				nid := int32(-1)
				if !srcOn && int(o.pot) == src && target < 0 {
					nid = c.node(int(o.pot)<<1|1, p, 0, 0)
					target = nid
				}
				if r.on[o.pot] == 0 {
					if nid < 0 {
						nid = c.node(int(o.pot)<<1|1, p, 0, 0)
					}
					r.addOn(int(o.pot), nid)
					qOn = append(qOn, nid)
				}
			}
		}
		qOff = qOff[:0]
	}
	return target
}

// unaryChains finds, for the given link kinds (x: a digit's two places in
// a unit; y: a cell's two candidates), the bidirectional cycles (6.5, or 7.0
// with both kinds) and forcing chains (6.6, or 7.0) from every candidate.
func (c *chainer) unaryChains(sr *search, y, x bool, hints *[]*chainHint) bool {
	for cell := 0; cell < 81; cell++ {
		m := c.orig[cell]
		card := bits.OnesCount32(m)
		if card <= 1 {
			continue
		}
		if sr.expired() {
			return false
		}
		if !x && card > 2 {
			continue
		}
		for mm := m; mm != 0; mm &= mm - 1 {
			src := cell*9 + bits.TrailingZeros32(mm)
			var targets []int32
			cyc := c.cycles(src, y, x)
			if x {
				if t := c.forcing(src, true, y); t >= 0 {
					targets = append(targets, t)
				}
				if t := c.forcing(src, false, y); t >= 0 {
					targets = append(targets, t)
				}
			}
			for _, dst := range cyc {
				if h := c.cycleHint(dst, y, x); h != nil {
					c.add(hints, h)
				}
			}
			for _, t := range targets {
				if h := c.forcingHint(t, y, x); h != nil {
					c.add(hints, h)
				}
			}
		}
	}
	return true
}

// refUnaryBest is the first hint of the rule by the reference searches.
func refUnaryBest(sr *search) (*chainHint, *chainer) {
	c := newChainer(sr.g, nil)
	c.resetRule(false, false, false, 0)
	var hints []*chainHint
	for _, k := range [3][2]bool{{false, true}, {true, false}, {true, true}} {
		c.unaryChains(sr, k[0], k[1], &hints)
	}
	if len(hints) == 0 {
		return nil, c
	}
	sortChainHints(hints)
	return hints[0], c
}

// unaryStates walks the rating path of each puzzle and calls fn on every
// grid where the ladder reaches the unary chains.
func unaryStates(t *testing.T, puzzles []ratedPuzzle, fn func(line int, sr *search)) {
	for _, p := range puzzles {
		g := mustNew(t, grid81(t, p.puzzle))
		w := g.Clone()
		sr := &search{ctx: context.Background(), g: w, uniq: true}
		prods := ladder(w.geo)
		for !w.Solved() {
			var found Step
			ok := false
			for _, pr := range prods {
				if pr.name == "unary chains" {
					fn(p.line, sr)
				}
				pr.find(sr, func(s Step) bool { found, ok = s, true; return false })
				if ok {
					break
				}
			}
			if !ok {
				break
			}
			if err := w.Apply(found); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestUnaryMatchesReference(t *testing.T) {
	puzzles := readRated(t, "testdata/se_sample.csv", false)
	var chainy []ratedPuzzle
	for i, p := range puzzles {
		if race.Enabled && i%4 != 0 {
			continue // the reference is slow under the race detector
		}
		if r := ratingOf(t, p.rating); r >= 62 {
			chainy = append(chainy, p)
		}
	}
	states := 0
	unaryStates(t, chainy, func(line int, sr *search) {
		states++
		want, rc := refUnaryBest(sr)
		c := newChainer(sr.g, nil)
		c.resetRule(false, false, false, 0)
		got, _ := c.unaryBest(sr)
		switch {
		case want == nil && got == nil:
		case want == nil || got == nil:
			t.Fatalf("line %d: fast %v, reference %v", line, got != nil, want != nil)
		default:
			gs, ws := c.step(got, 0), rc.step(want, 0)
			if got.diff != want.diff || got.complexity != want.complexity || got.sortKey != want.sortKey ||
				gs.Conclusions() != ws.Conclusions() || got.name != want.name {
				t.Fatalf("line %d: fast %v (%d), reference %v (%d)", line, gs, got.complexity, ws, want.complexity)
			}
		}
	})
	if states < 20 {
		t.Fatalf("only %d grids reached the unary chains", states)
	}
}
