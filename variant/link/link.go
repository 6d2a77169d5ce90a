// Package link reads variant Sudoku puzzles from the links setters share:
//
//	https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwhMACAKgBYQC2ALgIYDGpABA…
//	https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOANCA5gJwhMACAKgBYQC2ALgIYDGpA…
//	https://sudokupad.app/sclN4Ig…        (SudokuPad's own format; also ctc…)
//	https://app.crackingthecryptic.com/sudoku/fpuzzlesN4Ig…
//
// f-puzzles.com without www, SudokuPad's ?puzzleid= form and the fpuz
// prefix are read too; the data may be percent-encoded, and a '+' that a
// client turned into a space is read as '+'. The data is lz-string
// compressToBase64 of the puzzle's JSON (see variant/internal/lzstring).
//
// An f-puzzles puzzle's rules are read from its JSON keys (size, grid with
// value, given, region and givenPencilMarks, and the constraint lists:
// killercage, thermometer, arrow, difference, ratio, xv, ...; see [Read]
// for the whole list); cells are written R1C1, clues outside the grid at
// row or column 0 or size+1. A SudokuPad puzzle states fewer rules in its
// data: givens, regions, cages (with their sums) and anti-knight and
// anti-king; its lines and shapes mean only what its rules text says.
//
// A short link (sudokupad.app/<id>, f-puzzles.com/?id=, tinyurl) holds no
// puzzle, only a name the site knows: [ErrShortLink]. Reading never makes
// a request.
package link

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/internal/lzstring"
)

// The sentinels the errors of this package wrap.
var (
	ErrNotLink   = errors.New("not an f-puzzles or SudokuPad link")
	ErrShortLink = errors.New("a short link: the puzzle is only on the site")
	ErrNoData    = errors.New("the link holds no puzzle data")
	ErrData      = errors.New("the puzzle data cannot be decompressed")
	ErrTooLarge  = errors.New("the puzzle data is larger than any puzzle needs")
	ErrJSON      = errors.New("the puzzle data is not valid JSON")
	ErrPuzzle    = errors.New("the puzzle cannot be read")
)

// Error is a link that cannot be read: Where locates the problem (a
// character of the link's data, a JSON key and entry, a cell) for people.
type Error struct {
	Where string
	Err   error
	// Detail says more for people, when there is more to say.
	Detail string
	// cause is the error of a package below that Detail words, when
	// callers may look for it (a *variant.LimitError).
	cause error
}

func (e *Error) Error() string {
	s := e.Err.Error()
	if e.Where != "" {
		s = e.Where + ": " + s
	}
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

// Unwrap returns the sentinel and the cause below it, if any.
func (e *Error) Unwrap() []error {
	if e.cause != nil {
		return []error{e.Err, e.cause}
	}
	return []error{e.Err}
}

// ShortLinkError is a short link, naming the site it belongs to.
type ShortLinkError struct{ Site string }

func (e *ShortLinkError) Error() string {
	return fmt.Sprintf("%s: %v", e.Site, ErrShortLink)
}

func (e *ShortLinkError) Unwrap() error { return ErrShortLink }

// Info is what a link says beyond the puzzle's rules.
type Info struct {
	Source        string // "f-puzzles" or "SudokuPad"
	Title, Author string
	Rules         string // the rules text, as the setter wrote it
	// Read names the rules read, for people: "3 killer cages",
	// "anti-knight".
	Read []string
	// LeftAside names the entries with no rule the machine can read
	// (lines, cages without meaning, text, shapes), for people.
	LeftAside []string
	// Unknown names the JSON keys of rules this package does not know.
	Unknown []string
	// Filled holds the digits the solver filled in (not givens), Size*Size
	// row by row with 0 for the rest; nil when there are none.
	Filled []int
	// Solution is the setter's solution when the link carries one.
	Solution []int
	// Shapes are the rules read, as they are drawn (for pictures).
	Shapes []Shape
}

// Shape is a rule read from a link as it is drawn: Kind is the rule's kind
// ("killer cage", "thermometer", "kropki white dot", ...), Cells its cells
// in order (an arrow's circle first: Bulb of them), Label its number or
// letter, and Row and Col (from 0; -1 or the size for the margin) with DR
// and DC the place and direction of a clue outside the grid.
type Shape struct {
	Kind     string
	Cells    []int
	Label    string
	Bulb     int
	Row, Col int
	DR, DC   int
}

var linkRE = regexp.MustCompile(`(?i)(?:https?://)?(?:www\.)?(?:f-puzzles\.com|sudokupad\.app|sudokupad\.svencodes\.com|app\.crackingthecryptic\.com|tinyurl\.com|bit\.ly)/\S*`)

// MaxJSON is the most bytes of JSON a link's data may hold (decompressed):
// four times the largest of the published puzzles of the tests (9,770,
// Locking Out the Odds; TestLimitsFitPublished holds it to that). A link
// beyond it is refused with [ErrTooLarge] as soon as its data outgrows it,
// so a few hundred characters that would expand quadratically cost no
// more than a real puzzle.
const MaxJSON = 40_000

// maxSplitWords is how many words after a link Find joins back into its
// data (see [Find]).
const maxSplitWords = 64

// Found is a link found in a message, read once: whoever answers the
// message uses this reading, and never reads the link again.
type Found struct {
	Link string // the link, with the words a client split off its data joined back
	Rest string // the text after it
	// Puzzle and Info are the puzzle read, or nil when Err says why the
	// link cannot be read (the errors of [Read]).
	Puzzle *variant.Puzzle
	Info   *Info
	Err    error
}

// Find returns the first link of a message that this package may read
// (or that is a short link it will explain), read, with the text after
// it; false when the message holds none. Some clients turn the '+' of a
// link's data into spaces: when the link alone cannot be decompressed, up
// to 64 words after it that could be its data are joined back, decompressed
// once, and kept up to the word where the data ends, as long as that makes
// a link that reads.
func Find(text string) (Found, bool) {
	if strings.IndexByte(text, '/') < 0 {
		return Found{Rest: text}, false // every link has a '/' after its host: most text is no link
	}
	loc := linkRE.FindStringIndex(text)
	if loc == nil {
		return Found{Rest: text}, false
	}
	l := strings.TrimRight(text[loc[0]:loc[1]], ">)]|")
	end := loc[0] + len(l)
	f := Found{Link: strings.TrimLeft(l, "<|"), Rest: text[end:]}
	src, err := parseLink(f.Link)
	if err != nil {
		f.Err = err
		return f, true
	}
	r := src.read()
	f.Puzzle, f.Info, f.Err = r.puzzle, r.info, r.err
	if errors.Is(f.Err, ErrData) {
		if j, ok := joinSplit(f, src); ok {
			return j, true
		}
	}
	return f, true
}

// joinSplit joins back the words after a link whose data does not
// decompress: the base64 words that follow it, one decompression of them
// all, and the words up to the one that holds the end of the stream.
func joinSplit(f Found, src source) (Found, bool) {
	var words []string
	after := f.Rest
	for len(words) < maxSplitWords && strings.HasPrefix(after, " ") {
		word := after[1:]
		if i := strings.IndexAny(word, " \t\r\n"); i >= 0 {
			word = word[:i]
		}
		word = strings.TrimRight(word, ">)]|")
		if word == "" || strings.Trim(word, base64Chars) != "" {
			break
		}
		words = append(words, word)
		after = after[1+len(word):]
		if strings.Contains(word, "=") {
			break // padding ends the data
		}
	}
	if len(words) == 0 {
		return f, false
	}
	all := src
	all.data += "+" + strings.Join(words, "+")
	r := all.read()
	if r.err != nil {
		return f, false
	}
	// Keep the fewest words that hold the stream's end (the first r.used
	// characters of the data).
	dataLen := len(all.data)
	k := len(words)
	for k > 0 && dataLen-1-len(words[k-1]) >= r.used {
		k--
		dataLen -= 1 + len(words[k])
	}
	if k == 0 {
		return f, false // the link alone held the stream: its own error stands
	}
	rest := f.Rest
	for _, w := range words[:k] {
		rest = rest[1+len(w):]
	}
	return Found{Link: f.Link + "+" + strings.Join(words[:k], "+"), Rest: rest, Puzzle: r.puzzle, Info: r.info}, true
}

const base64Chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

// Read reads the puzzle of a link. Errors: [*ShortLinkError] for a short
// link, and [*Error] wrapping [ErrNotLink], [ErrNoData], [ErrData],
// [ErrTooLarge], [ErrJSON] or [ErrPuzzle] with where the link went wrong
// (a puzzle beyond the engine's limits also wraps a [*variant.LimitError]).
func Read(link string) (*variant.Puzzle, *Info, error) {
	src, err := parseLink(link)
	if err != nil {
		return nil, nil, err
	}
	r := src.read()
	return r.puzzle, r.info, r.err
}

// Formats of a link's data.
const (
	fPuzzles  = iota // f-puzzles JSON, compressed
	sudokuPad        // SudokuPad's JSON, compressed or written out
)

// source is a link taken apart: the format of its data and the data,
// cleaned (see [cleanData]).
type source struct {
	format int
	data   string
}

// reading is what reading a source gave: the puzzle, or the error; used
// is how many characters of the data the compressed stream took.
type reading struct {
	puzzle *variant.Puzzle
	info   *Info
	used   int
	err    error
}

func (s source) read() reading {
	var r reading
	switch s.format {
	case fPuzzles:
		r.puzzle, r.info, r.used, r.err = decodeFPuzzles(s.data)
	default:
		r.puzzle, r.info, r.used, r.err = decodeSCL(s.data)
	}
	return r
}

// parseLink finds the format and the data of a link.
func parseLink(link string) (source, error) {
	s := strings.TrimSpace(link)
	if i := strings.Index(s, "://"); i >= 0 && i <= len("https") {
		s = s[i+3:]
	}
	host, rest, _ := strings.Cut(s, "/")
	if i := strings.IndexByte(host, '?'); i >= 0 { // f-puzzles.com?load=...
		host, rest = host[:i], host[i:]
	}
	host = strings.TrimPrefix(strings.ToLower(host), "www.")
	switch host {
	case "tinyurl.com", "bit.ly":
		return source{}, &ShortLinkError{Site: host}
	case "f-puzzles.com":
		return fPuzzlesSource(rest)
	case "sudokupad.app", "sudokupad.svencodes.com", "app.crackingthecryptic.com":
		return sudokuPadSource(host, rest)
	}
	return source{}, &Error{Err: ErrNotLink}
}

// cleanData percent-decodes link data and turns spaces back into '+'
// (not in data written out as JSON, where spaces are spaces).
func cleanData(s string) string {
	if u, err := url.PathUnescape(s); err == nil {
		s = u
	}
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '{'); i >= 0 && i <= len("fpuzzles") {
		return s
	}
	return strings.ReplaceAll(s, " ", "+")
}

func fPuzzlesSource(rest string) (source, error) {
	q := rest
	if i := strings.IndexByte(q, '?'); i >= 0 {
		q = q[i+1:]
	} else {
		return source{}, &Error{Where: "f-puzzles link", Err: ErrNoData}
	}
	for _, part := range strings.Split(q, "&") {
		key, val, _ := strings.Cut(part, "=")
		switch strings.ToLower(key) {
		case "load":
			return source{format: fPuzzles, data: cleanData(val)}, nil
		case "id":
			return source{}, &ShortLinkError{Site: "f-puzzles.com"}
		}
	}
	return source{}, &Error{Where: "f-puzzles link", Err: ErrNoData}
}

func sudokuPadSource(host, rest string) (source, error) {
	id := rest
	if strings.HasPrefix(strings.ToLower(id), "sudoku/") {
		id = id[len("sudoku/"):]
	}
	if strings.HasPrefix(strings.ToLower(id), "puzzle/") {
		id = id[len("puzzle/"):]
	}
	if i := strings.Index(strings.ToLower(id), "puzzleid="); i >= 0 {
		id = id[i+len("puzzleid="):]
		if j := strings.IndexByte(id, '&'); j >= 0 {
			id = id[:j]
		}
	} else if j := strings.IndexAny(id, "?#"); j >= 0 {
		id = id[:j] // SudokuPad's settings (?setting-...) follow the data
	}
	id = cleanData(id)
	lowerID := strings.ToLower(id)
	for _, f := range []struct {
		prefix string
		format int
	}{{"fpuzzles", fPuzzles}, {"fpuz", fPuzzles}, {"scl", sudokuPad}, {"ctc", sudokuPad}} {
		if strings.HasPrefix(lowerID, f.prefix) {
			return source{format: f.format, data: id[len(f.prefix):]}, nil
		}
	}
	if id == "" {
		return source{}, &Error{Where: host + " link", Err: ErrNoData}
	}
	return source{}, &ShortLinkError{Site: host}
}

// decompress reads lz-string Base64 data into at most MaxJSON bytes of
// text, positioning its errors; used is how many characters of data the
// stream took.
func decompress(data string) (text string, used int, err error) {
	if data == "" {
		return "", 0, &Error{Err: ErrNoData}
	}
	// Every UTF-16 unit is at least one byte of text: at most MaxJSON
	// units, then the bytes are counted.
	s, used, err := lzstring.DecompressFromBase64(data, MaxJSON)
	if err == nil && len(s) > MaxJSON {
		err = &lzstring.Error{Pos: used - 1, Err: lzstring.ErrTooLong}
	}
	if err != nil {
		var le *lzstring.Error
		where := "the link's data"
		if errors.As(err, &le) {
			where = fmt.Sprintf("character %d of the link's data", le.Pos+1)
			switch {
			case errors.Is(err, lzstring.ErrBadChar):
				return "", 0, &Error{Where: where, Err: ErrData, Detail: fmt.Sprintf("%q cannot be in it", data[le.Pos])}
			case errors.Is(err, lzstring.ErrTooLong):
				return "", 0, tooLarge()
			}
		}
		return "", 0, &Error{Where: where, Err: ErrData, Detail: errors.Unwrap(err).Error()}
	}
	return s, used, nil
}

// tooLarge is the error of data beyond MaxJSON.
func tooLarge() error {
	return &Error{Where: "the link's data", Err: ErrTooLarge,
		Detail: fmt.Sprintf("over %d characters of puzzle; the largest published puzzle has about %d", MaxJSON, largestPublished)}
}

// largestPublished is the size of the largest published puzzle's JSON, of
// which MaxJSON is four times (rounded up).
const largestPublished = 9_770
