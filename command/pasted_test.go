package command

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
)

// TestPastedFormats runs every message of parser/testdata/pasted_formats.json
// (grids as people paste them from apps, files and pages) through the
// handler, and checks the outcome the case expects: for a puzzle, a unique
// solution, shown in the reply, equal to the one the case gives.
func TestPastedFormats(t *testing.T) {
	b, err := os.ReadFile("../parser/testdata/pasted_formats.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Name, Message, Expect, Solution string }
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	h := New(Config{Prefix: "!", SolveTimeout: 5 * time.Second})
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			req, ok := h.Match(c.Message, botID)
			if !ok {
				t.Fatalf("not matched: %q", c.Message)
			}
			rep := h.Handle(context.Background(), req)
			checkReply(t, c.Message, rep)
			want := map[string][]string{
				"solved":     {"unique"},
				"complete":   {"complete"},
				"conflict":   {"invalid"},
				"consistent": {"unique", "multiple"},
			}[c.Expect]
			if want == nil {
				t.Fatalf("unknown expectation %q", c.Expect)
			}
			found := false
			for _, w := range want {
				found = found || rep.Outcome == w
			}
			if !found {
				t.Fatalf("outcome %q, want %v:\n%s", rep.Outcome, want, rep.Text)
			}
			if c.Expect != "solved" {
				return
			}
			// The reply shows the solution, in the person's notation: in
			// its text, or, where the text leaves a large board to its
			// picture, in the text posted when the picture cannot be.
			text := rep.Text
			if rep.Fallback != "" {
				text = rep.Fallback
				if len(rep.Files) == 0 {
					t.Fatalf("a fallback text without a file:\n%s", rep.Text)
				}
			}
			got, err := parser.Parse(text)
			if err != nil {
				t.Fatalf("reply does not read back: %v\n%s", err, text)
			}
			if sol := testgrids.Decode(t, c.Solution); got != sol {
				t.Errorf("reply shows\n%s\nwant\n%s\n%s", testgrids.Line(got), c.Solution, rep.Text)
			}
		})
	}
}
