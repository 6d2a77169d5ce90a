package sqlite_test

import (
	"testing"

	"github.com/sudokubot/sudokubot/settings/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// TestStore runs the shared suite on real SQLite files.
func TestStore(t *testing.T) { storetest.Run(t, storetest.NewSQLite) }

// TestGames runs the games store's shared suite on real SQLite files.
func TestGames(t *testing.T) { storetest.RunGames(t, storetest.NewSQLite) }
