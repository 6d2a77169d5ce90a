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
	if err := fs.Parse(args); err != nil {
		return 2
	}
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
	err := readPuzzles(in, func(p puzzle) {
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
			rep, err := logic.Rate(ctx, g)
			fmt.Fprintln(stdout, rateLine(rep, err))
		case "hint":
			step, err := logic.Next(ctx, g)
			fmt.Fprintln(stdout, hintLine(step, err))
		case "explain":
			rep, err := logic.Explain(ctx, g)
			for _, s := range rep.Path {
				fmt.Fprintln(stdout, s)
			}
			if rep.Status != logic.Solved {
				fmt.Fprintln(stdout, rateLine(rep, err))
			}
			fmt.Fprintln(stdout)
		}
	})
	if err != nil {
		fmt.Fprintf(stderr, "sudoku %s: reading %s: %v\n", cmd, name, err)
		return 1
	}
	return status
}

// rateLine is the rate command's line for one puzzle: "4.2 XY-Wing", or a
// dash and the reason there is no rating.
func rateLine(rep logic.Report, err error) string {
	switch rep.Status {
	case logic.Solved:
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
