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

func (e *Error) Unwrap() error { return e.Err }

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

// Find returns the first link of a message that this package may read
// (or that is a short link it will explain), and the text after it. Some
// clients turn the '+' of a link's data into spaces: when the link alone
// cannot be decompressed, the words after it that could be its data are
// joined back, as long as that makes a link that reads.
func Find(text string) (link, rest string, ok bool) {
	if strings.IndexByte(text, '/') < 0 {
		return "", text, false // every link has a '/' after its host: most text is no link
	}
	loc := linkRE.FindStringIndex(text)
	if loc == nil {
		return "", text, false
	}
	l := strings.TrimRight(text[loc[0]:loc[1]], ">)]|")
	end := loc[0] + len(l)
	link, rest = strings.TrimLeft(l, "<|"), text[end:]
	if _, _, err := Read(link); errors.Is(err, ErrData) {
		joined, after := link, rest
		for range 64 {
			if !strings.HasPrefix(after, " ") {
				break
			}
			word := after[1:]
			if i := strings.IndexAny(word, " \t\r\n"); i >= 0 {
				word = word[:i]
			}
			word = strings.TrimRight(word, ">)]|")
			if word == "" || strings.Trim(word, base64Chars) != "" {
				break
			}
			joined += "+" + word
			after = after[1+len(word):]
			if _, _, err := Read(joined); err == nil {
				return joined, after, true
			}
		}
	}
	return link, rest, true
}

const base64Chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="

// Read reads the puzzle of a link. Errors: [*ShortLinkError] for a short
// link, and [*Error] wrapping [ErrNotLink], [ErrNoData], [ErrData],
// [ErrJSON] or [ErrPuzzle] with where the link went wrong.
func Read(link string) (*variant.Puzzle, *Info, error) {
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
		return nil, nil, &ShortLinkError{Site: host}
	case "f-puzzles.com":
		return readFPuzzlesURL(rest)
	case "sudokupad.app", "sudokupad.svencodes.com", "app.crackingthecryptic.com":
		return readSudokuPadURL(host, rest)
	}
	return nil, nil, &Error{Err: ErrNotLink}
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

func readFPuzzlesURL(rest string) (*variant.Puzzle, *Info, error) {
	q := rest
	if i := strings.IndexByte(q, '?'); i >= 0 {
		q = q[i+1:]
	} else {
		return nil, nil, &Error{Where: "f-puzzles link", Err: ErrNoData}
	}
	for _, part := range strings.Split(q, "&") {
		key, val, _ := strings.Cut(part, "=")
		switch strings.ToLower(key) {
		case "load":
			return decodeFPuzzles(cleanData(val))
		case "id":
			return nil, nil, &ShortLinkError{Site: "f-puzzles.com"}
		}
	}
	return nil, nil, &Error{Where: "f-puzzles link", Err: ErrNoData}
}

func readSudokuPadURL(host, rest string) (*variant.Puzzle, *Info, error) {
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
		fp     bool
	}{{"fpuzzles", true}, {"fpuz", true}, {"scl", false}, {"ctc", false}} {
		if strings.HasPrefix(lowerID, f.prefix) {
			data := id[len(f.prefix):]
			if f.fp {
				return decodeFPuzzles(data)
			}
			return decodeSCL(data)
		}
	}
	if id == "" {
		return nil, nil, &Error{Where: host + " link", Err: ErrNoData}
	}
	return nil, nil, &ShortLinkError{Site: host}
}

// decompress reads lz-string Base64 data, positioning its errors.
func decompress(data string) (string, error) {
	if data == "" {
		return "", &Error{Err: ErrNoData}
	}
	s, err := lzstring.DecompressFromBase64(data)
	if err != nil {
		var le *lzstring.Error
		where := "the link's data"
		if errors.As(err, &le) {
			where = fmt.Sprintf("character %d of the link's data", le.Pos+1)
			if errors.Is(err, lzstring.ErrBadChar) {
				return "", &Error{Where: where, Err: ErrData, Detail: fmt.Sprintf("%q cannot be in it", data[le.Pos])}
			}
		}
		return "", &Error{Where: where, Err: ErrData, Detail: errors.Unwrap(err).Error()}
	}
	return s, nil
}
