package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// TestGridSizes keeps the constant list of sizes in messages in step with
// sudoku.Shapes.
func TestGridSizes(t *testing.T) {
	var sizes []string
	for _, sh := range sudoku.Shapes {
		sizes = append(sizes, fmt.Sprintf("%d (%d×%d)", sh.Cells(), sh.Size(), sh.Size()))
	}
	want := strings.Join(sizes[:len(sizes)-1], ", ") + " or " + sizes[len(sizes)-1]
	if gridSizes != want {
		t.Errorf("gridSizes = %q, want %q", gridSizes, want)
	}
}
