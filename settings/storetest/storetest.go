// Package storetest is the test suite that every settings backend passes: the
// same tests, run on a real SQLite file and on a real PostgreSQL server, with
// several connection pools and several processes where the claim is about
// them (races, migrations at start-up, kill -9 after a write).
//
// A backend's tests call [Run] with a function that makes a new, empty
// database, and [Main] from their TestMain (the suite starts the test binary
// again as the other processes).
package storetest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/backend"
)

// Run runs the suite on databases made by newDB.
func Run(t *testing.T, newDB NewDatabase) {
	for _, tc := range []struct {
		name string
		f    func(t *testing.T, newDB NewDatabase)
	}{
		{"Defaults", testDefaults},
		{"RoundTrip", testRoundTrip},
		{"Validation", testValidation},
		{"ChangeError", testChangeError},
		{"ChangePanics", testChangePanics},
		{"ConcurrentUpdates", testConcurrentUpdates},
		{"Changes", testChanges},
		{"DeleteGuild", testDeleteGuild},
		{"ClaimDaily", testClaimDaily},
		{"ClaimRacePools", testClaimRacePools},
		{"ClaimRaceProcesses", testClaimRaceProcesses},
		{"DueDaily", testDueDaily},
		{"Solvers", testSolvers},
		{"SolversConcurrent", testSolversConcurrent},
		{"Unranked", testUnranked},
		{"Streak", testStreak},
		{"BadIDs", testBadIDs},
		{"MigrateTwice", testMigrateTwice},
		{"MigrateRaceProcesses", testMigrateRaceProcesses},
		{"KillAfterWrite", testKillAfterWrite},
		{"KillDuringWrites", testKillDuringWrites},
		{"CacheSeesOtherProcess", testCacheSeesOtherProcess},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.f(t, newDB) })
	}
}

// open opens url as a backend closed when the test ends.
func open(t testing.TB, url string) settings.Backend {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	b, err := backend.Open(ctx, url)
	if err != nil {
		t.Fatalf("open %s: %v", backend.Redact(url), err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func mustUpdate(t testing.TB, s settings.Store, guild string, change func(*settings.Guild) error) settings.Guild {
	t.Helper()
	g, err := s.Update(ctxT(t), guild, change)
	if err != nil {
		t.Fatalf("Update(%s): %v", guild, err)
	}
	return g
}

func mustGuild(t testing.TB, s settings.Store, guild string) settings.Guild {
	t.Helper()
	g, err := s.Guild(ctxT(t), guild)
	if err != nil {
		t.Fatalf("Guild(%s): %v", guild, err)
	}
	return g
}

func testDefaults(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	got := mustGuild(t, b, "123456789012345678")
	if want := (settings.Guild{ID: "123456789012345678"}); !reflect.DeepEqual(got, want) {
		t.Fatalf("Guild of a new server = %+v, want %+v", got, want)
	}
	if n, err := b.LastChange(ctxT(t)); err != nil || n != 0 {
		t.Fatalf("LastChange of a new database = %d, %v; want 0, nil", n, err)
	}
}

// full sets every setting to a value other than its default.
func full(g *settings.Guild) error {
	return errors.Join(
		g.SetPrefix("?!"),
		g.AddSpoilerChannel("300000000000000001"),
		g.AddSpoilerChannel("300000000000000002"),
		g.SetPictures(settings.PicturesAlways),
		g.AllowChannel("200000000000000002"),
		g.AllowChannel("200000000000000001"), // order is kept, not sorted
		g.SetDaily("400000000000000001", 17, settings.LevelExtreme),
		func() error { g.SetThreads(false); return nil }(),
	)
}

func testRoundTrip(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	b := open(t, url)
	const id = "111111111111111111"
	saved := mustUpdate(t, b, id, full)
	want := settings.Guild{
		ID: id, Prefix: "?!", Spoilers: settings.SpoilersInChannels,
		SpoilerChannels: []string{"300000000000000001", "300000000000000002"},
		Pictures:        settings.PicturesAlways,
		Channels:        []string{"200000000000000002", "200000000000000001"},
		Daily:           settings.Daily{ChannelID: "400000000000000001", Hour: 17, Level: settings.LevelExtreme},
		NoThreads:       true,
		Version:         saved.Version,
	}
	if saved.Version <= 0 {
		t.Errorf("Version after the first write = %d, want > 0", saved.Version)
	}
	if !reflect.DeepEqual(saved, want) {
		t.Fatalf("Update returned\n%+v, want\n%+v", saved, want)
	}
	if got := mustGuild(t, b, id); !reflect.DeepEqual(got, want) {
		t.Fatalf("Guild after Update =\n%+v, want\n%+v", got, want)
	}
	// Another connection pool (another process) reads the same.
	if got := mustGuild(t, open(t, url), id); !reflect.DeepEqual(got, want) {
		t.Fatalf("Guild from a second pool =\n%+v, want\n%+v", got, want)
	}
	// Back to the defaults, field by field: nothing is left behind.
	back := mustUpdate(t, b, id, func(g *settings.Guild) error {
		g.AllowAllChannels()
		g.DailyOff()
		g.SpoilerChannels = nil
		g.SetThreads(true)
		return errors.Join(g.SetPrefix("default"), g.SetSpoilers(settings.SpoilersDefault), g.SetPictures(settings.PicturesDefault))
	})
	if back.Version <= saved.Version {
		t.Errorf("Version went from %d to %d, want it to grow", saved.Version, back.Version)
	}
	if got := mustGuild(t, b, id); !reflect.DeepEqual(got, settings.Guild{ID: id, Version: back.Version}) {
		t.Fatalf("Guild after reset = %+v, want the defaults", got)
	}
	// Another server is untouched.
	if got := mustGuild(t, b, "222222222222222222"); got.Version != 0 || got.Prefix != "" {
		t.Fatalf("other server = %+v, want defaults", got)
	}
}

func testValidation(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	const id = "111111111111111111"
	before := mustUpdate(t, b, id, func(g *settings.Guild) error { return g.SetPrefix("$") })
	for _, tc := range []struct {
		name    string
		change  func(*settings.Guild)
		setting string
	}{
		{"prefix with a space", func(g *settings.Guild) { g.Prefix = "a b" }, "prefix"},
		{"long prefix", func(g *settings.Guild) { g.Prefix = "abcdef" }, "prefix"},
		{"hour 24", func(g *settings.Guild) { g.Daily = settings.Daily{ChannelID: "5", Hour: 24} }, "daily hour"},
		{"hour without channel", func(g *settings.Guild) { g.Daily = settings.Daily{Hour: 3} }, "daily channel"},
		{"channel not an ID", func(g *settings.Guild) { g.Channels = []string{"general"} }, "channels"},
		{"channel twice", func(g *settings.Guild) { g.Channels = []string{"7", "7"} }, "channels"},
		{"unknown level", func(g *settings.Guild) { g.Daily = settings.Daily{ChannelID: "5", Level: 99} }, "daily level"},
		{"unknown mode", func(g *settings.Guild) { g.Spoilers = 9 }, "spoilers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := b.Update(ctxT(t), id, func(g *settings.Guild) error { tc.change(g); return nil })
			var se *settings.Error
			if !errors.As(err, &se) || se.Setting != tc.setting {
				t.Fatalf("Update: err = %v, want a *settings.Error about %q", err, tc.setting)
			}
			if got := mustGuild(t, b, id); !reflect.DeepEqual(got, before) {
				t.Fatalf("after a refused Update, Guild = %+v, want %+v unchanged", got, before)
			}
		})
	}
}

func testChangeError(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	const id = "111111111111111111"
	mine := errors.New("the member may not change settings")
	_, err := b.Update(ctxT(t), id, func(g *settings.Guild) error {
		g.Prefix = "%"
		return mine
	})
	if err != mine {
		t.Fatalf("Update returned %v, want the change's own error as it is", err)
	}
	if got := mustGuild(t, b, id); got.Prefix != "" || got.Version != 0 {
		t.Fatalf("Guild after a failed change = %+v, want nothing saved", got)
	}
	if n, _ := b.LastChange(ctxT(t)); n != 0 {
		t.Fatalf("LastChange after a failed change = %d, want 0", n)
	}
}

// testChangePanics: a change that panics leaves nothing saved and nothing
// locked.
func testChangePanics(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	const id = "111111111111111111"
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("the change's panic did not reach the caller")
			}
		}()
		b.Update(ctxT(t), id, func(g *settings.Guild) error {
			g.Prefix = "%"
			panic("bug in a command")
		})
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	g, err := b.Update(ctx, id, func(g *settings.Guild) error { return g.SetPrefix("&") })
	if err != nil || g.Prefix != "&" {
		t.Fatalf("Update after a change panicked = %+v, %v; want it to work", g, err)
	}
}

// testConcurrentUpdates adds channels from two pools at once: every addition
// survives (no update is lost between a read and a write).
func testConcurrentUpdates(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	pools := []settings.Backend{open(t, url), open(t, url)}
	const id, perPool = "111111111111111111", 12
	var wg sync.WaitGroup
	errs := make(chan error, 2*perPool)
	for p, b := range pools {
		for i := range perPool {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ch := strconv.Itoa(1000 + p*100 + i)
				if _, err := b.Update(ctxT(t), id, func(g *settings.Guild) error { return g.AllowChannel(ch) }); err != nil {
					errs <- err
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	g := mustGuild(t, pools[0], id)
	if len(g.Channels) != 2*perPool {
		t.Fatalf("after %d concurrent additions, %d channels: %v", 2*perPool, len(g.Channels), g.Channels)
	}
}

func testChanges(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	ctx := ctxT(t)
	start, err := b.LastChange(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a, c := "111111111111111111", "333333333333333333"
	ga := mustUpdate(t, b, a, func(g *settings.Guild) error { return g.SetPrefix("a") })
	gc := mustUpdate(t, b, c, func(g *settings.Guild) error { return g.SetPrefix("c") })
	if err := b.DeleteGuild(ctx, a); err != nil {
		t.Fatal(err)
	}
	chs, err := b.Changes(ctx, start, 100)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, ch := range chs {
		got = append(got, ch.GuildID)
		if i > 0 && ch.Seq <= chs[i-1].Seq {
			t.Errorf("change numbers not increasing: %+v", chs)
		}
	}
	if want := []string{a, c, a}; !slices.Equal(got, want) {
		t.Fatalf("Changes = %v, want %v", got, want)
	}
	if chs[0].Seq != ga.Version || chs[1].Seq != gc.Version {
		t.Errorf("change numbers %d, %d; versions of the writes %d, %d", chs[0].Seq, chs[1].Seq, ga.Version, gc.Version)
	}
	if last, _ := b.LastChange(ctx); last != chs[2].Seq {
		t.Errorf("LastChange = %d, want %d", last, chs[2].Seq)
	}
	if chs, _ := b.Changes(ctx, start, 2); len(chs) != 2 {
		t.Errorf("Changes with limit 2 returned %d", len(chs))
	}
	if chs, _ := b.Changes(ctx, chs[2].Seq, 100); len(chs) != 0 {
		t.Errorf("Changes after the last = %v, want none", chs)
	}
}

func testDeleteGuild(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	ctx := ctxT(t)
	gone, kept := "111111111111111111", "222222222222222222"
	day := settings.Day(20000)
	now := day.Time().Add(12 * time.Hour)
	for _, id := range []string{gone, kept} {
		mustUpdate(t, b, id, full)
		if won, err := b.ClaimDaily(ctx, id, day, now, time.Hour); !won || err != nil {
			t.Fatalf("ClaimDaily = %v, %v", won, err)
		}
		if err := b.DailyPosted(ctx, id, day, settings.DailyPost{ChannelID: "5", MessageID: "6"}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := b.RecordSolver(ctx, id, day, "77", now); err != nil {
			t.Fatal(err)
		}
	}
	keptBefore := mustGuild(t, b, kept)
	if err := b.DeleteGuild(ctx, gone); err != nil {
		t.Fatal(err)
	}
	if err := b.DeleteGuild(ctx, "999999999999999999"); err != nil {
		t.Fatalf("DeleteGuild of a server with nothing kept: %v", err)
	}
	if g := mustGuild(t, b, gone); !reflect.DeepEqual(g, settings.Guild{ID: gone}) {
		t.Errorf("deleted server's settings = %+v, want defaults", g)
	}
	if _, found, err := b.DailyPost(ctx, gone, day); found || err != nil {
		t.Errorf("deleted server's daily post: found %v, err %v", found, err)
	}
	if s, err := b.Solvers(ctx, gone, day); len(s) != 0 || err != nil {
		t.Errorf("deleted server's solvers = %v, %v", s, err)
	}
	if n, err := b.Streak(ctx, gone, "77", day); n != 0 || err != nil {
		t.Errorf("deleted server's streak = %d, %v", n, err)
	}
	// The bot added again later starts afresh: the day can be claimed.
	if won, err := b.ClaimDaily(ctx, gone, day, now, time.Hour); !won || err != nil {
		t.Errorf("claim after deletion = %v, %v; want true", won, err)
	}
	// The other server keeps everything.
	if g := mustGuild(t, b, kept); !reflect.DeepEqual(g, keptBefore) {
		t.Errorf("other server = %+v, want %+v", g, keptBefore)
	}
	if _, found, _ := b.DailyPost(ctx, kept, day); !found {
		t.Error("other server lost its daily post")
	}
	if s, _ := b.Solvers(ctx, kept, day); len(s) != 1 {
		t.Errorf("other server's solvers = %v", s)
	}
}

func testClaimDaily(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	ctx := ctxT(t)
	const id, lease = "111111111111111111", 10 * time.Minute
	day := settings.Day(20000)
	t0 := day.Time().Add(9 * time.Hour)
	claim := func(g string, d settings.Day, at time.Time, lease time.Duration) bool {
		t.Helper()
		won, err := b.ClaimDaily(ctx, g, d, at, lease)
		if err != nil {
			t.Fatalf("ClaimDaily: %v", err)
		}
		return won
	}
	if !claim(id, day, t0, lease) {
		t.Fatal("first claim lost")
	}
	if claim(id, day, t0, lease) {
		t.Fatal("second claim of the same day won")
	}
	if claim(id, day, t0.Add(lease-time.Second), lease) {
		t.Fatal("claim within the lease won")
	}
	if !claim(id, day+1, t0, lease) || !claim("222222222222222222", day, t0, lease) {
		t.Fatal("claims of another day or another server lost")
	}
	// The claimant died without posting: after the lease another takes over,
	// once.
	later := t0.Add(lease + time.Second)
	if !claim(id, day, later, lease) {
		t.Fatal("claim after an unconfirmed claim's lease lost")
	}
	if claim(id, day, later, lease) {
		t.Fatal("take-over won twice")
	}
	if _, found, _ := b.DailyPost(ctx, id, day); found {
		t.Fatal("DailyPost found before DailyPosted")
	}
	post := settings.DailyPost{ChannelID: "400000000000000001", MessageID: "500000000000000001"}
	if err := b.DailyPosted(ctx, id, day, post); err != nil {
		t.Fatal(err)
	}
	if got, found, err := b.DailyPost(ctx, id, day); !found || err != nil || got != post {
		t.Fatalf("DailyPost = %+v, %v, %v; want %+v", got, found, err, post)
	}
	// A confirmed post is never claimed again.
	if claim(id, day, later.Add(48*time.Hour), lease) {
		t.Fatal("a confirmed post was claimed again")
	}
	// Lease 0: never taken over.
	if !claim(id, day+5, t0, 0) {
		t.Fatal("first claim with lease 0 lost")
	}
	if claim(id, day+5, t0.Add(24*time.Hour), 0) {
		t.Fatal("a claim with lease 0 was taken over")
	}
}

// race makes n goroutines call claim at the same moment and returns how many
// won.
func race(t *testing.T, n int, claim func(i int) (bool, error)) int {
	t.Helper()
	var won atomic.Int32
	var wg sync.WaitGroup
	startGun := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-startGun
			w, err := claim(i)
			if err != nil {
				t.Error(err)
			}
			if w {
				won.Add(1)
			}
		}()
	}
	close(startGun)
	wg.Wait()
	return int(won.Load())
}

// testClaimRacePools races two independent connection pools (as two
// processes) for the daily post of many days: one winner each day.
func testClaimRacePools(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	pools := []settings.Backend{open(t, url), open(t, url)}
	const id, racers, days = "111111111111111111", 8, 25
	for d := range days {
		day := settings.Day(20000 + d)
		now := day.Time().Add(10 * time.Hour)
		won := race(t, racers, func(i int) (bool, error) {
			return pools[i%2].ClaimDaily(ctxT(t), id, day, now, time.Hour)
		})
		if won != 1 {
			t.Fatalf("day %s: %d of %d racers won the claim, want exactly 1", day, won, racers)
		}
	}
	// Take-overs after the lease race too.
	for d := range days {
		day := settings.Day(20000 + d)
		late := day.Time().Add(12 * time.Hour)
		if won := race(t, racers, func(i int) (bool, error) {
			return pools[i%2].ClaimDaily(ctxT(t), id, day, late, time.Hour)
		}); won != 1 {
			t.Fatalf("day %s after the lease: %d racers took over, want exactly 1", day, won)
		}
	}
}

// testClaimRaceProcesses starts processes that claim the same daily post at
// the same moment: exactly one wins.
func testClaimRaceProcesses(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	open(t, url) // migrate first: the race is about the claim
	const n = 4
	procs := make([]*proc, n)
	for i := range procs {
		procs[i] = start(t, "claim", url)
	}
	for _, p := range procs {
		if l := p.line(t); l != "ready" {
			t.Fatalf("child said %q, want ready", l)
		}
	}
	for _, p := range procs { // go
		if _, err := p.stdin.Write([]byte("go\n")); err != nil {
			t.Fatal(err)
		}
	}
	won := 0
	for _, p := range procs {
		switch l := p.line(t); l {
		case "won":
			won++
		case "lost":
		default:
			t.Fatalf("child said %q", l)
		}
		p.wait(t)
	}
	if won != 1 {
		t.Fatalf("%d of %d processes won the daily claim, want exactly 1", won, n)
	}
}

func testDueDaily(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	ctx := ctxT(t)
	const early, late, off = "111111111111111111", "222222222222222222", "333333333333333333"
	mustUpdate(t, b, early, func(g *settings.Guild) error { return g.SetDaily("10", 5, settings.LevelEasy) })
	mustUpdate(t, b, late, func(g *settings.Guild) error { return g.SetDaily("20", 10, settings.LevelDefault) })
	mustUpdate(t, b, off, func(g *settings.Guild) error { return g.SetPrefix("?") })
	const lease = 10 * time.Minute
	day := settings.Day(20000)
	due := func(at time.Time) []string {
		t.Helper()
		gs, err := b.DueDaily(ctx, at, lease)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, g := range gs {
			ids = append(ids, g.ID)
			if !g.Daily.On() {
				t.Errorf("DueDaily returned %+v, whose daily post is off", g)
			}
		}
		return ids
	}
	at7 := day.Time().Add(7 * time.Hour)
	if got := due(day.Time().Add(4*time.Hour + 59*time.Minute)); len(got) != 0 {
		t.Fatalf("due at 04:59 = %v, want none", got)
	}
	if got := due(at7); !slices.Equal(got, []string{early}) {
		t.Fatalf("due at 07:00 = %v, want [%s]", got, early)
	}
	if won, _ := b.ClaimDaily(ctx, early, day, at7, lease); !won {
		t.Fatal("claim lost")
	}
	if got := due(at7.Add(time.Minute)); len(got) != 0 {
		t.Fatalf("due just after the claim = %v, want none", got)
	}
	if got := due(at7.Add(lease + time.Minute)); !slices.Equal(got, []string{early}) {
		t.Fatalf("due after an unconfirmed claim's lease = %v, want [%s]", got, early)
	}
	if err := b.DailyPosted(ctx, early, day, settings.DailyPost{ChannelID: "10", MessageID: "11"}); err != nil {
		t.Fatal(err)
	}
	// Started late (23:00): what was not posted today is due at once.
	if got := due(day.Time().Add(23 * time.Hour)); !slices.Equal(got, []string{late}) {
		t.Fatalf("due at 23:00 = %v, want [%s]", got, late)
	}
	// Next day, 06:00: early again.
	if got := due((day + 1).Time().Add(6 * time.Hour)); !slices.Equal(got, []string{early}) {
		t.Fatalf("due next day at 06:00 = %v, want [%s]", got, early)
	}
}

// testUnranked: a member marked with Unrank for a day is not ranked that
// day in any server (place 0), while others are, and the next day they are
// again; a place had before the mark stays; marking twice is fine.
func testUnranked(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	ctx := ctxT(t)
	const g1, g2 = "111111111111111111", "222222222222222222"
	day := settings.Day(20000)
	t0 := day.Time().Add(8 * time.Hour)
	if _, _, err := b.RecordSolver(ctx, g2, day, "501", t0); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := b.Unrank(ctx, day, "501"); err != nil {
			t.Fatalf("Unrank: %v", err)
		}
	}
	if place, recorded, err := b.RecordSolver(ctx, g1, day, "501", t0); err != nil || place != 0 || recorded {
		t.Fatalf("RecordSolver of an unranked member = %d, %v, %v; want 0, false", place, recorded, err)
	}
	if place, recorded, err := b.RecordSolver(ctx, g1, day, "502", t0); err != nil || place != 1 || !recorded {
		t.Fatalf("RecordSolver of another member = %d, %v, %v; want 1, true", place, recorded, err)
	}
	if place, _, err := b.RecordSolver(ctx, g2, day, "501", t0); err != nil || place != 1 {
		t.Errorf("a place had before Unrank = %d, %v; want it kept (1)", place, err)
	}
	if place, recorded, err := b.RecordSolver(ctx, g1, day+1, "501", t0); err != nil || place != 1 || !recorded {
		t.Errorf("the next day = %d, %v, %v; want ranked again", place, recorded, err)
	}
	if s, _ := b.Solvers(ctx, g1, day); len(s) != 1 || s[0].UserID != "502" {
		t.Errorf("Solvers = %+v, want only 502", s)
	}
	if err := b.Unrank(ctx, day, "not-an-id"); err == nil {
		t.Error("Unrank with a bad member ID: no error")
	}
}

func testSolvers(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	ctx := ctxT(t)
	const id = "111111111111111111"
	day := settings.Day(20000)
	t0 := day.Time().Add(8 * time.Hour)
	record := func(user string, at time.Time, wantPlace int, wantNew bool) {
		t.Helper()
		place, recorded, err := b.RecordSolver(ctx, id, day, user, at)
		if err != nil || place != wantPlace || recorded != wantNew {
			t.Fatalf("RecordSolver(%s) = %d, %v, %v; want %d, %v", user, place, recorded, err, wantPlace, wantNew)
		}
	}
	if s, err := b.Solvers(ctx, id, day); len(s) != 0 || err != nil {
		t.Fatalf("Solvers of a day without any = %v, %v", s, err)
	}
	record("501", t0, 1, true)
	record("502", t0.Add(time.Minute), 2, true)
	record("501", t0.Add(2*time.Minute), 1, false) // once
	record("503", t0.Add(3*time.Minute), 3, true)
	got, err := b.Solvers(ctx, id, day)
	if err != nil {
		t.Fatal(err)
	}
	want := []settings.Solver{
		{UserID: "501", Place: 1, At: t0},
		{UserID: "502", Place: 2, At: t0.Add(time.Minute)},
		{UserID: "503", Place: 3, At: t0.Add(3 * time.Minute)},
	}
	if len(got) != len(want) {
		t.Fatalf("Solvers = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i].UserID != want[i].UserID || got[i].Place != want[i].Place || !got[i].At.Equal(want[i].At) {
			t.Fatalf("Solvers = %+v, want %+v", got, want)
		}
	}
	// Another day and another server are separate.
	if place, _, _ := b.RecordSolver(ctx, id, day+1, "502", t0); place != 1 {
		t.Errorf("first solver of the next day got place %d", place)
	}
	if place, _, _ := b.RecordSolver(ctx, "222222222222222222", day, "503", t0); place != 1 {
		t.Errorf("first solver in another server got place %d", place)
	}
}

// testSolversConcurrent records many members at once from two pools: each
// gets a place of its own, 1 to n.
func testSolversConcurrent(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	pools := []settings.Backend{open(t, url), open(t, url)}
	const id, n = "111111111111111111", 24
	day := settings.Day(20000)
	places := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Each member twice at once, through different pools.
			for k := range 2 {
				p, _, err := pools[(i+k)%2].RecordSolver(ctxT(t), id, day, strconv.Itoa(600+i), day.Time())
				if err != nil {
					t.Error(err)
					return
				}
				if k == 0 {
					places[i] = p
				}
			}
		}()
	}
	wg.Wait()
	got := slices.Clone(places)
	slices.Sort(got)
	for i, p := range got {
		if p != i+1 {
			t.Fatalf("places of %d members recorded at once: %v, want 1..%d each once", n, got, n)
		}
	}
	s, err := pools[0].Solvers(ctxT(t), id, day)
	if err != nil || len(s) != n {
		t.Fatalf("Solvers: %d, %v; want %d", len(s), err, n)
	}
}

func testStreak(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	ctx := ctxT(t)
	const id, user = "111111111111111111", "501"
	today := settings.Day(20010)
	solve := func(d settings.Day) {
		t.Helper()
		if _, _, err := b.RecordSolver(ctx, id, d, user, d.Time()); err != nil {
			t.Fatal(err)
		}
	}
	streak := func() int {
		t.Helper()
		n, err := b.Streak(ctx, id, user, today)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := streak(); n != 0 {
		t.Fatalf("streak of a member who never solved = %d", n)
	}
	for _, d := range []settings.Day{today - 9, today - 8, today - 6, today - 3, today - 2, today - 1} {
		solve(d)
	}
	if n := streak(); n != 3 {
		t.Fatalf("streak with yesterday solved, today not yet = %d, want 3", n)
	}
	solve(today)
	if n := streak(); n != 4 {
		t.Fatalf("streak with today solved = %d, want 4", n)
	}
	if n, _ := b.Streak(ctx, id, user, today+2); n != 0 {
		t.Fatalf("streak two days after the last solve = %d, want 0", n)
	}
	if n, _ := b.Streak(ctx, id, user, today-7); n != 2 {
		t.Fatalf("streak on day -7 (solved -9 and -8, not -7 yet) = %d, want 2", n)
	}
	if n, _ := b.Streak(ctx, "222222222222222222", user, today); n != 0 {
		t.Fatalf("streak in another server = %d, want 0", n)
	}
}

func testBadIDs(t *testing.T, newDB NewDatabase) {
	b := open(t, newDB(t))
	ctx := ctxT(t)
	for _, id := range []string{"", "abc", "-5", "0", "99999999999999999999999"} {
		if _, err := b.Guild(ctx, id); err == nil {
			t.Errorf("Guild(%q): no error", id)
		}
		if _, err := b.Update(ctx, id, func(*settings.Guild) error { return nil }); err == nil {
			t.Errorf("Update(%q): no error", id)
		}
		if _, err := b.ClaimDaily(ctx, id, 1, time.Now(), time.Hour); err == nil {
			t.Errorf("ClaimDaily(%q): no error", id)
		}
	}
	if _, _, err := b.RecordSolver(ctx, "1", 1, "someone", time.Now()); err == nil {
		t.Error("RecordSolver with a bad member ID: no error")
	}
}

type schemaVersioner interface {
	SchemaVersion(context.Context) (int, error)
}

func testMigrateTwice(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	b1 := open(t, url)
	mustUpdate(t, b1, "111111111111111111", func(g *settings.Guild) error { return g.SetPrefix("&") })
	b1.Close()
	b2 := open(t, url)
	if g := mustGuild(t, b2, "111111111111111111"); g.Prefix != "&" {
		t.Fatalf("after reopening, prefix = %q, want &", g.Prefix)
	}
	v1, err := b2.(schemaVersioner).SchemaVersion(ctxT(t))
	if err != nil || v1 < 1 {
		t.Fatalf("SchemaVersion = %d, %v", v1, err)
	}
}

// testMigrateRaceProcesses starts processes on a new database at once: each
// opens it (so migrates it) without error, and they agree on the version.
func testMigrateRaceProcesses(t *testing.T, newDB NewDatabase) {
	for round := range 3 {
		url := newDB(t)
		const n = 4
		procs := make([]*proc, n)
		for i := range procs {
			procs[i] = start(t, "open", url)
		}
		var versions []string
		for _, p := range procs {
			versions = append(versions, p.line(t))
			p.wait(t)
		}
		for _, v := range versions {
			if v != versions[0] || !strings.HasPrefix(v, "open ") || v == "open 0" {
				t.Fatalf("round %d: processes opening a new database at once said %q", round, versions)
			}
		}
		b := open(t, url)
		want, _ := b.(schemaVersioner).SchemaVersion(ctxT(t))
		if versions[0] != fmt.Sprint("open ", want) {
			t.Fatalf("processes said %q, the database is at version %d", versions[0], want)
		}
	}
}

// testKillAfterWrite: a process writes a setting and is killed with SIGKILL
// as soon as the write returns; the setting is there.
func testKillAfterWrite(t *testing.T, newDB NewDatabase) {
	for round := range 3 {
		url := newDB(t)
		p := start(t, "write-one", url)
		if l := p.line(t); l != "ack" {
			t.Fatalf("child said %q", l)
		}
		p.kill(t)
		if g := mustGuild(t, open(t, url), "1"); g.Prefix != "kept" {
			t.Fatalf("round %d: after kill -9 right after the write returned, prefix = %q, want kept", round, g.Prefix)
		}
	}
}

// testKillDuringWrites: a process writes without pause and is killed with
// SIGKILL after a random number of acknowledged writes; every acknowledged
// write is there, and the database opens.
func testKillDuringWrites(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	for round := range 4 {
		p := start(t, "write", url)
		stopAt := 5 + rand.IntN(40)
		last := 0
		for last < stopAt {
			var n int
			if _, err := fmt.Sscanf(p.line(t), "ack %d", &n); err != nil {
				t.Fatal(err)
			}
			last = n
		}
		p.kill(t)
		b := open(t, url)
		if c, ok := b.(interface{ Check(context.Context) error }); ok {
			if err := c.Check(ctxT(t)); err != nil {
				t.Fatalf("round %d: after kill -9: %v", round, err)
			}
		}
		g := mustGuild(t, b, "1")
		stored, err := strconv.Atoi(strings.TrimPrefix(g.Prefix, "p"))
		if err != nil || stored < last {
			t.Fatalf("round %d: killed after write %d was acknowledged; stored prefix %q", round, last, g.Prefix)
		}
		b.Close()
	}
}

// testCacheSeesOtherProcess: a Cache over one pool sees what another pool
// (another process) changes or deletes, on its next poll.
func testCacheSeesOtherProcess(t *testing.T, newDB NewDatabase) {
	url := newDB(t)
	mine, other := open(t, url), open(t, url)
	c := settings.NewCache(mine, settings.CacheOptions{PollInterval: time.Hour}) // polls by hand below
	defer c.Close()
	ctx := ctxT(t)
	const id = "111111111111111111"
	if err := c.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if g, err := c.Guild(ctx, id); err != nil || g.Prefix != "" {
		t.Fatalf("Guild = %+v, %v", g, err)
	}
	mustUpdate(t, other, id, func(g *settings.Guild) error { return g.SetPrefix("+") })
	if g, _ := c.Guild(ctx, id); g.Prefix != "" {
		t.Fatalf("before a poll the cache answered %q; it should answer from memory", g.Prefix)
	}
	if err := c.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if g, _ := c.Guild(ctx, id); g.Prefix != "+" {
		t.Fatalf("after a poll, prefix = %q, want + (changed by the other pool)", g.Prefix)
	}
	if err := other.DeleteGuild(ctx, id); err != nil {
		t.Fatal(err)
	}
	if err := c.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if g, _ := c.Guild(ctx, id); g.Prefix != "" {
		t.Fatalf("after the other pool deleted the server, prefix = %q, want the default", g.Prefix)
	}

	// With the real poll: a change shows within a few polls.
	live := settings.NewCache(mine, settings.CacheOptions{PollInterval: 50 * time.Millisecond})
	defer live.Close()
	if _, err := live.Guild(ctx, id); err != nil {
		t.Fatal(err)
	}
	mustUpdate(t, other, id, func(g *settings.Guild) error { return g.SetPrefix("=") })
	deadline := time.Now().Add(5 * time.Second)
	for {
		if g, _ := live.Guild(ctx, id); g.Prefix == "=" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a change by another pool did not show in the cache within 5 s (poll every 50 ms)")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
