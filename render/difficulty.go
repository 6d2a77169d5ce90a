package render

import (
	"fmt"

	"github.com/sudokubot/sudokubot/logic"
)

// Difficulty is a word for a range of ratings on the Sudoku Explainer (SE)
// scale, as the rate command and the README use it.
type Difficulty struct {
	Name string // Easy, Medium, Hard, Expert or Extreme
	// Lo and Hi bound the ratings the word covers, both included.
	Lo, Hi logic.Rating
}

// difficulties are the words from the easiest. The ranges are the
// generator's levels (branch gen, generate/level.go): Easy needs singles
// only (up to the Naked Single, 2.3); Medium adds intersections, pairs and
// the X-Wing (up to the Hidden Pair, 3.4); Hard the triplets, Swordfish,
// Skyscrapers and the small wings (up to the XYZ-Wing, 4.4); Expert unique
// rectangles, quads, Jellyfish, strong-link chains, the BUG and the big wings
// (up to 6.1); Extreme everything from Aligned Pair Exclusion and the chains
// on (6.2 and up; SE's scale ends near 12).
var difficulties = [...]Difficulty{
	{"Easy", 10, 23},
	{"Medium", 24, 34},
	{"Hard", 35, 44},
	{"Expert", 45, 61},
	{"Extreme", 62, 120},
}

// Difficulties returns the difficulty words from the easiest, each with the
// ratings it covers.
func Difficulties() []Difficulty { return difficulties[:] }

// DifficultyOf returns the word for rating r: the difficulty whose range
// holds it (ratings below the scale are Easy, above it Extreme).
func DifficultyOf(r logic.Rating) Difficulty {
	for _, d := range difficulties {
		if r <= d.Hi {
			return d
		}
	}
	return difficulties[len(difficulties)-1]
}

// Range writes the ratings the word covers: "3.5–4.4", "up to 2.3" for the
// easiest and "6.2 and up" for the hardest.
func (d Difficulty) Range() string {
	switch d {
	case difficulties[0]:
		return fmt.Sprintf("up to %v", d.Hi)
	case difficulties[len(difficulties)-1]:
		return fmt.Sprintf("%v and up", d.Lo)
	}
	return fmt.Sprintf("%v–%v", d.Lo, d.Hi)
}

// String returns the word.
func (d Difficulty) String() string { return d.Name }

// DifficultyScale lists every word with its ratings on one line, for the help:
// "Easy up to 2.3, Medium 2.4–3.4, …, Extreme 6.2 and up".
func DifficultyScale() string {
	s := ""
	for i, d := range difficulties {
		if i > 0 {
			s += ", "
		}
		s += d.Name + " " + d.Range()
	}
	return s
}
