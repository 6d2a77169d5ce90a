package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind is what a character (or a run of them) is to the parser.
type tokKind uint8

const (
	tCell  tokKind = iota // a cell: a digit, a letter for a value above 9, or an empty-cell mark
	tSep                  // a separator that is not a space: , ; : ! / " ' < > and the like
	tTab                  // a tab, which separates fields in a spreadsheet paste
	tBar                  // a vertical line: | │ ┃ ║, which separates boxes or fields
	tRule                 // + = and box drawing other than vertical lines
	tOpen                 // [ { (
	tClose                // ] } )
	tText                 // a word of text, or a comment up to the end of the line
	tBad                  // a character that belongs to no format
	tFence                // a Markdown code fence, ```
)

// A tok is one character of a line (spaces excepted), or one word of text.
type tok struct {
	kind tokKind
	ch   rune  // separators, bars and bad characters: the character as written
	col  int32 // column from 1, in code points
	end  int32 // text: the last column of the word
	c    byte  // cells: '0'-'9', 'A'-'Z', or '.' for an empty-cell mark
	raw  byte  // cells: the mark as written: '.', '-', '_', '*', 'x', 'e' (emoji), 'm' (➖), 'q' (empty quotes, None)
	word bool  // cells: the first cell of a word (no cell right before it)
	mark byte  // cells: '+' or 'u' written right before the digit (HoDoKu, SudoCue: placed, not given)
}

func (t tok) isDash() bool { return t.kind == tCell && (t.raw == '-' || t.raw == '_' || t.raw == 'm') }

// lineKind tells how a line takes part in a grid.
type lineKind uint8

const (
	lBlank    lineKind = iota // nothing, or only spaces, quotes and brackets
	lContent                  // cells other than a rule's dashes
	lMaybe                    // only - and _ cells: a row of empty cells, or a rule
	lRule                     // a border: dashes with + = corners or box drawing
	lBarEmpty                 // vertical lines and no cell: an empty row of a drawn board or table
	lSepEmpty                 // tabs, commas or semicolons and no cell: an empty spreadsheet row
	lText                     // words: a title, a label, a comment
	lJunk                     // characters of no format and no cell
)

// A line is one line of the text, or the part of it between code fences.
type line struct {
	num        int   // line number in the text, from 1
	toks       []tok // its characters, spaces excepted
	kind       lineKind
	cells      int   // number of cell tokens
	width      int32 // last column holding anything but a space
	spaces     bool  // the line holds spaces (for an empty row typed as spaces)
	shift      int32 // columns to take off for alignment (the space after the command on line 1)
	cols       int32 // columns the line (or part) spans, spaces included, after a quote mark
	end        int32 // the column of its last character, spaces included
	afterFence bool  // the part of a line after a code fence
	fence      bool  // a code fence ends this part of the line
	part       bool  // the cells of a line of text, between its words
	final      bool  // a part of the text's last line
	open       int   // brackets left open at its end (text lines: its last part)
}

func (l *line) firstBad() *tok {
	for i := range l.toks {
		if l.toks[i].kind == tBad {
			return &l.toks[i]
		}
	}
	return nil
}

// scanner splits text into lines of tokens.
type scanner struct {
	text       string
	letters    byte // the highest letter a word of letters may hold and still be cells: 'G' or 'P'
	lines      []line
	toks       []tok
	fences     int   // code fences seen so far
	quote      int32 // bytes of the quote prefix of the line being scanned
	quoteCols  int32 // its columns
	afterFence bool  // the part being scanned follows a code fence on its line
	// letterWords is set when a word of letters up to P was taken as text:
	// it would be cells of a 25×25 grid.
	letterWords bool
}

// scan returns the lines of text. A word of two or more letters is text when
// it holds a letter no grid uses (above P, or not Latin), or one above
// letters; a keyword such as None or null is an empty cell.
func scan(text string, letters byte) ([]line, bool) {
	s := scanner{text: text, letters: letters}
	s.toks = make([]tok, 0, len(text)/2+8)
	s.lines = make([]line, 0, strings.Count(text, "\n")+strings.Count(text, "\r")+1)
	num := 1
	hashed := commentedBoard(text)
	open, shut := spoilerWrap(text)
	for start := 0; start <= len(text); {
		end := start
		for end < len(text) && text[end] != '\n' && text[end] != '\r' {
			end++
		}
		t := text[start:end]
		if shut >= start && shut < end {
			t = text[start:shut] // the closing || of a spoiler around the message
		}
		s.quote, s.quoteCols = 0, 0
		if p, cols := quotePrefix(t); p > 0 {
			s.quote, s.quoteCols = int32(p), int32(cols)
		} else if len(hashed) > 0 && hashed[0] == num {
			s.quote, s.quoteCols = int32(len(t)-len(hashPrefix(t))), 2 // "# "
		} else if open >= start && open < end {
			s.quote = int32(open - start + 2) // the opening || of a spoiler
			s.quoteCols = s.quote
		}
		for len(hashed) > 0 && hashed[0] <= num {
			hashed = hashed[1:]
		}
		s.line(num, t)
		num++
		if end >= len(text) {
			break
		}
		if text[end] == '\r' && end+1 < len(text) && text[end+1] == '\n' {
			end++
		}
		start = end + 1
	}
	for i := len(s.lines) - 1; i >= 0 && s.lines[i].num == num-1; i-- {
		s.lines[i].final = true
	}
	return s.lines, s.letterWords
}

// line scans one line of text, and appends it (split at code fences) to s.lines.
func (s *scanner) line(num int, text string) {
	first := len(s.toks)
	col := int32(0)
	prevCell := false
	mark := byte(0)
	spaces := false
	width := int32(0)
	cell := func(c, raw byte, at int32) {
		s.toks = append(s.toks, tok{kind: tCell, col: at, c: c, raw: raw, word: !prevCell, mark: mark})
		prevCell, mark = true, 0
		width = at
	}
	other := func(k tokKind, r rune, at int32) {
		s.toks = append(s.toks, tok{kind: k, ch: r, col: at})
		prevCell, mark = false, 0
		width = at
	}
	cut := func(fence bool) { // end a part of the line
		s.push(num, s.toks[first:], spaces, width, fence)
		l := &s.lines[len(s.lines)-1]
		l.cols = col - s.quoteCols
		l.end = col
		l.afterFence, s.afterFence = s.afterFence, fence
		first = len(s.toks)
	}
	col = s.quoteCols // after a quote prefix: > or # before a board, a spoiler's ||
	for i := int(s.quote); i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		col++
		if r == utf8.RuneError && size == 1 {
			other(tBad, utf8.RuneError, col)
			i++
			continue
		}
		r = fold(r)
		switch {
		case r == '`' && strings.HasPrefix(text[i:], "```"):
			at := col
			n := 3
			for i+n < len(text) && text[i+n] == '`' {
				n++
			}
			i += n
			col += int32(n) - 1
			other(tFence, '`', at)
			cut(true)
			s.fences++
			if s.fences%2 == 1 { // an opening fence: skip a language tag
				rest := text[i:]
				if isTag(strings.TrimRight(rest, " \t")) {
					col += int32(utf8.RuneCountInString(rest))
					i = len(text)
				}
			}
			continue
		case r >= '0' && r <= '9':
			at := col
			n := size
			// keycap emoji: the digit, an optional variation selector, U+20E3
			if strings.HasPrefix(text[i+n:], "\uFE0F\u20E3") {
				n += 6
				col += 2
			} else if strings.HasPrefix(text[i+n:], "\u20E3") {
				n += 3
				col++
			}
			cell(byte(r), byte(r), at)
			i += n
			continue
		case r == '&' && entity(text[i:]) > 0:
			// an HTML space or zero-width space, as in Markdown tables
			// (&nbsp;, Reddit's &#x200B; for an empty cell)
			n := entity(text[i:])
			prevCell, mark = false, 0
			spaces = spaces || text[i+1] == 'n' || strings.HasPrefix(text[i:], "&#160;") || strings.HasPrefix(text[i:], "&#xA0;") || strings.HasPrefix(text[i:], "&#xa0;")
			i += n
			col += int32(n) - 1
			continue
		case r == '-':
			j := i + 1
			for j < len(text) && text[j] == '-' {
				j++
			}
			arrow := i > 0 && text[i-1] == '<' || j < len(text) && text[j] == '>' // <- or -->
			for k := i; k < j; k++ {
				if arrow {
					other(tSep, '-', col)
				} else {
					cell('.', '-', col)
				}
				col++
			}
			col--
			i = j
			continue
		case r == '.' || r == '_' || r == '*':
			cell('.', byte(r), col)
		case r == 0x2026: // … : three dots, as a phone writes them
			cell('.', '.', col)
			cell('.', '.', col)
			cell('.', '.', col)
		case r == '+':
			if j := i + 1; j < len(text) && text[j] >= '1' && text[j] <= '9' {
				mark = '+' // the digit stays in the word around it
				width = col
				i++
				continue
			}
			other(tRule, r, col)
		case (r == 'u' || r == 'U') && !prevCell && i+1 < len(text) && text[i+1] >= '1' && text[i+1] <= '9':
			mark = 'u' // SudoCue's .sdx: a digit the user placed, u5
			width = col
			i++
			continue
		case isLetter(r):
			j, n := i, int32(0)
			for j < len(text) {
				q, qs := utf8.DecodeRuneInString(text[j:])
				if !isLetter(fold(q)) {
					break
				}
				j += qs
				n++
			}
			s.word(text[i:j], col, &prevCell, &mark, &width)
			col += n - 1
			i = j
			continue
		case r == '#' && (strings.HasPrefix(text[i+1:], "\uFE0F\u20E3") || strings.HasPrefix(text[i+1:], "\u20E3")):
			other(tBad, r, col) // the #️⃣ keycap
		case (r == '#' || r == '@') && stepMark(text, i, first, s.toks):
			cell('.', byte(r), col) // HoDoKu's mark of a fin in a pencil-mark grid: #12
		case r == '#' && !prevCell, r == '/' && strings.HasPrefix(text[i:], "//") && strings.TrimSpace(text[:i]) == "":
			// a comment, up to the end of the line
			n := int32(utf8.RuneCountInString(text[i:]))
			s.toks = append(s.toks, tok{kind: tText, ch: r, col: col, end: col + n - 1})
			width = col + n - 1
			col += n - 1
			i = len(text)
			continue
		case r == '"' || r == '\'' || r == '“' || r == '”' || r == '‘' || r == '’':
			if j, ok := emptyQuotes(text, i, size); ok && !prevCell {
				cell('.', 'q', col)
				col += int32(utf8.RuneCountInString(text[i+size : j]))
				i = j
				continue
			}
			other(tSep, r, col)
		case r == ' ' || unicode.Is(unicode.Zs, r):
			prevCell, mark = false, 0
			spaces = true
		case r == '\t':
			other(tTab, r, col)
		case r == '|' || r == '│' || r == '┃' || r == '║' || r == '¦' || r >= '┆' && r <= '┋' && r != '┈' && r != '┉' || r == '╎' || r == '╏':
			other(tBar, r, col)
		case r == '[' || r == '{' || r == '(':
			other(tOpen, r, col)
		case r == ']' || r == '}' || r == ')':
			other(tClose, r, col)
		case r == ',' || r == ';' || r == ':' || r == '!' || r == '<' || r == '>' || r == '`' || r == '/':
			other(tSep, r, col)
		case r == '=' || r >= 0x2500 && r <= 0x257F:
			other(tRule, r, col)
		case r >= 0x2190 && r <= 0x21FF || r >= 0x27F5 && r <= 0x27FF: // arrows
			other(tSep, r, col)
		case r == 0x200B || r == 0x200C || r == 0x200D || r == 0x2060 || r == 0xFEFF:
			prevCell, mark = false, 0 // zero-width characters left by copying
		case r == 0xFE0F || r == 0xFE0E || r == 0x20E3:
			// variation selectors: part of the emoji before them
		case r == 0x2796: // ➖: an empty cell, or in a line of them a rule
			cell('.', 'm', col)
		case isEmptyEmoji(r):
			cell('.', 'e', col)
		case r >= 0x1F1E6 && r <= 0x1F1FF: // regional indicator letters, as in emoji grids
			c := byte('A' + r - 0x1F1E6)
			if c <= 'P' {
				cell(c, c, col)
			} else {
				other(tBad, r, col)
			}
		default:
			other(tBad, r, col)
		}
		i += size
	}
	cut(false)
}

// push appends a line (or a part of one) made of toks.
func (s *scanner) push(num int, toks []tok, spaces bool, width int32, fence bool) {
	l := line{num: num, toks: toks, spaces: spaces, width: width, fence: fence, shift: s.quoteCols}
	if num == 1 && len(s.lines) == 0 && (strings.HasPrefix(s.text, " ") || strings.HasPrefix(s.text, "\t")) {
		l.shift = 1
	}
	if len(s.lines) > 0 && s.lines[len(s.lines)-1].num == num {
		l.shift = 0 // the part of a line after a code fence
	}
	if n := len(toks); n > 0 && toks[n-1].kind == tFence {
		l.toks = toks[:n-1]
	}
	classify(&l)
	s.lines = append(s.lines, l)
}

// word takes a run of letters: cells, an empty-cell keyword, or text.
func (s *scanner) word(w string, col int32, prevCell *bool, mark *byte, width *int32) {
	n := int32(utf8.RuneCountInString(w))
	if strings.EqualFold(w, "none") || strings.EqualFold(w, "null") || strings.EqualFold(w, "nil") {
		s.toks = append(s.toks, tok{kind: tCell, col: col, c: '.', raw: 'q', word: true})
		*prevCell, *mark, *width = true, 0, col+n-1
		return
	}
	text, upToP := false, true
	if n > 1 {
		for _, r := range w {
			u := unicode.ToUpper(fold(r))
			if u >= 'A' && u <= 'Z' && (u <= 'P' || u == 'X') {
				text = text || u > rune(s.letters) && u != 'X'
				continue
			}
			text, upToP = true, false // a letter above P, or not a Latin one
		}
	}
	if text {
		s.letterWords = s.letterWords || upToP
		s.toks = append(s.toks, tok{kind: tText, ch: 'a', col: col, end: col + n - 1})
		*prevCell, *mark, *width = false, 0, col+n-1
		return
	}
	at := col
	for _, r := range w {
		u := unicode.ToUpper(fold(r))
		switch {
		case u == 'X':
			s.toks = append(s.toks, tok{kind: tCell, col: at, c: '.', raw: 'x', word: !*prevCell, mark: *mark})
			*prevCell = true
		case u >= 'A' && u <= 'P':
			s.toks = append(s.toks, tok{kind: tCell, col: at, c: byte(u), raw: byte(u), word: !*prevCell, mark: *mark})
			*prevCell = true
		default:
			s.toks = append(s.toks, tok{kind: tBad, ch: r, col: at})
			*prevCell = false
		}
		*mark = 0
		*width = at
		at++
	}
}

// fold maps full-width ASCII to ASCII and dashes to '-'.
func fold(r rune) rune {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E:
		return r - 0xFEE0
	case r == 0x2013 || r == 0x2212:
		return '-'
	}
	return r
}

func isLetter(r rune) bool {
	return r < 0x80 && isASCIILetter(byte(r)) || r >= 0x80 && unicode.IsLetter(r)
}

// isEmptyEmoji reports whether r is an emoji square or circle that people
// use for an empty cell.
func isEmptyEmoji(r rune) bool {
	switch {
	case r == 0x2B1C, r == 0x2B1B, // ⬜ ⬛
		r >= 0x1F7E5 && r <= 0x1F7EB,                           // 🟥 … 🟫
		r >= 0x25AA && r <= 0x25AB, r >= 0x25FB && r <= 0x25FE, // ▪ ▫ ◻ ◼ ◽ ◾
		r == 0x26AA, r == 0x26AB, // ⚪ ⚫
		r >= 0x1F532 && r <= 0x1F533, // 🔲 🔳
		r >= 0x1F534 && r <= 0x1F535, // 🔴 🔵
		r >= 0x1F7E0 && r <= 0x1F7E4: // 🟠 … 🟤
		return true
	}
	return false
}

// emptyQuotes reports whether the quote at text[i:i+size] opens a quoted
// empty cell ("", " ", ”) in a list, and returns the index after it.
func emptyQuotes(text string, i, size int) (int, bool) {
	before := strings.TrimRight(text[:i], " ")
	if before != "" {
		switch before[len(before)-1] {
		case '[', '{', '(', ',', ';', '\t', '=', ':':
		default:
			return 0, false
		}
	}
	j := i + size
	for j < len(text) && text[j] == ' ' {
		j++
	}
	r, n := utf8.DecodeRuneInString(text[j:])
	if !(r == '"' || r == '\'' || r == '”' || r == '’' || r == '“') {
		return 0, false
	}
	j += n
	after := strings.TrimLeft(text[j:], " ")
	if after != "" && !strings.ContainsRune("]}),;\t", rune(after[0])) {
		return 0, false
	}
	return j, true
}

// classify sets the kind of l and counts its cells.
func classify(l *line) {
	dashes, others, corners := 0, 0, 0
	var bars, tabs, seps, text, bad, rules bool
	depth := 0
	for i, t := range l.toks {
		switch t.kind {
		case tCell:
			l.cells++
			switch {
			case t.isDash():
				dashes++
			case (t.raw == '.' || t.raw == '*') && nextToDash(l.toks, i):
				corners++
			default:
				others++
			}
		case tBar:
			bars = true
		case tTab:
			tabs = true
		case tSep:
			seps = seps || t.ch == ',' || t.ch == ';'
		case tText:
			text = true
		case tBad:
			bad = true
		case tRule:
			rules = true
		case tOpen:
			depth++
		case tClose:
			depth--
		}
	}
	l.open = depth
	switch {
	case text:
		l.kind = lText
	case l.cells == 0 && bad:
		l.kind = lJunk
	case l.cells == 0 && rules:
		l.kind = lRule
	case l.cells == 0 && bars:
		l.kind = lBarEmpty
	case l.cells == 0 && (tabs || seps):
		l.kind = lSepEmpty
	case l.cells == 0:
		l.kind = lBlank
	case others == 0 && corners == 0 && !rules:
		l.kind = lMaybe
	case others == 0 && (rules || dashes >= 3):
		l.kind = lRule
	default:
		l.kind = lContent
	}
}

// nextToDash reports whether the cell toks[i] touches a dash cell.
func nextToDash(toks []tok, i int) bool {
	c := toks[i].col
	if i > 0 && toks[i-1].isDash() && toks[i-1].col == c-1 {
		return true
	}
	return i+1 < len(toks) && toks[i+1].isDash() && toks[i+1].col == c+1
}

// isTag reports whether s, the rest of an opening fence's line, is a
// language tag such as "text" or "json" rather than the first row of a grid:
// a short word starting with a letter, with a character no grid uses or at
// most three characters (no row is that short and starts with a letter).
func isTag(s string) bool {
	if s == "" || len(s) > 20 || !isASCIILetter(s[0]) {
		return false
	}
	foreign := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isASCIILetter(c):
			u := c &^ 0x20
			foreign = foreign || (u > 'P' && u != 'X')
		case c >= '0' && c <= '9', c == '.', c == '_', c == '-':
		case c == '+', c == '#':
			foreign = true
		default:
			return false
		}
	}
	return foreign || len(s) <= 3
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// entity returns the length of the HTML entity for a space or a zero-width
// space at the start of s (&nbsp;, &#160;, &#x200B;, …), or 0.
func entity(s string) int {
	for _, e := range [...]string{"&nbsp;", "&#160;", "&#xA0;", "&#xa0;", "&#x200B;", "&#x200b;", "&#8203;", "&ZeroWidthSpace;"} {
		if strings.HasPrefix(s, e) {
			return len(e)
		}
	}
	return 0
}

// quotePrefix returns the length in bytes and in columns of a Discord
// quote mark at the start of line: "> " (or a lone ">"), or ">>> " which
// quotes the rest of the message, the space possibly a non-breaking one; 0
// if there is none.
func quotePrefix(line string) (int, int) {
	switch {
	case line == ">":
		return 1, 1
	case strings.HasPrefix(line, ">>> "):
		return 4, 4
	case strings.HasPrefix(line, ">>>\u00a0"):
		return 5, 4
	case strings.HasPrefix(line, "> "):
		return 2, 2
	case strings.HasPrefix(line, ">\u00a0"):
		return 3, 2
	}
	return 0, 0
}

// hashPrefix returns line without its "# " (the space possibly a
// non-breaking one), or line itself.
func hashPrefix(line string) string {
	for _, p := range [...]string{"# ", "#\u00a0"} {
		if strings.HasPrefix(line, p) {
			return line[len(p):]
		}
	}
	return line
}

// spoilerWrap returns where the || that open and close a spoiler around
// the whole text are, or -1, -1: Discord's ||…|| around a grid of several
// lines, whose bars are no part of the grid. Text with other || inside
// (a spoiler per line, empty Markdown fields) is left as it is.
func spoilerWrap(text string) (open, shut int) {
	t := strings.TrimSpace(text)
	if len(t) < 5 || !strings.HasPrefix(t, "||") || !strings.HasSuffix(t, "||") || !strings.Contains(t, "\n") ||
		strings.Contains(t[2:len(t)-2], "||") {
		return -1, -1
	}
	open = strings.Index(text, "||")
	return open, open + len(t) - 2
}

// commentedBoard returns the numbers of the lines of text that are a board
// written as comments (# before each line, as in a README's code sample):
// runs of four lines or more that start with "# " and hold nothing but
// what a board is drawn with.
func commentedBoard(text string) []int {
	if !strings.Contains(text, "# ") && !strings.Contains(text, "#\u00a0") {
		return nil
	}
	var out []int
	run := 0
	num := 0
	flush := func() {
		if run >= 4 {
			for k := num - run; k < num; k++ {
				out = append(out, k)
			}
		}
		run = 0
	}
	for start := 0; start <= len(text); {
		end := start
		for end < len(text) && text[end] != '\n' && text[end] != '\r' {
			end++
		}
		num++
		if t := text[start:end]; hashPrefix(t) != t && boardOnly(hashPrefix(t)) {
			run++
		} else {
			flush()
		}
		if end >= len(text) {
			break
		}
		if text[end] == '\r' && end+1 < len(text) && text[end+1] == '\n' {
			end++
		}
		start = end + 1
	}
	num++
	flush()
	return out
}

// boardOnly reports whether s holds a line of a board and nothing else:
// cells, separators and rules, with no word of two letters and no #.
func boardOnly(s string) bool {
	cells, letters := 0, 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9' || r == '.':
			cells++
			letters = 0
		case r < 0x80 && isASCIILetter(byte(r)):
			if letters++; letters > 1 {
				return false
			}
			cells++
		case r == '|' || r == '+' || r == '-' || r >= 0x2500 && r <= 0x257F:
			cells++
			letters = 0
		case r == ' ' || r == 0xA0 || r == ',' || r == '[' || r == ']' || r == '*' || r == ':' || r == '\'' || r == '=':
			letters = 0
		default:
			return false
		}
	}
	return cells > 0
}

// stepMark reports whether the # or @ at text[i] marks a cell of a step in
// a board's row (HoDoKu: a fin #12, an endo fin @12): right before a digit,
// after a space, on a line that has a vertical line before it.
func stepMark(text string, i, first int, toks []tok) bool {
	if i+1 >= len(text) || text[i+1] < '1' || text[i+1] > '9' || i == 0 ||
		text[i-1] != ' ' && !strings.HasSuffix(text[:i], "\u00a0") {
		return false
	}
	for _, t := range toks[first:] {
		if t.kind == tBar {
			return true
		}
	}
	return false
}
