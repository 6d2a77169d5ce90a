package postgres_test

import (
	"testing"

	"github.com/sudokubot/sudokubot/settings/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// TestStore runs the shared suite on a real PostgreSQL server (see
// storetest.PostgresEnv), in a new database for each test.
func TestStore(t *testing.T) {
	storetest.PostgresURL(t) // skip once, saying why, without a server
	storetest.Run(t, storetest.NewPostgres)
}

// TestGames runs the games store's shared suite on a real PostgreSQL
// server, in a new database for each test.
func TestGames(t *testing.T) {
	storetest.PostgresURL(t)
	storetest.RunGames(t, storetest.NewPostgres)
}
