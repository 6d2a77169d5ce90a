package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/picture"
)

func TestPNG(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "mixed.txt")
	if err := os.WriteFile(in, []byte(lcPuzzle+"\n\n"+invalidPuzzle+"\n"+puzzle16+"\nnot a puzzle\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out", "pics")
	code, stdout, stderr := runArgs(t, "", "png", "-o", out, "-theme", "light", in)
	if code != 1 {
		t.Errorf("exit %d, want 1 for the unreadable line 5", code)
	}
	if !strings.Contains(stderr, "line 5") || !strings.Contains(stderr, "line 3: invalid") {
		t.Errorf("stderr does not name line 5 and the invalid line 3:\n%s", stderr)
	}
	want := []string{filepath.Join(out, "mixed-0001.png"), filepath.Join(out, "mixed-0003.png"), filepath.Join(out, "mixed-0004.png")}
	if got := strings.Fields(stdout); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("wrote %q, want %q", got, want)
	}
	pal := picture.Light.Palette()
	for i, path := range want {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if img.Bounds().Dx() > 720 || img.Bounds().Dx() < 300 {
			t.Errorf("%s: %v", path, img.Bounds())
		}
		inks := map[string]int{}
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r, g, bl, _ := img.At(x, y).RGBA()
				for name, c := range map[string]struct{ R, G, B uint8 }{"given": {pal.Given.R, pal.Given.G, pal.Given.B}, "filled": {pal.Filled.R, pal.Filled.G, pal.Filled.B}, "clash": {pal.Clash.R, pal.Clash.G, pal.Clash.B}} {
					if uint8(r>>8) == c.R && uint8(g>>8) == c.G && uint8(bl>>8) == c.B {
						inks[name]++
					}
				}
			}
		}
		// Solved boards show givens and filled digits; the invalid one its
		// givens and the clash, nothing filled in.
		solved := i != 1
		if inks["given"] == 0 || (inks["filled"] > 0) != solved || (inks["clash"] > 0) == solved {
			t.Errorf("%s: ink pixels %v", path, inks)
		}
	}
}

func TestPNGMarksAndLimit(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "two.txt")
	if err := os.WriteFile(in, []byte(lcPuzzle+"\n"+lcPuzzle+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runArgs(t, "", "png", "-o", dir, "-marks", "-coords", "-n", "1", "-size", "600", in)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if got := strings.Fields(stdout); len(got) != 1 {
		t.Fatalf("wrote %q, want one picture", got)
	}
	for _, args := range [][]string{{"png"}, {"png", "-theme", "sepia", in}, {"png", in, in}, {"png", "-n", "-1", in}} {
		if code, _, _ := runArgs(t, "", args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	if code, _, _ := runArgs(t, "", "png", "-o", dir, filepath.Join(dir, "missing.txt")); code != 1 {
		t.Errorf("missing file: exit %d, want 1", code)
	}
	if code, _, stderr := runArgs(t, "", "png", "-o", dir, "-size", "50", in); code != 1 || !strings.Contains(stderr, "needs at least") {
		t.Errorf("-size 50: exit %d, stderr %q", code, stderr)
	}
}
