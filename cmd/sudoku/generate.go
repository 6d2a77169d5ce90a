package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
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
	size := sizeFlag(9)
	fs.Var(&size, "size", "side of the grid: "+strings.Join(generatedSizes(), ", ")+", written `N`, NxN or N×N")
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
	kind, err := parseKind(*levelName, int(size), *symmetric)
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
	if !ok || generate.TopLevel(shape) == 0 {
		return generate.Kind{}, fmt.Errorf("-size %d: the generator makes sizes %s", size, strings.Join(generatedSizes(), ", "))
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

// generatedSizes lists the sides of the grids the generator makes: "4",
// "6", … "16".
func generatedSizes() []string {
	var sizes []string
	for _, s := range sudoku.Shapes {
		if generate.TopLevel(s) != 0 {
			sizes = append(sizes, fmt.Sprint(s.Size()))
		}
	}
	return sizes
}

// sizeFlag is the -size flag: a grid's side written 6, 6x6 or 6×6, as the
// bot's !new reads it.
type sizeFlag int

func (f *sizeFlag) String() string { return fmt.Sprint(int(*f)) }

func (f *sizeFlag) Set(text string) error {
	a, b, found := strings.Cut(strings.ReplaceAll(strings.ToLower(text), "×", "x"), "x")
	if found && a != b {
		return fmt.Errorf("%q is not square: write 6, 6x6 or 6×6", text)
	}
	n, err := strconv.Atoi(a)
	if err != nil || n <= 0 {
		return fmt.Errorf("%q is not a size: write 6, 6x6 or 6×6", text)
	}
	*f = sizeFlag(n)
	return nil
}
