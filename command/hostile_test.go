package command

import (
	"bytes"
	"context"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/render"
)

// mentionRE matches what Discord turns into a ping or a link to one: user,
// role and channel mentions, @everyone and @here.
var mentionRE = regexp.MustCompile(`<@[!&]?\d+>|<#\d+>|@everyone|@here`)

// checkReply asserts the invariants of every reply: it fits in a Discord
// message, pings nobody, the only code fences are render's own, balanced,
// spoiler bars pair up, and every attachment has a name, a type and content.
func checkReply(t testing.TB, in string, rep Reply) {
	t.Helper()
	if n := render.Len(rep.Text); n == 0 || n > render.MaxLen {
		t.Fatalf("input %q: reply of %d characters", clip(in), n)
	}
	if m := mentionRE.FindString(rep.Text); m != "" {
		t.Fatalf("input %q: reply contains %q:\n%s", clip(in), m, rep.Text)
	}
	if strings.Count(rep.Text, "```")%2 != 0 {
		t.Fatalf("input %q: unbalanced code fences:\n%s", clip(in), rep.Text)
	}
	if strings.Count(rep.Text, "||")%2 != 0 {
		t.Fatalf("input %q: unbalanced spoiler bars:\n%s", clip(in), rep.Text)
	}
	for _, f := range rep.Files {
		if f.Name == "" || f.ContentType == "" || len(f.Data) == 0 {
			t.Fatalf("input %q: attachment %q (%s) of %d bytes", clip(in), f.Name, f.ContentType, len(f.Data))
		}
		if f.ContentType == "image/png" {
			if _, err := png.DecodeConfig(bytes.NewReader(f.Data)); err != nil {
				t.Fatalf("input %q: attachment %q is no PNG: %v", clip(in), f.Name, err)
			}
		}
	}
	// The text posted when the files cannot be: only with files, and within
	// a message too.
	if rep.Fallback != "" {
		if len(rep.Files) == 0 {
			t.Fatalf("input %q: a fallback text without files", clip(in))
		}
		if n := render.Len(rep.Fallback); n > render.MaxLen || strings.Count(rep.Fallback, "```")%2 != 0 || strings.Count(rep.Fallback, "||")%2 != 0 {
			t.Fatalf("input %q: fallback of %d characters, or unbalanced:\n%s", clip(in), n, rep.Fallback)
		}
	}
	if rep.Err != nil {
		t.Fatalf("input %q: the reply worked around %v", clip(in), rep.Err)
	}
}

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// hostile are messages written to break the bot, each with the outcome it must get.
func hostile() []struct{ name, msg, outcome string } {
	grid := strings.Repeat("1.", 40) + "1"
	return []struct{ name, msg, outcome string }{
		{"4000 characters", "!solve " + strings.Repeat("12345678.", 443), "parse_error"},
		{"control characters", "!solve " + grid[:40] + "\x00\x07\x1b[31m" + grid[40:], "parse_error"},
		// A zero-width space (Discord inserts them when copying) is read as a space.
		{"zero-width space", "!solve " + grid[:40] + "\u200b" + grid[40:], "invalid"},
		{"right-to-left mark", "!solve \u202e" + grid, "parse_error"},
		{"emoji", "!solve " + grid[:80] + "😀", "parse_error"},
		{"624 cells", "!solve " + strings.Repeat(".", 624), "parse_error"},
		{"626 cells", "!solve " + strings.Repeat(".", 626), "parse_error"},
		{"thousands of newlines", "!solve" + strings.Repeat("\n", 3990) + "1", "parse_error"},
		{"only newlines", "!solve" + strings.Repeat("\n", 3990), "no_grid"},
		// Words around a grid are left out, mentions included: the grid is read
		// (it breaks the rules), and the reply pings nobody.
		{"fence breakout", "!solve ```\n@everyone ```" + grid, "invalid"},
		{"everyone in grid", "!check @everyone " + grid, "invalid"},
		{"user mention", "!solve <@123456789012345678> " + grid, "parse_error"},
		{"role mention", "!solve <@&123456789012345678>", "parse_error"},
		{"10 KiB", "!solve " + strings.Repeat("9", 10<<10), "parse_error"},
		{"long code", "!new #" + strings.Repeat("9", 3000), "bad_request"},
		{"long words", "!new " + strings.Repeat("hard ", 800), "bad_request"},
		{"code among words", "!new easy #9H-" + strings.Repeat("x", 3000), "bad_request"},
		{"mention as a level", "!daily <@123456789012345678>", "bad_request"},
	}
}

func TestHostileInputGetsClearErrors(t *testing.T) {
	h := New(Config{SolveTimeout: 100 * time.Millisecond, Puzzles: testPool(t)})
	for _, tc := range hostile() {
		t.Run(tc.name, func(t *testing.T) {
			req, ok := h.Match(tc.msg, botID)
			if !ok {
				t.Fatalf("not matched")
			}
			rep := h.Handle(context.Background(), req)
			checkReply(t, tc.msg, rep)
			if rep.Outcome != tc.outcome {
				t.Errorf("outcome %q, want %q:\n%s", rep.Outcome, tc.outcome, rep.Text)
			}
		})
	}
}

func BenchmarkHostileInput(b *testing.B) {
	h := New(Config{SolveTimeout: 100 * time.Millisecond})
	for _, tc := range hostile() {
		req, _ := h.Match(tc.msg, botID)
		b.Run(strings.ReplaceAll(tc.name, " ", "_"), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				h.Handle(context.Background(), req)
			}
		})
	}
}

// FuzzHandle feeds arbitrary messages through the whole path, message text to
// reply text: no panic, and every reply keeps the invariants of checkReply.
func FuzzHandle(f *testing.F) {
	f.Add("!solve " + lc37Puzzle)
	f.Add("!check " + lc37Solution)
	f.Add("!solve\n```\n5 3 . | . 7 .\n```")
	f.Add("!check [[\"5\",\"3\"],[\".\"]]")
	f.Add("<@1000> solve @everyone")
	f.Add("!solve " + strings.Repeat(".", 256))
	f.Add("!help")
	f.Add("!hint " + lc37Puzzle)
	f.Add("!rate " + lc37Puzzle)
	f.Add("!explain " + lc37Puzzle)
	f.Add("!explain " + strings.Repeat(".", 16))
	f.Add("!hint " + lc37Solution)
	f.Add("!solve " + lc37Puzzle + " img")
	f.Add("!check img\n" + lc37Puzzle)
	f.Add("!hint 5 3 124 26 7 2468 1489 1249 248 6 247 247 1 9 5 3478 234 2478 12 9 8 23 34 24 13457 6 247 8 125 1259 579 6 147 4579 2459 3 4 25 2569 8 5 3 579 259 1 7 15 1359 59 2 14 4589 459 6 139 6 134579 357 35 7 2 8 4 23 278 237 4 1 9 36 3 5 123 1245 12345 2356 8 26 1346 7 9")
	f.Add("!hint 5 3 124 26 7 246 1489 1249 248 6 247 247 1 9 5 3478 234 2478 12 9 8 23 34 24 13457 6 247 8 125 1259 579 6 147 4579 2459 3 4 25 2569 8 5 3 579 259 1 7 15 1359 59 2 14 4589 459 6 139 6 134579 357 35 7 2 8 4 23 278 237 4 1 9 36 3 5 123 1245 12345 2356 8 26 1346 7 9 img")
	for _, tc := range hostile() {
		if len(tc.msg) < 1000 {
			f.Add(tc.msg)
		}
	}
	f.Add("!new")
	f.Add("!new extreme 9x9 img")
	f.Add("!new #9H-3f2a1c9x")
	f.Add("!daily easy")
	h := New(Config{SolveTimeout: 20 * time.Millisecond, Puzzles: testPool(f), PuzzleTimeout: 200 * time.Millisecond})
	f.Fuzz(func(t *testing.T, msg string) {
		req, ok := h.Match(msg, botID)
		if !ok {
			return
		}
		checkReply(t, msg, h.Handle(context.Background(), req))
	})
}
