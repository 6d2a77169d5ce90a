package parser_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

var sentinels = []error{
	parser.ErrEmpty, parser.ErrTooLong, parser.ErrCellCount, parser.ErrRowLength,
	parser.ErrBadChar, parser.ErrBadDigit, parser.ErrAmbiguous,
}

// FuzzParse: Parse never panics; an error is a positioned *parser.Error
// wrapping a sentinel, with a message safe to show; a grid has a supported
// shape, and every reply render writes of it parses back to it.
func FuzzParse(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*/*.txt")
	for _, p := range paths {
		f.Add(read(f, p))
	}
	for _, s := range []string{
		classic, "```\n" + spaced(classic, " ", "\n") + "\n```", "[[1,0],[0,1]]",
		strings.Repeat("0123456789abcdef", 16), strings.Repeat("10 11 12 ", 16),
		"+---+\n| 1 |\n+===+", "||```py\n" + sizes["4x4"] + "```||", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		g, err := parser.Parse(in)
		if err != nil {
			var perr *parser.Error
			if !errors.As(err, &perr) {
				t.Fatalf("error %T %v is not a *parser.Error", err, err)
			}
			known := false
			for _, s := range sentinels {
				known = known || errors.Is(err, s)
			}
			if !known || perr.Line < 0 || perr.Col < 0 || perr.Col > 0 && perr.Line == 0 {
				t.Fatalf("error %#v: unknown sentinel or bad position", perr)
			}
			if msg := err.Error(); strings.ContainsAny(msg, "`@") {
				t.Fatalf("message %q quotes a backtick or @", msg)
			}
			return
		}
		if !g.Shape().Valid() {
			t.Fatalf("Parse(%q) gave shape %v", in, g.Shape())
		}
		opt := render.Options{}
		replies := []string{
			render.Checked(g, sudoku.Unique, nil, opt),
			render.Checked(g, sudoku.Invalid, sudoku.Validate(g), opt),
			render.Solved(g, sudoku.Result{Status: sudoku.Unique, Solution: g}, render.Options{Spoiler: true}),
		}
		for _, reply := range replies {
			back, err := parser.Parse(reply)
			if err != nil || back != g {
				t.Fatalf("round trip of Parse(%q) failed: %v\nreply:\n%s", in, err, reply)
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	for name, in := range map[string]string{
		"9x9 line":        classic,
		"9x9 board":       "```\n" + spaced(classic, " | ", "\n-----+-----\n") + "\n```",
		"25x25 numbers":   strings.Repeat("10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 1, 2, 3, 4, 5, 6, 7, 8, 9\n", 25),
		"max input, dots": strings.Repeat(".", parser.MaxInputBytes),
		"max input, rows": strings.Repeat("-\n", parser.MaxInputBytes/2),
	} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				parser.Parse(in)
			}
		})
	}
}
