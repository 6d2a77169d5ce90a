package main

import (
	"bufio"
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
  sudoku bench [-first] [-runs n] FILE...   time and verify whole files of puzzles
  sudoku png [-o DIR] [-theme dark|light] [-size px] [-coords] [-marks] [-n N] FILE
                                     one PNG per puzzle: the solution, givens marked
  sudoku rate [-timeout d] [FILE]    rate puzzles on the Sudoku Explainer scale
  sudoku hint [-timeout d] [FILE]    the next logical step of each puzzle
  sudoku explain [-timeout d] [FILE] every logical step of each puzzle
  sudoku new [-level L] [-size N] [-n COUNT] [-seed S] [-symmetric]   make graded puzzles
  sudoku daily [-date YYYY-MM-DD] [-level L]   the day's puzzle
  sudoku candidates [-timeout d] LINK...   true candidates of variant puzzles' links
  sudoku read [-kinds] [-timeout d] FILE...   read the sudoku in each photo or screenshot
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
	case "png":
		return runPNG(args[1:], stdout, stderr)
	case "rate", "hint", "explain":
		return runLogic(args[0], args[1:], stdin, stdout, stderr)
	case "new":
		return runNew(args[1:], stdout, stderr)
	case "candidates":
		return runCandidates(args[1:], stdout, stderr)
	case "daily":
		return runDaily(args[1:], stdout, stderr)
	case "read":
		return runRead(args[1:], stdout, stderr)
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
	// The answers are buffered, and flushed before each read of the input
	// (the moment it may wait for more) and before each message on stderr:
	// a write per line cost more than solving a 17-clue puzzle, and a
	// person typing puzzles still sees each answer at once.
	out := bufio.NewWriterSize(stdout, 64<<10)
	deadline := newDeadlines(*timeout)
	defer deadline.close()
	status := 0
	err := readPuzzles(flushBefore{in, out}, func(p puzzle) {
		if p.err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "sudoku solve: %s: %v\n", name, p.err)
			fmt.Fprintf(out, "error %v\n", p.err)
			status = 1
			return
		}
		if p.link != nil {
			line, err := solveLink(p.link, *timeout)
			if err != nil {
				out.Flush()
				fmt.Fprintf(stderr, "sudoku solve: %s: line %d: %v\n", name, p.line, err)
				status = 1
			}
			out.WriteString(line)
			out.WriteByte('\n')
			return
		}
		res, err := sudoku.Solve(deadline.next(), p.grid, 2)
		writeSolveLine(out, res, err, *timeout)
	})
	if ferr := out.Flush(); ferr != nil {
		fmt.Fprintf(stderr, "sudoku solve: writing the answers: %v\n", ferr)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "sudoku solve: reading %s: %v\n", name, err)
		return 1
	}
	return status
}

// flushBefore is a reader that flushes w before each read of r.
type flushBefore struct {
	r io.Reader
	w *bufio.Writer
}

func (f flushBefore) Read(p []byte) (int, error) {
	f.w.Flush() // an error stays in w, for the last Flush to report
	return f.r.Read(p)
}

// writeSolveLine writes the output line for one solved puzzle: the common
// case, a solution, without building a string.
func writeSolveLine(w *bufio.Writer, res sudoku.Result, err error, timeout time.Duration) {
	switch res.Status {
	case sudoku.Unique, sudoku.Multiple:
		b := w.AvailableBuffer()
		for i, cells := 0, res.Solution.Shape().Cells(); i < cells; i++ {
			b = append(b, symbols[res.Solution.At(i)])
		}
		b = append(b, ' ')
		b = append(b, res.Status.String()...)
		w.Write(append(b, '\n'))
		return
	}
	w.WriteString(solveLine(res, err, timeout))
	w.WriteByte('\n')
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
		if res.Count > 0 {
			return fmt.Sprintf("timeout after %v: a solution was found, but not whether it is unique", timeout)
		}
		return fmt.Sprintf("timeout no answer within %v", timeout)
	}
	return fmt.Sprintf("%v %v", res.Status, err)
}

func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	first := fs.Bool("first", false, "stop at the first solution instead of counting to two")
	runs := fs.Int("runs", 1, "time each file this many times and report the fastest run")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 || *runs < 1 {
		fmt.Fprintf(stderr, "sudoku bench: no FILE, or -runs below 1\n%s", usage)
		return 2
	}
	limit := 2
	if *first {
		limit = 1
	}
	status := 0
	for _, name := range fs.Args() {
		var best summary
		var err error
		for run := 0; run < *runs && err == nil; run++ {
			var sum summary
			sum, err = benchFile(name, limit, stderr)
			if run == 0 || sum.total < best.total {
				best = sum
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "sudoku bench: %v\n", err)
			status = 1
			continue
		}
		best.runs = *runs
		fmt.Fprintln(stdout, best)
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
	runs                   int // the fastest of this many runs
}

func (s summary) String() string {
	secs := s.total.Seconds()
	out := fmt.Sprintf("%s: %d puzzles, %.0f puzzles/s, %.2f µs/puzzle, %.2f guesses/puzzle, slowest %.1f µs (line %d, best of 4 runs)",
		s.name, s.puzzles, float64(s.puzzles)/secs, secs*1e6/float64(s.puzzles),
		float64(s.guesses)/float64(s.puzzles), float64(s.slowest.Nanoseconds())/1e3, s.slowestLine)
	if s.first {
		out += fmt.Sprintf("; %d solved, %d without solution", s.unique+s.multiple, s.none)
	} else {
		out += fmt.Sprintf("; %d unique, %d multiple, %d none", s.unique, s.multiple, s.none)
	}
	if s.runs > 1 {
		out += fmt.Sprintf(" (fastest of %d runs)", s.runs)
	}
	return out
}

// benchFile reads, times and verifies one file, one puzzle at a time. The
// time of a puzzle is the solve call's own (Result.Stats.Elapsed): reading,
// parsing and verifying are left out. Unreadable lines are reported to stderr
// one by one and make the whole file fail.
func benchFile(name string, limit int, stderr io.Writer) (summary, error) {
	sum := summary{name: name, first: limit == 1}
	f, err := os.Open(name)
	if err != nil {
		return sum, err
	}
	defer f.Close()
	ctx := context.Background()
	var slow slowList
	bad := 0
	var failed error
	err = readGrids(f, func(p puzzle) {
		if failed != nil {
			return
		}
		if p.err != nil {
			fmt.Fprintf(stderr, "sudoku bench: %s: %v\n", name, p.err)
			bad++
			return
		}
		res, err := sudoku.Solve(ctx, p.grid, limit)
		if err != nil {
			failed = fmt.Errorf("%s: line %d: %w", name, p.line, err)
			return
		}
		sum.puzzles++
		sum.total += res.Stats.Elapsed
		sum.guesses += res.Stats.Guesses
		slow.add(res.Stats.Elapsed, p.line, p.grid)
		switch res.Status {
		case sudoku.Unique:
			sum.unique++
		case sudoku.Multiple:
			sum.multiple++
		case sudoku.None:
			sum.none++
			return
		}
		if err := verify(p.grid, res.Solution); err != nil {
			failed = fmt.Errorf("%s: line %d: wrong solution %s: %w", name, p.line, formatGrid(res.Solution), err)
		}
	})
	switch {
	case err != nil:
		return sum, fmt.Errorf("reading %s: %w", name, err)
	case failed != nil:
		return sum, failed
	case bad > 0:
		return sum, fmt.Errorf("%s: %d unreadable lines, not timed", name, bad)
	case sum.puzzles == 0:
		return sum, fmt.Errorf("%s: no puzzles", name)
	}
	sum.slowest, sum.slowestLine = slow.worst(ctx, limit)
	return sum, nil
}

// slowList keeps the puzzles that took longest, slowest first.
type slowList []slowPuzzle

type slowPuzzle struct {
	d    time.Duration
	line int
	grid sudoku.Grid
}

// keepSlow is how many of the slowest puzzles slowList keeps.
const keepSlow = 10

func (l *slowList) add(d time.Duration, line int, g sudoku.Grid) {
	if len(*l) == keepSlow && d <= (*l)[keepSlow-1].d {
		return
	}
	i, _ := slices.BinarySearchFunc(*l, d, func(p slowPuzzle, d time.Duration) int { return cmp.Compare(d, p.d) })
	*l = slices.Insert(*l, i, slowPuzzle{d, line, g})
	if len(*l) > keepSlow {
		*l = (*l)[:keepSlow]
	}
}

// worst returns the time and line of the slowest puzzle. On a busy machine
// one timing can be many times the real cost, so each kept puzzle is solved
// 3 more times and keeps its best time.
func (l slowList) worst(ctx context.Context, limit int) (time.Duration, int) {
	var worst time.Duration
	line := 0
	for _, p := range l {
		best := p.d
		for range 3 {
			res, _ := sudoku.Solve(ctx, p.grid, limit)
			best = min(best, res.Stats.Elapsed)
		}
		if best > worst {
			worst, line = best, p.line
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
	// The digits seen so far in each row, column and box (bit v-1 for v),
	// on the stack: a map here cost the bench an allocation per puzzle and
	// evicted the solver's tables from the cache between solves.
	var seen [3][sudoku.MaxSize]uint32
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
			bit := uint32(1) << (v - 1)
			for kind, u := range [3]int{r, c, box} {
				if seen[kind][u]&bit != 0 {
					return fmt.Errorf("%d twice in %s %d: %w", v, [3]string{"row", "column", "box"}[kind], u+1, errWrongSolution)
				}
				seen[kind][u] |= bit
			}
		}
	}
	return nil
}
