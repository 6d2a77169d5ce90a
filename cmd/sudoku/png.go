package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

// runPNG writes one picture per puzzle of a file: the solved board with its
// givens marked, or the puzzle with its conflicts, or (-marks) the puzzle
// with its pencil marks.
func runPNG(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("png", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("o", ".", "write the pictures into this directory (made if missing)")
	themeName := fs.String("theme", "dark", "colours: dark or light")
	size := fs.Int("size", 0, "largest width and height in pixels (0: the default for the grid's size)")
	coords := fs.Bool("coords", false, "number the rows and columns")
	marks := fs.Bool("marks", false, "draw each puzzle with its candidates as pencil marks instead of its solution")
	limit := fs.Int("n", 0, "stop after this many puzzles (0: all)")
	timeout := fs.Duration("timeout", 10*time.Second, "give up solving a puzzle after this long (its picture is then the puzzle)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 || *limit < 0 {
		fmt.Fprintf(stderr, "sudoku png: one FILE, and -n not below 0\n%s", usage)
		return 2
	}
	theme, err := picture.ParseTheme(*themeName)
	if err != nil {
		fmt.Fprintf(stderr, "sudoku png: -theme: %v\n", err)
		return 2
	}
	opt := picture.Options{Theme: theme, Size: *size, Coordinates: *coords}
	name := fs.Arg(0)
	f, err := os.Open(name)
	if err != nil {
		fmt.Fprintf(stderr, "sudoku png: %v\n", err)
		return 1
	}
	defer f.Close()
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		fmt.Fprintf(stderr, "sudoku png: %v\n", err)
		return 1
	}
	base := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
	status, written := 0, 0
	err = readGrids(f, func(p puzzle) {
		if *limit > 0 && written >= *limit {
			return
		}
		if p.err != nil {
			fmt.Fprintf(stderr, "sudoku png: %s: %v\n", name, p.err)
			status = 1
			return
		}
		b, note := pngBoard(p.grid, *marks, *timeout)
		if note != "" {
			fmt.Fprintf(stderr, "sudoku png: %s: line %d: %s\n", name, p.line, note)
		}
		path := filepath.Join(*dir, fmt.Sprintf("%s-%04d.png", base, p.line))
		if err := writePNG(path, b, opt); err != nil {
			fmt.Fprintf(stderr, "sudoku png: %s: line %d: %v\n", name, p.line, err)
			status = 1
			return
		}
		written++
		fmt.Fprintln(stdout, path)
	})
	if err != nil {
		fmt.Fprintf(stderr, "sudoku png: reading %s: %v\n", name, err)
		return 1
	}
	return status
}

// pngBoard is what the picture of puzzle shows, and a note for the
// operator when that is not a solution.
func pngBoard(puzzle sudoku.Grid, marks bool, timeout time.Duration) (picture.Board, string) {
	if conflicts := sudoku.Validate(puzzle); len(conflicts) > 0 {
		return picture.Board{Grid: puzzle, Conflicts: conflicts}, "invalid, drawn with its conflicts: " + conflicts[0].String()
	}
	if marks {
		return picture.Board{Grid: puzzle, Candidates: candidates(puzzle)}, ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	res, err := sudoku.Solve(ctx, puzzle, 2)
	switch {
	case err != nil:
		return picture.Board{Grid: puzzle}, fmt.Sprintf("not solved (%v), drawn unsolved", err)
	case res.Status == sudoku.Unique:
		return picture.Board{Grid: res.Solution, Givens: puzzle}, ""
	case res.Status == sudoku.Multiple:
		return picture.Board{Grid: res.Solution, Givens: puzzle}, "several solutions, drawn with one of them"
	}
	return picture.Board{Grid: puzzle}, fmt.Sprintf("%v, drawn unsolved", res.Status)
}

// candidates returns, for each empty cell of g, the digits that no digit of
// its row, column or box rules out (bit d-1 for d).
func candidates(g sudoku.Grid) []uint32 {
	sh := g.Shape()
	n := sh.Size()
	var rows, cols, boxes [sudoku.MaxSize]uint32
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if v := g.Get(r, c); v != 0 {
				bit := uint32(1) << (v - 1)
				rows[r] |= bit
				cols[c] |= bit
				boxes[g.Box(r, c)] |= bit
			}
		}
	}
	all := uint32(1)<<n - 1
	out := make([]uint32, sh.Cells())
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if g.Get(r, c) == 0 {
				out[r*n+c] = all &^ (rows[r] | cols[c] | boxes[g.Box(r, c)])
			}
		}
	}
	return out
}

// writePNG writes the picture of b to path.
func writePNG(path string, b picture.Board, opt picture.Options) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = picture.Encode(w, b, opt)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
