package command

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/picturetest"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

// run sends msg through h as a text message would.
func run(tb testing.TB, h *Handler, msg string) Reply {
	tb.Helper()
	req, ok := h.Match(msg, botID)
	if !ok {
		tb.Fatalf("%q not matched", clip(msg))
	}
	rep := h.Handle(context.Background(), req)
	checkReply(tb, msg, rep)
	return rep
}

// names returns the names of rep's files.
func names(rep Reply) []string {
	var out []string
	for _, f := range rep.Files {
		out = append(out, f.Name)
	}
	return out
}

// file returns rep's file called name.
func file(tb testing.TB, rep Reply, name string) File {
	tb.Helper()
	for _, f := range rep.Files {
		if f.Name == name {
			return f
		}
	}
	tb.Fatalf("no file %s among %v", name, names(rep))
	return File{}
}

// decode decodes a picture attachment, checking its type.
func decode(tb testing.TB, f File) *picturetest.Pixmap {
	tb.Helper()
	if f.ContentType != "image/png" {
		tb.Fatalf("%s: content type %q", f.Name, f.ContentType)
	}
	return picturetest.Decode(tb, f.Data)
}

var (
	cellRects = picturetest.Cells
	count     = picturetest.Count
)

// pencilLine writes g with the pencil marks masks as 81 groups on one line
// (9×9): a placed digit alone, an empty cell as its candidates.
func pencilLine(g sudoku.Grid, masks []uint32) string {
	words := make([]string, len(masks))
	for i, m := range masks {
		if v := g.At(i); v != 0 {
			words[i] = fmt.Sprint(v)
			continue
		}
		for d := 1; d <= 9; d++ {
			if m&(1<<(d-1)) != 0 {
				words[i] += fmt.Sprint(d)
			}
		}
	}
	return strings.Join(words, " ")
}

func TestCutPictureWord(t *testing.T) {
	tests := []struct {
		args      string
		line, col int // position of args (0: a slash command's option)
		want      string
		on        bool
		wl, wc    int
	}{
		{" 123 img", 1, 7, " 123", true, 1, 7},
		{" 123 IMG \n", 1, 7, " 123", true, 1, 7},
		{" 123\nimg", 1, 7, " 123", true, 1, 7},
		{" img 123", 1, 7, " 123", true, 1, 11},
		{"\nimg\n123", 1, 7, "\n123", true, 2, 4},
		{" img", 1, 7, "", true, 1, 11},
		{" 123img", 1, 7, " 123img", false, 1, 7},
		{" imgs 123", 1, 7, " imgs 123", false, 1, 7},
		{" 123 images", 1, 7, " 123 images", false, 1, 7},
		{" ABC\nDEFGHIMG", 1, 7, " ABC\nDEFGHIMG", false, 1, 7},
		{" i m g", 1, 7, " i m g", false, 1, 7},
		{"img 123", 0, 0, " 123", true, 0, 0},
		{"123 img", 0, 0, "123", true, 0, 0},
	}
	for _, tt := range tests {
		got := cutPictureWord(Request{Kind: Solve, Args: tt.args, Line: tt.line, Col: tt.col})
		if got.Args != tt.want || (got.Picture == PictureOn) != tt.on || got.Line != tt.wl || got.Col != tt.wc {
			t.Errorf("cut(%q) = %q picture %v at %d:%d; want %q %v at %d:%d", tt.args, got.Args, got.Picture, got.Line, got.Col, tt.want, tt.on, tt.wl, tt.wc)
		}
	}
	// A choice made otherwise (a slash command's image:False) stands.
	if got := cutPictureWord(Request{Args: "123 img", Picture: PictureOff}); got.Picture != PictureOff || got.Args != "123" {
		t.Errorf("img overrode image:False: %+v", got)
	}
}

// TestPictureWordIsNotTheGrid: img after or before a grid leaves the reply
// as it is without it, a picture added; an error's position still points at
// the character in the message.
func TestPictureWordIsNotTheGrid(t *testing.T) {
	h := New(Config{Pictures: PicturesAuto})
	plain := run(t, h, "!solve "+lc37Puzzle)
	for _, msg := range []string{"!solve " + lc37Puzzle + " img", "!solve img " + lc37Puzzle, "!solve img\n" + lc37Puzzle + "\n", "!solve " + lc37Puzzle + "\nIMG"} {
		rep := run(t, h, msg)
		if rep.Text != plain.Text || !slices.Equal(names(rep), []string{"solution.png"}) {
			t.Errorf("%q: files %v, text\n%s\nwant the plain reply and solution.png", msg, names(rep), rep.Text)
		}
	}
	bad := "!check img " + lc37Puzzle[:40] + "q" + lc37Puzzle[41:]
	rep := run(t, h, bad)
	if want := fmt.Sprintf("column %d", strings.IndexByte(bad, 'q')+1); rep.Outcome != "parse_error" || !strings.Contains(rep.Text, want) {
		t.Errorf("%s: reply %q, want a parse error at %s", bad, rep.Text, want)
	}
	// A 25×25 grid of letters keeps every cell, whatever its last letters.
	big := testgrids.Line(patternPuzzle(t, sudoku.Shape{BoxRows: 5, BoxCols: 5}))
	if r := run(t, h, "!check "+big+" img"); r.Outcome != "unique" || len(r.Files) != 1 {
		t.Errorf("25×25 with img: outcome %s, files %v", r.Outcome, names(r))
	}
}

// TestPictureModes: which replies get which pictures, per mode and choice.
func TestPictureModes(t *testing.T) {
	lc37 := testgrids.Decode(t, lc37Puzzle)
	big := readLines(t, filepath.Join("testdata", "16x16.txt"), false)[0]
	lg, err := logic.New(lc37)
	if err != nil {
		t.Fatal(err)
	}
	marks := pencilLine(lc37, lg.CandidateMasks())
	tests := []struct {
		name   string
		mode   PictureMode
		msg    string
		want   []string
		noText bool // the board is left to the picture
	}{
		{"auto 9×9 solve", PicturesAuto, "!solve " + lc37Puzzle, nil, false},
		{"auto 9×9 solve img", PicturesAuto, "!solve " + lc37Puzzle + " img", []string{"solution.png"}, false},
		{"auto 16×16 solve", PicturesAuto, "!solve " + big, []string{"solution.png"}, true},
		{"auto 16×16 check", PicturesAuto, "!check " + big, []string{"grid.png"}, true},
		{"auto 9×9 check of a clash", PicturesAuto, "!check 55" + lc37Puzzle[2:], nil, false},
		{"always 9×9 check of a clash", PicturesAlways, "!check 55" + lc37Puzzle[2:], []string{"grid.png"}, false},
		{"auto 9×9 hint", PicturesAuto, "!hint " + lc37Puzzle, []string{"SPOILER_hint.png"}, false},
		{"always 9×9 hint", PicturesAlways, "!hint " + lc37Puzzle, []string{"hint.png", "SPOILER_hint.png"}, false},
		{"auto hint on pencil marks", PicturesAuto, "!hint " + marks, []string{"hint.png", "SPOILER_hint.png"}, false},
		{"auto 16×16 hint", PicturesAuto, "!hint " + big, []string{"hint.png", "SPOILER_hint.png"}, true},
		{"auto hint of a solved grid", PicturesAuto, "!hint " + lc37Solution + " img", nil, false},
		{"auto rate", PicturesAuto, "!rate " + lc37Puzzle, nil, false},
		{"always rate of a clash", PicturesAlways, "!rate 55" + lc37Puzzle[2:], []string{"grid.png"}, false},
		{"auto explain of 16×16", PicturesAuto, "!explain " + big, []string{"SPOILER_explanation.txt"}, false},
		{"never 16×16 solve img", PicturesNever, "!solve " + big + " img", nil, false},
		{"never hint", PicturesNever, "!hint " + lc37Puzzle, nil, false},
		{"always solve timeout", PicturesAlways, "!solve " + testgrids.Line(testgrids.Pigeonhole(sudoku.Shape{BoxRows: 5, BoxCols: 5})), nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := New(Config{Pictures: tt.mode, SolveTimeout: 5 * time.Second})
			if strings.Contains(tt.name, "timeout") {
				h = New(Config{Pictures: tt.mode, SolveTimeout: 50 * time.Millisecond})
			}
			rep := run(t, h, tt.msg)
			if !slices.Equal(names(rep), tt.want) {
				t.Fatalf("files %v, want %v (outcome %s):\n%s", names(rep), tt.want, rep.Outcome, rep.Text)
			}
			if tt.noText != (rep.Fallback != "") {
				t.Errorf("fallback %q, want one %v", rep.Fallback, tt.noText)
			}
			if tt.noText && (strings.Contains(rep.Text, "```") || !strings.Contains(rep.Text, "attached picture") || !strings.Contains(rep.Fallback, "```")) {
				t.Errorf("the text keeps its board or does not point at the picture, or the fallback has no board:\n%s\n---\n%s", rep.Text, rep.Fallback)
			}
			for _, f := range rep.Files {
				if f.ContentType == "image/png" {
					decode(t, f)
				}
			}
		})
	}
	// What was asked and could not be given is said.
	for _, tc := range []struct {
		mode      PictureMode
		msg, says string
	}{
		{PicturesNever, "!solve " + lc37Puzzle + " img", "Pictures are turned off"},
		{PicturesAuto, "!rate " + lc37Puzzle + " img", "no board"},
	} {
		if rep := run(t, New(Config{Pictures: tc.mode}), tc.msg); !strings.Contains(rep.Text, tc.says) {
			t.Errorf("%s, %s: reply does not say %q:\n%s", tc.mode, tc.msg, tc.says, rep.Text)
		}
	}
	// A slash command's image:False turns the picture down, image:True asks.
	h := New(Config{Pictures: PicturesAlways})
	if rep := h.Handle(context.Background(), Request{Kind: Solve, Args: lc37Puzzle, Picture: PictureOff}); len(rep.Files) != 0 {
		t.Errorf("image:False got files %v", names(rep))
	}
	h = New(Config{Pictures: PicturesAuto})
	if rep := h.Handle(context.Background(), Request{Kind: Check, Args: lc37Puzzle, Picture: PictureOn}); !slices.Equal(names(rep), []string{"grid.png"}) {
		t.Errorf("image:True got files %v", names(rep))
	}
}

// TestSolutionPicture reads the solution's picture: its size, a given digit
// in the given colour and a filled one in the filled colour, in each theme;
// spoiler solutions get a spoiler file name.
func TestSolutionPicture(t *testing.T) {
	for _, theme := range picture.Themes {
		pal := theme.Palette()
		rep := run(t, New(Config{Theme: theme}), "!solve "+lc37Puzzle+" img")
		img := decode(t, file(t, rep, "solution.png"))
		if img.W != 480 || img.H != 480 {
			t.Errorf("%v: %v, want 480×480", theme, img)
		}
		if c := img.At(1, 1); c != pal.Background {
			t.Errorf("%v: corner %v, want the background %v", theme, c, pal.Background)
		}
		cells := cellRects(t, img, pal, 9)
		given, filled := cells[0], cells[2] // r1c1 is a given 5, r1c3 a 4 filled in
		if count(img, given, pal.Given) == 0 || count(img, given, pal.Filled) != 0 {
			t.Errorf("%v: r1c1 has %d pixels of the given colour and %d of the filled", theme, count(img, given, pal.Given), count(img, given, pal.Filled))
		}
		if count(img, filled, pal.Filled) == 0 || count(img, filled, pal.Given) != 0 {
			t.Errorf("%v: r1c3 has %d pixels of the filled colour and %d of the given", theme, count(img, filled, pal.Filled), count(img, filled, pal.Given))
		}
	}
	rep := run(t, New(Config{Spoiler: true}), "!solve "+lc37Puzzle+" img")
	if !slices.Equal(names(rep), []string{"SPOILER_solution.png"}) || !strings.Contains(rep.Text, "||```") {
		t.Errorf("spoiler solve: files %v, text\n%s", names(rep), rep.Text)
	}
}

// TestCheckPicture: the cells of a clash are red, the others not.
func TestCheckPicture(t *testing.T) {
	pal := picture.Dark.Palette()
	rep := run(t, New(Config{}), "!check 55"+lc37Puzzle[2:]+" img")
	img := decode(t, file(t, rep, "grid.png"))
	cells := cellRects(t, img, pal, 9)
	for i, want := range map[int]bool{0: true, 1: true, 9: false, 4: false} {
		if got := count(img, cells[i], pal.Conflict) > 0; got != want {
			t.Errorf("cell %d: conflict background %v, want %v", i, got, want)
		}
	}
}

// checkHintPictures asserts that hint.png (when there) shades the cells the
// text marks and shows nothing of the conclusion, and that
// SPOILER_hint.png marks every conclusion of step.
func checkHintPictures(tb testing.TB, rep Reply, g sudoku.Grid, step logic.Step) {
	tb.Helper()
	pal := picture.Dark.Palette()
	n := g.Size()
	for _, f := range rep.Files {
		if f.Name != "hint.png" {
			continue
		}
		img := decode(tb, f)
		cells := cellRects(tb, img, pal, n)
		for _, c := range []color.RGBA{pal.Placed, pal.Eliminated, pal.Struck} {
			if k := count(img, img.Bounds(), c); k > 0 {
				tb.Fatalf("hint.png has %d pixels of a conclusion's colour %v", k, c)
			}
		}
		shaded := render.HintCells(step)
		for i := range cells {
			c := sudoku.Cell{Row: i / n, Col: i % n}
			if got, want := count(img, cells[i], pal.Pattern) > 0, slices.Contains(shaded, c); got != want {
				tb.Fatalf("hint.png: %v shaded %v, want %v", c, got, want)
			}
		}
		checkBackgrounds(tb, "hint.png", img, cells, g.Shape(), pal, shaded, hintUnits(step))
	}
	img := decode(tb, file(tb, rep, "SPOILER_hint.png"))
	cells := cellRects(tb, img, pal, n)
	checkBackgrounds(tb, "SPOILER_hint.png", img, cells, g.Shape(), pal, step.Cells, hintUnits(step))
	for _, p := range step.Placements {
		if count(img, cells[p.Cell.Row*n+p.Cell.Col], pal.Placed) == 0 {
			tb.Fatalf("SPOILER_hint.png: the placement at %v is not circled", p.Cell)
		}
	}
	for _, e := range step.Eliminations {
		if count(img, cells[e.Cell.Row*n+e.Cell.Col], pal.Struck) == 0 {
			tb.Fatalf("SPOILER_hint.png: the elimination at %v is not struck", e.Cell)
		}
	}
}

// checkBackgrounds asserts the background of every cell of a hint's picture
// (read at a corner, which no digit or mark reaches): the pattern's shade
// for a cell of pattern, the unit tint for another cell of units, plain
// elsewhere.
func checkBackgrounds(tb testing.TB, name string, img *picturetest.Pixmap, cells []image.Rectangle, sh sudoku.Shape, pal picture.Palette, pattern []sudoku.Cell, units []sudoku.Unit) {
	tb.Helper()
	n := sh.Size()
	for i, r := range cells {
		c := sudoku.Cell{Row: i / n, Col: i % n}
		want := pal.Background
		switch {
		case slices.Contains(pattern, c):
			want = pal.Pattern
		case slices.ContainsFunc(units, func(u sudoku.Unit) bool { return inUnit(sh, u, c) }):
			want = pal.Unit
		}
		if got := img.At(r.Min.X+1, r.Min.Y+1); got != want {
			tb.Fatalf("%s: %v has the background %v, want %v (pattern %v, units %v)", name, c, got, want, pattern, units)
		}
	}
}

// inUnit reports whether c lies in u, on a grid of shape sh (boxes numbered
// left to right, then top to bottom, from 1).
func inUnit(sh sudoku.Shape, u sudoku.Unit, c sudoku.Cell) bool {
	switch u.Kind {
	case sudoku.Row:
		return c.Row == u.Number-1
	case sudoku.Column:
		return c.Col == u.Number-1
	}
	across := sh.Size() / sh.BoxCols
	return c.Row/sh.BoxRows == (u.Number-1)/across && c.Col/sh.BoxCols == (u.Number-1)%across
}

// TestHintPictures: for a hint of every technique the samples reach, the
// first picture gives nothing away and the spoiler shows the conclusions.
func TestHintPictures(t *testing.T) {
	h := New(Config{Pictures: PicturesAlways, SolveTimeout: 10 * time.Second})
	for tech, g := range hintGrids(t) {
		t.Run(tech.String(), func(t *testing.T) {
			lg, _ := logic.New(g)
			step, err := logic.Next(context.Background(), lg)
			if err != nil {
				t.Fatal(err)
			}
			rep := ask(t, h, "hint", g)
			if !slices.Equal(names(rep), []string{"hint.png", "SPOILER_hint.png"}) {
				t.Fatalf("files %v", names(rep))
			}
			checkHintPictures(t, rep, g, step)
		})
	}
}

// TestHintFromPencilMarks: pasted pencil marks are where the hint starts:
// marks that already carry a step's eliminations get the step after it;
// marks without the solution's digit, or a cell left without marks, are
// named instead of hinted from.
func TestHintFromPencilMarks(t *testing.T) {
	h := New(Config{SolveTimeout: 10 * time.Second})
	g := hintGrids(t)[logic.XWing]
	if g.Size() == 0 {
		t.Fatal("no X-Wing on the samples' paths")
	}
	lg, _ := logic.New(g)
	first, err := logic.Next(context.Background(), lg)
	if err != nil {
		t.Fatal(err)
	}
	// The person crossed out what the X-Wing removes: the hint goes on from
	// those marks (a cell left with one mark is a placed digit, as the
	// formats say).
	done := lg.Clone()
	if err := done.Apply(first); err != nil {
		t.Fatal(err)
	}
	line := pencilLine(g, done.CandidateMasks())
	p, err := parser.Read(line)
	if err != nil || p.Candidates == nil {
		t.Fatalf("the marks do not read as pencil marks: %v", err)
	}
	fromMarks, _ := logic.NewWithCandidates(p.Grid, p.Candidates)
	next, err := logic.Next(context.Background(), fromMarks)
	if err != nil {
		t.Fatal(err)
	}
	digitsOnly, _ := logic.New(p.Grid)
	if other, _ := logic.Next(context.Background(), digitsOnly); other.Conclusions() == next.Conclusions() {
		t.Fatalf("the marks change nothing (%v either way): the test proves nothing", next)
	}
	head := func(step logic.Step) string {
		return strings.SplitN(render.Hint(p.Grid, step, 0, render.Options{}), "\n", 2)[0]
	}
	rep := run(t, h, "!hint "+line)
	if got := strings.SplitN(rep.Text, "\n", 2)[0]; rep.Outcome != "step" || got != head(next) || !strings.Contains(rep.Text, next.Conclusions()[:3]) && !strings.Contains(rep.Text, "||") {
		t.Errorf("outcome %s, first line %q; want the step from the marks, %q (%v):\n%s", rep.Outcome, got, head(next), next, rep.Text)
	}
	if !slices.Equal(names(rep), []string{"hint.png", "SPOILER_hint.png"}) {
		t.Fatalf("files %v, want both hint pictures (pencil marks)", names(rep))
	}
	checkHintPictures(t, rep, p.Grid, next)
	pal := picture.Dark.Palette()
	img := decode(t, file(t, rep, "hint.png"))
	cells := cellRects(t, img, pal, 9)
	for i := range cells {
		if got, want := count(img, cells[i], pal.Pencil) > 0, p.Grid.At(i) == 0; got != want {
			t.Fatalf("hint.png: pencil marks in cell %d %v, want %v", i, got, want)
		}
	}

	// Marks without the solution's digit in a cell that keeps two or more.
	sol := solve(t, g)
	masks := lg.CandidateMasks()
	var wrong sudoku.Cell
	for i, m := range masks {
		if d := sol.At(i); g.At(i) == 0 && bitsSet(m) >= 3 {
			masks[i] = m &^ (1 << (d - 1))
			wrong = sudoku.Cell{Row: i / 9, Col: i % 9}
			break
		}
	}
	rep = run(t, h, "!hint "+pencilLine(g, masks))
	d := sol.Get(wrong.Row, wrong.Col)
	if rep.Outcome != "bad_marks" || !strings.Contains(rep.Text, wrong.String()) || !strings.Contains(rep.Text, fmt.Sprintf("||%d||", d)) {
		t.Errorf("marks without %d at %v: outcome %s\n%s", d, wrong, rep.Outcome, rep.Text)
	}
	// An empty cell whose only marks are digits placed in its row.
	masks = lg.CandidateMasks()
	var empty sudoku.Cell
	for i := range masks {
		var placed uint32
		for c := 0; c < 9; c++ {
			if v := g.Get(i/9, c); v != 0 {
				placed |= 1 << (v - 1)
			}
		}
		if g.At(i) == 0 && bitsSet(placed) >= 2 {
			masks[i], empty = placed, sudoku.Cell{Row: i / 9, Col: i % 9}
			break
		}
	}
	rep = run(t, h, "!hint "+pencilLine(g, masks))
	if rep.Outcome != "bad_marks" || !strings.Contains(rep.Text, empty.String()+" is empty but has no pencil marks left") {
		t.Errorf("no marks left at %v: outcome %s\n%s", empty, rep.Outcome, rep.Text)
	}
	if !slices.Equal(names(rep), []string{"grid.png"}) {
		t.Errorf("files %v, want the grid with its marks", names(rep))
	} else {
		img := decode(t, rep.Files[0])
		if count(img, cellRects(t, img, pal, 9)[empty.Row*9+empty.Col], pal.Pattern) == 0 {
			t.Errorf("grid.png: %v is not shaded", empty)
		}
	}
	// Rate and explain work from the digits and say so.
	for _, kind := range []string{"rate", "explain"} {
		rep := run(t, h, "!"+kind+" "+pencilLine(g, lg.CandidateMasks()))
		if !strings.Contains(rep.Text, "pencil marks were left aside") {
			t.Errorf("%s on pencil marks does not say they were left aside:\n%s", kind, rep.Text)
		}
	}
}

func bitsSet(m uint32) int {
	k := 0
	for ; m != 0; m &= m - 1 {
		k++
	}
	return k
}

// TestZeroBasedPictures: a 16×16 grid written 0–F gets its pictures and its
// hints in 0–F: the picture is the one drawn with those symbols, not the
// 1–G one, and a hint's conclusion names the digit as the person wrote it.
func TestZeroBasedPictures(t *testing.T) {
	text, err := os.ReadFile("../parser/testdata/valid/16x16-1-zero-f.txt")
	if err != nil {
		t.Fatal(err)
	}
	p, err := parser.Read(string(text))
	if err != nil || p.Notation != parser.ZeroBased {
		t.Fatalf("read: %v, notation %v", err, p.Notation)
	}
	h := New(Config{})
	rep := run(t, h, "!solve\n"+string(text))
	res, _ := sudoku.Solve(context.Background(), p.Grid, 2)
	board := picture.Board{Grid: res.Solution, Givens: p.Grid}
	var zeroF, plain bytes.Buffer
	if err := picture.Encode(&zeroF, board, picture.Options{Coordinates: true, Symbols: "0123456789ABCDEF"}); err != nil {
		t.Fatal(err)
	}
	if err := picture.Encode(&plain, board, picture.Options{Coordinates: true}); err != nil {
		t.Fatal(err)
	}
	got := file(t, rep, "solution.png").Data
	if !bytes.Equal(got, zeroF.Bytes()) || bytes.Equal(got, plain.Bytes()) {
		t.Errorf("the solution's picture is not drawn in 0–F")
	}
	if back, err := parser.Read(rep.Fallback); err != nil || back.Grid != res.Solution || back.Notation != parser.ZeroBased {
		t.Errorf("the fallback text does not show the solution in 0–F (%v):\n%s", err, rep.Fallback)
	}
	lg, _ := logic.New(p.Grid)
	step, err := logic.Next(context.Background(), lg)
	if err != nil || len(step.Placements) == 0 {
		t.Fatalf("next step %v, %v: want a placement", step, err)
	}
	rep = run(t, h, "!hint\n"+string(text))
	pl := step.Placements[0]
	if want := fmt.Sprintf("%v is %c", pl.Cell, "0123456789ABCDEF"[pl.Digit-1]); !strings.Contains(rep.Text, want) {
		t.Errorf("hint does not say %q:\n%s", want, rep.Text)
	}
}

// TestHintPicturesAlongThePaths asks for a hint with pictures at a few
// states of the logical path of in-repo samples and of a puzzle of every
// shape: each draws (no picture refused by package picture), the
// first picture gives nothing away, the spoiler marks every conclusion.
func TestHintPicturesAlongThePaths(t *testing.T) {
	h := New(Config{SolveTimeout: 10 * time.Second, Pictures: PicturesAlways})
	check := func(t *testing.T, g sudoku.Grid, maxStates int) {
		ss := states(t, g)
		stride := max(1, (len(ss)+maxStates-1)/maxStates)
		for i := 0; i < len(ss); i += stride {
			lg, _ := logic.New(ss[i])
			step, err := logic.Next(context.Background(), lg)
			if err != nil {
				continue
			}
			checkHintPictures(t, ask(t, h, "hint", ss[i]), ss[i], step)
		}
	}
	// Every fifth sample (TestHintPictures has a grid of every technique the
	// samples reach): pictures cost much more under -race.
	hardest := tooHardForRace(t)
	for i, line := range samples(t) {
		if i%5 == 0 && !hardest[line] {
			t.Run(line[:20], func(t *testing.T) { check(t, testgrids.Decode(t, line), 2) })
		}
	}
	for _, sh := range sudoku.Shapes {
		if sh.Size() > 16 && testing.Short() {
			continue
		}
		t.Run(fmt.Sprintf("%dx%d", sh.Size(), sh.Size()), func(t *testing.T) { check(t, patternPuzzle(t, sh), 3) })
	}
}

// BenchmarkPictures is the cost of a reply with and without its pictures:
// the same command under PicturesNever and PicturesAlways, with the bytes
// attached per reply.
func BenchmarkPictures(b *testing.B) {
	big := readLines(b, filepath.Join("testdata", "16x16.txt"), false)[0]
	huge := testgrids.Line(patternPuzzle(b, sudoku.Shape{BoxRows: 5, BoxCols: 5}))
	for _, c := range []struct{ name, msg string }{
		{"solve9", "!solve " + lc37Puzzle},
		{"hint9", "!hint " + lc37Puzzle},
		{"solve16", "!solve " + big},
		{"hint16", "!hint " + big},
		{"check25", "!check " + huge},
	} {
		for _, mode := range []PictureMode{PicturesNever, PicturesAlways} {
			h := New(Config{Pictures: mode, SolveTimeout: 10 * time.Second})
			req, _ := h.Match(c.msg, botID)
			b.Run(c.name+"/"+mode.String(), func(b *testing.B) {
				b.ReportAllocs()
				bytes := 0
				for b.Loop() {
					rep := h.Handle(context.Background(), req)
					bytes = 0
					for _, f := range rep.Files {
						bytes += len(f.Data)
					}
				}
				b.ReportMetric(float64(bytes), "file-bytes")
			})
		}
	}
}
