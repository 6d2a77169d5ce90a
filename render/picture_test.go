package render_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

var spoilerRE = regexp.MustCompile(`(?s)\|\|.*?\|\|`)

// TestBoardLeftToThePicture: with a picture, 16×16 and 25×25 boards leave
// the text and its legends point at the picture; smaller boards stay, with
// the legends of the text.
func TestBoardLeftToThePicture(t *testing.T) {
	for _, sh := range sudoku.Shapes {
		n := sh.Size()
		sol := testgrids.Pattern(t, sh)
		puzzle := testgrids.Thinned(sol, 3)
		clash := sol
		clash.Set(0, 1, sol.Get(0, 0))
		conflicts := sudoku.Validate(clash)
		step := logic.Step{Technique: logic.XWing, Name: "X-Wing", Rating: 32,
			Cells:        []sudoku.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 1}},
			Units:        []sudoku.Unit{{Kind: sudoku.Row, Number: 1}, {Kind: sudoku.Row, Number: 2}},
			Digits:       []int{1},
			Eliminations: []logic.Candidate{{Cell: sudoku.Cell{Row: 2, Col: 1}, Digit: 1}}}
		hintGrid, _ := sudoku.New(sh)
		left := n >= 16
		for _, tc := range []struct {
			what, text, says string
		}{
			{"solved", render.Solved(puzzle, sudoku.Result{Status: sudoku.Unique, Solution: sol}, render.Options{Picture: true}), "solution is in the attached picture: the given digits in bold"},
			{"spoiler", render.Solved(puzzle, sudoku.Result{Status: sudoku.Unique, Solution: sol}, render.Options{Picture: true, Spoiler: true}), "solution is in the attached picture"},
			{"checked", render.Checked(puzzle, sudoku.Unique, nil, render.Options{Picture: true}), "The grid is in the attached picture."},
			{"clash", render.Checked(clash, sudoku.Invalid, conflicts, render.Options{Picture: true}), "Clashing digits are red in the attached picture:"},
			{"hint", render.Hint(hintGrid, step, 0, render.Options{Picture: true}), "The pattern's cells are shaded in the attached picture."},
		} {
			t.Run(fmt.Sprintf("%dx%d/%s", n, n, tc.what), func(t *testing.T) {
				if got := !strings.Contains(tc.text, "```"); got != left {
					t.Fatalf("board left out %v, want %v:\n%s", got, left, tc.text)
				}
				if got := strings.Contains(tc.text, tc.says); got != left {
					t.Errorf("says %q: %v, want %v:\n%s", tc.says, got, left, tc.text)
				}
				rest := tc.text
				if left && (tc.what == "solved" || tc.what == "spoiler") {
					// The solution, to copy, on one line: a spoiler too
					// when the solution is one.
					line := "`" + testgrids.Line(sol) + "`"
					if tc.what == "spoiler" {
						line = "||" + line + "||"
					}
					if !strings.Contains(tc.text, "On one line: "+line) {
						t.Errorf("no one-line solution %s:\n%s", line, tc.text)
					}
					rest = strings.Replace(rest, line, "", 1)
				}
				if left && strings.Contains(rest, "||") && tc.what != "hint" {
					t.Errorf("spoiler bars around nothing:\n%s", tc.text)
				}
				if !left && strings.Contains(tc.text, "picture") {
					t.Errorf("the text keeps its board and speaks of a picture:\n%s", tc.text)
				}
			})
		}
	}
}

// TestPuzzlePostKeepsItsBoard: the post of a puzzle to play keeps its
// monospace board and its one-line grid with a picture at every size the
// generator makes (people copy them to fill in), while a check of a grid
// played from it leaves a 16×16 board to the picture, as the README says.
func TestPuzzlePostKeepsItsBoard(t *testing.T) {
	for _, sh := range sudoku.Shapes {
		n := sh.Size()
		if n > 16 {
			continue // the generator makes no 25×25 puzzles
		}
		puzzle := testgrids.Thinned(testgrids.Pattern(t, sh), 3)
		post := render.Puzzle(render.Served{Grid: puzzle, Code: "#9H-00000000", Level: "Hard", Rating: 34, Prefix: "!"}, render.Options{Picture: true})
		if !strings.Contains(post, "```") || !strings.Contains(post, "On one line: `") || strings.Contains(post, "picture") {
			t.Errorf("%d×%d post with a picture: board or one-line grid left out:\n%s", n, n, post)
		}
		played := render.PuzzleChecked(render.Played{Grid: puzzle, Givens: puzzle, Code: "#9H-00000000"}, false, render.Options{Picture: true})
		if left := !strings.Contains(played, "```"); left != (n >= 16) {
			t.Errorf("%d×%d check of a played grid with a picture: board left out %v:\n%s", n, n, left, played)
		}
	}
}

// TestBadCandidates: the cell is named and marked; the digit its marks
// lack is given only inside spoiler bars.
func TestBadCandidates(t *testing.T) {
	g, _ := sudoku.New(sudoku.Classic)
	g.Set(0, 0, 5)
	cell := sudoku.Cell{Row: 3, Col: 8}
	wrong := render.BadCandidates(g, &logic.CandidateError{Cell: cell, Digit: 7, Err: logic.ErrWrongCandidates}, render.Options{})
	if !strings.HasPrefix(wrong, "Your pencil marks in r4c9 leave out the digit that goes there") || !strings.HasSuffix(wrong, "||7||") {
		t.Errorf("wrong marks:\n%s", wrong)
	}
	if out := spoilerRE.ReplaceAllString(wrong, ""); strings.Contains(out, "7") {
		t.Errorf("the digit is given outside the spoiler:\n%s", wrong)
	}
	back, err := parser.Read(wrong)
	if err != nil || back.Grid != g {
		t.Errorf("the grid does not read back (%v):\n%s", err, wrong)
	}
	if !strings.Contains(wrong, "(.)") || !strings.Contains(wrong, "The cell is marked (.) in the grid.") {
		t.Errorf("the cell is not marked:\n%s", wrong)
	}
	none := render.BadCandidates(g, &logic.CandidateError{Cell: cell, Err: logic.ErrNoCandidates}, render.Options{})
	if !strings.HasPrefix(none, "r4c9 is empty but has no pencil marks left") || strings.Contains(none, "||") {
		t.Errorf("no marks left:\n%s", none)
	}
	// In the person's notation.
	big, _ := sudoku.New(sudoku.Shape{BoxRows: 4, BoxCols: 4})
	hex := render.BadCandidates(big, &logic.CandidateError{Cell: cell, Digit: 11, Err: logic.ErrWrongCandidates}, render.Options{Symbols: "0123456789ABCDEF", Picture: true})
	if !strings.HasSuffix(hex, "||A||") || !strings.Contains(hex, "The cell is shaded in the attached picture.") {
		t.Errorf("0–F with a picture:\n%s", hex)
	}
}

// TestLogicRepliesInThePersonsWords: a hint, a rating and an explanation
// carry the notes of the reading, and name digits in the person's symbols.
func TestLogicRepliesInThePersonsWords(t *testing.T) {
	g, _ := sudoku.New(sudoku.Shape{BoxRows: 4, BoxCols: 4})
	cell := sudoku.Cell{Row: 1, Col: 3}
	step := logic.Step{Technique: logic.NakedSingle, Name: "Naked Single", Rating: 23, Cells: []sudoku.Cell{cell},
		Placements: []logic.Candidate{{Cell: cell, Digit: 16}}}
	opt := render.Options{Symbols: "0123456789ABCDEF", Notes: []string{"I read the grid as 0–F."}}
	hint := render.Hint(g, step, 0, opt)
	if !strings.Contains(hint, "||r2c4 is F||") || !strings.Contains(hint, "I read the grid as 0–F.") {
		t.Errorf("hint:\n%s", hint)
	}
	rep := logic.Report{Status: logic.Solved, Rating: 23, Hardest: step, Steps: 1, Path: []logic.Step{step}}
	if r := render.Rated(g, rep, opt); !strings.Contains(r, "I read the grid as 0–F.") {
		t.Errorf("rating without the note:\n%s", r)
	}
	if e, _ := render.Explained(g, rep, opt); !strings.Contains(e, "r2c4=F") || !strings.Contains(e, "I read the grid as 0–F.") {
		t.Errorf("explanation:\n%s", e)
	}
}
