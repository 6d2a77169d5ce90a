package main

import (
	"io"
	"os"
	"testing"

	"github.com/sudokubot/sudokubot/bot"
)

func TestMain(m *testing.M) {
	// As main does before any session exists (see bot.CaptureLibraryLogs).
	bot.CaptureLibraryLogs(nil)
	os.Exit(m.Run())
}

// testProgram is a program with the given arguments, environment and
// standard streams; its sessions would reach the real Discord, so tests that
// start the bot replace them with the fake's.
func testProgram(args []string, environ map[string]string, stdin io.Reader, stdout, stderr io.Writer) program {
	return program{args: args, lookupEnv: lookup(environ), stdin: stdin, stdout: stdout, stderr: stderr, sessions: bot.Sessions}
}
