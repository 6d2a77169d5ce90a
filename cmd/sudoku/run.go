package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

const usage = `usage:
  sudoku solve [-timeout d] [FILE]   solve puzzles, one per line (stdin without FILE)
  sudoku bench [-first] FILE...      time and verify whole files of puzzles
`

// run is the whole program: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "solve":
		return runSolve(args[1:], stdin, stdout, stderr)
	case "bench":
		return runBench(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "sudoku: unknown command %q\n%s", args[0], usage)
	return 2
}

func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", 10*time.Second, "give up on a puzzle after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "sudoku solve: one FILE at most\n%s", usage)
		return 2
	}
	in, name := stdin, "standard input"
	if fs.NArg() == 1 {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "sudoku solve: %v\n", err)
			return 1
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	}
	status := 0
	err := readPuzzles(in, func(p puzzle) {
		if p.err != nil {
			fmt.Fprintf(stderr, "sudoku solve: %s: %v\n", name, p.err)
			fmt.Fprintf(stdout, "error %v\n", p.err)
			status = 1
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		res, err := sudoku.Solve(ctx, p.grid, 2)
		cancel()
		fmt.Fprintln(stdout, solveLine(res, err, *timeout))
	})
	if err != nil {
		fmt.Fprintf(stderr, "sudoku solve: reading %s: %v\n", name, err)
		return 1
	}
	return status
}

// solveLine is the output line for one solved puzzle.
func solveLine(res sudoku.Result, err error, timeout time.Duration) string {
	switch res.Status {
	case sudoku.Unique, sudoku.Multiple:
		return formatGrid(res.Solution) + " " + res.Status.String()
	case sudoku.None:
		return "none"
	case sudoku.Invalid:
		if len(res.Conflicts) > 0 {
			return "invalid " + res.Conflicts[0].String()
		}
		return fmt.Sprintf("invalid %v", err)
	case sudoku.TimedOut:
		return fmt.Sprintf("timeout no answer within %v", timeout)
	}
	return fmt.Sprintf("%v %v", res.Status, err)
}

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	first := fs.Bool("first", false, "stop at the first solution instead of counting to two")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintf(stderr, "sudoku bench: no FILE\n%s", usage)
		return 2
	}
	limit := 2
	if *first {
		limit = 1
	}
	status := 0
	for _, name := range fs.Args() {
		sum, err := benchFile(name, limit, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "sudoku bench: %v\n", err)
			status = 1
			continue
		}
		fmt.Fprintln(stdout, sum)
	}
	return status
}

// summary is what bench found in one file.
type summary struct {
	name                   string
	puzzles                int
	total                  time.Duration
	guesses                int64
	slowest                time.Duration
	slowestLine            int
	unique, multiple, none int
	first                  bool
}

func (s summary) String() string {
	secs := s.total.Seconds()
	out := fmt.Sprintf("%s: %d puzzles, %.0f puzzles/s, %.2f µs/puzzle, %.2f guesses/puzzle, slowest %.1f µs (line %d, best of 4 runs)",
		s.name, s.puzzles, float64(s.puzzles)/secs, secs*1e6/float64(s.puzzles),
		float64(s.guesses)/float64(s.puzzles), float64(s.slowest.Nanoseconds())/1e3, s.slowestLine)
	if s.first {
		return out + fmt.Sprintf("; %d solved, %d without solution", s.unique+s.multiple, s.none)
	}
	return out + fmt.Sprintf("; %d unique, %d multiple, %d none", s.unique, s.multiple, s.none)
}

// benchFile reads, times and verifies one file. Unreadable lines are
// reported to stderr one by one and make the whole file fail.
func benchFile(name string, limit int, stderr io.Writer) (summary, error) {
	sum := summary{name: name, first: limit == 1}
	f, err := os.Open(name)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	var grids []sudoku.Grid
	var lineNos []int
	bad := 0
	err = readPuzzles(f, func(p puzzle) {
		if p.err != nil {
			fmt.Fprintf(stderr, "sudoku bench: %s: %v\n", name, p.err)
			bad++
			return
		}
		grids = append(grids, p.grid)
		lineNos = append(lineNos, p.line)
	})
	if err != nil {
		return sum, fmt.Errorf("reading %s: %w", name, err)
	}
	if bad > 0 {
		return sum, fmt.Errorf("%s: %d unreadable lines, not timed", name, bad)
	}
	if len(grids) == 0 {
		return sum, fmt.Errorf("%s: no puzzles", name)
	}
	results := make([]sudoku.Result, len(grids))
	ctx := context.Background()
	start := time.Now()
	for i := range grids {
		res, err := sudoku.Solve(ctx, grids[i], limit)
		if err != nil {
			return sum, fmt.Errorf("%s: line %d: %w", name, lineNos[i], err)
		}
		results[i] = res
	}
	sum.total = time.Since(start)
	sum.puzzles = len(grids)
	sum.slowest, sum.slowestLine = slowest(ctx, grids, lineNos, results, limit)
	for i, res := range results {
		sum.guesses += res.Stats.Guesses
		switch res.Status {
		case sudoku.Unique:
			sum.unique++
		case sudoku.Multiple:
			sum.multiple++
		case sudoku.None:
			sum.none++
		}
		if res.Status == sudoku.None {
			continue
		}
		if err := verify(grids[i], res.Solution); err != nil {
			return sum, fmt.Errorf("%s: line %d: wrong solution %s: %w", name, lineNos[i], formatGrid(res.Solution), err)
		}
	}
	return sum, nil
}

// slowest returns the time and line of the slowest puzzle. On a busy machine
// one timing can be many times the real cost, so the 10 puzzles that took
// longest are solved 3 more times each and keep their best time.
func slowest(ctx context.Context, grids []sudoku.Grid, lineNos []int, results []sudoku.Result, limit int) (time.Duration, int) {
	idx := make([]int, len(grids))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		return cmp.Compare(results[b].Stats.Elapsed, results[a].Stats.Elapsed)
	})
	var worst time.Duration
	line := 0
	for _, i := range idx[:min(10, len(idx))] {
		best := results[i].Stats.Elapsed
		for range 3 {
			res, _ := sudoku.Solve(ctx, grids[i], limit)
			best = min(best, res.Stats.Elapsed)
		}
		if best > worst {
			worst, line = best, lineNos[i]
		}
	}
	return worst, line
}

// errWrongSolution is wrapped by verify's errors.
var errWrongSolution = errors.New("not a solution")

// verify checks, without the solver's help, that sol solves puzzle: same
// shape, every cell filled, no digit twice in a row, column or box, and every
// given kept.
func verify(puzzle, sol sudoku.Grid) error {
	if sol.Shape() != puzzle.Shape() {
		return fmt.Errorf("shape %v for a %v puzzle: %w", sol.Shape(), puzzle.Shape(), errWrongSolution)
	}
	shape := puzzle.Shape()
	n := shape.Size()
	seen := make(map[[3]int]bool, 3*n*n)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			v := sol.Get(r, c)
			if v < 1 || v > n {
				return fmt.Errorf("r%dc%d is empty: %w", r+1, c+1, errWrongSolution)
			}
			if p := puzzle.Get(r, c); p != 0 && p != v {
				return fmt.Errorf("r%dc%d: given %d changed to %d: %w", r+1, c+1, p, v, errWrongSolution)
			}
			box := r/shape.BoxRows*shape.BoxRows + c/shape.BoxCols
			for kind, u := range [3]int{r, c, box} {
				key := [3]int{kind, u, v}
				if seen[key] {
					return fmt.Errorf("%d twice in %s %d: %w", v, [3]string{"row", "column", "box"}[kind], u+1, errWrongSolution)
				}
				seen[key] = true
			}
		}
	}
	return nil
}
