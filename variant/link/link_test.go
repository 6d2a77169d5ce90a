package link

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/internal/lzstring"
)

// fpJSON writes f-puzzles JSON: a size×size grid with the givens of the
// one-line grid (0 or . for empty), plus the extra keys.
func fpJSON(tb testing.TB, size int, givens string, extra map[string]any) string {
	tb.Helper()
	grid := make([][]map[string]any, size)
	for r := range grid {
		grid[r] = make([]map[string]any, size)
		for c := range grid[r] {
			grid[r][c] = map[string]any{}
			if i := r*size + c; i < len(givens) && givens[i] >= '1' && givens[i] <= '9' {
				grid[r][c] = map[string]any{"value": int(givens[i] - '0'), "given": true}
			}
		}
	}
	top := map[string]any{"size": size, "grid": grid, "title": "Test", "author": "Tester"}
	for k, v := range extra {
		top[k] = v
	}
	b, err := json.Marshal(top)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// classic is the first puzzle of sudoku/testdata/unique.csv with the
// solution its source gives.
const (
	classic         = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
	classicSolution = "864371259325849761971265843436192587198657432257483916689734125713528694542916378"
)

func digits(s string) []int {
	out := make([]int, len(s))
	for i, ch := range s {
		if ch >= '1' && ch <= '9' {
			out[i] = int(ch - '0')
		}
	}
	return out
}

func TestLinkForms(t *testing.T) {
	js := fpJSON(t, 9, classic, nil)
	data := lzstring.CompressToBase64(js)
	if !strings.ContainsAny(data, "+/") {
		t.Fatalf("test data %q has no '+' or '/' to encode", data)
	}
	scl := lzstring.CompressToBase64(`{"cells":[[{"value":1}]]}`)
	_ = scl
	forms := []string{
		"https://www.f-puzzles.com/?load=" + data,
		"https://f-puzzles.com/?load=" + data,
		"f-puzzles.com/?load=" + data,
		"http://www.f-puzzles.com/?load=" + url.QueryEscape(data),
		"https://www.f-puzzles.com/?load=" + strings.ReplaceAll(data, "+", " "),
		"https://F-Puzzles.com/?load=" + data,
		"https://sudokupad.app/fpuzzles" + data,
		"https://sudokupad.app/fpuz" + data,
		"https://sudokupad.app/fpuzzles" + url.PathEscape(data) + "?setting-nogrid=1",
		"https://sudokupad.app/?puzzleid=fpuzzles" + url.QueryEscape(data),
		"https://app.crackingthecryptic.com/sudoku/fpuzzles" + data,
		"<https://sudokupad.app/fpuzzles" + data + ">",
	}
	for _, f := range forms {
		t.Run(f[:min(len(f), 45)], func(t *testing.T) {
			found, ok := Find("have a look: " + f + " thanks")
			if !ok {
				t.Fatalf("Find found no link in %q", f)
			}
			if strings.TrimLeft(found.Rest, ">") != " thanks" {
				t.Errorf("rest %q, want %q", found.Rest, " thanks")
			}
			p, info, err := Read(found.Link)
			if err != nil {
				t.Fatalf("Read(%q): %v", found.Link, err)
			}
			if found.Err != nil || found.Puzzle == nil || !reflect.DeepEqual(found.Puzzle, p) || !reflect.DeepEqual(found.Info, info) {
				t.Fatalf("Find read %v, %v; Read read another puzzle", found.Puzzle, found.Err)
			}
			if info.Title != "Test" || info.Author != "Tester" {
				t.Errorf("title %q, author %q", info.Title, info.Author)
			}
			res, err := variant.Solve(context.Background(), p, 2)
			if err != nil || res.Status != variant.Unique {
				t.Fatalf("solve: %v, %v", res.Status, err)
			}
			if got, want := res.Solutions[0], digits(classicSolution); !equal(got, want) {
				t.Errorf("solution %v, want %v", got, want)
			}
		})
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestShortLinks(t *testing.T) {
	for _, l := range []string{
		"https://sudokupad.app/abc1de2fgh",
		"https://sudokupad.app/user/some-puzzle",
		"https://www.f-puzzles.com/?id=yxnpswht",
		"https://tinyurl.com/b7twmz48",
		"https://app.crackingthecryptic.com/sudoku/Jq7g4Fn9mB",
	} {
		_, _, err := Read(l)
		var se *ShortLinkError
		if !errors.As(err, &se) || !errors.Is(err, ErrShortLink) {
			t.Errorf("Read(%q) = %v, want a short link error", l, err)
		}
	}
}

func TestReadErrors(t *testing.T) {
	good := func(extra map[string]any) string {
		return "https://f-puzzles.com/?load=" + lzstring.CompressToBase64(fpJSON(t, 9, classic, extra))
	}
	tests := []struct {
		name, link string
		want       error
		where      string
	}{
		{"not a link", "https://example.com/x", ErrNotLink, ""},
		{"no data", "https://f-puzzles.com/", ErrNoData, "f-puzzles link"},
		{"bad character", "https://f-puzzles.com/?load=N4Ig*zgl", ErrData, "character 5 of the link's data"},
		{"cut short", good(nil)[:60], ErrData, ""},
		{"not JSON", "https://f-puzzles.com/?load=" + lzstring.CompressToBase64(`{"size":9,`), ErrJSON, ""},
		{"cell outside", good(map[string]any{"killercage": []any{map[string]any{"cells": []string{"R1C1", "R10C1"}, "value": "10"}}}),
			ErrPuzzle, "killercage 1"},
		{"sum not a number", good(map[string]any{"killercage": []any{map[string]any{"cells": []string{"R1C1"}, "value": "ten"}}}),
			ErrPuzzle, "killercage 1"},
		{"dot not neighbours", good(map[string]any{"ratio": []any{map[string]any{"cells": []string{"R1C1", "R3C1"}}}}),
			ErrPuzzle, "ratio 1"},
		{"bad direction", good(map[string]any{"littlekillersum": []any{map[string]any{"cell": "R0C1", "direction": "N", "value": "10"}}}),
			ErrPuzzle, "littlekillersum 1"},
		{"size", "https://f-puzzles.com/?load=" + lzstring.CompressToBase64(`{"size":3,"grid":[]}`), ErrPuzzle, "size"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := Read(tt.link)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Read = %v, want %v", err, tt.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%v is not an *Error", err)
			}
			if tt.where != "" && e.Where != tt.where {
				t.Errorf("where %q, want %q (%v)", e.Where, tt.where, err)
			}
		})
	}
}

func TestUnknownAndCosmetic(t *testing.T) {
	js := fpJSON(t, 9, classic, map[string]any{
		"line": []any{map[string]any{"lines": [][]string{{"R1C1", "R1C2"}}},
			map[string]any{"lines": [][]string{{"R9C9", "R9C8"}}, "fromConstraint": "Thermometer"}},
		"text":        []any{map[string]any{"cells": []string{"R1C1"}, "value": "hi"}, map[string]any{"cells": []string{"R2C1"}, "value": "ho"}},
		"chaos":       []any{map[string]any{"cells": []string{"R1C1"}}},
		"fogofwar":    []any{"R1C1"},
		"emptything":  []any{},
		"antiknight":  false,
		"cage":        []any{map[string]any{"cells": []string{}, "value": "title: From a cage"}},
		"thermometer": []any{map[string]any{"lines": [][]string{{"R9C9", "R9C8"}}}},
	})
	p, info, err := FromFPuzzlesJSON([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(info.Unknown, ","); got != "chaos,fogofwar" {
		t.Errorf("unknown %q, want chaos,fogofwar", got)
	}
	if got := strings.Join(info.LeftAside, ","); got != "1 line,2 texts" {
		t.Errorf("left aside %q", got)
	}
	if got := strings.Join(info.Read, ","); got != "1 thermometer" {
		t.Errorf("read %q", got)
	}
	if len(p.Constraints) != 1 {
		t.Errorf("%d constraints, want 1", len(p.Constraints))
	}
}

// FuzzRead feeds links and puzzle JSON to the readers: they may refuse,
// never panic, and a puzzle they return passes Validate.
func FuzzRead(f *testing.F) {
	f.Add("https://f-puzzles.com/?load=" + lzstring.CompressToBase64(fpJSON(f, 4, "1234", map[string]any{
		"killercage": []any{map[string]any{"cells": []string{"R1C1", "R1C2"}, "value": "3"}}})))
	f.Add("https://sudokupad.app/scl" + lzstring.CompressToBase64(tinyZipped))
	f.Add("https://sudokupad.app/fpuz")
	f.Add(tinyZipped)
	f.Add(`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C1","R2C2"]]}]}`)
	f.Fuzz(func(t *testing.T, s string) {
		check := func(p *variant.Puzzle, err error) {
			if err == nil {
				if verr := p.Validate(); verr != nil {
					t.Fatalf("puzzle read from %q does not validate: %v", s, verr)
				}
			}
		}
		p, _, err := Read(s)
		check(p, err)
		p, _, err = FromFPuzzlesJSON([]byte(s))
		check(p, err)
		p, _, err = FromSudokuPadJSON([]byte(s))
		check(p, err)
		Find(s)
	})
}
