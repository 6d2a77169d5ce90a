package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/sudoku"
)

// runNew prints -n puzzles of one kind, made from -seed.
func runNew(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("new", flag.ContinueOnError)
	fs.SetOutput(stderr)
	levelName := fs.String("level", "hard", "easy, medium, hard, expert or extreme")
	size := fs.Int("size", 9, "side of the grid: 4, 6, 8, 9, 12, 16 or 25")
	count := fs.Int("n", 1, "how many puzzles")
	seed := fs.Uint64("seed", 0, "the seed: the same flags print the same puzzles (default: from the clock, printed on standard error)")
	symmetric := fs.Bool("symmetric", false, "givens symmetric through the centre (180° rotation)")
	verbose := fs.Bool("v", false, "print each puzzle's code, rating and hardest technique on standard error")
	timeout := fs.Duration("timeout", time.Minute, "give up on a puzzle after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "sudoku new: unexpected argument %q\n%s", fs.Arg(0), usage)
		return 2
	}
	kind, err := parseKind(*levelName, *size, *symmetric)
	if err != nil {
		fmt.Fprintf(stderr, "sudoku new: %v\n", err)
		return 2
	}
	if *count < 1 {
		fmt.Fprintf(stderr, "sudoku new: -n %d: at least 1\n", *count)
		return 2
	}
	seeded := false
	fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
	if !seeded {
		*seed = uint64(time.Now().UnixNano())
		fmt.Fprintf(stderr, "sudoku new: -seed %d\n", *seed)
	}
	gen, err := generate.NewGenerator(kind, *seed)
	if err != nil {
		fmt.Fprintf(stderr, "sudoku new: %v\n", err)
		return 2
	}
	for range *count {
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		p, err := gen.Next(ctx)
		cancel()
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				err = fmt.Errorf("no %v puzzle within -timeout %v (%d seeds tried)", kind, *timeout, gen.Tries())
			}
			fmt.Fprintf(stderr, "sudoku new: %v\n", err)
			return 1
		}
		fmt.Fprintln(stdout, formatGrid(p.Grid))
		if *verbose {
			fmt.Fprintln(stderr, describe(p))
		}
	}
	return 0
}

// runDaily prints the day's puzzle.
func runDaily(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("daily", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dateText := fs.String("date", "", "the day, YYYY-MM-DD (default: today, UTC)")
	levelName := fs.String("level", "hard", "easy, medium, hard, expert or extreme")
	verbose := fs.Bool("v", false, "print the puzzle's code, rating and hardest technique on standard error")
	timeout := fs.Duration("timeout", time.Minute, "give up after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "sudoku daily: unexpected argument %q\n%s", fs.Arg(0), usage)
		return 2
	}
	date := time.Now().UTC()
	if *dateText != "" {
		var err error
		if date, err = time.Parse(time.DateOnly, *dateText); err != nil {
			fmt.Fprintf(stderr, "sudoku daily: -date %q: not a date like 2025-03-14\n", *dateText)
			return 2
		}
	}
	level, err := generate.ParseLevel(*levelName)
	if err != nil {
		fmt.Fprintf(stderr, "sudoku daily: -level %v\n", err)
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	p, err := generate.Daily(ctx, date, level)
	if err != nil {
		fmt.Fprintf(stderr, "sudoku daily: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, formatGrid(p.Grid))
	if *verbose {
		fmt.Fprintln(stderr, describe(p))
	}
	return 0
}

// parseKind checks the flags that say which puzzles to make.
func parseKind(levelName string, size int, symmetric bool) (generate.Kind, error) {
	level, err := generate.ParseLevel(levelName)
	if err != nil {
		return generate.Kind{}, fmt.Errorf("-level %w", err)
	}
	shape, ok := sudoku.ShapeForSize(size)
	if !ok {
		var sizes []string
		for _, s := range sudoku.Shapes {
			sizes = append(sizes, fmt.Sprint(s.Size()))
		}
		return generate.Kind{}, fmt.Errorf("-size %d: not one of %s", size, strings.Join(sizes, ", "))
	}
	k := generate.Kind{Shape: shape, Level: level, Symmetric: symmetric}
	if err := k.Check(); err != nil {
		return generate.Kind{}, err
	}
	return k, nil
}

// describe is a puzzle's line on standard error with -v.
func describe(p generate.Puzzle) string {
	return fmt.Sprintf("%v %v %v %s", p.Code, p.Level, p.Rating, p.Hardest)
}
