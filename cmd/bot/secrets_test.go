package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestSecretsStayOut checks the files that keep the token out of git and out
// of the container image, and that the image runs as a non-root user.
func TestSecretsStayOut(t *testing.T) {
	root := filepath.Join("..", "..")
	lines := func(name string) []string {
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(string(b), "\n")
	}
	if !slices.Contains(lines(".gitignore"), ".env") {
		t.Error(".gitignore does not ignore .env")
	}
	di := lines(".dockerignore")
	for _, want := range []string{".env", ".git"} {
		if !slices.Contains(di, want) {
			t.Errorf(".dockerignore does not keep %s out of the build context", want)
		}
	}
	var user string
	for _, l := range lines("Dockerfile") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "USER" {
			user = f[1] // the last USER is the one the container runs as
		}
	}
	if user == "" || strings.HasPrefix(user, "root") || strings.HasPrefix(user, "0") {
		t.Errorf("the container runs as %q, want a non-root user", user)
	}
}

// TestTokenNotPrinted runs the program with a recognisable token and a bad
// setting, and checks the token appears nowhere in what it prints.
func TestTokenNotPrinted(t *testing.T) {
	const token = "MTAw.SECRET-TOKEN.never-print-me"
	var out, errw bytes.Buffer
	err := run(context.Background(), testProgram([]string{"-env", ""}, map[string]string{
		"DISCORD_TOKEN": token, "SOLVE_TIMEOUT": "soon", "LOG_LEVEL": "debug",
	}, strings.NewReader(""), &out, &errw))
	if err == nil {
		t.Fatal("a bad SOLVE_TIMEOUT must stop start-up")
	}
	for _, s := range []string{err.Error(), out.String(), errw.String()} {
		if strings.Contains(s, "SECRET") {
			t.Errorf("token printed: %q", s)
		}
	}
}

// TestStartupErrorsHideSecrets runs the program into every start-up error
// with a token and passwords planted (in the environment and in a .env
// file), in text and JSON logs, and checks that none of them is printed:
// not in the error, on stdout or on stderr.
func TestStartupErrorsHideSecrets(t *testing.T) {
	const (
		token = "MTAw.PLANTED-TOKEN.zz"
		pw    = "S3cretPw"
	)
	secrets := []string{"PLANTED-TOKEN", pw, "S3cret"}
	dir := t.TempDir()
	envFile := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name string
		env  string // .env file contents, if any
		vars map[string]string
		line int // the .env line the error names, if any
	}{
		{name: "a .env name with a dash", env: "LOG_LEVEL=info\nDISCORD-TOKEN=" + token + "\nDATABASE_URL=postgres://bot:" + pw + "@db/x\n", line: 2},
		{name: "a .env quote never closed", env: "DISCORD_TOKEN=\"" + token + "\nDATABASE_URL=postgres://bot:" + pw + "@db/x\n", line: 1},
		{name: "a .env quote closed, then garbage", env: "A=\"x\ny\"\nDISCORD_TOKEN=" + token + "\n" + pw + " oops\n", line: 4},
		{name: "DATABASE_URL postgres:/", vars: map[string]string{"DATABASE_URL": "postgres:/bot:" + pw + "@db/x"}},
		{name: "DATABASE_URL postgres:", vars: map[string]string{"DATABASE_URL": "postgres:bot:" + pw + "@db/x"}},
		{name: "DATABASE_URL postgres//", vars: map[string]string{"DATABASE_URL": "postgres//bot:" + pw + "@db/x"}},
		{name: "DATABASE_URL unknown scheme", vars: map[string]string{"DATABASE_URL": "mysql://bot:" + pw + "@db/x"}},
		{name: "DATABASE_URL bad escape", vars: map[string]string{"DATABASE_URL": "postgres://bot:" + pw + "%zz@db/x"}},
		{name: "DATABASE_URL password parameter", vars: map[string]string{"DATABASE_URL": "postgres://db:notaport/x?PassWord=" + pw}},
		{name: "DATABASE_URL sqlite options", vars: map[string]string{"DATABASE_URL": "sqlite:bot.db?password=" + pw}},
		{name: "a bad setting beside them", vars: map[string]string{"SOLVE_TIMEOUT": "soon", "DATABASE_URL": "postgres://bot:" + pw + "@db/x"}},
		{name: "a database that refuses", vars: map[string]string{"DATABASE_URL": "postgres://bot:" + pw + "@127.0.0.1:1/x?connect_timeout=2"}},
	} {
		for _, format := range []string{"text", "json"} {
			t.Run(tc.name+"/"+format, func(t *testing.T) {
				vars := map[string]string{"DISCORD_TOKEN": token, "LOG_FORMAT": format}
				for k, v := range tc.vars {
					vars[k] = v
				}
				args := []string{"-env", ""}
				if tc.env != "" {
					delete(vars, "DISCORD_TOKEN") // from the file
					args = []string{"-env", envFile(strings.ReplaceAll(tc.name, " ", "-")+".env", tc.env)}
				}
				var out, errw bytes.Buffer
				// A start-up that goes on would try to reach Discord: stop it.
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				err := run(ctx, testProgram(args, vars, strings.NewReader(""), &out, &errw))
				if err == nil {
					t.Fatal("start-up went on")
				}
				for _, where := range []struct{ name, text string }{{"error", err.Error()}, {"stdout", out.String()}, {"stderr", errw.String()}} {
					for _, s := range secrets {
						if strings.Contains(where.text, s) {
							t.Errorf("%s shows %q: %s", where.name, s, where.text)
						}
					}
				}
				if tc.line > 0 {
					var ee *EnvFileError
					if !errors.As(err, &ee) || ee.Line != tc.line {
						t.Errorf("err = %v, want an EnvFileError naming line %d", err, tc.line)
					}
				}
			})
		}
	}
}
