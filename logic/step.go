package logic

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Rating is a difficulty on the Sudoku Explainer (SE) scale, in tenths: 42
// is the SE rating 4.2. It prints as SE does.
type Rating int

// String formats the rating as SE does, for example "4.2" or "10.0".
func (r Rating) String() string { return fmt.Sprintf("%d.%d", int(r)/10, int(r)%10) }

// Difficulty is a word for a range of ratings a person can read, as the
// rate command, the README and the puzzle generator's levels use it.
type Difficulty struct {
	Name   string // Easy, Medium, Hard, Expert or Extreme
	Lo, Hi Rating // the ratings the word covers, both included
}

// String returns the word.
func (d Difficulty) String() string { return d.Name }

// difficulties are the words from the easiest; the ranges fall between
// techniques of the SE ladder:
//
//	Easy     up to 2.0  singles (and the direct techniques that end in one)
//	Medium   2.1 - 2.9  naked singles, pointing and claiming
//	Hard     3.0 - 3.9  naked and hidden pairs and triplets, X-Wing, Swordfish
//	Expert   4.0 - 6.1  hidden triplets, skyscrapers and kites, wings, unique
//	                    rectangles, quads, Jellyfish, BUG
//	Extreme  6.2 and up aligned exclusions, chains, forcing chains and nets
var difficulties = [...]Difficulty{
	{"Easy", 0, 20},
	{"Medium", 21, 29},
	{"Hard", 30, 39},
	{"Expert", 40, 61},
	{"Extreme", 62, 200},
}

// Difficulties returns the difficulty words from the easiest, each with the
// ratings it covers. This table is the one place the ranges are defined.
func Difficulties() []Difficulty { return difficulties[:] }

// Difficulty returns the word for the rating's band (ratings above the
// table's top are Extreme).
func (r Rating) Difficulty() Difficulty {
	for _, d := range difficulties {
		if r <= d.Hi {
			return d
		}
	}
	return difficulties[len(difficulties)-1]
}

// Candidate is one digit in one cell: a placement or an elimination.
type Candidate struct {
	Cell  sudoku.Cell
	Digit int
}

// String writes the cell and the digit, for example "r4c9 4". Use
// [Step.Conclusions] for the notation of conclusions (r4c9=4, r4c9<>4).
func (c Candidate) String() string { return fmt.Sprintf("%v %d", c.Cell, c.Digit) }

// Step is one deduction: which technique found it, how hard it is, the
// pattern that proves it and what it concludes. It carries data only; the
// wording of a hint is the renderer's job.
//
// What Cells, Units and Digits hold, by technique:
//   - singles: the cell, its unit (hidden singles), the digit;
//   - intersections: the cells of the digit in both units, the first unit
//     (where the digit is confined) then the second, the digit;
//   - naked and hidden sets: the set's cells, its unit, its digits;
//   - fish: the corner cells, base and cover lines alternately, the digit;
//   - Turbot Fish and 3 strong links: the chain's cells in order (a group's
//     cells together), the units of the strong links with the units joining
//     them in between (a Skyscraper on 4 in columns 4 and 7 has Units
//     column 4, a row, column 7), the digit;
//   - wings: pivot then pincers (XY-Wing), the set then the bivalue cell
//     (WXYZ-, VWXYZ-Wing), the digits involved;
//   - unique rectangles and loops: the loop's cells, the unit of a type 3 or
//     4, the loop's two digits; BUG: the cells with extra candidates;
//   - aligned exclusions: the base cells;
//   - chains: the assumption's cell and digit (a cell's, or a unit's and its
//     digit for cell and region forcing chains) then every cell of Chain.
type Step struct {
	// Technique is the family of the deduction.
	Technique Technique
	// Name is the technique's name as Sukaku Explainer words it, which may be
	// more precise than Technique (for example "Grouped Skyscraper 01",
	// "Unique Loop 6 type 2" or "Dynamic Forcing Chains").
	Name string
	// Rating is the step's difficulty on the SE scale.
	Rating Rating
	// Cells are the cells of the pattern (the pair of a Naked Pair, the
	// corners of an X-Wing, the cells of a chain), in the order the
	// technique describes them.
	Cells []sudoku.Cell
	// Units are the rows, columns and boxes the pattern lives in (the base
	// units first for fish and intersections).
	Units []sudoku.Unit
	// Digits are the digits of the pattern (the pair's two digits, the fish
	// digit).
	Digits []int
	// Placements are the digits the step places.
	Placements []Candidate
	// Eliminations are the candidates the step removes.
	Eliminations []Candidate
	// Chain describes the implications of a chain or forcing-chain step, as
	// links in the order a person would follow them; nil for other steps.
	Chain []Link
}

// Link is one implication of a chain: if From is (or is not) true, To is (or
// is not).
type Link struct {
	From, To Node
}

// Node is one end of a [Link]: a candidate that is assumed on (the digit is
// in the cell) or off.
type Node struct {
	Candidate
	On bool
}

// String writes the node as r1c2=5 (on) or r1c2<>5 (off).
func (n Node) String() string {
	if n.On {
		return fmt.Sprintf("%v=%d", n.Cell, n.Digit)
	}
	return fmt.Sprintf("%v<>%d", n.Cell, n.Digit)
}

// Conclusions writes what the step concludes, placements then eliminations,
// space-separated: "r9c7=6" for a placement, "r4c9<>4" for an elimination.
func (s Step) Conclusions() string {
	var b strings.Builder
	for _, p := range s.Placements {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%v=%d", p.Cell, p.Digit)
	}
	for _, e := range s.Eliminations {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%v<>%d", e.Cell, e.Digit)
	}
	return b.String()
}

// String writes the step as the command line prints it:
// "3.2 X-Wing: r1c5<>4 r8c5<>4".
func (s Step) String() string {
	return fmt.Sprintf("%v %s: %s", s.Rating, s.Name, s.Conclusions())
}

// Technique is a family of deductions. Its String is the family's name.
type Technique uint8

// The techniques, in the order Sukaku Explainer v1.15.10 tries them (its
// default settings); see the package documentation for the ratings.
const (
	FullHouse Technique = iota + 1
	HiddenSingle
	DirectPointing
	DirectClaiming
	DirectHiddenPair
	NakedSingle
	DirectHiddenTriple
	Pointing
	Claiming
	NakedPair
	XWing
	HiddenPair
	NakedTriple
	Swordfish
	HiddenTriple
	TurbotFish // Skyscraper, Two-string Kite, Turbot Crane and their grouped forms
	XYWing
	XYZWing
	UniqueRectangle // unique rectangles and loops, types 1 to 4
	NakedQuad
	Jellyfish
	HiddenQuad
	ThreeStrongLinks // 3 Skyscrapers, 3-String Kites and other 3-link chains of one digit
	WXYZWing
	BUG // bivalue universal grave, types 1 to 4
	VWXYZWing
	AlignedPairExclusion
	Cycle         // bidirectional X-, Y- and XY-cycles
	ForcingXChain // X-Chain (a forcing chain of one digit)
	ForcingChain  // forcing Y-chains and alternating inference chains
	AlignedTripleExclusion
	NishioForcingChain
	MultipleForcingChain    // cell and region forcing chains (static)
	DynamicForcingChain     // contradiction, double, cell and region forcing chains (dynamic)
	DynamicForcingChainPlus // dynamic forcing chains with pattern-based implications
	NestedForcingChain
	numTechniques
)

var techniqueNames = [...]string{
	FullHouse:               "Full House",
	HiddenSingle:            "Hidden Single",
	DirectPointing:          "Direct Pointing",
	DirectClaiming:          "Direct Claiming",
	DirectHiddenPair:        "Direct Hidden Pair",
	NakedSingle:             "Naked Single",
	DirectHiddenTriple:      "Direct Hidden Triplet",
	Pointing:                "Pointing",
	Claiming:                "Claiming",
	NakedPair:               "Naked Pair",
	XWing:                   "X-Wing",
	HiddenPair:              "Hidden Pair",
	NakedTriple:             "Naked Triplet",
	Swordfish:               "Swordfish",
	HiddenTriple:            "Hidden Triplet",
	TurbotFish:              "Turbot Fish",
	XYWing:                  "XY-Wing",
	XYZWing:                 "XYZ-Wing",
	UniqueRectangle:         "Unique Rectangle",
	NakedQuad:               "Naked Quad",
	Jellyfish:               "Jellyfish",
	HiddenQuad:              "Hidden Quad",
	ThreeStrongLinks:        "3 Strong Links",
	WXYZWing:                "WXYZ-Wing",
	BUG:                     "BUG",
	VWXYZWing:               "VWXYZ-Wing",
	AlignedPairExclusion:    "Aligned Pair Exclusion",
	Cycle:                   "Bidirectional Cycle",
	ForcingXChain:           "X-Chain",
	ForcingChain:            "Forcing Chain",
	AlignedTripleExclusion:  "Aligned Triplet Exclusion",
	NishioForcingChain:      "Nishio Forcing Chain",
	MultipleForcingChain:    "Multiple Forcing Chain",
	DynamicForcingChain:     "Dynamic Forcing Chain",
	DynamicForcingChainPlus: "Dynamic Forcing Chain (+)",
	NestedForcingChain:      "Nested Forcing Chain",
}

// String returns the technique family's name, for example "Naked Pair".
func (t Technique) String() string {
	if t > 0 && t < numTechniques {
		return techniqueNames[t]
	}
	return fmt.Sprintf("Technique(%d)", uint8(t))
}

// rankedHint is a hint of a technique that finds all its hints before it
// gives any, as SE's Three Strong Links, Turbot Fish and ALS wings do: the
// step, how many candidates it eliminates, and the part of its name after
// the technique's, by which SE breaks ties.
type rankedHint struct {
	step   Step
	elims  int
	suffix string
}

func (h rankedHint) ranked() rankedHint { return h }

// emitRanked emits hints in SE's order: by rating, then more eliminations
// first, then by the suffix of the name (the other way round with
// suffixDown); the sort is stable, so hints that tie keep the order they
// were found in. It reports false as soon as emit does.
func emitRanked[H interface{ ranked() rankedHint }](hints []H, suffixDown bool, emit func(Step) bool) bool {
	sort.SliceStable(hints, func(a, b int) bool {
		ha, hb := hints[a].ranked(), hints[b].ranked()
		if ha.step.Rating != hb.step.Rating {
			return ha.step.Rating < hb.step.Rating
		}
		if ha.elims != hb.elims {
			return ha.elims > hb.elims
		}
		if suffixDown {
			return ha.suffix > hb.suffix
		}
		return ha.suffix < hb.suffix
	})
	for _, h := range hints {
		if !emit(h.ranked().step) {
			return false
		}
	}
	return true
}
