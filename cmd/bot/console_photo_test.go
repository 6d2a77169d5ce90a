package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/picture"
)

// TestConsoleAttachesPictures: @PATH attaches a local file, and the reply
// starts with the grid read from it; a missing file is said.
func TestConsoleAttachesPictures(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := picture.Encode(&buf, picture.Board{Grid: testgrids.Decode(t, lc37)}, picture.Options{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "board.png")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	h := command.New(command.Config{Prefix: "!", Pictures: command.PicturesNever, PictureTimeout: 10 * time.Minute})
	in := "!solve @" + path + "\n!solve @" + filepath.Join(dir, "missing.png") + "\n"
	var out, errw bytes.Buffer
	if err := runConsole(context.Background(), h, strings.NewReader(in), &out, &errw, false, dir); err != nil {
		t.Fatal(err)
	}
	rs := replies(out.String())
	if len(rs) != 2 {
		t.Fatalf("%d replies, want 2:\n%s", len(rs), out.String())
	}
	if !strings.HasPrefix(rs[0], "Read from `board.png`") || !strings.Contains(rs[0], "`"+lc37+"`") {
		t.Errorf("reply to a picture:\n%s", rs[0])
	}
	if !strings.Contains(rs[1], "couldn't fetch `missing.png`") {
		t.Errorf("reply to a missing file:\n%s", rs[1])
	}
}
