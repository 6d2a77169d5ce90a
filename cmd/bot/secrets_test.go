package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
