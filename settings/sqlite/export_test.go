package sqlite

import (
	"context"
	"fmt"

	"github.com/sudokubot/sudokubot/settings"
)

// OpenAt opens the database at path migrated up to schema version v only,
// as an older program left it (for the tests of package sqlite_test).
func OpenAt(ctx context.Context, path string, v int) (*DB, error) { return open(ctx, path, v) }

// InsertGameV4 saves g as schema 4 kept games (no turn, events nor ranked)
// and returns its ID.
func (d *DB) InsertGameV4(ctx context.Context, g settings.GameRecord) (string, error) {
	var id int64
	err := d.db.QueryRowContext(ctx, `INSERT INTO games (guild_id, channel_id, thread_id, message_id, owner_id, team, code, level,
		puzzle, solution, board, marks, history, status, started_at, finished_at, updated_at,
		moves, mistakes, hints, checks, show_mistakes, version)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING game_id`,
		idOrZero(g.GuildID), idOrZero(g.ChannelID), idOrNull(g.ThreadID), idOrNull(g.MessageID), idOrZero(g.OwnerID), g.Team,
		g.Code, g.Level, g.Puzzle, g.Solution, g.Board, g.Marks, g.History, g.Status,
		g.Started.UnixMilli(), millisOrNull(g.Finished), g.Updated.UnixMilli(),
		g.Moves, g.Mistakes, g.Hints, g.Checks, g.ShowMistakes, g.Version).Scan(&id)
	if err != nil {
		return "", fmt.Errorf("insert a schema 4 game: %w", err)
	}
	for i, p := range g.Players {
		if _, err := d.db.ExecContext(ctx, `INSERT INTO game_players (game_id, position, user_id, moves) VALUES (?, ?, ?, ?)`,
			id, i, idOrZero(p.UserID), p.Moves); err != nil {
			return "", fmt.Errorf("insert a schema 4 game's players: %w", err)
		}
	}
	return settings.FormatID(id), nil
}
