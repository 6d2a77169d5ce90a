// Package backend opens the settings database that a DATABASE_URL names:
//
//	(empty)                                  sqlite:sudokubot.db
//	sqlite:PATH                              an SQLite file (relative to the working directory, or absolute);
//	                                         its directory must exist, the file is created
//	postgres://USER:PASSWORD@HOST:PORT/DB    PostgreSQL (also postgresql://), with any of pgx's
//	                                         parameters, such as ?sslmode=require&connect_timeout=5
//
// SQLite suits one process; PostgreSQL suits several processes (shards,
// replicas) sharing the servers' settings.
package backend

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/postgres"
	"github.com/sudokubot/sudokubot/settings/sqlite"
)

// DefaultURL is the database used when DATABASE_URL is empty.
const DefaultURL = "sqlite:sudokubot.db"

// Kind is a database technology.
type Kind string

// The kinds of database.
const (
	SQLite   Kind = "sqlite"
	Postgres Kind = "postgres"
)

// Location is a parsed DATABASE_URL.
type Location struct {
	Kind Kind
	// Path is SQLite's file; URL is PostgreSQL's connection URL.
	Path, URL string
}

// String returns the location as a DATABASE_URL, with any password hidden, fit
// for a log line.
func (l Location) String() string {
	if l.Kind == SQLite {
		return Redact("sqlite:" + l.Path) // a path is no place for a password, but one may be there
	}
	return Redact(l.URL)
}

// URLError is a DATABASE_URL that cannot be used; its message names the
// variable, for the operator, and never shows a password.
type URLError struct {
	Value   string // the value, password hidden
	Problem string
}

func (e *URLError) Error() string {
	return fmt.Sprintf("configuration: DATABASE_URL=%q is not valid: %s", e.Value, e.Problem)
}

const want = "want empty (sqlite:sudokubot.db), sqlite:PATH, or postgres://USER:PASSWORD@HOST:PORT/DATABASE"

// Parse reads a DATABASE_URL. The error is a [*URLError].
func Parse(databaseURL string) (Location, error) {
	s := strings.TrimSpace(databaseURL)
	if s == "" {
		s = DefaultURL
	}
	scheme, rest, ok := strings.Cut(s, ":")
	if !ok {
		return Location{}, &URLError{Value: Redact(s), Problem: "no scheme; " + want}
	}
	switch strings.ToLower(scheme) {
	case "sqlite", "sqlite3":
		path := strings.TrimPrefix(rest, "//") // sqlite:///abs/path and sqlite://rel are common spellings
		if strings.HasPrefix(rest, "//") && !strings.HasPrefix(path, "/") && strings.Contains(path, "@") {
			return Location{}, &URLError{Value: Redact(s), Problem: "an SQLite URL has a file path, not a host"}
		}
		switch {
		case path == "":
			return Location{}, &URLError{Value: Redact(s), Problem: "no file after sqlite:; " + want}
		case strings.ContainsAny(path, "?#"):
			return Location{}, &URLError{Value: Redact(s), Problem: "SQLite options (?...) are set by the bot; give only the file path"}
		case path == ":memory:" || strings.HasPrefix(path, ":"):
			return Location{}, &URLError{Value: Redact(s), Problem: "an in-memory database would lose every setting; give a file path"}
		}
		return Location{Kind: SQLite, Path: path}, nil
	case "postgres", "postgresql":
		if problem := postgresProblem(s); problem != "" {
			return Location{}, &URLError{Value: Redact(s), Problem: problem}
		}
		return Location{Kind: Postgres, URL: s}, nil
	}
	return Location{}, &URLError{Value: Redact(s), Problem: fmt.Sprintf("unknown scheme %q; %s", scheme, want)}
}

// postgresProblem says what is wrong with a postgres:// URL, or "" when
// nothing is. It never quotes the URL: url.Parse's errors would show the
// password.
func postgresProblem(s string) string {
	const escape = "a user name or password with / ? # % @ or : must have them percent-encoded (/ as %2F, ? as %3F, # as %23, % as %25, @ as %40, : as %3A)"
	rest := s[strings.Index(s, ":")+1:]
	if authority, ok := strings.CutPrefix(rest, "//"); ok {
		if at := strings.LastIndex(authority, "@"); at >= 0 {
			user := authority[:at]
			if strings.ContainsAny(user, "/?#@") || strings.Count(user, ":") > 1 || badEscape(user) {
				return escape
			}
		}
	}
	u, err := url.Parse(s)
	switch {
	case err != nil && strings.Contains(err.Error(), "invalid port"):
		return "the port after the host is not a number; " + want
	case err != nil:
		return "not a URL (check for spaces and unescaped characters); " + want
	case u.Host == "" && !strings.Contains(u.RawQuery, "host="):
		return "no host; " + want
	}
	return ""
}

// badEscape reports whether s has a % not followed by two hexadecimal
// digits.
func badEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			return true
		}
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Open opens the database that databaseURL names (see the package doc) and
// brings its schema up to date. Errors name DATABASE_URL when the value is at
// fault, and say what failed otherwise (a directory that does not exist, a
// server that does not answer, a schema newer than this program).
func Open(ctx context.Context, databaseURL string) (settings.Backend, error) {
	loc, err := Parse(databaseURL)
	if err != nil {
		return nil, err
	}
	switch loc.Kind {
	case SQLite:
		return sqlite.Open(ctx, loc.Path)
	default:
		return postgres.Open(ctx, loc.URL)
	}
}

// Redact returns a DATABASE_URL with its password, if any, replaced by xxxxx.
func Redact(databaseURL string) string { return postgres.Redact(databaseURL) }
