package game

import (
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
// for none), the history one step per line (see [Game.Save]).
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
	Turn                    int64 // see [Game.Turn]
}

// ErrSaved is wrapped by the errors of [Load] for a saved game that does
// not read back.
var ErrSaved = errors.New("saved game unreadable")

// Save returns g as a store keeps it.
func (g *Game) Save() Saved {
	return Saved{
		Puzzle: Line(g.puzzle), Solution: Line(g.solution), Board: Line(g.board),
		Marks: marksLine(g.marks), History: historyText(g.history),
		Owner: g.owner, Team: g.team, Status: g.status, Started: g.started, Finished: g.finished,
		Moves: g.moves, Mistakes: g.mistakes, Hints: g.hints, Checks: g.checks, ShowMistakes: g.showMistakes,
		Players: g.Players(), Turn: g.turn,
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
	if g.history, err = readHistory(s.History); err != nil {
		return nil, err
	}
	if k := len(g.history); k > MaxHistory {
		// Saved before the cap: the oldest steps go, as they would have.
		g.history = g.history[k-MaxHistory:]
	}
	if s.Turn < 0 {
		return nil, fmt.Errorf("turn %d below zero: %w", s.Turn, ErrSaved)
	}
	g.turn = s.Turn
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

// historyText writes the history one step per line, fields apart by
// spaces: the player (quoted if it holds a space or a quote), the cell's
// index, the digit before and after, the pencil marks before and after
// (hexadecimal), 1 for a mistake or 0, the time (unix milliseconds), and
// the peers whose mark the placement removed (indexes apart by commas, or
// -). It is several times faster to write and read than JSON, and every
// move writes and reads it.
func historyText(h []Step) string {
	b := make([]byte, 0, 48*len(h))
	for i, st := range h {
		if i > 0 {
			b = append(b, '\n')
		}
		if strings.ContainsAny(st.Player, " \n\"") || st.Player == "" {
			b = strconv.AppendQuote(b, st.Player)
		} else {
			b = append(b, st.Player...)
		}
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(st.Cell), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(st.Before), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(st.After), 10)
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(st.MarksBefore), 16)
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(st.MarksAfter), 16)
		if st.Mistake {
			b = append(b, " 1 "...)
		} else {
			b = append(b, " 0 "...)
		}
		b = strconv.AppendInt(b, st.At.UnixMilli(), 10)
		b = append(b, ' ')
		if len(st.Cleared) == 0 {
			b = append(b, '-')
		}
		for k, j := range st.Cleared {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(j), 10)
		}
	}
	return string(b)
}

// readHistory reads what historyText writes.
func readHistory(s string) ([]Step, error) {
	if s == "" {
		return nil, nil
	}
	bad := func(line int) error { return fmt.Errorf("history step %d: %w", line, ErrSaved) }
	h := make([]Step, 0, strings.Count(s, "\n")+1)
	for line := range strings.Lines(s) {
		line = strings.TrimSuffix(line, "\n")
		var st Step
		rest := line
		if strings.HasPrefix(line, "\"") {
			q, err := strconv.QuotedPrefix(line)
			if err != nil {
				return nil, bad(len(h) + 1)
			}
			st.Player, _ = strconv.Unquote(q)
			rest = strings.TrimPrefix(line[len(q):], " ")
		} else {
			var ok bool
			st.Player, rest, ok = strings.Cut(line, " ")
			if !ok {
				return nil, bad(len(h) + 1)
			}
		}
		var n [7]int64
		for k, base := range [...]int{10, 10, 10, 16, 16, 10, 10} {
			f, after, ok := strings.Cut(rest, " ")
			v, err := strconv.ParseInt(f, base, 64)
			if !ok || err != nil {
				return nil, bad(len(h) + 1)
			}
			n[k], rest = v, after
		}
		if rest == "" || strings.Contains(rest, " ") {
			return nil, bad(len(h) + 1)
		}
		st.Cell, st.Before, st.After = int(n[0]), int(n[1]), int(n[2])
		st.MarksBefore, st.MarksAfter, st.Mistake = Marks(n[3]), Marks(n[4]), n[5] == 1
		st.At = time.UnixMilli(n[6]).UTC()
		if rest != "-" {
			for x := range strings.SplitSeq(rest, ",") {
				j, err := strconv.Atoi(x)
				if err != nil {
					return nil, bad(len(h) + 1)
				}
				st.Cleared = append(st.Cleared, j)
			}
		}
		h = append(h, st)
	}
	return h, nil
}
