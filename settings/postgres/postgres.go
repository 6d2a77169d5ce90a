// Package postgres keeps the servers' settings, daily puzzles and games in
// PostgreSQL (github.com/jackc/pgx/v5): the backend for several processes,
// DATABASE_URL=postgres://USER:PASSWORD@HOST:PORT/DATABASE.
//
// Everything that must happen once is decided by the database: the daily
// post's claim by the primary key of daily_posts, a solver's place by the
// keys of daily_solvers, the order of settings changes by an advisory lock
// that writers hold until they commit, and migrations by an advisory lock
// held by the transaction that applies them, so that processes starting
// together apply each migration once.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	neturl "net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/internal/migrations"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Advisory lock keys (pg_advisory_xact_lock), the same in every process of a
// deployment.
const (
	lockMigrate  int64 = 0x5344_4b42_0001 // held while migrating
	lockSettings int64 = 0x5344_4b42_0002 // held by writers of settings, from their change number to commit
)

// ConnectTimeout bounds a connection attempt when the URL does not set
// connect_timeout.
const ConnectTimeout = 5 * time.Second

// DB is a PostgreSQL database of settings. It implements [settings.Backend].
type DB struct {
	pool *pgxpool.Pool
	name string // the URL with its password hidden
}

var _ settings.Backend = (*DB)(nil)

// Open connects to the database at url (postgres:// or postgresql://, with
// pgx's parameters) and brings its schema up to date.
func Open(ctx context.Context, url string) (*DB, error) { return open(ctx, url, 0) }

// open connects to the database at url and migrates it up to version upTo
// (0: the newest); tests make older schemas with it.
func open(ctx context.Context, url string, upTo int) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// pgx quotes the URL with its own best-effort redaction: name it
		// with Redact instead, and keep pgx's cause only.
		var pe *pgconn.ParseConfigError
		if errors.As(err, &pe) {
			msg := pe.Error() // cannot parse `URL`: what (cause)
			if i := strings.LastIndex(msg, "`: "); i >= 0 {
				msg = msg[i+3:]
			}
			return nil, fmt.Errorf("PostgreSQL URL %s is not valid: %s", Redact(url), msg)
		}
		return nil, fmt.Errorf("PostgreSQL URL %s is not valid: %w", Redact(url), err)
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = ConnectTimeout
	}
	if _, ok := cfg.ConnConfig.RuntimeParams["application_name"]; !ok {
		cfg.ConnConfig.RuntimeParams["application_name"] = "sudokubot"
	}
	name := Redact(url)
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open PostgreSQL database %s: %w", name, err)
	}
	d := &DB{pool: pool, name: name}
	if err := d.migrate(ctx, upTo); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open PostgreSQL database %s: %w", name, err)
	}
	return d, nil
}

// Redact returns a connection URL (or any DATABASE_URL, even a malformed
// one) with its passwords replaced by xxxxx, whatever the scheme and
// whether or not "//" follows it:
//
//   - in the user part, everything between the first ':' after the scheme
//     and the last '@' (postgres://bot:xxxxx@db/x, postgres:bot:xxxxx@db/x,
//     postgres//bot:xxxxx@db/x); an unknown scheme may be a user name, so
//     it counts as part of the user part (bot:xxxxx@db);
//   - the value of every password-like parameter (see [secretKey]), in a
//     query (?password=) or in keyword form (password=), its key compared
//     in any case after percent-decoding (?PassWord=, ?pass%77ord=).
func Redact(url string) string {
	if at := strings.LastIndex(url, "@"); at >= 0 {
		start := 0
		if i := strings.IndexByte(url[:at], ':'); i >= 0 && knownScheme(url[:i]) {
			start = i + 1
		}
		if c := strings.IndexByte(url[start:at], ':'); c >= 0 {
			url = url[:start+c+1] + "xxxxx" + url[at:]
		}
	}
	var b strings.Builder
	for i := 0; i < len(url); {
		// A parameter's key starts the string or follows a separator.
		if i > 0 && !isParamSep(url[i-1]) {
			b.WriteByte(url[i])
			i++
			continue
		}
		eq := i
		for eq < len(url) && url[eq] != '=' && !isParamSep(url[eq]) {
			eq++
		}
		if eq == len(url) || url[eq] != '=' || !secretKey(url[i:eq]) {
			b.WriteString(url[i:eq])
			i = eq
			if i < len(url) {
				b.WriteByte(url[i])
				i++
			}
			continue
		}
		end := eq + 1
		if end < len(url) && url[end] == '\'' { // keyword form: password='a b'
			if q := strings.IndexByte(url[end+1:], '\''); q >= 0 {
				end += q + 2
			} else {
				end = len(url)
			}
		} else {
			for end < len(url) && !isParamSep(url[end]) {
				end++
			}
		}
		b.WriteString(url[i : eq+1])
		b.WriteString("xxxxx")
		i = end
	}
	return b.String()
}

// knownScheme reports whether s is the scheme of a DATABASE_URL.
func knownScheme(s string) bool {
	switch strings.ToLower(s) {
	case "postgres", "postgresql", "sqlite", "sqlite3":
		return true
	}
	return false
}

// isParamSep reports whether c ends a parameter: in a query (& ; #), in
// keyword form (spaces), or the query's start.
func isParamSep(c byte) bool {
	switch c {
	case '?', '&', ';', '#', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// secretKey reports whether a parameter's key names a secret: once
// percent-decoded and in lower case, it holds "pass" (password,
// sslpassword, passwd), "pwd", "secret" or "token".
func secretKey(key string) bool {
	if k, err := neturl.QueryUnescape(key); err == nil {
		key = k
	}
	key = strings.ToLower(key)
	for _, w := range []string{"pass", "pwd", "secret", "token"} {
		if strings.Contains(key, w) {
			return true
		}
	}
	return false
}

// String returns the database's URL with its password hidden.
func (d *DB) String() string { return d.name }

// Close closes the connections.
func (d *DB) Close() error {
	d.pool.Close()
	return nil
}

func (d *DB) migrate(ctx context.Context, upTo int) error {
	ms, err := migrations.Load(migrationFiles, "migrations")
	if err != nil {
		return err
	}
	if upTo > 0 {
		ms = ms[:min(upTo, len(ms))]
	}
	return pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		// The lock comes first: even CREATE TABLE IF NOT EXISTS fails when two
		// transactions run it at once.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, lockMigrate); err != nil {
			return fmt.Errorf("lock for migration: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    INTEGER     PRIMARY KEY,
			name       TEXT        NOT NULL,
			applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
		)`); err != nil {
			return fmt.Errorf("create schema_migrations: %w", err)
		}
		var have int
		if err := tx.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
			return fmt.Errorf("read schema version: %w", err)
		}
		if have > len(ms) {
			return &migrations.NewerError{Database: have, Known: len(ms)}
		}
		for _, m := range ms[have:] {
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.Version, m.Name); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
		}
		return nil
	})
}

// SchemaVersion returns the version of the last migration applied.
func (d *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := d.pool.QueryRow(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

const guildColumns = `g.guild_id, g.prefix, g.spoilers, g.pictures, g.daily_channel, g.daily_hour, g.daily_level, g.version, g.no_threads,
	array(SELECT channel_id FROM guild_channels c WHERE c.guild_id = g.guild_id AND c.list = 'answer' ORDER BY position),
	array(SELECT channel_id FROM guild_channels c WHERE c.guild_id = g.guild_id AND c.list = 'spoiler' ORDER BY position)`

func scanGuild(row pgx.Row) (settings.Guild, error) {
	var (
		g                         settings.Guild
		id                        int64
		spoilers, pictures, level string
		dailyChannel              *int64
		hour                      int16
		answer, spoiler           []int64
	)
	if err := row.Scan(&id, &g.Prefix, &spoilers, &pictures, &dailyChannel, &hour, &level, &g.Version, &g.NoThreads, &answer, &spoiler); err != nil {
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
	if dailyChannel != nil {
		g.Daily.ChannelID, g.Daily.Hour = settings.FormatID(*dailyChannel), int(hour)
	} else {
		g.Daily = settings.Daily{}
	}
	g.Channels = formatIDs(answer)
	g.SpoilerChannels = formatIDs(spoiler)
	return g, nil
}

func formatIDs(ids []int64) []string {
	if len(ids) == 0 {
		return nil
	}
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = settings.FormatID(id)
	}
	return s
}

func parseIDs(ids []string) []int64 {
	n := make([]int64, len(ids))
	for i, id := range ids {
		n[i], _ = settings.ParseID(id) // validated by the caller
	}
	return n
}

func parseGuild(id string) (int64, error) {
	n, err := settings.ParseID(id)
	if err != nil {
		return 0, fmt.Errorf("server ID: %w", err)
	}
	return n, nil
}

func loadGuild(ctx context.Context, q querier, id int64) (settings.Guild, error) {
	g, err := scanGuild(q.QueryRow(ctx, `SELECT `+guildColumns+` FROM guild_settings g WHERE g.guild_id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
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
	g, err := loadGuild(ctx, d.pool, id)
	if err != nil {
		return settings.Guild{}, fmt.Errorf("postgres: load server %s: %w", guildID, err)
	}
	return g, nil
}

// logChange takes the settings writers' lock, appends a change of a server to
// the change log, drops the entries older than settings.ChangeRetention, and
// returns the change's number. The lock, held until commit, makes the numbers
// visible in the order they are taken.
func logChange(ctx context.Context, tx pgx.Tx, id int64) (int64, error) {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, lockSettings); err != nil {
		return 0, fmt.Errorf("lock settings: %w", err)
	}
	var seq int64
	if err := tx.QueryRow(ctx, `INSERT INTO settings_changes (guild_id) VALUES ($1) RETURNING seq`, id).Scan(&seq); err != nil {
		return 0, fmt.Errorf("log change: %w", err)
	}
	if _, err := tx.Exec(ctx, `DELETE FROM settings_changes WHERE changed_at < now() - $1::interval`,
		settings.ChangeRetention.String()); err != nil {
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
	err = pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		// The lock first, then the read: no other writer can change the
		// server between them.
		seq, err := logChange(ctx, tx, id)
		if err != nil {
			return err
		}
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
		g.Version = seq
		var daily *int64
		if g.Daily.On() {
			n, _ := settings.ParseID(g.Daily.ChannelID)
			daily = &n
		}
		if _, err := tx.Exec(ctx, `INSERT INTO guild_settings
			(guild_id, prefix, spoilers, pictures, daily_channel, daily_hour, daily_level, version, updated_at, no_threads)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), $9)
			ON CONFLICT (guild_id) DO UPDATE SET prefix = excluded.prefix, spoilers = excluded.spoilers,
				pictures = excluded.pictures, daily_channel = excluded.daily_channel, daily_hour = excluded.daily_hour,
				daily_level = excluded.daily_level, version = excluded.version, updated_at = excluded.updated_at,
				no_threads = excluded.no_threads`,
			id, g.Prefix, g.Spoilers.String(), g.Pictures.String(), daily, g.Daily.Hour, g.Daily.Level.String(), g.Version, g.NoThreads); err != nil {
			return fmt.Errorf("save: %w", err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM guild_channels WHERE guild_id = $1`, id); err != nil {
			return fmt.Errorf("save channels: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO guild_channels (guild_id, list, position, channel_id)
			SELECT $1::bigint, 'answer', pos - 1, ch FROM unnest($2::bigint[]) WITH ORDINALITY AS a(ch, pos)
			UNION ALL
			SELECT $1::bigint, 'spoiler', pos - 1, ch FROM unnest($3::bigint[]) WITH ORDINALITY AS s(ch, pos)`,
			id, parseIDs(g.Channels), parseIDs(g.SpoilerChannels)); err != nil {
			return fmt.Errorf("save channels: %w", err)
		}
		return nil
	})
	if err != nil {
		if changeErr != nil && errors.Is(err, changeErr) {
			return settings.Guild{}, changeErr
		}
		return settings.Guild{}, fmt.Errorf("postgres: update server %s: %w", guildID, err)
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
	err = pgx.BeginFunc(ctx, d.pool, func(tx pgx.Tx) error {
		if _, err := logChange(ctx, tx, id); err != nil {
			return err
		}
		for _, table := range []string{"guild_channels", "guild_settings", "daily_posts", "daily_solvers", "games"} {
			if _, err := tx.Exec(ctx, `DELETE FROM `+table+` WHERE guild_id = $1`, id); err != nil {
				return fmt.Errorf("%s: %w", table, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("postgres: delete server %s: %w", guildID, err)
	}
	return nil
}

// Changes returns the changes after a number (see [settings.Backend.Changes]).
func (d *DB) Changes(ctx context.Context, after int64, limit int) ([]settings.Change, error) {
	rows, err := d.pool.Query(ctx, `SELECT seq, guild_id FROM settings_changes WHERE seq > $1 ORDER BY seq LIMIT $2`, after, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: read change log: %w", err)
	}
	cs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (settings.Change, error) {
		var c settings.Change
		var id int64
		err := r.Scan(&c.Seq, &id)
		c.GuildID = settings.FormatID(id)
		return c, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: read change log: %w", err)
	}
	return cs, nil
}

// LastChange returns the number of the latest change (see
// [settings.Backend.LastChange]).
func (d *DB) LastChange(ctx context.Context) (int64, error) {
	var seq int64
	if err := d.pool.QueryRow(ctx, `SELECT coalesce(max(seq), 0) FROM settings_changes`).Scan(&seq); err != nil {
		return 0, fmt.Errorf("postgres: read change log: %w", err)
	}
	return seq, nil
}

// DueDaily returns the servers whose daily post is due (see
// [settings.Store.DueDaily]).
func (d *DB) DueDaily(ctx context.Context, now time.Time, lease time.Duration) ([]settings.Guild, error) {
	now = now.UTC()
	rows, err := d.pool.Query(ctx, `SELECT `+guildColumns+` FROM guild_settings g
		WHERE g.daily_channel IS NOT NULL AND g.daily_hour <= $1
		AND NOT EXISTS (SELECT 1 FROM daily_posts p WHERE p.guild_id = g.guild_id AND p.day = $2
			AND (p.message_id IS NOT NULL OR p.claimed_at > $3))
		ORDER BY g.guild_id`,
		now.Hour(), settings.DayOf(now).Time(), settings.LeaseStart(now, lease))
	if err != nil {
		return nil, fmt.Errorf("postgres: list due daily posts: %w", err)
	}
	gs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (settings.Guild, error) { return scanGuild(r) })
	if err != nil {
		return nil, fmt.Errorf("postgres: list due daily posts: %w", err)
	}
	return gs, nil
}

// ClaimDaily claims a server's daily post for a day (see
// [settings.Store.ClaimDaily]). The primary key (guild_id, day) makes the
// claim unique; INSERT ... ON CONFLICT decides a take-over atomically.
func (d *DB) ClaimDaily(ctx context.Context, guildID string, day settings.Day, now time.Time, lease time.Duration) (bool, error) {
	id, err := parseGuild(guildID)
	if err != nil {
		return false, err
	}
	tag, err := d.pool.Exec(ctx, `INSERT INTO daily_posts (guild_id, day, claimed_at) VALUES ($1, $2, $3)
		ON CONFLICT (guild_id, day) DO UPDATE SET claimed_at = excluded.claimed_at
		WHERE daily_posts.message_id IS NULL AND daily_posts.claimed_at <= $4`,
		id, day.Time(), now, settings.LeaseStart(now, lease))
	if err != nil {
		return false, fmt.Errorf("postgres: claim daily post of server %s on %s: %w", guildID, day, err)
	}
	return tag.RowsAffected() == 1, nil
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
	if _, err := d.pool.Exec(ctx, `INSERT INTO daily_posts (guild_id, day, claimed_at, channel_id, message_id)
		VALUES ($1, $2, now(), $3, $4)
		ON CONFLICT (guild_id, day) DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id`,
		id, day.Time(), ch, msg); err != nil {
		return fmt.Errorf("postgres: confirm daily post of server %s on %s: %w", guildID, day, err)
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
	err = d.pool.QueryRow(ctx, `SELECT channel_id, message_id FROM daily_posts
		WHERE guild_id = $1 AND day = $2 AND message_id IS NOT NULL`, id, day.Time()).Scan(&ch, &msg)
	if errors.Is(err, pgx.ErrNoRows) {
		return settings.DailyPost{}, false, nil
	}
	if err != nil {
		return settings.DailyPost{}, false, fmt.Errorf("postgres: read daily post of server %s on %s: %w", guildID, day, err)
	}
	return settings.DailyPost{ChannelID: settings.FormatID(ch), MessageID: settings.FormatID(msg)}, true, nil
}

// Unrank marks a member as not ranked on a day (see [settings.Store.Unrank]).
func (d *DB) Unrank(ctx context.Context, day settings.Day, userID string) error {
	user, err := settings.ParseID(userID)
	if err != nil {
		return fmt.Errorf("member ID: %w", err)
	}
	if _, err := d.pool.Exec(ctx, `INSERT INTO daily_unranked (day, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, day.Time(), user); err != nil {
		return fmt.Errorf("postgres: unrank member %s on %s: %w", userID, day, err)
	}
	return nil
}

// RecordSolver records a solver of a day, once (see
// [settings.Store.RecordSolver]). Two members recorded at once may compute the
// same place; the primary key (guild_id, day, place) refuses the second, which
// tries again.
func (d *DB) RecordSolver(ctx context.Context, guildID string, day settings.Day, userID string, at time.Time) (int, bool, error) {
	id, err := parseGuild(guildID)
	if err != nil {
		return 0, false, err
	}
	user, err := settings.ParseID(userID)
	if err != nil {
		return 0, false, fmt.Errorf("member ID: %w", err)
	}
	for attempt := 0; ; attempt++ {
		var place int
		err := d.pool.QueryRow(ctx, `INSERT INTO daily_solvers (guild_id, day, place, user_id, solved_at)
			SELECT $1, $2, coalesce(max(place), 0) + 1, $3, $4 FROM daily_solvers WHERE guild_id = $1 AND day = $2
			HAVING NOT EXISTS (SELECT 1 FROM daily_unranked WHERE day = $2 AND user_id = $3)
			ON CONFLICT (guild_id, day, user_id) DO NOTHING
			RETURNING place`, id, day.Time(), user, at).Scan(&place)
		if err == nil {
			return place, true, nil
		}
		if errors.Is(err, pgx.ErrNoRows) { // recorded before, or unranked
			err = d.pool.QueryRow(ctx, `SELECT place FROM daily_solvers WHERE guild_id = $1 AND day = $2 AND user_id = $3`,
				id, day.Time(), user).Scan(&place)
			if err == nil {
				return place, false, nil
			}
			if errors.Is(err, pgx.ErrNoRows) {
				return 0, false, nil // unranked that day
			}
		}
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == "daily_solvers_pkey" && attempt < 100 {
			continue // another solver took that place first
		}
		return 0, false, fmt.Errorf("postgres: record solver of server %s on %s: %w", guildID, day, err)
	}
}

// Solvers returns the solvers of a day in order (see [settings.Store.Solvers]).
func (d *DB) Solvers(ctx context.Context, guildID string, day settings.Day) ([]settings.Solver, error) {
	id, err := parseGuild(guildID)
	if err != nil {
		return nil, err
	}
	rows, err := d.pool.Query(ctx, `SELECT place, user_id, solved_at FROM daily_solvers
		WHERE guild_id = $1 AND day = $2 ORDER BY place`, id, day.Time())
	if err != nil {
		return nil, fmt.Errorf("postgres: list solvers of server %s on %s: %w", guildID, day, err)
	}
	ss, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (settings.Solver, error) {
		var s settings.Solver
		var user int64
		err := r.Scan(&s.Place, &user, &s.At)
		s.UserID, s.At = settings.FormatID(user), s.At.UTC()
		return s, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: list solvers of server %s on %s: %w", guildID, day, err)
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
	rows, err := d.pool.Query(ctx, `SELECT day FROM daily_solvers WHERE guild_id = $1 AND user_id = $2 AND day <= $3
		ORDER BY day DESC`, id, user, today.Time())
	if err != nil {
		return 0, fmt.Errorf("postgres: streak in server %s: %w", guildID, err)
	}
	days, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (settings.Day, error) {
		var t time.Time
		err := r.Scan(&t)
		return settings.DayOf(t), err
	})
	if err != nil {
		return 0, fmt.Errorf("postgres: streak in server %s: %w", guildID, err)
	}
	return settings.StreakOf(days, today), nil
}
