package command

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/sqlite"
	"github.com/sudokubot/sudokubot/sudoku"
)

// The README's puzzle and its solution.
const (
	playPuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	playSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// Discord IDs of the tests' server, channels and members.
const (
	pGuild   = "100000000000000001"
	pChannel = "100000000000000002"
	pThread  = "100000000000000003"
	ann      = "100000000000000011"
	bob      = "100000000000000012"
)

// clock is a settable clock for the Handler.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// openStore opens the SQLite file path, closed when the test ends.
func openStore(t testing.TB, path string) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// playHandler returns a handler keeping games in a real SQLite file, with
// a test pool and the clock c.
func playHandler(t testing.TB, db *sqlite.DB, c *clock, cfg Config) *Handler {
	t.Helper()
	cfg.Puzzles = testPool(t)
	cfg.Now = c.now
	cfg.Play.Games, cfg.Play.Solvers = db, db
	return New(cfg)
}

// asShownText is text as Discord shows it: render's escapes of Markdown and
// its zero-width spaces after < and @ removed.
func asShownText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\\*_~`|>#-[]()", s[i+1]) >= 0 {
			i++
		}
		b.WriteByte(s[i])
	}
	return strings.ReplaceAll(b.String(), "\u200b", "")
}

func seatOf(user string) Seat { return Seat{GuildID: pGuild, ChannelID: pChannel, UserID: user} }

// start sends !play with args as user and returns the reply, failing
// unless a game started.
func start(t *testing.T, h *Handler, user, args string) Reply {
	t.Helper()
	req, ok := h.Match("!play "+args, "")
	if !ok {
		t.Fatalf("!play %s not matched", args)
	}
	s := seatOf(user)
	req.Seat = &s
	rep := h.Handle(context.Background(), req)
	if rep.Outcome != outcomeGameStarted || rep.Game == nil || rep.Game.ID == "" {
		t.Fatalf("!play %s: %s\n%s", args, rep.Outcome, rep.Text)
	}
	return rep
}

// typed sends text in the game's channel as user, failing unless it is
// taken as moves.
func typed(t *testing.T, h *Handler, user, text string) Reply {
	t.Helper()
	rep, ok := h.MoveIn(context.Background(), seatOf(user), text)
	if !ok {
		t.Fatalf("%q by %s: not taken for a game (%v)", text, user, rep.Err)
	}
	return rep
}

// remainingMoves writes the moves that fill the empty cells of board with
// solution's digits.
func remainingMoves(t *testing.T, board, solution string) string {
	t.Helper()
	b, s := testgrids.Decode(t, board), testgrids.Decode(t, solution)
	n := b.Size()
	var out []string
	for i := range n * n {
		if b.At(i) != s.At(i) {
			out = append(out, game.Move{Action: game.Place, Cell: sudoku.Cell{Row: i / n, Col: i % n}, Digit: s.At(i)}.String())
		}
	}
	return strings.Join(out, " ")
}

// TestPlayWholeGame plays the README's puzzle to the end by typed moves:
// a mistake, a check, undo, pencil marks, a hint, then the rest.
func TestPlayWholeGame(t *testing.T) {
	c := &clock{t: testDay}
	db := openStore(t, filepath.Join(t.TempDir(), "games.db"))
	h := playHandler(t, db, c, Config{})
	rep := start(t, h, ann, playPuzzle)
	if !strings.Contains(rep.Text, "On one line: `"+playPuzzle+"`") || !strings.Contains(rep.Text, "**Game "+rep.Game.ID+"**") {
		t.Fatalf("start:\n%s", rep.Text)
	}
	if len(rep.Files) != 1 || rep.Files[0].Name != "board.png" {
		t.Fatalf("start: files %v, want board.png", rep.Files)
	}
	if _, err := png.Decode(bytes.NewReader(rep.Files[0].Data)); err != nil {
		t.Fatalf("board.png: %v", err)
	}
	id := rep.Game.ID

	c.add(time.Minute)
	rep = typed(t, h, ann, "r1c3 1") // wrong: the solution has 4
	if rep.Outcome != outcomeGameMove || !strings.Contains(rep.Text, "Last move: r1c3 1.") {
		t.Fatalf("r1c3 1: %s\n%s", rep.Outcome, rep.Text)
	}
	rep = typed(t, h, ann, "check")
	if len(rep.Game.Aside) != 1 || !strings.HasPrefix(rep.Game.Aside[0].Text, "1 digit is wrong") {
		t.Fatalf("check: aside %+v", rep.Game.Aside)
	}
	rep = typed(t, h, ann, "hint")
	if len(rep.Game.Aside) != 1 || rep.Game.Aside[0].Outcome != "game_hint_wrong" {
		t.Fatalf("hint with a wrong digit: aside %+v", rep.Game.Aside)
	}
	rep = typed(t, h, ann, "undo")
	if !strings.Contains(rep.Text, "Undid 1 move.") {
		t.Fatalf("undo:\n%s", rep.Text)
	}
	rep = typed(t, h, ann, "r1c3 +14 e3 +12")
	if !strings.Contains(rep.Text, "Pencil marks: r1c3 14, r5c3 12.") {
		t.Fatalf("marks:\n%s", rep.Text)
	}
	rep = typed(t, h, ann, "hint")
	if len(rep.Game.Aside) != 1 || rep.Game.Aside[0].Outcome != "step" || !strings.Contains(rep.Game.Aside[0].Text, "||") {
		t.Fatalf("hint: aside %+v", rep.Game.Aside)
	}
	// Nothing against the rules changes the game.
	before, _ := db.Game(context.Background(), id)
	for text, want := range map[string]string{
		"r1c1 6":           "line 1, column 1: r1c1 is a given (5): givens cannot be changed",
		"r1c3 4 r1c2=9":    "line 1, column 8: r1c2 is a given (3): givens cannot be changed",
		"r1c3 x":           `line 1, column 6: "x" is not a digit of a 9×9 board`,
		"r10c1 4":          "line 1, column 1: r10c1 is outside the board",
		"r1c3 4 thank you": `line 1, column 8: "thank" is not a move`,
	} {
		rep = h.Move(context.Background(), id, seatOf(ann), text) // as a reply to the board, or in its thread
		if !rep.UserError || !strings.Contains(asShownText(rep.Text), want) {
			t.Errorf("%q: %s\n%s", text, rep.Outcome, rep.Text)
		}
	}
	// Typed in the channel, a malformed move is talk: not answered; in the
	// console (every message meant for the game), it is answered.
	for _, text := range []string{"r1c3 x", "r1c3 4 thank you", "check this out"} {
		if _, ok, err := h.TypedMove(context.Background(), Typed{Seat: seatOf(ann), Text: text}); ok || err != nil {
			t.Errorf("%q typed in the channel was taken for a move (%v)", text, err)
		}
	}
	if rep, ok := h.MoveIn(context.Background(), seatOf(ann), "r1c3 x"); !ok || !rep.UserError {
		t.Errorf("a malformed move in the console: taken %v, %s", ok, rep.Text)
	}
	if after, _ := db.Game(context.Background(), id); after.Version != before.Version {
		t.Errorf("refused moves changed the game: version %d -> %d", before.Version, after.Version)
	}
	// Talk is ignored.
	if _, ok := h.MoveIn(context.Background(), seatOf(ann), "nice puzzle!"); ok {
		t.Error("a message that is no move was taken for one")
	}

	c.add(11*time.Minute + 3*time.Second)
	rep = typed(t, h, ann, remainingMoves(t, playPuzzle, playSolution))
	if rep.Outcome != outcomeGameSolved || !rep.Game.Over {
		t.Fatalf("the last moves: %s\n%s", rep.Outcome, rep.Text)
	}
	want := fmt.Sprintf("🎉 **Game %s solved!** 9×9 Easy in 12 min 3 s: %d moves, 1 hint, 1 mistake.", id, 1+2+51) // a pasted puzzle, rated
	if !strings.Contains(rep.Text, want) {
		t.Errorf("solved:\n%s\nwant %q", rep.Text, want)
	}
	rec, err := db.Game(context.Background(), id)
	if err != nil || rec.Status != settings.GameSolved || rec.Hints != 1 || rec.Mistakes != 1 || rec.Finished.IsZero() {
		t.Fatalf("stored: %+v, %v", rec, err)
	}
	// A finished game takes no more moves, and no longer reads typed text.
	if rep := h.Move(context.Background(), id, seatOf(ann), "undo"); !rep.UserError || !strings.Contains(asShownText(rep.Text), "is over (solved)") {
		t.Errorf("undo after the end:\n%s", rep.Text)
	}
	if _, ok := h.MoveIn(context.Background(), seatOf(ann), "r1c3 4"); ok {
		t.Error("a move in the channel of a finished game was taken")
	}
}

func TestPlayFromPoolAndCode(t *testing.T) {
	c := &clock{t: testDay}
	h := playHandler(t, openStore(t, filepath.Join(t.TempDir(), "g.db")), c, Config{})
	rep := start(t, h, ann, "easy 4x4")
	p := served(t, rep.Text)
	if p.Grid.Size() != 4 || p.Level != generate.Easy || !strings.Contains(rep.Text, "4×4 Easy, code `"+p.Code.String()+"`") {
		t.Fatalf("!play easy 4x4:\n%s", rep.Text)
	}
	rep = start(t, h, bob, p.Code.String()+" together")
	if !strings.Contains(rep.Text, "**Team game") || served(t, rep.Text).Grid != p.Grid {
		t.Fatalf("!play <code> together:\n%s", rep.Text)
	}
	for args, want := range map[string]string{
		"4x4 hard":                    "There are no 4×4 Hard puzzles here",
		"#9H-zzzz":                    "I can't read the puzzle code",
		"1" + strings.Repeat(".", 80): "several solutions",
		"55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79": "breaks the rules",
		playSolution: "complete",
	} {
		req, _ := h.Match("!play "+args, "")
		s := seatOf(ann)
		req.Seat = &s
		if rep := h.Handle(context.Background(), req); !rep.UserError || !strings.Contains(rep.Text, want) {
			t.Errorf("!play %s: %s\n%s", args, rep.Outcome, rep.Text)
		}
	}
	// Without a store, or without a seat.
	req, _ := h.Match("!play", "")
	if rep := h.Handle(context.Background(), req); !strings.Contains(rep.Text, render.Notice(msgNoSeat)) {
		t.Errorf("no seat: %s", rep.Text)
	}
	req.Seat = &Seat{GuildID: pGuild, ChannelID: pChannel, UserID: ann}
	if rep := New(Config{}).Handle(context.Background(), req); !strings.Contains(rep.Text, render.Notice(msgNoGames)) {
		t.Errorf("no store: %s", rep.Text)
	}
}

func TestPlayTeamAndOwnership(t *testing.T) {
	c := &clock{t: testDay}
	h := playHandler(t, openStore(t, filepath.Join(t.TempDir(), "g.db")), c, Config{Pictures: PicturesNever})
	solo := start(t, h, ann, playPuzzle)
	// Bob's message in the channel is not for Ann's game.
	if _, ok := h.MoveIn(context.Background(), seatOf(bob), "r1c3 4"); ok {
		t.Error("another member's move was taken for a solo game in the channel")
	}
	// In the game's own thread it is, and refused.
	if err := h.SetGameMessage(context.Background(), solo.Game.ID, pThread, "100000000000000099"); err != nil {
		t.Fatal(err)
	}
	inThread := Seat{GuildID: pGuild, ChannelID: pThread, UserID: bob}
	rep, ok := h.MoveIn(context.Background(), inThread, "r1c3 4")
	if !ok || !rep.UserError || !strings.Contains(rep.Text, "<@"+ann+">") {
		t.Fatalf("bob in ann's thread: %v\n%s", ok, rep.Text)
	}
	if rep.Game.ThreadID != pThread || rep.Game.MessageID != "100000000000000099" {
		t.Errorf("game ref %+v", rep.Game)
	}
	// A team game: both play, each move credited.
	team := start(t, h, ann, "together "+playPuzzle)
	rep = h.Move(context.Background(), team.Game.ID, seatOf(bob), "r1c3 4 r1c4 6")
	rep = h.Move(context.Background(), team.Game.ID, seatOf(ann), "r1c6 8")
	if !strings.Contains(rep.Text, "Last move: r1c6 8 by <@"+ann+">.") {
		t.Fatalf("team move:\n%s", rep.Text)
	}
	rec, _ := h.cfg.Play.Games.Game(context.Background(), team.Game.ID)
	if len(rec.Players) != 2 || rec.Players[0] != (settings.GamePlayer{UserID: bob, Moves: 2}) || rec.Players[1] != (settings.GamePlayer{UserID: ann, Moves: 1}) {
		t.Errorf("players %+v", rec.Players)
	}
	if len(rep.Files) != 0 {
		t.Errorf("pictures off, yet %d files", len(rep.Files))
	}
}

func TestPlayLimitAndIdle(t *testing.T) {
	c := &clock{t: testDay}
	h := playHandler(t, openStore(t, filepath.Join(t.TempDir(), "g.db")), c, Config{Play: PlayConfig{MaxOpen: 2, Idle: 24 * time.Hour}})
	first := start(t, h, ann, playPuzzle)
	start(t, h, ann, playPuzzle)
	req, _ := h.Match("!play "+playPuzzle, "")
	s := seatOf(ann)
	req.Seat = &s
	rep := h.Handle(context.Background(), req)
	if rep.Outcome != outcomeGameLimit || !strings.Contains(rep.Text, "You have 2 games open in this server, the most one member may have (2)") ||
		!strings.Contains(rep.Text, "game "+first.Game.ID+" in <#"+pChannel+">") {
		t.Fatalf("a third game: %s\n%s", rep.Outcome, rep.Text)
	}
	start(t, h, bob, playPuzzle) // another member's count
	// A day later the idle games are closed: a new one starts.
	c.add(25 * time.Hour)
	start(t, h, ann, playPuzzle)
	rep = h.Move(context.Background(), first.Game.ID, seatOf(ann), "r1c3 4")
	if !rep.UserError || !strings.Contains(asShownText(rep.Text), "is over (closed for being left untouched)") {
		t.Errorf("a move on a closed game:\n%s", rep.Text)
	}
}

// TestPlayConcurrentMoves: moves sent at once to one game, through two
// handlers on two connections to one database (two processes), lose none.
func TestPlayConcurrentMoves(t *testing.T) {
	c := &clock{t: testDay}
	path := filepath.Join(t.TempDir(), "g.db")
	hs := []*Handler{
		playHandler(t, openStore(t, path), c, Config{Pictures: PicturesNever}),
		playHandler(t, openStore(t, path), c, Config{Pictures: PicturesNever}),
	}
	id := start(t, hs[0], ann, "together "+playPuzzle).Game.ID
	moves := strings.Fields(remainingMoves(t, playPuzzle, playSolution))
	var wg sync.WaitGroup
	const n = 16
	reps := make([]Reply, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reps[i] = hs[i%2].Move(context.Background(), id, seatOf(ann), moves[2*i]+" "+moves[2*i+1])
		}()
	}
	wg.Wait()
	for i, rep := range reps {
		if rep.Outcome != outcomeGameMove {
			t.Fatalf("move %d: %s %v\n%s", i, rep.Outcome, rep.Err, rep.Text)
		}
	}
	rec, err := hs[1].cfg.Play.Games.Game(context.Background(), id)
	if err != nil || rec.Moves != n {
		t.Fatalf("after %d moves at once: %d moves stored (%v)", n, rec.Moves, err)
	}
	g, err := loadGame(rec)
	if err != nil || g.Empty() != 51-n {
		t.Fatalf("board has %d empty cells, want %d (%v)", g.Empty(), 51-n, err)
	}
}

// TestPlayAfterRestart: a game goes on in a new Handler on the same
// database (a restart, or another replica).
func TestPlayAfterRestart(t *testing.T) {
	c := &clock{t: testDay}
	path := filepath.Join(t.TempDir(), "g.db")
	db := openStore(t, path)
	id := start(t, playHandler(t, db, c, Config{}), ann, playPuzzle).Game.ID
	if rep := playHandler(t, db, c, Config{}).Move(context.Background(), id, seatOf(ann), "r1c3 4"); rep.Outcome != outcomeGameMove {
		t.Fatal(rep.Text)
	}
	db.Close()
	h := playHandler(t, openStore(t, path), c, Config{})
	rep := typed(t, h, ann, "r1c4 6")
	if !strings.Contains(rep.Text, "On one line: `53467....") || !strings.Contains(rep.Text, "2 moves") {
		t.Fatalf("after the restart:\n%s", rep.Text)
	}
}

// TestPlayDaily: the day's puzzle played to the end counts its player
// among the day's solvers, once, as a !check of the solution does.
func TestPlayDaily(t *testing.T) {
	c := &clock{t: testDay}
	db := openStore(t, filepath.Join(t.TempDir(), "g.db"))
	h := playHandler(t, db, c, Config{})
	daily, err := generate.Daily(context.Background(), testDay, generate.Hard)
	if err != nil {
		t.Fatal(err)
	}
	seat := seatOf(ann)
	seat.DailyLevel = generate.Hard
	for round, want := range []string{"<@" + ann + "> solver number 1 today", "<@" + ann + "> counted already (number 1)"} {
		id := start(t, h, ann, daily.Code.String()).Game.ID
		rep := h.Move(context.Background(), id, seat, remainingMoves(t, game.Line(daily.Grid), game.Line(daily.Solution)))
		if rep.Outcome != outcomeGameSolved || !strings.Contains(rep.Text, "Today's daily puzzle (Hard): "+want+".") {
			t.Fatalf("round %d: %s\n%s", round, rep.Outcome, rep.Text)
		}
	}
	ss, err := db.Solvers(context.Background(), pGuild, settings.DayOf(testDay))
	if err != nil || len(ss) != 1 || ss[0].UserID != ann {
		t.Fatalf("solvers %+v, %v", ss, err)
	}
	// Another puzzle solved is not the day's.
	id := start(t, h, bob, playPuzzle).Game.ID
	bobSeat := seatOf(bob)
	bobSeat.DailyLevel = generate.Hard
	if rep := h.Move(context.Background(), id, bobSeat, remainingMoves(t, playPuzzle, playSolution)); strings.Contains(rep.Text, "daily") {
		t.Errorf("another puzzle counted as the day's:\n%s", rep.Text)
	}
}

func TestPlayUnknownGameAndStoreDown(t *testing.T) {
	c := &clock{t: testDay}
	db := openStore(t, filepath.Join(t.TempDir(), "g.db"))
	h := playHandler(t, db, c, Config{})
	if rep := h.Move(context.Background(), "999", seatOf(ann), "r1c1 1"); rep.Outcome != outcomeGameNoGame {
		t.Errorf("unknown game: %s %s", rep.Outcome, rep.Text)
	}
	id := start(t, h, ann, playPuzzle).Game.ID
	db.Close()
	rep := h.Move(context.Background(), id, seatOf(ann), "r1c3 4")
	if rep.Outcome != outcomeGameDown || rep.Err == nil || !errors.Is(rep.Err, rep.Err) {
		t.Errorf("store closed: %s %v", rep.Outcome, rep.Err)
	}
	if rep, ok := h.MoveIn(context.Background(), seatOf(ann), "r1c3 4"); ok || rep.Err == nil {
		t.Errorf("store closed, typed move: %v %v", ok, rep.Err)
	}
}

// TestPlayMatch: !play with a music bot's words is not for the bot.
func TestPlayMatch(t *testing.T) {
	h := New(Config{})
	for content, want := range map[string]bool{
		"!play":                    true,
		"!play hard":               true,
		"!play easy 4x4 symmetric": true,
		"!play together":           true,
		"!play #9H-3f2a1c9x":       true,
		"!play 9H-3f2a1c9x img":    true,
		"!play " + playPuzzle:      true,
		"!play\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79": true,
		"!play music":                   false,
		"!play despacito 2":             false,
		"!play never gonna give you up": false,
		"<@1000> play music":            true, // a mention is for the bot, whatever follows
	} {
		if _, ok := h.Match(content, "1000"); ok != want {
			t.Errorf("Match(%q) = %v, want %v", content, ok, want)
		}
	}
}

// TestPlayNotes: the Notes form's digits are pencil marks.
func TestPlayNotes(t *testing.T) {
	c := &clock{t: testDay}
	h := playHandler(t, openStore(t, filepath.Join(t.TempDir(), "g.db")), c, Config{Pictures: PicturesNever})
	id := start(t, h, ann, playPuzzle).Game.ID
	rep := h.Notes(context.Background(), id, seatOf(ann), "r1c3 12 e3 47")
	if rep.Outcome != outcomeGameMove || !strings.Contains(rep.Text, "Pencil marks: r1c3 12, r5c3 47.") {
		t.Fatalf("notes: %s\n%s", rep.Outcome, rep.Text)
	}
	rep = h.Notes(context.Background(), id, seatOf(ann), "r1c3 -1")
	if !strings.Contains(rep.Text, "Pencil marks: r1c3 2, r5c3 47.") {
		t.Fatalf("notes removed:\n%s", rep.Text)
	}
}

// TestDailyStatsWithoutDailyChannel: in a server without a daily channel,
// the day's puzzle played to the end counts nobody, and /daily stats says
// so and how to set one, rather than "nobody has solved it yet"; once the
// channel is set, a solve is counted and listed.
func TestDailyStatsWithoutDailyChannel(t *testing.T) {
	c := &clock{t: testDay}
	db := openStore(t, filepath.Join(t.TempDir(), "g.db"))
	cfg := Config{Store: db}
	h := playHandler(t, db, c, cfg)
	ctx := context.Background()
	daily, err := generate.Daily(ctx, testDay, generate.Hard)
	if err != nil {
		t.Fatal(err)
	}
	id := start(t, h, ann, daily.Code.String()).Game.ID
	// No daily channel: the seat carries no daily level (as the bot makes it).
	h.Move(ctx, id, seatOf(ann), remainingMoves(t, game.Line(daily.Grid), game.Line(daily.Solution)))
	rep := h.DailyStats(ctx, pGuild, ann)
	if rep.Outcome != "daily_stats_off" || !strings.Contains(rep.Text, "no daily channel") || !strings.Contains(rep.Text, "/settings daily channel:") {
		t.Fatalf("/daily stats without a daily channel: %s\n%s", rep.Outcome, rep.Text)
	}
	if _, err := db.Update(ctx, pGuild, func(g *settings.Guild) error { return g.SetDaily(pChannel, 9, settings.LevelHard) }); err != nil {
		t.Fatal(err)
	}
	seat := seatOf(ann)
	seat.DailyLevel = generate.Hard
	id = start(t, h, ann, daily.Code.String()).Game.ID
	h.Move(ctx, id, seat, remainingMoves(t, game.Line(daily.Grid), game.Line(daily.Solution)))
	if rep := h.DailyStats(ctx, pGuild, ann); rep.Outcome != "daily_stats" || !strings.Contains(rep.Text, "1 solver here") {
		t.Fatalf("/daily stats with a daily channel: %s\n%s", rep.Outcome, rep.Text)
	}
}
