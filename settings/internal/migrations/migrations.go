// Package migrations reads the versioned schema migrations that the settings
// adapters embed: files named NNNN_what.sql (NNNN the version, from 1, without
// gaps), applied in version order.
package migrations

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strconv"
)

// Migration is one schema change.
type Migration struct {
	Version int    // from the file name; 1 for the first
	Name    string // the file name, such as "0001_settings.sql"
	SQL     string
}

var fileName = regexp.MustCompile(`^([0-9]{4})_[a-z0-9_]+\.sql$`)

// Load reads the migrations in dir of fsys, in version order. Every .sql file
// must be named NNNN_what.sql, and the versions must run 1, 2, 3... without a
// gap or a repeat.
func Load(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	var ms []Migration
	for _, e := range entries { // ReadDir sorts by name, so by version
		if e.IsDir() || path.Ext(e.Name()) != ".sql" {
			continue
		}
		m := fileName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("migrations: %s: want a name such as 0001_what.sql", e.Name())
		}
		v, _ := strconv.Atoi(m[1])
		if v != len(ms)+1 {
			return nil, fmt.Errorf("migrations: %s: version %d, want %d (no gaps, no repeats)", e.Name(), v, len(ms)+1)
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("migrations: %w", err)
		}
		ms = append(ms, Migration{Version: v, Name: e.Name(), SQL: string(b)})
	}
	if len(ms) == 0 {
		return nil, fmt.Errorf("migrations: no .sql file in %s", dir)
	}
	return ms, nil
}

// NewerError says the database was migrated by a newer program than this one.
type NewerError struct {
	Database, Known int // the database's schema version, and the newest this program knows
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("the database's schema is at version %d, newer than this program knows (%d): run a newer sudokubot, or restore a backup", e.Database, e.Known)
}
