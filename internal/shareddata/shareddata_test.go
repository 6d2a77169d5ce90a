package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDirBesideModule: from a package directory, Dir is shared/data beside
// the directory holding go.mod, however deep the package is.
func TestDirBesideModule(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "repo", "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "repo", "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(deep)
	t.Setenv(EnvDir, "")
	want := filepath.Join(root, "shared", "data")
	if got := Dir(); got != want {
		t.Errorf("Dir() = %q, want %q", got, want)
	}
	if got := Path("se_rated.csv"); got != filepath.Join(want, "se_rated.csv") {
		t.Errorf("Path = %q", got)
	}
}

// TestRequireSkips: a file that is not there skips the test that needs it.
func TestRequireSkips(t *testing.T) {
	var skipped bool
	t.Run("missing", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		Require(t, "no-such-file-in-shared-data.txt")
		t.Error("Require returned for a missing file")
	})
	if !skipped {
		t.Error("the test was not skipped")
	}
}

// TestDirFromEnv: the environment variable, when set, is the directory.
func TestDirFromEnv(t *testing.T) {
	t.Setenv(EnvDir, "/somewhere/data")
	if got := Dir(); got != "/somewhere/data" {
		t.Errorf("Dir() = %q, want the variable's value", got)
	}
}
