package sqlite_test

import (
	"testing"

	"github.com/sudokubot/sudokubot/settings/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// TestStore runs the shared suite on real SQLite files.
func TestStore(t *testing.T) { storetest.Run(t, storetest.NewSQLite) }
