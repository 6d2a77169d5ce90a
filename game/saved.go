package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Saved is a [Game] as a store keeps it: plain strings and numbers.
// Grids are one line of symbols (1-9, then A for 10; '.' for an empty
// cell), pencil marks one hexadecimal set per cell apart by commas (empty
// for none), the history JSON.
type Saved struct {
	Puzzle, Solution, Board string
	Marks                   string
	History                 string
	Owner                   string
	Team                    bool
	Status                  Status
	Started, Finished       time.Time // Finished zero while playing
	Moves, Mistakes, Hints  int
	Checks                  int
	ShowMistakes            bool
	Players                 []Player
}

// ErrSaved is wrapped by the errors of [Load] for a saved game that does
// not read back.
var ErrSaved = errors.New("saved game unreadable")

// Save returns g as a store keeps it.
func (g *Game) Save() Saved {
	hist, _ := json.Marshal(g.history) // plain fields only: cannot fail
	if len(g.history) == 0 {
		hist = nil
	}
	return Saved{
		Puzzle: Line(g.puzzle), Solution: Line(g.solution), Board: Line(g.board),
		Marks: marksLine(g.marks), History: string(hist),
		Owner: g.owner, Team: g.team, Status: g.status, Started: g.started, Finished: g.finished,
		Moves: g.moves, Mistakes: g.mistakes, Hints: g.hints, Checks: g.checks, ShowMistakes: g.showMistakes,
		Players: g.Players(),
	}
}

// Load reads a saved game back, checking that it holds together: the
// solution solves the puzzle, the board keeps every given, the history's
// cells are on the board.
func Load(s Saved) (*Game, error) {
	puzzle, err := lineGrid(s.Puzzle)
	if err != nil {
		return nil, fmt.Errorf("puzzle: %w", err)
	}
	solution, err := lineGrid(s.Solution)
	if err != nil {
		return nil, fmt.Errorf("solution: %w", err)
	}
	g, err := New(puzzle, solution, s.Owner, s.Team, s.Started)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrSaved, err)
	}
	if g.board, err = lineGrid(s.Board); err != nil {
		return nil, fmt.Errorf("board: %w", err)
	}
	n := puzzle.Size()
	if g.board.Shape() != puzzle.Shape() {
		return nil, fmt.Errorf("board of another shape than the puzzle: %w", ErrSaved)
	}
	for i := range n * n {
		if v := puzzle.At(i); v != 0 && g.board.At(i) != v {
			return nil, fmt.Errorf("board changes the given at %v: %w", cellAt(n, i), ErrSaved)
		}
	}
	if g.marks, err = readMarks(s.Marks, n); err != nil {
		return nil, err
	}
	if s.History != "" {
		if err := json.Unmarshal([]byte(s.History), &g.history); err != nil {
			return nil, fmt.Errorf("history: %w: %w", ErrSaved, err)
		}
	}
	for _, st := range g.history {
		if st.Cell < 0 || st.Cell >= n*n || st.Before < 0 || st.Before > n || st.After < 0 || st.After > n {
			return nil, fmt.Errorf("history: a step off the board: %w", ErrSaved)
		}
		for _, j := range st.Cleared {
			if j < 0 || j >= n*n {
				return nil, fmt.Errorf("history: a step off the board: %w", ErrSaved)
			}
		}
	}
	if k := len(g.history); k > 0 {
		g.last = g.history[k-1].Cell
	}
	g.status, g.finished = s.Status, s.Finished
	g.moves, g.mistakes, g.hints, g.checks, g.showMistakes = s.Moves, s.Mistakes, s.Hints, s.Checks, s.ShowMistakes
	g.players = append([]Player(nil), s.Players...)
	return g, nil
}

// Line writes a grid on one line: 1-9, then A for 10, '.' for empty.
func Line(g sudoku.Grid) string {
	var b strings.Builder
	n := g.Shape().Cells()
	b.Grow(n)
	for i := range n {
		if v := g.At(i); v == 0 {
			b.WriteByte('.')
		} else {
			b.WriteString(symbol(v))
		}
	}
	return b.String()
}

// lineGrid reads a grid written by [Line].
func lineGrid(s string) (sudoku.Grid, error) {
	sh, ok := sudoku.ShapeForCells(len(s))
	if !ok {
		return sudoku.Grid{}, fmt.Errorf("%d cells: %w", len(s), ErrSaved)
	}
	cells := make([]int, len(s))
	for i, r := range s {
		if r == '.' {
			continue
		}
		d, ok := digitOf(r, sh.Size())
		if !ok {
			return sudoku.Grid{}, fmt.Errorf("cell %d holds %q: %w", i+1, r, ErrSaved)
		}
		cells[i] = d
	}
	return sudoku.FromCells(sh, cells)
}

func marksLine(ms []Marks) string {
	var b strings.Builder
	for i, m := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		if m != 0 {
			b.WriteString(strconv.FormatUint(uint64(m), 16))
		}
	}
	if strings.Trim(b.String(), ",") == "" {
		return ""
	}
	return b.String()
}

func readMarks(s string, n int) ([]Marks, error) {
	ms := make([]Marks, n*n)
	if s == "" {
		return ms, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) != n*n {
		return nil, fmt.Errorf("pencil marks: %d sets for %d cells: %w", len(parts), n*n, ErrSaved)
	}
	for i, p := range parts {
		if p == "" {
			continue
		}
		v, err := strconv.ParseUint(p, 16, 32)
		if err != nil || v>>n != 0 {
			return nil, fmt.Errorf("pencil marks of cell %d: %q: %w", i+1, p, ErrSaved)
		}
		ms[i] = Marks(v)
	}
	return ms, nil
}
