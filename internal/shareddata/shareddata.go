// Package shareddata finds the public puzzle sets kept beside the
// repository (../shared/data, described in its README.md), for the tests
// and benchmarks that check real data. A fresh clone has none: those tests
// skip, or fall back on the samples in their testdata. It imports only the
// standard library, so that package sudoku's own tests can use it.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// EnvDir names the environment variable that, when set, gives the
// directory of the shared puzzle sets instead: for a checkout that does not
// stand beside them (a git worktree elsewhere, a CI job).
const EnvDir = "SUDOKUBOT_SHARED_DATA"

// Dir returns the directory of the shared puzzle sets: $SUDOKUBOT_SHARED_DATA
// when set, or else shared/data beside the module's root, the nearest
// directory above the working directory (a package's, under go test) that
// holds go.mod. It returns "" when there is no such root.
func Dir() string {
	if d := os.Getenv(EnvDir); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "data")
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// Path returns the path of the file name (such as "se_rated.csv") among
// the shared puzzle sets, whether it is there or not: a test that can do
// without it opens it and goes on when that fails.
func Path(name string) string {
	dir := Dir()
	if dir == "" {
		return filepath.Join("shared-data-not-found", name)
	}
	return filepath.Join(dir, name)
}

// Require returns the path of the file name among the shared puzzle sets,
// or skips tb (a test or benchmark that needs it) when it is not there.
func Require(tb testing.TB, name string) string {
	tb.Helper()
	p := Path(name)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("no %s beside the repository (../shared/data): %v", name, err)
	}
	return p
}
