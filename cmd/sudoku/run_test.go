package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/sudoku"
)

const (
	lcPuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	lcSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	// From ../shared/data/invalid_puzzles.csv: line 11 has several solutions, line 1 none.
	multiPuzzle = "8.........95.......67..........2.485...4.3192......736...651947...732518...894263"
	nonePuzzle  = "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4."
	// lcPuzzle with two 8s in box 1 and column 1 (LeetCode 36, example 2).
	invalidPuzzle = "83..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	// The first puzzle of ../shared/data/16x16.txt, in lower case.
	puzzle16 = "1.d....4.a58.....e.........c...g.2.76.gbf..4....39f.1a.d7........4.6.31...b.58.c8c7e.69..f.....d...d..........2...a.g8c....7e.1426.g4....57f.a...b..........8...f.....b..3a.42e1a.4c.5...e6.7.3........3d.c5.7b2....9..1gb.63.4.c...2.........6.....8fd.3....9.e"
)

func runArgs(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestSolve(t *testing.T) {
	empty4 := strings.Repeat(".", 16)
	input := strings.Join([]string{lcPuzzle, multiPuzzle, "", nonePuzzle, invalidPuzzle, empty4 + "\r", puzzle16}, "\n") + "\n"
	code, out, errOut := runArgs(t, input, "solve")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != 6 {
		t.Fatalf("%d output lines, want 6:\n%s", len(got), out)
	}
	if want := lcSolution + " unique"; got[0] != want {
		t.Errorf("line 1: %q, want %q", got[0], want)
	}
	for i, tc := range []struct {
		puzzle, word string
	}{{multiPuzzle, "multiple"}, {empty4, "multiple"}, {puzzle16, "unique"}} {
		line := got[[]int{1, 4, 5}[i]]
		sol, word, _ := strings.Cut(line, " ")
		if word != tc.word {
			t.Errorf("%q: %q, want %s", tc.puzzle, line, tc.word)
		}
		checkLine(t, tc.puzzle, sol)
	}
	if got[2] != "none" {
		t.Errorf("line 3: %q, want none", got[2])
	}
	if want := "invalid column 1 has 8 twice: r1c1, r4c1"; got[3] != want {
		t.Errorf("line 4: %q, want %q", got[3], want)
	}
}

// checkLine verifies that sol (one line) solves puzzle (one line).
func checkLine(t *testing.T, puzzle, sol string) {
	t.Helper()
	p, err := parsePuzzle(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	s, err := parsePuzzle(sol)
	if err != nil {
		t.Fatalf("solution %q: %v", sol, err)
	}
	if err := verify(p, s); err != nil {
		t.Fatalf("solution %q of %q: %v", sol, puzzle, err)
	}
}

func TestSolveFileAndTimeout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(path, []byte(lcPuzzle+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runArgs(t, "", "solve", path)
	if code != 0 || out != lcSolution+" unique\n" {
		t.Fatalf("exit %d, out %q", code, out)
	}
	code, out, _ = runArgs(t, lcPuzzle, "solve", "-timeout", "1ns")
	if code != 0 || !strings.HasPrefix(out, "timeout ") {
		t.Fatalf("exit %d, out %q; want a timeout line", code, out)
	}
}

func TestSolveBadLines(t *testing.T) {
	input := lcPuzzle + "\n" + "123\n" + "\n" + strings.Replace(lcPuzzle, "5", "x", 1) + "\n" + strings.Repeat(".", 15) + "H\n"
	code, out, errOut := runArgs(t, input, "solve")
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	for _, want := range []string{"line 2:", "line 4: column 1:", "line 5: column 16:"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q lacks %q", errOut, want)
		}
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 || !strings.HasSuffix(lines[0], " unique") {
		t.Fatalf("stdout %q: want a solution then three error lines", out)
	}
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, "error line ") {
			t.Errorf("stdout line %q, want an error line", l)
		}
	}
}

func TestBench(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(good, []byte(lcPuzzle+"\n"+multiPuzzle+"\n"+nonePuzzle+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte(lcPuzzle+"\n\n"+lcPuzzle[:80]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runArgs(t, "", "bench", good)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"3 puzzles", "puzzles/s", "µs/puzzle", "guesses/puzzle", "slowest", "1 unique, 1 multiple, 1 none"} {
		if !strings.Contains(out, want) {
			t.Errorf("output %q lacks %q", out, want)
		}
	}
	code, out, _ = runArgs(t, "", "bench", "-runs", "2", good)
	if code != 0 || !strings.Contains(out, "1 unique, 1 multiple, 1 none (fastest of 2 runs)") {
		t.Fatalf("-runs 2: exit %d, out %q", code, out)
	}
	code, out, _ = runArgs(t, "", "bench", "-first", good)
	if code != 0 || !strings.Contains(out, "2 solved, 1 without solution") {
		t.Fatalf("-first: exit %d, out %q", code, out)
	}
	code, out, errOut = runArgs(t, "", "bench", good, bad)
	if code != 1 || !strings.Contains(errOut, "bad.txt: line 3:") || strings.Contains(out, "bad.txt") {
		t.Fatalf("exit %d, out %q, stderr %q; want line 3 of bad.txt reported", code, out, errOut)
	}
	if code, _, _ = runArgs(t, "", "bench", filepath.Join(dir, "missing.txt")); code != 1 {
		t.Fatalf("missing file: exit %d, want 1", code)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{nil, {"frobnicate"}, {"bench"}, {"bench", "-runs", "0", "x"}, {"solve", "a", "b"}, {"solve", "-nope"}} {
		if code, _, _ := runArgs(t, "", args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

func TestVerify(t *testing.T) {
	p, _ := parsePuzzle(lcPuzzle)
	s, _ := parsePuzzle(lcSolution)
	if err := verify(p, s); err != nil {
		t.Fatalf("the published solution: %v", err)
	}
	swapped := lcSolution[1:2] + lcSolution[0:1] + lcSolution[2:] // keeps rows, breaks columns
	other, _ := parsePuzzle(swapped)
	empty := s
	empty.Set(8, 8, 0)
	changed, _ := parsePuzzle(lcSolution)
	q := p
	q.Set(0, 2, 1) // a given the solution does not keep
	small, _ := sudoku.New(sudoku.Shape{BoxRows: 2, BoxCols: 2})
	for name, tc := range map[string][2]sudoku.Grid{
		"swapped": {p, other}, "empty cell": {p, empty}, "given changed": {q, changed}, "shape": {p, small},
	} {
		if err := verify(tc[0], tc[1]); !errors.Is(err, errWrongSolution) {
			t.Errorf("%s: err %v, want errWrongSolution", name, err)
		}
	}
}

func TestFormatRoundTrip(t *testing.T) {
	g, err := parsePuzzle(puzzle16)
	if err != nil {
		t.Fatal(err)
	}
	if got := formatGrid(g); got != strings.ToUpper(puzzle16) {
		t.Fatalf("formatGrid = %q", got)
	}
	if _, err := parsePuzzle(strings.Repeat("P", 625)); err != nil {
		t.Fatalf("25×25 with P: %v", err)
	}
}
