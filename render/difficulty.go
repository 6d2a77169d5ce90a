package render

import (
	"fmt"

	"github.com/sudokubot/sudokubot/logic"
)

// Difficulty is a word for a range of ratings on the Sudoku Explainer (SE)
// scale: the logic engine's, which the puzzle generator's levels use too.
type Difficulty = logic.Difficulty

// Difficulties returns the difficulty words from the easiest, each with the
// ratings it covers.
func Difficulties() []Difficulty { return logic.Difficulties() }

// DifficultyOf returns the word for rating r.
func DifficultyOf(r logic.Rating) Difficulty { return r.Difficulty() }

// rangeOf writes the ratings the word covers: "3.0–3.9", "up to 2.0" for
// the easiest and "6.2 and up" for the hardest.
func rangeOf(d Difficulty) string {
	ds := logic.Difficulties()
	switch d {
	case ds[0]:
		return fmt.Sprintf("up to %v", d.Hi)
	case ds[len(ds)-1]:
		return fmt.Sprintf("%v and up", d.Lo)
	}
	return fmt.Sprintf("%v–%v", d.Lo, d.Hi)
}

// DifficultyScale lists every word with its ratings on one line, for the help:
// "Easy up to 1.5, Medium 1.6–2.9, …, Extreme 6.2 and up".
func DifficultyScale() string {
	s := ""
	for i, d := range logic.Difficulties() {
		if i > 0 {
			s += ", "
		}
		s += d.Name + " " + rangeOf(d)
	}
	return s
}
