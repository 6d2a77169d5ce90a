package command

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/sqlite"
)

// TestDailyNoSolutionToday: while a puzzle is today's daily (UTC), !solve
// and !explain of it are refused, as a reply to its post, with its code, or
// with its grid pasted (even with digits filled in), by a handler that
// never made it too; the member who asked is not ranked today (a real
// SQLite store), while hints and checks go on and yesterday's puzzle is
// solved as any other.
func TestDailyNoSolutionToday(t *testing.T) {
	ctx := context.Background()
	store, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	h := puzzleHandler(t, Config{Ranking: store})
	post := h.Daily(ctx, testDay, generate.Hard)
	p := served(t, post.Text)
	partial := p.Grid
	for i := range 81 {
		if partial.At(i) == 0 {
			partial.Set(i/9, i%9, p.Solution.At(i)) // one digit of progress
			break
		}
	}
	ask := func(h *Handler, user, msg, ref, code string) Reply {
		t.Helper()
		req, ok := h.Match(msg, botID)
		if !ok {
			t.Fatalf("%q not matched", msg)
		}
		req.Reference, req.Code, req.UserID = ref, code, user
		rep := h.Handle(ctx, req)
		checkReply(t, msg, rep)
		return rep
	}
	fresh := puzzleHandler(t, Config{Ranking: store}) // another process: it never made today's puzzle
	for _, tc := range []struct {
		name           string
		h              *Handler
		msg, ref, code string
	}{
		{"solve, a reply to the post", h, "!solve", post.Text, ""},
		{"explain, a reply to the post", h, "!explain", post.Text, ""},
		{"solve with its code", h, "!solve", "", p.Code.String()},
		{"solve of its grid", h, "!solve " + line(p.Grid), "", ""},
		{"explain of its grid, a digit filled", h, "!explain " + line(partial), "", ""},
		{"solve, another process", fresh, "!solve", post.Text, ""},
	} {
		rep := ask(tc.h, "501", tc.msg, tc.ref, tc.code)
		if rep.Outcome != outcomeDailyRefused || !strings.Contains(strings.ReplaceAll(rep.Text, `\`, ""), "no solutions until tomorrow (UTC)") ||
			strings.Contains(rep.Text, line(p.Solution)[:20]) || rep.Err != nil {
			t.Errorf("%s: %q (err %v)\n%q", tc.name, rep.Outcome, rep.Err, rep.Text)
		}
	}
	if rep := ask(h, "502", "!hint", post.Text, ""); rep.Outcome == outcomeDailyRefused {
		t.Errorf("a hint of today's daily was refused:\n%s", rep.Text)
	}
	if rep := ask(h, "502", "!check "+line(p.Solution), post.Text, ""); rep.Outcome != "complete" {
		t.Errorf("a check of today's daily solved: %q", rep.Outcome)
	}
	yesterday := served(t, h.Daily(ctx, testDay.AddDate(0, 0, -1), generate.Hard).Text)
	if rep := ask(h, "502", "!solve", "", yesterday.Code.String()); rep.Outcome != "unique" {
		t.Errorf("a solve of yesterday's daily: %q\n%s", rep.Outcome, rep.Text)
	}
	today := settings.DayOf(testDay)
	const guild = "111111111111111111"
	if place, recorded, err := store.RecordSolver(ctx, guild, today, "501", testDay); err != nil || place != 0 || recorded {
		t.Errorf("the member who asked, solving today: place %d, recorded %v, %v; want not ranked", place, recorded, err)
	}
	if place, _, err := store.RecordSolver(ctx, guild, today, "502", testDay); err != nil || place != 1 {
		t.Errorf("a member who only asked for hints: place %d, %v; want 1", place, err)
	}
}
