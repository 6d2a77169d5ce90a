package command

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
)

// DefaultPuzzleTimeout is the deadline of making one puzzle to play (a cold
// pool's 16×16 puzzle takes seconds) or making one again from its code.
const DefaultPuzzleTimeout = 20 * time.Second

// PuzzleSizes returns the shapes of the puzzles !new makes (those the
// generator makes at some level), from the smallest.
func PuzzleSizes() []sudoku.Shape {
	var out []sudoku.Shape
	for n := 1; n <= 25; n++ {
		if s, ok := sudoku.ShapeForSize(n); ok && generate.TopLevel(s) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// Choice is one choice of a command's option as a transport offers it: a
// name for people, and the value the command reads.
type Choice struct {
	Name, Value string
}

// LevelChoices are the puzzle levels, easiest first: "Hard (SE 3.0–3.9)",
// value "hard" (the hardest's range open: "Extreme (SE 6.0 and up)").
func LevelChoices() []Choice {
	var cs []Choice
	for i, l := range generate.Levels {
		lo, hi := l.Range()
		name := fmt.Sprintf("%v (SE %v–%v)", l, lo, hi)
		if i == len(generate.Levels)-1 {
			name = fmt.Sprintf("%v (SE %v and up)", l, lo)
		}
		cs = append(cs, Choice{Name: name, Value: strings.ToLower(l.String())})
	}
	return cs
}

// SizeChoices are the sizes of [PuzzleSizes], with the hardest level each
// has: "9×9 (up to Extreme)", value "9x9".
func SizeChoices() []Choice {
	var cs []Choice
	for _, s := range PuzzleSizes() {
		n := s.Size()
		cs = append(cs, Choice{Name: fmt.Sprintf("%d×%d (up to %v)", n, n, generate.TopLevel(s)), Value: fmt.Sprintf("%dx%d", n, n)})
	}
	return cs
}

// shapeWords writes a shape for people: "9×9", with its boxes where a
// size has two shapes ("6×6 with boxes of 3 rows and 2 columns").
func shapeWords(s sudoku.Shape) string {
	w := fmt.Sprintf("%d×%d", s.Size(), s.Size())
	if def, _ := sudoku.ShapeForSize(s.Size()); def != s {
		w += fmt.Sprintf(" with boxes of %d rows and %d columns", s.BoxRows, s.BoxCols)
	}
	return w
}

// sizeWord writes a shape as people type it: "9x9".
func sizeWord(s sudoku.Shape) string { return fmt.Sprintf("%dx%d", s.Size(), s.Size()) }

// Outcomes of the puzzle commands, for logs.
const (
	outcomePuzzle      = "puzzle"      // a puzzle to play was posted
	outcomeBadRequest  = "bad_request" // words or a code !new or !daily cannot read
	outcomeUnavailable = "unavailable" // no pool: the bot serves no puzzles
	outcomeOnTrack     = "on_track"    // a grid played from a puzzle, right so far
	outcomeWrong       = "wrong"       // ... with digits that are not the solution's
	outcomeWrongMarks  = "wrong_marks" // ... with pencil marks that leave out the solution's digit
	outcomeGivens      = "givens_changed"
	outcomeOtherShape  = "other_shape" // a grid of another shape than the puzzle replied to
	outcomeNoPuzzle    = "no_puzzle"   // a reply to a message without a puzzle code, no grid
	outcomeLostRef     = "reference_unread"
)

// msgNoPuzzles is the reply to !new and !daily on a bot without a pool.
const msgNoPuzzles = "Puzzles to play are not available on this bot."

// UsesReference reports whether the request can use the message it replies
// to ([Request.Reference]): check and hint always (a grid is checked against
// the puzzle replied to, or the puzzle's first hint is given); solve, rate
// and explain when they come without a grid. A transport fetches the
// message replied to only for these.
func (r Request) UsesReference() bool {
	switch r.Kind {
	case Check, Hint:
		return true
	case Solve, Rate, Explain:
		return strings.TrimSpace(cutPictureWord(r).Args) == ""
	}
	return false
}

// newPuzzle answers !new: a puzzle of the kind the words ask for (in any
// order: a level, a size, "symmetric"; 9×9 Hard by default), or the puzzle
// of a code.
func (h *Handler) newPuzzle(ctx context.Context, req Request) Reply {
	if h.cfg.Puzzles == nil {
		return Reply{Text: render.Notice(msgNoPuzzles), Outcome: outcomeUnavailable, UserError: true}
	}
	words := strings.Fields(req.Args)
	if len(words) == 1 {
		if c, ok, rep := h.readCode(words[0]); ok {
			start := time.Now()
			p, err := h.decode(ctx, c)
			if err != nil {
				return h.codeFailed(err, c)
			}
			rep := h.post(req, p, time.Time{})
			rep.SolveTime = time.Since(start)
			return rep
		} else if rep != nil {
			return *rep
		}
	}
	for _, w := range words {
		if strings.HasPrefix(w, "#") {
			return h.badRequest(fmt.Sprintf("A code comes alone: %snew %s gives that puzzle back, without other words.", h.cfg.Prefix, truncate(w, 30)))
		}
	}
	k, err := generate.ParseKind(words...)
	if err != nil {
		return h.kindError(words, err)
	}
	ctx, cancel := context.WithTimeout(ctx, h.cfg.PuzzleTimeout)
	defer cancel()
	start := time.Now()
	p, err := h.cfg.Puzzles.Get(ctx, k)
	if err != nil {
		return h.puzzleError(err, k.Shape, k.String())
	}
	h.served.add(p)
	rep := h.post(req, p, time.Time{})
	rep.SolveTime = time.Since(start)
	return rep
}

// readCode reads word as a puzzle code: a word that starts with '#', or one
// that reads as a code without it (9H-abb63100). A word that starts with
// '#' and is no code gets an error reply; any other word that is no code
// reports false and no reply.
func (h *Handler) readCode(word string) (generate.Code, bool, *Reply) {
	c, err := generate.ParseCode(word)
	switch {
	case err == nil:
		return c, true, nil
	case strings.HasPrefix(word, "#"):
		rep := h.badRequest(problemSentence(err, Request{}))
		return c, false, &rep
	}
	return c, false, nil
}

// badRequest is the reply to words !new or !daily cannot read.
func (h *Handler) badRequest(msg string) Reply {
	return Reply{Text: render.Error(msg), Outcome: outcomeBadRequest, UserError: true}
}

// kindError explains why the words of a !new make no puzzle: a word that is
// neither a level nor a size, two of either, or a level the size does not
// reach.
func (h *Handler) kindError(words []string, err error) Reply {
	if errors.Is(err, generate.ErrKind) {
		shape := sudoku.Classic
		for _, w := range words {
			if s, ok := sizeOf(w); ok {
				shape = s
			}
		}
		return h.badRequest(fmt.Sprintf("There are no %s puzzles here: %s", kindWords(words, shape), sizesAndLevels()))
	}
	for _, w := range words {
		if _, e := generate.ParseKind(w); e != nil && !errors.Is(e, generate.ErrKind) {
			return h.badRequest(fmt.Sprintf("I don't know %q: ask for a level (%s) and a size (%s), in any order, "+
				"such as %snew easy 6x6; or give a puzzle's code, such as %snew #9H-abb63100.",
				truncate(w, 20), levelWords(), sizeWords(), h.cfg.Prefix, h.cfg.Prefix))
		}
	}
	return h.badRequest(fmt.Sprintf("Ask for one level and one size at most, such as %snew expert 9x9.", h.cfg.Prefix))
}

// sizeOf reads a size word such as 9x9, 9×9 or 9, of any shape.
func sizeOf(w string) (sudoku.Shape, bool) {
	a, b, found := strings.Cut(strings.ReplaceAll(strings.ToLower(w), "×", "x"), "x")
	if found && a != b {
		return sudoku.Shape{}, false
	}
	n := 0
	for _, r := range a {
		if r < '0' || r > '9' || n > 100 {
			return sudoku.Shape{}, false
		}
		n = n*10 + int(r-'0')
	}
	return sudoku.ShapeForSize(n)
}

// kindWords writes what was asked for: "4×4 Hard".
func kindWords(words []string, s sudoku.Shape) string {
	for _, w := range words {
		if l, err := generate.ParseLevel(w); err == nil {
			return fmt.Sprintf("%d×%d %v", s.Size(), s.Size(), l)
		}
	}
	if generate.TopLevel(s) == 0 { // no level asked for, and none at this size
		return fmt.Sprintf("%d×%d", s.Size(), s.Size())
	}
	return fmt.Sprintf("%d×%d %v", s.Size(), s.Size(), generate.Hard)
}

// sizesAndLevels says which levels each size comes in: "4×4 puzzles come
// in Easy; 6×6 in Easy and Medium; …".
func sizesAndLevels() string {
	var parts []string
	for i, s := range PuzzleSizes() {
		top := generate.TopLevel(s)
		var levels string
		switch {
		case top == generate.Easy:
			levels = "Easy only"
		case top == generate.Levels[len(generate.Levels)-1]:
			levels = "every level"
		default:
			levels = "Easy to " + top.String()
		}
		if i == 0 {
			parts = append(parts, fmt.Sprintf("%d×%d puzzles come in %s", s.Size(), s.Size(), levels))
		} else {
			parts = append(parts, fmt.Sprintf("%d×%d in %s", s.Size(), s.Size(), levels))
		}
	}
	return strings.Join(parts, "; ") + "."
}

func levelWords() string {
	w := make([]string, len(generate.Levels))
	for i, l := range generate.Levels {
		w[i] = strings.ToLower(l.String())
	}
	return strings.Join(w, ", ")
}

func sizeWords() string {
	var w []string
	for _, s := range PuzzleSizes() {
		w = append(w, sizeWord(s))
	}
	return strings.Join(w, ", ")
}

// puzzleError is the reply when a puzzle of shape s (what names the
// request: a kind or a code) could not be made.
func (h *Handler) puzzleError(err error, s sudoku.Shape, what string) Reply {
	n := s.Size()
	switch {
	case errors.Is(err, generate.ErrKind):
		return h.badRequest(fmt.Sprintf("I don't make %s puzzles, so there is no puzzle %s: %s", sizeWord(s), what, sizesAndLevels()))
	case errors.Is(err, context.DeadlineExceeded):
		return Reply{Text: render.Notice(fmt.Sprintf("Making the %s puzzle took longer than %v, so I stopped. "+
			"I keep such puzzles ready once asked for: try again in a minute.", what, h.cfg.PuzzleTimeout)), Outcome: "timeout", Size: n}
	case errors.Is(err, context.Canceled):
		return Reply{Text: render.Notice("Making the puzzle was stopped before it finished (the bot may be restarting). Please try again."),
			Outcome: "cancelled", Size: n}
	}
	return Reply{Text: render.Notice("Something went wrong while making the puzzle. Please try again."), Outcome: "error", Size: n, Err: err}
}

// decode makes the puzzle of a code again, or finds it among those served
// lately, within the bounds on codes (see [codeGuard]).
func (h *Handler) decode(ctx context.Context, c generate.Code) (generate.Puzzle, error) {
	if p, ok := h.served.get(c); ok {
		return p, nil
	}
	p, err := h.rebuild(ctx, c)
	if err != nil {
		return generate.Puzzle{}, err
	}
	h.served.add(p)
	return p, nil
}

// dailyDaysAhead is how many days after today (UTC) !daily serves: none.
// A server's daily solvers are ranked by when they solve the UTC day's
// puzzle (package bot), so a day served early would be solved early.
const dailyDaysAhead = 0

// firstDaily is the earliest day whose puzzle !daily gives: any date would
// make one, but a day centuries ago is a typo.
var firstDaily = time.Date(2000, time.January, 1, 0, 0, 0, 0, time.UTC)

// daily answers !daily: the day's puzzle, Hard unless a level is named,
// of today (UTC) unless a day is named (YYYY-MM-DD, up to today), level and
// day in either order.
func (h *Handler) daily(ctx context.Context, req Request) Reply {
	level, haveLevel := generate.Hard, false
	now := h.cfg.Now()
	today := dateOf(now)
	day, haveDay := now, false
	for _, w := range strings.Fields(req.Args) {
		if l, err := generate.ParseLevel(w); err == nil {
			if haveLevel {
				return h.badRequest(fmt.Sprintf("Name one level at most, such as %sdaily expert: the day's puzzle is 9×9.", h.cfg.Prefix))
			}
			level, haveLevel = l, true
			continue
		}
		if sh, ok := sizeOf(w); ok {
			if sh != sudoku.Classic {
				return h.badRequest(fmt.Sprintf("The day's puzzle is 9×9 only; for a %d×%d puzzle, ask %snew %s.",
					sh.Size(), sh.Size(), h.cfg.Prefix, sizeWord(sh)))
			}
			continue
		}
		if !strings.ContainsAny(w, "0123456789") {
			return h.badRequest(fmt.Sprintf("I don't know %q: the day's puzzle comes in %s, such as %sdaily easy, "+
				"and a past day's is there too: name the day as YYYY-MM-DD (UTC), such as %sdaily %s easy.",
				truncate(w, 20), levelWords(), h.cfg.Prefix, h.cfg.Prefix, today.AddDate(0, 0, -1).Format(time.DateOnly)))
		}
		d, err := time.Parse(time.DateOnly, w)
		if err != nil {
			return h.badRequest(fmt.Sprintf("I can't read the day %q: write it as YYYY-MM-DD (year, month, day; UTC), such as %sdaily %s.",
				truncate(w, 20), h.cfg.Prefix, today.Format(time.DateOnly)))
		}
		if haveDay {
			return h.badRequest(fmt.Sprintf("Name one day at most, such as %sdaily %s hard.", h.cfg.Prefix, today.Format(time.DateOnly)))
		}
		if d.Before(firstDaily) {
			return h.badRequest(fmt.Sprintf("Daily puzzles go back to %s; name a day from then to today, such as %sdaily %s.",
				firstDaily.Format("2 January 2006"), h.cfg.Prefix, today.Format(time.DateOnly)))
		}
		if latest := today.AddDate(0, 0, dailyDaysAhead); d.After(latest) {
			return Reply{Text: render.Notice(fmt.Sprintf("The puzzle of %s isn't out yet: each day's comes out at midnight UTC, "+
				"and the latest out is %s's.", d.Format("Monday 2 January 2006"), latest.Format(time.DateOnly))),
				Outcome: outcomeBadRequest, UserError: true}
		}
		day, haveDay = d, true
	}
	return h.dailyReply(ctx, req, day, level)
}

// dateOf returns the UTC date of t, at midnight.
func dateOf(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Daily returns the post of the day's puzzle for the UTC date of day at
// level: the reply `!daily <level>` gives on that day (the picture as the
// configuration says). It is what a daily puzzle channel posts. Without a
// pool ([Config.Puzzles]) it says that puzzles are not available.
func (h *Handler) Daily(ctx context.Context, day time.Time, level generate.Level) Reply {
	return h.dailyReply(ctx, Request{Kind: Daily}, day, level)
}

func (h *Handler) dailyReply(ctx context.Context, req Request, day time.Time, level generate.Level) Reply {
	if h.cfg.Puzzles == nil {
		return Reply{Text: render.Notice(msgNoPuzzles), Outcome: outcomeUnavailable, UserError: true}
	}
	start := time.Now()
	p, err := h.dailyPuzzle(ctx, day, level)
	if err != nil {
		return h.puzzleError(err, sudoku.Classic, "daily "+level.String())
	}
	rep := h.post(req, p, day)
	rep.SolveTime = time.Since(start)
	return rep
}

// dailyPuzzle returns the day's puzzle of level, from the pool (which keeps
// it for the day) or, without one, made from the date.
func (h *Handler) dailyPuzzle(ctx context.Context, day time.Time, level generate.Level) (generate.Puzzle, error) {
	ctx, cancel := context.WithTimeout(ctx, h.cfg.PuzzleTimeout)
	defer cancel()
	var p generate.Puzzle
	var err error
	if h.cfg.Puzzles != nil {
		p, err = h.cfg.Puzzles.Daily(ctx, day, level)
	} else {
		p, err = generate.Daily(ctx, day, level)
	}
	if err == nil {
		h.served.add(p)
	}
	return p, err
}

// IsDailySolution reports whether g is the completed solution of the day's
// puzzle for the UTC date of day at level. It makes the day's puzzle if
// need be (from the pool, or from the date without one), within the puzzle
// deadline; a puzzle that cannot be made in time gives false.
func (h *Handler) IsDailySolution(ctx context.Context, day time.Time, level generate.Level, g sudoku.Grid) bool {
	p, err := h.dailyPuzzle(ctx, day, level)
	return err == nil && g == p.Solution
}

// post is the reply that serves p: its board, difficulty and code, with a
// picture as the configuration and the request say. day is set for the
// day's puzzle.
func (h *Handler) post(req Request, p generate.Puzzle, day time.Time) Reply {
	s := render.Served{Grid: p.Grid, Code: p.Code.String(), Rating: p.Rating, Day: day, Prefix: h.cfg.Prefix}
	if p.Level != 0 {
		s.Level = p.Level.String()
	}
	n := p.Grid.Size()
	rep := Reply{Outcome: outcomePuzzle, Size: n}
	var ds []drawing
	if h.wantPicture(req, n, false) {
		ds = append(ds, drawing{"puzzle.png", picture.Board{Grid: p.Grid}})
	}
	h.illustrate(&rep, req, render.Options{}, true, func(o render.Options) string { return render.Puzzle(s, o) }, ds...)
	if h.cfg.Play.Games != nil {
		rep.Buttons = PlayButton(p.Code)
	}
	return rep
}

// withReference answers a check, hint, solve, rate or explain that replies
// to a message ([Request.Reference]), when that message is what the
// command is about; it reports false when the command goes on as if it
// were no reply: it carries a grid of its own and is not a check or a hint,
// or the message replied to holds no puzzle code and the command has a grid.
func (h *Handler) withReference(ctx context.Context, req Request) (Reply, bool) {
	if req.Reference == "" && !req.ReferenceUnread && req.Code == "" {
		return Reply{}, false
	}
	p, err := parser.Read(req.Args)
	noGrid := errors.Is(err, parser.ErrEmpty)
	if err != nil && !noGrid {
		return Reply{}, false // the parse error, as without a reply
	}
	if !noGrid && req.Kind != Check && req.Kind != Hint {
		return Reply{}, false
	}
	code, found := generate.FindCode(req.Reference)
	if w := strings.TrimSpace(req.Code); w != "" {
		if !strings.HasPrefix(w, "#") {
			w = "#" + w
		}
		c, ok, bad := h.readCode(w)
		if !ok {
			return *bad, true // a word starting with # that is no code always has its reply
		}
		code, found = c, true
	}
	if !found {
		if !noGrid {
			return Reply{}, false
		}
		why := "The message you replied to has no puzzle code (such as #9H-abb63100), so I don't know which puzzle you mean."
		out := outcomeNoPuzzle
		if req.ReferenceUnread {
			why = "I couldn't read the message you replied to (it may have been deleted, or I may not see that channel's history)."
			out = outcomeLostRef
		}
		return Reply{Text: fitReply(render.Notice(why) + "\n" + h.usage(req.Kind)), Outcome: out, UserError: true}, true
	}
	start := time.Now()
	pz, err := h.decode(ctx, code)
	if err != nil {
		rep := h.codeFailed(err, code)
		rep.SolveTime = time.Since(start)
		return rep, true
	}
	if noGrid {
		switch req.Kind {
		case Check:
			// Prefix and code need no neutralising: neither holds markup.
			return Reply{Text: fmt.Sprintf("Put your grid after `%scheck` in your reply to puzzle `%s`: "+
				"copy its board and fill in your digits.", h.cfg.Prefix, code), Outcome: "no_grid", UserError: true, Size: pz.Grid.Size()}, true
		}
		given := parser.Puzzle{Grid: pz.Grid}
		if (req.Kind == Solve || req.Kind == Explain) && h.isTodaysDailyCode(ctx, code) {
			return h.dailyRefusal(ctx, req), true
		}
		if req.Kind == Solve {
			return namingPuzzle(h.gridOf(ctx, req, given), code), true
		}
		return namingPuzzle(h.teachOf(ctx, req, given), code), true
	}
	return h.againstPuzzle(ctx, req, p, pz), true
}

// namingPuzzle adds the puzzle's code to a reply about it, so that a reply
// to that reply finds the puzzle too (the next hint asked by replying to
// the last one); a reply with no room left goes without it.
func namingPuzzle(rep Reply, code generate.Code) Reply {
	line := fmt.Sprintf("\nPuzzle `%s`.", code)
	if render.Len(rep.Text)+render.Len(line) <= render.MaxLen {
		rep.Text += line
	}
	return rep
}

// againstPuzzle checks the grid p, played from pz, against pz: for a
// check, the whole reply; for a hint, a reply only when the grid has a
// problem, else the hint from the grid.
func (h *Handler) againstPuzzle(ctx context.Context, req Request, p parser.Puzzle, pz generate.Puzzle) Reply {
	g := p.Grid
	n := g.Size()
	if g.Shape() != pz.Grid.Shape() {
		return Reply{Text: render.Error(fmt.Sprintf("Your grid is %s, but puzzle %s that you replied to is %s.", shapeWords(g.Shape()), pz.Code, shapeWords(pz.Grid.Shape()))),
			Outcome: outcomeOtherShape, UserError: true, Size: n}
	}
	pl := render.Played{Grid: g, Givens: pz.Grid, Code: pz.Code.String(), Conflicts: sudoku.Validate(g)}
	if pz.Level != 0 {
		pl.Level = pz.Level.String()
	}
	for i := 0; i < n*n; i++ {
		given, d, want := pz.Grid.At(i), g.At(i), pz.Solution.At(i)
		switch {
		case given != 0 && d != given:
			pl.Changed = append(pl.Changed, sudoku.Cell{Row: i / n, Col: i % n})
		case given == 0 && d != 0 && d != want:
			pl.Wrong++
		case d == 0 && p.Candidates != nil && p.Candidates[i] != 0 && p.Candidates[i]&(1<<(want-1)) == 0:
			pl.WrongMarks++
		}
	}
	outcome := outcomeOnTrack
	switch {
	case len(pl.Changed) > 0:
		outcome = outcomeGivens
	case len(pl.Conflicts) > 0:
		outcome = "invalid"
	case pl.Wrong > 0:
		outcome = outcomeWrong
	case pl.WrongMarks > 0:
		outcome = outcomeWrongMarks
	case g.Complete():
		outcome = "complete"
	}
	if req.Kind == Hint && outcome == outcomeOnTrack {
		return namingPuzzle(h.teachOf(ctx, req, p), pz.Code)
	}
	opt := render.Options{Notes: p.Notes}
	if p.Notation == parser.ZeroBased {
		opt.Symbols = p.Notation.Symbols(n)
	}
	rep := Reply{Outcome: outcome, Size: n}
	var ds []drawing
	if outcome != "complete" && h.wantPicture(req, n, false) {
		b := picture.Board{Grid: g, Conflicts: pl.Conflicts, Pattern: pl.Changed}
		if len(pl.Changed) == 0 {
			b.Givens = pz.Grid
		}
		ds = append(ds, drawing{"grid.png", b})
	}
	forHint := req.Kind == Hint
	h.illustrate(&rep, req, opt, true, func(o render.Options) string { return render.PuzzleChecked(pl, forHint, o) }, ds...)
	return rep
}

// puzzleCache keeps the puzzles served or made again lately, by code, so
// that a reply to a puzzle's post finds it at once: making a 16×16 puzzle
// again from its code takes seconds. It is bounded (least recently used
// out first) and holds nothing a code cannot make again.
type puzzleCache struct {
	mu    sync.Mutex
	max   int
	added func(generate.Code) // told of each code added
	order *list.List          // of generate.Puzzle, most recent first
	byKey map[generate.Code]*list.Element
}

// cachedPuzzles is how many puzzles the cache keeps: about 1.3 KB each.
const cachedPuzzles = 512

func newPuzzleCache(max int, added func(generate.Code)) *puzzleCache {
	return &puzzleCache{max: max, added: added, order: list.New(), byKey: map[generate.Code]*list.Element{}}
}

func (c *puzzleCache) get(code generate.Code) (generate.Puzzle, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[code]
	if !ok {
		return generate.Puzzle{}, false
	}
	c.order.MoveToFront(e)
	return e.Value.(generate.Puzzle), true
}

func (c *puzzleCache) add(p generate.Puzzle) {
	if c.added != nil {
		c.added(p.Code)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[p.Code]; ok {
		c.order.MoveToFront(e)
		return
	}
	c.byKey[p.Code] = c.order.PushFront(p)
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byKey, last.Value.(generate.Puzzle).Code)
	}
}
