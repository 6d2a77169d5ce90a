package picture

import (
	"fmt"
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

// BenchmarkMasks is what the first picture of a layout costs on top of
// the others: rasterizing its glyphs, circle, stroke and disc.
func BenchmarkMasks(b *testing.B) {
	for _, sh := range sudoku.Shapes {
		l, err := fit(sh, DefaultSize(sh), false)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("%dx%d", sh.Size(), sh.Size()), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := newMasks(&l, ""); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
