package command

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

const botID = "1000"

func TestMatch(t *testing.T) {
	h := New(Config{Prefix: "!"})
	tests := []struct {
		name    string
		content string
		ok      bool
		want    Request
	}{
		{"solve same line", "!solve 123", true, Request{Kind: Solve, Args: " 123"}},
		{"solve next line", "!solve\n123", true, Request{Kind: Solve, Args: "\n123"}},
		{"solve code block", "!solve```\n123\n```", true, Request{Kind: Solve, Args: "```\n123\n```"}},
		{"upper case word", "!SOLVE 1", true, Request{Kind: Solve, Args: " 1"}},
		{"leading space", "  \n!check 1", true, Request{Kind: Check, Args: " 1"}},
		{"help", "!help", true, Request{Kind: Help}},
		{"hint", "!hint 1", true, Request{Kind: Hint, Args: " 1"}},
		{"rate upper case", "!RATE\n1", true, Request{Kind: Rate, Args: "\n1"}},
		{"explain after a mention", "<@1000> explain 1", true, Request{Kind: Explain, Args: " 1", Mentioned: true}},
		{"hints is no command", "!hints 1", false, Request{}},
		{"unknown word ignored", "!play music", false, Request{}},
		{"word glued to letters", "!solver 1", false, Request{}},
		{"no prefix", "solve 1", false, Request{}},
		{"prefix alone", "!", false, Request{}},
		{"prefix elsewhere", "hello !solve 1", false, Request{}},
		{"mention prefix", "<@1000> solve 1", true, Request{Kind: Solve, Args: " 1", Mentioned: true}},
		{"nick mention prefix", "<@!1000>check 1", true, Request{Kind: Check, Args: " 1", Mentioned: true}},
		{"mention and prefix", "<@1000> !solve 1", true, Request{Kind: Solve, Args: " 1", Mentioned: true}},
		{"mention alone gets help", "<@1000>", true, Request{Kind: Help, Mentioned: true}},
		{"mention unknown word gets help", "<@1000> dance", true, Request{Kind: Help, Unknown: "dance", Mentioned: true}},
		{"other user's mention", "<@2000> solve 1", false, Request{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := h.Match(tt.content, botID)
			got.Line, got.Col = 0, 0 // positions have their own test
			if ok != tt.ok || got != tt.want {
				t.Errorf("Match(%q) = %+v, %v; want %+v, %v", tt.content, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestMatchCustomPrefix(t *testing.T) {
	h := New(Config{Prefix: "sb?"})
	if got, ok := h.Match("sb?solve x", ""); !ok || got.Kind != Solve {
		t.Errorf("custom prefix not matched: %+v %v", got, ok)
	}
	if _, ok := h.Match("!solve x", ""); ok {
		t.Error("the default prefix matched although another was configured")
	}
}

// TestMatchPrefix: a server's own prefix replaces the Handler's, and a
// mention of the bot still works, so a forgotten prefix is recoverable.
func TestMatchPrefix(t *testing.T) {
	h := New(Config{Prefix: "!"})
	tests := []struct {
		content, prefix string
		ok              bool
		want            Request
	}{
		{"?solve 1", "?", true, Request{Kind: Solve, Args: " 1"}},
		{"!solve 1", "?", false, Request{}},
		{"<@1000> help", "?", true, Request{Kind: Help, Mentioned: true}},
		{"<@1000> ?check 1", "?", true, Request{Kind: Check, Args: " 1", Mentioned: true}},
		{"!solve 1", "", true, Request{Kind: Solve, Args: " 1"}}, // "" is the Handler's
		{"sb>>rate 1", "sb>>", true, Request{Kind: Rate, Args: " 1"}},
	}
	for _, tt := range tests {
		got, ok := h.MatchPrefix(tt.content, botID, tt.prefix)
		got.Line, got.Col = 0, 0
		if ok != tt.ok || got != tt.want {
			t.Errorf("MatchPrefix(%q, %q) = %+v, %v; want %+v, %v", tt.content, tt.prefix, got, ok, tt.want, tt.ok)
		}
	}
}

// TestRequestSettings: one Handler serves servers with different settings;
// a request's own settings replace the Handler's for it alone.
func TestRequestSettings(t *testing.T) {
	h := New(Config{Prefix: "!", Spoiler: false, Pictures: PicturesAuto})
	ctx := context.Background()

	help := h.Handle(ctx, Request{Kind: Help, Settings: &Settings{Prefix: "?"}})
	if !strings.Contains(help.Text, "`?solve <grid>`") || strings.Contains(help.Text, "`!solve") {
		t.Errorf("help with the server's prefix ? does not show it:\n%s", help.Text)
	}
	if usage := h.Handle(ctx, Request{Kind: Solve, Settings: &Settings{Prefix: "sb>"}}); !strings.Contains(usage.Text, "sb>solve") {
		t.Errorf("usage with the server's prefix does not show it:\n%s", usage.Text)
	}
	if plain := h.Handle(ctx, Request{Kind: Help}); !strings.Contains(plain.Text, "`!solve <grid>`") {
		t.Errorf("help without settings lost the Handler's prefix:\n%s", plain.Text)
	}

	solve := func(s *Settings) Reply {
		return h.Handle(ctx, Request{Kind: Solve, Args: " " + lc37Puzzle + " img", Settings: s})
	}
	if rep := solve(&Settings{Spoiler: true}); !strings.Contains(rep.Text, "||") {
		t.Errorf("spoilers on for the request: no spoiler bars\n%s", rep.Text)
	}
	if rep := solve(nil); strings.Contains(rep.Text, "||") {
		t.Errorf("the Handler's spoilers (off) were not used without settings\n%s", rep.Text)
	}
	if rep := solve(&Settings{Pictures: PicturesNever}); len(rep.Files) != 0 {
		t.Errorf("pictures never for the request, yet %d files", len(rep.Files))
	}
	if rep := solve(&Settings{Pictures: PicturesAuto}); len(rep.Files) == 0 {
		t.Error("img asked for with pictures auto, yet no file")
	}
	if h.Prefix() != "!" {
		t.Errorf("the Handler's prefix changed to %q", h.Prefix())
	}
}

const (
	lc37Puzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	lc37Solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func TestHandleSolve(t *testing.T) {
	h := New(Config{})
	rep := h.Handle(context.Background(), Request{Kind: Solve, Args: " " + lc37Puzzle})
	if rep.Outcome != "unique" || rep.Size != 9 || rep.UserError {
		t.Fatalf("reply %+v, want a unique 9×9 solve", rep)
	}
	// The reply shows the solution: every row of it appears once the reply is
	// read back as a grid.
	g, err := parser.Parse(rep.Text)
	if err != nil {
		t.Fatalf("reply is not a readable grid: %v\n%s", err, rep.Text)
	}
	want, _ := parser.Parse(lc37Solution)
	if g != want {
		t.Errorf("reply grid differs from the published solution:\n%s", rep.Text)
	}
}

func TestHandleOutcomes(t *testing.T) {
	h := New(Config{SolveTimeout: time.Second})
	tests := []struct {
		name    string
		req     Request
		outcome string
		user    bool
	}{
		{"no grid", Request{Kind: Solve, Args: "   "}, "no_grid", true},
		{"unreadable grid", Request{Kind: Solve, Args: "12345"}, "parse_error", true},
		{"conflicts", Request{Kind: Solve, Args: "55" + strings.Repeat(".", 79)}, "invalid", false},
		{"several", Request{Kind: Solve, Args: strings.Repeat(".", 81)}, "multiple", false},
		{"check in progress", Request{Kind: Check, Args: lc37Puzzle}, "unique", false},
		{"check complete", Request{Kind: Check, Args: lc37Solution}, "complete", false},
		{"check conflicts", Request{Kind: Check, Args: "55" + strings.Repeat(".", 79)}, "invalid", false},
		{"help", Request{Kind: Help}, "help", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := h.Handle(context.Background(), tt.req)
			if rep.Outcome != tt.outcome || rep.UserError != tt.user {
				t.Errorf("outcome %q user error %v, want %q %v\n%s", rep.Outcome, rep.UserError, tt.outcome, tt.user, rep.Text)
			}
			if n := utf8.RuneCountInString(rep.Text); n == 0 || n > render.MaxLen {
				t.Errorf("reply has %d characters", n)
			}
		})
	}
}

func TestHandleCheckDoesNotRevealSolution(t *testing.T) {
	h := New(Config{})
	rep := h.Handle(context.Background(), Request{Kind: Check, Args: lc37Puzzle})
	g, err := parser.Parse(rep.Text)
	if err != nil {
		t.Fatalf("the check reply shows no readable grid: %v\n%s", err, rep.Text)
	}
	if want, _ := parser.Parse(lc37Puzzle); g != want {
		t.Errorf("the check reply shows another grid than the one sent (%d digits; the puzzle has 30):\n%s", g.Filled(), rep.Text)
	}
}

func TestHandleTimeout(t *testing.T) {
	h := New(Config{SolveTimeout: 20 * time.Millisecond})
	slow := testgrids.Line(testgrids.Pigeonhole(sudoku.Shape{BoxRows: 5, BoxCols: 5}))
	for _, kind := range []Kind{Solve, Check} {
		rep := h.Handle(context.Background(), Request{Kind: kind, Args: slow})
		if rep.Outcome != "timeout" || rep.Size != 25 {
			t.Errorf("%v: outcome %q size %d, want a 25×25 timeout\n%s", kind, rep.Outcome, rep.Size, rep.Text)
		}
	}
}

func TestHelpFits(t *testing.T) {
	for _, prefix := range []string{"!", "sudo?"} {
		h := New(Config{Prefix: prefix})
		for _, req := range []Request{{Kind: Help}, {Kind: Help, Unknown: strings.Repeat("x", 100)}, {Kind: Solve}, {Kind: Check}, {Kind: Hint}, {Kind: Rate}, {Kind: Explain}} {
			rep := h.Handle(context.Background(), req)
			if n := utf8.RuneCountInString(rep.Text); n > render.MaxLen {
				t.Errorf("%+v: reply of %d characters", req, n)
			}
			if strings.Count(rep.Text, "```")%2 != 0 {
				t.Errorf("%+v: unbalanced code fences:\n%s", req, rep.Text)
			}
		}
		// The help is whole (not cut to a notice) and names the picture word.
		if help := h.Handle(context.Background(), Request{Kind: Help}).Text; help != h.Help() || !strings.Contains(help, "`"+PictureWord+"`") {
			t.Errorf("prefix %q: help cut, or without %q:\n%s", prefix, PictureWord, help)
		}
	}
}

func TestParseErrorPositionsCountInTheMessage(t *testing.T) {
	h := New(Config{Prefix: "!"})
	tests := []struct {
		name, content string
		line, col     int
	}{
		{"same line", "!solve " + lc37Puzzle[:40] + "q" + lc37Puzzle[41:], 1, 48},
		{"next lines", "!solve\n53..7....\n6..195...\n.98..q.6.", 4, 6},
		{"after a mention", "<@1000>  solve " + lc37Puzzle[:2] + "q" + lc37Puzzle[3:], 1, 18},
		{"leading blank line", "\n!check 5q", 2, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, ok := h.Match(tt.content, botID)
			if !ok {
				t.Fatal("not matched")
			}
			_, err := parser.Parse(req.Args)
			var pe *parser.Error
			if !errors.As(inMessage(err, req), &pe) || pe.Line != tt.line || pe.Col != tt.col {
				t.Errorf("error %v at %+v, want line %d column %d", err, pe, tt.line, tt.col)
			}
			// The character at that place in the message is the bad one.
			lines := strings.Split(tt.content, "\n")
			if r := []rune(lines[tt.line-1]); tt.col > len(r) || r[tt.col-1] != 'q' {
				t.Errorf("line %d column %d of the message is not the 'q'", tt.line, tt.col)
			}
		})
	}
}
