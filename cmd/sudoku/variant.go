package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/link"
)

// solveLink solves the variant puzzle of a link read by [link.Find] and
// returns its output line: the solution and "unique" or "multiple", "-
// none", "timeout …", or "error <reason>" with the error.
func solveLink(f *link.Found, timeout time.Duration) (string, error) {
	if f.Err != nil {
		return "error " + f.Err.Error(), f.Err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	res, err := variant.Solve(ctx, f.Puzzle, 2)
	switch {
	case err != nil && !isTimeout(err):
		return "error " + err.Error(), err
	case err != nil && len(res.Solutions) > 0:
		return fmt.Sprintf("timeout after %v: a solution was found, but not whether it is unique", timeout), nil
	case err != nil:
		return fmt.Sprintf("timeout no answer within %v", timeout), nil
	case res.Status == variant.None:
		return "- none", nil
	}
	return digitsLine(res.Solutions[0]) + " " + res.Status.String(), nil
}

// isTimeout reports whether err is the end of a solve's deadline.
func isTimeout(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// digitsLine writes digits in the one-line form (values above 9 as letters).
func digitsLine(ds []int) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteByte(symbols[d])
	}
	return b.String()
}

// runCandidates prints the true candidates of each link: a line naming the
// link's number, then the grid of candidates, one row a line, and a blank
// line.
func runCandidates(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("candidates", flag.ContinueOnError)
	fs.SetOutput(stderr)
	timeout := fs.Duration("timeout", time.Minute, "give up on a puzzle after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintf(stderr, "sudoku candidates: give one or more links\n%s", usage)
		return 2
	}
	status := 0
	for i, l := range fs.Args() {
		p, _, err := link.Read(l)
		if err != nil {
			fmt.Fprintf(stderr, "sudoku candidates: link %d: %v\n", i+1, err)
			status = 1
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		cands, err := variant.TrueCandidates(ctx, p)
		cancel()
		if errors.Is(err, context.DeadlineExceeded) {
			fmt.Fprintf(stderr, "sudoku candidates: link %d: no answer within %v\n", i+1, *timeout)
			status = 1
			continue
		}
		if err != nil {
			fmt.Fprintf(stderr, "sudoku candidates: link %d: %v\n", i+1, err)
			status = 1
			continue
		}
		fmt.Fprintln(stdout, render.VariantCandidatesText(p.Size, cands))
		fmt.Fprintln(stdout)
	}
	return status
}
