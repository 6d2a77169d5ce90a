package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sudokubot/sudokubot/settings"
)

// Games: the games played in Discord (schema 2), behind [settings.Games].
// A new game takes a transaction-scoped advisory lock on its owner and
// server before counting their open games, so two starts at once cannot
// both pass the limit; an update names the version it read.

var _ settings.Games = (*DB)(nil)

const gameColumns = `game_id, guild_id, channel_id, thread_id, message_id, owner_id, team, code, level,
	puzzle, solution, board, marks, history, status, started_at, finished_at, updated_at,
	moves, mistakes, hints, checks, show_mistakes, version, turn, events, ranked,
	array(SELECT user_id FROM game_players p WHERE p.game_id = games.game_id ORDER BY position),
	array(SELECT moves FROM game_players p WHERE p.game_id = games.game_id ORDER BY position)`

func scanGame(row pgx.Row) (settings.GameRecord, error) {
	var (
		g                       settings.GameRecord
		id, guild, channel, own int64
		thread, message         *int64
		finished                *time.Time
		users, events           []int64
		moves                   []int32
	)
	if err := row.Scan(&id, &guild, &channel, &thread, &message, &own, &g.Team, &g.Code, &g.Level,
		&g.Puzzle, &g.Solution, &g.Board, &g.Marks, &g.History, &g.Status, &g.Started, &finished, &g.Updated,
		&g.Moves, &g.Mistakes, &g.Hints, &g.Checks, &g.ShowMistakes, &g.Version, &g.Turn, &events, &g.Ranked, &users, &moves); err != nil {
		return g, err
	}
	g.ID, g.ChannelID, g.OwnerID = settings.FormatID(id), settings.FormatID(channel), settings.FormatID(own)
	if guild != 0 {
		g.GuildID = settings.FormatID(guild)
	}
	if thread != nil {
		g.ThreadID = settings.FormatID(*thread)
	}
	if message != nil {
		g.MessageID = settings.FormatID(*message)
	}
	if finished != nil {
		g.Finished = finished.UTC()
	}
	g.Started, g.Updated = g.Started.UTC(), g.Updated.UTC()
	for _, e := range events {
		g.Events = append(g.Events, settings.FormatID(e))
	}
	for i, u := range users {
		g.Players = append(g.Players, settings.GamePlayer{UserID: settings.FormatID(u), Moves: int(moves[i])})
	}
	return g, nil
}

// idOrZero reads an optional snowflake: "" is 0 (a DM's server).
func idOrZero(id string) int64 {
	n, _ := settings.ParseID(id) // validated by the caller
	return n
}

// idOrNull reads an optional snowflake: "" is NULL.
func idOrNull(id string) *int64 {
	if id == "" {
		return nil
	}
	n, _ := settings.ParseID(id)
	return &n
}

// eventIDs reads validated snowflakes, never nil (the column is NOT NULL).
func eventIDs(ids []string) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		n, _ := settings.ParseID(id)
		out = append(out, n)
	}
	return out
}

func timeOrNull(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func parseGame(id string) (int64, error) {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("game ID %q: %w", id, settings.ErrNoGame)
	}
	return n, nil
}

// CreateGame saves a new game (see [settings.Games.CreateGame]).
func (d *DB) CreateGame(ctx context.Context, g settings.GameRecord, maxOpen int) (settings.GameRecord, error) {
	if err := g.Validate(); err != nil {
		return settings.GameRecord{}, err
	}
	guild, owner := idOrZero(g.GuildID), idOrZero(g.OwnerID)
	var refused error
	var id int64
	err := pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`,
			fmt.Sprintf("sudokubot games %d %d", guild, owner)); err != nil {
			return fmt.Errorf("lock the member's games: %w", err)
		}
		var open int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM games WHERE guild_id = $1 AND owner_id = $2 AND status = 'playing'`,
			guild, owner).Scan(&open); err != nil {
			return fmt.Errorf("count open games: %w", err)
		}
		if g.Open() && maxOpen > 0 && open >= maxOpen {
			refused = &settings.TooManyGamesError{Open: open, Limit: maxOpen}
			return refused
		}
		if err := tx.QueryRow(ctx, `INSERT INTO games (guild_id, channel_id, thread_id, message_id, owner_id, team, code, level,
			puzzle, solution, board, marks, history, status, started_at, finished_at, updated_at,
			moves, mistakes, hints, checks, show_mistakes, version, turn, events, ranked)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, coalesce($22, now()), $17, $18, $19, $20, $21, 1,
				$23, $24, $25)
			RETURNING game_id`,
			guild, idOrZero(g.ChannelID), idOrNull(g.ThreadID), idOrNull(g.MessageID), owner, g.Team,
			g.Code, g.Level, g.Puzzle, g.Solution, g.Board, g.Marks, g.History, g.Status,
			g.Started, timeOrNull(g.Finished), g.Moves, g.Mistakes, g.Hints, g.Checks, g.ShowMistakes, timeOrNull(g.Updated),
			g.Turn, eventIDs(g.Events), g.Ranked).Scan(&id); err != nil {
			return fmt.Errorf("insert: %w", err)
		}
		return savePlayers(ctx, tx, id, g.Players)
	})
	if refused != nil && errors.Is(err, refused) {
		return settings.GameRecord{}, refused
	}
	if err != nil {
		return settings.GameRecord{}, fmt.Errorf("postgres: create game: %w", err)
	}
	return d.Game(ctx, settings.FormatID(id))
}

func savePlayers(ctx context.Context, tx pgx.Tx, id int64, ps []settings.GamePlayer) error {
	if _, err := tx.Exec(ctx, `DELETE FROM game_players WHERE game_id = $1`, id); err != nil {
		return fmt.Errorf("save players: %w", err)
	}
	for i, p := range ps {
		if _, err := tx.Exec(ctx, `INSERT INTO game_players (game_id, position, user_id, moves) VALUES ($1, $2, $3, $4)`,
			id, i, idOrZero(p.UserID), p.Moves); err != nil {
			return fmt.Errorf("save players: %w", err)
		}
	}
	return nil
}

// Game returns a game by its ID (see [settings.Games.Game]).
func (d *DB) Game(ctx context.Context, id string) (settings.GameRecord, error) {
	n, err := parseGame(id)
	if err != nil {
		return settings.GameRecord{}, err
	}
	g, err := scanGame(d.pool.QueryRow(ctx, `SELECT `+gameColumns+` FROM games WHERE game_id = $1`, n))
	if errors.Is(err, pgx.ErrNoRows) {
		return settings.GameRecord{}, fmt.Errorf("postgres: read game %s: %w", id, settings.ErrNoGame)
	}
	if err != nil {
		return settings.GameRecord{}, fmt.Errorf("postgres: read game %s: %w", id, err)
	}
	return g, nil
}

func (d *DB) games(ctx context.Context, where string, args ...any) ([]settings.GameRecord, error) {
	rows, err := d.pool.Query(ctx, `SELECT `+gameColumns+` FROM games `+where, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (settings.GameRecord, error) { return scanGame(r) })
}

// UpdateGame saves a game if nobody saved it since it was read (see
// [settings.Games.UpdateGame]).
func (d *DB) UpdateGame(ctx context.Context, g settings.GameRecord) (settings.GameRecord, error) {
	n, err := parseGame(g.ID)
	if err != nil {
		return settings.GameRecord{}, err
	}
	if err := g.Validate(); err != nil {
		return settings.GameRecord{}, err
	}
	err = pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE games SET thread_id = $1, message_id = $2, team = $3, board = $4, marks = $5, history = $6,
			status = $7, finished_at = $8, updated_at = coalesce($16, now()), moves = $9, mistakes = $10, hints = $11, checks = $12,
			show_mistakes = $13, turn = $17, events = $18, ranked = $19, version = version + 1
			WHERE game_id = $14 AND version = $15`,
			idOrNull(g.ThreadID), idOrNull(g.MessageID), g.Team, g.Board, g.Marks, g.History,
			g.Status, timeOrNull(g.Finished), g.Moves, g.Mistakes, g.Hints, g.Checks, g.ShowMistakes, n, g.Version, timeOrNull(g.Updated),
			g.Turn, eventIDs(g.Events), g.Ranked)
		if err != nil {
			return fmt.Errorf("save: %w", err)
		}
		if tag.RowsAffected() == 0 {
			var v int64
			switch err := tx.QueryRow(ctx, `SELECT version FROM games WHERE game_id = $1`, n).Scan(&v); {
			case errors.Is(err, pgx.ErrNoRows):
				return settings.ErrNoGame
			case err != nil:
				return err
			}
			return fmt.Errorf("%w (version %d read, %d stored)", settings.ErrGameConflict, g.Version, v)
		}
		return savePlayers(ctx, tx, n, g.Players)
	})
	if err != nil {
		return settings.GameRecord{}, fmt.Errorf("postgres: update game %s: %w", g.ID, err)
	}
	return d.Game(ctx, g.ID)
}

// OpenGames returns a member's open games in a server (see
// [settings.Games.OpenGames]).
func (d *DB) OpenGames(ctx context.Context, guildID, userID string) ([]settings.GameRecord, error) {
	if guildID != "" && !settings.ValidID(guildID) || !settings.ValidID(userID) {
		return nil, fmt.Errorf("postgres: open games of %q in %q: not Discord IDs", userID, guildID)
	}
	gs, err := d.games(ctx, `WHERE guild_id = $1 AND owner_id = $2 AND status = 'playing' ORDER BY updated_at DESC, game_id DESC`,
		idOrZero(guildID), idOrZero(userID))
	if err != nil {
		return nil, fmt.Errorf("postgres: open games of member %s: %w", userID, err)
	}
	return gs, nil
}

// GamesIn returns the open games of a channel or thread (see
// [settings.Games.GamesIn]).
func (d *DB) GamesIn(ctx context.Context, channelID string) ([]settings.GameRecord, error) {
	id, err := settings.ParseID(channelID)
	if err != nil {
		return nil, fmt.Errorf("postgres: games in a channel: %w", err)
	}
	gs, err := d.games(ctx, `WHERE status = 'playing' AND (thread_id = $1 OR channel_id = $1) ORDER BY updated_at DESC, game_id DESC`, id)
	if err != nil {
		return nil, fmt.Errorf("postgres: games in channel %s: %w", channelID, err)
	}
	return gs, nil
}

// CloseIdleGames closes the games left untouched (see
// [settings.Games.CloseIdleGames]).
func (d *DB) CloseIdleGames(ctx context.Context, before, now time.Time) (int, error) {
	tag, err := d.pool.Exec(ctx, `UPDATE games SET status = 'closed', finished_at = $1, updated_at = $1, version = version + 1
		WHERE status = 'playing' AND updated_at < $2`, now, before)
	if err != nil {
		return 0, fmt.Errorf("postgres: close idle games: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// FinishedGames returns the games of a server finished since a time (see
// [settings.Games.FinishedGames]).
func (d *DB) FinishedGames(ctx context.Context, guildID, userID string, since time.Time) ([]settings.GameRecord, error) {
	if guildID != "" && !settings.ValidID(guildID) || userID != "" && !settings.ValidID(userID) {
		return nil, fmt.Errorf("postgres: finished games of %q in %q: not Discord IDs", userID, guildID)
	}
	where := `WHERE guild_id = $1 AND status IN ('solved', 'gave_up') AND finished_at >= $2`
	args := []any{idOrZero(guildID), since}
	if userID != "" {
		where += ` AND (owner_id = $3 OR game_id IN (SELECT game_id FROM game_players WHERE user_id = $3))`
		args = append(args, idOrZero(userID))
	}
	gs, err := d.games(ctx, where+` ORDER BY finished_at, game_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("postgres: finished games: %w", err)
	}
	return gs, nil
}

// millis is a game's time from start to finish in whole milliseconds, of
// times cut to the millisecond, as the SQLite store keeps them.
const millis = `(extract(epoch FROM date_trunc('milliseconds', g.finished_at) - date_trunc('milliseconds', g.started_at)) * 1000)::bigint`

// memberStatsQuery sums up a member's finished games ($1 the server, $2 the
// member, as owner or player): a first row (kind 0) of counts, finished,
// solved and given up; then a row (kind 1) for each level solved: the
// solves, the best time, and the sum and count of the middle one or two
// times (milliseconds). The history column is never read.
const memberStatsQuery = `WITH mine AS (
	SELECT g.game_id, g.status, g.level, ` + millis + ` AS ms FROM games g
		WHERE g.guild_id = $1 AND g.owner_id = $2 AND g.status IN ('solved', 'gave_up')
	UNION
	SELECT g.game_id, g.status, g.level, ` + millis + ` FROM game_players p JOIN games g ON g.game_id = p.game_id
		WHERE p.user_id = $2 AND g.guild_id = $1 AND g.status IN ('solved', 'gave_up')
), solves AS (
	SELECT level, ms, ROW_NUMBER() OVER (PARTITION BY level ORDER BY ms) AS rn, COUNT(*) OVER (PARTITION BY level) AS n
		FROM mine WHERE status = 'solved'
)
SELECT 0, '', count(*), count(*) FILTER (WHERE status = 'solved'), count(*) FILTER (WHERE status = 'gave_up'), 0::bigint FROM mine
UNION ALL
SELECT 1, level, n, min(ms), sum(ms) FILTER (WHERE rn IN ((n + 1) / 2, (n + 2) / 2)), count(*) FILTER (WHERE rn IN ((n + 1) / 2, (n + 2) / 2))
	FROM solves GROUP BY level, n`

// MemberStats sums up a member's finished games with one aggregate query
// (see [settings.Games.MemberStats]).
func (d *DB) MemberStats(ctx context.Context, guildID, userID string) (settings.MemberStats, error) {
	if guildID != "" && !settings.ValidID(guildID) || !settings.ValidID(userID) {
		return settings.MemberStats{}, fmt.Errorf("postgres: statistics of %q in %q: not Discord IDs", userID, guildID)
	}
	rows, err := d.pool.Query(ctx, memberStatsQuery, idOrZero(guildID), idOrZero(userID))
	if err != nil {
		return settings.MemberStats{}, fmt.Errorf("postgres: statistics of member %s: %w", userID, err)
	}
	defer rows.Close()
	var st settings.MemberStats
	for rows.Next() {
		var kind int32
		var level string
		var a, b, c, k int64
		if err := rows.Scan(&kind, &level, &a, &b, &c, &k); err != nil {
			return settings.MemberStats{}, fmt.Errorf("postgres: statistics of member %s: %w", userID, err)
		}
		if kind == 0 {
			st.Finished, st.Solved, st.GaveUp = int(a), int(b), int(c)
			continue
		}
		st.Levels = append(st.Levels, settings.LevelStats{Level: level, Solved: int(a),
			Best: time.Duration(b) * time.Millisecond, Median: time.Duration(c) * time.Millisecond / time.Duration(max(k, 1))})
	}
	if err := rows.Err(); err != nil {
		return settings.MemberStats{}, fmt.Errorf("postgres: statistics of member %s: %w", userID, err)
	}
	return st, nil
}

// fastestWhere selects FastestSolves' games: ranked solves of a server
// ($1) since a time ($2), of a level ($3; empty: every level), fastest
// first, at most $4 of them. The fastest are picked from the
// games_ranked_solves index alone, then only they are read whole.
const fastestWhere = `WHERE game_id IN (SELECT game_id FROM games
		WHERE guild_id = $1 AND status = 'solved' AND ranked AND finished_at >= $2 AND ($3 = '' OR level = $3)
		ORDER BY finished_at - started_at, finished_at, game_id LIMIT $4)
	ORDER BY finished_at - started_at, finished_at, game_id`

// FastestSolves returns a server's fastest ranked solves since a time (see
// [settings.Games.FastestSolves]), from the games_ranked_solves index.
func (d *DB) FastestSolves(ctx context.Context, guildID, level string, since time.Time, limit int) ([]settings.GameRecord, error) {
	if guildID != "" && !settings.ValidID(guildID) {
		return nil, fmt.Errorf("postgres: fastest solves in %q: not a Discord ID", guildID)
	}
	if limit < 1 {
		return nil, fmt.Errorf("postgres: fastest solves: limit %d, want at least 1", limit)
	}
	gs, err := d.games(ctx, fastestWhere, idOrZero(guildID), since, level, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: fastest solves: %w", err)
	}
	return gs, nil
}
