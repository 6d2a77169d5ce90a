package parser_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

var sentinels = []error{
	parser.ErrEmpty, parser.ErrTooLong, parser.ErrCellCount, parser.ErrRowLength,
	parser.ErrBadChar, parser.ErrBadDigit, parser.ErrAmbiguous, parser.ErrExtra, parser.ErrAlign, parser.ErrBoxes,
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

// messages4000 returns messages of 4,000 characters (twice Discord's limit
// for a normal message), each stressing another part of Read, and each
// again at MaxInputBytes (8.2 times longer) grown the same way: more text
// around the grid, or more of the same cells. Read must stay linear, and
// under a millisecond at 4,000 characters.
func messages4000(tb testing.TB) map[string]string {
	s := samples(tb)
	p, big := s["classic"].puzzle, s["16x16_1"].puzzle
	masks, _ := candidates(p)
	text := func(msg string, n int) string { // pad with lines of text to n bytes
		var b strings.Builder
		b.WriteString(msg)
		for b.Len() < n {
			b.WriteString("\nThis line is text around the grid, left out by the parser.")
		}
		return b.String()[:n]
	}
	repeat := func(unit string, n int) string { return strings.Repeat(unit, n/len(unit)+1)[:n] }
	msgs := make(map[string]string)
	for name, m := range map[string]string{
		"text and pencil marks": "Here is the puzzle from my app:\n" + pencilMarks(masks, "hodoku", "\r\n") + "\nSimple Sudoku\n Version 4.2n\n",
		"spaces, 16x16 board":   pySudokuHeader(big, "0.50"),
		"16x16 JSON, indented":  jsonIndent(big),
		"two grids":             strings.Join(gridRows(p), "\n") + "\n\n" + strings.Join(gridRows(s["solved_pairs_1"].puzzle), "\n") + "\n",
		"emoji":                 emoji(p, "⬜", true, "") + "\n",
	} {
		msgs[name+"/4000"] = text(m, 4000)
		msgs[name+"/32K"] = text(m, parser.MaxInputBytes)
	}
	var labelled strings.Builder // row labels counting up, never a grid
	for k := 1; labelled.Len() < parser.MaxInputBytes; k++ {
		fmt.Fprintf(&labelled, "%d | 5 3 . |\n", k)
	}
	msgs["row labels/4000"] = labelled.String()[:4000]
	msgs["row labels/32K"] = labelled.String()[:parser.MaxInputBytes]
	for name, unit := range map[string]string{
		"commented board": "# | 5 3 . | . 7 . |\n",
		"cells, no grid":  "12345678.",
		"short lines":     "1 .\n",
		"numbers":         "10 11 12 ",
		"words":           "word ",
	} {
		msgs[name+"/4000"] = repeat(unit, 4000)
		msgs[name+"/32K"] = repeat(unit, parser.MaxInputBytes)
	}
	return msgs
}

// BenchmarkRead4000 reads messages of 4,000 characters and the same content
// at MaxInputBytes (8.2 times longer): compare ns/op of the two.
func BenchmarkRead4000(b *testing.B) {
	for name, in := range messages4000(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				parser.Read(in)
			}
		})
	}
}

// embedded are the grids FuzzEmbedded hides among other lines: a puzzle of
// each of three sizes, each written in many forms (writers_test.go).
func embedded(tb testing.TB) []struct {
	text  string
	want  string   // the grid to read, one-line form
	cands []uint32 // its pencil marks, or nil
} {
	s := samples(tb)
	type form = struct {
		text  string
		want  string
		cands []uint32
	}
	var out []form
	for _, name := range []string{"classic", "pysudoku_6x6", "16x16_1"} {
		p := s[name].puzzle
		out = append(out,
			form{text: p, want: p},
			form{text: strings.Join(gridRows(p), "\n"), want: p},
			form{text: sukaku(p, "\n"), want: p},
			form{text: pySudoku(p), want: p},
			form{text: boxDrawing(p, "light", " "), want: p},
			form{text: typed(p, true), want: p},
			form{text: markdown(p, " ", "---"), want: p},
			form{text: separated(p, "\t", "", "\n", true), want: p},
			form{text: separated(p, ",", "", "\n", false), want: p},
			form{text: lists(p, `"`, `"."`, ",", ",", "[", "]"), want: p},
			form{text: jsonIndent(p), want: p},
			form{text: "```\n" + typed(p, false) + "\n```", want: p},
		)
		if len(p) <= 81 {
			masks, placed := candidates(p)
			out = append(out,
				form{text: emoji(p, "⬜", true, ""), want: p},
				form{text: sadmanGrid(p), want: p},
			)
			if len(p) == 81 {
				out = append(out, form{text: pencilMarks(masks, "hodoku", "\n"), want: placed, cands: masks})
			}
		}
	}
	return out
}

// FuzzEmbedded: a grid written in any form, with arbitrary lines before and
// after it, is read as exactly that grid (its pencil marks included) or
// refused with a positioned error; never as another grid.
func FuzzEmbedded(f *testing.F) {
	forms := embedded(f)
	for i, s := range []string{
		"", "Here is my puzzle:", "53..7....", "1\n2\n3", "| 5 3   |   7   |       |", "```", "[", "]",
		"Difficulty: 0.5", "---------", "\t\t\t", "5,3,,,7,,,,", "1 2 3 4 5 6 7 8 9", "@everyone", "5️⃣⬜",
		"   \n  ", "1\n\n2", "|   |   |", "A B C", "12345678.", "+---+---+", "53  7\n6  195",
		"1000000000000000", "(", "{", "1234\n3412\n2143\n4321", "| 1 | 2 |", "Puzzle: 12", "5 <- here", "0",
		"1\t\t2", "5,,3", "│ 1   │", "**5**", "+1+2", "# comment", "x = [1,", "0123456789ABCDEF",
	} {
		f.Add(s, "", uint8(i))
		f.Add("", s, uint8(i+7))
		f.Add(s, s, uint8(i+3))
	}
	f.Fuzz(func(t *testing.T, before, after string, which uint8) {
		form := forms[int(which)%len(forms)]
		p, text, ok := readEmbedded(t, before, form.text, after)
		if !ok {
			return
		}
		if got := testgrids.Line(p.Grid); got != form.want {
			t.Fatalf("misread: got\n%s\nwant\n%s\nfrom\n%s", got, form.want, text)
		}
		if fmt.Sprint(p.Candidates) != fmt.Sprint(form.cands) && !(p.Candidates == nil && form.cands == nil) {
			t.Fatalf("candidates %v, want %v\nfrom\n%s", p.Candidates, form.cands, text)
		}
	})
}

// readEmbedded reads grid with the lines before and after it, and returns
// what it read and the whole text; ok is false for a text too long to read
// or refused, and a refusal must be a positioned *parser.Error.
func readEmbedded(t *testing.T, before, grid, after string) (p parser.Puzzle, text string, ok bool) {
	t.Helper()
	text = before + "\n" + grid + "\n" + after
	if len(text) > parser.MaxInputBytes {
		return p, text, false
	}
	p, err := parser.Read(text)
	if err != nil {
		var perr *parser.Error
		if !errors.As(err, &perr) {
			t.Fatalf("error %T %v is not a *parser.Error", err, err)
		}
		return p, text, false
	}
	return p, text, true
}
