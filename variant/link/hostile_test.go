package link

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/race"
	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/internal/lzstring"
)

var writeHostile = flag.Bool("write-hostile", false, "write testdata/fuzz/FuzzReadSolve anew from hostileLinks")

// The bounds a link must keep, read and solved: the deadline of the solve,
// how late after it the answer may come (a bound on a failure, generous
// for a busy machine and the race detector), and the bytes allocated.
const (
	hostileDeadline = 100 * time.Millisecond
	hostileLate     = 10 * time.Second
	hostileBytes    = 256 << 20
)

// hostile is a crafted link: refused with the sentinel refuse, or (refuse
// nil) read and answered within the deadline.
type hostile struct {
	name   string
	link   string
	refuse error
}

// cellName writes a cell R1C1 of a size×size grid from its number.
func cellName(n, c int) string { return fmt.Sprintf("R%dC%d", c/n+1, c%n+1) }

// hostileLinks are the crafted links of the fuzz corpus: huge
// decompressions, deep JSON, many rules, giant cages, rules that search
// long, links split into many words.
func hostileLinks(tb testing.TB) []hostile {
	rng := rand.New(rand.NewPCG(30, 2))
	fp := func(n int, extra map[string]any) string { return fpLink(fpJSON(tb, n, "", extra)) }
	cells := func(n int, cs []int) []string {
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = cellName(n, c)
		}
		return out
	}
	all := func(n int) []int { return seq(n * n) }
	randomCells := func(n, k int) []int { return rng.Perm(n * n)[:k] }
	// a snake through the grid, row by row, alternating direction
	snake := func(n int) []int {
		var out []int
		for r := range n {
			for c := range n {
				if r%2 == 1 {
					c = n - 1 - c
				}
				out = append(out, r*n+c)
			}
		}
		return out
	}
	var hs []hostile
	add := func(name, link string, refuse error) { hs = append(hs, hostile{name, link, refuse}) }

	spaces := `{"size":9,"title":"` + strings.Repeat(" ", 4*MaxJSON) + `"}`
	add("bomb-fpuzzles", fpLink(spaces), ErrTooLarge)
	add("bomb-sudokupad", "https://sudokupad.app/scl"+lzstring.CompressToBase64(spaces), ErrTooLarge)
	add("bomb-percent-encoded", "https://www.f-puzzles.com/?load="+strings.ReplaceAll(lzstring.CompressToBase64(spaces), "+", "%2B"), ErrTooLarge)
	add("bomb-just-over", fpLink(`{"size":9,"title":"`+strings.Repeat("x", MaxJSON)+`"}`), ErrTooLarge)
	add("raw-sudokupad-large", "https://sudokupad.app/scl"+`{"cells":[],"x":"`+strings.Repeat("a", MaxJSON)+`"}`, ErrTooLarge)

	grid9 := fpJSON(tb, 9, "", nil)
	deep := func(depth int) string {
		return strings.Replace(grid9, `"size":9`, `"size":9,"fogofwar":`+strings.Repeat("[", depth)+strings.Repeat("]", depth), 1)
	}
	add("deep-json-refused", fpLink(deep(10_001)), ErrJSON)
	add("deep-json-read", fpLink(deep(9_000)), nil)
	add("deep-killercage", fpLink(strings.Replace(grid9, `"size":9`, `"size":9,"killercage":`+strings.Repeat("[", 9_000)+strings.Repeat("]", 9_000), 1)), ErrPuzzle)
	zippedDeep := `{ce:[[,,,],[,,,],[,,,],[,,,]],x:` + strings.Repeat("[", 9_000) + strings.Repeat("]", 9_000) + `}`
	add("deep-sudokupad-zipped", "https://sudokupad.app/scl"+lzstring.CompressToBase64(zippedDeep), nil)
	zippedWide := `{ce:[[,,,],[,,,],[,,,],[,,,]],x:[` + strings.Repeat(",", MaxJSON-100) + `]}`
	add("wide-sudokupad-zipped", "https://sudokupad.app/scl"+lzstring.CompressToBase64(zippedWide), nil)

	// Rules: 16×16 globals (1,770 pairs) and as many thermometers as the
	// JSON holds (R1C1 to R9C9 keep the names short).
	var thermos [][]string
	for len(thermos) < 2300 {
		a, b := rng.IntN(81), rng.IntN(81)
		thermos = append(thermos, []string{cellName(9, a), cellName(9, b)})
	}
	add("many-rules", fp(16, map[string]any{"antiknight": true, "antiking": true, "nonconsecutive": true,
		"thermometer": []any{map[string]any{"lines": thermos}}}), variant.ErrTooManyRules)
	var pairs []any
	for range variant.MaxGroups + 1 {
		pairs = append(pairs, map[string]any{"cells": cells(9, randomCells(9, 2))})
	}
	add("many-groups", fp(9, map[string]any{"killercage": pairs}), variant.ErrTooManyGroups)
	add("giant-cage", fp(9, map[string]any{"killercage": []any{map[string]any{"cells": append(cells(9, all(9)), "R5C5"), "value": "50"}}}), variant.ErrRuleTooLarge)
	add("giant-extra-region", fp(9, map[string]any{"extraregion": []any{map[string]any{"cells": append(cells(9, all(9)), "R1C1")}}}), variant.ErrRuleTooLarge)

	// Read, and answered in time.
	var cages16 []any
	for i := range 15 {
		cages16 = append(cages16, map[string]any{"cells": cells(16, all(16)), "value": strconv.Itoa(100 + i)})
	}
	add("whole-grid-cages-16", fp(16, map[string]any{"killercage": cages16}), nil)
	var overlapping []any
	for range 600 {
		overlapping = append(overlapping, map[string]any{"cells": cells(9, randomCells(9, 3+rng.IntN(4))), "value": strconv.Itoa(10 + rng.IntN(20))})
	}
	add("overlapping-cages", fp(9, map[string]any{"killercage": overlapping}), nil)
	var lines16 [][]string
	for range 900 {
		lines16 = append(lines16, cells(9, randomCells(9, 2+rng.IntN(3))))
	}
	add("dense-lines", fp(9, map[string]any{"whispers": []any{map[string]any{"lines": lines16[:300]}},
		"renban": []any{map[string]any{"lines": lines16[300:600]}}, "palindrome": []any{map[string]any{"lines": lines16[600:]}}}), nil)
	add("long-thermometer-16", fp(16, map[string]any{"thermometer": []any{map[string]any{"lines": [][]string{cells(16, snake(16))}}}}), nil)
	add("long-lines-16", fp(16, map[string]any{"whispers": []any{map[string]any{"lines": [][]string{cells(16, snake(16))}}},
		"renban": []any{map[string]any{"lines": [][]string{cells(16, snake(16))}}},
		"arrow":  []any{map[string]any{"cells": []string{"R1C1"}, "lines": [][]string{cells(16, snake(16))}}}}), nil)
	var cuts []any
	for _, c := range randomCells(16, 200) {
		cuts = append(cuts, map[string]any{"cells": []string{cellName(16, c)}, "value": "0"})
	}
	var dominoes []any
	for r := range 16 {
		for c := 0; c < 16; c += 2 {
			dominoes = append(dominoes, map[string]any{"cells": []string{cellName(16, r*16+c), cellName(16, r*16+c+1)}, "value": strconv.Itoa(3 + rng.IntN(29))})
		}
	}
	add("random-dominoes-16", fp(16, map[string]any{"killercage": dominoes}), nil)
	add("globals-16", fp(16, map[string]any{"nonconsecutive": true, "antiknight": true, "antiking": true, "diagonal+": true, "diagonal-": true}), nil)
	add("empty-killer-16", fp(16, map[string]any{"killercage": []any{map[string]any{"cells": cells(16, []int{0, 1, 2, 3}), "value": "34"}}}), nil)
	add("impossible-sums-16", fp(16, map[string]any{"killercage": cuts}), nil)
	var dots []any
	for c := range 16 * 16 {
		if c%16 < 15 {
			dots = append(dots, map[string]any{"cells": []string{cellName(16, c), cellName(16, c+1)}})
		}
	}
	add("all-dots-16", fp(16, map[string]any{"difference": dots, "nonconsecutive": true, "antiknight": true}), nil)

	// A link split into more words than are joined back, then more words.
	split := strings.ReplaceAll(fpLink(strings.Replace(grid9, `"size":9`, `"size":9,"title":"`+randomTitle(rng, 9000)+`"`, 1)), "+", " ")
	add("split-many-words", split+strings.Repeat(" word", 1000), ErrData)
	return hs
}

func randomTitle(rng *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + rng.IntN(26))
	}
	return string(b)
}

func seq(k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = i
	}
	return out
}

// readSolve is the fuzz target's work: find and read a link, then solve
// it under the deadline. It returns the reading and the solve's outcome,
// failing t when an answer comes late, is wrong, or reading and solving
// allocate more than hostileBytes.
func readSolve(t *testing.T, s string) (Found, bool, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	found, ok := Find(s)
	if !ok || found.Err != nil {
		if ok {
			var e *Error
			var se *ShortLinkError
			if !errors.As(found.Err, &e) && !errors.As(found.Err, &se) {
				t.Fatalf("error %v (%T) is neither an *Error nor a *ShortLinkError", found.Err, found.Err)
			}
		}
		return found, ok, nil
	}
	p := found.Puzzle
	if err := p.Validate(); err != nil {
		t.Fatalf("the puzzle read does not validate: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), hostileDeadline)
	defer cancel()
	start := time.Now()
	res, err := variant.Solve(ctx, p, 2)
	if late := time.Since(start) - hostileDeadline; late > hostileLate {
		t.Fatalf("answered %v after the deadline of %v", late, hostileDeadline)
	}
	runtime.ReadMemStats(&after)
	t.Logf("%v, %d nodes, %v in %v, %d KiB allocated", res.Status, res.Nodes, err, time.Since(start).Round(time.Millisecond), (after.TotalAlloc-before.TotalAlloc)>>10)
	if got := after.TotalAlloc - before.TotalAlloc; got > hostileBytes {
		t.Fatalf("reading and solving allocated %d MiB", got>>20)
	}
	switch {
	case err != nil && !errors.Is(err, context.DeadlineExceeded):
		t.Fatalf("solve: %v, not a timeout", err)
	case err == nil && (res.Status == variant.None) != (len(res.Solutions) == 0):
		t.Fatalf("%v with %d solutions", res.Status, len(res.Solutions))
	}
	for _, sol := range res.Solutions {
		broken, cerr := variant.Check(p, sol)
		if cerr != nil || len(broken) > 0 {
			t.Fatalf("a solution breaks rules: %v %v", broken, cerr)
		}
		for i, g := range p.Givens {
			if g != 0 && sol[i] != g {
				t.Fatalf("a solution changes the given at %d", i)
			}
		}
	}
	return found, true, err
}

// TestHostileLinks: each crafted link is refused with its sentinel, or
// read and answered within the deadline with bounded memory.
func TestHostileLinks(t *testing.T) {
	for _, h := range hostileLinks(t) {
		t.Run(h.name, func(t *testing.T) {
			found, ok, _ := readSolve(t, h.link)
			switch {
			case !ok:
				t.Fatal("no link found")
			case h.refuse != nil && !errors.Is(found.Err, h.refuse):
				t.Fatalf("read: %v, want %v", found.Err, h.refuse)
			case h.refuse == nil && found.Err != nil:
				t.Fatalf("read: %v", found.Err)
			}
		})
	}
}

// TestHostileCorpus: the committed corpus of FuzzReadSolve holds the links
// of hostileLinks (-write-hostile writes it anew).
func TestHostileCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzReadSolve")
	for _, h := range hostileLinks(t) {
		path := filepath.Join(dir, "hostile-"+h.name)
		want := fmt.Sprintf("go test fuzz v1\nstring(%q)\n", h.link)
		if *writeHostile {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("%s is not the corpus entry of %s (run with -write-hostile): %v", path, h.name, err)
		}
	}
}

// FuzzReadSolve reads what may be a link and solves it: a link is refused
// with a typed error, or read into a puzzle within the engine's limits and
// answered within the deadline, rightly, with bounded memory. Its corpus
// (testdata/fuzz/FuzzReadSolve) holds the hostile links above. An input
// that starts with '{' is f-puzzles JSON, made into a link.
func FuzzReadSolve(f *testing.F) {
	if race.Enabled {
		f.Skip("hostile links under the race detector take minutes; TestHostileLinks runs them")
	}
	for _, pp := range readPublished(f)[:5] {
		f.Add(pp.link())
	}
	f.Add("https://sudokupad.app/scl" + lzstring.CompressToBase64(tinyZipped))
	f.Add("see https://sudokupad.app/fpuzzles" + strings.ReplaceAll(readPublished(f)[0].Puzzle, "+", " ") + " thanks")
	// JSON is made into an f-puzzles link first: the mutator then changes
	// rules, not compressed bits.
	f.Add(fpJSON(f, 6, "", map[string]any{"killercage": []any{map[string]any{"cells": []string{"R1C1", "R1C2", "R2C1"}, "value": "12"}},
		"thermometer": []any{map[string]any{"lines": [][]string{{"R3C3", "R3C4", "R4C4"}}}}, "antiknight": true}))
	f.Add(fpJSON(f, 9, classic, map[string]any{"arrow": []any{map[string]any{"cells": []string{"R5C5"}, "lines": [][]string{{"R5C5", "R6C6", "R7C7"}}}},
		"difference": []any{map[string]any{"cells": []string{"R1C1", "R1C2"}}}, "nonconsecutive": true}))
	f.Fuzz(func(t *testing.T, s string) {
		if strings.HasPrefix(s, "{") {
			s = fpLink(s)
		}
		readSolve(t, s)
	})
}
