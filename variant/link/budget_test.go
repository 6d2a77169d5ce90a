package link

import (
	"bufio"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/variant/internal/lzstring"
)

// fpLink is an f-puzzles link of the JSON.
func fpLink(js string) string {
	return "https://www.f-puzzles.com/?load=" + lzstring.CompressToBase64(js)
}

// MaxJSON is four times the largest puzzle of the tests, published or of
// the speed set (TestWriteSet's), and largestPublished says which that is.
func TestLimitsFitPublished(t *testing.T) {
	largest, which := 0, ""
	measure := func(name, data string) {
		text, _, err := lzstring.DecompressFromBase64(data, 1<<20)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(text) > largest {
			largest, which = len(text), name
		}
	}
	for _, pp := range readPublished(t) {
		measure(pp.Title, pp.Puzzle)
	}
	for _, file := range []string{"killer9.txt", "mixed9.txt", "killer16.txt", "killer16free.txt"} {
		f, err := os.Open(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			l, _, _ := strings.Cut(sc.Text(), " ")
			_, data, _ := strings.Cut(l, "?load=")
			measure(file, data)
		}
		f.Close()
	}
	if largest != largestPublished {
		t.Errorf("the largest puzzle (%s) has %d bytes of JSON; largestPublished says %d", which, largest, largestPublished)
	}
	if MaxJSON < 4*largest || MaxJSON > 4*largest+1000 {
		t.Errorf("MaxJSON %d is not four times the largest puzzle's %d bytes (%s)", MaxJSON, largest, which)
	}
}

// A link whose data expands beyond MaxJSON is refused, however it gets
// there: a stream that repeats itself (a few characters for thousands of
// bytes), raw JSON in a SudokuPad link, JSON handed to the readers.
func TestTooLarge(t *testing.T) {
	spaces := `{"size":9,"title":"` + strings.Repeat(" ", MaxJSON) + `"}`
	bomb := lzstring.CompressToBase64(spaces)
	if len(bomb) > 2000 {
		t.Fatalf("the test's bomb has %d characters: not a bomb", len(bomb))
	}
	for name, l := range map[string]string{
		"f-puzzles":     "https://www.f-puzzles.com/?load=" + bomb,
		"sudokupad":     "https://sudokupad.app/scl" + bomb,
		"raw sudokupad": "https://sudokupad.app/scl" + `{"cells":[],"x":"` + strings.Repeat("a", MaxJSON) + `"}`,
	} {
		_, _, err := Read(l)
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: %v, want ErrTooLarge", name, err)
		}
	}
	if _, _, err := FromFPuzzlesJSON([]byte(spaces)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("FromFPuzzlesJSON: %v, want ErrTooLarge", err)
	}
	if _, _, err := FromSudokuPadJSON([]byte(spaces)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("FromSudokuPadJSON: %v, want ErrTooLarge", err)
	}
	// Just within the limit, the same data is read.
	ok := `{"size":4,"title":"` + strings.Repeat(" ", MaxJSON-200) + `","grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`
	if _, _, err := Read(fpLink(ok)); err != nil {
		t.Errorf("%d bytes of JSON: %v", len(ok), err)
	}
}

// Find reads a link split by spaces with one decompression of its words,
// not one per word: its allocations stay within three times those of
// reading the joined link once.
func TestFindSplitOnce(t *testing.T) {
	js := fpJSON(t, 9, classic, map[string]any{"killercage": []any{
		map[string]any{"cells": []string{"R1C1", "R1C2"}, "value": "14"}}})
	// A title of random letters makes a long stream of many '+', each a
	// word once a client turns them into spaces (at most maxSplitWords).
	rng := rand.New(rand.NewPCG(1, 2))
	title := make([]byte, 6000)
	for i := range title {
		title[i] = byte('a' + rng.IntN(26))
	}
	js = strings.Replace(js, `"title":"Test"`, `"title":"`+string(title)+`"`, 1)
	l := fpLink(js)
	if n := strings.Count(l, "+"); n < 40 || n >= maxSplitWords {
		t.Fatalf("the test link has %d '+', not 40 to %d", n, maxSplitWords-1)
	}
	msg := strings.ReplaceAll(l, "+", " ") + " please check"
	f, ok := Find(msg)
	if !ok || f.Err != nil || f.Link != l || f.Rest != " please check" {
		t.Fatalf("Find = %q, rest %q, %v", f.Link, f.Rest, f.Err)
	}
	once := testing.AllocsPerRun(5, func() { Read(l) })
	find := testing.AllocsPerRun(5, func() { Find(msg) })
	if find > 3*once {
		t.Errorf("Find allocates %.0f times, reading the link once %.0f: it reads it more than once", find, once)
	}
}
