package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/shareddata"
)

// The answers are buffered, but each is written before solve waits for
// more input: a person typing puzzles sees every answer at once.
func TestSolveAnswersBeforeReadingOn(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		done <- run([]string{"solve"}, inR, outW, io.Discard)
		outW.Close()
	}()
	answers := bufio.NewScanner(outR)
	lines := make(chan string)
	go func() {
		for answers.Scan() {
			lines <- answers.Text()
		}
		close(lines)
	}()
	for i := range 3 {
		if _, err := io.WriteString(inW, lcPuzzle+"\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case l := <-lines:
			if l != lcSolution+" unique" {
				t.Fatalf("answer %d: %q", i+1, l)
			}
		case <-time.After(time.Minute): // a bound on a failure, not a window
			t.Fatalf("no answer to puzzle %d while solve waits for the next line", i+1)
		}
	}
	inW.Close()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d", code)
	}
}

// An error on standard error comes after the answers before it on
// standard output, when both go to one place.
func TestSolveErrorsInOrder(t *testing.T) {
	var both bytes.Buffer
	code := run([]string{"solve"}, strings.NewReader(lcPuzzle+"\n123\n"), &both, &both)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	got := strings.Split(both.String(), "\n")
	if len(got) < 3 || got[0] != lcSolution+" unique" || !strings.HasPrefix(got[1], "sudoku solve: standard input: line 2") {
		t.Fatalf("output %q: want the answer, then the error on stderr, then on stdout", both.String())
	}
}

// BenchmarkSolveFile is `sudoku solve FILE` on the shared sets, in the
// process: reading, parsing, solving (counting to two) and writing the
// answers to /dev/null (a file, so that a write per line would show). With
// -cpu 1 the process's CPU time per puzzle (cpu-ns/puzzle) is what a
// puzzle costs on a busy machine.
func BenchmarkSolveFile(b *testing.B) {
	for _, name := range []string{"17clue.txt", "forum_hardest_1905_11plus.txt"} {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			path := shareddata.Require(b, name)
			data, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			puzzles := bytes.Count(data, []byte("\n"))
			null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
			if err != nil {
				b.Fatal(err)
			}
			defer null.Close()
			startCPU := cpuTime()
			for b.Loop() {
				if code := run([]string{"solve", path}, nil, null, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(puzzles), "ns/puzzle")
			b.ReportMetric(float64(b.N*puzzles)/b.Elapsed().Seconds(), "puzzles/s")
			if cpu := cpuTime() - startCPU; cpu > 0 { // the figure of a busy machine
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(puzzles), "cpu-ns/puzzle")
			}
		})
	}
}
