package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/settings/sqlite"
)

// consoleSeat is who plays in the console and where: a member, a channel
// and no server (as a DM), with IDs shaped like Discord's.
var consoleSeat = command.Seat{ChannelID: "100000000000000001", UserID: "100000000000000002"}

// isMoveLine reports whether a console line is a game's moves (r3c5 7,
// undo, hint...) for a board of any size the bot plays, rather than part
// of a command's grid.
func isMoveLine(line string) bool {
	for _, n := range []int{9, 16, 25} {
		if _, err := game.Parse(line, n); err == nil {
			return true
		}
	}
	return false
}

// openConsoleGames opens the console's games: an SQLite file in a new
// temporary directory, removed by the function returned, so that a game
// can be tried without Discord and leaves nothing behind.
func openConsoleGames(ctx context.Context) (*sqlite.DB, func(), error) {
	dir, err := os.MkdirTemp("", "sudokubot-console-")
	if err != nil {
		return nil, nil, fmt.Errorf("console games: %w", err)
	}
	db, err := sqlite.Open(ctx, filepath.Join(dir, "games.db"))
	if err != nil {
		return nil, nil, errors.Join(fmt.Errorf("console games: %w", err), os.RemoveAll(dir))
	}
	return db, func() {
		db.Close()
		os.RemoveAll(dir)
	}, nil
}
