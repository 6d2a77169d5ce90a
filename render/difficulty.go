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

// difficulties are the words from the easiest, with the generator's levels'
// ranges (branch gen, generate/level.go: levelFloor), which fall between
// techniques of the SE ladder:
//
//	Easy     1.0–1.5  full house, hidden singles
//	Medium   1.6–2.9  direct pointing and claiming, direct hidden pairs and
//	                  triplets, naked singles, pointing, claiming
//	Hard     3.0–4.4  naked and hidden pairs and triplets, X-Wing, Swordfish,
//	                  Skyscraper, Two-string Kite, Turbot Crane, XY- and XYZ-Wing
//	Expert   4.5–6.1  unique rectangles and loops, quads, Jellyfish, 3 strong
//	                  links, WXYZ- and VWXYZ-Wings, BUG
//	Extreme  6.2–     aligned pair and triplet exclusion, cycles, chains,
//	                  forcing chains and nets (SE's scale ends near 12)
//
// Keep the two tables equal until one of them moves to package logic.
var difficulties = [...]Difficulty{
	{"Easy", 10, 15},
	{"Medium", 16, 29},
	{"Hard", 30, 44},
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

// Range writes the ratings the word covers: "3.0–4.4", "up to 1.5" for the
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
// "Easy up to 1.5, Medium 1.6–2.9, …, Extreme 6.2 and up".
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
