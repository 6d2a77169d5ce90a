package parser_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/sudoku"
)

// pasted is a case of testdata/pasted_formats.json: a message as a person
// pasted it, and what the bot must answer.
type pasted struct {
	Name, Source, Message, Expect, Solution string
}

func pastedCases(tb testing.TB) []pasted {
	tb.Helper()
	b, err := os.ReadFile("testdata/pasted_formats.json")
	if err != nil {
		tb.Fatal(err)
	}
	var cases []pasted
	if err := json.Unmarshal(b, &cases); err != nil {
		tb.Fatal(err)
	}
	return cases
}

// args returns what follows the command word of a message such as
// "!solve 53..7...": the text the command hands to the parser.
func args(msg string) string {
	msg = strings.TrimLeft(msg, " \n")
	i := 1
	for i < len(msg) && (msg[i] >= 'a' && msg[i] <= 'z' || msg[i] >= 'A' && msg[i] <= 'Z') {
		i++
	}
	return msg[i:]
}

// pastedPuzzles reads testdata/pasted_formats_puzzles.csv: the puzzle each
// shared case holds, in the one-line form (a pencil-mark grid: its cells
// with one digit).
func pastedPuzzles(tb testing.TB) map[string]string {
	tb.Helper()
	f, err := os.Open("testdata/pasted_formats_puzzles.csv")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	out := make(map[string]string)
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<16)
	for sc.Scan() {
		name, line, _ := strings.Cut(sc.Text(), ",")
		out[name] = line
	}
	return out
}

// TestPastedFormats reads every shared case (testdata/pasted_formats.json):
// the exact grid each holds, and for a puzzle, the solution the solver
// finds from it is the one the case gives.
func TestPastedFormats(t *testing.T) {
	puzzles := pastedPuzzles(t)
	for _, c := range pastedCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			p, err := parser.Read(args(c.Message))
			if err != nil {
				t.Fatalf("Read: %v\n%s", err, c.Message)
			}
			want, ok := puzzles[c.Name]
			if !ok {
				t.Fatalf("no puzzle for %s in testdata/pasted_formats_puzzles.csv", c.Name)
			}
			if got := testgrids.Line(p.Grid); got != want {
				t.Errorf("read\n%s\nwant\n%s", got, want)
			}
			if c.Expect == "solved" {
				checkSolution(t, p.Grid, c.Solution)
			}
		})
	}
}

// checkSolution solves g with the real solver and requires the unique
// solution sol (one-line form).
func checkSolution(t *testing.T, g sudoku.Grid, sol string) {
	t.Helper()
	res, err := sudoku.Solve(context.Background(), g, 2)
	if err != nil || res.Status != sudoku.Unique {
		t.Fatalf("solve: %v %v, want a unique solution", res.Status, err)
	}
	if got := testgrids.Line(res.Solution); got != sol {
		t.Errorf("solution\n%s\nwant\n%s", got, sol)
	}
}

// family is a case of TestFamilies.
type family struct {
	family, name string
	text         string // what follows the command
	want         string // the grid to read, one-line form
	solution     string // its solution, or "" when it has none to check
	cands        []uint32
	notation     parser.Notation
}

// families returns variants of every family of pasted grids, written by the
// writers of writers_test.go from real puzzles (testdata/samples.csv), and
// by hand.
func families(t *testing.T) []family {
	s := samples(t)
	nine := []sample{s["classic"], s["solved_pairs_1"], s["solved_pairs_70"]}
	var out []family
	add := func(fam, name, text string, sm sample) {
		out = append(out, family{family: fam, name: name, text: text, want: sm.puzzle, solution: sm.solution})
	}
	for i, sm := range nine {
		p := sm.puzzle
		v := fmt.Sprint(i + 1)

		// 1. Blank cells as spaces or as nothing.
		add("spaces", "typed, trailing kept "+v, "\n"+typed(p, false), sm)
		add("spaces", "typed, trailing trimmed "+v, "\n"+typed(p, true), sm)
		add("spaces", "typed, trimmed, CRLF "+v, "\r\n"+strings.ReplaceAll(typed(p, true), "\n", "\r\n"), sm)
		add("spaces", "typed in a code block "+v, "\n```\n"+typed(p, true)+"\n```", sm)
		add("spaces", "py-sudoku board "+v, "\n"+pySudoku(p), sm)
		add("spaces", "py-sudoku print with header "+v, "\n"+pySudokuHeader(p, "0.6"+v), sm)
		add("spaces", "light box drawing "+v, "\n```\n"+boxDrawing(p, "light", " ")+"\n```", sm)
		add("spaces", "heavy box drawing "+v, "\n"+boxDrawing(p, "heavy", " "), sm)
		add("spaces", "double box drawing "+v, "\n"+boxDrawing(p, "double", " "), sm)
		add("spaces", "markdown, empty header "+v, "\n"+markdown(p, " ", "---"), sm)
		add("spaces", "markdown, numbered header "+v, "\n"+strings.Replace(markdown(p, " ", ":-:"), "|   |   |   |   |   |   |   |   |   |", "| 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 |", 1), sm)
		add("spaces", "markdown, no header "+v, "\n"+strings.Join(strings.Split(markdown(p, " ", "---"), "\n")[2:], "\n"), sm)
		add("spaces", "markdown, no outer pipes, trimmed "+v, "\n"+unframed(markdown(p, " ", "---")), sm)
		add("spaces", "markdown, &nbsp; for empty "+v, "\n"+strings.ReplaceAll(markdown(p, " ", "---"), "|   |", "| &nbsp; |"), sm)
		add("spaces", "spreadsheet tabs "+v, "\n"+separated(p, "\t", "", "\n", false), sm)
		add("spaces", "spreadsheet tabs, trimmed "+v, "\n"+separated(p, "\t", "", "\n", true), sm)
		add("spaces", "spreadsheet tabs, CRLF "+v, "\r\n"+separated(p, "\t", "", "\r\n", false)+"\r\n", sm)
		add("spaces", "CSV empty fields "+v, "\n"+separated(p, ",", "", "\n", false), sm)
		add("spaces", "CSV empty fields, spaces "+v, "\n"+separated(p, ", ", "", "\n", false), sm)
		add("spaces", "semicolons "+v, "\n"+separated(p, ";", "", "\n", false), sm)
		add("spaces", "CSV, trailing empty fields trimmed "+v, "\n"+trimFields(separated(p, ",", "", "\n", false), ","), sm)
		add("spaces", "semicolons, trailing empty fields trimmed "+v, "\n"+trimFields(separated(p, ";", "", "\r\n", false), ";"), sm)

		// 2. Text around the grid.
		add("text", "LeetCode input "+v, " Input: board = "+lists(p, `"`, `"."`, ",", ",", "[", "]"), sm)
		add("text", "board = on its own line "+v, "\nboard =\n"+lists(p, `"`, `"."`, ", ", ",\n ", "[", "]"), sm)
		add("text", "Python list with None "+v, "\ngrid = "+lists(p, "", "None", ", ", ",\n        ", "[", "]"), sm)
		add("text", "JSON indented "+v, "\n"+jsonIndent(p), sm)
		add("text", "C array "+v, "\nint grid[9][9] = "+lists(p, "", "0", ",", ",\n", "{", "}")+";", sm)
		add("text", "CSV header, Kaggle row "+v, "\nquizzes,solutions\n"+blanks(p, "0")+","+sm.solution, sm)
		add("text", "CSV header Puzzle,Solution "+v, "\nPuzzle,Solution\r\n"+p+","+sm.solution+"\r\n", sm)
		add("text", "qqwing CSV "+v, "\nPuzzle,Solution,Difficulty,Givens,Singles\n"+p+","+sm.solution+",Intermediate,30,41,", sm)
		add("text", "SudoCue .sdk "+v, "\n#AJane\n#DFrom the "+v+"th newspaper\n#B2024-02-1"+v+"\n#LHard\n#Uhttps://example.org/p?id="+v+"\n"+strings.Join(gridRows(p), "\n"), sm)
		add("text", "SadMan .sdk section "+v, "\n[Puzzle]\n"+strings.Join(gridRows(p), "\n")+"\n", sm)
		add("text", "HoDoKu library "+v, " :0000:x:"+p+":::", sm)
		add("text", "HoDoKu library with step "+v, " :0100:5:"+p+":512 613::", sm)
		add("text", "sudokuwiki link "+v, " https://www.sudokuwiki.org/sudoku.htm?bd="+blanks(p, "0"), sm)
		add("text", "link with text "+v, " can you solve this? https://www.sudokuwiki.org/Sudoku.htm?bd="+blanks(p, "0")+" thanks", sm)
		add("text", "OpenSudoku XML "+v, "\n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opensudoku>\n  <name>Easy</name>\n  <created>2009-09-16</created>\n  <game data=\""+blanks(p, "0")+"\" />\n</opensudoku>", sm)
		add("text", "title and thanks "+v, "\nHere is today's puzzle ("+v+" stars):\n```\n"+strings.Join(gridRows(p), "\n")+"\n```\nThanks!", sm)
		add("text", "label on the line "+v, " puzzle: "+p, sm)
		add("text", "comment after the line "+v, " "+p+" # from the forum", sm)
		rows := gridRows(p)
		add("text", "label on the first row "+v, "\nPuzzle: "+strings.Join(rows, "\n"), sm)
		add("text", "comment after the last row "+v, "\n"+strings.Join(rows, "\n")+"   <- the last row", sm)
		add("text", "first row after the command, comment after the last "+v, " "+strings.Join(rows, "\n")+" (from the paper)", sm)
		add("text", "py-sudoku header, other difficulty "+v, "\n"+pySudokuHeader(p, "INVALID PUZZLE"), sm)

		// 3. Other programs' borders and markers.
		add("borders", "Simple Sudoku with footer "+v, "\n"+simpleSudoku(p, "\n Simple Sudoku\n  Version 4.2n"), sm)
		add("borders", "Simple Sudoku, other footer "+v, "\n"+simpleSudoku(p, "\n\n   Simple Sudoku version 4.3a (beta)\n"), sm)
		add("borders", "SadMan grid lines "+v, "\n"+sadmanGrid(p), sm)
		add("borders", "SukakuExplainer "+v, "\r\n"+sukaku(p, "\r\n"), sm)
		add("borders", "Norvig display "+v, "\n"+norvig(p), sm)
		add("borders", "qqwing readable "+v, "\n"+qqwing(p)+"\n\n", sm)
		add("borders", "box drawing with dots "+v, "\n"+boxDrawing(p, "light", "."), sm)
		add("borders", "one line, dashes "+v, " "+blanks(p, "-"), sm)
		add("borders", "one line, stars "+v, " "+blanks(p, "*"), sm)
		add("borders", "one line, x "+v, " "+blanks(p, "x"), sm)
		add("borders", "one line, underscores "+v, " "+blanks(p, "_"), sm)
		add("borders", "rows, zeros, spaced "+v, "\n"+separated(p, " ", "0", "\n", false), sm)
		add("borders", "SadMan rows on one line "+v, " "+strings.Join(gridRows(p), " "), sm)
		add("borders", "SadMan commas on one line "+v, " "+strings.ReplaceAll(separated(p, ",", ".", " ", false), "", ""), sm)
		add("borders", "pzl starred givens "+v, "\n"+starred(p), sm)
		add("borders", "markdown, givens in bold "+v, "\n"+boldGivens(markdown(p, " ", "---")), sm)
		add("borders", "rows apart by / "+v, " "+strings.Join(gridRows(p), "/"), sm)
		add("borders", "one line, givens in bold "+v, " "+boldGivens(p), sm)
		add("borders", "HoDoKu placed digits "+v, " :0000:x:"+plusMarks(p, sm.solution)+":::", family{}.withPlaced(sm, plusMarks(p, sm.solution)))

		// 4. Pencil marks.
		masks, placed := candidates(p)
		pm := sample{sm.name, placed, sm.solution}
		for _, f := range []struct{ name, text string }{
			{"HoDoKu PM grid", "\n" + pencilMarks(masks, "hodoku", "\r\n")},
			{"Simple Sudoku candidate grid", "\n" + pencilMarks(masks, "simple", "\n")},
			{"PM grid in a code block", "\n```\n" + pencilMarks(masks, "hodoku", "\n") + "```"},
			{"candidates on one line", " " + oneLinePM(masks)},
		} {
			out = append(out, family{family: "pencil marks", name: f.name + " " + v, text: f.text, want: pm.puzzle, solution: pm.solution, cands: masks})
		}

		// 5. Puzzle and solution.
		add("puzzle and solution", "Kaggle row "+v, " "+blanks(p, "0")+","+sm.solution, sm)
		add("puzzle and solution", "space between "+v, " "+p+" "+sm.solution, sm)
		add("puzzle and solution", "two boards "+v, "\nPUZZLE:\n"+pySudoku(p)+"\n\nSOLUTION:\n"+pySudoku(sm.solution), sm)
		add("puzzle and solution", "LeetCode input and output "+v, "\nInput: board = "+lists(p, `"`, `"."`, ",", ",", "[", "]")+"\nOutput: "+lists(sm.solution, `"`, `"."`, ",", ",", "[", "]")+"\nExplanation: The input board is shown above.", sm)
		add("puzzle and solution", "rows, then solution rows "+v, "\n"+strings.Join(gridRows(p), "\n")+"\n\n"+strings.Join(gridRows(sm.solution), "\n"), sm)
		add("puzzle and solution", "solution first "+v, "\n"+sm.solution+"\n"+p, sm)

		// 6. Emoji.
		add("emoji", "keycaps and white squares "+v, "\n"+emoji(p, "⬜", true, ""), sm)
		add("emoji", "keycaps without FE0F, black squares "+v, "\n"+emoji(p, "⬛", false, ""), sm)
		add("emoji", "blue squares, spaced "+v, "\n"+emoji(p, "🟦", true, " "), sm)
		add("emoji", "white square with FE0F "+v, "\n"+emoji(p, "◻️", true, ""), sm)
		add("emoji", "heavy minus, spaced "+v, "\n"+emoji(p, "➖", true, " "), sm)
	}

	// 7. 16×16 conventions.
	for i, sm := range []sample{s["16x16_1"], s["16x16_2"]} {
		p := sm.puzzle
		v := fmt.Sprint(i + 1)
		zb := func(text string) family {
			return family{family: "16x16", text: text, want: p, solution: sm.solution, notation: parser.ZeroBased}
		}
		f := zb(" " + zeroBased(p, "."))
		f.name = "0-F one line, dots " + v
		out = append(out, f)
		f = zb("\n" + strings.Join(gridRows(zeroBased(p, "-")), "\n"))
		f.name = "0-F rows, dashes " + v
		out = append(out, f)
		f = zb("\n" + strings.ToLower(strings.Join(gridRows(zeroBased(p, ".")), "\n")))
		f.name = "0-f lower case rows " + v
		out = append(out, f)
		add("16x16", "1-G, 0 empty, spaced "+v, "\n"+spacedSymbols(blanks(p, "0")), sm)
		add("16x16", "1-G, dots "+v, " "+p, sm)
		add("16x16", "emoji, regional letters "+v, "\n"+emoji(p, "⬛", true, " "), sm)
		num := family{family: "16x16", name: "two-digit numbers, blank columns (py-sudoku) " + v, text: "\n" + pySudoku(p), want: p, solution: sm.solution, notation: parser.Numbers}
		out = append(out, num)
		num = family{family: "16x16", name: "numbers, 0 empty " + v, text: "\n" + separated(p, " ", "0", "\n", false), want: p, solution: sm.solution, notation: parser.Numbers}
		out = append(out, num)
		num.name, num.text = "JSON numbers "+v, " "+lists(p, "", "0", ", ", ", ", "[", "]")
		out = append(out, num)
		num.name, num.text = "markdown table "+v, "\n"+markdownNumbers(p)
		out = append(out, num)
	}

	// 8. Other sizes in the same families.
	for _, name := range []string{"pysudoku_6x6", "made_6x6", "made_4x4_a", "made_4x4_b", "made_8x8", "made_12x12"} {
		sm := s[name]
		p := sm.puzzle
		n := shapeOf(p).Size()
		addNumbers := func(name, text string) { // written with numbers: 10, 11, 12 above 9
			f := family{family: "sizes", name: name, text: text, want: p, solution: sm.solution}
			if n > 9 {
				f.notation = parser.Numbers
			}
			out = append(out, f)
		}
		addNumbers(name+" py-sudoku", "\n"+pySudoku(p))
		addNumbers(name+" py-sudoku header", "\n"+pySudokuHeader(p, "0.50"))
		add("sizes", name+" one line", " "+p, sm)
		add("sizes", name+" rows", "\n"+strings.Join(gridRows(p), "\n"), sm)
		rows := gridRows(p)
		if !strings.Contains(p, strings.Repeat(".", n)) || rows[0] != strings.Repeat(".", n) && rows[n-1] != strings.Repeat(".", n) {
			// (an empty first or last row, its spaces trimmed, is lost)
			if n == 8 {
				// 8 rows at the end of a message may be a 9×9 grid whose
				// last row and column are empty: a code block bounds them.
				add("sizes", name+" typed, trimmed, in a code block", "\n```\n"+typed(p, true)+"\n```", sm)
			} else {
				add("sizes", name+" typed, trimmed", "\n"+typed(p, true), sm)
			}
		}
		add("sizes", name+" typed, kept", "\n"+typed(p, false), sm)
		add("sizes", name+" light box", "\n"+boxDrawing(p, "light", " "), sm)
		add("sizes", name+" markdown", "\n"+markdown(p, " ", "---"), sm)
		addNumbers(name+" tabs", "\n"+separated(p, "\t", "", "\n", false))
		addNumbers(name+" JSON", " "+lists(p, `"`, `"."`, ",", ",", "[", "]"))
		add("sizes", name+" Kaggle row", " "+blanks(p, "0")+","+sm.solution, sm)
		add("sizes", name+" emoji", "\n"+emoji(p, "⬜", true, ""), sm)
		if shapeOf(p).Size() <= 9 {
			add("sizes", name+" SadMan grid", "\n"+sadmanGrid(p), sm)
		}
	}
	return out
}

// trimFields removes the empty fields at the ends of the rows of a CSV
// text, as some spreadsheets and scripts write them (5,3,,,7 for
// 5,3,,,7,,,,).
func trimFields(text, sep string) string {
	ls := strings.Split(text, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimRight(l, sep+"\r")
		if strings.HasSuffix(l, "\r") {
			ls[i] += "\r"
		}
	}
	return strings.Join(ls, "\n")
}

func (family) withPlaced(sm sample, marked string) sample {
	return sample{sm.name, strings.ReplaceAll(marked, "+", ""), sm.solution}
}

// plusMarks writes HoDoKu's library puzzle of a grid in progress: the
// givens, and two more solved cells with a + before them.
func plusMarks(p, sol string) string {
	var b strings.Builder
	added := 0
	for i := range p {
		switch {
		case p[i] != '.':
			b.WriteByte(p[i])
		case added < 2 && i%7 == 3:
			b.WriteString("+" + string(sol[i]))
			added++
		default:
			b.WriteByte('.')
		}
	}
	return b.String()
}

// starred writes a 9×9 grid as pzl's print does as we understand it: givens
// with a star, cells apart by spaces.
func starred(p string) string {
	var out []string
	for _, r := range gridRows(p) {
		var cs []string
		for _, c := range []byte(r) {
			if c == '.' {
				cs = append(cs, " . ")
			} else {
				cs = append(cs, "*"+string(c)+" ")
			}
		}
		out = append(out, strings.TrimRight(strings.Join(cs, ""), " "))
	}
	return strings.Join(out, "\n")
}

// oneLinePM writes candidates as SadMan's unformatted pencil marks: 81
// groups of digits on one line.
func oneLinePM(masks []uint32) string {
	var cs []string
	for _, m := range masks {
		cs = append(cs, maskString(m))
	}
	return strings.Join(cs, " ")
}

// spacedSymbols writes a 16×16 grid as DNGHKM/sudoku_16 does: symbols
// apart by spaces, one row per line.
func spacedSymbols(p string) string {
	var out []string
	for _, r := range gridRows(p) {
		out = append(out, strings.Join(strings.Split(r, ""), " "))
	}
	return strings.Join(out, "\n")
}

// markdownNumbers writes a Markdown table of numbers, empty cells empty.
func markdownNumbers(p string) string {
	rows := gridRows(p)
	out := []string{"|" + strings.Repeat("    |", len(rows)), "|" + strings.Repeat("----|", len(rows))}
	for _, r := range rows {
		var cs []string
		for _, c := range []byte(r) {
			if c == '.' {
				cs = append(cs, "    ")
			} else {
				cs = append(cs, fmt.Sprintf(" %2d ", value(c)))
			}
		}
		out = append(out, "|"+strings.Join(cs, "|")+"|")
	}
	return strings.Join(out, "\n")
}

// TestFamilies reads variants of every family: each must give exactly the
// grid written, with its pencil marks and notation, and the real solver must
// find the puzzle's solution from it.
func TestFamilies(t *testing.T) {
	cases := families(t)
	perFamily := map[string]int{}
	for _, c := range cases {
		perFamily[c.family]++
		t.Run(c.family+"/"+c.name, func(t *testing.T) {
			p, err := parser.Read(c.text)
			if err != nil {
				t.Fatalf("Read: %v\n%s", err, c.text)
			}
			if got := testgrids.Line(p.Grid); got != c.want {
				t.Fatalf("read\n%s\nwant\n%s\nfrom\n%s", got, c.want, c.text)
			}
			if c.cands != nil && fmt.Sprint(p.Candidates) != fmt.Sprint(c.cands) {
				t.Errorf("candidates %v, want %v", p.Candidates, c.cands)
			}
			if c.cands == nil && p.Candidates != nil {
				t.Errorf("candidates %v, want none", p.Candidates)
			}
			if p.Notation != c.notation {
				t.Errorf("notation %v, want %v", p.Notation, c.notation)
			}
			if c.solution != "" {
				checkSolution(t, p.Grid, c.solution)
			}
		})
	}
	if len(perFamily) < 8 {
		t.Errorf("only %d families: %v", len(perFamily), perFamily)
	}
}

// TestRefusals: messages that hold no single grid get an error that names
// what was found, never a grid.
func TestRefusals(t *testing.T) {
	s := samples(t)
	a, b := s["classic"], s["solved_pairs_1"]
	tests := []struct {
		name string
		text string
		want error
		line int
	}{
		{"two puzzles", "\n" + a.puzzle + "\n\n" + b.puzzle, parser.ErrAmbiguous, 4},
		{"two puzzles in blocks", "\n```\n" + strings.Join(gridRows(a.puzzle), "\n") + "\n```\n```\n" + strings.Join(gridRows(b.puzzle), "\n") + "\n```", parser.ErrAmbiguous, 14},
		{"two Kaggle rows", "\nquizzes,solutions\n" + a.puzzle + "," + a.solution + "\n" + b.puzzle + "," + b.solution, parser.ErrAmbiguous, 3},
		{"puzzle and another's solution", " " + a.puzzle + "," + b.solution, parser.ErrAmbiguous, 1},
		{"puzzle and progress", "\n" + a.puzzle + "\n" + a.solution[:40] + a.puzzle[40:], parser.ErrAmbiguous, 3},
		{"two grids that are no pair", " " + strings.Repeat("1", 81) + strings.Repeat("2", 81), parser.ErrAmbiguous, 1},
		{"162 cells", " " + strings.Repeat("7", 80) + "G" + strings.Repeat("1", 81), parser.ErrCellCount, 0},
		{"grid and a stray row", "\n" + strings.Join(gridRows(a.puzzle), "\n") + "\n\n5 3 . . 7 . . . .", parser.ErrExtra, 12},
		{"spaces, misaligned", "\n" + strings.Replace(pySudoku(a.puzzle), "| 5 3   |", "| 5  3  |", 1), parser.ErrAlign, 3},
		{"spaces between cells and as blanks", "\n5 3     7\n6     1 9 5", parser.ErrCellCount, 0},
		// py-sudoku's Sudoku(2, 3): boxes of 3 rows and 2 columns, another puzzle than 2×3 boxes.
		{"6x6 in 3x2 boxes, spaces", "\n" + pySudokuBoxes(s["made_6x6"].puzzle, sudoku.Shape{BoxRows: 3, BoxCols: 2}), parser.ErrBoxes, 3},
		{"6x6 in 3x2 boxes, dots", "\n" + board{cell: plain("."), in: " ", bar: " | ", left: "| ", right: " |", top: rule("+", "-", "+", "+", 2),
			mid: rule("+", "-", "+", "+", 2), boxes: sudoku.Shape{BoxRows: 3, BoxCols: 2}}.draw(s["made_6x6"].puzzle), parser.ErrBoxes, 3},
		{"8x8 in 4x2 boxes", "\n" + sadmanBoxes(s["made_8x8"].puzzle, sudoku.Shape{BoxRows: 4, BoxCols: 2}), parser.ErrBoxes, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := parser.Read(tt.text)
			if err == nil {
				t.Fatalf("Read = %s, want an error", testgrids.Line(p.Grid))
			}
			if !errors.Is(err, tt.want) {
				t.Errorf("error %v, want %v", err, tt.want)
			}
			var perr *parser.Error
			if !errors.As(err, &perr) || perr.Line != tt.line {
				t.Errorf("error %v at line %d, want line %d", err, perr.Line, tt.line)
			}
		})
	}
}

// boldGivens writes the givens of a grid in Markdown bold: **5**.
func boldGivens(text string) string {
	var b strings.Builder
	for _, c := range []byte(text) {
		if c >= '1' && c <= '9' {
			b.WriteString("**" + string(c) + "**")
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// sadmanBoxes draws SadMan's grid with lines around boxes of shape boxes.
func sadmanBoxes(line string, boxes sudoku.Shape) string {
	r := rule("+", "-", "+", "+", 0)
	return board{cell: plain("."), bar: "|", left: "|", right: "|", top: r, mid: r, bottom: r, boxes: boxes}.draw(line)
}

// unframed writes a Markdown table without its outer pipes, trailing
// spaces trimmed, as GitHub also accepts.
func unframed(table string) string {
	var out []string
	for _, l := range strings.Split(table, "\n") {
		out = append(out, strings.TrimRight(strings.Trim(l, "|"), " "))
	}
	return strings.Join(out, "\n")
}
