package parser_test

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/parser"
)

// heldoutCase is one message of testdata/heldout: what a program or a person
// sends, and the grid a person reads in it (or the refusal a person would
// agree with). testdata/README.md tells where each family comes from.
type heldoutCase struct {
	Name    string `json:"name"`
	Family  string `json:"family"`
	Source  string `json:"source"`
	File    string `json:"file"`
	Want    string `json:"want"`    // the grid, one line: . for empty, 1-9, then A-P
	Outcome string `json:"outcome"` // the handler's outcome for the command
	Error   string `json:"error"`   // the sentinel of a refusal, or "any"
}

var sentinelByName = map[string]error{
	"ErrEmpty": parser.ErrEmpty, "ErrCellCount": parser.ErrCellCount, "ErrRowLength": parser.ErrRowLength,
	"ErrBadChar": parser.ErrBadChar, "ErrBadDigit": parser.ErrBadDigit, "ErrAmbiguous": parser.ErrAmbiguous,
	"ErrExtra": parser.ErrExtra, "ErrAlign": parser.ErrAlign, "ErrBoxes": parser.ErrBoxes,
}

func loadHeldout(tb testing.TB) []heldoutCase {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "heldout", "cases.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var cases []heldoutCase
	if err := json.Unmarshal(b, &cases); err != nil {
		tb.Fatal(err)
	}
	return cases
}

// TestHeldout runs every message of testdata/heldout through the command
// handler, as the bot does, and requires the grid a person reads in it
// (with the solver's verdict on it), or a refusal where a person could not
// tell either; never another grid.
func TestHeldout(t *testing.T) {
	h := command.New(command.Config{})
	families := map[string]int{}
	for _, c := range loadHeldout(t) {
		families[c.Family]++
		t.Run(c.Family+"/"+c.Name, func(t *testing.T) {
			msg, err := os.ReadFile(filepath.Join("testdata", "heldout", c.File))
			if err != nil {
				t.Fatal(err)
			}
			req, ok := h.Match(string(msg), "")
			if !ok {
				t.Fatalf("not a command: %q", msg)
			}
			p, err := parser.Read(req.Args)
			rep := h.Handle(context.Background(), req)
			if c.Error != "" {
				if err == nil {
					t.Fatalf("read %s, want a refusal (%s); source: %s", testgrids.Line(p.Grid), c.Error, c.Source)
				}
				if s, known := sentinelByName[c.Error]; known && !errors.Is(err, s) {
					t.Errorf("error %v, want %s", err, c.Error)
				}
				want := "parse_error"
				if c.Error == "ErrEmpty" {
					want = "no_grid" // the handler answers with its usage
				}
				if c.Outcome != "" {
					want = c.Outcome // a link: the handler reads it itself (command/variant.go)
				}
				if rep.Outcome != want {
					t.Errorf("outcome %s, want %s; reply:\n%s", rep.Outcome, want, rep.Text)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v\nsource: %s", err, c.Source)
			}
			if got := testgrids.Line(p.Grid); got != c.Want {
				t.Fatalf("read  %s\nwant  %s\nsource: %s", got, c.Want, c.Source)
			}
			if rep.Outcome != c.Outcome {
				t.Errorf("outcome %s, want %s; reply:\n%s", rep.Outcome, c.Outcome, rep.Text)
			}
		})
	}
	if len(families) < 10 {
		t.Errorf("only %d families in testdata/heldout", len(families))
	}
}

// FuzzHeldout: every message of testdata/heldout that reads, with
// arbitrary lines before and after its grid, is read as the same grid or
// refused with a positioned error; never as another grid.
func FuzzHeldout(f *testing.F) {
	h := command.New(command.Config{})
	type form struct{ text, want string }
	var forms []form
	for _, c := range loadHeldout(f) {
		if c.Want == "" {
			continue
		}
		msg, err := os.ReadFile(filepath.Join("testdata", "heldout", c.File))
		if err != nil {
			f.Fatal(err)
		}
		req, _ := h.Match(string(msg), "")
		forms = append(forms, form{req.Args, c.Want})
	}
	for i, s := range []string{"", "Here is my puzzle:", "1 2 3 4 5 6 7 8 9", "3, 3", "# 12", "> 5", "| 1 |", "A", "Row 10:"} {
		f.Add(s, "", uint8(i))
		f.Add("", s, uint8(i+5))
	}
	f.Fuzz(func(t *testing.T, before, after string, which uint8) {
		fm := forms[int(which)%len(forms)]
		p, text, ok := readEmbedded(t, before, fm.text, after)
		if !ok {
			return
		}
		if got := testgrids.Line(p.Grid); got != fm.want {
			t.Fatalf("misread: got\n%s\nwant\n%s\nfrom\n%s", got, fm.want, text)
		}
	})
}

// transforms are what a phone, Discord or an editor does to a paste.
var transforms = []struct {
	name string
	fn   func(string) string
}{
	{"trailing spaces trimmed", func(s string) string {
		ls := strings.Split(s, "\n")
		for i := range ls {
			ls[i] = strings.TrimRight(ls[i], " \t\r")
		}
		return strings.Join(ls, "\n")
	}},
	{"CRLF", func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n") }},
	{"tabs as 4 spaces", func(s string) string { return strings.ReplaceAll(s, "\t", "    ") }},
	{"tabs as a space", func(s string) string { return strings.ReplaceAll(s, "\t", " ") }},
	{"non-breaking spaces", func(s string) string { return strings.ReplaceAll(s, " ", "\u00a0") }},
	{"quoted", func(s string) string { return "> " + strings.ReplaceAll(s, "\n", "\n> ") }},
	{"code block", func(s string) string { return "```\n" + s + "\n```" }},
	{"indented", func(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }},
	{"blank lines doubled", func(s string) string { return strings.ReplaceAll(s, "\n\n", "\n\n\n") }},
	{"blank lines removed", func(s string) string {
		for strings.Contains(s, "\n\n") {
			s = strings.ReplaceAll(s, "\n\n", "\n")
		}
		return s
	}},
	{"spaces collapsed", func(s string) string {
		for strings.Contains(s, "  ") {
			s = strings.ReplaceAll(s, "  ", " ")
		}
		return s
	}},
	{"smart quotes", func(s string) string {
		return strings.NewReplacer(`["`, `[“`, `","`, `”,“`, `"]`, `”]`, `'`, `’`).Replace(s)
	}},
	{"spoiler", func(s string) string { return "||" + s + "||" }},
	{"end trimmed", func(s string) string { return strings.TrimRight(s, " \t\r\n") }},
}

// TestHeldoutTransformed sends every held-out message as a phone, Discord
// or an editor may change it, once or twice (every transform, and a
// seventh of the pairs of transforms, a different seventh for each
// message): each is read as the same grid, or refused; never read as
// another grid. It logs how many variants still read.
func TestHeldoutTransformed(t *testing.T) {
	h := command.New(command.Config{})
	type change struct {
		name string
		fn   func(string) string
	}
	var changes []change
	for _, a := range transforms {
		changes = append(changes, change{a.name, a.fn})
		for _, b := range transforms {
			changes = append(changes, change{a.name + ", then " + b.name, func(s string) string { return b.fn(a.fn(s)) }})
		}
	}
	read, refused := 0, 0
	for k, c := range loadHeldout(t) {
		if c.Want == "" {
			continue
		}
		msg, err := os.ReadFile(filepath.Join("testdata", "heldout", c.File))
		if err != nil {
			t.Fatal(err)
		}
		req, _ := h.Match(string(msg), "")
		for i, tr := range changes {
			if strings.Contains(tr.name, ", then ") && (i+k)%7 != 0 {
				continue
			}
			text := tr.fn(req.Args)
			p, err := parser.Read(text)
			if err != nil {
				refused++
				if testing.Verbose() {
					t.Logf("%s/%s, %s: refused: %v", c.Family, c.Name, tr.name, err)
				}
				continue
			}
			if got := testgrids.Line(p.Grid); got != c.Want {
				t.Errorf("%s/%s, %s: misread\nread  %s\nwant  %s\nfrom\n%s", c.Family, c.Name, tr.name, got, c.Want, text)
				continue
			}
			read++
		}
	}
	t.Logf("%d variants read as meant, %d refused", read, refused)
}
