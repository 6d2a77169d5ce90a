package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sudokubot/sudokubot/logic"
)

// runLogic runs the rate, hint and explain commands: one puzzle per line of
// FILE (or standard input), one answer per puzzle.
func runLogic(cmd string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", 10*time.Second, "give up on a puzzle after this long")
	stats := false
	if cmd == "rate" {
		fs.BoolVar(&stats, "stats", false, "print the time per rating band to standard error at the end")
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var bands bandStats
	if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "sudoku %s: one FILE at most\n%s", cmd, usage)
		return 2
	}
	in, name := stdin, "standard input"
	if fs.NArg() == 1 {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "sudoku %s: %v\n", cmd, err)
			return 1
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	}
	status := 0
	err := readGrids(in, func(p puzzle) {
		if p.err != nil {
			fmt.Fprintf(stderr, "sudoku %s: %s: %v\n", cmd, name, p.err)
			fmt.Fprintf(stdout, "- error %v\n", p.err)
			if cmd == "explain" {
				fmt.Fprintln(stdout)
			}
			status = 1
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		defer cancel()
		g, err := logic.New(p.grid)
		if err != nil {
			fmt.Fprintln(stdout, "- invalid")
			if cmd == "explain" {
				fmt.Fprintln(stdout)
			}
			return
		}
		switch cmd {
		case "rate":
			t0 := time.Now()
			rep, err := logic.Rate(ctx, g)
			bands.add(rep, time.Since(t0), p.line)
			fmt.Fprintln(stdout, rateLine(rep, err))
		case "hint":
			step, err := logic.Next(ctx, g)
			fmt.Fprintln(stdout, hintLine(step, err))
		case "explain":
			rep, err := logic.Explain(ctx, g)
			for _, s := range rep.Path {
				fmt.Fprintln(stdout, s)
			}
			if rep.Status != logic.Solved || rep.Steps == 0 {
				fmt.Fprintln(stdout, rateLine(rep, err))
			}
			fmt.Fprintln(stdout)
		}
	})
	if err != nil {
		fmt.Fprintf(stderr, "sudoku %s: reading %s: %v\n", cmd, name, err)
		return 1
	}
	if stats {
		bands.print(stderr)
	}
	return status
}

// bandStats sums rating times per rating band: 1.0-1.9 (and below), 2.0-2.9,
// ..., 9.0-9.9 (and above), and one band for puzzles without a rating.
type bandStats [10]struct {
	n       int
	total   time.Duration
	slowest time.Duration
	line    int
}

func (b *bandStats) add(rep logic.Report, d time.Duration, line int) {
	i := 9
	if rep.Status == logic.Solved {
		i = min(max(int(rep.Rating)/10-1, 0), 8)
	}
	s := &b[i]
	s.n++
	s.total += d
	if d > s.slowest {
		s.slowest, s.line = d, line
	}
}

func (b *bandStats) print(w io.Writer) {
	var n int
	var total time.Duration
	for i, s := range b {
		if s.n == 0 {
			continue
		}
		n += s.n
		total += s.total
		band := fmt.Sprintf("%d.0-%d.9", i+1, i+1)
		if i == 9 {
			band = "unrated"
		}
		fmt.Fprintf(w, "%-9s %5d puzzles %9.3f s %8.3f ms/puzzle, slowest %7.1f ms (line %d)\n",
			band, s.n, s.total.Seconds(), float64(s.total.Microseconds())/1e3/float64(s.n),
			float64(s.slowest.Microseconds())/1e3, s.line)
	}
	if n > 0 {
		fmt.Fprintf(w, "all       %5d puzzles %9.3f s %8.3f ms/puzzle\n", n, total.Seconds(), float64(total.Microseconds())/1e3/float64(n))
	}
}

// rateLine is the rate command's line for one puzzle: "4.2 XY-Wing", or a
// dash and the reason there is no rating ("- solved" for a grid that was
// complete already, as the hint command says).
func rateLine(rep logic.Report, err error) string {
	switch rep.Status {
	case logic.Solved:
		if rep.Steps == 0 {
			return "- solved"
		}
		return fmt.Sprintf("%v %s", rep.Rating, rep.Hardest.Name)
	case logic.NeedsGuess:
		return "- needs-guess"
	case logic.TimedOut, logic.Cancelled:
		return "- timeout"
	case logic.Multiple, logic.None, logic.Invalid:
		return "- " + rep.Status.String()
	}
	return fmt.Sprintf("- error %v", err)
}

// hintLine is the hint command's line for one puzzle:
// "3.2 X-Wing: r1c5<>4 r8c5<>4", or a dash and why there is none.
func hintLine(step logic.Step, err error) string {
	var ce *logic.CandidateError
	switch {
	case err == nil:
		return step.String()
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return "- timeout"
	case errors.Is(err, logic.ErrSolved):
		return "- solved"
	case errors.Is(err, logic.ErrNeedsGuess):
		return "- needs-guess"
	case errors.Is(err, logic.ErrMultipleSolutions):
		return "- multiple"
	case errors.Is(err, logic.ErrNoSolution), errors.As(err, &ce):
		return "- none"
	}
	return fmt.Sprintf("- error %v", err)
}
