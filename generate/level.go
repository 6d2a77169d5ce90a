package generate

import (
	"errors"
	"fmt"
	"strings"
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
