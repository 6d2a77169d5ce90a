package generate

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// ErrRequest is wrapped by [ParseKind]'s errors.
var ErrRequest = errors.New("not a puzzle request")

// ParseKind reads the words of a request for a puzzle, in any order and
// case: a level (easy, medium, hard, expert, extreme), a size (9x9, 9×9 or
// 9; 4, 6, 8, 9, 12 or 16) and "symmetric". Missing words default to a 9×9
// Hard puzzle, not symmetric. The error wraps [ErrRequest] and names the
// word it could not read, or wraps [ErrKind] when there are no such
// puzzles (4×4 Hard, for example).
func ParseKind(words ...string) (Kind, error) {
	k := Kind{Shape: sudoku.Classic, Level: Hard}
	var haveLevel, haveSize bool
	for _, w := range words {
		lw := strings.ToLower(w)
		if l, err := ParseLevel(lw); err == nil {
			if haveLevel {
				return Kind{}, fmt.Errorf("%q: %w: two levels", w, ErrRequest)
			}
			k.Level, haveLevel = l, true
			continue
		}
		if lw == "symmetric" || lw == "sym" {
			k.Symmetric = true
			continue
		}
		if s, ok := parseSize(lw); ok {
			if haveSize {
				return Kind{}, fmt.Errorf("%q: %w: two sizes", w, ErrRequest)
			}
			k.Shape, haveSize = s, true
			continue
		}
		return Kind{}, fmt.Errorf("%q: %w: use a level (easy, medium, hard, expert, extreme), a size (4x4, 6x6, 8x8, 9x9, 12x12, 16x16) or symmetric", w, ErrRequest)
	}
	if err := k.Check(); err != nil {
		return Kind{}, err
	}
	return k, nil
}

// parseSize reads "9", "9x9" or "9×9".
func parseSize(w string) (sudoku.Shape, bool) {
	a, b, found := strings.Cut(strings.ReplaceAll(w, "×", "x"), "x")
	if found && a != b {
		return sudoku.Shape{}, false
	}
	n, err := strconv.Atoi(a)
	if err != nil {
		return sudoku.Shape{}, false
	}
	return sudoku.ShapeForSize(n)
}
