package parser_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/sudoku"
)

// classic is the 9×9 puzzle most cases write in one form or another.
const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// grid decodes a grid written on one line with . for empty and 1-9, A-P,
// independently of Parse, so that expectations do not rest on the code
// under test.
func grid(tb testing.TB, line string) sudoku.Grid { return testgrids.Decode(tb, line) }

// rows splits a one-line grid into its rows: of 9 cells unless the line is
// a whole grid of another size.
func rows(line string) []string {
	n := 9
	if sh, ok := sudoku.ShapeForCells(len(line)); ok {
		n = sh.Size()
	}
	var out []string
	for len(line) > n {
		out = append(out, line[:n])
		line = line[n:]
	}
	return append(out, line)
}

// spaced writes each row with sep between cells, rows joined by nl.
func spaced(line, sep, nl string) string {
	var rs []string
	for _, r := range rows(line) {
		rs = append(rs, strings.Join(strings.Split(r, ""), sep))
	}
	return strings.Join(rs, nl)
}

// full25 is a complete 25×25 grid (a shifted pattern): its rows hold runs
// of letters such as HIJKLMNOP, which elsewhere would be words.
var full25 = func() string {
	var b strings.Builder
	for r := 0; r < 25; r++ {
		for c := 0; c < 25; c++ {
			b.WriteByte("123456789ABCDEFGHIJKLMNOP"[((r%5)*5+r/5+c)%25])
		}
	}
	return b.String()
}()

// sizes holds one puzzle of every other size, one line each.
var sizes = map[string]string{
	"4x4":   "1..4..1..3..4..3",
	"6x6":   "1.3.5.4.6.2.2.4.6.5.3.1.6.2.4.3.1.5.",
	"8x8":   "1.3.5.7.5.7.1.3.2.4.6.8.6.8.2.4.3.5.7.1.7.1.3.5.4.6.8.2.8.2.4.6.",
	"12x12": "1.3.5.7.9.B.2.4.6.8.A.C.1.3.5.7.9.B.2.4.6.8.A.C.1.3.5.7.9.B.2.4.6.8.A.C.1.3.5.7.9.B.2.4.6.8.A.C.1.3.5.7.9.B.2.4.6.8.A.C.1.3.5.7.9.B.2.4.6.8.A.C.",
	"25x25": strings.Repeat("1.3.5.7.9.B.D.F.H.J.L.N.P", 25),
}

func TestParse(t *testing.T) {
	board := "+-------+-------+-------+\n"
	for i, r := range rows(classic) {
		if i == 3 || i == 6 {
			board += "+-------+-------+-------+\n"
		}
		board += "| " + strings.Join(strings.Split(r[:3], ""), " ") + " | " +
			strings.Join(strings.Split(r[3:6], ""), " ") + " | " +
			strings.Join(strings.Split(r[6:], ""), " ") + " |\n"
	}
	board += "+-------+-------+-------+"
	unicodeBoard := strings.NewReplacer("+", "┼", "-", "─", "|", "│").Replace(board)
	dashRules := strings.ReplaceAll(board, "+-------+-------+-------+", "-------------------------")
	jsonRows := make([]string, 9)
	for i, r := range rows(classic) {
		jsonRows[i] = `["` + strings.Join(strings.Split(r, ""), `","`) + `"]`
	}
	emptyRow := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5........."

	tests := []struct {
		name, in, want string
	}{
		{"one line, dots", classic, classic},
		{"one line, zeros", strings.ReplaceAll(classic, ".", "0"), classic},
		{"one line, mixed empties", strings.NewReplacer("..", "_-", "...", "*xX").Replace(classic), classic},
		{"one line, trailing newline and spaces", "  " + classic + " \t\n\n", classic},
		{"nine lines", spaced(classic, "", "\n"), classic},
		{"nine lines, CRLF", spaced(classic, "", "\r\n") + "\r\n", classic},
		{"nine lines, lone CR", spaced(classic, "", "\r"), classic},
		{"nine lines, blank lines and tabs", "\n\n" + strings.ReplaceAll(spaced(classic, "\t", "\n\n"), "\n", " \t\n") + "\n\n", classic},
		{"spaces", spaced(classic, " ", "\n"), classic},
		{"commas and zeros", strings.ReplaceAll(spaced(classic, ",", ",\n"), ".", "0"), classic},
		{"semicolons on one line", spaced(classic, ";", ";"), classic},
		{"drawn board", board, classic},
		{"drawn board, CRLF", strings.ReplaceAll(board, "\n", "\r\n"), classic},
		{"unicode board", unicodeBoard, classic},
		{"board with dash rules", dashRules, classic},
		{"board with = rules", strings.ReplaceAll(board, "+-------+-------+-------+", "========================="), classic},
		{"fence", "```\n" + spaced(classic, "", "\n") + "\n```", classic},
		{"fence with tag", "```text\n" + spaced(classic, " ", "\n") + "\n```", classic},
		{"fence with short tag", "```py\n" + classic + "\n```", classic},
		{"fence on one line", "```" + classic + "```", classic},
		{"fence with text around", "here it is:\n```\n" + board + "\n```\nthanks! (q)", classic},
		{"fence without end", "```\n" + classic, classic},
		{"spoiler fence", "||```\n" + board + "\n```||", classic},
		{"inline backticks", "`" + classic + "`", classic},
		{"quote", "> " + strings.ReplaceAll(spaced(classic, " ", "\n"), "\n", "\n> "), classic},
		{"json strings", "[" + strings.Join(jsonRows, ",") + "]", classic},
		{"json strings, pretty", "[\n  " + strings.Join(jsonRows, ",\n  ") + "\n]", classic},
		{"json strings, typographic quotes", strings.ReplaceAll("["+strings.Join(jsonRows, ",")+"]", `"`, "“"), classic},
		{"json numbers", "[[" + strings.ReplaceAll(strings.ReplaceAll(spaced(classic, ",", "],["), ".", "0"), "", "") + "]]", classic},
		{"full-width digits", strings.NewReplacer("5", "５", "3", "３", ".", "．").Replace(classic), classic},
		{"full-width zero and space", strings.NewReplacer(".", "０", "7", "７").Replace(spaced(classic, "\u3000", "\n")), classic},
		{"zero-width spaces", "\ufeff" + strings.ReplaceAll(spaced(classic, "\u200b", "\n"), "\n", "\u200b\n"), classic},
		{"box groups of digits", strings.ReplaceAll(spaced(classic, "", "\n"), ".", "0")[:3] + " " + strings.ReplaceAll(classic, ".", "0")[3:], classic},
		{"row of dashes is a row of empties", strings.ReplaceAll(spaced(emptyRow, "", "\n"), ".........", "---------"), emptyRow},
		{"row of spaced dashes in a board", strings.Replace(spaced(emptyRow, " ", "\n"), ". . . . . . . . .", "- - - | - - - | - - -", 1), emptyRow},
		{"all dashes", strings.Repeat("-", 81), strings.Repeat(".", 81)},
		{"rules as long as rows", strings.Join(append(append(append(append(rows(classic)[:3:3], "---------"), rows(classic)[3:6]...), "_________"), rows(classic)[6:]...), "\n"), classic},
		{"4x4", sizes["4x4"], sizes["4x4"]},
		{"4x4, rows of digits", "1004\n0010\n0300\n4003", sizes["4x4"]},
		{"6x6", spaced(sizes["6x6"], " ", "\n"), sizes["6x6"]},
		{"8x8", sizes["8x8"], sizes["8x8"]},
		{"12x12", spaced(sizes["12x12"], "", "\n"), sizes["12x12"]},
		{"12x12 lower case", strings.ToLower(sizes["12x12"]), sizes["12x12"]},
		{"12x12 numbers", strings.NewReplacer("A", "10", "B", "11", "C", "12", ".", "0").Replace(spaced(sizes["12x12"], " ", "\n")), sizes["12x12"]},
		{"25x25", sizes["25x25"], sizes["25x25"]},
		{"25x25 lower case, rows", strings.ToLower(spaced(sizes["25x25"], "", "\n")), sizes["25x25"]},
		{"25x25 complete, letters in runs", spaced(full25, "", "\n"), full25},
		{"25x25 json numbers", "[[" + strings.NewReplacer("B", "11", "D", "13", "F", "15", "H", "17", "J", "19", "L", "21", "N", "23", "P", "25", ".", "0").Replace(spaced(sizes["25x25"], ",", "],[")) + "]]", sizes["25x25"]},
		{"16x16 1-G", strings.Repeat("123456789ABCDEFG", 16), strings.Repeat("123456789ABCDEFG", 16)},
		{"16x16 without G or 0", strings.Repeat("123456789ABCDEF.", 16), strings.Repeat("123456789ABCDEF.", 16)},
		{"16x16 0-F", strings.Repeat("0123456789abcdef", 16), strings.Repeat("123456789ABCDEFG", 16)},
		{"16x16 0-F with empties", strings.Repeat("0123456789ABCDE.", 16), strings.Repeat("123456789ABCDEF.", 16)},
		{"16x16 numbers, 0 empty", strings.Repeat("0 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n", 16), strings.Repeat(".23456789ABCDEFG", 16)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parser.Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q) error: %v", tt.in, err)
			}
			if want := grid(t, tt.want); got != want {
				t.Errorf("Parse(%q) =\n%v\nwant\n%v", tt.in, got.Cells(), want.Cells())
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	r := rows(classic) // row 4 loses its last cell to row 5: 81 cells, 9 rows
	uneven := strings.Join(r[:3], "\n") + "\n" + r[3][:8] + "\n" + r[3][8:] + r[4] + "\n" + strings.Join(r[5:], "\n")
	tests := []struct {
		name      string
		in        string
		line, col int
		want      error
	}{
		{"empty", "", 0, 0, parser.ErrEmpty},
		{"only spaces", " \t\r\n\n  ", 0, 0, parser.ErrEmpty},
		{"empty fence", "```\n```", 0, 0, parser.ErrEmpty},
		{"empty fence, text outside", "solve this ```\n\n``` please", 0, 0, parser.ErrEmpty},
		{"only rules", "+---+---+\n|   |   |\n+===+===+", 0, 0, parser.ErrEmpty},
		{"too long", strings.Repeat(".", parser.MaxInputBytes+1), 0, 0, parser.ErrTooLong},
		{"80 cells", classic[:80], 0, 0, parser.ErrCellCount},
		{"82 cells", classic + "1", 0, 0, parser.ErrCellCount},
		{"40 cells", classic[:40], 0, 0, parser.ErrCellCount},
		{"700 cells", strings.Repeat(".", 700), 0, 0, parser.ErrCellCount},
		{"letter", "53..7....\n6..195...\n.98...q6.", 3, 7, parser.ErrBadChar},
		{"letter, CRLF", "53..7....\r\n6..195...\r\n.98...q6.", 3, 7, parser.ErrBadChar},
		{"letter after full-width digits", "５３..7...Z", 1, 9, parser.ErrBadChar},
		{"letter after a tab", "\t\tq", 1, 3, parser.ErrBadChar},
		{"emoji", classic[:20] + "😀" + classic[21:], 1, 21, parser.ErrBadChar},
		{"right-to-left mark", classic[:9] + "\n\u200f" + classic[9:], 2, 1, parser.ErrBadChar},
		{"not UTF-8", classic[:30] + "\xff" + classic[31:], 1, 31, parser.ErrBadChar},
		{"at sign", "@ @", 1, 1, parser.ErrBadChar},
		{"only words", "@everyone please help", 0, 0, parser.ErrEmpty},
		{"inside fence", "```\n" + classic[:9] + "\n" + classic[9:17] + "!" + "?\n```", 3, 10, parser.ErrBadChar},
		{"row too long", spaced(classic[:27], "", "\n") + "\n" + classic[27:36] + "1\n" + spaced(classic[36:], "", "\n"), 4, 10, parser.ErrRowLength},
		{"row too long, spaced", spaced(classic[:27], " ", "\n") + "\n" + spaced(classic[27:36], " ", "") + " 1\n" + spaced(classic[36:], " ", "\n"), 4, 19, parser.ErrRowLength},
		{"rows uneven", uneven, 4, 0, parser.ErrRowLength},
		{"rows uneven, spaced", strings.Join(strings.Split(uneven, ""), " "), 4, 0, parser.ErrRowLength},
		{"row too short", spaced(classic[:72], "", "\n") + "\n" + classic[72:80], 9, 0, parser.ErrRowLength},
		{"row too short after blank lines", "\n\n" + spaced(classic[:72], "", "\n\n") + "\n\n" + classic[72:80], 19, 0, parser.ErrRowLength},
		{"letter in 9x9", "A" + classic[1:], 1, 1, parser.ErrBadDigit},
		{"digit 7 in 6x6", strings.Replace(sizes["6x6"], "1", "7", 1), 1, 1, parser.ErrBadDigit},
		{"letter H in 16x16", "H" + strings.Repeat("123456789ABCDEFG", 16)[1:], 1, 1, parser.ErrBadDigit},
		{"letter in 16x16 0-F", "0123456789ABCDE." + "H" + strings.Repeat(".", 239), 1, 16 + 1, parser.ErrBadDigit},
		{"16x16 on two lines", strings.Repeat("123456789ABCDEFG", 8) + "\n" + strings.Repeat("0", 128), 1, 0, parser.ErrRowLength},
		{"number 26 in 25x25", strings.Repeat(strings.Repeat("1 ", 25)+"\n", 24) + strings.Repeat("10 ", 20) + "26 " + strings.Repeat("1 ", 4), 25, 61, parser.ErrBadDigit},
		{"number 10 in 9x9", strings.Repeat("1 ", 80) + "10", 1, 161, parser.ErrBadDigit},
		// 112 tens and 32 ones: 256 characters (16×16, 0 empty) or 144 numbers (12×12).
		{"two readings", strings.Repeat("10 ", 112) + strings.Repeat("1 ", 32), 0, 0, parser.ErrAmbiguous},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := parser.Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %v, want an error", tt.in, g.Cells())
			}
			if !errors.Is(err, tt.want) {
				t.Errorf("Parse(%q) error %v, want %v", tt.in, err, tt.want)
			}
			var perr *parser.Error
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q) error %T, want *parser.Error", tt.in, err)
			}
			if perr.Line != tt.line || perr.Col != tt.col {
				t.Errorf("Parse(%q) error at line %d, column %d, want %d, %d (%v)", tt.in, perr.Line, perr.Col, tt.line, tt.col, err)
			}
			if g != (sudoku.Grid{}) {
				t.Errorf("Parse(%q) returned a grid with its error", tt.in)
			}
		})
	}
}

// TestParseDoesNotValidate: a grid that breaks the rules still parses, so
// that !check can report its conflicts.
func TestParseDoesNotValidate(t *testing.T) {
	in := "55" + classic[2:]
	g, err := parser.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(sudoku.Validate(g)) == 0 {
		t.Errorf("Parse(%q) lost the duplicate 5", in)
	}
}

// TestErrorMessages checks what messages must never contain, whatever the
// input: a raw backtick or at sign, or an invisible character.
func TestErrorMessages(t *testing.T) {
	for _, in := range []string{"`", "@", "\u200f", "\u202e", "\u0301", "'", "\\", "＠", "\x00", "\u00a0q", "q", "𝟘"} {
		_, err := parser.Parse(classic[:5] + in + classic[6:])
		if err == nil {
			t.Errorf("Parse with %q: no error", in)
			continue
		}
		msg := err.Error()
		for _, bad := range []string{"`", "@", "\u200f", "\u202e", "\u0301", "\\", "＠", "\x00"} {
			if strings.Contains(msg, bad) {
				t.Errorf("Parse with %q: message %q contains %q", in, msg, bad)
			}
		}
	}
}

// TestTestdata parses each valid/NAME.txt and compares it with NAME.want,
// and requires every invalid/*.txt to fail.
func TestTestdata(t *testing.T) {
	valid, err := filepath.Glob("testdata/valid/*.txt")
	if err != nil || len(valid) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, path := range valid {
		t.Run(path, func(t *testing.T) {
			in := read(t, path)
			want := grid(t, strings.TrimSpace(read(t, strings.TrimSuffix(path, ".txt")+".want")))
			got, err := parser.Parse(in)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("got %v, want %v", got.Cells(), want.Cells())
			}
		})
	}
	invalid, _ := filepath.Glob("testdata/invalid/*.txt")
	for _, path := range invalid {
		t.Run(path, func(t *testing.T) {
			if _, err := parser.Parse(read(t, path)); err == nil {
				t.Error("parsed, want an error")
			}
		})
	}
}

func read(tb testing.TB, path string) string {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return string(b)
}

// TestHelp keeps the help text short enough to share a Discord reply.
func TestHelp(t *testing.T) {
	if n := len([]rune(parser.Help)); n > 1000 {
		t.Errorf("Help is %d characters, want at most 1000", n)
	}
	if strings.Contains(parser.Help, "`") || strings.Contains(parser.Help, "@") {
		t.Error("Help contains a backtick or an at sign")
	}
}

// largeInputs are inputs of MaxInputBytes that have been slow in the past
// (quadratic scans of lines, runs or fences).
func largeInputs() map[string]string {
	n := parser.MaxInputBytes
	return map[string]string{
		"dots":            strings.Repeat(".", n),
		"lines":           strings.Repeat("\n", n),
		"CRs":             strings.Repeat("\r", n),
		"dash rows":       strings.Repeat("-\n", n/2),
		"rule rows":       strings.Repeat("-+\n", n/3),
		"content rows":    strings.Repeat("1\n", n/2),
		"numbers":         strings.Repeat("12 ", n/3),
		"long number":     strings.Repeat("1", n-2) + " 2",
		"fences":          strings.Repeat("``` ", n/4),
		"backticks":       strings.Repeat("`", n),
		"spaces":          strings.Repeat(" ", n),
		"full-width":      strings.Repeat("１", n/3),
		"box drawing":     strings.Repeat("─", n/3),
		"zeros for 16x16": strings.Repeat("0", 256) + strings.Repeat(" ", n-256),
	}
}

// TestParseLargeInputs: inputs of the largest size are read or refused with
// a positioned error. Their speed is BenchmarkParseLargeInputs's.
func TestParseLargeInputs(t *testing.T) {
	n := parser.MaxInputBytes
	for name, in := range largeInputs() {
		t.Run(name, func(t *testing.T) {
			if len(in) > n {
				t.Fatalf("test input is %d bytes, more than %d", len(in), n)
			}
			g, err := parser.Parse(in)
			var perr *parser.Error
			if err != nil && !errors.As(err, &perr) {
				t.Errorf("error %T, want *parser.Error", err)
			}
			if err == nil && !g.Shape().Valid() {
				t.Errorf("grid of shape %v", g.Shape())
			}
		})
	}
}

// BenchmarkParseLargeInputs times Parse on each of largeInputs.
func BenchmarkParseLargeInputs(b *testing.B) {
	for name, in := range largeInputs() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				_, _ = parser.Parse(in)
			}
		})
	}
}
