package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/picture"
)

// TestRead reads the bot's own board, a blank picture, a text file named
// .jpg and a missing file: one line each, exit 1 for the three not read.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	var board, blank bytes.Buffer
	if err := picture.Encode(&board, picture.Board{Grid: testgrids.Decode(t, lcPuzzle)}, picture.Options{Theme: picture.Light}); err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(&blank, image.NewGray(image.Rect(0, 0, 100, 100))); err != nil {
		t.Fatal(err)
	}
	files := []string{write("board.png", board.Bytes()), write("blank.png", blank.Bytes()), write("grid.jpg", []byte(lcPuzzle)), filepath.Join(dir, "missing.png")}
	code, stdout, _ := runArgs(t, "", append([]string{"read", "-kinds", "-timeout", "10m"}, files...)...)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4:\n%s", len(lines), stdout)
	}
	kinds := strings.Map(func(r rune) rune {
		if r == '.' {
			return '.'
		}
		return 'g'
	}, lcPuzzle)
	want := []string{
		files[0] + " " + lcPuzzle + " " + kinds,
		files[1] + " - no grid",
		files[2] + " - error: not a picture",
		files[3] + " - error: open",
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want it to start with %q", i+1, lines[i], w)
		}
	}
	code, stdout, _ = runArgs(t, "", "read", "-timeout", "10m", files[0])
	if code != 0 || stdout != files[0]+" "+lcPuzzle+"\n" {
		t.Errorf("read of one board: exit %d, %q", code, stdout)
	}
}
