package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/internal/migrations"
)

func openT(t *testing.T, path string) *DB {
	t.Helper()
	d, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// TestPragmas: every connection is in WAL mode with synchronous=FULL, foreign
// keys on, and a busy timeout.
func TestPragmas(t *testing.T) {
	d := openT(t, filepath.Join(t.TempDir(), "s.db"))
	ctx := context.Background()
	for range 3 { // several connections of the pool
		conn, err := d.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var journal string
		var sync, fk, busy int
		if err := conn.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&journal); err != nil {
			t.Fatal(err)
		}
		conn.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync)
		conn.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk)
		conn.QueryRowContext(ctx, "PRAGMA busy_timeout").Scan(&busy)
		if journal != "wal" || sync != 2 || fk != 1 || busy != int(BusyTimeout.Milliseconds()) {
			t.Fatalf("journal_mode=%s synchronous=%d foreign_keys=%d busy_timeout=%d; want wal, 2 (FULL), 1, %d",
				journal, sync, fk, busy, BusyTimeout.Milliseconds())
		}
	}
}

func TestSchemaVersionAndTables(t *testing.T) {
	d := openT(t, filepath.Join(t.TempDir(), "s.db"))
	ctx := context.Background()
	ms, err := migrations.Load(migrationFiles, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	if v, err := d.SchemaVersion(ctx); err != nil || v != len(ms) {
		t.Fatalf("SchemaVersion = %d, %v; want %d", v, err, len(ms))
	}
	var ok string
	if err := d.db.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		t.Fatalf("integrity_check = %q, %v", ok, err)
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	d := openT(t, path)
	if _, err := d.db.Exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, '0099_future.sql', 0)`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	_, err := Open(context.Background(), path)
	var ne *migrations.NewerError
	if !errors.As(err, &ne) || ne.Database != 99 {
		t.Fatalf("Open of a database from a newer program: err = %v, want a NewerError naming version 99", err)
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "missing", "s.db"), "does not exist"},
		{"", "no file path"},
		{"s.db?mode=ro", "plain file path"},
		{":memory:", "plain file path"},
	} {
		_, err := Open(context.Background(), tc.path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Open(%q): err = %v, want one saying %q", tc.path, err, tc.want)
		}
	}
	// A file that is not a database.
	junk := filepath.Join(dir, "junk.db")
	if err := os.WriteFile(junk, []byte(strings.Repeat("not a database\n", 100)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(context.Background(), junk); err == nil {
		t.Error("Open of a file that is not a database: no error")
	}
}

// TestDeleteCascades: the channel lists go with the settings row, and a
// deletion leaves no row of the server in any table.
func TestDeleteLeavesNothing(t *testing.T) {
	d := openT(t, filepath.Join(t.TempDir(), "s.db"))
	ctx := context.Background()
	const id = "123"
	if _, err := d.Update(ctx, id, func(g *settings.Guild) error {
		return errors.Join(g.AllowChannel("5"), g.AddSpoilerChannel("6"), g.SetDaily("7", 3, settings.LevelEasy))
	}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := d.RecordSolver(ctx, id, 1, "9", settingsTime()); err != nil {
		t.Fatal(err)
	}
	if _, err := d.ClaimDaily(ctx, id, 1, settingsTime(), 0); err != nil {
		t.Fatal(err)
	}
	if err := d.DeleteGuild(ctx, id); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"guild_settings", "guild_channels", "daily_posts", "daily_solvers"} {
		var n int
		if err := d.db.QueryRowContext(ctx, "SELECT count(*) FROM "+table+" WHERE guild_id = 123").Scan(&n); err != nil || n != 0 {
			t.Errorf("%s: %d rows of the deleted server (%v)", table, n, err)
		}
	}
}

func settingsTime() time.Time { return time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC) }

// BenchmarkGuild is one read of a server's settings from the database: what
// every command would cost without the Cache.
func BenchmarkGuild(b *testing.B) {
	d, err := Open(context.Background(), filepath.Join(b.TempDir(), "s.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	if _, err := d.Update(ctx, "1", func(g *settings.Guild) error { return g.AllowChannel("5") }); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := d.Guild(ctx, "1"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBusyIsLocked: busy tells SQLite's "database is locked" (what Open
// tries again) from other errors, wrapped or not.
func TestBusyIsLocked(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "locked.db")
	holder, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	conn, err := holder.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "CREATE TABLE t (x); BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	other, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, err = other.ExecContext(ctx, "INSERT INTO t VALUES (1)")
	if err == nil || !busy(err) || !busy(fmt.Errorf("migration 1: %w", err)) {
		t.Errorf("write to an exclusively locked file: %v; busy = %v, want a busy error", err, busy(err))
	}
	free, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "free.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer free.Close()
	if _, err := free.ExecContext(ctx, "SELECT * FROM nowhere"); err == nil || busy(err) {
		t.Errorf("a missing table: %v, busy = %v", err, busy(err))
	}
}

// plan returns SQLite's query plan of q, one line a step.
func plan(t *testing.T, d *DB, q string, args ...any) string {
	t.Helper()
	rows, err := d.db.Query(`EXPLAIN QUERY PLAN `+q, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		b.WriteString(detail + "\n")
	}
	return b.String()
}

// TestGamesPlans: the statistics' queries use the indexes of migration 5,
// and reading games' players never scans game_players.
func TestGamesPlans(t *testing.T) {
	d := openT(t, filepath.Join(t.TempDir(), "s.db"))
	for _, tc := range []struct {
		name, query string
		args        []any
		want        []string
	}{
		{"fastest solves", `SELECT ` + gameColumns + ` FROM games ` + fastestWhere(false), []any{1, 0, 10}, []string{"USING COVERING INDEX games_ranked_solves"}},
		{"fastest solves of a level", `SELECT ` + gameColumns + ` FROM games ` + fastestWhere(true), []any{1, 0, "Hard", 10}, []string{"USING COVERING INDEX games_ranked_solves"}},
		{"member stats", memberStatsQuery, []any{1, 2}, []string{"USING INDEX games_owner_finished", "USING COVERING INDEX game_players_user"}},
	} {
		p := plan(t, d, tc.query, tc.args...)
		for _, w := range tc.want {
			if !strings.Contains(p, w) {
				t.Errorf("%s: plan without %q:\n%s", tc.name, w, p)
			}
		}
		if strings.Contains(p, "SCAN game_players") || strings.Contains(p, "SCAN p") {
			t.Errorf("%s: the plan scans game_players:\n%s", tc.name, p)
		}
	}
}
