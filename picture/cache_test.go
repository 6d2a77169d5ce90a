package picture

import (
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

// TestMaskCacheBounded: drawing at many sizes keeps at most maxMaskSets
// glyph sets, and a set dropped is built again when needed.
func TestMaskCacheBounded(t *testing.T) {
	g, err := sudoku.New(sudoku.Classic)
	if err != nil {
		t.Fatal(err)
	}
	g.Set(0, 0, 5)
	first, err := Draw(Board{Grid: g}, Options{Size: 300})
	if err != nil {
		t.Fatal(err)
	}
	for size := 301; size < 301+9*(maxMaskSets+5); size += 9 { // a new cell size each time
		if _, err := Draw(Board{Grid: g}, Options{Size: size}); err != nil {
			t.Fatal(err)
		}
		cache.mu.Lock()
		n := len(cache.sets)
		cache.mu.Unlock()
		if n > maxMaskSets {
			t.Fatalf("after size %d: %d mask sets cached", size, n)
		}
	}
	again, err := Draw(Board{Grid: g}, Options{Size: 300})
	if err != nil {
		t.Fatal(err)
	}
	for i := range first.Pix {
		if first.Pix[i] != again.Pix[i] {
			t.Fatalf("pixel %d differs after the cache dropped its masks", i)
		}
	}
}
