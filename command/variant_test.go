package command

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/variant/link"
)

// The first puzzle of sudoku/testdata/unique.csv and its solution.
const (
	vClassic  = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
	vSolution = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
)

// fpLink writes an f-puzzles link: a 9×9 grid with the givens of the
// one-line grid, the digits of filled as the solver's (not given), and the
// extra keys.
func fpLink(t *testing.T, givens, filled string, extra map[string]any) string {
	t.Helper()
	grid := make([][]map[string]any, 9)
	for r := range grid {
		grid[r] = make([]map[string]any, 9)
		for c := range grid[r] {
			i := r*9 + c
			cell := map[string]any{}
			if givens[i] != '.' {
				cell = map[string]any{"value": int(givens[i] - '0'), "given": true}
			} else if i < len(filled) && filled[i] != '.' {
				cell = map[string]any{"value": int(filled[i] - '0')}
			}
			grid[r][c] = cell
		}
	}
	top := map[string]any{"size": 9, "grid": grid, "title": "Link test", "author": "@everyone"}
	for k, v := range extra {
		top[k] = v
	}
	b, err := json.Marshal(top)
	if err != nil {
		t.Fatal(err)
	}
	return link.FPuzzlesLink(string(b))
}

func runLink(t *testing.T, h *Handler, content string) Reply {
	t.Helper()
	req, ok := h.Match(content, "")
	if !ok {
		t.Fatalf("%q is not a command", content)
	}
	return h.Handle(context.Background(), req)
}

func TestVariantSolve(t *testing.T) {
	h := New(Config{Prefix: "!"})
	cage := map[string]any{"killercage": []any{map[string]any{"cells": []string{"R1C1", "R1C2"}, "value": "14"}}}
	tests := []struct {
		name, content, outcome string
		want                   []string
		not                    []string
	}{
		{"unique", "!solve " + fpLink(t, vClassic, "", cage), "unique",
			[]string{"**Link test** by @\u200beveryone (f-puzzles)", "Rules read: 1 killer cage.", "Exactly one solution", "||```\n 8  6 [4]|"},
			nil},
		{"several", "!solve " + fpLink(t, "8"+strings.Repeat(".", 80), "", nil), "multiple",
			[]string{"Several solutions: two of them differ in r", "One of them (givens in [brackets]):\n||```"}, nil},
		{"none", "!solve " + fpLink(t, vClassic, "", map[string]any{"killercage": []any{map[string]any{"cells": []string{"R1C1", "R1C2"}, "value": "15"}}}),
			"none", []string{"No solution"}, []string{"```"}},
		{"left aside and unknown", "!solve " + fpLink(t, vClassic, "", map[string]any{"line": []any{map[string]any{"lines": [][]string{{"R1C1", "R2C2"}}}}, "fogofwar": []string{"R1C1"}}),
			"unique", []string{"Left aside: 1 line.", "Not read: fogofwar"}, nil},
		{"short link", "!solve https://sudokupad.app/abc123xyz", outcomeShortLink, []string{"short sudokupad.app link", "Share → copy link"}, nil},
		{"bad link", "!solve https://www.f-puzzles.com/?load=N4Ig*zgl", outcomeBadLink, []string{"character 5 of the link's data"}, nil},
		{"rule of too many cells", "!solve " + fpLink(t, vClassic, "", map[string]any{"killercage": []any{map[string]any{"cells": slices.Repeat([]string{"R1C1"}, 82), "value": "45"}}}),
			outcomeBadLink, []string{"The killer cage at r1c1 … of that puzzle names 82 cells, more than the grid's 81."}, nil},
		{"data beyond any puzzle", "!solve " + link.FPuzzlesLink(`{"size":9,"title":"`+strings.Repeat(" ", link.MaxJSON)+`"}`),
			outcomeBadLink, []string{"That link holds more than any puzzle needs"}, nil},
		{"hint", "!hint " + fpLink(t, vClassic, "", nil), outcomeClassic, []string{"is for classic Sudoku"}, nil},
		{"rate", "!rate " + fpLink(t, vClassic, "", nil), outcomeClassic, []string{"!rate is for classic Sudoku"}, nil},
		{"candidates without a link", "!candidates 53..7", outcomeNoLink, []string{"!candidates takes an f", "SudokuPad link"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := runLink(t, h, tt.content)
			if rep.Outcome != tt.outcome {
				t.Errorf("outcome %q, want %q:\n%s", rep.Outcome, tt.outcome, rep.Text)
			}
			for _, w := range tt.want {
				if !strings.Contains(rep.Text, w) {
					t.Errorf("reply lacks %q:\n%s", w, rep.Text)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(rep.Text, w) {
					t.Errorf("reply has %q:\n%s", w, rep.Text)
				}
			}
		})
	}
}

func TestVariantCandidates(t *testing.T) {
	h := New(Config{Prefix: "!"})
	rep := runLink(t, h, "!candidates "+fpLink(t, vClassic, "", nil))
	// A unique puzzle's true candidates are its solution's digits.
	want := strings.Join(strings.Split(vSolution[:9], ""), " ")
	if rep.Outcome != outcomeCands || !strings.Contains(rep.Text, "```\n"+want+"\n") {
		t.Errorf("outcome %q; reply lacks the first row %q:\n%s", rep.Outcome, want, rep.Text)
	}
}

func TestVariantCheck(t *testing.T) {
	h := New(Config{Prefix: "!"})
	right := func(n int) string { return vSolution[:n] + strings.Repeat(".", 81-n) }
	wrongTwo := []byte(right(30))
	for _, i := range []int{4, 7} { // two cells the solver filled, made wrong
		wrongTwo[i] = '0' + (wrongTwo[i]-'0')%9 + 1
	}
	cage := map[string]any{"killercage": []any{map[string]any{"cells": []string{"R1C1", "R1C2"}, "value": "14"}}}
	tests := []struct {
		name, content, outcome string
		want                   []string
	}{
		{"right so far", "!check " + fpLink(t, vClassic, right(30), cage), outcomeOK, []string{"digits so far are right"}},
		{"complete", "!check " + fpLink(t, vClassic, vSolution, cage), outcomeOK, []string{"Complete and right"}},
		{"two wrong", "!check " + fpLink(t, vClassic, string(wrongTwo), nil), outcomeBroken, []string{"break", "2 digits are not the solution's"}},
		{"cage broken", "!check " + fpLink(t, vClassic, "81"+strings.Repeat(".", 79), cage), outcomeBroken,
			[]string{"break 1 rule", "killer cage 14 at r1c1 r1c2"}},
		{"pasted grid", "!check " + fpLink(t, vClassic, "", cage) + "\n" + right(20), outcomeOK, []string{"so far are right"}},
		{"pasted grid changes a given", "!check " + fpLink(t, vClassic, "", nil) + "\n" + "..53" + strings.Repeat(".", 77), outcomeBroken,
			[]string{"r1c3 is given as 4, not 5"}},
		{"nothing to check", "!check " + fpLink(t, vClassic, "", nil), "no_grid", []string{"no digits filled in"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := runLink(t, h, tt.content)
			if rep.Outcome != tt.outcome {
				t.Errorf("outcome %q, want %q:\n%s", rep.Outcome, tt.outcome, rep.Text)
			}
			for _, w := range tt.want {
				if !strings.Contains(rep.Text, w) {
					t.Errorf("reply lacks %q:\n%s", w, rep.Text)
				}
			}
			for _, cell := range []string{"r1c5", "r1c8"} {
				if strings.Contains(rep.Text, cell) {
					t.Errorf("reply names %s, a wrong digit's cell:\n%s", cell, rep.Text)
				}
			}
		})
	}
}

func TestHelpMentionsLinks(t *testing.T) {
	help := New(Config{Prefix: "!"}).Help()
	for _, w := range []string{"f-puzzles", "SudokuPad", "!candidates"} {
		if !strings.Contains(help, w) {
			t.Errorf("help lacks %q", w)
		}
	}
}

func TestVariantSolvePictures(t *testing.T) {
	h := New(Config{Prefix: "!"})
	cage := map[string]any{"killercage": []any{map[string]any{"cells": []string{"R1C1", "R1C2"}, "value": "14"}},
		"thermometer": []any{map[string]any{"lines": [][]string{{"R9C1", "R8C1"}}}}}
	rep := runLink(t, h, "!solve "+fpLink(t, vClassic, "", cage))
	if len(rep.Files) != 2 || rep.Files[0].Name != "puzzle.png" || rep.Files[1].Name != "SPOILER_solution.png" || rep.Err != nil {
		t.Fatalf("files %v, err %v", fileNames(rep.Files), rep.Err)
	}
	for _, f := range rep.Files {
		img, err := png.Decode(bytes.NewReader(f.Data))
		if err != nil || img.Bounds().Dx() != 720 {
			t.Errorf("%s: %v, %v", f.Name, img.Bounds(), err)
		}
	}
	if rep := runLink(t, New(Config{Prefix: "!", Pictures: PicturesNever}), "!solve "+fpLink(t, vClassic, "", cage)); len(rep.Files) != 0 {
		t.Errorf("pictures turned off, yet %v", fileNames(rep.Files))
	}
}

func fileNames(fs []File) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Name)
	}
	return out
}

// inkIn reports whether a pixel of r is within a small tolerance of c.
func inkIn(img image.Image, r image.Rectangle, c color.RGBA) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			got := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			d := func(a, b uint8) int { return max(int(a), int(b)) - min(int(a), int(b)) }
			if d(got.R, c.R) <= 8 && d(got.G, c.G) <= 8 && d(got.B, c.B) <= 8 {
				return true
			}
		}
	}
	return false
}

func decodeFile(t *testing.T, rep Reply, name string) image.Image {
	t.Helper()
	for _, f := range rep.Files {
		if f.Name == name {
			img, err := png.Decode(bytes.NewReader(f.Data))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			return img
		}
	}
	t.Fatalf("no %s among %v (err %v)", name, fileNames(rep.Files), rep.Err)
	return nil
}

// On the 720-pixel pictures of 9×9 puzzles the cells are 65 pixels wide,
// the grid starting 65 pixels in (a margin of one cell).
func cellRect(c, inset int) image.Rectangle {
	x, y := 65+c%9*65, 65+c/9*65
	return image.Rect(x+inset, y+inset, x+65-inset, y+65-inset)
}

func TestVariantCheckPicture(t *testing.T) {
	h := New(Config{Prefix: "!"})
	pal := h.cfg.Theme.Palette()
	cage := map[string]any{"killercage": []any{map[string]any{"cells": []string{"R1C1", "R1C2"}, "value": "14"}}}
	// r1c1 r1c2 hold 8 and 1: the cage of 14 is broken there; r2c1 holds
	// its right digit (3) and breaks nothing.
	filled := "81" + strings.Repeat(".", 7) + "3" + strings.Repeat(".", 71)
	rep := runLink(t, h, "!check "+fpLink(t, vClassic, filled, cage))
	img := decodeFile(t, rep, "check.png")
	for _, c := range []int{0, 1} {
		corner := cellRect(c, 4) // the bottom right corner: the cage's sum is at the top left
		corner.Min = corner.Max.Sub(image.Pt(6, 6))
		if !inkIn(img, corner, pal.Conflict) {
			t.Errorf("cell %d of the broken cage is not on the conflict background", c)
		}
		if !inkIn(img, cellRect(c, 16), pal.Clash) {
			t.Errorf("the digit of cell %d is not in the clash colour", c)
		}
	}
	if inkIn(img, cellRect(9, 4), pal.Conflict) || inkIn(img, cellRect(9, 4), pal.Clash) {
		t.Errorf("r2c1, which breaks nothing, is drawn as a clash")
	}
	if !inkIn(img, cellRect(9, 16), pal.Filled) {
		t.Errorf("the 3 filled in r2c1 is not drawn")
	}
	// Digits that are merely wrong are counted, never shown.
	wrong := ".1" + strings.Repeat(".", 79) // r1c2 is 6; a 1 repeats no given of its row, column or box
	rep = runLink(t, h, "!check "+fpLink(t, vClassic, wrong, nil))
	if rep.Outcome != outcomeWrong {
		t.Fatalf("outcome %q, want %q:\n%s", rep.Outcome, outcomeWrong, rep.Text)
	}
	img = decodeFile(t, rep, "check.png")
	if inkIn(img, cellRect(1, 4), pal.Conflict) || inkIn(img, cellRect(1, 16), pal.Clash) {
		t.Errorf("a digit that is only not the solution's is shown as a clash")
	}
	if !inkIn(img, cellRect(1, 16), pal.Filled) {
		t.Errorf("the 1 filled in r1c2 is not drawn")
	}
}

func TestVariantCandidatesPicture(t *testing.T) {
	h := New(Config{Prefix: "!"})
	pal := h.cfg.Theme.Palette()
	rep := runLink(t, h, "!candidates "+fpLink(t, vClassic, "", nil))
	img := decodeFile(t, rep, "candidates.png")
	// r1c1 (empty; solution 8): its one true candidate, 8, sits in the
	// middle of the bottom row of its 3×3 places, nothing in the top left.
	sub := func(c, v int) image.Rectangle {
		x := 65 + c%9*65 + 5 + (v-1)%3*18
		y := 65 + c/9*65 + 5 + (v-1)/3*18
		return image.Rect(x+3, y+3, x+15, y+15)
	}
	if !inkIn(img, sub(0, 8), pal.Pencil) {
		t.Errorf("candidate 8 of r1c1 not drawn")
	}
	if inkIn(img, sub(0, 1), pal.Pencil) {
		t.Errorf("a candidate 1 drawn in r1c1")
	}
	// r1c3 holds the given 4: drawn as a given, without pencil marks.
	if !inkIn(img, cellRect(2, 16), pal.Given) || inkIn(img, sub(2, 4), pal.Pencil) {
		t.Errorf("the given r1c3 is not drawn as a given alone")
	}
}
