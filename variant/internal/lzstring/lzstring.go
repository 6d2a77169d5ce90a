// Package lzstring reads and writes the lz-string compression that
// f-puzzles and SudokuPad links carry: an LZW variant over UTF-16 code
// units whose bit stream is written six bits to a character, either in the
// standard Base64 alphabet (A-Z a-z 0-9 + /, padded with '=') or in the
// URI-safe one (A-Z a-z 0-9 + - $, no padding).
//
// The stream is a sequence of codes, each written least significant bit
// first in the current code width, which starts at 2 bits and grows by one
// whenever the dictionary outgrows it. Code 0 is followed by an 8-bit
// character, code 1 by a 16-bit one (both add that character to the
// dictionary), code 2 ends the stream, and every other code names a
// dictionary entry; after each entry the previous entry plus the first
// character of this one joins the dictionary, as in LZW.
//
// Decompression returns typed errors ([*Error]) naming the character
// position where the stream went wrong.
package lzstring

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

const (
	base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	uriAlphabet    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
)

// The sentinels an [Error] wraps.
var (
	ErrEmpty     = errors.New("no data")
	ErrBadChar   = errors.New("character outside the alphabet")
	ErrTruncated = errors.New("the data ends before its end marker")
	ErrBadCode   = errors.New("a code names no dictionary entry")
	ErrTooLong   = errors.New("the data expands beyond the size limit")
)

// Error is a failed decompression: Pos is the 0-based index of the input
// character being read when it failed (for ErrBadChar, the offending one).
type Error struct {
	Pos int
	Err error
}

func (e *Error) Error() string {
	return fmt.Sprintf("lz-string: at character %d: %v", e.Pos+1, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// CompressToBase64 compresses s into the Base64 form, padded with '=' to a
// multiple of four characters, as lz-string's compressToBase64 does.
func CompressToBase64(s string) string {
	out := compress(utf16.Encode([]rune(s)), base64Alphabet)
	if n := len(out) % 4; n != 0 {
		out += strings.Repeat("=", 4-n)
	}
	return out
}

// CompressToEncodedURIComponent compresses s into the URI-safe form.
func CompressToEncodedURIComponent(s string) string {
	return compress(utf16.Encode([]rune(s)), uriAlphabet)
}

// DecompressFromBase64 decompresses the Base64 form into at most limit
// UTF-16 code units: a stream that would produce more is refused with
// [ErrTooLong] as soon as it does (a short stream can expand
// quadratically, so the caller bounds the work and the memory). used is
// how many characters of s the stream took, up to and with the one that
// holds its end marker; what follows is not read. Trailing '=' padding is
// ignored. A space is read as '+', since links pasted through some clients
// turn '+' into a space.
func DecompressFromBase64(s string, limit int) (text string, used int, err error) {
	return decompressString(strings.TrimRight(s, "="), base64Alphabet, limit)
}

// DecompressFromEncodedURIComponent decompresses the URI-safe form, as
// [DecompressFromBase64] does the Base64 one (a space is read as '+', as
// lz-string does).
func DecompressFromEncodedURIComponent(s string, limit int) (text string, used int, err error) {
	return decompressString(s, uriAlphabet, limit)
}

func decompressString(s, alphabet string, limit int) (string, int, error) {
	if s == "" {
		return "", 0, &Error{Pos: 0, Err: ErrEmpty}
	}
	vals := make([]uint8, len(s))
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == ' ' {
			ch = '+'
		}
		k := strings.IndexByte(alphabet, ch)
		if k < 0 {
			return "", 0, &Error{Pos: i, Err: ErrBadChar}
		}
		vals[i] = uint8(k)
	}
	units, used, err := decompress(vals, limit)
	if err != nil {
		return "", 0, err
	}
	return string(utf16.Decode(units)), used, nil
}

// bitReader hands out the input's bits, most significant first within each
// six-bit character; past the end it reads zeros.
type bitReader struct {
	vals []uint8
	idx  int   // index of the character being read
	mask uint8 // the next bit of vals[idx]
}

// used is how many characters the bits read so far came from.
func (r *bitReader) used() int {
	if r.mask == 1<<5 {
		return r.idx
	}
	return r.idx + 1
}

func (r *bitReader) read(n int) int {
	v := 0
	for i := 0; i < n; i++ {
		if r.idx < len(r.vals) && r.vals[r.idx]&r.mask != 0 {
			v |= 1 << i
		}
		r.mask >>= 1
		if r.mask == 0 {
			r.mask = 1 << 5
			r.idx++
		}
	}
	return v
}

// span is a dictionary entry: a run of the output already written.
type span struct{ off, n int }

// decompress decodes the stream into at most limit units: every code
// read adds at least one unit, so the loop runs at most limit+1 times and
// the dictionary holds at most twice as many entries.
func decompress(vals []uint8, limit int) ([]uint16, int, error) {
	r := &bitReader{vals: vals, mask: 1 << 5}
	fail := func(err error) ([]uint16, int, error) {
		return nil, 0, &Error{Pos: min(r.idx, len(vals)-1), Err: err}
	}
	var out []uint16
	literal := func(code int) bool {
		switch code {
		case 0:
			out = append(out, uint16(r.read(8)))
		case 1:
			out = append(out, uint16(r.read(16)))
		default:
			return false
		}
		return true
	}
	switch first := r.read(2); first {
	case 2:
		return out, r.used(), nil // the empty string
	case 3:
		return fail(ErrBadCode)
	default:
		literal(first)
	}
	if len(out) > limit {
		return fail(ErrTooLong)
	}
	dict := []span{{}, {}, {}, {0, 1}} // codes 0-2 are markers
	w := span{0, 1}
	enlargeIn, numBits := 4, 3
	grow := func() {
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
	for {
		if r.idx >= len(vals) {
			return fail(ErrTruncated)
		}
		code := r.read(numBits)
		var entry span
		switch {
		case code == 2:
			return out, r.used(), nil
		case code < 2:
			off := len(out)
			literal(code)
			dict = append(dict, span{off, 1})
			enlargeIn--
			grow()
			entry = span{off, 1}
		case code < len(dict):
			grow()
			e := dict[code]
			if len(out)+e.n > limit {
				return fail(ErrTooLong) // before the copy: memory stays within the limit
			}
			entry = span{len(out), e.n}
			out = append(out, out[e.off:e.off+e.n]...)
		case code == len(dict):
			grow()
			if len(out)+w.n+1 > limit {
				return fail(ErrTooLong)
			}
			entry = span{len(out), w.n + 1}
			out = append(out, out[w.off:w.off+w.n]...)
			out = append(out, out[w.off])
		default:
			return fail(ErrBadCode)
		}
		if len(out) > limit {
			return fail(ErrTooLong)
		}
		// The previous entry and this one's first unit are adjacent in out.
		dict = append(dict, span{w.off, w.n + 1})
		enlargeIn--
		w = entry
		grow()
	}
}

// bitWriter packs codes into characters of the alphabet.
type bitWriter struct {
	alphabet string
	out      []byte
	val, pos int
}

// write emits the n low bits of v, least significant first.
func (b *bitWriter) write(v, n int) {
	for i := 0; i < n; i++ {
		b.val = b.val<<1 | v&1
		v >>= 1
		if b.pos == 5 {
			b.out = append(b.out, b.alphabet[b.val])
			b.val, b.pos = 0, 0
		} else {
			b.pos++
		}
	}
}

// flush pads the last character with zero bits.
func (b *bitWriter) flush() {
	for {
		b.val <<= 1
		if b.pos == 5 {
			b.out = append(b.out, b.alphabet[b.val])
			return
		}
		b.pos++
	}
}

func compress(in []uint16, alphabet string) string {
	if len(in) == 0 {
		return ""
	}
	bw := &bitWriter{alphabet: alphabet}
	charCode := map[uint16]int{} // single units, coded when first seen
	pending := map[uint16]bool{} // units seen but not yet written as literals
	next := map[[2]int]int{}     // (code of w, unit) -> code of w+unit
	dictSize, enlargeIn, numBits := 3, 2, 2
	step := func() {
		enlargeIn--
		if enlargeIn == 0 {
			enlargeIn = 1 << numBits
			numBits++
		}
	}
	// emit writes w: as a literal the first time a single unit is written,
	// else as its code.
	emit := func(wCode int, wUnit uint16, wLen int) {
		if wLen == 1 && pending[wUnit] {
			if wUnit < 256 {
				bw.write(0, numBits)
				bw.write(int(wUnit), 8)
			} else {
				bw.write(1, numBits)
				bw.write(int(wUnit), 16)
			}
			step()
			delete(pending, wUnit)
		} else {
			bw.write(wCode, numBits)
		}
		step()
	}
	wCode, wLen := -1, 0
	var wUnit uint16
	for _, c := range in {
		if _, ok := charCode[c]; !ok {
			charCode[c] = dictSize
			dictSize++
			pending[c] = true
		}
		if wLen == 0 {
			wCode, wUnit, wLen = charCode[c], c, 1
			continue
		}
		if code, ok := next[[2]int{wCode, int(c)}]; ok {
			wCode = code
			wLen++
			continue
		}
		emit(wCode, wUnit, wLen)
		next[[2]int{wCode, int(c)}] = dictSize
		dictSize++
		wCode, wUnit, wLen = charCode[c], c, 1
	}
	emit(wCode, wUnit, wLen)
	bw.write(2, numBits)
	bw.flush()
	return string(bw.out)
}
