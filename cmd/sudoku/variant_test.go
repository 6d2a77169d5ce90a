package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/variant/link"
)

// fpLine writes an f-puzzles link of a 9×9 puzzle with the givens of a
// one-line grid and the extra keys.
func fpLine(t *testing.T, givens string, extra map[string]any) string {
	t.Helper()
	grid := make([][]map[string]any, 9)
	for r := range grid {
		grid[r] = make([]map[string]any, 9)
		for c := range grid[r] {
			grid[r][c] = map[string]any{}
			if ch := givens[r*9+c]; ch != '.' {
				grid[r][c] = map[string]any{"value": int(ch - '0'), "given": true}
			}
		}
	}
	top := map[string]any{"size": 9, "grid": grid}
	for k, v := range extra {
		top[k] = v
	}
	b, err := json.Marshal(top)
	if err != nil {
		t.Fatal(err)
	}
	return link.FPuzzlesLink(string(b))
}

func TestSolveLinks(t *testing.T) {
	cage := func(sum string) map[string]any {
		return map[string]any{"killercage": []any{map[string]any{"cells": []string{"R1C1", "R1C2"}, "value": sum}}}
	}
	input := strings.Join([]string{
		fpLine(t, lcPuzzle, cage("8")),
		fpLine(t, "5"+strings.Repeat(".", 80), nil),
		fpLine(t, lcPuzzle, cage("9")),
		"https://sudokupad.app/abcdef123",
		lcPuzzle,
	}, "\n") + "\n"
	code, out, errOut := runArgs(t, input, "solve")
	if code != 1 {
		t.Errorf("exit %d, want 1 for the short link", code)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != 5 {
		t.Fatalf("%d lines:\n%s", len(got), out)
	}
	if got[0] != lcSolution+" unique" {
		t.Errorf("line 1 %q", got[0])
	}
	if !strings.HasPrefix(got[1], "5") || !strings.HasSuffix(got[1], " multiple") {
		t.Errorf("line 2 %q", got[1])
	}
	if got[2] != "- none" {
		t.Errorf("line 3 %q", got[2])
	}
	if !strings.HasPrefix(got[3], "error sudokupad.app: a short link") {
		t.Errorf("line 4 %q", got[3])
	}
	if got[4] != lcSolution+" unique" {
		t.Errorf("line 5 %q", got[4])
	}
	if !strings.Contains(errOut, "line 4:") {
		t.Errorf("stderr %q does not name line 4", errOut)
	}
}

func TestCandidates(t *testing.T) {
	code, out, errOut := runArgs(t, "", "candidates", fpLine(t, lcPuzzle, nil))
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	rows := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(rows) != 9 || rows[0] != strings.Join(strings.Split(lcSolution[:9], ""), " ") {
		t.Errorf("candidates of a unique puzzle are not its solution:\n%s", out)
	}
	if code, _, errOut := runArgs(t, "", "candidates", "https://f-puzzles.com/?id=abc"); code != 1 || !strings.Contains(errOut, "short link") {
		t.Errorf("short link: exit %d, stderr %q", code, errOut)
	}
}

// The commands that read grids only say that a link is none, with its
// line, instead of reading it as an empty grid.
func TestLinkInGridCommands(t *testing.T) {
	input := lcPuzzle + "\n" + fpLine(t, lcPuzzle, nil) + "\n"
	for _, cmd := range []string{"rate", "hint", "explain"} {
		code, out, errOut := runArgs(t, input, cmd)
		if code != 1 || !strings.Contains(out, "line 2: "+errLinkNotGrid.Error()) || !strings.Contains(errOut, "line 2:") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", cmd, code, out, errOut)
		}
	}
	path := filepath.Join(t.TempDir(), "links.txt")
	if err := os.WriteFile(path, []byte(input), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runArgs(t, "", "bench", path)
	if code != 1 || !strings.Contains(errOut, "line 2: "+errLinkNotGrid.Error()) {
		t.Errorf("bench: exit %d, stderr %q", code, errOut)
	}
}
