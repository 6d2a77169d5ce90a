package sqlite_test

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/sudokubot/sudokubot/settings/sqlite"
)

// readOnlyEnv names the database a re-executed test binary opens as an
// unprivileged user (root writes any file, whatever its mode).
const readOnlyEnv = "SUDOKUBOT_SQLITE_READONLY"

// TestReadOnlyFile: a database file, or a directory, this process cannot
// write fails Open with a NotWritableError that says so and names
// DATABASE_URL, not SQLite's "unable to open database file (14)". Run as
// root, the test re-executes itself as user nobody (65534).
func TestReadOnlyFile(t *testing.T) {
	ctx := context.Background()
	if path := os.Getenv(readOnlyEnv); path != "" {
		_, err := sqlite.Open(ctx, path)
		var ne *sqlite.NotWritableError
		if !errors.As(err, &ne) || !strings.Contains(err.Error(), "not writable") || !strings.Contains(err.Error(), "DATABASE_URL") {
			t.Fatalf("Open of a read-only database: %v, want a NotWritableError naming DATABASE_URL", err)
		}
		return
	}
	for _, tc := range []struct {
		name           string
		fileMode, dirs os.FileMode
	}{
		{"read-only file", 0o444, 0o777},
		{"read-only directory", 0o666, 0o555},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "settings.db")
			db, err := sqlite.Open(ctx, path) // a real database, made writable first
			if err != nil {
				t.Fatal(err)
			}
			db.Close()
			for _, ext := range []string{"-wal", "-shm"} {
				os.Remove(path + ext)
			}
			chmod(t, path, tc.fileMode)
			chmod(t, filepath.Dir(dir), 0o755)
			chmod(t, dir, tc.dirs)
			t.Cleanup(func() { os.Chmod(dir, 0o755) })
			if os.Geteuid() != 0 {
				_, err := sqlite.Open(ctx, path)
				var ne *sqlite.NotWritableError
				if !errors.As(err, &ne) || !strings.Contains(err.Error(), "DATABASE_URL") {
					t.Fatalf("Open of a read-only database: %v, want a NotWritableError naming DATABASE_URL", err)
				}
				return
			}
			out, err := asNobody(t, path)
			if err != nil {
				t.Fatalf("as user nobody: %v\n%s", err, out)
			}
		})
	}
}

func chmod(t *testing.T, path string, mode os.FileMode) {
	t.Helper()
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// asNobody runs TestReadOnlyFile of a copy of the test binary (which user
// nobody may run) as user 65534, opening path.
func asNobody(t *testing.T, path string) ([]byte, error) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "sqlite.test")
	chmod(t, filepath.Dir(bin), 0o755)
	chmod(t, filepath.Dir(filepath.Dir(bin)), 0o755)
	copyFile(t, self, bin)
	cmd := exec.Command(bin, "-test.run=^TestReadOnlyFile$", "-test.count=1")
	cmd.Env = append(os.Environ(), readOnlyEnv+"="+path)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	return cmd.CombinedOutput()
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	src, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
}
