package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Action is what a [Move] does.
type Action uint8

// The actions.
const (
	Place        Action = iota + 1 // put Digit in Cell
	Erase                          // empty Cell (digit and pencil marks)
	AddMarks                       // add the pencil marks Marks to Cell
	RemoveMarks                    // remove the pencil marks Marks from Cell
	Undo                           // take back the last Count moves
	Check                          // count the wrong digits (the caller answers)
	Hint                           // the next logical step (the caller answers)
	ShowMistakes                   // show the wrong digits, or hide them again
	GiveUp                         // end the game unsolved
)

var actionNames = [...]string{Place: "place", Erase: "erase", AddMarks: "add marks", RemoveMarks: "remove marks",
	Undo: "undo", Check: "check", Hint: "hint", ShowMistakes: "mistakes", GiveUp: "give up"}

// String names the action: "place", "erase", "add marks", ...
func (a Action) String() string {
	if int(a) < len(actionNames) && actionNames[a] != "" {
		return actionNames[a]
	}
	return "Action(" + strconv.Itoa(int(a)) + ")"
}

// Marks is a set of pencil marks: bit d-1 holds digit d, as
// picture.Board's Candidates.
type Marks uint32

// MarksOf returns the set of the digits ds.
func MarksOf(ds ...int) Marks {
	var m Marks
	for _, d := range ds {
		m |= 1 << (d - 1)
	}
	return m
}

// Has reports whether m holds digit d.
func (m Marks) Has(d int) bool { return d >= 1 && d <= 32 && m&(1<<(d-1)) != 0 }

// Digits returns the digits of m, smallest first.
func (m Marks) Digits() []int {
	var ds []int
	for d := 1; d <= 32; d++ {
		if m.Has(d) {
			ds = append(ds, d)
		}
	}
	return ds
}

// Move is one move read from a message.
type Move struct {
	Action Action
	Cell   sudoku.Cell // Place, Erase, AddMarks, RemoveMarks
	Digit  int         // Place
	Marks  Marks       // AddMarks, RemoveMarks
	Count  int         // Undo: how many moves, at least 1
	// Line and Col (from 1, in characters) are where the move begins in
	// the message, for errors about it.
	Line, Col int
}

// String writes the move as it can be typed: "r3c5 7", "r3c5 -", "r3c5
// +12", "undo 2", "check".
func (m Move) String() string {
	switch m.Action {
	case Place:
		return fmt.Sprintf("%v %s", m.Cell, symbol(m.Digit))
	case Erase:
		return fmt.Sprintf("%v -", m.Cell)
	case AddMarks:
		return fmt.Sprintf("%v +%s", m.Cell, marksText(m.Marks))
	case RemoveMarks:
		return fmt.Sprintf("%v -%s", m.Cell, marksText(m.Marks))
	case Undo:
		if m.Count > 1 {
			return fmt.Sprintf("undo %d", m.Count)
		}
	}
	return m.Action.String()
}

// symbol writes a digit as the bot's boards do: 1-9, then A for 10.
func symbol(d int) string {
	if d >= 1 && d <= 9 {
		return string(rune('0' + d))
	}
	if d >= 10 && d <= sudoku.MaxSize {
		return string(rune('A' + d - 10))
	}
	return "?"
}

func marksText(m Marks) string {
	var b strings.Builder
	for _, d := range m.Digits() {
		b.WriteString(symbol(d))
	}
	return b.String()
}

// ErrNotMove is returned by [Parse] for a message that is no move at all:
// it does not begin with a cell or a move word. A game thread ignores such
// messages (people talk there too).
var ErrNotMove = errors.New("not a move")

// The kinds of [*SyntaxError], for errors.Is.
var (
	ErrNoDigit    = errors.New("a cell without a digit")
	ErrBadDigit   = errors.New("not a digit of the board")
	ErrOffBoard   = errors.New("a cell outside the board")
	ErrBadCount   = errors.New("a count that is not a number of moves")
	ErrUnexpected = errors.New("words that are no move")
)

// SyntaxError is a malformed move: where it is and what is wrong. Line and
// Col count from 1, in characters, in the text given to [Parse].
type SyntaxError struct {
	Line, Col int
	Err       error // wraps one of ErrNoDigit, ErrBadDigit, ErrOffBoard, ErrBadCount, ErrUnexpected
}

// Error returns a message for a person, such as "line 1, column 6: 'x' is
// not a digit of a 9×9 board: write 1 to 9, or 0 or - to erase".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Col, e.Err)
}

// Unwrap returns Err, so that errors.Is(err, ErrBadDigit) holds.
func (e *SyntaxError) Unwrap() error { return e.Err }

// detail is a kind of error with the words for a person.
type detail struct {
	kind error
	msg  string
}

func (d *detail) Error() string { return d.msg }
func (d *detail) Unwrap() error { return d.kind }

// token is a run of text between separators, and where it starts.
type token struct {
	text string
	off  int // byte offset in the message
}

func separator(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' }

func tokens(s string) []token {
	var ts []token
	start := -1
	for i, r := range s {
		switch {
		case separator(r) && start >= 0:
			ts = append(ts, token{s[start:i], start})
			start = -1
		case !separator(r) && start < 0:
			start = i
		}
	}
	if start >= 0 {
		ts = append(ts, token{s[start:], start})
	}
	return ts
}

// MaxMoves is the most moves [Parse] reads from one message.
const MaxMoves = 100

// maxUndo is the largest count of one undo.
const maxUndo = 999

// Parse reads the moves of a message for a board of side size (4 to 25).
// A message that does not begin with a cell or a move word gives
// [ErrNotMove]; one that begins so but goes wrong gives a [*SyntaxError]
// at the problem. See the package documentation for what is read.
func Parse(text string, size int) ([]Move, error) {
	if _, ok := sudoku.ShapeForSize(size); !ok {
		return nil, fmt.Errorf("parse moves for a %d×%d board: %w", size, size, sudoku.ErrShape)
	}
	p := parse{text: text, size: size, ts: tokens(text)}
	return p.moves()
}

// ParseNotes is [Parse] for a form of pencil marks (a Notes button's): a
// cell's digits without a sign are marks to add, so r3c5 12 is r3c5 +12;
// -12 removes marks and 0 or - erases as in Parse.
func ParseNotes(text string, size int) ([]Move, error) {
	if _, ok := sudoku.ShapeForSize(size); !ok {
		return nil, fmt.Errorf("parse notes for a %d×%d board: %w", size, size, sudoku.ErrShape)
	}
	p := parse{text: text, size: size, ts: tokens(text), notes: true}
	return p.moves()
}

type parse struct {
	text string
	size int
	ts   []token
	k    int // the next token
	out  []Move
	// notes reads a cell's unsigned digits as pencil marks to add.
	notes bool
}

// errAt is a syntax error at byte offset off of the message.
func (p *parse) errAt(off int, kind error, format string, args ...any) error {
	line, col := position(p.text[:off])
	return &SyntaxError{Line: line, Col: col, Err: &detail{kind, fmt.Sprintf(format, args...)}}
}

// position returns the line and column (from 1, in characters) after prefix.
func position(prefix string) (line, col int) {
	line = 1 + strings.Count(prefix, "\n")
	if i := strings.LastIndexByte(prefix, '\n'); i >= 0 {
		prefix = prefix[i+1:]
	}
	return line, 1 + utf8.RuneCountInString(prefix)
}

// quoted shows a piece of the message in an error, short.
func quoted(s string) string {
	if utf8.RuneCountInString(s) > 12 {
		s = string([]rune(s)[:12]) + "…"
	}
	return strconv.Quote(s)
}

func (p *parse) moves() ([]Move, error) {
	if len(p.ts) == 0 {
		return nil, ErrNotMove
	}
	for p.k < len(p.ts) {
		if len(p.out) == MaxMoves {
			return nil, p.errAt(p.ts[p.k].off, ErrUnexpected, "at most %d moves in one message", MaxMoves)
		}
		t := p.ts[p.k]
		p.k++
		m, isWord, err := p.word(t)
		if err != nil {
			return nil, err
		}
		if !isWord {
			m, err = p.cellMove(t)
			if err != nil {
				return nil, err
			}
		}
		m.Line, m.Col = position(p.text[:t.off])
		p.out = append(p.out, m)
	}
	return p.out, nil
}

// word reads a move word (undo, check, hint, mistakes, give up), and
// reports false when t is none.
func (p *parse) word(t token) (Move, bool, error) {
	switch strings.ToLower(t.text) {
	case "undo":
		m := Move{Action: Undo, Count: 1}
		if p.k < len(p.ts) && isNumber(p.ts[p.k].text) {
			n, err := strconv.Atoi(p.ts[p.k].text)
			if err != nil || n < 1 || n > maxUndo {
				return m, true, p.errAt(p.ts[p.k].off, ErrBadCount, "undo %s: undo takes back 1 to %d moves", quoted(p.ts[p.k].text), maxUndo)
			}
			m.Count = n
			p.k++
		}
		return m, true, nil
	case "check":
		return Move{Action: Check}, true, nil
	case "hint":
		return Move{Action: Hint}, true, nil
	case "mistakes":
		return Move{Action: ShowMistakes}, true, nil
	case "giveup", "give-up":
		return Move{Action: GiveUp}, true, nil
	case "give":
		if p.k < len(p.ts) && strings.EqualFold(p.ts[p.k].text, "up") {
			p.k++
			return Move{Action: GiveUp}, true, nil
		}
	}
	return Move{}, false, nil
}

func isNumber(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// cellMove reads a cell and what goes in it, starting at token t.
func (p *parse) cellMove(t token) (Move, error) {
	cellText, value, joined := cutValue(t.text)
	cell, looks, err := p.cell(cellText, t.off)
	if !looks {
		if len(p.out) == 0 {
			return Move{}, ErrNotMove
		}
		return Move{}, p.errAt(t.off, ErrUnexpected, "%s is not a move: write a cell and a digit, such as r3c5 7", quoted(t.text))
	}
	if err != nil {
		return Move{}, err
	}
	valueOff := t.off + len(cellText) + 1
	if !joined || value == "" {
		// The value is the next token, after a lone = or : if there is one.
		if p.k < len(p.ts) && !joined && (p.ts[p.k].text == "=" || p.ts[p.k].text == ":") {
			p.k++
		}
		if p.k == len(p.ts) {
			return Move{}, p.errAt(t.off, ErrNoDigit, "%s needs a digit after it, such as %s 7 (or 0 to erase)", cellText, cellText)
		}
		value, valueOff = p.ts[p.k].text, p.ts[p.k].off
		if !joined && len(value) > 1 && (value[0] == '=' || value[0] == ':') { // r3c5 =7
			value, valueOff = value[1:], valueOff+1
		}
		if _, looksCell, _ := p.cell(value, valueOff); looksCell || p.isWord(value) {
			return Move{}, p.errAt(t.off, ErrNoDigit, "%s needs a digit after it, such as %s 7 (or 0 to erase)", cellText, cellText)
		}
		p.k++
	}
	m := Move{Cell: cell}
	switch {
	case value == "0" || value == "-" || value == ".":
		m.Action = Erase
	case value[0] == '+' || value[0] == '-' || p.notes:
		m.Action = AddMarks
		digits, at := value, valueOff
		if value[0] == '+' || value[0] == '-' {
			if value[0] == '-' {
				m.Action = RemoveMarks
			}
			if len(value) == 1 {
				return Move{}, p.errAt(valueOff, ErrBadDigit, "%s needs pencil marks after it, such as %s %s12", value, cellText, value)
			}
			digits, at = value[1:], valueOff+1
		}
		for i, r := range digits {
			d, ok := digitOf(r, p.size)
			if !ok {
				return Move{}, p.errAt(at+i, ErrBadDigit, "%s is not a digit of a %d×%d board: pencil marks are digits %s, such as %s +12",
					quoted(string(r)), p.size, p.size, digitRange(p.size), cellText)
			}
			m.Marks |= MarksOf(d)
		}
	default:
		d, ok := p.digit(value)
		if !ok {
			return Move{}, p.errAt(valueOff, ErrBadDigit, "%s is not a digit of a %d×%d board: write %s, or 0 or - to erase",
				quoted(value), p.size, p.size, digitRange(p.size))
		}
		m.Action, m.Digit = Place, d
	}
	return m, nil
}

// isWord reports whether s is a move word.
func (p *parse) isWord(s string) bool {
	switch strings.ToLower(s) {
	case "undo", "check", "hint", "mistakes", "giveup", "give-up", "give":
		return true
	}
	return false
}

// cutValue cuts "r3c5=7" (or r3c5:7) into the cell and the value.
func cutValue(s string) (cell, value string, joined bool) {
	if i := strings.IndexAny(s, "=:"); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

// cell reads a cell written r3c5 or e3 (letter = row). looks reports
// whether s is written as a cell at all; err, whether that cell is off the
// board.
func (p *parse) cell(s string, off int) (c sudoku.Cell, looks bool, err error) {
	low := strings.ToLower(s)
	var row, col int
	if rr, cc, ok := rcForm(low); ok {
		row, col = rr, cc
	} else if len(low) >= 2 && low[0] >= 'a' && low[0] <= 'z' && isNumber(low[1:]) {
		row = int(low[0]-'a') + 1
		if p.size == 9 && low[0] == 'j' { // sudokuwiki's rows A-J skip I
			row = 9
		}
		col = atoiCapped(low[1:])
		if row > p.size {
			return c, true, p.errAt(off, ErrOffBoard, "%s: a %d×%d board has rows %s", s, p.size, p.size, rowLetters(p.size))
		}
	} else {
		return c, false, nil
	}
	if row < 1 || row > p.size || col < 1 || col > p.size {
		return c, true, p.errAt(off, ErrOffBoard, "%s is outside the board: a %d×%d board has rows and columns 1 to %d", s, p.size, p.size, p.size)
	}
	return sudoku.Cell{Row: row - 1, Col: col - 1}, true, nil
}

// rcForm reads "r3c5" (lower case).
func rcForm(s string) (row, col int, ok bool) {
	if len(s) < 4 || s[0] != 'r' {
		return 0, 0, false
	}
	rs, cs, found := strings.Cut(s[1:], "c")
	if !found || !isNumber(rs) || !isNumber(cs) {
		return 0, 0, false
	}
	return atoiCapped(rs), atoiCapped(cs), true
}

// atoiCapped reads a decimal number, capped above the largest side.
func atoiCapped(s string) int {
	n := 0
	for _, r := range s {
		n = min(n*10+int(r-'0'), 1000)
	}
	return n
}

func rowLetters(size int) string {
	if size == 9 {
		return "a to i (or j)"
	}
	return fmt.Sprintf("a to %c", 'a'+size-1)
}

// digit reads a value to place: one symbol (1-9, A for 10), or a number up
// to the side.
func (p *parse) digit(s string) (int, bool) {
	if isNumber(s) {
		n := atoiCapped(s)
		if n >= 1 && n <= p.size && (len(s) == 1 || p.size > 9) && s[0] != '0' {
			return n, true
		}
		return 0, false
	}
	if r, n := utf8.DecodeRuneInString(s); n == len(s) {
		return digitOf(r, p.size)
	}
	return 0, false
}

// digitOf reads one symbol of a board of side size: 1-9, then A (or a) for 10.
func digitOf(r rune, size int) (int, bool) {
	d := 0
	switch {
	case r >= '1' && r <= '9':
		d = int(r - '0')
	case r >= 'a' && r <= 'z':
		d = int(r-'a') + 10
	case r >= 'A' && r <= 'Z':
		d = int(r-'A') + 10
	}
	return d, d >= 1 && d <= size
}

// digitRange says which digits a board has: "1 to 9", "1 to 9 and A to G".
func digitRange(size int) string {
	if size <= 9 {
		return fmt.Sprintf("1 to %d", size)
	}
	return fmt.Sprintf("1 to 9 and A to %c", 'A'+size-10)
}
