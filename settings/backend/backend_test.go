package backend_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/settings/backend"
	"github.com/sudokubot/sudokubot/settings/storetest"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want backend.Location
	}{
		{"", backend.Location{Kind: backend.SQLite, Path: "sudokubot.db"}},
		{"  ", backend.Location{Kind: backend.SQLite, Path: "sudokubot.db"}},
		{"sqlite:bot.db", backend.Location{Kind: backend.SQLite, Path: "bot.db"}},
		{"sqlite:/data/sudokubot.db", backend.Location{Kind: backend.SQLite, Path: "/data/sudokubot.db"}},
		{"sqlite:///data/sudokubot.db", backend.Location{Kind: backend.SQLite, Path: "/data/sudokubot.db"}},
		{"SQLite:data/x.db", backend.Location{Kind: backend.SQLite, Path: "data/x.db"}},
		{"postgres://bot:pw@db:5432/sudokubot", backend.Location{Kind: backend.Postgres, URL: "postgres://bot:pw@db:5432/sudokubot"}},
		{"postgres://bot:p%23w%2F@db/sudokubot", backend.Location{Kind: backend.Postgres, URL: "postgres://bot:p%23w%2F@db/sudokubot"}},
		{"postgresql://db/sudokubot?sslmode=require", backend.Location{Kind: backend.Postgres, URL: "postgresql://db/sudokubot?sslmode=require"}},
	} {
		got, err := backend.Parse(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, problem string }{
		{"sudokubot.db", "no scheme"},
		{"mysql://bot:pw@db/x", `unknown scheme "mysql"`},
		{"sqlite:", "no file"},
		{"sqlite::memory:", "in-memory"},
		{"sqlite:bot.db?_pragma=x", "options"},
		{"postgres://", "no host"},
		{"postgres:///x", "no host"},
		{"postgres://bot:p#pw@127.0.0.1/db", "percent-encoded"},
		{"postgres://bot:12/pw@127.0.0.1/db", "percent-encoded"},
		{"postgres://bot:pa%zpw@127.0.0.1/db", "percent-encoded"},
		{"postgres://bot:a?pw@127.0.0.1/db", "percent-encoded"},
		{"postgres://bot:s3cretpw@127.0.0.1:notaport/db", "port"},
	} {
		_, err := backend.Parse(tc.in)
		var ue *backend.URLError
		if !errors.As(err, &ue) || !strings.Contains(ue.Problem, tc.problem) {
			t.Errorf("Parse(%q): err = %v, want a URLError saying %q", tc.in, err, tc.problem)
			continue
		}
		if !strings.HasPrefix(err.Error(), "configuration: DATABASE_URL=") {
			t.Errorf("Parse(%q): error %q does not name DATABASE_URL", tc.in, err)
		}
		if strings.Contains(err.Error(), "pw@") || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("Parse(%q): error %q shows the password", tc.in, err)
		}
	}
}

func TestLocationString(t *testing.T) {
	loc, _ := backend.Parse("postgres://bot:hunter2@db/x")
	if s := loc.String(); s != "postgres://bot:xxxxx@db/x" {
		t.Errorf("String = %q", s)
	}
	loc, _ = backend.Parse("")
	if s := loc.String(); s != "sqlite:sudokubot.db" {
		t.Errorf("String = %q", s)
	}
}

func TestOpenSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	b, err := backend.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("the SQLite file was not created: %v", err)
	}
	if _, err := backend.Open(context.Background(), "sqlite:"+filepath.Join(path+".d", "x.db")); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("Open in a missing directory: %v", err)
	}
}

// TestOpenDefault: an empty DATABASE_URL is sudokubot.db in the working
// directory.
func TestOpenDefault(t *testing.T) {
	t.Chdir(t.TempDir())
	b, err := backend.Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := os.Stat("sudokubot.db"); err != nil {
		t.Fatalf("sudokubot.db not created in the working directory: %v", err)
	}
}

func TestOpenPostgres(t *testing.T) {
	b, err := backend.Open(context.Background(), storetest.NewPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := b.Guild(context.Background(), "1"); err != nil {
		t.Fatal(err)
	}
}
