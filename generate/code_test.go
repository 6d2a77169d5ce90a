package generate

import (
	"errors"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

func TestCodeRoundTrip(t *testing.T) {
	r := newRNG(1)
	for range 2000 {
		c := Code{
			Shape:     sudoku.Shapes[r.intn(len(sudoku.Shapes))],
			Level:     Levels[r.intn(len(Levels))],
			Symmetric: r.intn(2) == 1,
			Seed:      uint32(r.next() & (1<<SeedBits - 1)),
			Transform: uint16(r.next() & (1<<TransformBits - 1)),
		}
		s := c.String()
		got, err := ParseCode(s)
		if err != nil || got != c {
			t.Fatalf("ParseCode(%q) = %+v, %v; want %+v", s, got, err, c)
		}
	}
}

func TestCodeString(t *testing.T) {
	c := Code{Shape: sudoku.Classic, Level: Hard, Seed: 1, Transform: 2}
	if got, want := c.String(), "#9H-00000102"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	c = Code{Shape: sudoku.Shape{BoxRows: 4, BoxCols: 4}, Level: Extreme, Symmetric: true, Seed: 1<<SeedBits - 1, Transform: 1<<TransformBits - 1}
	if got, want := c.String(), "#16Z-zzzzzzzz"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestParseCodeLenient(t *testing.T) {
	want := Code{Shape: sudoku.Classic, Level: Hard, Seed: 1, Transform: 2}
	for _, s := range []string{"#9H-00000102", "9h-00000102", " #9H-OOOOOIO2 ", "#9H-oooooLo2"} {
		got, err := ParseCode(s)
		if err != nil || got != want {
			t.Errorf("ParseCode(%q) = %+v, %v; want %+v", s, got, err, want)
		}
	}
}

func TestParseCodeErrors(t *testing.T) {
	for _, s := range []string{
		"", "#", "#9H", "#9H00000102", "#H-00000102", "#7H-00000102", "#9-00000102",
		"#9Q-00000102", "#9HH-00000102", "#9H-0000010", "#9H-000001022", "#9H-0000010u", "#9H-0000010!",
		"#99999999999999999999H-00000102",
	} {
		if c, err := ParseCode(s); !errors.Is(err, ErrCode) {
			t.Errorf("ParseCode(%q) = %+v, %v; want an error wrapping ErrCode", s, c, err)
		}
	}
}

func TestParseLevel(t *testing.T) {
	for _, l := range Levels {
		for _, s := range []string{l.String(), string(l.String()[0]+'a'-'A') + l.String()[1:]} {
			if got, err := ParseLevel(s); err != nil || got != l {
				t.Errorf("ParseLevel(%q) = %v, %v", s, got, err)
			}
		}
	}
	if _, err := ParseLevel("insane"); !errors.Is(err, ErrLevel) {
		t.Errorf("ParseLevel(insane): %v", err)
	}
}

func TestFindCode(t *testing.T) {
	want := Code{Shape: sudoku.Classic, Level: Hard, Seed: 1, Transform: 2}
	for _, text := range []string{
		"#9H-00000102",
		"Puzzle #9H-00000102 (Hard, 3.8)",
		"**Hard** · `#9H-00000102`\n```\n...```",
		"#7 is not one; #9H-00000102.",
	} {
		if got, ok := FindCode(text); !ok || got != want {
			t.Errorf("FindCode(%q) = %v, %v", text, got, ok)
		}
	}
	for _, text := range []string{"", "no code", "#9H-0000010", "#9H-000001022", "9H-00000102", "#9Q-00000102"} {
		if got, ok := FindCode(text); ok {
			t.Errorf("FindCode(%q) = %v", text, got)
		}
	}
}
