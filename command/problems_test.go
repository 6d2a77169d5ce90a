package command

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/link"
)

// TestCodeProblemSentences: a word starting with # that is no puzzle code
// gets the one sentence that names its problem, word for word as before
// the problems became fields of generate.CodeError; every problem is met.
func TestCodeProblemSentences(t *testing.T) {
	h := puzzleHandler(t, Config{})
	tests := []struct{ code, problem string }{
		{"#9H3f2a1c9x", "A code reads like #9H-abb63100."},
		{"#H9-3f2a1c9x", "It starts with the size and a level letter, like #9H."},
		{"#7H-3f2a1c9x", "No 7×7 puzzles."},
		{"#9Q-3f2a1c9x", "'Q' is not a level letter (E, M, H, X or Z)."},
		{"#9H-zz", "2 characters after '-', not 8."},
		{"#9H-3f2a1c9!", "'!' is not a code character."},
	}
	met := make(map[generate.CodeProblem]bool)
	for _, tt := range tests {
		var ce *generate.CodeError
		if _, err := generate.ParseCode(tt.code); !errors.As(err, &ce) {
			t.Fatalf("ParseCode(%q): %v, want a *generate.CodeError", tt.code, err)
		}
		met[ce.Problem] = true
		rep := run(t, h, "!new "+tt.code)
		want := render.Error("I can't read the puzzle code " + tt.code + ". " + tt.problem)
		if rep.Text != want || rep.Outcome != outcomeBadRequest || !rep.UserError {
			t.Errorf("!new %s: %q (%s), want %q shown to the user", tt.code, rep.Text, rep.Outcome, want)
		}
	}
	for p := generate.CodeNoDash; p <= generate.CodeChar; p++ {
		if !met[p] {
			t.Errorf("problem %d not met", p)
		}
	}
}

// TestParseProblemSentences: a grid the parser cannot read gets the
// parser's error, placed in the whole message: "line L, column C: …",
// "line L: …" or the detail alone when the error concerns the whole grid.
func TestParseProblemSentences(t *testing.T) {
	h := New(Config{Prefix: "!"})
	tests := []struct{ msg, start string }{
		{"!solve\n53..7....\n6..195...\n.98..q.6.", "line 4, column 6: "},
		{"!solve " + lc37Puzzle[:40] + "q" + lc37Puzzle[41:], "line 1, column 48: "},
		{"!solve 1234567", ""},
	}
	for _, tt := range tests {
		req, ok := h.Match(tt.msg, botID)
		if !ok {
			t.Fatalf("%q not matched", tt.msg)
		}
		_, err := parser.Parse(req.Args)
		var pe *parser.Error
		if !errors.As(err, &pe) {
			t.Fatalf("%q: %v, want a *parser.Error", tt.msg, err)
		}
		rep := h.Handle(t.Context(), req)
		want := render.Error(tt.start + pe.Err.Error())
		if rep.Text != want || rep.Outcome != "parse_error" {
			t.Errorf("%q: %q (%s), want %q", tt.msg, rep.Text, rep.Outcome, want)
		}
		if tt.start == "" && strings.HasPrefix(rep.Text, render.Error("line")) {
			t.Errorf("%q: a position for an error of the whole grid", tt.msg)
		}
	}
}

// TestProblemSentenceOtherErrors: an error that is no fault of the person's
// is never pasted into the reply.
func TestProblemSentenceOtherErrors(t *testing.T) {
	got := problemSentence(errors.New("open /var/lib/secret: permission denied"), Request{})
	if strings.Contains(got, "secret") || got == "" {
		t.Errorf("problemSentence = %q", got)
	}
}

// TestLimitSentences: a variant puzzle beyond one of the engine's limits,
// or a link whose data unpacks beyond any puzzle's size, gets a sentence
// naming the limit, whatever error carries it.
func TestLimitSentences(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&variant.LimitError{Err: variant.ErrTooManyRules, Got: 5000, Limit: variant.MaxRules},
			fmt.Sprintf("That puzzle has 5000 rules; I solve puzzles of up to %d.", variant.MaxRules)},
		{fmt.Errorf("reading: %w", &variant.LimitError{Err: variant.ErrTooManyGroups, Got: 1200, Limit: variant.MaxGroups}),
			fmt.Sprintf("That puzzle has 1200 groups of cells whose digits may not repeat (cages, extra regions, …); I take up to %d.", variant.MaxGroups)},
		{&variant.LimitError{Err: variant.ErrRuleTooLarge, Where: "thermometer at r1c1", Got: 90, Limit: 81},
			"The thermometer at r1c1 of that puzzle names 90 cells, more than the grid's 81."},
		{&link.Error{Where: "the link's data", Err: link.ErrTooLarge},
			fmt.Sprintf("That link holds more than any puzzle needs: over %d characters once unpacked, four times the largest published puzzle. I don't read it.", link.MaxJSON)},
	}
	for _, tt := range tests {
		if got := problemSentence(tt.err, Request{}); got != tt.want {
			t.Errorf("%v:\n got %q\nwant %q", tt.err, got, tt.want)
		}
	}
}
