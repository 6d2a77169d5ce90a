package storetest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/settings"
)

// RunGames runs the suite of the games store ([settings.Games]) on
// databases made by newDB: the same tests on a real SQLite file and on a
// real PostgreSQL server, with two connection pools where the claim is
// about concurrency.
func RunGames(t *testing.T, newDB NewDatabase) {
	for _, tc := range []struct {
		name string
		f    func(t *testing.T, newDB NewDatabase)
	}{
		{"RoundTrip", testGameRoundTrip},
		{"NoGame", testNoGame},
		{"StaleUpdate", testGameStaleUpdate},
		{"ConcurrentMoves", testGameConcurrentMoves},
		{"Limit", testGameLimit},
		{"LimitRace", testGameLimitRace},
		{"Lookups", testGameLookups},
		{"CloseIdle", testGameCloseIdle},
		{"Finished", testGameFinished},
		{"DeleteGuild", testGameDeleteGuild},
		{"Validation", testGameValidation},
		{"KillDuringMoves", testGameKillDuringMoves},
		{"MemberStats", testMemberStats},
		{"FastestSolves", testFastestSolves},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.f(t, newDB) })
	}
}

func openGames(t testing.TB, url string) settings.Games {
	t.Helper()
	b := open(t, url)
	g, ok := b.(settings.Games)
	if !ok {
		t.Fatalf("%T keeps no games", b)
	}
	return g
}

const (
	gGuild   = "111111111111111111"
	gChannel = "222222222222222222"
	gOwner   = "333333333333333333"
	gOther   = "444444444444444444"
)

// aGame is a game of the README's puzzle, just started.
func aGame() settings.GameRecord {
	const puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	return settings.GameRecord{
		GuildID: gGuild, ChannelID: gChannel, OwnerID: gOwner, Code: "#9H-abb63100", Level: "Hard",
		Puzzle: puzzle, Solution: "534678912672195348198342567859761423426853791713924856961537284287419635345286179", Board: puzzle,
		Status: settings.GamePlaying, Started: time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC),
	}
}

func mustCreate(t testing.TB, s settings.Games, g settings.GameRecord) settings.GameRecord {
	t.Helper()
	out, err := s.CreateGame(ctxT(t), g, 100)
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return out
}

func testGameRoundTrip(t *testing.T, newDB NewDatabase) {
	s := openGames(t, newDB(t))
	g := aGame()
	g.Players = []settings.GamePlayer{{UserID: gOwner, Moves: 0}}
	g.Turn, g.Events, g.Ranked = 3, []string{"1300000000000000001", "1300000000000000002"}, true
	before := time.Now().Add(-time.Second)
	created := mustCreate(t, s, g)
	if created.ID == "" || created.Version != 1 || created.Updated.Before(before) {
		t.Fatalf("created game: ID %q, version %d, updated %v", created.ID, created.Version, created.Updated)
	}
	want := g
	want.ID, want.Version, want.Updated = created.ID, 1, created.Updated
	if !reflect.DeepEqual(created, want) {
		t.Fatalf("CreateGame returned\n%+v, want\n%+v", created, want)
	}
	// Every field an update may change comes back as saved.
	next := created
	next.ThreadID, next.MessageID, next.Team = "555555555555555555", "666666666666666666", true
	next.Board = "534" + g.Board[3:]
	next.Marks, next.History = "1,2", `[{"p":"333333333333333333","c":2,"a":4}]`
	next.Status, next.Finished = settings.GameSolved, time.Date(2026, 12, 1, 20, 7, 3, 123e6, time.UTC)
	next.Moves, next.Mistakes, next.Hints, next.Checks, next.ShowMistakes = 57, 3, 2, 1, true
	next.Players = []settings.GamePlayer{{UserID: gOther, Moves: 7}, {UserID: gOwner, Moves: 50}} // first mover first, not by ID
	next.Turn, next.Ranked = 61, false
	next.Events = nil
	for i := range settings.MaxGameEvents {
		next.Events = append(next.Events, settings.FormatID(1400000000000000000+int64(i)*7919))
	}
	saved, err := s.UpdateGame(ctxT(t), next)
	if err != nil {
		t.Fatal(err)
	}
	want = next
	want.Version, want.Updated = 2, saved.Updated
	if !reflect.DeepEqual(saved, want) {
		t.Fatalf("UpdateGame returned\n%+v, want\n%+v", saved, want)
	}
	read, err := s.Game(ctxT(t), created.ID)
	if err != nil || !reflect.DeepEqual(read, saved) {
		t.Fatalf("Game = %+v, %v; want %+v", read, err, saved)
	}
	// No events, no players, back to ranked: nothing is left behind.
	last := saved
	last.Events, last.Players, last.Ranked = nil, nil, true
	if saved, err = s.UpdateGame(ctxT(t), last); err != nil {
		t.Fatal(err)
	}
	want = last
	want.Version, want.Updated = 3, saved.Updated
	if read, err := s.Game(ctxT(t), created.ID); err != nil || !reflect.DeepEqual(read, want) {
		t.Fatalf("Game after clearing events and players = %+v, %v; want %+v", read, err, want)
	}
	// A DM game: no server.
	dm := aGame()
	dm.GuildID = ""
	if got := mustCreate(t, s, dm); got.GuildID != "" {
		t.Errorf("a DM game came back in server %q", got.GuildID)
	}
}

func testNoGame(t *testing.T, newDB NewDatabase) {
	s := openGames(t, newDB(t))
	for _, id := range []string{"12345", "", "x", "-1"} {
		if _, err := s.Game(ctxT(t), id); !errors.Is(err, settings.ErrNoGame) {
			t.Errorf("Game(%q) = %v, want ErrNoGame", id, err)
		}
	}
	g := aGame()
	g.ID, g.Version = "12345", 1
	if _, err := s.UpdateGame(ctxT(t), g); !errors.Is(err, settings.ErrNoGame) {
		t.Errorf("UpdateGame of an unknown game = %v, want ErrNoGame", err)
	}
}

func testGameStaleUpdate(t *testing.T, newDB NewDatabase) {
	s := openGames(t, newDB(t))
	g := mustCreate(t, s, aGame())
	first := g
	first.Moves = 1
	if _, err := s.UpdateGame(ctxT(t), first); err != nil {
		t.Fatal(err)
	}
	second := g // read before the first update
	second.Moves = 99
	if _, err := s.UpdateGame(ctxT(t), second); !errors.Is(err, settings.ErrGameConflict) {
		t.Fatalf("update from a stale read = %v, want ErrGameConflict", err)
	}
	if got, _ := s.Game(ctxT(t), g.ID); got.Moves != 1 || got.Version != 2 {
		t.Fatalf("after a refused stale update: moves %d, version %d; want 1, 2", got.Moves, got.Version)
	}
}

// testGameConcurrentMoves: moves made at once through two pools (two
// processes), each read-modify-write retried on a conflict, lose none.
func testGameConcurrentMoves(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	pools := []settings.Games{openGames(t, url), openGames(t, url)}
	id := mustCreate(t, pools[0], aGame()).ID
	const perPool = 10
	var wg sync.WaitGroup
	var conflicts atomic.Int64
	errs := make(chan error, 2*perPool)
	for _, s := range pools {
		for range perPool {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					g, err := s.Game(ctxT(t), id)
					if err != nil {
						errs <- err
						return
					}
					g.Moves++
					_, err = s.UpdateGame(ctxT(t), g)
					if errors.Is(err, settings.ErrGameConflict) {
						conflicts.Add(1)
						continue
					}
					if err != nil {
						errs <- err
					}
					return
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	g, err := pools[1].Game(ctxT(t), id)
	if err != nil {
		t.Fatal(err)
	}
	if g.Moves != 2*perPool || g.Version != 1+2*perPool {
		t.Fatalf("after %d concurrent moves: %d moves, version %d (%d conflicts retried)", 2*perPool, g.Moves, g.Version, conflicts.Load())
	}
}

func testGameLimit(t *testing.T, newDB NewDatabase) {
	s := openGames(t, newDB(t))
	ctx := ctxT(t)
	var ids []string
	for range 2 {
		g, err := s.CreateGame(ctx, aGame(), 2)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	_, err := s.CreateGame(ctx, aGame(), 2)
	var tm *settings.TooManyGamesError
	if !errors.As(err, &tm) || tm.Open != 2 || tm.Limit != 2 || !errors.Is(err, settings.ErrTooManyGames) {
		t.Fatalf("a third game with a limit of 2: %v, want TooManyGamesError{2, 2}", err)
	}
	// Another server, another member: their own count.
	other := aGame()
	other.GuildID = "999999999999999999"
	if _, err := s.CreateGame(ctx, other, 2); err != nil {
		t.Errorf("a game in another server: %v", err)
	}
	other = aGame()
	other.OwnerID = gOther
	if _, err := s.CreateGame(ctx, other, 2); err != nil {
		t.Errorf("another member's game: %v", err)
	}
	// A finished game no longer counts.
	g, _ := s.Game(ctx, ids[0])
	g.Status, g.Finished = settings.GameGaveUp, time.Now()
	if _, err := s.UpdateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CreateGame(ctx, aGame(), 2); err != nil {
		t.Errorf("a game after one was given up: %v", err)
	}
}

// testGameLimitRace: starts at once through two pools never pass the limit.
func testGameLimitRace(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	pools := []settings.Games{openGames(t, url), openGames(t, url)}
	const limit, tries = 3, 8
	var made, refused atomic.Int64
	var wg sync.WaitGroup
	for i := range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := pools[i%2].CreateGame(ctxT(t), aGame(), limit)
			switch {
			case err == nil:
				made.Add(1)
			case errors.Is(err, settings.ErrTooManyGames):
				refused.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if made.Load() != limit || refused.Load() != tries-limit {
		t.Fatalf("%d starts at once with a limit of %d: %d made, %d refused", tries, limit, made.Load(), refused.Load())
	}
}

func testGameLookups(t *testing.T, newDB NewDatabase) {
	s := openGames(t, newDB(t))
	ctx := ctxT(t)
	a := aGame()
	a.Players, a.Events, a.Turn = []settings.GamePlayer{{UserID: gOwner, Moves: 2}}, []string{"1300000000000000009"}, 2
	a = mustCreate(t, s, a)
	b := aGame()
	b.ThreadID = "777777777777777777"
	b.Team, b.Players = true, []settings.GamePlayer{{UserID: gOther, Moves: 4}, {UserID: gOwner, Moves: 1}, {UserID: "555555555555555555", Moves: 9}}
	bb := mustCreate(t, s, b)
	c := aGame()
	c.OwnerID, c.ChannelID = gOther, "888888888888888888"
	c.Players = []settings.GamePlayer{{UserID: gOther, Moves: 12}}
	cc := mustCreate(t, s, c)
	// a is touched last: it comes first.
	a.Moves, a.Updated = 1, time.Now().Add(time.Second)
	if _, err := s.UpdateGame(ctx, a); err != nil {
		t.Fatal(err)
	}
	ids := func(gs []settings.GameRecord, err error) []string { t.Helper(); return gameIDs(t, gs, err) }
	// Lists read whole records, each with its own players in their order.
	players := map[string][]settings.GamePlayer{a.ID: a.Players, bb.ID: b.Players, cc.ID: c.Players}
	for _, list := range []func() ([]settings.GameRecord, error){
		func() ([]settings.GameRecord, error) { return s.OpenGames(ctx, gGuild, gOwner) },
		func() ([]settings.GameRecord, error) { return s.GamesIn(ctx, gChannel) },
		func() ([]settings.GameRecord, error) { return s.GamesIn(ctx, "888888888888888888") },
	} {
		gs, err := list()
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range gs {
			if !reflect.DeepEqual(g.Players, players[g.ID]) {
				t.Errorf("game %s listed with players %v, want %v", g.ID, g.Players, players[g.ID])
			}
			if one, err := s.Game(ctx, g.ID); err != nil || !reflect.DeepEqual(g, one) {
				t.Errorf("a game listed:\n%+v\nread by its ID:\n%+v (%v)", g, one, err)
			}
		}
	}
	if got, want := ids(s.OpenGames(ctx, gGuild, gOwner)), []string{a.ID, bb.ID}; !reflect.DeepEqual(got, want) {
		t.Errorf("OpenGames = %v, want %v", got, want)
	}
	if got, want := ids(s.OpenGames(ctx, "", gOwner)), []string(nil); !reflect.DeepEqual(got, want) {
		t.Errorf("OpenGames in DMs = %v, want none", got)
	}
	if got, want := ids(s.GamesIn(ctx, gChannel)), []string{a.ID, bb.ID}; !reflect.DeepEqual(got, want) {
		t.Errorf("GamesIn(channel) = %v, want %v", got, want)
	}
	if got, want := ids(s.GamesIn(ctx, "777777777777777777")), []string{bb.ID}; !reflect.DeepEqual(got, want) {
		t.Errorf("GamesIn(thread) = %v, want %v", got, want)
	}
	if got, want := ids(s.GamesIn(ctx, "888888888888888888")), []string{cc.ID}; !reflect.DeepEqual(got, want) {
		t.Errorf("GamesIn(other channel) = %v, want %v", got, want)
	}
	if _, err := s.GamesIn(ctx, "nope"); err == nil {
		t.Error("GamesIn of a bad ID: no error")
	}
}

// gameIDs returns the IDs of gs, failing the test on err.
func gameIDs(t *testing.T, gs []settings.GameRecord, err error) []string {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, g := range gs {
		out = append(out, g.ID)
	}
	return out
}

func testGameCloseIdle(t *testing.T, newDB NewDatabase) {
	s := openGames(t, newDB(t))
	ctx := ctxT(t)
	g := mustCreate(t, s, aGame())
	done := aGame()
	done.Status, done.Finished = settings.GameSolved, time.Now()
	fin := mustCreate(t, s, done)
	now := time.Now()
	if n, err := s.CloseIdleGames(ctx, now.Add(-time.Hour), now); err != nil || n != 0 {
		t.Fatalf("closing games idle for an hour, right after they were made: %d, %v", n, err)
	}
	later := now.Add(48 * time.Hour).UTC().Truncate(time.Millisecond)
	if n, err := s.CloseIdleGames(ctx, later.Add(-24*time.Hour), later); err != nil || n != 1 {
		t.Fatalf("closing games idle for a day, two days later: %d, %v; want 1", n, err)
	}
	got, _ := s.Game(ctx, g.ID)
	if got.Status != settings.GameClosed || !got.Finished.Equal(later) || got.Version != 2 {
		t.Errorf("idle game: %s, finished %v, version %d", got.Status, got.Finished, got.Version)
	}
	if got, _ := s.Game(ctx, fin.ID); got.Status != settings.GameSolved {
		t.Errorf("a solved game was closed: %s", got.Status)
	}
	if open, _ := s.OpenGames(ctx, gGuild, gOwner); len(open) != 0 {
		t.Errorf("%d games open after closing", len(open))
	}
	// A closed game's stale update is a conflict, not a resurrection.
	if _, err := s.UpdateGame(ctx, g); !errors.Is(err, settings.ErrGameConflict) {
		t.Errorf("update of a game closed since it was read: %v", err)
	}
}

func testGameFinished(t *testing.T, newDB NewDatabase) {
	s := openGames(t, newDB(t))
	ctx := ctxT(t)
	day := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	mk := func(owner string, status string, finished time.Time, players ...string) string {
		g := aGame()
		g.OwnerID, g.Status, g.Finished = owner, status, finished
		for _, p := range players {
			g.Players = append(g.Players, settings.GamePlayer{UserID: p, Moves: 1})
		}
		return mustCreate(t, s, g).ID
	}
	mk(gOwner, settings.GameSolved, day.Add(-time.Hour)) // before the day
	a := mk(gOwner, settings.GameSolved, day.Add(2*time.Hour))
	b := mk(gOther, settings.GameGaveUp, day.Add(time.Hour))
	team := mk(gOther, settings.GameSolved, day.Add(3*time.Hour), gOther, gOwner)
	mk(gOwner, settings.GamePlaying, time.Time{})
	ids := func(user string) []string {
		t.Helper()
		gs, err := s.FinishedGames(ctx, gGuild, user, day)
		return gameIDs(t, gs, err)
	}
	if got, want := ids(""), []string{b, a, team}; !reflect.DeepEqual(got, want) {
		t.Errorf("FinishedGames since the day = %v, want %v", got, want)
	}
	if got, want := ids(gOwner), []string{a, team}; !reflect.DeepEqual(got, want) {
		t.Errorf("FinishedGames of a member (owner or player) = %v, want %v", got, want)
	}
}

func testGameDeleteGuild(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	s := openGames(t, url)
	g := mustCreate(t, s, aGame())
	other := aGame()
	other.GuildID = "999999999999999999"
	kept := mustCreate(t, s, other)
	if err := open(t, url).DeleteGuild(ctxT(t), gGuild); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Game(ctxT(t), g.ID); !errors.Is(err, settings.ErrNoGame) {
		t.Errorf("a game of a deleted server: %v", err)
	}
	if _, err := s.Game(ctxT(t), kept.ID); err != nil {
		t.Errorf("another server's game: %v", err)
	}
}

func testGameValidation(t *testing.T, newDB NewDatabase) {
	s := openGames(t, newDB(t))
	for name, spoil := range map[string]func(*settings.GameRecord){
		"no channel":      func(g *settings.GameRecord) { g.ChannelID = "" },
		"owner not an ID": func(g *settings.GameRecord) { g.OwnerID = "console" },
		"unknown status":  func(g *settings.GameRecord) { g.Status = "won" },
		"short board":     func(g *settings.GameRecord) { g.Board = g.Board[1:] },
		"bad player":      func(g *settings.GameRecord) { g.Players = []settings.GamePlayer{{UserID: "x"}} },
		"bad event":       func(g *settings.GameRecord) { g.Events = []string{"1300000000000000001", "1,2"} },
		"too many events": func(g *settings.GameRecord) {
			for i := range settings.MaxGameEvents + 1 {
				g.Events = append(g.Events, settings.FormatID(1300000000000000000+int64(i)))
			}
		},
		"turn below zero": func(g *settings.GameRecord) { g.Turn = -1 },
	} {
		g := aGame()
		spoil(&g)
		if _, err := s.CreateGame(ctxT(t), g, 5); err == nil {
			t.Errorf("%s: created", name)
		}
	}
	g := mustCreate(t, s, aGame())
	g.Status = "won"
	if _, err := s.UpdateGame(ctxT(t), g); err == nil {
		t.Error("update to an unknown status: saved")
	}
	g.Status = settings.GamePlaying
	for i := range settings.MaxGameEvents + 1 {
		g.Events = append(g.Events, settings.FormatID(1300000000000000000+int64(i)))
	}
	if _, err := s.UpdateGame(ctxT(t), g); err == nil {
		t.Errorf("update with %d events: saved", len(g.Events))
	}
	g.Events = []string{"0123"}
	if _, err := s.UpdateGame(ctxT(t), g); err == nil {
		t.Error("update with an event ID that is not a snowflake: saved")
	}
	if got, err := s.Game(ctxT(t), g.ID); err != nil || got.Version != 1 || got.Events != nil {
		t.Errorf("after refused updates: version %d, events %v (%v)", got.Version, got.Events, err)
	}
}

// testGameKillDuringMoves: a process makes moves without pause and is
// killed with SIGKILL after a random number of acknowledged ones; every
// acknowledged move is there, and the database opens.
func testGameKillDuringMoves(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	for round := range 3 {
		p := start(t, "moves", url)
		id, ok := strings.CutPrefix(p.line(t), "game ")
		if !ok {
			t.Fatal("the child made no game")
		}
		stopAt := 3 + rand.IntN(30)
		last := 0
		for last < stopAt {
			if _, err := fmt.Sscanf(p.line(t), "ack %d", &last); err != nil {
				t.Fatal(err)
			}
		}
		p.kill(t)
		b := open(t, url)
		if c, ok := b.(interface{ Check(context.Context) error }); ok {
			if err := c.Check(ctxT(t)); err != nil {
				t.Fatalf("round %d: after kill -9: %v", round, err)
			}
		}
		g, err := b.(settings.Games).Game(ctxT(t), id)
		if err != nil || g.Moves < last || g.Version != int64(g.Moves)+1 {
			t.Fatalf("round %d: killed after move %d was acknowledged; stored %d moves, version %d (%v)", round, last, g.Moves, g.Version, err)
		}
	}
}
