package bot

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/settings"
)

// Games against Discord's own rules (issue 28): a person's pace over the
// interactions endpoint, events delivered twice, replies to one board of
// several, talk in a channel with a game.

// fakeClock is a clock a test moves on by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// modalID is the custom ID of the form an endpoint answer opens.
func modalID(t *testing.T, ans discordtest.EndpointAnswer) string {
	t.Helper()
	if ans.Type != discordgo.InteractionResponseModal {
		t.Fatalf("answer %d %s, want a form", ans.Type, ans.Body)
	}
	var modal struct {
		Data struct {
			CustomID string `json:"custom_id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(ans.Body, &modal); err != nil {
		t.Fatal(err)
	}
	return modal.Data.CustomID
}

// TestPlayOverHTTPAtAPersonsPace plays a whole game over the interactions
// endpoint, under the default budgets, by the Move form: a press and a
// submit every 5 s, and every fourth time a burst of three quick moves
// (0.3 s apart). It ends on the solution without a single slow-down notice:
// opening a form costs nothing, and moves have a budget of their own (the
// budgets' clock is the test's, so the pace is a person's without the
// waiting).
func TestPlayOverHTTPAtAPersonsPace(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	cfg := playConfig(db)
	d := DefaultConfig()
	cfg.UserRate, cfg.UserBurst, cfg.MoveRate, cfg.MoveBurst = d.UserRate, d.UserBurst, d.MoveRate, d.MoveBurst
	clock := &fakeClock{t: time.Now()}
	srv := discordtest.New(t)
	web := startHTTPOn(t, srv, cfg, func(b *Bot) { b.admitNow = clock.now })
	if _, ans := web.post(t, discordtest.Command{Name: "play", Options: opts("grid", gamePuzzle)}); ans.Status != 200 {
		t.Fatalf("/play over HTTP: %d %s", ans.Status, ans.Body)
	}
	b := waitBoard(t, srv, "1", "the board of /play", func(board) bool { return true })
	ids, _ := customIDs(t, b)
	var submits []string
	play := func(move string) {
		t.Helper()
		ans, err := srv.PostInteraction(web.endpoint, srv.ComponentPayload(discordtest.Component{CustomID: ids["Move"], MessageID: b.id, ChannelID: b.channel}))
		if err != nil {
			t.Fatal(err)
		}
		p := formPayload(srv, b, modalID(t, ans), move, nil)
		submits = append(submits, p["id"].(string))
		ans, err = srv.PostInteraction(web.endpoint, p)
		if err != nil || ans.Type != discordgo.InteractionResponseDeferredMessageUpdate {
			t.Fatalf("submit of %q: %v, answer %d %s", move, err, ans.Type, ans.Body)
		}
	}
	moves := strings.Fields(remaining(gamePuzzle))
	for i, k := 0, 0; i < len(moves); k++ {
		burst := 1
		if k%4 == 3 {
			burst = 3
		}
		for j := 0; j < burst && i < len(moves); j++ {
			play(moves[i] + " " + moves[i+1])
			i += 2
			clock.add(300 * time.Millisecond)
		}
		clock.add(5 * time.Second)
	}
	waitBoardFor(t, srv, time.Minute, "1", "the game solved", func(b board) bool { return strings.Contains(b.content, "solved!**") })
	for _, id := range submits {
		for _, m := range srv.InteractionMessages(id) {
			if m.Kind == discordtest.KindFollowup {
				t.Errorf("a move answered %q, want only the board's edit", m.Content)
			}
		}
	}
	g, err := db.Game(context.Background(), "1")
	if err != nil || g.Status != settings.GameSolved || g.Moves != len(moves)/2 {
		t.Fatalf("stored game: %s, %d moves (%v), want solved in %d", g.Status, g.Moves, err, len(moves)/2)
	}
}

// TestMoveOverBudgetNotPlayed: past a burst of the move budget, a typed
// move is neither played nor saved (the limit is decided before the work),
// and its player is told once.
func TestMoveOverBudgetNotPlayed(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	cfg := playConfig(db)
	cfg.MoveRate, cfg.MoveBurst = 60, 3
	clock := &fakeClock{t: time.Now()}
	h := start(t, cfg, func(b *Bot) { b.admitNow = clock.now })
	srv := h.srv
	id := startedGame(t, srv, db, nil, gamePuzzle)
	moves := strings.Fields(remaining(gamePuzzle))
	for i := range 5 {
		typeIn(t, srv, db, id, moves[2*i]+" "+moves[2*i+1], nil)
	}
	h.settle(t)
	told := 0
	for _, m := range srv.Messages() {
		if strings.Contains(m.Content, "faster than I can keep up") {
			told++
		}
	}
	if g, _ := db.Game(context.Background(), id); g.Moves != 3 || told != 1 {
		t.Fatalf("%d moves saved, told %d times; want 3 saved (the burst) and told once", g.Moves, told)
	}
	clock.add(2 * time.Second) // two moves' worth of budget back
	typeIn(t, srv, db, id, moves[10]+" "+moves[11], nil)
	waitBoard(t, srv, id, "the move after the wait", func(b board) bool { return strings.Contains(b.content, "4 moves") })
}

// TestTypedMoveDeliveredTwicePlaysOnce: a MESSAGE_CREATE that Discord
// delivers twice (a resumed session's replay) is played once: "undo" sent
// twice undoes one move.
func TestTypedMoveDeliveredTwicePlaysOnce(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	id := startedGame(t, srv, db, nil, gamePuzzle)
	g, _ := db.Game(context.Background(), id)
	typeIn(t, srv, db, id, "r1c3 4 r1c4 6", nil)
	waitBoard(t, srv, id, "two moves", func(b board) bool { return strings.Contains(b.content, "2 moves") })
	undo := srv.ThreadMessage(g.ThreadID, "undo", nil)
	srv.Dispatch("MESSAGE_CREATE", undo)
	srv.Dispatch("MESSAGE_CREATE", undo)
	h.settle(t)
	waitBoard(t, srv, id, "the undo", func(b board) bool { return strings.Contains(b.content, "Undid 1 move.") })
	if g, _ := db.Game(context.Background(), id); !strings.HasPrefix(g.Board, "534.7") {
		t.Errorf("board after an undo delivered twice: %s, want r1c3 4 kept (one undo)", g.Board[:9])
	}
}

// TestReplyToBoardPlaysThatGame: with two games' boards in one channel
// (threads off), a reply to board A plays A, though B was touched last;
// talk in the channel ("check this out") is not answered, and a malformed
// move typed there is talk too, while a malformed reply to a board is
// answered.
func TestReplyToBoardPlaysThatGame(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	if _, err := db.Update(context.Background(), discordtest.DefaultGuildID, func(g *settings.Guild) error { g.SetThreads(false); return nil }); err != nil {
		t.Fatal(err)
	}
	cfg := playConfig(db)
	cfg.Settings = db
	h := start(t, cfg, nil)
	srv := h.srv
	a := startedGame(t, srv, db, nil, "together "+gamePuzzle)
	bID := startedGame(t, srv, db, nil, "together "+gamePuzzle)
	boardA, _ := boardOf(srv, a)
	srv.SendMessage(discordtest.Message{Content: "r1c3 4"}) // no reply: the game touched last
	waitBoard(t, srv, bID, "the move on B", func(b board) bool { return strings.Contains(b.content, "Last move: r1c3 4") })
	srv.SendMessage(discordtest.Message{Content: "r1c4 6", ReplyTo: boardA.id})
	waitBoard(t, srv, a, "the reply to A on A", func(b board) bool { return strings.Contains(b.content, "Last move: r1c4 6") })
	if g, _ := db.Game(context.Background(), bID); g.Moves != 1 {
		t.Errorf("game B has %d moves, want 1: the reply to A played B", g.Moves)
	}
	n := srv.MessageCount()
	bob := &discordgo.User{ID: "4000000000000000042", Username: "bob"}
	srv.SendMessage(discordtest.Message{Content: "check this out", Author: bob})
	srv.SendMessage(discordtest.Message{Content: "r1c5 x", Author: bob})
	h.noMoreMessages(t, n)
	srv.SendMessage(discordtest.Message{Content: "r1c5 x", ReplyTo: boardA.id, Author: bob})
	waitContent(t, srv, n, "not a digit")
}

// TestStaleUndoKeepsTeammatesMove: an Undo pressed on a board that is no
// longer the game's latest does nothing, though the history has its old
// length again: Undo (2 steps to 1), a teammate's move (back to 2), then
// the first board's Undo pressed again leaves the teammate's move, and the
// presser alone is told.
func TestStaleUndoKeepsTeammatesMove(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	bob := &discordgo.User{ID: "4000000000000000042", Username: "bob"}
	id := startedGame(t, srv, db, nil, "together "+gamePuzzle)
	typeIn(t, srv, db, id, "r1c3 4 r1c4 6", nil)
	old := waitBoard(t, srv, id, "two moves", func(b board) bool { return strings.Contains(b.content, "2 moves") })
	press(t, srv, old, "Undo", nil)
	waitBoard(t, srv, id, "the undo", func(b board) bool { return strings.Contains(b.content, "Undid 1 move.") })
	typeIn(t, srv, db, id, "r1c6 8", bob)
	waitBoard(t, srv, id, "bob's move", func(b board) bool { return strings.Contains(b.content, "Last move: r1c6 8") })
	in := press(t, srv, old, "Undo", nil) // the first board's button, pressed late
	srv.WaitUntil(t, wait, "the stale press told, alone", func() bool {
		for _, m := range srv.InteractionMessages(in.ID) {
			if m.Kind == discordtest.KindFollowup && m.Ephemeral() && strings.Contains(m.Content, "board had changed") {
				return true
			}
		}
		return false
	})
	if g, _ := db.Game(context.Background(), id); g.Board[5] != '8' || g.Board[2] != '4' {
		t.Errorf("board %s after a stale Undo, want r1c3 4 and bob's r1c6 8 kept", g.Board[:9])
	}
}

// TestMoveDeliveredToTwoProcessesPlaysOnce: two processes on one database
// both get a typed move (two sessions with one token, as during a
// deployment): the move is played once, by whichever reads it first, and
// the other posts nothing (the game keeps the IDs of the events it
// played): moves played twice would count twice.
func TestMoveDeliveredToTwoProcessesPlaysOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "games.db")
	srv := discordtest.New(t)
	db := openGames(t, path)
	h1 := startOn(t, srv, playConfig(db), nil)
	id := startedGame(t, srv, db, nil, gamePuzzle) // before the second process: !play is the first's alone
	h2 := startOn(t, srv, playConfig(openGames(t, path)), nil)
	g, _ := db.Game(context.Background(), id)
	for i := range 5 {
		n := srv.MessageCount()
		if k := srv.Dispatch("MESSAGE_CREATE", srv.ThreadMessage(g.ThreadID, "r1c3 +1 r1c3 -1", nil)); k != 2 {
			t.Fatalf("the move reached %d sessions, want 2", k)
		}
		poll(t, "both processes done with the move", func() bool {
			return h1.bot.handledEvents.Load()+h2.bot.handledEvents.Load() >= int64(srv.Dispatched("MESSAGE_CREATE", "INTERACTION_CREATE"))
		})
		for _, m := range srv.Messages()[n:] {
			if m.Kind == discordtest.KindChannelMessage && gameTitle(m.Content) == "" {
				t.Errorf("move %d answered %q", i+1, m.Content)
			}
		}
	}
	if g, _ := db.Game(context.Background(), id); g.Moves != 10 {
		t.Errorf("%d moves saved for 5 messages of 2 moves each delivered to two processes, want 10", g.Moves)
	}
}

// TestFormSubmittedTwiceOverHTTP: a form that reaches the endpoint twice
// (one interaction sent again) is played once; the second delivery gets a
// note for the member alone.
func TestFormSubmittedTwiceOverHTTP(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	srv := discordtest.New(t)
	web := startHTTPOn(t, srv, playConfig(db), nil)
	web.post(t, discordtest.Command{Name: "play", Options: opts("grid", gamePuzzle)})
	b := waitBoard(t, srv, "1", "the board of /play", func(board) bool { return true })
	ids, _ := customIDs(t, b)
	ans, err := srv.PostInteraction(web.endpoint, srv.ComponentPayload(discordtest.Component{CustomID: ids["Move"], MessageID: b.id, ChannelID: b.channel}))
	if err != nil {
		t.Fatal(err)
	}
	p := formPayload(srv, b, modalID(t, ans), "r1c3 +4", nil)
	if ans, err := srv.PostInteraction(web.endpoint, p); err != nil || ans.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("first submit: %v, %d %s", err, ans.Type, ans.Body)
	}
	again, err := srv.PostInteraction(web.endpoint, p)
	if err != nil || again.Type != discordgo.InteractionResponseChannelMessageWithSource || again.Message == nil || !again.Message.Ephemeral() ||
		!strings.Contains(again.Message.Content, "done once") {
		t.Fatalf("the same submit again: %v, %d %s; want a note for the member alone", err, again.Type, again.Body)
	}
	waitBoard(t, srv, "1", "the marks", func(b board) bool { return strings.Contains(b.content, "Pencil marks: r1c3 4.") })
	if g, _ := db.Game(context.Background(), "1"); g.Moves != 1 {
		t.Errorf("%d moves saved for one form sent twice, want 1", g.Moves)
	}
}

// TestIdleGamesClosedOnSchedule: the bot closes the games left untouched
// on its sweep, without a new game to do it; a press on a closed game's
// board says it is over, to the presser alone.
func TestIdleGamesClosedOnSchedule(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	cfg := playConfig(db)
	cfg.IdleSweep = 20 * time.Millisecond
	cfg.Play.Idle = time.Hour
	clock := &fakeClock{t: time.Now()}
	cfg.Now = clock.now
	h := start(t, cfg, nil)
	srv := h.srv
	id := startedGame(t, srv, db, nil, gamePuzzle)
	clock.add(2 * time.Hour)
	poll(t, "the idle game closed by the sweep", func() bool {
		g, err := db.Game(context.Background(), id)
		return err == nil && g.Status == settings.GameClosed
	})
	b, _ := boardOf(srv, id)
	in := press(t, srv, b, "Check", nil)
	if r := responseTo(t, srv, in.ID); !r.Deferred() || !r.Ephemeral() {
		t.Errorf("Check on a closed game: first response %v, want an ephemeral deferral", r)
	}
	srv.WaitUntil(t, wait, "the press on a closed game answered", func() bool {
		for _, m := range srv.InteractionMessages(in.ID) {
			if m.Kind == discordtest.KindOriginalEdit && strings.Contains(m.Content, "closed for being left untouched") {
				return true
			}
		}
		return false
	})
}
