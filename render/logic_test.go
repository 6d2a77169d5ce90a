package render_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/race"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

// hugeStep concludes as much as a step on a grid of side n can: every
// candidate of every cell eliminated, every cell placed, with every cell,
// unit and digit in its pattern, a long chain and a long name.
func hugeStep(n int, tech logic.Technique) logic.Step {
	s := logic.Step{Technique: tech, Name: strings.Repeat("Very Long Technique Name ", 8), Rating: 119}
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			cell := sudoku.Cell{Row: r, Col: c}
			s.Cells = append(s.Cells, cell)
			s.Placements = append(s.Placements, logic.Candidate{Cell: cell, Digit: (r+c)%n + 1})
			for d := 1; d <= n; d++ {
				s.Eliminations = append(s.Eliminations, logic.Candidate{Cell: cell, Digit: d})
			}
		}
	}
	for k := 1; k <= n; k++ {
		s.Units = append(s.Units, sudoku.Unit{Kind: sudoku.Box, Number: k}, sudoku.Unit{Kind: sudoku.Row, Number: k}, sudoku.Unit{Kind: sudoku.Column, Number: k})
		s.Digits = append(s.Digits, k)
	}
	for i := 0; i < 500; i++ {
		a := logic.Node{Candidate: logic.Candidate{Cell: sudoku.Cell{Row: i % n, Col: (i / n) % n}, Digit: i%n + 1}, On: i%2 == 0}
		b := logic.Node{Candidate: logic.Candidate{Cell: sudoku.Cell{Row: (i + 1) % n, Col: i % n}, Digit: (i+1)%n + 1}, On: i%2 == 1}
		s.Chain = append(s.Chain, logic.Link{From: a, To: b})
	}
	return s
}

// checkFits asserts what every logic reply keeps: at most MaxLen, balanced
// code fences and spoiler bars.
func checkFits(t *testing.T, what, text string) {
	t.Helper()
	if n := render.Len(text); n == 0 || n > render.MaxLen {
		t.Fatalf("%s: %d characters", what, n)
	}
	if strings.Count(text, "```")%2 != 0 || strings.Count(text, "||")%2 != 0 {
		t.Fatalf("%s: unbalanced fences or spoiler bars:\n%s", what, text)
	}
}

var statuses = []logic.Status{0, logic.Solved, logic.NeedsGuess, logic.Multiple, logic.None, logic.Invalid, logic.TimedOut, logic.Cancelled, 99}

// TestLogicRepliesFitAtEverySize renders the worst hints, ratings and
// explanations there can be at every size: each fits one message, and a
// hint's grid reads back as the grid sent.
func TestLogicRepliesFitAtEverySize(t *testing.T) {
	plain := render.Options{Timeout: 1500 * time.Millisecond}
	// With a picture (the board left out at 16×16 and 25×25) and long notes.
	busy := render.Options{Timeout: plain.Timeout, Picture: true, Notes: []string{strings.Repeat("note <@1> ", 150), "another note"}}
	for _, opt := range []render.Options{plain, busy} {
		testLogicRepliesFit(t, opt)
	}
}

func testLogicRepliesFit(t *testing.T, opt render.Options) {
	for _, sh := range sudoku.Shapes {
		n := sh.Size()
		full := testgrids.Pattern(t, sh)
		empty, _ := sudoku.New(sh)
		clash := full
		clash.Set(0, 1, full.Get(0, 0))
		for gname, g := range map[string]sudoku.Grid{"full": full, "empty": empty, "clash": clash} {
			t.Run(fmt.Sprintf("%dx%d/%s/picture=%v", n, n, gname, opt.Picture), func(t *testing.T) {
				for _, tech := range []logic.Technique{logic.HiddenSingle, logic.NakedSingle, logic.XWing, logic.DynamicForcingChain, 0, 200} {
					step := hugeStep(n, tech)
					text := render.Hint(g, step, 0, opt)
					checkFits(t, fmt.Sprintf("hint %v", tech), text)
					// An empty 25×25 board among words is refused on purpose: its
					// letters A-P could be cells of another grid (parser's rule
					// against misreads), and nobody pastes an empty board back.
					readable := !opt.Picture || n < 16
					if n == 25 && g.Filled() == 0 {
						readable = false
					}
					if got, err := parser.Parse(text); (err != nil || got != g) && readable {
						t.Fatalf("hint %v: the grid does not read back (%v):\n%s", tech, err, text)
					}
					for _, e := range []error{logic.ErrWrongCandidates, logic.ErrNoCandidates} {
						ce := &logic.CandidateError{Cell: sudoku.Cell{Row: n - 1, Col: n - 1}, Digit: n, Err: e}
						checkFits(t, fmt.Sprintf("pencil marks: %v", e), render.BadCandidates(g, ce, opt))
					}
					for _, st := range statuses {
						checkFits(t, fmt.Sprintf("hint, status %v", st), render.Hint(g, logic.Step{}, st, opt))
					}
				}
				step := hugeStep(n, logic.DynamicForcingChain)
				var path []logic.Step
				for i := 0; i < 400; i++ {
					s := step
					if i%50 != 0 { // a few huge steps among ordinary ones
						s.Placements, s.Eliminations, s.Chain = s.Placements[:1], s.Eliminations[:3], nil
					}
					switch i % 3 {
					case 0:
						s.Technique, s.Name, s.Rating = logic.HiddenSingle, "Hidden Single", 15
					case 1:
						s.Rating = logic.Rating(20 + i%90)
					}
					path = append(path, s)
				}
				for i, st := range statuses {
					rep := logic.Report{Status: st, Rating: 119, Hardest: step, Steps: 99999, Path: path}
					checkFits(t, fmt.Sprintf("rate, status %v", st), render.Rated(g, rep, opt))
					if race.Enabled && i%3 != 1 {
						// Under -race: a third of the statuses (Solved, None,
						// Cancelled), the path's cost being the same for each.
						continue
					}
					msg, full := render.Explained(g, rep, opt)
					checkFits(t, fmt.Sprintf("explain, status %v", st), msg)
					if full != "" && !strings.Contains(msg, "attached") {
						t.Fatalf("explain, status %v: an attachment the message does not mention:\n%s", st, msg)
					}
				}
			})
		}
	}
}

// TestExplainedAttachesOnlyWhatDoesNotFit: a short path fits the message
// with every conclusion and gets no attachment; a long one is condensed and
// the attachment holds every step with all its conclusions.
func TestExplainedAttachesOnlyWhatDoesNotFit(t *testing.T) {
	g, _ := sudoku.New(sudoku.Classic)
	pointing := logic.Step{Technique: logic.Pointing, Name: "Pointing", Rating: 26, Digits: []int{3},
		Units:        []sudoku.Unit{{Kind: sudoku.Box, Number: 2}, {Kind: sudoku.Row, Number: 1}},
		Eliminations: []logic.Candidate{{Cell: sudoku.Cell{Row: 0, Col: 0}, Digit: 3}}}
	single := func(i int) logic.Step {
		c := sudoku.Cell{Row: i / 9 % 9, Col: i % 9}
		return logic.Step{Technique: logic.NakedSingle, Name: "Naked Single", Rating: 23, Cells: []sudoku.Cell{c}, Digits: []int{i%9 + 1},
			Placements: []logic.Candidate{{Cell: c, Digit: i%9 + 1}}}
	}
	short := []logic.Step{single(0), single(1), pointing, single(2)}
	msg, full := render.Explained(g, logic.Report{Status: logic.Solved, Rating: 26, Hardest: pointing, Steps: len(short), Path: short}, render.Options{})
	want := "The logical path from this grid: 4 steps, rating **2.6** (Medium), the hardest Pointing. The conclusions are in spoilers.\n" +
		"1–2. 2 singles: ||r1c1=1 r1c2=2||\n" +
		"3. Pointing on 3 (2.6), box 2 and row 1: ||r1c1<>3||\n" +
		"4. Naked Single (2.3), r1c3: ||r1c3=3||"
	if msg != want || full != "" {
		t.Errorf("short path:\n%s\nattachment %q\nwant:\n%s", msg, full, want)
	}
	var long []logic.Step
	for i := 0; i < 300; i++ {
		long = append(long, single(i))
		if i%5 == 0 {
			long = append(long, pointing)
		}
	}
	msg, full = render.Explained(g, logic.Report{Status: logic.Solved, Rating: 26, Hardest: pointing, Steps: len(long), Path: long}, render.Options{})
	if full == "" || !strings.Contains(msg, "The whole path, with the conclusions of the grouped steps, is in the attached file.") {
		t.Fatalf("long path: no attachment, or not said:\n%s", msg)
	}
	for i, s := range long {
		line := fmt.Sprintf("\n%d. %v %s", i+1, s.Rating, s.Name)
		if !strings.Contains(full, line) || !strings.Contains(full, s.Conclusions()) {
			t.Fatalf("attachment lacks step %d (%v):\n%s", i+1, s, full)
		}
	}
}

// TestExplainedCondensedSaysWhereConclusionsAre: when a path is condensed,
// a step alone on its line keeps its conclusions (cut, saying how many
// more), runs say how many steps they group, and the attachment names
// every technique in full, however long.
func TestExplainedCondensedSaysWhereConclusionsAre(t *testing.T) {
	g, _ := sudoku.New(sudoku.Classic)
	const longName = "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)"
	var path []logic.Step
	for i := 0; i < 30; i++ {
		c := sudoku.Cell{Row: i % 9, Col: i / 9}
		big := logic.Step{Technique: logic.DynamicForcingChain, Name: "Dynamic Contradiction Forcing Chains", Rating: 90,
			Cells: []sudoku.Cell{c}}
		for d := 1; d <= 9; d++ {
			for col := 0; col < 2; col++ {
				big.Eliminations = append(big.Eliminations, logic.Candidate{Cell: sudoku.Cell{Row: (i + d) % 9, Col: col}, Digit: d})
			}
		}
		small := logic.Step{Technique: logic.DynamicForcingChain, Name: longName, Rating: 105,
			Cells: []sudoku.Cell{c}, Eliminations: []logic.Candidate{{Cell: c, Digit: i%9 + 1}}}
		path = append(path, small, big)
	}
	rep := logic.Report{Status: logic.Solved, Rating: 105, Hardest: path[0], Steps: len(path), Path: path}
	msg, full := render.Explained(g, rep, render.Options{})
	if full == "" {
		t.Fatalf("not condensed:\n%s", msg)
	}
	checkFits(t, "condensed", msg)
	lone := 0
	for _, line := range strings.Split(msg, "\n")[1:] {
		num, _, _ := strings.Cut(line, " ")
		if !strings.HasSuffix(num, ".") || strings.Contains(num, "–") {
			continue // a run, the note on the attachment or "… and N more steps"
		}
		if !strings.Contains(line, "||") {
			t.Errorf("a step's line without its conclusions: %q", line)
		}
		if strings.Contains(line, "(9.0)") {
			lone++
		}
	}
	if lone == 0 {
		t.Errorf("no 9.0 step alone on its line (the case this tests):\n%s", msg)
	}
	if n := strings.Count(full, longName); n != 31 { // the intro and 30 steps
		t.Errorf("the attachment names %s %d times, want 31:\n%s", longName, n, full)
	}
}

func TestDifficulties(t *testing.T) {
	ds := render.Difficulties()
	names := []string{"Easy", "Medium", "Hard", "Expert", "Extreme"}
	if len(ds) != len(names) {
		t.Fatalf("%d difficulties", len(ds))
	}
	for i, d := range ds {
		if d.Name != names[i] || d.Lo > d.Hi || i > 0 && d.Lo != ds[i-1].Hi+1 {
			t.Errorf("difficulty %d: %+v (ranges must follow each other without a gap)", i, d)
		}
	}
	for _, tt := range []struct {
		r    logic.Rating
		want string
	}{{0, "Easy"}, {10, "Easy"}, {20, "Easy"}, {21, "Medium"}, {29, "Medium"}, {30, "Hard"}, {39, "Hard"}, {40, "Expert"}, {61, "Expert"}, {62, "Extreme"}, {120, "Extreme"}, {200, "Extreme"}} {
		if got := render.DifficultyOf(tt.r); got.Name != tt.want {
			t.Errorf("DifficultyOf(%v) = %v, want %s", tt.r, got, tt.want)
		}
	}
	if got, want := render.DifficultyScale(), "Easy up to 2.0, Medium 2.1–2.9, Hard 3.0–3.9, Expert 4.0–6.1, Extreme 6.2 and up"; got != want {
		t.Errorf("DifficultyScale() = %q, want %q", got, want)
	}
}

// TestHintNamesPattern: a chain step that forms a pattern players know by
// another name (a W-Wing here, in a real puzzle rated 7.5 whose path has a
// forcing chain that is one) is hinted under that name, at its cells, with
// Sukaku Explainer's name and rating beside it.
func TestHintNamesPattern(t *testing.T) {
	g, err := parser.Parse("...97..3......184......5..6.73.8.4..8.......2..2.3.61.5..2......697......1..53...")
	if err != nil {
		t.Fatal(err)
	}
	lg, err := logic.New(g)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := logic.Explain(context.Background(), lg)
	if err != nil {
		t.Fatal(err)
	}
	w := lg.Clone()
	for _, s := range rep.Path {
		if p := s.Pattern(); p.Kind == logic.WWing {
			text := render.Hint(w.Sudoku(), s, 0, render.Options{})
			checkFits(t, "W-Wing hint", text)
			head, _, _ := strings.Cut(text, "\n")
			var cells []string
			for _, c := range p.Cells {
				cells = append(cells, c.String())
			}
			want := fmt.Sprintf("Look at %s, %s, %s and %s: a **W-Wing** on %d and %d (rating %v, a Forcing Chain for Sukaku Explainer).",
				cells[0], cells[1], cells[2], cells[3], p.Digits[0], p.Digits[1], s.Rating)
			if head != want || !strings.Contains(text, "two end cells hold only the same two digits") {
				t.Errorf("W-Wing hint starts %q, want %q:\n%s", head, want, text)
			}
			return
		}
		if err := w.Apply(s); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no W-Wing on the path")
}

// TestRatedTimeoutSaysAtLeast: a rating cut short by the deadline gives the
// least rating the puzzle can have, from the steps taken or from the
// techniques already ruled out (a search of the 9.0 chains, none easier
// applying), even before any step.
func TestRatedTimeoutSaysAtLeast(t *testing.T) {
	g, err := parser.Parse("98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6")
	if err != nil {
		t.Fatal(err)
	}
	opt := render.Options{Timeout: 2 * time.Second}
	for _, tt := range []struct {
		rep  logic.Report
		want string
	}{
		{logic.Report{Status: logic.TimedOut, AtLeast: 90}, "Its rating is at least 9.0."},
		{logic.Report{Status: logic.TimedOut, Steps: 3, Rating: 26, AtLeast: 85}, "Its rating is at least 8.5."},
		{logic.Report{Status: logic.TimedOut, Steps: 3, Rating: 26, AtLeast: 26}, "Its rating is at least 2.6."},
	} {
		if text := render.Rated(g, tt.rep, opt); !strings.Contains(text, tt.want) {
			t.Errorf("%+v: %q lacks %q", tt.rep, text, tt.want)
		}
	}
}
