package main

import (
	"os"
	"testing"

	"github.com/sudokubot/sudokubot/bot"
)

func TestMain(m *testing.M) {
	// As main does before any session exists (see bot.CaptureLibraryLogs).
	bot.CaptureLibraryLogs(nil)
	os.Exit(m.Run())
}
