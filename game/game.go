package game

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Status is where a game stands.
type Status uint8

// The statuses. A game is Playing until it is solved, given up, or closed
// for being left untouched (by the store).
const (
	Playing Status = iota
	Solved
	GaveUp
	Closed
)

var statusNames = [...]string{"playing", "solved", "gave_up", "closed"}

// String returns the status's word: playing, solved, gave_up or closed.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// ParseStatus reads a status's word, as [Status.String] writes it.
func ParseStatus(s string) (Status, error) {
	if i := slices.Index(statusNames[:], s); i >= 0 {
		return Status(i), nil
	}
	return 0, fmt.Errorf("game status %q: want playing, solved, gave_up or closed", s)
}

// Over reports whether the game is finished one way or another.
func (s Status) Over() bool { return s != Playing }

// Step is one move in a game's history: enough to take it back.
type Step struct {
	Player      string
	Cell        int // index row by row
	Before      int
	After       int
	MarksBefore Marks
	MarksAfter  Marks
	Cleared     []int // peers whose pencil mark After the placement removed
	Mistake     bool  // After is not the solution's digit
	At          time.Time
}

// Player is a member who made moves in a game.
type Player struct {
	ID    string
	Moves int // moves made, undone ones included
}

// Game is one puzzle being played. Its methods are not safe for concurrent
// use: a store serialises the updates of one game (versioned updates).
type Game struct {
	puzzle, solution, board sudoku.Grid
	marks                   []Marks
	history                 []Step
	owner                   string
	team                    bool
	status                  Status
	started, finished       time.Time
	mistakes, hints, moves  int
	checks                  int
	showMistakes            bool
	players                 []Player
	last                    int   // the cell of the last move, -1 for none
	turn                    int64 // changes of the board so far (see Game.Turn)
}

// MaxHistory is how many steps a game keeps for undo: older ones are
// forgotten (a game's history is saved with every move, so it must not
// grow without end: marks added and removed again make steps too).
const MaxHistory = 200

// The errors of [New] and [Load].
var (
	ErrPuzzle = errors.New("not a puzzle to play")
)

// New starts a game of puzzle, whose solution is solution (complete, and
// holding every given), for owner at started. A team game can be played by
// anyone; any other only by its owner.
func New(puzzle, solution sudoku.Grid, owner string, team bool, started time.Time) (*Game, error) {
	if err := fits(puzzle, solution); err != nil {
		return nil, err
	}
	n := puzzle.Shape().Cells()
	return &Game{puzzle: puzzle, solution: solution, board: puzzle, marks: make([]Marks, n),
		owner: owner, team: team, started: started, last: -1}, nil
}

// fits checks that solution solves puzzle.
func fits(puzzle, solution sudoku.Grid) error {
	sh := puzzle.Shape()
	switch {
	case !sh.Valid():
		return fmt.Errorf("no grid: %w", ErrPuzzle)
	case solution.Shape() != sh:
		return fmt.Errorf("a %v solution for a %v puzzle: %w", solution.Shape(), sh, ErrPuzzle)
	case !solution.Complete():
		return fmt.Errorf("the solution is not complete: %w", ErrPuzzle)
	}
	if cs := sudoku.Validate(solution); len(cs) > 0 {
		return fmt.Errorf("the solution breaks the rules (%d clashes): %w", len(cs), ErrPuzzle)
	}
	for i := range sh.Cells() {
		if v := puzzle.At(i); v != 0 && v != solution.At(i) {
			return fmt.Errorf("the given at %v is not the solution's digit: %w", cellAt(sh.Size(), i), ErrPuzzle)
		}
	}
	return nil
}

func cellAt(n, i int) sudoku.Cell { return sudoku.Cell{Row: i / n, Col: i % n} }

// Puzzle returns the givens.
func (g *Game) Puzzle() sudoku.Grid { return g.puzzle }

// Solution returns the solution.
func (g *Game) Solution() sudoku.Grid { return g.solution }

// Board returns the board as it stands: the givens and the player's digits.
func (g *Game) Board() sudoku.Grid { return g.board }

// Marks returns the pencil marks, one set per cell row by row (a copy).
func (g *Game) Marks() []Marks { return slices.Clone(g.marks) }

// MarksAt returns the pencil marks of cell c.
func (g *Game) MarksAt(c sudoku.Cell) Marks { return g.marks[c.Row*g.board.Size()+c.Col] }

// Owner returns the member who started the game.
func (g *Game) Owner() string { return g.owner }

// Team reports whether anyone may play the game.
func (g *Game) Team() bool { return g.team }

// Status returns where the game stands.
func (g *Game) Status() Status { return g.status }

// Started returns when the game began.
func (g *Game) Started() time.Time { return g.started }

// Finished returns when the game was solved or given up, or the zero time.
func (g *Game) Finished() time.Time { return g.finished }

// Elapsed returns the time played: to the end for a finished game, to now
// for one being played.
func (g *Game) Elapsed(now time.Time) time.Duration {
	if !g.finished.IsZero() {
		return g.finished.Sub(g.started)
	}
	return now.Sub(g.started)
}

// Moves returns the number of moves made, undone ones included (undos are
// not moves).
func (g *Game) Moves() int { return g.moves }

// Mistakes returns the number of digits placed that were not the
// solution's, undone or erased ones included.
func (g *Game) Mistakes() int { return g.mistakes }

// Hints returns the number of hints given.
func (g *Game) Hints() int { return g.hints }

// Checks returns the number of checks asked.
func (g *Game) Checks() int { return g.checks }

// ShowingMistakes reports whether the player asked to see the wrong digits.
func (g *Game) ShowingMistakes() bool { return g.showMistakes }

// Turn counts the changes of the board (steps played and steps undone)
// since the game began: it only grows, so a board drawn at one turn is
// known to be out of date at any later one (a button pressed on it).
func (g *Game) Turn() int64 { return g.turn }

// History returns the moves that undo can take back, oldest first (a copy).
func (g *Game) History() []Step { return slices.Clone(g.history) }

// Players returns the members who made moves, in the order of their first
// move, with how many each made (a copy). Every player of a solved team
// game is credited with the solve.
func (g *Game) Players() []Player { return slices.Clone(g.players) }

// Last returns the cell of the last move still on the board, and false when
// there is none.
func (g *Game) Last() (sudoku.Cell, bool) {
	if g.last < 0 {
		return sudoku.Cell{}, false
	}
	return cellAt(g.board.Size(), g.last), true
}

// Wrong returns the cells whose digit (placed by the player) is not the
// solution's. A check says how many; the board shows them only when the
// player asked ([Game.ShowingMistakes]).
func (g *Game) Wrong() []sudoku.Cell {
	var out []sudoku.Cell
	n := g.board.Size()
	for i := range n * n {
		if v := g.board.At(i); v != 0 && v != g.solution.At(i) {
			out = append(out, cellAt(n, i))
		}
	}
	return out
}

// Empty returns the number of empty cells.
func (g *Game) Empty() int { return g.board.Shape().Cells() - g.board.Filled() }

// MayPlay reports whether player may make moves: the owner, or anyone in a
// team game.
func (g *Game) MayPlay(player string) bool { return g.team || player == g.owner }

// The kinds of [*RuleError], for errors.Is.
var (
	ErrGiven     = errors.New("a given cannot be changed")
	ErrOver      = errors.New("the game is over")
	ErrNotPlayer = errors.New("another member's game")
	ErrNoUndo    = errors.New("nothing to undo")
	ErrNoChange  = errors.New("the move changes nothing")
	ErrHasDigit  = errors.New("pencil marks in a cell with a digit")
)

// RuleError is a move that breaks a rule of play.
type RuleError struct {
	Move Move
	Err  error // wraps one of ErrGiven, ErrOver, ErrNotPlayer, ErrNoUndo, ErrNoChange, ErrHasDigit
}

// Error returns a message for a person, such as "line 1, column 1: r1c1
// is a given (5): givens cannot be changed".
func (e *RuleError) Error() string {
	if e.Move.Line > 0 {
		return fmt.Sprintf("line %d, column %d: %v", e.Move.Line, e.Move.Col, e.Err)
	}
	return e.Err.Error()
}

// Unwrap returns Err.
func (e *RuleError) Unwrap() error { return e.Err }

func broke(m Move, kind error, format string, args ...any) error {
	return &RuleError{Move: m, Err: &detail{kind, fmt.Sprintf(format, args...)}}
}

// Outcome is what one [Game.Play] did.
type Outcome struct {
	Applied int // moves applied (placements, erasures, marks)
	Undone  int // moves taken back
	// Check and Hint count the checks and hints asked: the caller answers
	// them (a hint needs the logic engine), and calls [Game.Hinted] for a
	// hint given.
	Check, Hint int
	Mistakes    int  // wrong digits placed
	Solved      bool // this play finished the game
	GaveUp      bool // this play gave the game up
	// ShowMistakes is set when the play turned the showing of mistakes on
	// or off.
	ShowMistakes bool
}

// Play applies the moves of one message by player at the time at. Either
// every move is applied or, when one breaks a rule, none is, and the error
// is a [*RuleError] naming that move. A move after the one that solves the
// game is an error too ([ErrOver]); so is any move by another member than
// the owner of a game that is not a team game ([ErrNotPlayer]).
func (g *Game) Play(moves []Move, player string, at time.Time) (Outcome, error) {
	var out Outcome
	if len(moves) == 0 {
		return out, nil
	}
	if !g.MayPlay(player) {
		return out, broke(moves[0], ErrNotPlayer, "this game is not a team game: only the member who started it plays it")
	}
	c := g.clone()
	for _, m := range moves {
		if c.status.Over() {
			return Outcome{}, broke(m, ErrOver, "the game is over (%s): %v comes too late", overWords(c.status), m)
		}
		if err := c.apply(m, player, at, &out); err != nil {
			return Outcome{}, err
		}
	}
	*g = *c
	return out, nil
}

func overWords(s Status) string {
	switch s {
	case Solved:
		return "solved"
	case GaveUp:
		return "given up"
	}
	return "closed"
}

// clone returns a deep copy of g.
func (g *Game) clone() *Game {
	c := *g
	c.marks = slices.Clone(g.marks)
	c.history = slices.Clone(g.history)
	c.players = slices.Clone(g.players)
	return &c
}

func (g *Game) apply(m Move, player string, at time.Time, out *Outcome) error {
	n := g.board.Size()
	switch m.Action {
	case Check:
		g.checks++
		out.Check++
		return nil
	case Hint:
		out.Hint++
		return nil
	case ShowMistakes:
		g.showMistakes = !g.showMistakes
		out.ShowMistakes = true
		return nil
	case GiveUp:
		g.status, g.finished = GaveUp, at
		out.GaveUp = true
		return nil
	case Undo:
		if len(g.history) == 0 {
			return broke(m, ErrNoUndo, "there is no move to undo")
		}
		for k := 0; k < m.Count && len(g.history) > 0; k++ {
			g.undo()
			out.Undone++
		}
		return nil
	}
	if m.Cell.Row < 0 || m.Cell.Row >= n || m.Cell.Col < 0 || m.Cell.Col >= n {
		return broke(m, ErrNoChange, "%v is outside the %d×%d board", m.Cell, n, n)
	}
	i := m.Cell.Row*n + m.Cell.Col
	if v := g.puzzle.At(i); v != 0 {
		return broke(m, ErrGiven, "%v is a given (%s): givens cannot be changed", m.Cell, symbol(v))
	}
	cur, marks := g.board.At(i), g.marks[i]
	st := Step{Player: player, Cell: i, Before: cur, After: cur, MarksBefore: marks, MarksAfter: marks, At: at}
	switch m.Action {
	case Place:
		if m.Digit < 1 || m.Digit > n {
			return broke(m, ErrNoChange, "%d is not a digit of a %d×%d board", m.Digit, n, n)
		}
		if cur == m.Digit {
			return broke(m, ErrNoChange, "%v holds %s already", m.Cell, symbol(cur))
		}
		st.After, st.MarksAfter = m.Digit, 0
		st.Mistake = m.Digit != g.solution.At(i)
		st.Cleared = g.peersMarked(i, m.Digit)
	case Erase:
		if cur == 0 && marks == 0 {
			return broke(m, ErrNoChange, "%v is empty already", m.Cell)
		}
		st.After, st.MarksAfter = 0, 0
	case AddMarks, RemoveMarks:
		if cur != 0 {
			return broke(m, ErrHasDigit, "%v holds %s: pencil marks go in empty cells (erase it first with %v -)", m.Cell, symbol(cur), m.Cell)
		}
		if m.Marks>>n != 0 {
			return broke(m, ErrNoChange, "pencil marks above %d on a %d×%d board", n, n, n)
		}
		if m.Action == AddMarks {
			st.MarksAfter = marks | m.Marks
		} else {
			st.MarksAfter = marks &^ m.Marks
		}
		if st.MarksAfter == marks {
			if m.Action == AddMarks {
				return broke(m, ErrNoChange, "%v has the marks %s already", m.Cell, marksText(m.Marks))
			}
			return broke(m, ErrNoChange, "%v has none of the marks %s", m.Cell, marksText(m.Marks))
		}
	default:
		return broke(m, ErrNoChange, "unknown move %v", m.Action)
	}
	g.do(st)
	if len(g.history) == MaxHistory {
		g.history = slices.Delete(g.history, 0, 1) // the oldest step can no longer be undone
	}
	g.history = append(g.history, st)
	g.turn++
	g.moves++
	g.credit(player)
	out.Applied++
	if st.Mistake {
		g.mistakes++
		out.Mistakes++
	}
	if g.board == g.solution {
		g.status, g.finished = Solved, at
		out.Solved = true
	}
	return nil
}

// peersMarked returns the cells that see cell i and have d among their
// pencil marks.
func (g *Game) peersMarked(i, d int) []int {
	sh := g.board.Shape()
	n := sh.Size()
	r, c := i/n, i%n
	bit := MarksOf(d)
	var out []int
	for j := range n * n {
		if j == i || g.marks[j]&bit == 0 {
			continue
		}
		rj, cj := j/n, j%n
		if rj == r || cj == c || (rj/sh.BoxRows == r/sh.BoxRows && cj/sh.BoxCols == c/sh.BoxCols) {
			out = append(out, j)
		}
	}
	return out
}

// do puts step st on the board.
func (g *Game) do(st Step) {
	n := g.board.Size()
	g.board.Set(st.Cell/n, st.Cell%n, st.After)
	g.marks[st.Cell] = st.MarksAfter
	for _, j := range st.Cleared {
		g.marks[j] &^= MarksOf(st.After)
	}
	g.last = st.Cell
}

// undo takes the last step back.
func (g *Game) undo() {
	st := g.history[len(g.history)-1]
	g.history = g.history[:len(g.history)-1]
	n := g.board.Size()
	g.board.Set(st.Cell/n, st.Cell%n, st.Before)
	g.marks[st.Cell] = st.MarksBefore
	for _, j := range st.Cleared {
		g.marks[j] |= MarksOf(st.After)
	}
	g.last = -1
	if k := len(g.history); k > 0 {
		g.last = g.history[k-1].Cell
	}
	g.turn++
}

func (g *Game) credit(player string) {
	for k := range g.players {
		if g.players[k].ID == player {
			g.players[k].Moves++
			return
		}
	}
	g.players = append(g.players, Player{ID: player, Moves: 1})
}

// Hinted counts a hint given to the player.
func (g *Game) Hinted() { g.hints++ }

// Close ends a game left untouched, at the time at.
func (g *Game) Close(at time.Time) {
	if g.status == Playing {
		g.status, g.finished = Closed, at
	}
}
