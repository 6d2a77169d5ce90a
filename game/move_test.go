package game

import (
	"errors"
	"reflect"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

func cell(r, c int) sudoku.Cell { return sudoku.Cell{Row: r - 1, Col: c - 1} }

func TestParseMoves(t *testing.T) {
	type mv = Move
	tests := []struct {
		text string
		size int
		want []Move
	}{
		{"r3c5 7", 9, []mv{{Action: Place, Cell: cell(3, 5), Digit: 7, Line: 1, Col: 1}}},
		{"r3c5=7", 9, []mv{{Action: Place, Cell: cell(3, 5), Digit: 7, Line: 1, Col: 1}}},
		{"r3c5:7", 9, []mv{{Action: Place, Cell: cell(3, 5), Digit: 7, Line: 1, Col: 1}}},
		{"r3c5 = 7", 9, []mv{{Action: Place, Cell: cell(3, 5), Digit: 7, Line: 1, Col: 1}}},
		{"r3c5 =7", 9, []mv{{Action: Place, Cell: cell(3, 5), Digit: 7, Line: 1, Col: 1}}},
		{"r3c5= 7", 9, []mv{{Action: Place, Cell: cell(3, 5), Digit: 7, Line: 1, Col: 1}}},
		{"R3C5 7", 9, []mv{{Action: Place, Cell: cell(3, 5), Digit: 7, Line: 1, Col: 1}}},
		{"  A5 7", 9, []mv{{Action: Place, Cell: cell(1, 5), Digit: 7, Line: 1, Col: 3}}},
		{"e3 7", 9, []mv{{Action: Place, Cell: cell(5, 3), Digit: 7, Line: 1, Col: 1}}},
		{"E3=7", 9, []mv{{Action: Place, Cell: cell(5, 3), Digit: 7, Line: 1, Col: 1}}},
		{"j1 2", 9, []mv{{Action: Place, Cell: cell(9, 1), Digit: 2, Line: 1, Col: 1}}}, // sudokuwiki's J
		{"i1 2", 9, []mv{{Action: Place, Cell: cell(9, 1), Digit: 2, Line: 1, Col: 1}}},
		{"r1c1 5 r1c2 3", 9, []mv{
			{Action: Place, Cell: cell(1, 1), Digit: 5, Line: 1, Col: 1},
			{Action: Place, Cell: cell(1, 2), Digit: 3, Line: 1, Col: 8}}},
		{"r1c1=5, r1c2=3;\nr2c2 4", 9, []mv{
			{Action: Place, Cell: cell(1, 1), Digit: 5, Line: 1, Col: 1},
			{Action: Place, Cell: cell(1, 2), Digit: 3, Line: 1, Col: 9},
			{Action: Place, Cell: cell(2, 2), Digit: 4, Line: 2, Col: 1}}},
		{"r3c5 0", 9, []mv{{Action: Erase, Cell: cell(3, 5), Line: 1, Col: 1}}},
		{"r3c5 -", 9, []mv{{Action: Erase, Cell: cell(3, 5), Line: 1, Col: 1}}},
		{"r3c5 .", 9, []mv{{Action: Erase, Cell: cell(3, 5), Line: 1, Col: 1}}},
		{"r3c5 +12", 9, []mv{{Action: AddMarks, Cell: cell(3, 5), Marks: MarksOf(1, 2), Line: 1, Col: 1}}},
		{"r3c5 -12", 9, []mv{{Action: RemoveMarks, Cell: cell(3, 5), Marks: MarksOf(1, 2), Line: 1, Col: 1}}},
		{"r3c5=+9", 9, []mv{{Action: AddMarks, Cell: cell(3, 5), Marks: MarksOf(9), Line: 1, Col: 1}}},
		{"undo", 9, []mv{{Action: Undo, Count: 1, Line: 1, Col: 1}}},
		{"Undo 3", 9, []mv{{Action: Undo, Count: 3, Line: 1, Col: 1}}},
		{"undo undo", 9, []mv{{Action: Undo, Count: 1, Line: 1, Col: 1}, {Action: Undo, Count: 1, Line: 1, Col: 6}}},
		{"check", 9, []mv{{Action: Check, Line: 1, Col: 1}}},
		{"HINT", 9, []mv{{Action: Hint, Line: 1, Col: 1}}},
		{"mistakes", 9, []mv{{Action: ShowMistakes, Line: 1, Col: 1}}},
		{"give up", 9, []mv{{Action: GiveUp, Line: 1, Col: 1}}},
		{"giveup", 9, []mv{{Action: GiveUp, Line: 1, Col: 1}}},
		{"r1c1 5 check", 9, []mv{{Action: Place, Cell: cell(1, 1), Digit: 5, Line: 1, Col: 1}, {Action: Check, Line: 1, Col: 8}}},
		// Larger boards: letters and numbers above 9.
		{"r12c16 G", 16, []mv{{Action: Place, Cell: cell(12, 16), Digit: 16, Line: 1, Col: 1}}},
		{"r1c1 g", 16, []mv{{Action: Place, Cell: cell(1, 1), Digit: 16, Line: 1, Col: 1}}},
		{"r1c1 12", 16, []mv{{Action: Place, Cell: cell(1, 1), Digit: 12, Line: 1, Col: 1}}},
		{"p16 1", 16, []mv{{Action: Place, Cell: cell(16, 16), Digit: 1, Line: 1, Col: 1}}},
		{"r1c1 +1AG", 16, []mv{{Action: AddMarks, Cell: cell(1, 1), Marks: MarksOf(1, 10, 16), Line: 1, Col: 1}}},
		{"d4 4", 4, []mv{{Action: Place, Cell: cell(4, 4), Digit: 4, Line: 1, Col: 1}}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.text, tt.size)
		if err != nil {
			t.Errorf("Parse(%q, %d): %v", tt.text, tt.size, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q, %d) = %+v, want %+v", tt.text, tt.size, got, tt.want)
		}
	}
}

// TestParseNotMove: messages that are no move at all, which a game thread
// ignores, are told from malformed moves.
func TestParseNotMove(t *testing.T) {
	for _, text := range []string{"", "   ", "nice one!", "hello r3c5 7", "I think so", "7", "r3c", "rc5 7", "a 5", "e3x 7", "give it a go", "😀"} {
		_, err := Parse(text, 9)
		if !errors.Is(err, ErrNotMove) {
			t.Errorf("Parse(%q) = %v, want ErrNotMove", text, err)
		}
		var se *SyntaxError
		if errors.As(err, &se) {
			t.Errorf("Parse(%q) is a SyntaxError too", text)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		text      string
		size      int
		kind      error
		line, col int
		msg       string
	}{
		{"r3c5", 9, ErrNoDigit, 1, 1, "line 1, column 1: r3c5 needs a digit after it, such as r3c5 7 (or 0 to erase)"},
		{"r3c5 r3c6 4", 9, ErrNoDigit, 1, 1, "line 1, column 1: r3c5 needs a digit after it, such as r3c5 7 (or 0 to erase)"},
		{"r3c5 undo", 9, ErrNoDigit, 1, 1, ""},
		{"r3c5 x", 9, ErrBadDigit, 1, 6, `line 1, column 6: "x" is not a digit of a 9×9 board: write 1 to 9, or 0 or - to erase`},
		{"r3c5 10", 9, ErrBadDigit, 1, 6, ""},
		{"r3c5 A", 9, ErrBadDigit, 1, 6, ""},
		{"r3c5 17", 16, ErrBadDigit, 1, 6, `line 1, column 6: "17" is not a digit of a 16×16 board: write 1 to 9 and A to G, or 0 or - to erase`},
		{"r3c4 5", 4, ErrBadDigit, 1, 6, ""},
		{"r3c5=", 9, ErrNoDigit, 1, 1, ""},
		{"r3c5 +", 9, ErrBadDigit, 1, 6, ""},
		{"r3c5 +1x", 9, ErrBadDigit, 1, 8, ""},
		{"r3c5 +10", 9, ErrBadDigit, 1, 8, ""},
		{"r10c5 3", 9, ErrOffBoard, 1, 1, "line 1, column 1: r10c5 is outside the board: a 9×9 board has rows and columns 1 to 9"},
		{"r0c5 3", 9, ErrOffBoard, 1, 1, ""},
		{"r1c1 1 r3c50 3", 9, ErrOffBoard, 1, 8, ""},
		{"k3 3", 9, ErrOffBoard, 1, 1, "line 1, column 1: k3: a 9×9 board has rows a to i (or j)"},
		{"e5 3", 4, ErrOffBoard, 1, 1, "line 1, column 1: e5: a 4×4 board has rows a to d"},
		{"a10 3", 9, ErrOffBoard, 1, 1, ""},
		{"r1c1 5 thanks", 9, ErrUnexpected, 1, 8, `line 1, column 8: "thanks" is not a move: write a cell and a digit, such as r3c5 7`},
		{"undo 0", 9, ErrBadCount, 1, 6, ""},
		{"undo 1000", 9, ErrBadCount, 1, 6, ""},
		{"r1c1 5\n  r2c2 q", 9, ErrBadDigit, 2, 8, ""},
		{"r1c1 5 ✓", 9, ErrUnexpected, 1, 8, ""},
	}
	for _, tt := range tests {
		_, err := Parse(tt.text, tt.size)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a SyntaxError", tt.text, err)
			continue
		}
		if !errors.Is(err, tt.kind) || se.Line != tt.line || se.Col != tt.col {
			t.Errorf("Parse(%q) = %v at %d:%d, want %v at %d:%d", tt.text, err, se.Line, se.Col, tt.kind, tt.line, tt.col)
		}
		if tt.msg != "" && err.Error() != tt.msg {
			t.Errorf("Parse(%q) says\n%s\nwant\n%s", tt.text, err, tt.msg)
		}
	}
}

func TestParseTooMany(t *testing.T) {
	text := ""
	for range MaxMoves + 1 {
		text += "r1c1 5 "
	}
	if _, err := Parse(text, 9); !errors.Is(err, ErrUnexpected) {
		t.Errorf("%d moves: %v, want ErrUnexpected", MaxMoves+1, err)
	}
	if _, err := Parse("r1c1 5", 7); !errors.Is(err, sudoku.ErrShape) {
		t.Errorf("size 7: %v, want ErrShape", err)
	}
}

// TestMoveString: a move writes back as it can be typed.
func TestMoveString(t *testing.T) {
	for _, text := range []string{"r3c5 7", "r3c5 -", "r3c5 +12", "r3c5 -9", "undo", "undo 3", "check", "hint", "mistakes", "give up"} {
		ms, err := Parse(text, 9)
		if err != nil || len(ms) != 1 {
			t.Fatalf("Parse(%q) = %v, %v", text, ms, err)
		}
		if got := ms[0].String(); got != text {
			t.Errorf("Parse(%q).String() = %q", text, got)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"r3c5 7", "A5 +12", "undo 3", "r1c1=5, r1c2 -", "give up", "r99c1 x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, size := range []int{4, 9, 16} {
			ms, err := Parse(s, size)
			var se *SyntaxError
			switch {
			case err == nil:
				if len(ms) == 0 || len(ms) > MaxMoves {
					t.Fatalf("Parse(%q) = %d moves", s, len(ms))
				}
				for _, m := range ms {
					if m.Cell.Row < 0 || m.Cell.Row >= size || m.Cell.Col < 0 || m.Cell.Col >= size || m.Digit < 0 || m.Digit > size || m.Marks>>size != 0 {
						t.Fatalf("Parse(%q, %d): move off the board: %+v", s, size, m)
					}
				}
			case errors.As(err, &se):
				if se.Line < 1 || se.Col < 1 {
					t.Fatalf("Parse(%q): position %d:%d", s, se.Line, se.Col)
				}
			case !errors.Is(err, ErrNotMove):
				t.Fatalf("Parse(%q): %v", s, err)
			}
		}
	})
}

func TestParseNotes(t *testing.T) {
	got, err := ParseNotes("r3c5 12, e3 -4 r1c1 +9 r2c2 0 undo", 9)
	if err != nil {
		t.Fatal(err)
	}
	want := []Move{
		{Action: AddMarks, Cell: cell(3, 5), Marks: MarksOf(1, 2), Line: 1, Col: 1},
		{Action: RemoveMarks, Cell: cell(5, 3), Marks: MarksOf(4), Line: 1, Col: 10},
		{Action: AddMarks, Cell: cell(1, 1), Marks: MarksOf(9), Line: 1, Col: 16},
		{Action: Erase, Cell: cell(2, 2), Line: 1, Col: 24},
		{Action: Undo, Count: 1, Line: 1, Col: 31},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseNotes = %+v\nwant %+v", got, want)
	}
	if _, err := ParseNotes("r3c5 1x", 9); !errors.Is(err, ErrBadDigit) {
		t.Errorf("bad mark: %v", err)
	}
	var se *SyntaxError
	if _, err := ParseNotes("r3c5 1x", 9); !errors.As(err, &se) || se.Col != 7 {
		t.Errorf("bad mark's position: %v", err)
	}
}
