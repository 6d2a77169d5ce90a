package generate

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Level is a difficulty word: the range of Sudoku Explainer ratings that
// [Generator] and [Pool] aim for.
type Level uint8

// The levels, from the easiest. The zero Level is none.
const (
	Easy Level = iota + 1
	Medium
	Hard
	Expert
	Extreme
)

// Levels lists the levels from the easiest.
var Levels = []Level{Easy, Medium, Hard, Expert, Extreme}

var levelNames = [...]string{"", "Easy", "Medium", "Hard", "Expert", "Extreme"}

// levelLetters are the letters of the levels in a [Code]: Expert is X and
// Extreme Z, as E is taken by Easy.
const levelLetters = "?EMHXZ"

// String returns the level's word, capitalised ("Hard").
func (l Level) String() string {
	if l.valid() {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// Letter returns the level's letter in a code: E, M, H, X or Z.
func (l Level) Letter() byte {
	if l.valid() {
		return levelLetters[l]
	}
	return '?'
}

func (l Level) valid() bool { return l >= Easy && l <= Extreme }

// ErrLevel is wrapped by [ParseLevel] when the word is not a level.
var ErrLevel = errors.New("unknown difficulty")

// ParseLevel reads a level's word in any case ("hard", "Hard"). The error
// wraps [ErrLevel] and lists the words.
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels {
		if strings.EqualFold(s, levelNames[l]) {
			return l, nil
		}
	}
	return 0, fmt.Errorf("%q: %w: use easy, medium, hard, expert or extreme", s, ErrLevel)
}

// levelFloor holds the lowest rating of each level, in tenths of the SE
// scale; a level runs up to the next one's floor. The bounds fall between
// techniques of the SE ladder (the engine's ratings, SukakuExplainer
// v1.15.10's):
//
//	Easy     1.0-1.5  full house, hidden singles
//	Medium   1.6-2.9  direct pointing and claiming, direct hidden pairs and
//	                  triplets, naked singles, pointing, claiming
//	Hard     3.0-4.4  naked and hidden pairs and triplets, X-Wing, Swordfish,
//	                  Skyscraper, Two-string Kite, Turbot Crane, XY-Wing,
//	                  XYZ-Wing
//	Expert   4.5-6.1  unique rectangles and loops, quads, Jellyfish,
//	                  3 strong links, WXYZ- and VWXYZ-Wings, BUG
//	Extreme  6.2-     aligned pair and triplet exclusion, cycles, X-, Y- and
//	                  XY-chains, forcing chains and nets
//
// So Easy is solved with singles alone (the hidden ones), Hard and above
// need more than singles, and Extreme needs chains or nets. Grids of other
// sizes than 9×9 are rated with the techniques that apply to them (singles,
// intersections, subsets and fish), so they reach Expert at most.
var levelFloor = [...]Rating{Easy: 10, Medium: 16, Hard: 30, Expert: 45, Extreme: 62}

// LevelOf returns the level of an SE rating.
func LevelOf(r Rating) Level {
	l := Easy
	for _, k := range Levels {
		if r >= levelFloor[k] {
			l = k
		}
	}
	return l
}

// Range returns the lowest and highest SE ratings of the level, in tenths;
// Extreme's highest is the SE scale's top, 12.0 (hi is inclusive).
func (l Level) Range() (lo, hi Rating) {
	if !l.valid() {
		return 0, 0
	}
	if l == Extreme {
		return levelFloor[l], 120
	}
	return levelFloor[l], levelFloor[l+1] - 1
}

// TopLevel returns the hardest level that the generator makes for shape s,
// or 0 when it makes none. Minimal 4×4 puzzles all fall to hidden singles,
// and 6×6 ones nearly all; 8×8 ones need subsets now and then; 9×9 puzzles
// span the whole scale. Only singles, intersections, subsets and fish rate
// the other shapes, and their puzzles are repaired into ones those solve
// (see [planFor]) up to Hard. 25×25 puzzles are not made: proving each
// given needed takes too long.
func TopLevel(s sudoku.Shape) Level {
	if !s.Valid() {
		return 0
	}
	switch s.Size() {
	case 4:
		return Easy
	case 6:
		return Medium
	case 8, 12, 16:
		return Hard
	case 9:
		return Extreme
	}
	return 0
}
