package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/settings"
)

// Games: the games played in Discord (schema 2), behind [settings.Games].
// Writes go through the one writer of the process (tx), so the count of a
// member's open games and the insert of a new one are one transaction that
// no other write interleaves with; an update names the version it read.

var _ settings.Games = (*DB)(nil)

// gameColumns are a game's columns, its players in one of them (user:moves,
// comma-separated, in order): every read of games is one query.
const gameColumns = `game_id, guild_id, channel_id, thread_id, message_id, owner_id, team, code, level,
	puzzle, solution, board, marks, history, status, started_at, finished_at, updated_at,
	moves, mistakes, hints, checks, show_mistakes, version, turn, events, ranked,
	(SELECT group_concat(p.user_id || ':' || p.moves, ',' ORDER BY p.position) FROM game_players p WHERE p.game_id = games.game_id)`

// gameRow is a game's columns as SQLite holds them.
type gameRow struct {
	id, guild, channel, owner      int64
	thread, message                sql.NullInt64
	team, showMistakes, ranked     bool
	started, updated               int64
	finished                       sql.NullInt64
	version, turn                  int64
	code, level, status            string
	puzzle, solution, board        string
	marks, history, events         string
	moves, mistakes, hints, checks int
	players                        sql.NullString
}

func (r *gameRow) scan(s scanner) error {
	return s.Scan(&r.id, &r.guild, &r.channel, &r.thread, &r.message, &r.owner, &r.team, &r.code, &r.level,
		&r.puzzle, &r.solution, &r.board, &r.marks, &r.history, &r.status, &r.started, &r.finished, &r.updated,
		&r.moves, &r.mistakes, &r.hints, &r.checks, &r.showMistakes, &r.version, &r.turn, &r.events, &r.ranked, &r.players)
}

func (r *gameRow) record() (settings.GameRecord, error) {
	g := settings.GameRecord{
		ID: settings.FormatID(r.id), ChannelID: settings.FormatID(r.channel), OwnerID: settings.FormatID(r.owner),
		Team: r.team, Code: r.code, Level: r.level,
		Puzzle: r.puzzle, Solution: r.solution, Board: r.board, Marks: r.marks, History: r.history, Status: r.status,
		Started: time.UnixMilli(r.started).UTC(), Updated: time.UnixMilli(r.updated).UTC(),
		Moves: r.moves, Mistakes: r.mistakes, Hints: r.hints, Checks: r.checks, ShowMistakes: r.showMistakes,
		Version: r.version, Turn: r.turn, Ranked: r.ranked,
	}
	if r.events != "" {
		g.Events = strings.Split(r.events, ",")
	}
	if r.guild != 0 {
		g.GuildID = settings.FormatID(r.guild)
	}
	if r.thread.Valid {
		g.ThreadID = settings.FormatID(r.thread.Int64)
	}
	if r.message.Valid {
		g.MessageID = settings.FormatID(r.message.Int64)
	}
	if r.finished.Valid {
		g.Finished = time.UnixMilli(r.finished.Int64).UTC()
	}
	if r.players.Valid && r.players.String != "" {
		for _, p := range strings.Split(r.players.String, ",") {
			user, moves, _ := strings.Cut(p, ":")
			n, err := strconv.Atoi(moves)
			if err != nil || !settings.ValidID(user) {
				return g, fmt.Errorf("game %s: stored player %q", g.ID, p)
			}
			g.Players = append(g.Players, settings.GamePlayer{UserID: user, Moves: n})
		}
	}
	return g, nil
}

// idOrZero reads an optional snowflake: "" is 0 (a DM's server).
func idOrZero(id string) int64 {
	n, _ := settings.ParseID(id) // validated by the caller
	return n
}

// idOrNull reads an optional snowflake: "" is NULL.
func idOrNull(id string) any {
	if id == "" {
		return nil
	}
	n, _ := settings.ParseID(id)
	return n
}

func millisOrNull(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
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
	now := g.Updated
	if now.IsZero() {
		now = time.Now()
	}
	var refused error
	err := d.tx(ctx, func(tx *sql.Tx) error {
		var open int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE guild_id = ? AND owner_id = ? AND status = 'playing'`,
			idOrZero(g.GuildID), idOrZero(g.OwnerID)).Scan(&open); err != nil {
			return fmt.Errorf("count open games: %w", err)
		}
		if g.Open() && maxOpen > 0 && open >= maxOpen {
			refused = &settings.TooManyGamesError{Open: open, Limit: maxOpen}
			return refused
		}
		var id int64
		if err := tx.QueryRowContext(ctx, `INSERT INTO games (guild_id, channel_id, thread_id, message_id, owner_id, team, code, level,
			puzzle, solution, board, marks, history, status, started_at, finished_at, updated_at,
			moves, mistakes, hints, checks, show_mistakes, version, turn, events, ranked)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?) RETURNING game_id`,
			idOrZero(g.GuildID), idOrZero(g.ChannelID), idOrNull(g.ThreadID), idOrNull(g.MessageID), idOrZero(g.OwnerID), g.Team,
			g.Code, g.Level, g.Puzzle, g.Solution, g.Board, g.Marks, g.History, g.Status,
			g.Started.UnixMilli(), millisOrNull(g.Finished), now.UnixMilli(),
			g.Moves, g.Mistakes, g.Hints, g.Checks, g.ShowMistakes, g.Turn, strings.Join(g.Events, ","), g.Ranked).Scan(&id); err != nil {
			return fmt.Errorf("insert: %w", err)
		}
		g.ID = settings.FormatID(id)
		return savePlayers(ctx, tx, id, g.Players)
	})
	if refused != nil && errors.Is(err, refused) {
		return settings.GameRecord{}, refused
	}
	if err != nil {
		return settings.GameRecord{}, fmt.Errorf("sqlite: create game: %w", err)
	}
	return d.Game(ctx, g.ID)
}

func savePlayers(ctx context.Context, tx *sql.Tx, id int64, ps []settings.GamePlayer) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM game_players WHERE game_id = ?`, id); err != nil {
		return fmt.Errorf("save players: %w", err)
	}
	for i, p := range ps {
		if _, err := tx.ExecContext(ctx, `INSERT INTO game_players (game_id, position, user_id, moves) VALUES (?, ?, ?, ?)`,
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
	gs, err := d.games(ctx, `WHERE game_id = ?`, n)
	if err != nil {
		return settings.GameRecord{}, fmt.Errorf("sqlite: read game %s: %w", id, err)
	}
	if len(gs) == 0 {
		return settings.GameRecord{}, fmt.Errorf("sqlite: read game %s: %w", id, settings.ErrNoGame)
	}
	return gs[0], nil
}

// games reads the games a condition selects, with their players, in one
// query.
func (d *DB) games(ctx context.Context, where string, args ...any) ([]settings.GameRecord, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT `+gameColumns+` FROM games `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var gs []settings.GameRecord
	for rows.Next() {
		var r gameRow
		if err := r.scan(rows); err != nil {
			return nil, err
		}
		g, err := r.record()
		if err != nil {
			return nil, err
		}
		gs = append(gs, g)
	}
	return gs, rows.Err()
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
	now := g.Updated
	if now.IsZero() {
		now = time.Now()
	}
	err = d.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET thread_id = ?, message_id = ?, team = ?, board = ?, marks = ?, history = ?,
			status = ?, finished_at = ?, updated_at = ?, moves = ?, mistakes = ?, hints = ?, checks = ?, show_mistakes = ?,
			turn = ?, events = ?, ranked = ?, version = version + 1
			WHERE game_id = ? AND version = ?`,
			idOrNull(g.ThreadID), idOrNull(g.MessageID), g.Team, g.Board, g.Marks, g.History,
			g.Status, millisOrNull(g.Finished), now.UnixMilli(), g.Moves, g.Mistakes, g.Hints, g.Checks, g.ShowMistakes,
			g.Turn, strings.Join(g.Events, ","), g.Ranked, n, g.Version)
		if err != nil {
			return fmt.Errorf("save: %w", err)
		}
		if k, _ := res.RowsAffected(); k == 0 {
			var v int64
			switch err := tx.QueryRowContext(ctx, `SELECT version FROM games WHERE game_id = ?`, n).Scan(&v); {
			case errors.Is(err, sql.ErrNoRows):
				return settings.ErrNoGame
			case err != nil:
				return err
			}
			return fmt.Errorf("%w (version %d read, %d stored)", settings.ErrGameConflict, g.Version, v)
		}
		return savePlayers(ctx, tx, n, g.Players)
	})
	if err != nil {
		return settings.GameRecord{}, fmt.Errorf("sqlite: update game %s: %w", g.ID, err)
	}
	return d.Game(ctx, g.ID)
}

// OpenGames returns a member's open games in a server (see
// [settings.Games.OpenGames]).
func (d *DB) OpenGames(ctx context.Context, guildID, userID string) ([]settings.GameRecord, error) {
	if guildID != "" && !settings.ValidID(guildID) || !settings.ValidID(userID) {
		return nil, fmt.Errorf("sqlite: open games of %q in %q: not Discord IDs", userID, guildID)
	}
	gs, err := d.games(ctx, `WHERE guild_id = ? AND owner_id = ? AND status = 'playing' ORDER BY updated_at DESC, game_id DESC`,
		idOrZero(guildID), idOrZero(userID))
	if err != nil {
		return nil, fmt.Errorf("sqlite: open games of member %s: %w", userID, err)
	}
	return gs, nil
}

// GamesIn returns the open games of a channel or thread (see
// [settings.Games.GamesIn]).
func (d *DB) GamesIn(ctx context.Context, channelID string) ([]settings.GameRecord, error) {
	id, err := settings.ParseID(channelID)
	if err != nil {
		return nil, fmt.Errorf("sqlite: games in a channel: %w", err)
	}
	gs, err := d.games(ctx, `WHERE status = 'playing' AND (thread_id = ? OR channel_id = ?) ORDER BY updated_at DESC, game_id DESC`, id, id)
	if err != nil {
		return nil, fmt.Errorf("sqlite: games in channel %s: %w", channelID, err)
	}
	return gs, nil
}

// CloseIdleGames closes the games left untouched (see
// [settings.Games.CloseIdleGames]).
func (d *DB) CloseIdleGames(ctx context.Context, before, now time.Time) (int, error) {
	var n int64
	err := d.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE games SET status = 'closed', finished_at = ?, updated_at = ?, version = version + 1
			WHERE status = 'playing' AND updated_at < ?`, now.UnixMilli(), now.UnixMilli(), before.UnixMilli())
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("sqlite: close idle games: %w", err)
	}
	return int(n), nil
}

// FinishedGames returns the games of a server finished since a time (see
// [settings.Games.FinishedGames]).
func (d *DB) FinishedGames(ctx context.Context, guildID, userID string, since time.Time) ([]settings.GameRecord, error) {
	if guildID != "" && !settings.ValidID(guildID) || userID != "" && !settings.ValidID(userID) {
		return nil, fmt.Errorf("sqlite: finished games of %q in %q: not Discord IDs", userID, guildID)
	}
	where := `WHERE guild_id = ? AND status IN ('solved', 'gave_up') AND finished_at >= ?`
	args := []any{idOrZero(guildID), since.UnixMilli()}
	if userID != "" {
		where += ` AND (owner_id = ? OR game_id IN (SELECT game_id FROM game_players WHERE user_id = ?))`
		args = append(args, idOrZero(userID), idOrZero(userID))
	}
	gs, err := d.games(ctx, where+` ORDER BY finished_at, game_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: finished games: %w", err)
	}
	return gs, nil
}

// memberStatsQuery sums up a member's finished games (?1 the server, ?2 the
// member, as owner or player): a first row (kind 0) of counts, finished,
// solved and given up; then a row (kind 1) for each level solved: the
// solves, the best time, and the sum and count of the middle one or two
// times (milliseconds). The history column is never read.
const memberStatsQuery = `WITH mine AS (
	SELECT game_id, status, level, finished_at - started_at AS ms FROM games
		WHERE guild_id = ?1 AND owner_id = ?2 AND status IN ('solved', 'gave_up')
	UNION
	SELECT g.game_id, g.status, g.level, g.finished_at - g.started_at FROM game_players p JOIN games g ON g.game_id = p.game_id
		WHERE p.user_id = ?2 AND g.guild_id = ?1 AND g.status IN ('solved', 'gave_up')
), solves AS (
	SELECT level, ms, ROW_NUMBER() OVER (PARTITION BY level ORDER BY ms) AS rn, COUNT(*) OVER (PARTITION BY level) AS n
		FROM mine WHERE status = 'solved'
)
SELECT 0, '', count(*), count(*) FILTER (WHERE status = 'solved'), count(*) FILTER (WHERE status = 'gave_up'), 0 FROM mine
UNION ALL
SELECT 1, level, n, min(ms), sum(ms) FILTER (WHERE rn IN ((n + 1) / 2, (n + 2) / 2)), count(*) FILTER (WHERE rn IN ((n + 1) / 2, (n + 2) / 2))
	FROM solves GROUP BY level, n`

// MemberStats sums up a member's finished games with one aggregate query
// (see [settings.Games.MemberStats]).
func (d *DB) MemberStats(ctx context.Context, guildID, userID string) (settings.MemberStats, error) {
	if guildID != "" && !settings.ValidID(guildID) || !settings.ValidID(userID) {
		return settings.MemberStats{}, fmt.Errorf("sqlite: statistics of %q in %q: not Discord IDs", userID, guildID)
	}
	rows, err := d.db.QueryContext(ctx, memberStatsQuery, idOrZero(guildID), idOrZero(userID))
	if err != nil {
		return settings.MemberStats{}, fmt.Errorf("sqlite: statistics of member %s: %w", userID, err)
	}
	defer rows.Close()
	var st settings.MemberStats
	for rows.Next() {
		var kind int
		var level string
		var a, b, c, k int64
		if err := rows.Scan(&kind, &level, &a, &b, &c, &k); err != nil {
			return settings.MemberStats{}, fmt.Errorf("sqlite: statistics of member %s: %w", userID, err)
		}
		if kind == 0 {
			st.Finished, st.Solved, st.GaveUp = int(a), int(b), int(c)
			continue
		}
		st.Levels = append(st.Levels, settings.LevelStats{Level: level, Solved: int(a),
			Best: time.Duration(b) * time.Millisecond, Median: time.Duration(c) * time.Millisecond / time.Duration(max(k, 1))})
	}
	if err := rows.Err(); err != nil {
		return settings.MemberStats{}, fmt.Errorf("sqlite: statistics of member %s: %w", userID, err)
	}
	return st, nil
}

// fastestWhere selects FastestSolves' games: ranked solves of a server
// (?) since a time (?), of a level (?) if byLevel, fastest first, at most
// a number of them (?). The fastest are picked from the
// games_ranked_solves index alone, then only they are read whole.
func fastestWhere(byLevel bool) string {
	const order = ` ORDER BY finished_at - started_at, finished_at, game_id`
	where := `WHERE guild_id = ? AND status = 'solved' AND ranked = 1 AND finished_at >= ?`
	if byLevel {
		where += ` AND level = ?`
	}
	return `WHERE game_id IN (SELECT game_id FROM games ` + where + order + ` LIMIT ?)` + order
}

// FastestSolves returns a server's fastest ranked solves since a time (see
// [settings.Games.FastestSolves]), from the games_ranked_solves index.
func (d *DB) FastestSolves(ctx context.Context, guildID, level string, since time.Time, limit int) ([]settings.GameRecord, error) {
	if guildID != "" && !settings.ValidID(guildID) {
		return nil, fmt.Errorf("sqlite: fastest solves in %q: not a Discord ID", guildID)
	}
	if limit < 1 {
		return nil, fmt.Errorf("sqlite: fastest solves: limit %d, want at least 1", limit)
	}
	args := []any{idOrZero(guildID), since.UnixMilli()}
	if level != "" {
		args = append(args, level)
	}
	gs, err := d.games(ctx, fastestWhere(level != ""), append(args, limit)...)
	if err != nil {
		return nil, fmt.Errorf("sqlite: fastest solves: %w", err)
	}
	return gs, nil
}
