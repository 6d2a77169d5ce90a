package game

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/sudoku"
)

// step is one message of a scenario: who sends it, and the rule it must
// break (nil: none).
type step struct {
	player, text string
	err          error
}

// TestRules plays scenarios on the README's puzzle (r1c3 is 4 in the
// solution, r1c4 is 6; r1c1 is a given 5) and checks the game after them.
func TestRules(t *testing.T) {
	tests := []struct {
		name     string
		team     bool
		steps    []step
		board    map[string]int   // cell ("r1c3") -> digit on the board, 0 for empty
		marks    map[string]Marks // cell -> its pencil marks
		moves    int
		mistakes int
		wrong    int
		history  int
		last     string // "" for none
		status   Status
	}{
		{name: "place the right digit",
			steps: []step{{"ann", "r1c3 4", nil}},
			board: map[string]int{"r1c3": 4}, moves: 1, history: 1, last: "r1c3"},
		{name: "a wrong digit is a mistake",
			steps: []step{{"ann", "r1c3 1", nil}},
			board: map[string]int{"r1c3": 1}, moves: 1, mistakes: 1, wrong: 1, history: 1, last: "r1c3"},
		{name: "a given cannot be changed, and the message is applied whole or not at all",
			steps: []step{{"ann", "r1c3 4 r1c1 6", ErrGiven}},
			board: map[string]int{"r1c3": 0, "r1c1": 5}},
		{name: "a given cannot be erased or marked",
			steps: []step{{"ann", "r1c1 0", ErrGiven}, {"ann", "r1c1 +12", ErrGiven}},
			board: map[string]int{"r1c1": 5}},
		{name: "erase a digit",
			steps: []step{{"ann", "r1c3 1", nil}, {"ann", "r1c3 -", nil}},
			board: map[string]int{"r1c3": 0}, moves: 2, mistakes: 1, history: 2, last: "r1c3"},
		{name: "erasing an empty cell changes nothing",
			steps: []step{{"ann", "r1c3 0", ErrNoChange}}},
		{name: "the same digit again changes nothing",
			steps: []step{{"ann", "r1c3 4", nil}, {"ann", "r1c3 4", ErrNoChange}},
			board: map[string]int{"r1c3": 4}, moves: 1, history: 1, last: "r1c3"},
		{name: "pencil marks added and removed",
			steps: []step{{"ann", "r1c3 +124", nil}, {"ann", "r1c3 -1", nil}},
			marks: map[string]Marks{"r1c3": MarksOf(2, 4)}, moves: 2, history: 2, last: "r1c3"},
		{name: "marks that change nothing",
			steps: []step{{"ann", "r1c3 +12", nil}, {"ann", "r1c3 +21", ErrNoChange}, {"ann", "r1c3 -9", ErrNoChange}},
			marks: map[string]Marks{"r1c3": MarksOf(1, 2)}, moves: 1, history: 1, last: "r1c3"},
		{name: "no pencil marks in a cell with a digit",
			steps: []step{{"ann", "r1c3 4", nil}, {"ann", "r1c3 +12", ErrHasDigit}},
			board: map[string]int{"r1c3": 4}, moves: 1, history: 1, last: "r1c3"},
		{name: "erasing an empty cell clears its marks",
			steps: []step{{"ann", "r1c3 +12", nil}, {"ann", "r1c3 -", nil}},
			marks: map[string]Marks{"r1c3": 0}, moves: 2, history: 2, last: "r1c3"},
		{name: "a digit clears its cell's marks and itself from the marks of its row, column and box",
			steps: []step{{"ann", "r1c3 +14 r1c4 +46 r2c2 +47 r9c3 +24 r5c5 +4", nil}, {"ann", "r1c3 4", nil}},
			board: map[string]int{"r1c3": 4},
			marks: map[string]Marks{"r1c3": 0, "r1c4": MarksOf(6), "r2c2": MarksOf(7), "r9c3": MarksOf(2), "r5c5": MarksOf(4)},
			moves: 6, history: 6, last: "r1c3"},
		{name: "undo puts the digit's marks back",
			steps: []step{{"ann", "r1c3 +14 r1c4 +46 r2c2 +47", nil}, {"ann", "r1c3 4", nil}, {"ann", "undo", nil}},
			board: map[string]int{"r1c3": 0},
			marks: map[string]Marks{"r1c3": MarksOf(1, 4), "r1c4": MarksOf(4, 6), "r2c2": MarksOf(4, 7)},
			moves: 4, history: 3, last: "r2c2"},
		{name: "several undos, one message or many",
			steps: []step{{"ann", "r1c3 4 r1c4 6 r1c6 8 r1c7 9", nil}, {"ann", "undo 2", nil}, {"ann", "undo", nil}},
			board: map[string]int{"r1c3": 4, "r1c4": 0, "r1c6": 0, "r1c7": 0}, moves: 4, history: 1, last: "r1c3"},
		{name: "undo more than was played takes back everything",
			steps: []step{{"ann", "r1c3 4 r1c4 6", nil}, {"ann", "undo 5", nil}},
			board: map[string]int{"r1c3": 0, "r1c4": 0}, moves: 2},
		{name: "nothing to undo",
			steps: []step{{"ann", "undo", ErrNoUndo}}},
		{name: "a mistake undone stays counted",
			steps: []step{{"ann", "r1c3 9", nil}, {"ann", "undo", nil}},
			board: map[string]int{"r1c3": 0}, moves: 1, mistakes: 1},
		{name: "undo restores the digit replaced",
			steps: []step{{"ann", "r1c3 4", nil}, {"ann", "r1c3 2", nil}, {"ann", "undo", nil}},
			board: map[string]int{"r1c3": 4}, moves: 2, mistakes: 1, history: 1, last: "r1c3"},
		{name: "another member cannot play a game that is not a team game",
			steps: []step{{"bob", "r1c3 4", ErrNotPlayer}}},
		{name: "a team game: anyone plays, and undoes",
			team:  true,
			steps: []step{{"bob", "r1c3 4", nil}, {"cat", "r1c4 6", nil}, {"ann", "undo", nil}},
			board: map[string]int{"r1c3": 4, "r1c4": 0}, moves: 2, history: 1, last: "r1c3"},
		{name: "give up ends the game",
			steps: []step{{"ann", "r1c3 4", nil}, {"ann", "give up", nil}, {"ann", "r1c4 6", ErrOver}, {"ann", "undo", ErrOver}},
			board: map[string]int{"r1c3": 4}, moves: 1, history: 1, last: "r1c3", status: GaveUp},
		{name: "check and hint change nothing on the board",
			steps: []step{{"ann", "check hint", nil}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := newGame(t, classic, classicSol, tt.team)
			for _, s := range tt.steps {
				before := g.Save()
				_, err := play(t, g, s.player, s.text)
				if !errors.Is(err, s.err) {
					t.Fatalf("%s plays %q: %v, want %v", s.player, s.text, err, s.err)
				}
				var re *RuleError
				if err != nil && !errors.As(err, &re) {
					t.Fatalf("%s plays %q: %T, want a *RuleError", s.player, s.text, err)
				}
				if err != nil && !reflect.DeepEqual(g.Save(), before) {
					t.Fatalf("%s plays %q: refused, but the game changed", s.player, s.text)
				}
			}
			b := g.Board()
			for name, d := range tt.board {
				c := named(t, name)
				if got := b.Get(c.Row, c.Col); got != d {
					t.Errorf("%s holds %d, want %d", name, got, d)
				}
			}
			for name, m := range tt.marks {
				if got := g.MarksAt(named(t, name)); got != m {
					t.Errorf("%s has marks %v, want %v", name, got.Digits(), m.Digits())
				}
			}
			if g.Moves() != tt.moves || g.Mistakes() != tt.mistakes || len(g.Wrong()) != tt.wrong || len(g.History()) != tt.history {
				t.Errorf("moves %d, mistakes %d, wrong %d, history %d; want %d, %d, %d, %d",
					g.Moves(), g.Mistakes(), len(g.Wrong()), len(g.History()), tt.moves, tt.mistakes, tt.wrong, tt.history)
			}
			last, ok := g.Last()
			if (tt.last == "") == ok || ok && last != named(t, tt.last) {
				t.Errorf("last move at %v (%v), want %q", last, ok, tt.last)
			}
			if g.Status() != tt.status {
				t.Errorf("status %v, want %v", g.Status(), tt.status)
			}
		})
	}
}

// named reads a cell name such as r1c3.
func named(t *testing.T, name string) sudoku.Cell {
	t.Helper()
	ms, err := Parse(name+" 1", 9)
	if err != nil {
		t.Fatal(err)
	}
	return ms[0].Cell
}

// remaining writes the moves that fill every empty cell of g with the
// solution's digit, one message.
func remaining(g *Game) string {
	var b strings.Builder
	n := g.Board().Size()
	sol, board := g.Solution(), g.Board()
	for i := range n * n {
		if board.At(i) != sol.At(i) {
			b.WriteString(Move{Action: Place, Cell: cellAt(n, i), Digit: sol.At(i)}.String() + " ")
		}
	}
	return b.String()
}

func TestFinish(t *testing.T) {
	g := newGame(t, small, smallSol, false)
	all, err := Parse(remaining(g), 4)
	if err != nil {
		t.Fatal(err)
	}
	// All but the last move leave the game going.
	at := t0.Add(3*time.Minute + 7*time.Second)
	out, err := g.Play(all[:len(all)-1], "ann", t0.Add(time.Minute))
	if err != nil || out.Solved || g.Status() != Playing {
		t.Fatalf("all but the last: %+v, %v, %v", out, err, g.Status())
	}
	out, err = g.Play(all[len(all)-1:], "ann", at)
	if err != nil || !out.Solved || g.Status() != Solved {
		t.Fatalf("the last move: %+v, %v, %v", out, err, g.Status())
	}
	if !g.Finished().Equal(at) || g.Elapsed(at.Add(time.Hour)) != 3*time.Minute+7*time.Second {
		t.Errorf("finished %v, elapsed %v", g.Finished(), g.Elapsed(at.Add(time.Hour)))
	}
	if g.Moves() != len(all) || g.Mistakes() != 0 {
		t.Errorf("moves %d, mistakes %d", g.Moves(), g.Mistakes())
	}
	if _, err := play(t, g, "ann", "undo"); !errors.Is(err, ErrOver) {
		t.Errorf("undo after the end: %v", err)
	}
}

// TestFinishOnlyWhenCorrect: a full board with a wrong digit is not solved;
// putting it right is.
func TestFinishOnlyWhenCorrect(t *testing.T) {
	g := newGame(t, small, smallSol, false)
	// r1c2 is 2 in the solution; r1c4 is 4: swap them, which fills the board wrongly.
	text := strings.NewReplacer("r1c2 2", "r1c2 4", "r1c4 4", "r1c4 2").Replace(remaining(g))
	if _, err := play(t, g, "ann", text); err != nil {
		t.Fatal(err)
	}
	if g.Empty() != 0 || g.Status() != Playing || len(g.Wrong()) != 2 || g.Mistakes() != 2 {
		t.Fatalf("full board with two wrong digits: empty %d, %v, wrong %d, mistakes %d", g.Empty(), g.Status(), len(g.Wrong()), g.Mistakes())
	}
	out, err := play(t, g, "ann", "r1c2 2 r1c4 4")
	if err != nil || !out.Solved {
		t.Fatalf("putting it right: %+v, %v", out, err)
	}
}

func TestMoveAfterSolvingMoveInOneMessage(t *testing.T) {
	g := newGame(t, small, smallSol, false)
	if _, err := play(t, g, "ann", remaining(g)+" r1c2 +1"); !errors.Is(err, ErrOver) {
		t.Fatalf("a move after the solving one: %v, want ErrOver", err)
	}
	if g.Moves() != 0 {
		t.Errorf("the refused message left %d moves", g.Moves())
	}
}

func TestTeamCredits(t *testing.T) {
	g := newGame(t, small, smallSol, true)
	if _, err := play(t, g, "bob", "r1c2 2 r1c4 4"); err != nil {
		t.Fatal(err)
	}
	if _, err := play(t, g, "cat", "r2c1 3"); err != nil {
		t.Fatal(err)
	}
	if _, err := play(t, g, "bob", "undo r2c2 +1"); err != nil {
		t.Fatal(err)
	}
	want := []Player{{"bob", 3}, {"cat", 1}}
	if got := g.Players(); !reflect.DeepEqual(got, want) {
		t.Errorf("players %+v, want %+v", got, want)
	}
	if h := g.History(); h[len(h)-1].Player != "bob" || h[len(h)-2].Player != "bob" {
		t.Errorf("history %+v: moves not credited", h)
	}
}

func TestCheckHintMistakes(t *testing.T) {
	g := newGame(t, classic, classicSol, false)
	out, err := play(t, g, "ann", "r1c3 1 r1c4 6 check hint")
	if err != nil {
		t.Fatal(err)
	}
	if out.Check != 1 || out.Hint != 1 || out.Applied != 2 || out.Mistakes != 1 || g.Checks() != 1 {
		t.Errorf("outcome %+v, checks %d", out, g.Checks())
	}
	if g.Hints() != 0 {
		t.Errorf("a hint asked is counted only once given: %d", g.Hints())
	}
	g.Hinted()
	if g.Hints() != 1 {
		t.Errorf("hints %d after one given", g.Hints())
	}
	if w := g.Wrong(); len(w) != 1 || w[0] != cell(1, 3) {
		t.Errorf("wrong %v, want r1c3", w)
	}
	if g.ShowingMistakes() {
		t.Error("mistakes shown before being asked for")
	}
	if _, err := play(t, g, "ann", "mistakes"); err != nil || !g.ShowingMistakes() {
		t.Errorf("mistakes: %v, showing %v", err, g.ShowingMistakes())
	}
	if _, err := play(t, g, "ann", "mistakes"); err != nil || g.ShowingMistakes() {
		t.Errorf("mistakes again: %v, showing %v", err, g.ShowingMistakes())
	}
}

func TestRuleErrorNamesTheMove(t *testing.T) {
	g := newGame(t, classic, classicSol, false)
	_, err := play(t, g, "ann", "r1c3 4\nr1c1 6")
	if err == nil || err.Error() != "line 2, column 1: r1c1 is a given (5): givens cannot be changed" {
		t.Errorf("error %q", err)
	}
	_, err = play(t, g, "bob", "r1c3 4")
	if err == nil || !errors.Is(err, ErrNotPlayer) || !strings.Contains(err.Error(), "only the member who started it") {
		t.Errorf("another's game: %q", err)
	}
}

func TestNewChecksThePuzzle(t *testing.T) {
	p, sol := testgrids.Decode(t, classic), testgrids.Decode(t, classicSol)
	otherSol := sol
	otherSol.Set(0, 0, 4) // breaks a given and the rules
	incomplete := sol
	incomplete.Set(8, 8, 0)
	for name, s := range map[string]sudoku.Grid{"other digit": otherSol, "incomplete": incomplete, "other shape": testgrids.Decode(t, smallSol), "none": {}} {
		if _, err := New(p, s, "ann", false, t0); !errors.Is(err, ErrPuzzle) {
			t.Errorf("%s: %v, want ErrPuzzle", name, err)
		}
	}
}

func TestSaveLoad(t *testing.T) {
	g := newGame(t, classic, classicSol, true)
	for _, text := range []string{"r1c3 +14 r1c4 +46", "r1c3 4", "r1c4 9", "mistakes check"} {
		if _, err := play(t, g, "bob", text); err != nil {
			t.Fatal(err)
		}
	}
	g.Hinted()
	s := g.Save()
	h, err := Load(s)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(h.Save(), s) {
		t.Fatalf("round trip:\n%+v\n%+v", h.Save(), s)
	}
	// The loaded game plays on: undo takes back the last two moves.
	if _, err := play(t, h, "bob", "undo 2"); err != nil {
		t.Fatal(err)
	}
	if b := h.Board(); b.Get(0, 2) != 0 || h.MarksAt(cell(1, 3)) != MarksOf(1, 4) || h.MarksAt(cell(1, 4)) != MarksOf(4, 6) {
		t.Errorf("after undo: r1c3 %d marks %v, r1c4 marks %v", b.Get(0, 2), h.MarksAt(cell(1, 3)).Digits(), h.MarksAt(cell(1, 4)).Digits())
	}
	if last, ok := h.Last(); !ok || last != cell(1, 4) {
		t.Errorf("last %v %v", last, ok)
	}
}

func TestLoadRefusesBrokenSaves(t *testing.T) {
	g := newGame(t, classic, classicSol, false)
	if _, err := play(t, g, "ann", "r1c3 4 r1c4 +1"); err != nil {
		t.Fatal(err)
	}
	good := g.Save()
	tests := map[string]func(*Saved){
		"short board":          func(s *Saved) { s.Board = s.Board[1:] },
		"board drops a given":  func(s *Saved) { s.Board = "." + s.Board[1:] },
		"bad symbol":           func(s *Saved) { s.Board = "?" + s.Board[1:] },
		"wrong solution":       func(s *Saved) { s.Solution = "4" + s.Solution[1:] },
		"marks count":          func(s *Saved) { s.Marks = "1,2" },
		"marks off the board":  func(s *Saved) { s.Marks = strings.Repeat(",", 80) + "ffff" },
		"history unreadable":   func(s *Saved) { s.History = "ann 1 2" },
		"history bad number":   func(s *Saved) { s.History = "ann x 0 4 0 0 0 1764619200000 -" },
		"history off board":    func(s *Saved) { s.History = "ann 81 0 4 0 0 0 1764619200000 -" },
		"board of other shape": func(s *Saved) { s.Board = smallSol },
	}
	for name, spoil := range tests {
		s := good
		spoil(&s)
		if _, err := Load(s); err == nil {
			t.Errorf("%s: loaded", name)
		} else if !errors.Is(err, ErrSaved) {
			t.Errorf("%s: %v, want ErrSaved", name, err)
		}
	}
}

// TestHistoryText: the history reads back exactly, whatever the player's
// name holds.
func TestHistoryText(t *testing.T) {
	g := newGame(t, classic, classicSol, true)
	for _, p := range []string{"100000000000000011", "a b", `quote"d`, ""} {
		if _, err := play(t, g, p, "r1c3 +14 r1c4 +46"); err != nil {
			t.Fatal(err)
		}
		if _, err := play(t, g, p, "r1c3 4 undo r1c3 -14 r1c4 -46"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := play(t, g, "x", "r1c3 4 r9c9 5"); err != nil { // r9c9 is a given: refused, nothing played
		if !errors.Is(err, ErrGiven) {
			t.Fatal(err)
		}
	}
	if _, err := play(t, g, "x", "r1c4 +46 r2c2 +47 r1c3 4"); err != nil {
		t.Fatal(err)
	}
	s := g.Save()
	h, err := Load(s)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(h.History(), g.History()) {
		t.Fatalf("history:\n%+v\nread back as\n%+v", g.History(), h.History())
	}
	if last := h.History()[len(h.History())-1]; len(last.Cleared) != 2 || last.Player != "x" {
		t.Errorf("last step %+v: want two peers' marks cleared", last)
	}
}

// TestTurnOnlyGrows: every change of the board, undo included, is a new
// turn; what changes no cell (a check, showing mistakes, a refused move)
// is not. So a board drawn before an undo is told from the one after it,
// and from a later move that brings the history back to the same length.
func TestTurnOnlyGrows(t *testing.T) {
	g := newGame(t, classic, classicSol, true)
	steps := []struct {
		text string
		turn int64
	}{{"r1c3 4 r1c4 +16", 2}, {"check mistakes", 2}, {"undo", 3}, {"r1c4 +16", 4}, {"undo 2", 6}}
	for _, st := range steps {
		if _, err := play(t, g, "ann", st.text); err != nil {
			t.Fatal(err)
		}
		if g.Turn() != st.turn {
			t.Fatalf("after %q: turn %d, want %d", st.text, g.Turn(), st.turn)
		}
	}
	if _, err := play(t, g, "ann", "r1c1 6"); !errors.Is(err, ErrGiven) || g.Turn() != 6 {
		t.Fatalf("a refused move: %v, turn %d, want ErrGiven and 6", err, g.Turn())
	}
	h, err := Load(g.Save())
	if err != nil || h.Turn() != 6 {
		t.Fatalf("loaded turn %d (%v), want 6", h.Turn(), err)
	}
}

// TestHistoryCapped: marks added and removed for ever keep at most
// MaxHistory steps, the newest; undo takes those back and then says there
// is nothing more; a save from before the cap loads with its newest steps.
func TestHistoryCapped(t *testing.T) {
	g := newGame(t, classic, classicSol, false)
	for range MaxHistory {
		if _, err := play(t, g, "ann", "r1c3 +1 r1c3 -1"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := play(t, g, "ann", "r1c3 4"); err != nil {
		t.Fatal(err)
	}
	h := g.History()
	if len(h) != MaxHistory || h[len(h)-1].After != 4 {
		t.Fatalf("history of %d steps (last %+v), want %d ending with the 4", len(h), h[len(h)-1], MaxHistory)
	}
	if _, err := play(t, g, "ann", fmt.Sprintf("undo %d", MaxHistory)); err != nil {
		t.Fatal(err)
	}
	if _, err := play(t, g, "ann", "undo"); !errors.Is(err, ErrNoUndo) {
		t.Errorf("undo past the cap: %v, want ErrNoUndo", err)
	}
	long := newGame(t, classic, classicSol, false)
	for range MaxHistory/2 + 1 {
		play(t, long, "ann", "r1c3 +1 r1c3 -1")
	}
	s := long.Save()
	s.History = s.History + "\n" + s.History // as an uncapped store could hold it
	back, err := Load(s)
	if err != nil || len(back.History()) != MaxHistory {
		t.Fatalf("a save over the cap: %v, %d steps, want %d", err, len(back.History()), MaxHistory)
	}
}
