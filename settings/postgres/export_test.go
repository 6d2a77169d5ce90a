package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/sudokubot/sudokubot/settings"
)

// OpenAt connects to the database at url and migrates it up to schema
// version v only, as an older program left it (for the tests of package
// postgres_test).
func OpenAt(ctx context.Context, url string, v int) (*DB, error) { return open(ctx, url, v) }

// InsertGameV4 saves g as schema 4 kept games (no turn, events nor ranked)
// and returns its ID.
func (d *DB) InsertGameV4(ctx context.Context, g settings.GameRecord) (string, error) {
	var id int64
	err := d.pool.QueryRow(ctx, `INSERT INTO games (guild_id, channel_id, thread_id, message_id, owner_id, team, code, level,
		puzzle, solution, board, marks, history, status, started_at, finished_at, updated_at,
		moves, mistakes, hints, checks, show_mistakes, version)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)
		RETURNING game_id`,
		idOrZero(g.GuildID), idOrZero(g.ChannelID), idOrNull(g.ThreadID), idOrNull(g.MessageID), idOrZero(g.OwnerID), g.Team,
		g.Code, g.Level, g.Puzzle, g.Solution, g.Board, g.Marks, g.History, g.Status,
		g.Started, timeOrNull(g.Finished), g.Updated,
		g.Moves, g.Mistakes, g.Hints, g.Checks, g.ShowMistakes, g.Version).Scan(&id)
	if err != nil {
		return "", fmt.Errorf("insert a schema 4 game: %w", err)
	}
	for i, p := range g.Players {
		if _, err := d.pool.Exec(ctx, `INSERT INTO game_players (game_id, position, user_id, moves) VALUES ($1, $2, $3, $4)`,
			id, i, idOrZero(p.UserID), p.Moves); err != nil {
			return "", fmt.Errorf("insert a schema 4 game's players: %w", err)
		}
	}
	return settings.FormatID(id), nil
}

// Queries of the statistics, for the plan test.
const (
	FastestSolvesQuery = `SELECT ` + gameColumns + ` FROM games ` + fastestWhere
	MemberStatsQuery   = memberStatsQuery
)

// Plan returns PostgreSQL's plan of q with sequential scans off: whether an
// index can serve the query, whatever the planner would pick on a table
// this small.
func (d *DB) Plan(ctx context.Context, q string, args ...any) (string, error) {
	var plan string
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SET LOCAL enable_seqscan = off`); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `EXPLAIN `+q, args...)
		if err != nil {
			return err
		}
		lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
		plan = strings.Join(lines, "\n")
		return err
	})
	return plan, err
}
