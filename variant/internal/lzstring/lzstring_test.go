package lzstring

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// testLimit is the output limit of the tests: far above their texts.
const testLimit = 1 << 20

func decode(s string) (string, error) {
	out, _, err := DecompressFromBase64(s, testLimit)
	return out, err
}

func decodeURI(s string) (string, error) {
	out, _, err := DecompressFromEncodedURIComponent(s, testLimit)
	return out, err
}

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
			if got, err := decode(tt.base64); err != nil || got != tt.in {
				t.Errorf("DecompressFromBase64(%q) = %q, %v; want %q", tt.base64, got, err, tt.in)
			}
		})
	}
}

// publicLink is the f-puzzles data of the example link in the README of the
// sudoku-formats package (lisudoku), written by f-puzzles itself.
const publicLink = "N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A"

func TestDecompressPublicLink(t *testing.T) {
	got, err := decode(publicLink)
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
	if sp, err := decode(strings.ReplaceAll(publicLink, "+", " ")); err != nil || sp != got {
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
		if got, err := decode(c); err != nil || got != in {
			t.Errorf("base64 round trip of %.20q: %.20q, %v", in, got, err)
		}
		u := CompressToEncodedURIComponent(in)
		if strings.ContainsAny(u, "/=") {
			t.Errorf("URI form %q has '/' or '='", u)
		}
		if got, err := decodeURI(u); err != nil || got != in {
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
			got, err := decode(tt.in)
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

// A stream is refused as soon as it would produce more than the limit,
// before it does: a few hundred characters that double their output with
// every code ("aa", "aaaa", ...) stop at the limit without using more.
func TestDecompressLimit(t *testing.T) {
	text := strings.Repeat("a", 5000)
	c := CompressToBase64(text)
	if got, _, err := DecompressFromBase64(c, len(text)); err != nil || got != text {
		t.Fatalf("at the limit: %d units, %v", len(got), err)
	}
	_, _, err := DecompressFromBase64(c, len(text)-1)
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrTooLong) {
		t.Fatalf("one unit over the limit: %v, want ErrTooLong", err)
	}
	if e.Pos < 0 || e.Pos >= len(c) {
		t.Fatalf("position %d outside the %d characters", e.Pos, len(c))
	}
}

// used counts the characters up to the end marker: what follows it, more
// data or a word after the link, is not read.
func TestDecompressUsed(t *testing.T) {
	for _, in := range []string{"a", "ab", `{"size":9}`, strings.Repeat("xyz", 300)} {
		c := CompressToBase64(in)
		data := strings.TrimRight(c, "=")
		for _, after := range []string{"", "=", "Zm9v", "+please+solve"} {
			got, used, err := DecompressFromBase64(data+after, testLimit)
			if err != nil || got != in {
				t.Fatalf("%q then %q: %q, %v", c, after, got, err)
			}
			if used > len(data) || used < len(data)-1 {
				t.Errorf("%q then %q: used %d, the data has %d characters", c, after, used, len(data))
			}
		}
	}
}

func FuzzDecompress(f *testing.F) {
	f.Add(publicLink)
	f.Add("IZA=")
	f.Add("IYIy")
	f.Add(CompressToBase64("hello hello hello"))
	f.Fuzz(func(t *testing.T, s string) {
		out, used, err := DecompressFromBase64(s, testLimit)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Pos < 0 || (len(s) > 0 && e.Pos >= len(s)) {
				t.Fatalf("error %v for %q has no position inside the input", err, s)
			}
			return
		}
		if n := len(utf16.Encode([]rune(out))); n > testLimit {
			t.Fatalf("output of %d units beyond the limit", n)
		}
		if used < 1 || used > len(strings.TrimRight(s, "=")) {
			t.Fatalf("used %d of %d characters", used, len(s))
		}
		if again, _, err := DecompressFromBase64(s[:used], testLimit); err != nil || again != out {
			t.Fatalf("the %d characters used decode to %q, %v; the whole to %q", used, again, err, out)
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
		}{{CompressToBase64, decode}, {CompressToEncodedURIComponent, decodeURI}} {
			if got, err := form.dec(form.enc(s)); err != nil || got != s {
				t.Fatalf("round trip of %q: %q, %v", s, got, err)
			}
		}
	})
}
