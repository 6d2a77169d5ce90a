package generate

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/race"
	"github.com/sudokubot/sudokubot/sudoku"
)

var update = flag.Bool("update", false, "rewrite testdata/codes.golden from the generator")

const goldenFile = "testdata/codes.golden"

// TestCodesGolden decodes codes handed out before and requires the same
// grids: a code is a promise, so the making of puzzles from seeds must not
// change (or the algorithm version must go up). go test -run CodesGolden
// -update rewrites the file, after which its diff must be reviewed.
func TestCodesGolden(t *testing.T) {
	ctx := context.Background()
	if *update {
		writeGolden(t)
	}
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	count := 0
	for sc.Scan() {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "# ") {
			continue // a comment
		}
		code, want, ok := strings.Cut(text, " ")
		if !ok {
			t.Fatalf("%q: not a code and a puzzle", text)
		}
		c, err := ParseCode(code)
		if err != nil {
			t.Fatal(err)
		}
		if race.Enabled && c.Shape.Size() == 16 {
			continue
		}
		puzzle, _, err := grids(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		if got := line(puzzle); got != want {
			t.Errorf("%s decodes to\n%s\nnot\n%s", code, got, want)
		}
		count++
	}
	if count < 60 {
		t.Fatalf("%d codes in %s", count, goldenFile)
	}
}

// writeGolden makes the codes of the golden file: the first puzzles of a
// seed for kinds of every size and level, and transforms of some.
func writeGolden(t *testing.T) {
	ctx := context.Background()
	var b strings.Builder
	b.WriteString("# Codes and the puzzles they stand for (made by go test -run CodesGolden -update).\n")
	add := func(c Code, p sudoku.Grid) { fmt.Fprintf(&b, "%v %s\n", c, line(p)) }
	for _, s := range sudoku.Shapes {
		for _, l := range Levels {
			for _, sym := range []bool{false, true} {
				k := Kind{Shape: s, Level: l, Symmetric: sym}
				if k.Check() != nil || s.Size() >= 12 && sym || s.Size() == 16 && l != Hard {
					continue // 16×16 Easy and Medium take seconds to decode
				}
				g, err := NewGenerator(k, 2025)
				if err != nil {
					t.Fatal(err)
				}
				p, err := g.Next(ctx)
				if err != nil {
					t.Fatal(err)
				}
				add(p.Code, p.Grid)
				if s.Size() <= 9 {
					for _, id := range []uint16{1, 1<<TransformBits - 1} {
						c := p.Code
						c.Transform = id
						tp, _, err := grids(ctx, c)
						if err != nil {
							t.Fatal(err)
						}
						add(c, tp)
					}
				}
			}
		}
	}
	day, err := Daily(ctx, time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), Hard)
	if err != nil {
		t.Fatal(err)
	}
	add(day.Code, day.Grid)
	if err := os.WriteFile(filepath.FromSlash(goldenFile), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
