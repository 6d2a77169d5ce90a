package command

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

// testDay is the day the tests' clock says, a Friday afternoon (UTC).
var testDay = time.Date(2025, 3, 14, 15, 4, 5, 0, time.UTC)

// testPool returns a pool that keeps nothing warm and does not run: every
// puzzle is made on the request's time, as a cold pool's are.
func testPool(tb testing.TB) *generate.Pool {
	tb.Helper()
	p, err := generate.NewPool(generate.PoolConfig{Warm: []generate.Kind{}, Seed: 7, Now: func() time.Time { return testDay }})
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// puzzleHandler returns a handler with a test pool whose clock says testDay.
func puzzleHandler(tb testing.TB, cfg Config) *Handler {
	tb.Helper()
	cfg.Puzzles = testPool(tb)
	cfg.Now = func() time.Time { return testDay }
	return New(cfg)
}

// served returns the puzzle that a reply posts, found by its code and made
// again; the test fails when the reply has no code.
func served(tb testing.TB, text string) generate.Puzzle {
	tb.Helper()
	c, ok := generate.FindCode(text)
	if !ok {
		tb.Fatalf("no puzzle code in the reply:\n%s", text)
	}
	p, err := generate.Decode(context.Background(), c)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// board returns the grid of the first code block of text.
func board(tb testing.TB, text string) sudoku.Grid {
	tb.Helper()
	block := fenceRE.FindString(text)
	if block == "" {
		tb.Fatalf("no board in the reply:\n%s", text)
	}
	p, err := parser.Read(block)
	if err != nil {
		tb.Fatalf("the board does not read back: %v\n%s", err, text)
	}
	return p.Grid
}

// TestDailyContract pins what the daily channel's poster codes against:
// Handler.Daily is the reply !daily gives on that day, the day's puzzle of
// the UTC date at that level, and IsDailySolution recognises its solution
// and nothing else.
func TestDailyContract(t *testing.T) {
	ctx := context.Background()
	h := puzzleHandler(t, Config{})
	want, err := generate.Daily(ctx, testDay, generate.Hard)
	if err != nil {
		t.Fatal(err)
	}

	rep := h.Daily(ctx, testDay, generate.Hard)
	if rep.Outcome != outcomePuzzle || rep.UserError || rep.Size != 9 {
		t.Fatalf("Daily: outcome %q, user error %v, size %d:\n%s", rep.Outcome, rep.UserError, rep.Size, rep.Text)
	}
	checkReply(t, "Daily", rep)
	if got := served(t, rep.Text); got.Grid != want.Grid || got.Code != want.Code {
		t.Errorf("Daily posts %v, want the day's Hard puzzle %v", got.Code, want.Code)
	}
	if board(t, rep.Text) != want.Grid {
		t.Errorf("the board is not the day's puzzle:\n%s", rep.Text)
	}
	if !strings.Contains(rep.Text, "Friday 14 March 2025") || !strings.Contains(rep.Text, "**Hard**") {
		t.Errorf("the post does not name the day and the level:\n%s", rep.Text)
	}
	// The same reply as !daily and !daily hard on that day.
	for _, msg := range []string{"!daily", "!daily hard", "!DAILY Hard"} {
		if got := run(t, h, msg); got.Text != rep.Text || got.Outcome != rep.Outcome {
			t.Errorf("%s:\n%s\nwant Daily's reply:\n%s", msg, got.Text, rep.Text)
		}
	}
	// The UTC date counts: 01:00 on the 15th in UTC+10 is the 14th in UTC.
	east := time.Date(2025, 3, 15, 1, 0, 0, 0, time.FixedZone("UTC+10", 10*3600))
	if got := h.Daily(ctx, east, generate.Hard); got.Text != rep.Text {
		t.Errorf("Daily at %v differs from the post of its UTC date:\n%s", east, got.Text)
	}
	if got := h.Daily(ctx, testDay.AddDate(0, 0, 1), generate.Hard); served(t, got.Text).Grid == want.Grid {
		t.Error("the next day's puzzle is today's")
	}
	easy := h.Daily(ctx, testDay, generate.Easy)
	easyWant, _ := generate.Daily(ctx, testDay, generate.Easy)
	if p := served(t, easy.Text); p.Grid != easyWant.Grid || p.Level != generate.Easy || !strings.Contains(easy.Text, "**Easy**") {
		t.Errorf("Daily Easy posts %v (%v):\n%s", p.Code, p.Level, easy.Text)
	}
	if got := run(t, h, "!daily easy"); got.Text != easy.Text {
		t.Errorf("!daily easy differs from Daily(Easy)")
	}

	// IsDailySolution: the solution, and nothing else.
	if !h.IsDailySolution(ctx, testDay, generate.Hard, want.Solution) {
		t.Error("the day's solution is not recognised")
	}
	if !h.IsDailySolution(ctx, east, generate.Hard, want.Solution) {
		t.Error("the day's solution is not recognised at another hour of the same UTC date")
	}
	wrong := want.Solution
	wrong.Set(0, 0, wrong.Get(0, 0)%9+1)
	partial := want.Solution
	partial.Set(4, 4, 0)
	for name, g := range map[string]sudoku.Grid{
		"the puzzle":          want.Grid,
		"one digit changed":   wrong,
		"one cell empty":      partial,
		"Easy's solution":     easyWant.Solution,
		"no grid":             {},
		"another day's grid":  served(t, h.Daily(ctx, testDay.AddDate(0, 0, -1), generate.Hard).Text).Solution,
		"the solution, 4×4'd": solve(t, patternPuzzle(t, sudoku.Shape{BoxRows: 2, BoxCols: 2})),
	} {
		if h.IsDailySolution(ctx, testDay, generate.Hard, g) {
			t.Errorf("%s is taken for the day's solution", name)
		}
	}
	if h.IsDailySolution(ctx, testDay, generate.Easy, want.Solution) {
		t.Error("Hard's solution is taken for Easy's")
	}

	// Without a pool, Daily says puzzles are not available; the solution is
	// still recognised (the day's puzzle is made from the date).
	bare := New(Config{})
	if rep := bare.Daily(ctx, testDay, generate.Hard); rep.Outcome != outcomeUnavailable || !strings.Contains(rep.Text, "not available") {
		t.Errorf("Daily without a pool: %q\n%s", rep.Outcome, rep.Text)
	}
	if !bare.IsDailySolution(ctx, testDay, generate.Hard, want.Solution) {
		t.Error("without a pool, the day's solution is not recognised")
	}
}

// TestDailyOfAnotherDay: !daily takes a day (YYYY-MM-DD, UTC) before or
// after the level, up to today; the post names that day and is that day's
// puzzle, and a reply to it checks against it. A later day is not out yet
// (tomorrow's neither: a server's solvers are ranked by when they solve
// the day's puzzle); a malformed day is named with the form expected.
func TestDailyOfAnotherDay(t *testing.T) {
	h := puzzleHandler(t, Config{}) // its clock says Friday 14 March 2025
	ctx := context.Background()
	for _, tc := range []struct {
		msg   string
		day   time.Time
		level generate.Level
	}{
		{"!daily 2025-03-10", time.Date(2025, 3, 10, 0, 0, 0, 0, time.UTC), generate.Hard},
		{"!daily 2024-05-01 easy", time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), generate.Easy},
		{"!daily Medium 2024-05-01", time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC), generate.Medium},
		{"!daily 9x9 2000-01-01", time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC), generate.Hard},
		{"!daily 2025-03-14", testDay, generate.Hard},
	} {
		t.Run(tc.msg, func(t *testing.T) {
			rep := run(t, h, tc.msg)
			if rep.Outcome != outcomePuzzle {
				t.Fatalf("outcome %q:\n%s", rep.Outcome, rep.Text)
			}
			want, err := generate.Daily(ctx, tc.day, tc.level)
			if err != nil {
				t.Fatal(err)
			}
			p := served(t, rep.Text)
			if p.Grid != want.Grid || p.Level != tc.level {
				t.Errorf("posts %v (%v), want the day's %v %v", p.Code, p.Level, tc.level, want.Code)
			}
			if head := "**Daily puzzle for " + tc.day.Format("Monday 2 January 2006") + " (UTC)**"; !strings.HasPrefix(rep.Text, head) {
				t.Errorf("the post does not start with %q:\n%s", head, rep.Text)
			}
			// A reply to the post checks against that day's puzzle.
			done := replyTo(t, h, rep.Text, "!check "+line(want.Solution))
			if !strings.Contains(done.Text, "complete and correct") {
				t.Errorf("a reply to the post with the solution:\n%s", done.Text)
			}
		})
	}
	if a, b := run(t, h, "!daily 2025-03-14").Text, run(t, h, "!daily").Text; a != b {
		t.Errorf("!daily 2025-03-14 on that day differs from !daily:\n%s\n%s", a, b)
	}
	for _, tc := range []struct {
		msg  string
		want []string
	}{
		{"!daily 2025-03-15", []string{"Saturday 15 March 2025", "isn't out yet", "midnight UTC", "2025-03-14"}},
		{"!daily 2025-03-16", []string{"Sunday 16 March 2025", "isn't out yet"}},
		{"!daily 2099-01-01 easy", []string{"isn't out yet"}},
		{"!daily 2025-13-01", []string{`"2025-13-01"`, "YYYY-MM-DD", "2025-03-14"}},
		{"!daily 14/03/2025", []string{`"14/03/2025"`, "YYYY-MM-DD"}},
		{"!daily 2024-05-01 expert 4x4", []string{"9×9 only", "!new 4x4"}},
		{"!daily 0000-01-01", []string{"go back to 1 January 2000"}},
		{"!daily 2025-3-1", []string{`"2025-3-1"`, "YYYY-MM-DD"}},
		{"!daily 2025-03-10 2025-03-11", []string{"one day"}},
		{"!daily 2025-03-10 easy hard", []string{"one level"}},
		{"!daily foo", []string{`"foo"`, "easy, medium, hard, expert, extreme", "YYYY-MM-DD"}},
	} {
		t.Run(tc.msg, func(t *testing.T) {
			rep := run(t, h, tc.msg)
			if rep.Outcome != outcomeBadRequest || !rep.UserError {
				t.Errorf("outcome %q, user error %v, want bad_request", rep.Outcome, rep.UserError)
			}
			text := strings.ReplaceAll(rep.Text, `\`, "")
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("the reply does not say %q:\n%s", w, text)
				}
			}
		})
	}
}

// TestNewServesEveryLevelAndSize: !new with a level and a size, in either
// order, posts a puzzle of that size whose rating is of that level, as a
// board that reads back to the puzzle of its code, with the instructions;
// no words mean 9×9 Hard. 16×16 is left to the render tests and the pool's
// own: one takes seconds to make.
func TestNewServesEveryLevelAndSize(t *testing.T) {
	h := puzzleHandler(t, Config{})
	type tc struct {
		msg   string
		shape sudoku.Shape
		level generate.Level
	}
	tests := []tc{{"!new", sudoku.Classic, generate.Hard}, {"!new symmetric", sudoku.Classic, generate.Hard}}
	for _, s := range PuzzleSizes() {
		if s.Size() > 9 {
			continue
		}
		for _, l := range generate.Levels {
			if l > generate.TopLevel(s) {
				break
			}
			word := strings.ToLower(l.String())
			tests = append(tests, tc{"!new " + word + " " + sizeWord(s), s, l}, tc{"!new " + strings.ToUpper(sizeWord(s)) + " " + word, s, l})
		}
	}
	for _, tt := range tests {
		t.Run(tt.msg, func(t *testing.T) {
			rep := run(t, h, tt.msg)
			if rep.Outcome != outcomePuzzle || rep.UserError || rep.Size != tt.shape.Size() {
				t.Fatalf("outcome %q, user error %v, size %d:\n%s", rep.Outcome, rep.UserError, rep.Size, rep.Text)
			}
			p := served(t, rep.Text)
			if p.Grid.Shape() != tt.shape || p.Level != tt.level {
				t.Errorf("served a %v %v puzzle (%v), want %v %v", p.Grid.Shape(), p.Level, p.Code, tt.shape, tt.level)
			}
			if p.Code.Symmetric != strings.Contains(tt.msg, "symmetric") {
				t.Errorf("symmetric %v for %q", p.Code.Symmetric, tt.msg)
			}
			if board(t, rep.Text) != p.Grid {
				t.Errorf("the board is not the puzzle of code %v:\n%s", p.Code, rep.Text)
			}
			for _, want := range []string{"**" + tt.level.String() + "**", p.Code.String(), "`!check`", "`!hint`", "!new " + p.Code.String(), p.Rating.String()} {
				if !strings.Contains(rep.Text, want) {
					t.Errorf("the post does not say %q:\n%s", want, rep.Text)
				}
			}
		})
	}
}

// TestNewFromCode: !new with a code gives that puzzle back, with or without
// the '#', and a served puzzle's code gives the puzzle served.
func TestNewFromCode(t *testing.T) {
	h := puzzleHandler(t, Config{})
	first := run(t, h, "!new expert")
	p := served(t, first.Text)
	code := p.Code.String()
	for _, msg := range []string{"!new " + code, "!new " + strings.ToUpper(code[1:]), "!new " + code + " img"} {
		rep := run(t, h, msg)
		if rep.Outcome != outcomePuzzle || board(t, rep.Text) != p.Grid || !strings.Contains(rep.Text, code) {
			t.Errorf("%s: outcome %q, not puzzle %s:\n%s", msg, rep.Outcome, code, rep.Text)
		}
	}
	// A code this bot never served is made from the code alone.
	fresh := puzzleHandler(t, Config{})
	if rep := run(t, fresh, "!new "+code); board(t, rep.Text) != p.Grid {
		t.Errorf("a fresh handler makes another puzzle of %s:\n%s", code, rep.Text)
	}
}

// TestNewRefusals: what !new cannot make or read gets a reply that names
// the problem and what there is instead, shown only to the person.
func TestNewRefusals(t *testing.T) {
	h := puzzleHandler(t, Config{})
	tests := []struct {
		msg  string
		want []string
	}{
		{"!new hard 4x4", []string{"no 4×4 Hard puzzles", "4×4 puzzles come in Easy only", "6×6 in Easy to Medium", "9×9 in every level", "16×16 in Easy to Hard"}},
		{"!new 6x6 expert", []string{"no 6×6 Expert puzzles", "6×6 in Easy to Medium"}},
		{"!new extreme 16x16", []string{"no 16×16 Extreme puzzles"}},
		{"!new 25x25", []string{"no 25×25 puzzles"}},
		{"!new hard 25x25", []string{"no 25×25 Hard puzzles"}},
		{"!new super", []string{`"super"`, "easy, medium, hard, expert, extreme", "4x4, 6x6, 8x8, 9x9, 12x12, 16x16"}},
		{"!new 7x7", []string{`"7x7"`}},
		{"!new easy hard", []string{"one level and one size"}},
		{"!new 9x9 4x4", []string{"one level and one size"}},
		{"!new #9H-zz", []string{"can't read the puzzle code", "characters after"}},
		{"!new #9Q-3f2a1c9x", []string{"can't read the puzzle code", "level letter"}},
		{"!new #9H-3f2a1c9x hard", []string{"A code comes alone"}},
		{"!new #25E-00000000", []string{"don't make 25x25 puzzles"}},
	}
	for _, tt := range tests {
		t.Run(tt.msg, func(t *testing.T) {
			rep := run(t, h, tt.msg)
			if rep.Outcome != outcomeBadRequest || !rep.UserError {
				t.Errorf("outcome %q, user error %v, want bad_request shown to the user only", rep.Outcome, rep.UserError)
			}
			text := strings.ReplaceAll(rep.Text, `\`, "") // the person sees the text unescaped
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("the reply does not say %q:\n%s", w, rep.Text)
				}
			}
		})
	}
	for _, msg := range []string{"!daily foo", "!daily easy hard"} {
		if rep := run(t, h, msg); rep.Outcome != outcomeBadRequest || !rep.UserError {
			t.Errorf("%s: outcome %q:\n%s", msg, rep.Outcome, rep.Text)
		}
	}
	// Without a pool, !new and !daily say there are no puzzles here.
	bare := New(Config{})
	for _, msg := range []string{"!new", "!new easy", "!new #9H-3f2a1c9x", "!daily"} {
		if rep := run(t, bare, msg); rep.Outcome != outcomeUnavailable || !strings.Contains(rep.Text, "not available") {
			t.Errorf("%s without a pool: outcome %q:\n%s", msg, rep.Outcome, rep.Text)
		}
	}
}

// TestPuzzleDeadline: a puzzle that cannot be made within the deadline
// gets a notice that says so and names it, not an error.
func TestPuzzleDeadline(t *testing.T) {
	h := puzzleHandler(t, Config{PuzzleTimeout: time.Microsecond})
	rep := run(t, h, "!new 16x16 medium")
	if rep.Outcome != "timeout" || !strings.Contains(rep.Text, "16×16 Medium") || !strings.Contains(rep.Text, "1µs") {
		t.Errorf("outcome %q:\n%s", rep.Outcome, rep.Text)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req, _ := h.Match("!new 12x12 easy", "")
	if rep := h.Handle(ctx, req); rep.Outcome != "cancelled" {
		t.Errorf("cancelled: outcome %q:\n%s", rep.Outcome, rep.Text)
	}
}

// replyTo sends msg as a reply to a message whose text is ref.
func replyTo(tb testing.TB, h *Handler, ref, msg string) Reply {
	tb.Helper()
	req, ok := h.Match(msg, botID)
	if !ok {
		tb.Fatalf("%q not matched", msg)
	}
	req.Reference = ref
	rep := h.Handle(context.Background(), req)
	checkReply(tb, msg, rep)
	return rep
}

// line writes g on one line, '.' for empty.
func line(g sudoku.Grid) string {
	var b strings.Builder
	for i := 0; i < g.Shape().Cells(); i++ {
		v := g.At(i)
		switch {
		case v == 0:
			b.WriteByte('.')
		case v <= 9:
			b.WriteByte(byte('0' + v))
		default:
			b.WriteByte(byte('A' + v - 10))
		}
	}
	return b.String()
}

// played returns p's grid with the first k empty cells filled with the
// solution's digits.
func played(p generate.Puzzle, k int) sudoku.Grid {
	g := p.Grid
	n := g.Size()
	for i := 0; i < n*n && k > 0; i++ {
		if g.At(i) == 0 {
			g.Set(i/n, i%n, p.Solution.At(i))
			k--
		}
	}
	return g
}

// wrongButClean returns g with one empty cell filled with a digit that is
// not the solution's and clashes with nothing.
func wrongButClean(tb testing.TB, p generate.Puzzle, g sudoku.Grid) sudoku.Grid {
	tb.Helper()
	n := g.Size()
	for i := n*n - 1; i >= 0; i-- {
		if g.At(i) != 0 {
			continue
		}
		for d := 1; d <= n; d++ {
			w := g
			w.Set(i/n, i%n, d)
			if d != p.Solution.At(i) && sudoku.Validate(w) == nil {
				return w
			}
		}
	}
	tb.Fatal("no wrong digit fits")
	return g
}

// TestCheckAgainstTheReferencedPuzzle: a check that replies to a puzzle's
// post checks the grid against that puzzle: givens kept (a changed one is
// named), clashes, wrong digits counted but not located, pencil marks that
// leave out the right digit, progress, completion; a grid of another size
// is refused. The reference works from the code alone: another handler,
// which never served the puzzle, answers the same.
func TestCheckAgainstTheReferencedPuzzle(t *testing.T) {
	h := puzzleHandler(t, Config{})
	post := run(t, h, "!new medium").Text
	p := served(t, post)
	n := 9
	firstEmpty, firstGiven := -1, -1
	for i := 0; i < n*n; i++ {
		if p.Grid.At(i) == 0 && firstEmpty < 0 {
			firstEmpty = i
		}
		if p.Grid.At(i) != 0 && firstGiven < 0 {
			firstGiven = i
		}
	}
	half := played(p, 20)
	wrong := wrongButClean(t, p, half)
	twoWrong := wrongButClean(t, p, wrong)
	changed := half
	changed.Set(firstGiven/n, firstGiven%n, 0)
	clash := half
	clash.Set(firstEmpty/n, firstEmpty%n, 0)
	for d := 1; d <= n; d++ { // a digit its row already holds
		if row := firstEmpty / n; d != p.Solution.At(firstEmpty) {
			for c := 0; c < n; c++ {
				if half.Get(row, c) == d {
					clash.Set(row, firstEmpty%n, d)
				}
			}
		}
		if clash.At(firstEmpty) != 0 {
			break
		}
	}
	// Pencil marks: the first empty cell of half without its digit.
	var marks strings.Builder
	for i := 0; i < n*n; i++ {
		switch {
		case half.At(i) != 0:
			marks.WriteString(string(rune('0' + half.At(i))))
		case i == lastEmpty(half):
			for d := 1; d <= n; d++ {
				if d != p.Solution.At(i) {
					marks.WriteString(string(rune('0' + d)))
				}
			}
		default:
			marks.WriteString("123456789")
		}
		marks.WriteByte(' ')
	}
	small := patternPuzzle(t, sudoku.Shape{BoxRows: 2, BoxCols: 2})

	tests := []struct {
		name, grid, outcome string
		want                []string
	}{
		{"as given", line(p.Grid), outcomeOnTrack, []string{"no digit of yours yet", p.Code.String()}},
		{"on track", line(half), outcomeOnTrack, []string{"all 20 of your digits are right", p.Code.String()}},
		{"complete", line(p.Solution), "complete", []string{"complete and correct", p.Code.String(), "Medium"}},
		{"one wrong", line(wrong), outcomeWrong, []string{"one of your digits is not the solution's", "Find it"}},
		{"two wrong", line(twoWrong), outcomeWrong, []string{"2 of your digits are not the solution's"}},
		{"given removed", line(changed), outcomeGivens, []string{"does not keep a given", cellName(firstGiven, n) + ": the given " + string(rune('0'+p.Grid.At(firstGiven))) + " is missing"}},
		{"clash", line(clash), "invalid", []string{"clash"}},
		{"marks leave out the digit", marks.String(), outcomeWrongMarks, []string{"pencil marks leave out the digit that goes there in one cell"}},
		{"other size", line(small), outcomeOtherShape, []string{"4×4", "9×9", p.Code.String()}},
	}
	other := puzzleHandler(t, Config{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rep := replyTo(t, h, post, "!check "+tt.grid)
			if rep.Outcome != tt.outcome {
				t.Fatalf("outcome %q, want %q:\n%s", rep.Outcome, tt.outcome, rep.Text)
			}
			text := strings.ReplaceAll(rep.Text, `\`, "")
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("the reply does not say %q:\n%s", w, rep.Text)
				}
			}
			if tt.outcome == outcomeWrong && cellRE.MatchString(outside(t, rep.Text)) {
				t.Errorf("the reply names a cell, telling where the wrong digit is:\n%s", rep.Text)
			}
			if again := replyTo(t, other, post, "!check "+tt.grid); again.Text != rep.Text {
				t.Errorf("from the code alone:\n%s\nwant:\n%s", again.Text, rep.Text)
			}
		})
	}
	// Without the reply, the same grids get the plain check.
	if rep := run(t, h, "!check "+line(wrong)); rep.Outcome != "none" {
		t.Errorf("a plain check of a wrong grid: %q", rep.Outcome)
	}
}

func lastEmpty(g sudoku.Grid) int {
	for i := g.Shape().Cells() - 1; i >= 0; i-- {
		if g.At(i) == 0 {
			return i
		}
	}
	return -1
}

func cellName(i, n int) string { return sudoku.Cell{Row: i / n, Col: i % n}.String() }

// TestHintAndSolveOnTheReferencedPuzzle: a hint without a grid that replies
// to a puzzle's post is the puzzle's first hint; with a grid, the grid is
// checked against the puzzle first, then hinted as it is; solve, rate and
// explain without a grid are of the puzzle; a check without a grid asks
// for one; with their own grid, solve, rate and explain ignore the reply.
func TestHintAndSolveOnTheReferencedPuzzle(t *testing.T) {
	h := puzzleHandler(t, Config{Spoiler: true})
	post := run(t, h, "!new hard").Text
	p := served(t, post)
	same := func(name string, got, want Reply) {
		t.Helper()
		if got.Text != want.Text || got.Outcome != want.Outcome {
			t.Errorf("%s:\n%s\nwant:\n%s", name, got.Text, want.Text)
		}
	}
	// Replies about the puzzle name its code, so that a reply to them
	// finds the puzzle too.
	named := func(r Reply) Reply {
		r.Text += "\nPuzzle `" + p.Code.String() + "`."
		return r
	}
	hint := replyTo(t, h, post, "!hint")
	same("hint", hint, named(run(t, h, "!hint "+line(p.Grid))))
	same("solve", replyTo(t, h, post, "!solve"), named(run(t, h, "!solve "+line(p.Grid))))
	same("rate", replyTo(t, h, post, "!rate"), named(run(t, h, "!rate "+line(p.Grid))))
	same("explain", replyTo(t, h, post, "!explain"), named(run(t, h, "!explain "+line(p.Grid))))
	half := played(p, 30)
	same("hint on a right grid", replyTo(t, h, post, "!hint "+line(half)), named(run(t, h, "!hint "+line(half))))
	same("hint replying to a hint", replyTo(t, h, hint.Text, "!hint "+line(half)), named(run(t, h, "!hint "+line(half))))
	if rep := replyTo(t, h, hint.Text, "!check "+line(half)); !strings.Contains(rep.Text, p.Code.String()) || rep.Outcome != outcomeOnTrack {
		t.Errorf("check replying to a hint on the puzzle: %q\n%s", rep.Outcome, rep.Text)
	}
	// A code given with the command (a slash command's code:) works as a
	// reply to the post does, with or without its #; a bad one is said.
	for _, code := range []string{p.Code.String(), strings.TrimPrefix(p.Code.String(), "#")} {
		req, _ := h.Match("!check "+line(half), botID)
		req.Code = code
		if rep := h.Handle(context.Background(), req); rep.Text != replyTo(t, h, post, "!check "+line(half)).Text {
			t.Errorf("check with code %s:\n%s", code, rep.Text)
		}
	}
	req, _ := h.Match("!hint "+line(half), botID)
	req.Code = "#9Q-3f2a1c9x"
	if rep := h.Handle(context.Background(), req); rep.Outcome != outcomeBadRequest || !strings.Contains(rep.Text, "can't read the puzzle code") {
		t.Errorf("hint with a bad code: %q\n%s", rep.Outcome, rep.Text)
	}
	other := generate.Puzzle{Grid: patternPuzzle(t, sudoku.Classic)}
	same("solve with a grid of its own", replyTo(t, h, post, "!solve "+line(other.Grid)), run(t, h, "!solve "+line(other.Grid)))

	if rep := replyTo(t, h, post, "!hint "+line(wrongButClean(t, p, half))); rep.Outcome != outcomeWrong ||
		!strings.Contains(rep.Text, "can't give a hint") {
		t.Errorf("hint on a wrong grid: %q\n%s", rep.Outcome, rep.Text)
	}
	if rep := replyTo(t, h, post, "!check"); rep.Outcome != "no_grid" || !rep.UserError || !strings.Contains(rep.Text, p.Code.String()) {
		t.Errorf("check without a grid: %q\n%s", rep.Outcome, rep.Text)
	}
	// The solution shows only on solve, in spoiler bars here.
	solved := replyTo(t, h, post, "!solve")
	if !strings.Contains(solved.Text, "||```") {
		t.Errorf("the solution is not in spoiler bars:\n%s", solved.Text)
	}

	// A reply to a message without a code: a command with a grid goes on as
	// if it were no reply; one without says why it has nothing to work on.
	for _, msg := range []string{"!hint", "!check", "!solve"} {
		rep := replyTo(t, h, "nice weather today", msg)
		if rep.Outcome != outcomeNoPuzzle || !rep.UserError || !strings.Contains(rep.Text, "no puzzle code") {
			t.Errorf("%s replying to a message without a code: %q\n%s", msg, rep.Outcome, rep.Text)
		}
	}
	same("check replying to a message without a code", replyTo(t, h, "hello", "!check "+line(half)), run(t, h, "!check "+line(half)))
	req, _ = h.Match("!hint", botID)
	req.ReferenceUnread = true
	if rep := h.Handle(context.Background(), req); rep.Outcome != outcomeLostRef || !strings.Contains(rep.Text, "couldn't read the message you replied to") {
		t.Errorf("hint replying to a message not read: %q\n%s", rep.Outcome, rep.Text)
	}
	// Help, new and daily do not look at what they reply to.
	if rep := replyTo(t, h, post, "!daily"); rep.Outcome != outcomePuzzle || served(t, rep.Text).Code == p.Code {
		t.Errorf("daily replying to a post: %q\n%s", rep.Outcome, rep.Text)
	}
}

// TestUsesReference: what a transport fetches the message replied to for.
func TestUsesReference(t *testing.T) {
	h := New(Config{})
	for msg, want := range map[string]bool{
		"!check": true, "!check " + lc37Puzzle: true, "!hint": true, "!hint img": true, "!hint " + lc37Puzzle: true,
		"!solve": true, "!solve img": true, "!rate": true, "!explain": true,
		"!solve " + lc37Puzzle: false, "!rate " + lc37Puzzle: false, "!explain " + lc37Puzzle: false,
		"!new": false, "!daily": false, "!help": false,
	} {
		req, _ := h.Match(msg, botID)
		if got := req.UsesReference(); got != want {
			t.Errorf("%q: UsesReference() = %v, want %v", msg, got, want)
		}
	}
}

// inlineRE matches an inline code span.
var inlineRE = regexp.MustCompile("`([^`\n]+)`")

// shown returns the grids a reply shows without opening a spoiler: its
// code blocks, and inline code that reads as a whole grid of side n.
func shown(tb testing.TB, text string, n int) []sudoku.Grid {
	tb.Helper()
	out := outside(tb, text)
	var gs []sudoku.Grid
	for _, block := range fenceRE.FindAllString(out, -1) {
		p, err := parser.Read(block)
		if err != nil {
			tb.Fatalf("a code block that is no grid (%v):\n%s", err, text)
		}
		gs = append(gs, p.Grid)
	}
	for _, m := range inlineRE.FindAllStringSubmatch(fenceRE.ReplaceAllString(out, ""), -1) {
		if len([]rune(m[1])) == n*n {
			gs = append(gs, testgrids.Decode(tb, m[1]))
		}
	}
	return gs
}

// checkNothingBeyond fails the test when rep shows, outside spoiler bars, a
// digit in a cell where allowed (the givens, or the grid the person sent)
// has none or another; or writes the solution on one line; or attaches a
// picture other than the board allowed (drawn by the handler itself), or a
// hint's, outside a spoiler.
func checkNothingBeyond(tb testing.TB, h *Handler, what string, rep Reply, allowed, solution sudoku.Grid) {
	tb.Helper()
	n := allowed.Size()
	for _, g := range shown(tb, rep.Text, n) {
		if g.Shape() != allowed.Shape() {
			tb.Fatalf("%s: shows a %v grid", what, g.Shape())
		}
		for i := 0; i < n*n; i++ {
			if d := g.At(i); d != 0 && d != allowed.At(i) {
				tb.Fatalf("%s: shows %d in %s, where neither the puzzle nor the person put it (the solution has %d):\n%s",
					what, d, cellName(i, n), solution.At(i), rep.Text)
			}
		}
	}
	if strings.Contains(outside(tb, rep.Text), line(solution)) {
		tb.Fatalf("%s: the solution on one line:\n%s", what, rep.Text)
	}
	for _, f := range rep.Files {
		switch {
		case strings.HasPrefix(f.Name, "SPOILER_"):
		case f.Name == "hint.png": // the hint's first level: the grid sent and the pattern (TestHintPictures)
		case f.Name == "puzzle.png" || f.Name == "grid.png":
			b := picture.Board{Grid: allowed}
			if f.Name == "grid.png" {
				b = picture.Board{Grid: allowed, Conflicts: sudoku.Validate(allowed)}
			}
			own, err := h.draw(drawing{f.Name, b}, "")
			if err != nil {
				tb.Fatal(err)
			}
			if f.Name == "puzzle.png" && !bytes.Equal(own.Data, f.Data) {
				tb.Fatalf("%s: puzzle.png is not the picture of the givens", what)
			}
		default:
			tb.Fatalf("%s: attaches %s outside a spoiler", what, f.Name)
		}
	}
}

// TestServedSolutionNeverShown: the solution of a served puzzle shows in
// no reply but a solve's: not in the post of !new or !daily (every level,
// pictures or not), not in a check or a hint replying to it, whatever the
// grid (right, wrong, changed givens), beyond the givens and the person's
// own digits, outside spoiler bars.
func TestServedSolutionNeverShown(t *testing.T) {
	for _, mode := range []PictureMode{PicturesNever, PicturesAlways} {
		h := puzzleHandler(t, Config{Pictures: mode})
		var posts []string
		for _, l := range generate.Levels {
			word := strings.ToLower(l.String())
			posts = append(posts, run(t, h, "!new "+word).Text, run(t, h, "!daily "+word).Text)
		}
		posts = append(posts, run(t, h, "!new easy 4x4").Text, run(t, h, "!new medium 6x6").Text, run(t, h, "!new hard 8x8").Text)
		for _, post := range posts {
			p := served(t, post)
			what := fmt.Sprintf("%v %v", mode, p.Code)
			checkNothingBeyond(t, h, what+" post", Reply{Text: post}, p.Grid, p.Solution)
			for _, msg := range []string{"!new " + p.Code.String(), "!new " + p.Code.String() + " img"} {
				checkNothingBeyond(t, h, what+" "+msg, run(t, h, msg), p.Grid, p.Solution)
			}
			hint := replyTo(t, h, post, "!hint")
			checkNothingBeyond(t, h, what+" hint", hint, p.Grid, p.Solution)
			lg, _ := logic.New(p.Grid)
			step, err := logic.Next(context.Background(), lg)
			if err != nil {
				t.Fatal(err)
			}
			checkNoSpoiler(t, p.Grid, p.Solution, step, hint.Text)

			half := played(p, p.Grid.Size()*p.Grid.Size()/4)
			changed := half
			for i := 0; ; i++ {
				if changed.At(i) != 0 && p.Grid.At(i) != 0 {
					changed.Set(i/changed.Size(), i%changed.Size(), 0)
					break
				}
			}
			for name, g := range map[string]sudoku.Grid{
				"as given": p.Grid, "half": half, "wrong": wrongButClean(t, p, half), "changed": changed,
			} {
				for _, msg := range []string{"!check " + line(g), "!hint " + line(g), "!check " + line(g) + " img"} {
					checkNothingBeyond(t, h, what+" "+name+" "+msg[:6], replyTo(t, h, post, msg), g, p.Solution)
				}
			}
		}
	}
}
