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

// LevelOf returns the level of an SE rating: the logic engine's difficulty
// word for it ([logic.Rating.Difficulty], which `!rate` shows too), so the
// ranges are defined in one place, the engine:
//
// [logic.Difficulties] lists them.
//
// The generator asks one thing more of an Easy puzzle: that singles alone
// solve it (a direct hidden pair, rated 2.0, is more than singles).
func LevelOf(r Rating) Level {
	l, err := ParseLevel(r.Difficulty().Name)
	if err != nil {
		return 0 // a word this package does not know: a new engine level
	}
	return l
}

// maxRating bounds the SE scale for [Level.Range].
const maxRating Rating = 200

// Range returns the lowest and highest SE ratings of the level, in tenths
// (hi is inclusive; Extreme's is the top of the scale, 20.0), as the
// engine's difficulty words draw them.
func (l Level) Range() (lo, hi Rating) {
	lo = -1
	for r := Rating(0); r <= maxRating; r++ {
		if LevelOf(r) == l {
			if lo < 0 {
				lo = r
			}
			hi = r
		}
	}
	if lo < 0 {
		return 0, 0
	}
	return lo, hi
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
