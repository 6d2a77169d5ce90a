package link

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
	"github.com/sudokubot/sudokubot/variant"
)

var (
	writeSet     = flag.Bool("write-set", false, "write testdata/*.txt, the variant puzzles of the speed set, anew")
	writeSetOnly = flag.String("write-set-only", "", "with -write-set, write only this file of the set (the others are drawn but not written)")
)

// setOrder is the order the speed set's files are drawn in, from one
// random stream: a file added later comes last, so the others come out as
// before.
var setOrder = []string{"killer16.txt", "killer9.txt", "mixed9.txt", "killer16free.txt"}

// The speed set: variant puzzles made from the solutions of public classic
// puzzles (../../sudoku/testdata), each line "<f-puzzles link> <solution>",
// kept only when unique. See testdata/README.md.
var setFiles = map[string]struct {
	from  string // the classic puzzles, one per line (puzzle[,solution])
	count int
	make  func(rng *rand.Rand, n int, sol []int) map[string]any
}{
	"killer9.txt":  {"../../sudoku/testdata/unique.csv", 40, killerOf},
	"killer16.txt": {"../../sudoku/testdata/16x16.txt", 10, killerOf},
	// 16×16 killers without givens: random cages are seldom unique, so
	// a cage holding a cell where a second solution differs is split in
	// two until one solution is left (see uniqueKiller).
	"killer16free.txt": {"../../sudoku/testdata/16x16.txt", 5, killerOf},
	"mixed9.txt":       {"../../sudoku/testdata/top95.txt", 30, mixedOf},
}

// killerOf cuts the grid into cages of 1 to 5 neighbouring cells with
// distinct digits and gives every sum: a killer without givens.
func killerOf(rng *rand.Rand, n int, sol []int) map[string]any {
	owner := make([]int, n*n)
	for i := range owner {
		owner[i] = -1
	}
	var cages []any
	for _, start := range rng.Perm(n * n) {
		if owner[start] >= 0 {
			continue
		}
		size := []int{1, 2, 2, 3, 3, 3, 4, 4, 5}[rng.IntN(9)]
		cells := []int{start}
		owner[start] = len(cages)
		for len(cells) < size {
			var next []int
			for _, c := range cells {
				for _, o := range []int{c - 1, c + 1, c - n, c + n} {
					if o < 0 || o >= n*n || (o == c-1 || o == c+1) && o/n != c/n || owner[o] >= 0 {
						continue
					}
					if slices.ContainsFunc(cells, func(x int) bool { return sol[x] == sol[o] }) {
						continue
					}
					next = append(next, o)
				}
			}
			if len(next) == 0 {
				break
			}
			o := next[rng.IntN(len(next))]
			owner[o] = len(cages)
			cells = append(cells, o)
		}
		sum := 0
		names := make([]string, len(cells))
		for i, c := range cells {
			sum += sol[c]
			names[i] = fmt.Sprintf("R%dC%d", c/n+1, c%n+1)
		}
		cages = append(cages, map[string]any{"cells": names, "value": fmt.Sprint(sum)})
	}
	return map[string]any{"killercage": cages}
}

// mixedOf keeps a third of the classic givens and adds rules the solution
// keeps: every kropki dot (with the negative constraint), two thermometers,
// an arrow and a German whispers line where the solution allows them.
func mixedOf(rng *rand.Rand, n int, sol []int) map[string]any {
	extra := map[string]any{"negative": []string{"ratio"}}
	var ratio []any
	for c := 0; c < n*n; c++ {
		for _, o := range []int{c + 1, c + n} {
			if o >= n*n || o == c+1 && o/n != c/n {
				continue
			}
			if x, y := sol[c], sol[o]; x == 2*y || y == 2*x {
				ratio = append(ratio, map[string]any{"cells": []string{rcName(n, c), rcName(n, o)}})
			}
		}
	}
	extra["ratio"] = ratio
	var thermos []any
	for len(thermos) < 2 {
		cs := walk(rng, n, 4)
		if slices.IsSortedFunc(cs, func(a, b int) int { return sol[a] - sol[b] }) {
			thermos = append(thermos, map[string]any{"lines": [][]string{rcNames(n, cs)}})
		}
	}
	extra["thermometer"] = thermos
	for {
		cs := walk(rng, n, 3)
		if sol[cs[0]] == sol[cs[1]]+sol[cs[2]] {
			extra["arrow"] = []any{map[string]any{"cells": rcNames(n, cs[:1]), "lines": [][]string{rcNames(n, cs)}}}
			break
		}
	}
	for {
		cs := walk(rng, n, 4)
		if !variant.NewWhispers(n, cs).Broken(sol) {
			extra["whispers"] = []any{map[string]any{"lines": [][]string{rcNames(n, cs)}}}
			break
		}
	}
	return extra
}

func rcName(n, c int) string { return fmt.Sprintf("R%dC%d", c/n+1, c%n+1) }

func rcNames(n int, cs []int) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = rcName(n, c)
	}
	return out
}

// readClassics reads puzzles (and solutions, solving those without).
func readClassics(tb testing.TB, path string) (puzzles, solutions [][]int) {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(strings.TrimSpace(sc.Text()), ",")
		if fields[0] == "" {
			continue
		}
		shape, ok := sudoku.ShapeForCells(len(fields[0]))
		if !ok {
			tb.Fatalf("%s: not a one-line grid", fields[0])
		}
		cells := make([]int, len(fields[0]))
		for i, ch := range strings.ToUpper(fields[0]) {
			switch {
			case ch >= '1' && ch <= '9':
				cells[i] = int(ch - '0')
			case ch >= 'A' && ch <= 'Z':
				cells[i] = int(ch-'A') + 10
			}
		}
		g, err := sudoku.FromCells(shape, cells)
		if err != nil {
			tb.Fatal(err)
		}
		res, err := sudoku.Solve(context.Background(), g, 2)
		if err != nil || res.Status != sudoku.Unique {
			tb.Fatalf("%s: %v %v", fields[0], res.Status, err)
		}
		var p, s []int
		for i := 0; i < g.Shape().Cells(); i++ {
			p = append(p, g.At(i))
			s = append(s, res.Solution.At(i))
		}
		puzzles, solutions = append(puzzles, p), append(solutions, s)
	}
	return puzzles, solutions
}

func TestWriteSet(t *testing.T) {
	if !*writeSet {
		t.Skip("writes the speed set with -write-set")
	}
	rng := rand.New(rand.NewPCG(2026, 21))
	for _, name := range setOrder {
		sf := setFiles[name]
		puzzles, sols := readClassics(t, sf.from)
		var lines []string
		for i := 0; len(lines) < sf.count && i < 40*len(sols); i++ {
			k := i % len(sols)
			sol := sols[k]
			n := 1
			for n*n < len(sol) {
				n++
			}
			extra := sf.make(rng, n, sol)
			givens := make([]int, len(sol))
			// mixed9 keeps a third of the classic givens, killer16 half
			// (16×16 killers without givens are rarely unique with these
			// random cages), killer9 none.
			keep := map[string]int{"mixed9.txt": 3, "killer16.txt": 2}[name]
			for c, d := range puzzles[k] {
				if keep > 0 && d != 0 && rng.IntN(keep) == 0 {
					givens[c] = d
				}
			}
			title := fmt.Sprintf("%s %d", strings.TrimSuffix(name, ".txt"), len(lines)+1)
			if name == "killer16free.txt" {
				extra = uniqueKiller(t, n, sol, extra, title)
			}
			js := fpuzzlesJSON(n, givens, extra, title)
			p, _, err := FromFPuzzlesJSON([]byte(js))
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			res, err := variant.Solve(ctx, p, 2)
			cancel()
			if err != nil || res.Status != variant.Unique {
				continue
			}
			if !slices.Equal(res.Solutions[0], sol) {
				t.Fatalf("%s: unique solution is not the grid it was made from", name)
			}
			lines = append(lines, FPuzzlesLink(js)+" "+digitString(sol))
		}
		if *writeSetOnly != "" && *writeSetOnly != name {
			continue
		}
		if err := os.WriteFile(filepath.Join("testdata", name), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d puzzles", name, len(lines))
	}
}

// uniqueKiller splits cages of a killer without givens until it has one
// solution: while a second solution differs from sol at some cell, that
// cell's cage loses the cell (which becomes a cage of its own, with its
// digit as its sum). It gives up (returning the cages as they are) when a
// solve takes more than 10 s.
func uniqueKiller(tb testing.TB, n int, sol []int, extra map[string]any, title string) map[string]any {
	tb.Helper()
	cages := extra["killercage"].([]any)
	for range 200 {
		js := fpuzzlesJSON(n, make([]int, n*n), map[string]any{"killercage": cages}, title)
		p, _, err := FromFPuzzlesJSON([]byte(js))
		if err != nil {
			tb.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		res, err := variant.Solve(ctx, p, 2)
		cancel()
		if err != nil || res.Status != variant.Multiple {
			break
		}
		other := res.Solutions[0]
		if slices.Equal(other, sol) {
			other = res.Solutions[1]
		}
		cell := slices.IndexFunc(other, func(d int) bool { return d != 0 })
		for i := range other {
			if other[i] != sol[i] {
				cell = i
				break
			}
		}
		name := rcName(n, cell)
		for i, c := range cages {
			cg := c.(map[string]any)
			names := cg["cells"].([]string)
			if !slices.Contains(names, name) || len(names) == 1 {
				continue
			}
			rest := slices.DeleteFunc(slices.Clone(names), func(s string) bool { return s == name })
			sum := 0
			for _, r := range rest {
				var rr, cc int
				fmt.Sscanf(r, "R%dC%d", &rr, &cc)
				sum += sol[(rr-1)*n+cc-1]
			}
			cages[i] = map[string]any{"cells": rest, "value": fmt.Sprint(sum)}
			cages = append(cages, map[string]any{"cells": []string{name}, "value": fmt.Sprint(sol[cell])})
			break
		}
	}
	return map[string]any{"killercage": cages}
}

func fpuzzlesJSON(n int, givens []int, extra map[string]any, title string) string {
	grid := make([][]map[string]any, n)
	for r := range grid {
		grid[r] = make([]map[string]any, n)
		for c := range grid[r] {
			grid[r][c] = map[string]any{}
			if d := givens[r*n+c]; d != 0 {
				grid[r][c] = map[string]any{"value": d, "given": true}
			}
		}
	}
	top := map[string]any{"size": n, "grid": grid, "title": title, "author": "sudokubot test set"}
	for k, v := range extra {
		top[k] = v
	}
	b, _ := json.Marshal(top)
	return string(b)
}

func digitString(ds []int) string {
	const syms = ".123456789ABCDEFG"
	var b strings.Builder
	for _, d := range ds {
		b.WriteByte(syms[d])
	}
	return b.String()
}

// readSet reads a file of the speed set.
func readSet(tb testing.TB, name string) (puzzles []*variant.Puzzle, solutions []string) {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		l, sol, _ := strings.Cut(line, " ")
		p, _, err := Read(l)
		if err != nil {
			tb.Fatalf("%s line %d: %v", name, i+1, err)
		}
		puzzles, solutions = append(puzzles, p), append(solutions, sol)
	}
	return puzzles, solutions
}

// TestSet solves every puzzle of the speed set and proves it unique, with
// the solution recorded beside its link.
func TestSet(t *testing.T) {
	for name := range setFiles {
		puzzles, sols := readSet(t, name)
		for i, p := range puzzles {
			res, err := variant.Solve(context.Background(), p, 2)
			if err != nil || res.Status != variant.Unique || digitString(res.Solutions[0]) != sols[i] {
				t.Errorf("%s line %d: %v %v", name, i+1, res.Status, err)
			}
		}
	}
}

// BenchmarkSet times solving and proving unique each file of the speed
// set; it reports the slowest puzzle's time too.
func BenchmarkSet(b *testing.B) {
	for _, name := range slices.Sorted(maps.Keys(setFiles)) {
		puzzles, _ := readSet(b, name)
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			b.ReportAllocs()
			var slowest, slowestCPU, totalCPU time.Duration
			for b.Loop() {
				for _, p := range puzzles {
					start, startCPU := time.Now(), cpuTime()
					if _, err := variant.Solve(context.Background(), p, 2); err != nil {
						b.Fatal(err)
					}
					cpu := cpuTime() - startCPU
					slowest, slowestCPU, totalCPU = max(slowest, time.Since(start)), max(slowestCPU, cpu), totalCPU+cpu
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(puzzles)), "µs/puzzle")
			b.ReportMetric(float64(slowest.Microseconds()), "µs-slowest")
			if totalCPU > 0 { // the process's CPU time: the figures of a busy machine
				b.ReportMetric(float64(totalCPU.Microseconds())/float64(b.N*len(puzzles)), "cpu-µs/puzzle")
				b.ReportMetric(float64(slowestCPU.Microseconds()), "cpu-µs-slowest")
			}
		})
	}
}
