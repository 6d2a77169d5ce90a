// Package sqlite keeps the servers' settings, daily puzzles and games in an SQLite
// file, embedded in the process (pure Go, modernc.org/sqlite, no cgo): the
// backend for one process, DATABASE_URL=sqlite:PATH.
//
// The file is in WAL mode with synchronous=FULL, so readers never wait for
// the writer and a write is on disk when it returns. Several processes may
// open the same file (writes are serialised by SQLite's lock, waiting up to
// BusyTimeout); for several machines use settings/postgres.
//
// The schema is in migrations/*.sql, embedded and applied by [Open] in one
// transaction that holds the write lock, so two processes starting at once
// apply each migration once.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"modernc.org/sqlite" // also the "sqlite" database/sql driver
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/internal/migrations"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// BusyTimeout is how long a write waits for another process's write to end
// (SQLite's busy_timeout), unless its context ends first.
const BusyTimeout = 5 * time.Second

// DB is an SQLite database of settings. It implements [settings.Backend].
type DB struct {
	db   *sql.DB
	path string
	// write serialises this process's writers, so that they queue here (and
	// give up with their context) instead of polling SQLite's lock.
	write chan struct{}
}

var _ settings.Backend = (*DB)(nil)

// Open opens (creating it if needed) the SQLite database at path and brings
// its schema up to date. The directory must exist.
func Open(ctx context.Context, path string) (*DB, error) { return open(ctx, path, 0) }

// open opens the database at path migrated up to version upTo (0: the
// newest); tests make older schemas with it.
func open(ctx context.Context, path string, upTo int) (*DB, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	// SQLite opens a file it may not write read-only without a word, and
	// every write fails later: refuse it at once.
	if f, err := os.OpenFile(path, os.O_RDWR, 0); err == nil {
		f.Close()
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, &NotWritableError{Path: path, Err: err}
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", BusyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate") // a transaction takes the write lock at BEGIN: no deadlock upgrading later
	db, err := sql.Open("sqlite", path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open SQLite database %s: %w", path, err)
	}
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	d := &DB{db: db, path: path, write: make(chan struct{}, 1)}
	// Processes that open a new file at once (replicas starting together)
	// can find it locked while another turns on WAL, before SQLite's busy
	// timeout applies: such an open is tried again, for BusyTimeout at most.
	giveUp := time.Now().Add(BusyTimeout)
	for wait := 10 * time.Millisecond; ; wait = min(2*wait, 500*time.Millisecond) {
		err = d.migrate(ctx, upTo)
		if err == nil {
			return d, nil
		}
		if !busy(err) || time.Now().Add(wait).After(giveUp) || sleep(ctx, wait) != nil {
			db.Close()
			if nw := notWritable(path, err); nw != nil {
				return nil, nw
			}
			return nil, fmt.Errorf("open SQLite database %s: %w", path, err)
		}
	}
}

// NotWritableError is [Open]'s error for a database file, or its
// directory, that this process cannot write: SQLite says only "unable to
// open database file (14)" or "attempt to write a readonly database (8)".
type NotWritableError struct {
	Path string
	// Dir is set when the file is writable but its directory is not
	// (SQLite creates the -wal and -shm files beside it).
	Dir bool
	Err error // SQLite's error
}

func (e *NotWritableError) Error() string {
	what := "the file " + e.Path
	if e.Dir {
		what = "the directory " + filepath.Dir(e.Path)
	}
	return fmt.Sprintf("SQLite database %s: %s is not writable by this process (user %d): "+
		"make it writable, or set DATABASE_URL to a file that is (%v)", e.Path, what, os.Geteuid(), e.Err)
}

func (e *NotWritableError) Unwrap() error { return e.Err }

// notWritable returns a *NotWritableError when err, from opening the
// database at path, is SQLite's for a file it cannot open or write and the
// file or its directory is indeed not writable; nil otherwise.
func notWritable(path string, err error) error {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return nil
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM:
	default:
		return nil
	}
	if f, ferr := os.OpenFile(path, os.O_RDWR, 0); ferr != nil {
		if !errors.Is(ferr, os.ErrNotExist) {
			return &NotWritableError{Path: path, Err: err}
		}
	} else {
		f.Close()
	}
	probe, perr := os.CreateTemp(filepath.Dir(path), ".sudokubot-write-probe-*")
	if perr != nil {
		return &NotWritableError{Path: path, Dir: true, Err: err}
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// busy reports whether err is SQLite's "database is locked" (SQLITE_BUSY,
// extended codes included).
func busy(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY
}

// sleep waits for d or until ctx ends, and returns ctx's error then.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func checkPath(path string) error {
	switch {
	case path == "":
		return errors.New("SQLite database: no file path")
	case strings.ContainsAny(path, "?#"), strings.HasPrefix(path, ":"), strings.HasPrefix(path, "file:"):
		return fmt.Errorf("SQLite database %q: want a plain file path, without ?, # or a leading : or file:", path)
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("SQLite database %s: directory %s does not exist", path, dir)
	}
	return nil
}

// Path returns the file the database is in.
func (d *DB) Path() string { return d.path }

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

func (d *DB) migrate(ctx context.Context, upTo int) error {
	ms, err := migrations.Load(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	if upTo > 0 {
		ms = ms[:min(upTo, len(ms))]
	}
	return d.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    INTEGER PRIMARY KEY,
			name       TEXT    NOT NULL,
			applied_at INTEGER NOT NULL
		) STRICT`); err != nil {
			return fmt.Errorf("create schema_migrations: %w", err)
		}
		var have int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
			return fmt.Errorf("read schema version: %w", err)
		}
		if have > len(ms) {
			return &migrations.NewerError{Database: have, Known: len(ms)}
		}
		for _, m := range ms[have:] {
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
				m.Version, m.Name, time.Now().UnixMilli()); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
		}
		return nil
	})
}

// SchemaVersion returns the version of the last migration applied.
func (d *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := d.db.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

// Check runs SQLite's integrity check on the whole file, and returns an error
// naming the first problem it finds.
func (d *DB) Check(ctx context.Context) error {
	var res string
	if err := d.db.QueryRowContext(ctx, `PRAGMA integrity_check(1)`).Scan(&res); err != nil {
		return fmt.Errorf("sqlite: integrity check of %s: %w", d.path, err)
	}
	if res != "ok" {
		return fmt.Errorf("sqlite: integrity check of %s: %s", d.path, res)
	}
	return nil
}

// tx runs f in a write transaction, committed if f returns nil.
func (d *DB) tx(ctx context.Context, f func(*sql.Tx) error) error {
	select {
	case d.write <- struct{}{}:
	case <-ctx.Done():
		return context.Cause(ctx)
	}
	defer func() { <-d.write }()
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() // after Commit, a no-op; on an error or a panic in f, the lock is let go
	if err := f(tx); err != nil {
		return err
	}
	return tx.Commit()
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

const guildColumns = `g.guild_id, g.prefix, g.spoilers, g.pictures, g.daily_channel, g.daily_hour, g.daily_level, g.version, g.no_threads,
	(SELECT group_concat(channel_id, ',' ORDER BY position) FROM guild_channels c WHERE c.guild_id = g.guild_id AND c.list = 'answer'),
	(SELECT group_concat(channel_id, ',' ORDER BY position) FROM guild_channels c WHERE c.guild_id = g.guild_id AND c.list = 'spoiler')`

type scanner interface{ Scan(dest ...any) error }

func scanGuild(s scanner) (settings.Guild, error) {
	var (
		g                         settings.Guild
		id                        int64
		spoilers, pictures, level string
		dailyChannel              sql.NullInt64
		answerList, spoilerList   sql.NullString
	)
	if err := s.Scan(&id, &g.Prefix, &spoilers, &pictures, &dailyChannel, &g.Daily.Hour, &level, &g.Version, &g.NoThreads, &answerList, &spoilerList); err != nil {
		return g, err
	}
	g.ID = settings.FormatID(id)
	var err error
	if g.Spoilers, err = settings.ParseSpoilerMode(spoilers); err != nil {
		return g, fmt.Errorf("server %s: stored %w", g.ID, err)
	}
	if g.Pictures, err = settings.ParsePictureMode(pictures); err != nil {
		return g, fmt.Errorf("server %s: stored %w", g.ID, err)
	}
	if g.Daily.Level, err = settings.ParseLevel(level); err != nil {
		return g, fmt.Errorf("server %s: stored %w", g.ID, err)
	}
	if dailyChannel.Valid {
		g.Daily.ChannelID = settings.FormatID(dailyChannel.Int64)
	} else {
		g.Daily = settings.Daily{}
	}
	g.Channels = splitIDs(answerList)
	g.SpoilerChannels = splitIDs(spoilerList)
	return g, nil
}

func splitIDs(s sql.NullString) []string {
	if !s.Valid || s.String == "" {
		return nil
	}
	return strings.Split(s.String, ",")
}

func parseGuild(id string) (int64, error) {
	n, err := settings.ParseID(id)
	if err != nil {
		return 0, fmt.Errorf("server ID: %w", err)
	}
	return n, nil
}

func loadGuild(ctx context.Context, q querier, id int64) (settings.Guild, error) {
	g, err := scanGuild(q.QueryRowContext(ctx, `SELECT `+guildColumns+` FROM guild_settings g WHERE g.guild_id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return settings.Guild{ID: settings.FormatID(id)}, nil
	}
	return g, err
}

// Guild returns a server's settings (see [settings.Store.Guild]).
func (d *DB) Guild(ctx context.Context, guildID string) (settings.Guild, error) {
	id, err := parseGuild(guildID)
	if err != nil {
		return settings.Guild{}, err
	}
	g, err := loadGuild(ctx, d.db, id)
	if err != nil {
		return settings.Guild{}, fmt.Errorf("sqlite: load server %s: %w", guildID, err)
	}
	return g, nil
}

// logChange appends a change of a server to the change log, drops the entries
// older than settings.ChangeRetention, and returns the change's number.
func logChange(ctx context.Context, tx *sql.Tx, id int64, now time.Time) (int64, error) {
	var seq int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO settings_changes (guild_id, changed_at) VALUES (?, ?) RETURNING seq`,
		id, now.UnixMilli()).Scan(&seq); err != nil {
		return 0, fmt.Errorf("log change: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM settings_changes WHERE changed_at < ?`,
		now.Add(-settings.ChangeRetention).UnixMilli()); err != nil {
		return 0, fmt.Errorf("prune change log: %w", err)
	}
	return seq, nil
}

// Update changes a server's settings in one transaction (see
// [settings.Store.Update]).
func (d *DB) Update(ctx context.Context, guildID string, change func(*settings.Guild) error) (settings.Guild, error) {
	id, err := parseGuild(guildID)
	if err != nil {
		return settings.Guild{}, err
	}
	var g settings.Guild
	var changeErr error
	err = d.tx(ctx, func(tx *sql.Tx) error {
		cur, err := loadGuild(ctx, tx, id)
		if err != nil {
			return fmt.Errorf("load: %w", err)
		}
		g = cur.Clone()
		if changeErr = change(&g); changeErr != nil {
			return changeErr
		}
		g.ID = cur.ID
		if err := g.Validate(); err != nil {
			changeErr = err
			return err
		}
		now := time.Now()
		if g.Version, err = logChange(ctx, tx, id, now); err != nil {
			return err
		}
		var daily any
		if g.Daily.On() {
			daily, _ = settings.ParseID(g.Daily.ChannelID)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO guild_settings
			(guild_id, prefix, spoilers, pictures, daily_channel, daily_hour, daily_level, version, updated_at, no_threads)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (guild_id) DO UPDATE SET prefix = excluded.prefix, spoilers = excluded.spoilers,
				pictures = excluded.pictures, daily_channel = excluded.daily_channel, daily_hour = excluded.daily_hour,
				daily_level = excluded.daily_level, version = excluded.version, updated_at = excluded.updated_at,
				no_threads = excluded.no_threads`,
			id, g.Prefix, g.Spoilers.String(), g.Pictures.String(), daily, g.Daily.Hour, g.Daily.Level.String(),
			g.Version, now.UnixMilli(), g.NoThreads); err != nil {
			return fmt.Errorf("save: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM guild_channels WHERE guild_id = ?`, id); err != nil {
			return fmt.Errorf("save channels: %w", err)
		}
		for _, l := range []struct {
			name string
			ids  []string
		}{{"answer", g.Channels}, {"spoiler", g.SpoilerChannels}} {
			for i, ch := range l.ids {
				cid, _ := settings.ParseID(ch) // validated above
				if _, err := tx.ExecContext(ctx, `INSERT INTO guild_channels (guild_id, list, position, channel_id) VALUES (?, ?, ?, ?)`,
					id, l.name, i, cid); err != nil {
					return fmt.Errorf("save channels: %w", err)
				}
			}
		}
		return nil
	})
	if err != nil {
		if changeErr != nil && errors.Is(err, changeErr) {
			return settings.Guild{}, changeErr
		}
		return settings.Guild{}, fmt.Errorf("sqlite: update server %s: %w", guildID, err)
	}
	return g, nil
}

// DeleteGuild deletes everything kept about a server (see
// [settings.Store.DeleteGuild]).
func (d *DB) DeleteGuild(ctx context.Context, guildID string) error {
	id, err := parseGuild(guildID)
	if err != nil {
		return err
	}
	err = d.tx(ctx, func(tx *sql.Tx) error {
		for _, table := range []string{"guild_channels", "guild_settings", "daily_posts", "daily_solvers", "games"} {
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE guild_id = ?`, id); err != nil {
				return fmt.Errorf("%s: %w", table, err)
			}
		}
		_, err := logChange(ctx, tx, id, time.Now())
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: delete server %s: %w", guildID, err)
	}
	return nil
}

// Changes returns the changes after a number (see [settings.Backend.Changes]).
func (d *DB) Changes(ctx context.Context, after int64, limit int) ([]settings.Change, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT seq, guild_id FROM settings_changes WHERE seq > ? ORDER BY seq LIMIT ?`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: read change log: %w", err)
	}
	defer rows.Close()
	var cs []settings.Change
	for rows.Next() {
		var c settings.Change
		var id int64
		if err := rows.Scan(&c.Seq, &id); err != nil {
			return nil, fmt.Errorf("sqlite: read change log: %w", err)
		}
		c.GuildID = settings.FormatID(id)
		cs = append(cs, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: read change log: %w", err)
	}
	return cs, nil
}

// LastChange returns the number of the latest change (see
// [settings.Backend.LastChange]).
func (d *DB) LastChange(ctx context.Context) (int64, error) {
	var seq int64
	if err := d.db.QueryRowContext(ctx, `SELECT coalesce(max(seq), 0) FROM settings_changes`).Scan(&seq); err != nil {
		return 0, fmt.Errorf("sqlite: read change log: %w", err)
	}
	return seq, nil
}

// DueDaily returns the servers whose daily post is due (see
// [settings.Store.DueDaily]).
func (d *DB) DueDaily(ctx context.Context, now time.Time, lease time.Duration) ([]settings.Guild, error) {
	now = now.UTC()
	rows, err := d.db.QueryContext(ctx, `SELECT `+guildColumns+` FROM guild_settings g
		WHERE g.daily_channel IS NOT NULL AND g.daily_hour <= ?
		AND NOT EXISTS (SELECT 1 FROM daily_posts p WHERE p.guild_id = g.guild_id AND p.day = ?
			AND (p.message_id IS NOT NULL OR p.claimed_at > ?))
		ORDER BY g.guild_id`,
		now.Hour(), settings.DayOf(now).String(), settings.LeaseStart(now, lease).UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("sqlite: list due daily posts: %w", err)
	}
	defer rows.Close()
	var gs []settings.Guild
	for rows.Next() {
		g, err := scanGuild(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: list due daily posts: %w", err)
		}
		gs = append(gs, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list due daily posts: %w", err)
	}
	return gs, nil
}

// ClaimDaily claims a server's daily post for a day (see
// [settings.Store.ClaimDaily]). The primary key (guild_id, day) makes the
// claim unique; a write transaction makes take-over after the lease atomic.
func (d *DB) ClaimDaily(ctx context.Context, guildID string, day settings.Day, now time.Time, lease time.Duration) (bool, error) {
	id, err := parseGuild(guildID)
	if err != nil {
		return false, err
	}
	var won bool
	err = d.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO daily_posts (guild_id, day, claimed_at) VALUES (?, ?, ?)
			ON CONFLICT (guild_id, day) DO UPDATE SET claimed_at = excluded.claimed_at
			WHERE daily_posts.message_id IS NULL AND daily_posts.claimed_at <= ?`,
			id, day.String(), now.UnixMilli(), settings.LeaseStart(now, lease).UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		won = n == 1
		return err
	})
	if err != nil {
		return false, fmt.Errorf("sqlite: claim daily post of server %s on %s: %w", guildID, day, err)
	}
	return won, nil
}

// DailyPosted confirms a daily post (see [settings.Store.DailyPosted]).
func (d *DB) DailyPosted(ctx context.Context, guildID string, day settings.Day, post settings.DailyPost) error {
	id, err := parseGuild(guildID)
	if err != nil {
		return err
	}
	ch, err := settings.ParseID(post.ChannelID)
	if err != nil {
		return fmt.Errorf("daily post channel: %w", err)
	}
	msg, err := settings.ParseID(post.MessageID)
	if err != nil {
		return fmt.Errorf("daily post message: %w", err)
	}
	err = d.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO daily_posts (guild_id, day, claimed_at, channel_id, message_id) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (guild_id, day) DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id`,
			id, day.String(), time.Now().UnixMilli(), ch, msg)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: confirm daily post of server %s on %s: %w", guildID, day, err)
	}
	return nil
}

// DailyPost returns a day's confirmed daily post (see
// [settings.Store.DailyPost]).
func (d *DB) DailyPost(ctx context.Context, guildID string, day settings.Day) (settings.DailyPost, bool, error) {
	id, err := parseGuild(guildID)
	if err != nil {
		return settings.DailyPost{}, false, err
	}
	var ch, msg int64
	err = d.db.QueryRowContext(ctx, `SELECT channel_id, message_id FROM daily_posts
		WHERE guild_id = ? AND day = ? AND message_id IS NOT NULL`, id, day.String()).Scan(&ch, &msg)
	if errors.Is(err, sql.ErrNoRows) {
		return settings.DailyPost{}, false, nil
	}
	if err != nil {
		return settings.DailyPost{}, false, fmt.Errorf("sqlite: read daily post of server %s on %s: %w", guildID, day, err)
	}
	return settings.DailyPost{ChannelID: settings.FormatID(ch), MessageID: settings.FormatID(msg)}, true, nil
}

// RecordSolver records a solver of a day, once (see
// [settings.Store.RecordSolver]).
func (d *DB) RecordSolver(ctx context.Context, guildID string, day settings.Day, userID string, at time.Time) (int, bool, error) {
	id, err := parseGuild(guildID)
	if err != nil {
		return 0, false, err
	}
	user, err := settings.ParseID(userID)
	if err != nil {
		return 0, false, fmt.Errorf("member ID: %w", err)
	}
	var place int
	var recorded bool
	err = d.tx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT place FROM daily_solvers WHERE guild_id = ? AND day = ? AND user_id = ?`,
			id, day.String(), user).Scan(&place)
		if err == nil || !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		var unranked int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM daily_unranked WHERE day = ? AND user_id = ?`,
			day.String(), user).Scan(&unranked); err != nil || unranked > 0 {
			return err
		}
		recorded = true
		return tx.QueryRowContext(ctx, `INSERT INTO daily_solvers (guild_id, day, place, user_id, solved_at)
			SELECT ?, ?, coalesce(max(place), 0) + 1, ?, ? FROM daily_solvers WHERE guild_id = ? AND day = ?
			RETURNING place`,
			id, day.String(), user, at.UnixMilli(), id, day.String()).Scan(&place)
	})
	if err != nil {
		return 0, false, fmt.Errorf("sqlite: record solver of server %s on %s: %w", guildID, day, err)
	}
	return place, recorded, nil
}

// Unrank marks a member as not ranked on a day (see [settings.Store.Unrank]).
func (d *DB) Unrank(ctx context.Context, day settings.Day, userID string) error {
	user, err := settings.ParseID(userID)
	if err != nil {
		return fmt.Errorf("member ID: %w", err)
	}
	err = d.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO daily_unranked (day, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, day.String(), user)
		return err
	})
	if err != nil {
		return fmt.Errorf("sqlite: unrank member %s on %s: %w", userID, day, err)
	}
	return nil
}

// Solvers returns the solvers of a day in order (see [settings.Store.Solvers]).
func (d *DB) Solvers(ctx context.Context, guildID string, day settings.Day) ([]settings.Solver, error) {
	id, err := parseGuild(guildID)
	if err != nil {
		return nil, err
	}
	rows, err := d.db.QueryContext(ctx, `SELECT place, user_id, solved_at FROM daily_solvers
		WHERE guild_id = ? AND day = ? ORDER BY place`, id, day.String())
	if err != nil {
		return nil, fmt.Errorf("sqlite: list solvers of server %s on %s: %w", guildID, day, err)
	}
	defer rows.Close()
	var ss []settings.Solver
	for rows.Next() {
		var s settings.Solver
		var user, at int64
		if err := rows.Scan(&s.Place, &user, &at); err != nil {
			return nil, fmt.Errorf("sqlite: list solvers: %w", err)
		}
		s.UserID, s.At = settings.FormatID(user), time.UnixMilli(at).UTC()
		ss = append(ss, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: list solvers: %w", err)
	}
	return ss, nil
}

// Streak returns a member's streak (see [settings.Store.Streak]).
func (d *DB) Streak(ctx context.Context, guildID, userID string, today settings.Day) (int, error) {
	id, err := parseGuild(guildID)
	if err != nil {
		return 0, err
	}
	user, err := settings.ParseID(userID)
	if err != nil {
		return 0, fmt.Errorf("member ID: %w", err)
	}
	rows, err := d.db.QueryContext(ctx, `SELECT day FROM daily_solvers WHERE guild_id = ? AND user_id = ? AND day <= ?
		ORDER BY day DESC`, id, user, today.String())
	if err != nil {
		return 0, fmt.Errorf("sqlite: streak in server %s: %w", guildID, err)
	}
	defer rows.Close()
	var days []settings.Day
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return 0, fmt.Errorf("sqlite: streak: %w", err)
		}
		day, err := settings.ParseDay(s)
		if err != nil {
			return 0, fmt.Errorf("sqlite: streak: stored %w", err)
		}
		days = append(days, day)
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("sqlite: streak: %w", err)
	}
	return settings.StreakOf(days, today), nil
}

// String returns the database as DATABASE_URL names it.
func (d *DB) String() string { return "sqlite:" + d.path }
