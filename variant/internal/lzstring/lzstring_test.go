package lzstring

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// The vectors below were worked out by hand from the algorithm (see the
// package doc): "a" is code 0 in 2 bits, 0x61 in 8 bits, then the end
// marker 2 in the grown width of 3 bits: 00 10000110 010, padded to 18 bits
// = 001000 011001 000000 = "IZA", plus "=" to a multiple of four.
// "ab" adds 000 01000110 before the end marker, filling four characters
// exactly ("IYIy"); the final flush still writes one character of zero
// bits, so the output is "IYIyA" (padded "IYIyA===").
func TestKnownVectors(t *testing.T) {
	tests := []struct {
		name, in, base64, uri string
	}{
		{"empty", "", "", ""},
		{"one letter", "a", "IZA=", "IZA"},
		{"two letters", "ab", "IYIyA===", "IYIyA"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CompressToBase64(tt.in); got != tt.base64 {
				t.Errorf("CompressToBase64(%q) = %q, want %q", tt.in, got, tt.base64)
			}
			if got := CompressToEncodedURIComponent(tt.in); got != tt.uri {
				t.Errorf("CompressToEncodedURIComponent(%q) = %q, want %q", tt.in, got, tt.uri)
			}
			if tt.in == "" {
				return
			}
			if got, err := DecompressFromBase64(tt.base64); err != nil || got != tt.in {
				t.Errorf("DecompressFromBase64(%q) = %q, %v; want %q", tt.base64, got, err, tt.in)
			}
		})
	}
}

// publicLink is the f-puzzles data of the example link in the README of the
// sudoku-formats package (lisudoku), written by f-puzzles itself.
const publicLink = "N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A"

func TestDecompressPublicLink(t *testing.T) {
	got, err := DecompressFromBase64(publicLink)
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Size int                `json:"size"`
		Grid [][]map[string]any `json:"grid"`
	}
	if err := json.Unmarshal([]byte(got), &p); err != nil {
		t.Fatalf("decompressed %q is not JSON: %v", got, err)
	}
	if p.Size != 9 || len(p.Grid) != 9 {
		t.Errorf("size %d, %d rows; want 9, 9 (%s)", p.Size, len(p.Grid), got)
	}
	// The same data with '+' turned into spaces reads the same.
	if sp, err := DecompressFromBase64(strings.ReplaceAll(publicLink, "+", " ")); err != nil || sp != got {
		t.Errorf("with spaces for '+': %q, %v", sp, err)
	}
}

func TestRoundTrip(t *testing.T) {
	inputs := []string{
		"x", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "abababababababab",
		`{"size":9,"grid":[[{"value":5,"given":true},{}]]}`,
		"ünïcödé ✓ 数独 and an emoji 🧩 (a surrogate pair)",
		strings.Repeat("TOBEORNOTTOBEORTOBEORNOT#", 40),
	}
	var b strings.Builder
	for i := 0; i < 3000; i++ {
		b.WriteByte(byte('a' + i*i%26))
	}
	inputs = append(inputs, b.String())
	for _, in := range inputs {
		c := CompressToBase64(in)
		if len(c)%4 != 0 {
			t.Errorf("CompressToBase64(%.20q) = %q: length not a multiple of 4", in, c)
		}
		if got, err := DecompressFromBase64(c); err != nil || got != in {
			t.Errorf("base64 round trip of %.20q: %.20q, %v", in, got, err)
		}
		u := CompressToEncodedURIComponent(in)
		if strings.ContainsAny(u, "/=") {
			t.Errorf("URI form %q has '/' or '='", u)
		}
		if got, err := DecompressFromEncodedURIComponent(u); err != nil || got != in {
			t.Errorf("URI round trip of %.20q: %.20q, %v", in, got, err)
		}
	}
}

func TestDecompressErrors(t *testing.T) {
	full := CompressToBase64(`{"size":9}`)
	tests := []struct {
		name, in string
		pos      int
		want     error
	}{
		{"empty", "", 0, ErrEmpty},
		{"only padding", "====", 0, ErrEmpty},
		{"bad character", "IZ*A", 2, ErrBadChar},
		{"truncated", full[:len(full)/2], len(full)/2 - 1, ErrTruncated},
		{"first code 3", "w", 0, ErrBadCode},
		// 00 10000110 then code 7 (111) while the dictionary holds 5 entries.
		{"code past the dictionary", "IZ4", 2, ErrBadCode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecompressFromBase64(tt.in)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("DecompressFromBase64(%q) = %q, %v; want an *Error", tt.in, got, err)
			}
			if !errors.Is(err, tt.want) || e.Pos != tt.pos {
				t.Errorf("error %v at %d; want %v at %d", e.Err, e.Pos, tt.want, tt.pos)
			}
		})
	}
}

func FuzzDecompress(f *testing.F) {
	f.Add(publicLink)
	f.Add("IZA=")
	f.Add("IYIy")
	f.Add(CompressToBase64("hello hello hello"))
	f.Fuzz(func(t *testing.T, s string) {
		out, err := DecompressFromBase64(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Pos < 0 || (len(s) > 0 && e.Pos >= len(s)) {
				t.Fatalf("error %v for %q has no position inside the input", err, s)
			}
			return
		}
		if len(out) > 3*MaxOutput {
			t.Fatalf("output of %d bytes beyond the limit", len(out))
		}
	})
}

func FuzzRoundTrip(f *testing.F) {
	f.Add("a")
	f.Add(`{"size":9}`)
	f.Add("🧩🧩🧩 ab ab ab")
	f.Fuzz(func(t *testing.T, s string) {
		if s == "" || !utf8.ValidString(s) {
			return
		}
		for _, form := range []struct {
			enc func(string) string
			dec func(string) (string, error)
		}{{CompressToBase64, DecompressFromBase64}, {CompressToEncodedURIComponent, DecompressFromEncodedURIComponent}} {
			if got, err := form.dec(form.enc(s)); err != nil || got != s {
				t.Fatalf("round trip of %q: %q, %v", s, got, err)
			}
		}
	})
}
