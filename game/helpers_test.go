package game

import (
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/testgrids"
)

// The puzzle of the README's examples and its solution, and a 4×4 one.
const (
	classic    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	small      = "1.3...1..1.34..."
	smallSol   = "1234341221434321"
)

var t0 = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

// newGame starts a game of puzzle and its solution owned by "ann".
func newGame(t *testing.T, puzzle, solution string, team bool) *Game {
	t.Helper()
	g, err := New(testgrids.Decode(t, puzzle), testgrids.Decode(t, solution), "ann", team, t0)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// play parses text for g and plays it as player, a minute after the last time.
func play(t *testing.T, g *Game, player, text string) (Outcome, error) {
	t.Helper()
	ms, err := Parse(text, g.Board().Size())
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	return g.Play(ms, player, t0.Add(time.Minute))
}
