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
// techniques of the SE ladder:
//
//	Easy     1.0-1.5  full house, hidden singles
//	Medium   1.6-2.9  direct pointing and claiming, direct hidden pairs and
//	                  triplets, naked singles, pointing, claiming
//	Hard     3.0-3.9  naked pairs and triplets, X-Wing, hidden pairs, Swordfish
//	Expert   4.0-6.1  hidden triplets, turbot fish, XY- and XYZ-Wings, unique
//	                  rectangles, quads, Jellyfish, BUG, WXYZ-Wings
//	Extreme  6.2-     aligned exclusion, cycles, chains, forcing chains, nets
var levelFloor = [...]Rating{Easy: 10, Medium: 16, Hard: 30, Expert: 40, Extreme: 62}

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

// TopLevel returns the hardest level that puzzles of shape s reach: small
// grids rarely need more than singles. PROVISIONAL until measured.
func TopLevel(s sudoku.Shape) Level {
	if s.Size() <= 4 {
		return Easy
	}
	return Extreme
}
