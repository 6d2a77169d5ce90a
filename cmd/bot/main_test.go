package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"sync/atomic"
	"testing"

	"github.com/sudokubot/sudokubot/bot"
)

func TestMain(m *testing.M) {
	// As main does before any session exists (see bot.CaptureLibraryLogs).
	bot.CaptureLibraryLogs(nil)
	if addr := os.Getenv(childEnv); addr != "" {
		os.Exit(runChild(addr))
	}
	dir, err := os.MkdirTemp("", "sudokubot-cmd-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	dataDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// dataDir holds the tests' SQLite files, so that no test writes
// sudokubot.db (DATABASE_URL's default) into the source tree.
var (
	dataDir string
	dbFiles atomic.Int64
)

// testProgram is a program with the given arguments, environment and
// standard streams; its sessions would reach the real Discord, so tests that
// start the bot replace them with the fake's. Without DATABASE_URL in
// environ, its database is a new SQLite file in dataDir.
func testProgram(args []string, environ map[string]string, stdin io.Reader, stdout, stderr io.Writer) program {
	if _, ok := environ["DATABASE_URL"]; !ok {
		environ = maps.Clone(environ)
		if environ == nil {
			environ = map[string]string{}
		}
		environ["DATABASE_URL"] = fmt.Sprintf("sqlite:%s/bot-%d.db", dataDir, dbFiles.Add(1))
	}
	return program{args: args, lookupEnv: lookup(environ), stdin: stdin, stdout: stdout, stderr: stderr, sessions: bot.Sessions}
}
