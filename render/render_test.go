package render_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// The puzzle of Wikipedia's Sudoku article and its solution.
const (
	classic         = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// decode reads a one-line grid: . for empty, 1-9, A-P.
func decode(tb testing.TB, line string) sudoku.Grid { return testgrids.Decode(tb, line) }

// player returns the classic puzzle half filled in by a player who put a
// second 5 in row 1 and a second 8 in column 9.
func player(tb testing.TB) sudoku.Grid {
	g := decode(tb, classic)
	sol := decode(tb, classicSolution)
	for i := 0; i < 40; i++ {
		g.Set(i/9, i%9, sol.At(i))
	}
	g.Set(0, 2, 5)
	g.Set(5, 8, 8)
	return g
}

func TestGolden(t *testing.T) {
	puzzle, sol := decode(t, classic), decode(t, classicSolution)
	big := testgrids.Pattern(t, sudoku.Shape{BoxRows: 4, BoxCols: 4})
	huge := testgrids.Pattern(t, sudoku.Shape{BoxRows: 5, BoxCols: 5})
	small := testgrids.Pattern(t, sudoku.Shape{BoxRows: 2, BoxCols: 2})
	bigClash := testgrids.Thinned(big, 2)
	bigClash.Set(0, 1, big.Get(0, 0))
	bigClash.Set(15, 0, big.Get(0, 0))
	hugeClash := huge
	hugeClash.Set(0, 1, huge.Get(0, 0))
	smallPuzzle := testgrids.Thinned(small, 3)
	smallClash := smallPuzzle
	smallClash.Set(3, 3, smallClash.Get(3, 0))
	p := player(t)
	opt := render.Options{Timeout: 10 * time.Second}

	tests := []struct{ name, got string }{
		{"solved-9x9", render.Solved(puzzle, sudoku.Result{Status: sudoku.Unique, Solution: sol, Count: 1}, opt)},
		{"several-9x9-spoiler", render.Solved(puzzle, sudoku.Result{Status: sudoku.Multiple, Solution: sol, Count: 2}, render.Options{Spoiler: true})},
		{"none-9x9", render.Solved(puzzle, sudoku.Result{Status: sudoku.None}, opt)},
		{"timeout", render.Solved(puzzle, sudoku.Result{Status: sudoku.TimedOut}, opt)},
		{"check-9x9-conflicts", render.Checked(p, sudoku.Invalid, sudoku.Validate(p), opt)},
		{"check-9x9-unique", render.Checked(puzzle, sudoku.Unique, nil, opt)},
		{"check-9x9-complete", render.Checked(sol, sudoku.Unique, nil, opt)},
		{"solved-16x16", render.Solved(testgrids.Thinned(big, 3), sudoku.Result{Status: sudoku.Unique, Solution: big}, opt)},
		{"check-16x16-conflicts", render.Checked(bigClash, sudoku.Invalid, sudoku.Validate(bigClash), opt)},
		{"solved-25x25", render.Solved(testgrids.Thinned(huge, 3), sudoku.Result{Status: sudoku.Unique, Solution: huge}, opt)},
		{"check-25x25-conflicts", render.Checked(hugeClash, sudoku.Invalid, sudoku.Validate(hugeClash), opt)},
		{"solved-4x4", render.Solved(smallPuzzle, sudoku.Result{Status: sudoku.Unique, Solution: small}, opt)},
		{"check-4x4-conflicts", render.Checked(smallClash, sudoku.Invalid, sudoku.Validate(smallClash), opt)},
		{"error-parse", render.Error(parserError(t, "53..7....\n6..195...\n.98...q6."))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(tt.got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if tt.got != string(want) {
				t.Errorf("reply differs from %s (run go test -update and review the diff):\n%s", path, tt.got)
			}
		})
	}
}

func parserError(tb testing.TB, in string) string {
	tb.Helper()
	_, err := parser.Parse(in)
	if err == nil {
		tb.Fatalf("Parse(%q) did not fail", in)
	}
	return err.Error()
}

// worst returns grids of shape sh with as many conflicts as can be: every
// cell the same digit, and every digit twice in every unit.
func worst(tb testing.TB, sh sudoku.Shape) map[string]sudoku.Grid {
	n := sh.Size()
	same, pairs := make([]int, n*n), make([]int, n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			same[r*n+c] = n
			pairs[r*n+c] = (r/2+c/2)%n + 1
		}
	}
	out := map[string]sudoku.Grid{}
	for name, cells := range map[string][]int{"same": same, "pairs": pairs} {
		g, err := sudoku.FromCells(sh, cells)
		if err != nil {
			tb.Fatal(err)
		}
		out[name] = g
	}
	return out
}

// TestBudget renders the longest reply of every kind for every size and
// requires it to fit MaxLen, with its code block whole.
func TestBudget(t *testing.T) {
	opt := render.Options{Spoiler: true, Timeout: 1234567 * time.Hour}
	for _, sh := range sudoku.Shapes {
		full := testgrids.Pattern(t, sh)
		empty, _ := sudoku.New(sh)
		replies := map[string]string{
			"unique":    render.Solved(full, sudoku.Result{Status: sudoku.Unique, Solution: full}, opt),
			"several":   render.Solved(empty, sudoku.Result{Status: sudoku.Multiple, Solution: full, Count: 1000}, opt),
			"none":      render.Solved(full, sudoku.Result{Status: sudoku.None}, opt),
			"timeout":   render.Solved(full, sudoku.Result{Status: sudoku.TimedOut}, opt),
			"cancelled": render.Solved(full, sudoku.Result{Status: sudoku.Cancelled}, opt),
		}
		for _, st := range []sudoku.Status{sudoku.Unique, sudoku.Multiple, sudoku.None, sudoku.TimedOut, sudoku.Cancelled, 0} {
			replies["check "+fmt.Sprint(st)] = render.Checked(full, st, nil, opt)
			replies["check empty "+fmt.Sprint(st)] = render.Checked(empty, st, nil, opt)
		}
		conflicts := map[string][]sudoku.Conflict{}
		for name, g := range worst(t, sh) {
			c := sudoku.Validate(g)
			replies["invalid "+name] = render.Solved(g, sudoku.Result{Status: sudoku.Invalid, Conflicts: c}, opt)
			replies["check invalid "+name] = render.Checked(g, sudoku.Invalid, c, opt)
			conflicts["invalid "+name], conflicts["check invalid "+name] = c, c
		}
		for name, reply := range replies {
			t.Run(fmt.Sprintf("%dx%d/%s", sh.Size(), sh.Size(), name), func(t *testing.T) {
				if n := render.Len(reply); n > render.MaxLen {
					t.Errorf("reply is %d long, more than %d:\n%s", n, render.MaxLen, reply)
				}
				if fences := strings.Count(reply, "```"); fences != 0 && fences != 2 {
					t.Errorf("reply has %d fences:\n%s", fences, reply)
				}
				if c, ok := conflicts[name]; ok {
					listed, more := strings.Count(reply, "\n• "), 0
					if i := strings.Index(reply, "\n… and "); i >= 0 {
						fmt.Sscanf(reply[i:], "\n… and %d more", &more)
					}
					if listed+more != len(c) || listed == 0 {
						t.Errorf("%d conflicts listed and %d more, want %d in all:\n%s", listed, more, len(c), reply)
					}
					if !strings.Contains(reply, ">") {
						t.Errorf("no conflict marked:\n%s", reply)
					}
				}
			})
		}
	}
	for name, reply := range map[string]string{
		"error":       render.Error(strings.Repeat("line 1, column 1: unexpected character U+200F ", 200)),
		"error emoji": render.Error(strings.Repeat("😀", 3000)),
		"error marks": render.Error(strings.Repeat("`@<", 3000)),
		"help":        render.Notice(parser.Help),
		"error help":  render.Error(parserError(t, strings.Repeat("q", 4000)) + "\n\n" + parser.Help),
	} {
		if n := render.Len(reply); n > render.MaxLen {
			t.Errorf("%s: reply is %d long, more than %d", name, n, render.MaxLen)
		}
	}
}

// TestLayout checks the grid text itself: 9×9 lines fit a phone, cells are
// marked as the legend says, empty cells are dots.
func TestLayout(t *testing.T) {
	puzzle, sol := decode(t, classic), decode(t, classicSolution)
	reply := render.Solved(puzzle, sudoku.Result{Status: sudoku.Unique, Solution: sol}, render.Options{})
	block := codeBlock(t, reply)
	lines := strings.Split(block, "\n")
	if len(lines) != 11 {
		t.Errorf("9×9 grid has %d lines, want 11 (9 rows, 2 rules)", len(lines))
	}
	for _, l := range lines {
		if n := len([]rune(l)); n > 35 {
			t.Errorf("line %q is %d columns, want at most 35", l, n)
		}
	}
	if got, want := strings.Count(block, "["), puzzle.Filled(); got != want {
		t.Errorf("%d bracketed givens, want %d", got, want)
	}
	if !strings.HasPrefix(lines[0], "[5][3] 4 |") {
		t.Errorf("first row %q, want givens 5 and 3 bracketed, 4 plain", lines[0])
	}

	empty, _ := sudoku.New(sudoku.Classic)
	if reply := render.Solved(empty, sudoku.Result{Status: sudoku.Multiple, Solution: sol}, render.Options{}); strings.Contains(reply, "[") {
		t.Errorf("solution of an empty grid has givens or a legend for them:\n%s", reply)
	}

	p := player(t)
	conflicts := sudoku.Validate(p)
	reply = render.Checked(p, sudoku.Invalid, conflicts, render.Options{})
	block = codeBlock(t, reply)
	marked := map[sudoku.Cell]bool{}
	for _, c := range conflicts {
		for _, cell := range c.Cells {
			marked[cell] = true
		}
		if !strings.Contains(reply, " in "+c.Unit.String()+": ") {
			t.Errorf("conflict %v not listed:\n%s", c, reply)
		}
	}
	if got := strings.Count(block, ">"); got != len(marked) {
		t.Errorf("%d cells marked, want %d:\n%s", got, len(marked), block)
	}
	if got, want := strings.Count(block, "."), 81-p.Filled(); got != want {
		t.Errorf("%d dots, want %d empty cells", got, want)
	}
}

// codeBlock returns what is between the two fences of reply.
func codeBlock(tb testing.TB, reply string) string {
	tb.Helper()
	parts := strings.Split(reply, "```")
	if len(parts) != 3 {
		tb.Fatalf("reply has %d fences, want 2:\n%s", len(parts)-1, reply)
	}
	return strings.Trim(parts[1], "\n")
}

func TestSpoiler(t *testing.T) {
	puzzle, sol := decode(t, classic), decode(t, classicSolution)
	res := sudoku.Result{Status: sudoku.Unique, Solution: sol}
	on := render.Solved(puzzle, res, render.Options{Spoiler: true})
	off := render.Solved(puzzle, res, render.Options{})
	if !strings.Contains(on, "||```\n") || !strings.Contains(on, "\n```||") {
		t.Errorf("spoiler reply does not wrap the code block in ||:\n%s", on)
	}
	if strings.Contains(off, "||") {
		t.Errorf("reply without spoiler has ||:\n%s", off)
	}
	if strings.ReplaceAll(on, "||", "") != off {
		t.Errorf("spoiler changes more than the bars:\n%s\n%s", on, off)
	}
	// A check shows the player's own grid: nothing to hide.
	if c := render.Checked(puzzle, sudoku.Unique, nil, render.Options{Spoiler: true}); strings.Contains(c, "||") {
		t.Errorf("check reply is wrapped in a spoiler:\n%s", c)
	}
}

// TestOutcomes checks that each status gives its own reply, and that a
// check without a completion never shows a solution.
func TestOutcomes(t *testing.T) {
	puzzle, sol := decode(t, classic), decode(t, classicSolution)
	seen := map[string]sudoku.Status{}
	for _, st := range []sudoku.Status{sudoku.Unique, sudoku.Multiple, sudoku.None, sudoku.Invalid, sudoku.TimedOut, sudoku.Cancelled} {
		reply := render.Solved(puzzle, sudoku.Result{Status: st, Solution: sol}, render.Options{Timeout: 7 * time.Second})
		head, _, _ := strings.Cut(reply, "\n")
		if prev, ok := seen[head]; ok {
			t.Errorf("%v and %v both answer %q", prev, st, head)
		}
		seen[head] = st
		if st == sudoku.TimedOut && !strings.Contains(reply, "7s") {
			t.Errorf("timed-out reply does not name the deadline: %q", reply)
		}
		if (st == sudoku.None || st == sudoku.TimedOut || st == sudoku.Cancelled) && strings.Contains(reply, "[4]") {
			t.Errorf("%v reply shows a solution:\n%s", st, reply)
		}
	}
	seen = map[string]sudoku.Status{}
	for _, st := range []sudoku.Status{sudoku.Unique, sudoku.Multiple, sudoku.None, sudoku.TimedOut, sudoku.Cancelled} {
		reply := render.Checked(puzzle, st, nil, render.Options{Timeout: 7 * time.Second})
		head, _, _ := strings.Cut(reply, "\n")
		if prev, ok := seen[head]; ok {
			t.Errorf("check: %v and %v both answer %q", prev, st, head)
		}
		seen[head] = st
		if got, err := parser.Parse(reply); err != nil || got != puzzle {
			t.Errorf("check %v reply does not show the grid as sent: %v", st, err)
		}
	}
	if a, b := render.Checked(sol, sudoku.Unique, nil, render.Options{}), render.Checked(puzzle, sudoku.Unique, nil, render.Options{}); a[:20] == b[:20] {
		t.Errorf("a complete grid gets the same answer as one in progress: %q", a)
	}
}

var mention = regexp.MustCompile(`@everyone|@here|<@[!&]?\d+>|<#\d+>|<@`)

// safe checks the invariants of a reply that carries user text.
func safe(t *testing.T, in, reply string) {
	t.Helper()
	if n := render.Len(reply); n > render.MaxLen {
		t.Errorf("Error(%q) is %d long", in, n)
	}
	if strings.Contains(reply, "```") {
		t.Errorf("Error(%q) = %q has a code fence", in, reply)
	}
	if m := mention.FindString(reply); m != "" {
		t.Errorf("Error(%q) = %q has a working mention %q", in, reply, m)
	}
	if strings.ContainsAny(reply, "\u202e\u200f\x00\r") {
		t.Errorf("Error(%q) = %q keeps a control character", in, reply)
	}
}

func TestNeutral(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain words", "plain words"},
		{"```js\nalert()```", "\\`\\`\\`js\nalert\\(\\)\\`\\`\\`"},
		{"@everyone @here", "@\u200beveryone @\u200bhere"},
		{"<@123> <@!123> <@&9> <#42>", "<\u200b@\u200b123\\> <\u200b@\u200b!123\\> <\u200b@\u200b&9\\> <\u200b\\#42\\>"},
		{"**bold** __u__ ~~s~~ ||spoil||", "\\*\\*bold\\*\\* \\_\\_u\\_\\_ \\~\\~s\\~\\~ \\|\\|spoil\\|\\|"},
		{"> quote\n# head\n- item", "\\> quote\n\\# head\n\\- item"},
		{"[link](http://x)", "\\[link\\]\\(http://x\\)"},
		{"tab\there\r\n", "tab here\n"},
		{"rtl\u202eeng\u200f", "rtl\ufffdeng\ufffd"},
		{"bad \xff byte", "bad \ufffd byte"},
	}
	for _, tt := range tests {
		if got := render.Notice(tt.in); got != tt.want {
			t.Errorf("Notice(%q) = %q, want %q", tt.in, got, tt.want)
		}
		safe(t, tt.in, render.Error(tt.in))
	}
	long := strings.Repeat("ab", render.MaxLen)
	got := render.Notice(long)
	if render.Len(got) != render.MaxLen || !strings.HasSuffix(got, "…") {
		t.Errorf("Notice of %d characters is %d long, ends %q; want %d, cut with …", len(long), render.Len(got), got[len(got)-8:], render.MaxLen)
	}
	exact := strings.Repeat("a", render.MaxLen)
	if got := render.Notice(exact); got != exact {
		t.Errorf("Notice of exactly MaxLen characters was cut")
	}
	if got := render.Notice(strings.Repeat("`", render.MaxLen)); strings.Contains(got, "``") && strings.Contains(got, "```") {
		t.Errorf("cut left a fence")
	}
}

func FuzzError(f *testing.F) {
	for _, s := range []string{"", "```", "@everyone", "<@123>", "<#1>", "||x||", "😀", "\xff", strings.Repeat("`@", 1500)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		safe(t, in, render.Error(in))
		safe(t, in, render.Notice(in))
	})
}

func TestLen(t *testing.T) {
	for s, want := range map[string]int{"": 0, "abc": 3, "×": 1, "😀": 2, "⚠️": 2} {
		if got := render.Len(s); got != want {
			t.Errorf("Len(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestSymbols: a 16×16 grid the person wrote 0–F is answered 0–F, grid and
// conflicts alike, and the answer reads back as the same grid.
func TestSymbols(t *testing.T) {
	sol := testgrids.Pattern(t, sudoku.Shape{BoxRows: 4, BoxCols: 4})
	puzzle := testgrids.Thinned(sol, 3)
	opt := render.Options{Symbols: "0123456789ABCDEF"}
	solved := render.Solved(puzzle, sudoku.Result{Status: sudoku.Unique, Solution: sol}, opt)
	block := codeBlock(t, solved)
	if !strings.Contains(block, "0") || strings.Contains(block, "G") {
		t.Errorf("0–F answer shows G or no 0:\n%s", block)
	}
	if back, err := parser.Parse(solved); err != nil || back != sol {
		t.Errorf("0–F answer reads back as %v, %v", back.Cells(), err)
	}
	clash := puzzle
	clash.Set(0, 1, sol.Get(0, 0)) // value 1, written 0
	checked := render.Checked(clash, sudoku.Invalid, sudoku.Validate(clash), opt)
	if !strings.Contains(checked, "0 appears") || !strings.Contains(checked, ">0<") {
		t.Errorf("conflict not written in 0–F:\n%s", checked)
	}
	if back, err := parser.Parse(checked); err != nil || back != clash {
		t.Errorf("0–F check reads back as %v, %v", back.Cells(), err)
	}
}

// TestNotes: notes follow the grid, neutralised, and a reply with notes
// still fits a Discord message, however long the notes and the grid.
func TestNotes(t *testing.T) {
	puzzle, sol := decode(t, classic), decode(t, classicSolution)
	note := "I read the grid as 0–F @everyone **bold**"
	got := render.Solved(puzzle, sudoku.Result{Status: sudoku.Unique, Solution: sol}, render.Options{Notes: []string{note}})
	if !strings.HasSuffix(got, "\nI read the grid as 0–F @\u200beveryone \\*\\*bold\\*\\*") {
		t.Errorf("note missing or not neutralised:\n%s", got)
	}
	huge := testgrids.Pattern(t, sudoku.Shape{BoxRows: 5, BoxCols: 5})
	long := []string{strings.Repeat("a long note ", 100), strings.Repeat("another ", 100)}
	for _, reply := range []string{
		render.Solved(testgrids.Thinned(huge, 2), sudoku.Result{Status: sudoku.Unique, Solution: huge}, render.Options{Notes: long}),
		render.Checked(huge, sudoku.Invalid, sudoku.Validate(huge), render.Options{Notes: long}),
	} {
		if n := render.Len(reply); n > render.MaxLen {
			t.Errorf("reply with notes is %d long", n)
		}
		if !strings.Contains(reply, "a long note") {
			t.Errorf("reply lost its first note:\n%s", reply)
		}
	}
}
