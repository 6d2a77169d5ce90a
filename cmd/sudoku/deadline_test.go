package main

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/sudoku"
)

func TestDeadlineEnds(t *testing.T) {
	d := newDeadlines(20 * time.Millisecond)
	defer d.close()
	ctx := d.next()
	if err := ctx.Err(); err != nil {
		t.Fatalf("Err at the start = %v", err)
	}
	dl, ok := ctx.Deadline()
	if !ok || time.Until(dl) > 20*time.Millisecond {
		t.Fatalf("Deadline = %v, %v: not within the timeout", dl, ok)
	}
	<-ctx.Done() // the timer closes it
	if err := ctx.Err(); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Err after Done = %v", err)
	}
	if time.Now().Before(dl) {
		t.Fatal("Done closed before the deadline")
	}
}

// Err finding the time passed closes Done, even when no timer runs.
func TestDeadlineErrClosesDone(t *testing.T) {
	d := newDeadlines(time.Millisecond)
	ctx := d.next()
	for ctx.Err() == nil {
		time.Sleep(time.Millisecond)
	}
	select {
	case <-ctx.Done():
	default:
		t.Fatal("Err is not nil but Done is open")
	}
}

// A context that nobody waited on serves the next puzzle afresh; one with a
// timer is not used again.
func TestDeadlineNext(t *testing.T) {
	d := newDeadlines(time.Millisecond)
	a := d.next()
	for a.Err() == nil {
		time.Sleep(time.Millisecond)
	}
	d.timeout = time.Hour
	b := d.next()
	if err := b.Err(); err != nil || b != a {
		t.Fatalf("the next puzzle's context: %v, the same as the last: %v", err, b == a)
	}
	b.Done()
	if c := d.next(); c == b || c.Err() != nil {
		t.Fatalf("a context with a timer was handed out again (%v)", c.Err())
	}
	d.close()
}

// The solver gives up on a puzzle at the context's deadline.
func TestDeadlineStopsSolver(t *testing.T) {
	d := newDeadlines(-time.Second) // ended from the start
	empty, err := sudoku.New(sudoku.Shape{BoxRows: 5, BoxCols: 5})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sudoku.Solve(d.next(), empty, 2)
	if res.Status != sudoku.TimedOut || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Solve = %v, %v; want a timeout", res.Status, err)
	}
}
