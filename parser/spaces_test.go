package parser_test

import (
	"errors"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
)

// collapse does to text what a web page, or a chat outside a code block,
// does to it: every run of spaces shown as one, and none at the ends of
// lines.
func collapse(text string) string {
	ls := strings.Split(text, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSpace(regexp.MustCompile(` +`).ReplaceAllString(l, " "))
	}
	return strings.Join(ls, "\n")
}

// sampleNames returns the names of samples.csv in a fixed order.
func sampleNames(s map[string]sample) []string {
	var names []string
	for name := range s {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// TestCollapsedSpaces: a grid whose empty cells were spaces, with its runs
// of spaces collapsed to one, is refused with a message that says the
// spaces look collapsed and how to send the grid; never read, and never
// answered with a bare count of cells.
func TestCollapsedSpaces(t *testing.T) {
	type tc struct{ name, text string }
	cases := []tc{
		// The LeetCode 37 puzzle copied from a page (issue 8's audit).
		{"LeetCode, as pasted", "\n53 7\n6 195\n98 6\n8 6 3\n4 8 3 1\n7 2 6\n6 28\n419 5\n8 79"},
		{"LeetCode, on the command's line", " 53 7\n6 195\n98 6\n8 6 3\n4 8 3 1\n7 2 6\n6 28\n419 5\n8 79"},
		{"LeetCode, CRLF", "\r\n53 7\r\n6 195\r\n98 6\r\n8 6 3\r\n4 8 3 1\r\n7 2 6\r\n6 28\r\n419 5\r\n8 79\r\n"},
	}
	s := samples(t)
	for _, name := range sampleNames(s) {
		p := s[name].puzzle
		if !strings.ContainsAny(collapse(typed(p, false)), " ") {
			// made_4x4_b collapses to one digit per row: four digits on
			// four lines, which say nothing of spaces.
			continue
		}
		cases = append(cases,
			tc{name + ", typed", "\n" + collapse(typed(p, false))},
			tc{name + ", spaced", "\n" + collapse(separated(p, " ", " ", "\n", false))},
			tc{name + ", typed, with a title", "\nFrom the paper:\n" + collapse(typed(p, true)) + "\nthanks!"},
		)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := parser.Read(c.text)
			if err == nil {
				t.Fatalf("read %s, want a refusal\nfrom\n%s", testgrids.Line(p.Grid), c.text)
			}
			if !errors.Is(err, parser.ErrAmbiguous) {
				t.Errorf("error %v, want ErrAmbiguous", err)
			}
			for _, want := range []string{"collapsed", "cannot tell where the cells are", "as . or 0", "code block"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
			var perr *parser.Error
			if !errors.As(err, &perr) || perr.Line == 0 {
				t.Errorf("error %v names no line", err)
			}
		})
	}
}
