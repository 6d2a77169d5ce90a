package generate

import (
	"errors"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

func TestParseKind(t *testing.T) {
	for _, tc := range []struct {
		words []string
		want  Kind
	}{
		{nil, Kind{Shape: sudoku.Classic, Level: Hard}},
		{[]string{"easy"}, Kind{Shape: sudoku.Classic, Level: Easy}},
		{[]string{"16x16", "Medium"}, Kind{Shape: sudoku.Shape{BoxRows: 4, BoxCols: 4}, Level: Medium}},
		{[]string{"EXTREME", "symmetric", "9×9"}, Kind{Shape: sudoku.Classic, Level: Extreme, Symmetric: true}},
		{[]string{"6", "easy"}, Kind{Shape: sudoku.Shape{BoxRows: 2, BoxCols: 3}, Level: Easy}},
	} {
		got, err := ParseKind(tc.words...)
		if err != nil || got != tc.want {
			t.Errorf("ParseKind(%q) = %v, %v; want %v", tc.words, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		words []string
		want  error
	}{
		{[]string{"insane"}, ErrRequest},
		{[]string{"9x8"}, ErrRequest},
		{[]string{"7x7"}, ErrRequest},
		{[]string{"easy", "hard"}, ErrRequest},
		{[]string{"9x9", "16x16"}, ErrRequest},
		{[]string{"4x4", "hard"}, ErrKind},
		{[]string{"25x25", "easy"}, ErrKind},
	} {
		if _, err := ParseKind(tc.words...); !errors.Is(err, tc.want) {
			t.Errorf("ParseKind(%q): %v, want %v", tc.words, err, tc.want)
		}
	}
}
