package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sudokubot/sudokubot/vision"
)

// runRead reads the sudoku in each picture FILE: one line per file, "FILE
// GRID" (with -kinds, "FILE GRID KINDS"), or "FILE - no grid" or "FILE -
// error: REASON". The status is 1 if any file was not read.
func runRead(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("read", flag.ContinueOnError)
	fs.SetOutput(stderr)
	kinds := fs.Bool("kinds", false, "add the kind of each cell: g given, f filled in, m pencil marks, . empty")
	timeout := fs.Duration("timeout", 10*time.Second, "give up on a picture after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintf(stderr, "sudoku read: no FILE\n%s", usage)
		return 2
	}
	status := 0
	for _, name := range fs.Args() {
		line, ok := readLine(name, *kinds, *timeout)
		if !ok {
			status = 1
		}
		fmt.Fprintf(stdout, "%s %s\n", name, line)
	}
	return status
}

// readLine is the rest of FILE's output line, and whether it was read.
func readLine(name string, kinds bool, timeout time.Duration) (string, bool) {
	data, err := readCapped(name, vision.MaxFileBytes)
	if err != nil {
		return "- error: " + err.Error(), false
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	r, err := vision.Read(ctx, data)
	switch {
	case errors.Is(err, vision.ErrNoGrid):
		return "- no grid", false
	case err != nil:
		return "- error: " + err.Error(), false
	}
	if kinds {
		return r.Line() + " " + r.KindLine(), true
	}
	return r.Line(), true
}

// readCapped reads a file of at most limit bytes.
func readCapped(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%w: file over %d MiB", vision.ErrTooLarge, limit>>20)
	}
	return data, nil
}
