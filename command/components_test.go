package command

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/settings"
)

// TestComponentIDs: IDs round-trip, stay within Discord's 100 characters,
// and anything else is refused as unknown.
func TestComponentIDs(t *testing.T) {
	for _, c := range []ComponentID{
		{Kind: "sg", Action: actMove, Game: "1", Step: 0},
		{Kind: "sg", Action: actGiveUp, Game: "18446744073709551615", Step: 999999},
		{Kind: "sf", Action: actNotes, Game: "42", Step: 7},
		{Kind: "sp", Code: "9H-abb63100"},
	} {
		id := c.String()
		got, err := ParseComponentID(id)
		if err != nil || got != c {
			t.Errorf("%q: %+v, %v; want %+v", id, got, err, c)
		}
		if len(id) > maxCustomID {
			t.Errorf("%q: %d characters", id, len(id))
		}
	}
	for _, id := range []string{"", "sg:mv:1", "sg:xx:1:0", "sg:mv:abc:0", "sg:mv:1:-1", "sf:un:1:0", "sp:nocode", "other:bot", "sg:mv:1:0:extra",
		"sg:mv:" + strings.Repeat("1", 100) + ":0"} {
		if _, err := ParseComponentID(id); !errors.Is(err, ErrUnknownComponent) {
			t.Errorf("%q: %v, want ErrUnknownComponent", id, err)
		}
	}
}

// TestPlayByButtons plays a game by presses and forms only, as an
// HTTP-only deployment does: Move opens a form, its moves are played,
// Notes adds marks, Undo undoes once for two presses of one board, Check
// and Hint answer aside, the last form solves and the buttons are disabled.
func TestPlayByButtons(t *testing.T) {
	c := &clock{t: testDay}
	db := openStore(t, filepath.Join(t.TempDir(), "games.db"))
	h := playHandler(t, db, c, Config{})
	ctx := context.Background()
	rep := start(t, h, ann, playPuzzle)
	if len(rep.Buttons) != 6 || rep.Buttons[0].Label != "Move" || rep.Buttons[0].Disabled {
		t.Fatalf("board buttons %+v", rep.Buttons)
	}
	if rows := GameButtonRows(rep.Buttons); len(rows) != 2 || len(rows[0]) != 5 {
		t.Fatalf("rows %v", rows)
	}
	press := func(label string, r Reply) Reply {
		t.Helper()
		for _, b := range r.Buttons {
			if b.Label == label {
				return h.Press(ctx, b.CustomID, seatOf(ann))
			}
		}
		t.Fatalf("no %s button in %+v", label, r.Buttons)
		return Reply{}
	}
	form := press("Move", rep)
	if form.Form == nil || form.Form.Fields[0].ID != FieldMoves {
		t.Fatalf("Move: %+v", form)
	}
	rep = h.Submit(ctx, form.Form.CustomID, seatOf(ann), map[string]string{FieldMoves: "r1c3 4 r1c4 6"})
	if rep.Outcome != outcomeGameMove || !strings.Contains(rep.Text, "534678912"[:4]) {
		t.Fatalf("form moves: %s\n%s", rep.Outcome, rep.Text)
	}
	notes := press("Notes", rep)
	rep = h.Submit(ctx, notes.Form.CustomID, seatOf(ann), map[string]string{FieldMoves: "r1c6 28"})
	if !strings.Contains(rep.Text, "Pencil marks: r1c6 28.") {
		t.Fatalf("notes:\n%s", rep.Text)
	}
	// Two presses of Undo on one board undo one move.
	board := rep
	if u := press("Undo", board); !strings.Contains(u.Text, "Undid 1 move.") {
		t.Fatalf("undo:\n%s", u.Text)
	}
	if u := press("Undo", board); u.Outcome != "game_stale" {
		t.Fatalf("second undo on the same board: %s\n%s", u.Outcome, u.Text)
	}
	rep = press("Check", board)
	if len(rep.Game.Aside) != 1 || rep.Game.Aside[0].Outcome != "game_check" {
		t.Fatalf("check: %+v", rep.Game.Aside)
	}
	rep = press("Hint", rep)
	if len(rep.Game.Aside) != 1 || rep.Game.Aside[0].Outcome != "step" || !strings.Contains(rep.Game.Aside[0].Text, "||") {
		t.Fatalf("hint: %+v", rep.Game.Aside)
	}
	stored, _ := db.Game(ctx, rep.Game.ID)
	c.add(5 * time.Minute)
	form = press("Move", rep)
	rep = h.Submit(ctx, form.Form.CustomID, seatOf(ann), map[string]string{FieldMoves: remainingMoves(t, stored.Board, playSolution)})
	if rep.Outcome != outcomeGameSolved || !rep.Game.Over {
		t.Fatalf("last form: %s\n%s", rep.Outcome, rep.Text)
	}
	for _, b := range rep.Buttons {
		if !b.Disabled {
			t.Errorf("button %s of a solved game is enabled", b.Label)
		}
	}
	// Another member's press on ann's game is refused, the game unchanged.
	if r := h.Press(ctx, rep.Buttons[2].CustomID, seatOf(bob)); !r.UserError {
		t.Errorf("bob's undo on ann's game: %s\n%s", r.Outcome, r.Text)
	}
	if r := h.Press(ctx, "sg:zz:1:0", seatOf(ann)); r.Outcome != "unknown_component" || !r.UserError {
		t.Errorf("unknown press: %+v", r)
	}
}

// TestPlayButton: a served puzzle has a Play button (with games kept),
// whose press starts that puzzle for the presser.
func TestPlayButton(t *testing.T) {
	c := &clock{t: testDay}
	db := openStore(t, filepath.Join(t.TempDir(), "games.db"))
	h := playHandler(t, db, c, Config{})
	ctx := context.Background()
	req, _ := h.Match("!new easy", "")
	posted := h.Handle(ctx, req)
	if len(posted.Buttons) != 1 || posted.Buttons[0].Label != "Play" {
		t.Fatalf("!new buttons %+v", posted.Buttons)
	}
	code, ok := generate.FindCode(posted.Text)
	if !ok {
		t.Fatalf("no code in %s", posted.Text)
	}
	rep := h.Press(ctx, posted.Buttons[0].CustomID, seatOf(bob))
	if rep.Outcome != outcomeGameStarted {
		t.Fatalf("Play: %s\n%s", rep.Outcome, rep.Text)
	}
	stored, err := db.Game(ctx, rep.Game.ID)
	if err != nil || stored.OwnerID != bob || stored.Code != code.String() {
		t.Fatalf("game %+v, %v; want bob's game of %s", stored, err, code)
	}
	// Without games kept, no Play button.
	plain := New(Config{Puzzles: testPool(t), Now: c.now})
	if r := plain.Handle(ctx, req); len(r.Buttons) != 0 {
		t.Errorf("!new without games: buttons %+v", r.Buttons)
	}
}

// TestGiveUpTodaysDaily: today's daily puzzle cannot be given up (its
// solution is not shown while it is the daily one); another can.
func TestGiveUpTodaysDaily(t *testing.T) {
	c := &clock{t: testDay}
	db := openStore(t, filepath.Join(t.TempDir(), "games.db"))
	h := playHandler(t, db, c, Config{})
	ctx := context.Background()
	daily, err := h.cfg.Puzzles.Daily(ctx, c.now(), generate.Medium)
	if err != nil {
		t.Fatal(err)
	}
	rep := start(t, h, ann, daily.Code.String())
	r := h.Press(ctx, rep.Buttons[5].CustomID, seatOf(ann))
	if r.Outcome != outcomeDailyRefused || !strings.Contains(r.Text, "no solutions until tomorrow") {
		t.Fatalf("give up of the daily: %s\n%s", r.Outcome, r.Text)
	}
	if g, _ := db.Game(ctx, rep.Game.ID); !g.Open() {
		t.Fatal("the daily game ended")
	}
	other := start(t, h, ann, playPuzzle)
	if r := h.Press(ctx, other.Buttons[5].CustomID, seatOf(ann)); r.Outcome != outcomeGameGaveUp {
		t.Fatalf("give up: %s\n%s", r.Outcome, r.Text)
	}
}

// TestHelpMentionsPlay: !help names !play, within its 2,000 characters
// (TestHelpFits).
func TestHelpMentionsPlay(t *testing.T) {
	if help := New(Config{Prefix: "!"}).Help(); !strings.Contains(help, "`!play") {
		t.Errorf("help does not mention !play:\n%s", help)
	}
}

// countingGames counts the GamesIn calls of a real store.
type countingGames struct {
	GameStore
	gamesIn int
}

func (c *countingGames) GamesIn(ctx context.Context, channelID string) ([]settings.GameRecord, error) {
	c.gamesIn++
	return c.GameStore.GamesIn(ctx, channelID)
}

// TestMoveInTalkReadsNothing: talk in a channel is told apart from moves
// before the games are read, so chat costs no database query; moves, of
// any board size, still are.
func TestMoveInTalkReadsNothing(t *testing.T) {
	db := openStore(t, filepath.Join(t.TempDir(), "games.db"))
	games := &countingGames{GameStore: db}
	h := New(Config{Play: PlayConfig{Games: games}})
	for _, text := range []string{"nice puzzle!", "who's up for lunch?", "", "gg"} {
		if _, ok := h.MoveIn(context.Background(), seatOf(ann), text); ok {
			t.Errorf("%q taken for a move", text)
		}
	}
	if games.gamesIn != 0 {
		t.Errorf("talk read the games %d times", games.gamesIn)
	}
	for _, text := range []string{"r1c1 3", "e3 7", "undo", "r12c16 G"} {
		h.MoveIn(context.Background(), seatOf(ann), text)
	}
	if games.gamesIn != 4 {
		t.Errorf("moves read the games %d times, want 4", games.gamesIn)
	}
}
