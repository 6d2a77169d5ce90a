package render_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

const (
	gamePuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	gameSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

var gameStart = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

func newGame(t *testing.T, puzzle, solution string, team bool) *game.Game {
	t.Helper()
	g, err := game.New(testgrids.Decode(t, puzzle), testgrids.Decode(t, solution), "111", team, gameStart)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func playAt(t *testing.T, g *game.Game, player, text string, at time.Duration) {
	t.Helper()
	ms, err := game.Parse(text, g.Board().Size())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play(ms, player, gameStart.Add(at)); err != nil {
		t.Fatal(err)
	}
}

// rowOf returns line r (from 0) of the first code block of s, the grid.
func rowOf(t *testing.T, s string, r int) string {
	t.Helper()
	_, block, ok := strings.Cut(s, "```\n")
	if !ok {
		t.Fatalf("no grid in\n%s", s)
	}
	return strings.Split(block, "\n")[r]
}

func TestGameBoard(t *testing.T) {
	g := newGame(t, gamePuzzle, gameSolution, false)
	playAt(t, g, "111", "r1c3 4 r1c4 2 r2c2 +247", time.Minute)
	playAt(t, g, "111", "r1c6 8", 3*time.Minute+7*time.Second)
	v := render.GameView{ID: "12", Code: "#9H-3f2a1c9x", Level: "Hard", Now: gameStart.Add(5 * time.Minute)}
	s := render.GameBoard(g, v, render.Options{})
	for _, want := range []string{
		"**Game 12**: 9×9 Hard, code `#9H-3f2a1c9x`, time 5 min 0 s, 4 moves, 0 hints; 48 empty cells.",
		"On one line: `534278...6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79`",
		"Pencil marks: r2c2 247.",
		"Last move: r1c6 8.",
		"`undo`",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("board lacks %q:\n%s", want, s)
		}
	}
	// Givens bracketed, the player's digits plain (the wrong 9 too, not
	// asked for), the last move in parentheses.
	if got, want := rowOf(t, s, 0), "[5][3] 4 | 2 [7](8)| .  .  ."; got != want {
		t.Errorf("row 1 %q, want %q", got, want)
	}
	if strings.Contains(s, "mistake") && !strings.Contains(s, "`mistakes`") {
		t.Errorf("mistakes shown before being asked for:\n%s", s)
	}
	// Asked for: the wrong digit is marked and the mistakes counted.
	playAt(t, g, "111", "mistakes", 4*time.Minute)
	s = render.GameBoard(g, v, render.Options{})
	if got, want := rowOf(t, s, 0), "[5][3] 4 |>2<[7](8)| .  .  ."; got != want {
		t.Errorf("row 1 with mistakes shown %q, want %q", got, want)
	}
	if !strings.Contains(s, "4 moves, 0 hints, 1 mistake;") {
		t.Errorf("mistakes not counted in the head:\n%s", s)
	}
	// A Discord timestamp instead of the time played.
	v.Timestamp = true
	if s := render.GameBoard(g, v, render.Options{}); !strings.Contains(s, fmt.Sprintf("started <t:%d:R>", gameStart.Unix())) {
		t.Errorf("no timestamp:\n%s", s)
	}
}

func TestGameBoardFinished(t *testing.T) {
	g := newGame(t, "1.3...1..1.34...", "1234341221434321", true)
	playAt(t, g, "111", "r1c2 2 r1c4 4 r2c1 3 r2c2 4", time.Minute)
	playAt(t, g, "222", "r2c4 2 r3c1 2 r3c3 4 r4c2 3 r4c3 2 r4c4 1", 12*time.Minute+3*time.Second)
	s := render.GameBoard(g, render.GameView{ID: "7", Now: gameStart.Add(time.Hour)}, render.Options{})
	for _, want := range []string{"🎉 **Team game 7 solved!** 4×4 in 12 min 3 s: 10 moves, 0 hints, 0 mistakes.",
		"Played by <@111> (4 moves) and <@222> (6 moves)."} {
		if !strings.Contains(s, want) {
			t.Errorf("lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "`undo`") {
		t.Errorf("a finished game says how to play:\n%s", s)
	}

	// Given up: the solution, behind spoiler bars when asked.
	h := newGame(t, gamePuzzle, gameSolution, false)
	playAt(t, h, "111", "r1c3 4 give up", time.Minute)
	s = render.GameBoard(h, render.GameView{Now: gameStart.Add(time.Hour)}, render.Options{Spoiler: true})
	if !strings.Contains(s, "**Game given up** after 1 min 0 s (9×9): 1 move, 0 hints, 0 mistakes. The solution:\n||```") {
		t.Errorf("given up:\n%s", s)
	}
	if got, want := rowOf(t, s, 0), "[5][3] 4 | 6 [7] 8 | 9  1  2"; got != want {
		t.Errorf("solution row 1 %q, want %q", got, want)
	}
}

// TestGameBoardFits: every size fits a message, with pencil marks in every
// empty cell.
func TestGameBoardFits(t *testing.T) {
	for _, sh := range sudoku.Shapes {
		n := sh.Size()
		full := solvedPattern(sh)
		puzzle := full
		for i := 0; i < n*n; i += 2 {
			puzzle.Set(i/n, i%n, 0)
		}
		g, err := game.New(puzzle, full, "111", true, gameStart)
		if err != nil {
			t.Fatal(err)
		}
		var moves []game.Move
		for i := 0; i < n*n; i += 2 {
			moves = append(moves, game.Move{Action: game.AddMarks, Cell: sudoku.Cell{Row: i / n, Col: i % n}, Marks: game.Marks(1<<n - 1)})
		}
		for len(moves) > 0 {
			k := min(len(moves), game.MaxMoves)
			if _, err := g.Play(moves[:k], "111", gameStart); err != nil {
				t.Fatal(err)
			}
			moves = moves[k:]
		}
		for _, pic := range []bool{false, true} {
			s := render.GameBoard(g, render.GameView{ID: "123456789", Code: "#9H-3f2a1c9x", Level: "Extreme", Now: gameStart}, render.Options{Picture: pic})
			if render.Len(s) > render.MaxLen || strings.HasPrefix(s, "The reply was too long") {
				t.Errorf("%v (picture %v): %d characters", sh, pic, render.Len(s))
			}
			if (n <= 16 || pic) && !strings.Contains(s, "On one line: `") {
				t.Errorf("%v (picture %v): no one-line grid", sh, pic)
			}
		}
	}
}

// solvedPattern is a complete grid of shape sh.
func solvedPattern(sh sudoku.Shape) sudoku.Grid {
	n := sh.Size()
	cells := make([]int, n*n)
	for r := range n {
		for c := range n {
			cells[r*n+c] = ((r%sh.BoxRows)*sh.BoxCols+r/sh.BoxRows+c)%n + 1
		}
	}
	g, _ := sudoku.FromCells(sh, cells)
	return g
}

func TestDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		45 * time.Second: "45 s", 12*time.Minute + 3*time.Second: "12 min 3 s", 2*time.Hour + 5*time.Minute: "2 h 5 min",
		76 * time.Hour: "3 days 4 h", 24 * time.Hour: "1 day 0 h", -time.Second: "0 s",
	} {
		if got := render.Duration(d); got != want {
			t.Errorf("Duration(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestGameChecked(t *testing.T) {
	for _, tt := range []struct {
		wrong, empty int
		want         string
	}{
		{0, 0, "Every digit is right."},
		{0, 1, "No digit is wrong so far: 1 cell to go."},
		{2, 40, "2 digits are wrong (I won't say which; send `mistakes` to see them in red). 40 cells to go."},
	} {
		if got := render.GameChecked(tt.wrong, tt.empty); got != tt.want {
			t.Errorf("GameChecked(%d, %d) = %q, want %q", tt.wrong, tt.empty, got, tt.want)
		}
	}
}

// TestGameBoardClashes: a digit that clashes is marked whether or not
// mistakes were asked for (a clash is no secret).
func TestGameBoardClashes(t *testing.T) {
	g := newGame(t, gamePuzzle, gameSolution, false)
	playAt(t, g, "111", "r1c3 5", time.Minute) // r1c1 is a given 5
	s := render.GameBoard(g, render.GameView{Now: gameStart}, render.Options{})
	if got, want := rowOf(t, s, 0), ">5<[3]>5<| . [7] . | .  .  ."; got != want {
		t.Errorf("row 1 %q, want %q", got, want)
	}
	if !strings.Contains(s, "Clashing digits are marked >5<") {
		t.Errorf("no legend:\n%s", s)
	}
}
