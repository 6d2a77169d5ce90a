package command

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/settings"
)

// TestDailyFor: a server's daily post shows the server's prefix and follows
// its channel's pictures; the Handler's own are left as they were.
func TestDailyFor(t *testing.T) {
	h := puzzleHandler(t, Config{Prefix: "!", Pictures: PicturesAlways})
	ctx := context.Background()
	own := h.Daily(ctx, testDay, generate.Easy)
	server := h.DailyFor(ctx, testDay, settings.LevelEasy, &Settings{Prefix: "sb?", Pictures: PicturesNever})
	if !strings.Contains(server.Text, "sb?check") || strings.Contains(server.Text, "!check") {
		t.Errorf("the server's daily post does not show its prefix sb?:\n%s", server.Text)
	}
	if len(server.Files) != 0 || len(own.Files) == 0 {
		t.Errorf("pictures: %d files with the server's never, %d with the Handler's always", len(server.Files), len(own.Files))
	}
	if served(t, server.Text).Code != served(t, own.Text).Code {
		t.Error("the server's post is another puzzle than the day's")
	}
	if again := h.Daily(ctx, testDay, generate.Easy); !strings.Contains(again.Text, "!check") {
		t.Errorf("the Handler's prefix changed after a server's post:\n%s", again.Text)
	}
}

// TestGridOf: the grid of a check, read as Handle reads it; with the
// picture word, and the parser's error for no grid.
func TestGridOf(t *testing.T) {
	h := New(Config{})
	want := testgrids.Decode(t, lc37Solution)
	for _, args := range []string{" " + lc37Solution, " img " + lc37Solution, "\n" + lc37Solution + " img"} {
		g, err := h.GridOf(Request{Kind: Check, Args: args})
		if err != nil || g != want {
			t.Errorf("GridOf(%q) = %v, %v; want the grid", args, g, err)
		}
	}
	if _, err := h.GridOf(Request{Kind: Check, Args: " "}); !errors.Is(err, parser.ErrEmpty) {
		t.Errorf("GridOf without a grid: %v, want parser.ErrEmpty", err)
	}
}
