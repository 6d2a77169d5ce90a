package sqlite_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/sqlite"
	"github.com/sudokubot/sudokubot/settings/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// TestStore runs the shared suite on real SQLite files.
func TestStore(t *testing.T) { storetest.Run(t, storetest.NewSQLite) }

// TestGames runs the games store's shared suite on real SQLite files.
func TestGames(t *testing.T) { storetest.RunGames(t, storetest.NewSQLite) }

// TestGamesMigration: what migration 5 makes of the games of a schema 4
// file.
func TestGamesMigration(t *testing.T) {
	storetest.RunGamesMigration(t, func(t testing.TB, games []settings.GameRecord) (string, []string) {
		url := storetest.NewSQLite(t)
		d, err := sqlite.OpenAt(context.Background(), strings.TrimPrefix(url, "sqlite:"), 4)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		var ids []string
		for _, g := range games {
			id, err := d.InsertGameV4(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		return url, ids
	})
}

// BenchmarkStats: a member's statistics and the leaderboard of a server
// with 10,000 finished games (see storetest.BenchStats).
func BenchmarkStats(b *testing.B) { storetest.BenchStats(b, storetest.NewSQLite, 10000) }
