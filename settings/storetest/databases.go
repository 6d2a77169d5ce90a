package storetest

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// NewDatabase returns the DATABASE_URL of a new, empty database that lasts as
// long as the test.
type NewDatabase func(t testing.TB) string

// NewSQLite returns sqlite:PATH for a new file in the test's temporary
// directory.
func NewSQLite(t testing.TB) string {
	t.Helper()
	return "sqlite:" + filepath.Join(t.TempDir(), "settings.db")
}

// PostgresEnv names the variable that gives the tests a PostgreSQL server:
// the URL of a database on it (such as
// postgres://postgres@127.0.0.1:5432/postgres) whose user may create
// databases. .ci/run starts a server on loopback and sets it.
const PostgresEnv = "TEST_POSTGRES_URL"

var dbCounter atomic.Int64

// NewPostgres creates a new database on the server that TEST_POSTGRES_URL
// names, drops it when the test ends, and returns its URL. Without
// TEST_POSTGRES_URL the test is skipped, saying so.
func NewPostgres(t testing.TB) string {
	t.Helper()
	admin := PostgresURL(t)
	name := fmt.Sprintf("sudokubot_test_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1e6, dbCounter.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("connect to %s=%s: %v", PostgresEnv, admin, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, admin)
		if err != nil {
			t.Errorf("drop test database %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	u.Path = "/" + name
	return u.String()
}

// PostgresURL returns TEST_POSTGRES_URL, or skips the test when it is not set.
func PostgresURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(PostgresEnv)
	if u == "" {
		t.Skipf("PostgreSQL tests skipped: no server (set %s to a database URL whose user may create databases; "+
			"bash .ci/run starts a server on 127.0.0.1 and sets it)", PostgresEnv)
	}
	return u
}
