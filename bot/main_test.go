package bot

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	// discordgo's log lines go through slog, as in production (cmd/bot):
	// installed before any session exists, since discordgo reads the hook
	// without synchronisation.
	CaptureLibraryLogs(nil)
	os.Exit(m.Run())
}
