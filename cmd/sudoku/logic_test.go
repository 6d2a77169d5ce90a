package main

import (
	"regexp"
	"strings"
	"testing"
)

// se_rated.csv line 31, which SukakuExplainer rates 2.6 (Pointing).
const pointingPuzzle = "6...5...7.3........8.4.92...153.......8...3.......759...95.1.3........8.2...7...4"

func TestRate(t *testing.T) {
	input := strings.Join([]string{pointingPuzzle, multiPuzzle, nonePuzzle, invalidPuzzle, lcSolution, "12345"}, "\n") + "\n"
	code, out, errOut := runArgs(t, input, "rate", "-timeout", "5s")
	// A completed grid has no rating: "- solved", as hint says, not "0.0 ".
	want := []string{"2.6 Pointing", "- multiple", "- none", "- invalid", "- solved"}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != 6 {
		t.Fatalf("%d lines, want 6:\n%s", len(got), out)
	}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("line %d: %q, want %q", i+1, got[i], w)
		}
	}
	if !strings.HasPrefix(got[5], "- error line 6:") || code != 1 || !strings.Contains(errOut, "line 6") {
		t.Errorf("unreadable line: %q, exit %d, stderr %q", got[5], code, errOut)
	}
}

var stepLine = regexp.MustCompile(`^\d+\.\d [A-Za-z][^:]*: (r\dc\d(=|<>)\d)( r\dc\d(=|<>)\d)*$`)

func TestHintAndExplain(t *testing.T) {
	code, hint, errOut := runArgs(t, pointingPuzzle+"\n"+lcSolution+"\n", "hint")
	if code != 0 || errOut != "" {
		t.Fatalf("hint: exit %d, stderr %q", code, errOut)
	}
	hints := strings.Split(strings.TrimSuffix(hint, "\n"), "\n")
	if len(hints) != 2 || !stepLine.MatchString(hints[0]) || hints[1] != "- solved" {
		t.Fatalf("hint output %q", hint)
	}
	code, out, errOut := runArgs(t, pointingPuzzle+"\n"+multiPuzzle+"\n"+lcSolution+"\n", "explain")
	if code != 0 || errOut != "" {
		t.Fatalf("explain: exit %d, stderr %q", code, errOut)
	}
	puzzles := strings.Split(out, "\n\n")
	if len(puzzles) != 4 || puzzles[3] != "" || puzzles[2] != "- solved" {
		t.Fatalf("explain gave %d blocks:\n%s", len(puzzles), out)
	}
	steps := strings.Split(puzzles[0], "\n")
	if steps[0] != hints[0] {
		t.Errorf("explain starts with %q, hint gives %q", steps[0], hints[0])
	}
	best := ""
	for _, s := range steps {
		if !stepLine.MatchString(s) {
			t.Errorf("step line %q", s)
		}
		if r, _, _ := strings.Cut(s, " "); r > best {
			best = r
		}
	}
	if best != "2.6" {
		t.Errorf("hardest step rated %s, want 2.6", best)
	}
	if puzzles[1] != "- multiple" {
		t.Errorf("multiple puzzle explained as %q", puzzles[1])
	}
}

func TestRateStats(t *testing.T) {
	code, out, errOut := runArgs(t, pointingPuzzle+"\n"+multiPuzzle+"\n", "rate", "-stats")
	if code != 0 || out != "2.6 Pointing\n- multiple\n" {
		t.Fatalf("exit %d, output %q", code, out)
	}
	lines := strings.Split(strings.TrimSuffix(errOut, "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "2.0-2.9       1 puzzles") ||
		!strings.HasPrefix(lines[1], "unrated       1 puzzles") || !strings.HasPrefix(lines[2], "all           2 puzzles") {
		t.Errorf("stats:\n%s", errOut)
	}
}

func TestLogicTimeout(t *testing.T) {
	for _, cmd := range []string{"rate", "hint", "explain"} {
		code, out, errOut := runArgs(t, pointingPuzzle+"\n", cmd, "-timeout", "1ns")
		if code != 0 || errOut != "" || strings.TrimSpace(out) != "- timeout" {
			t.Errorf("%s -timeout 1ns: exit %d, output %q, stderr %q", cmd, code, out, errOut)
		}
	}
}
