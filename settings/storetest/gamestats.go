package storetest

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/settings"
)

// The statistics of the games store: MemberStats and FastestSolves, checked
// against figures the tests compute from the records they made, and what
// migration 5 makes of the games an older schema kept.

// finishedAt returns g solved (or given up) d after its start.
func finishedAt(g settings.GameRecord, status string, d time.Duration) settings.GameRecord {
	g.Status, g.Finished = status, g.Started.Add(d)
	return g
}

// wantStats computes what MemberStats should say of user in guild from the
// games made, by plain loops: a game counts once when the member owns it
// or played in it.
func wantStats(games []settings.GameRecord, guild, user string) settings.MemberStats {
	var st settings.MemberStats
	times := map[string][]time.Duration{}
	for _, g := range games {
		if g.GuildID != guild || g.Status != settings.GameSolved && g.Status != settings.GameGaveUp {
			continue
		}
		mine := g.OwnerID == user
		for _, p := range g.Players {
			mine = mine || p.UserID == user
		}
		if !mine {
			continue
		}
		st.Finished++
		if g.Status == settings.GameGaveUp {
			st.GaveUp++
			continue
		}
		st.Solved++
		// Both times to the millisecond, as the stores count them.
		times[g.Level] = append(times[g.Level], g.Finished.Truncate(time.Millisecond).Sub(g.Started.Truncate(time.Millisecond)))
	}
	for level, ts := range times {
		slices.Sort(ts)
		med := ts[len(ts)/2]
		if len(ts)%2 == 0 {
			med = (ts[len(ts)/2-1] + ts[len(ts)/2]) / 2
		}
		st.Levels = append(st.Levels, settings.LevelStats{Level: level, Solved: len(ts), Best: ts[0], Median: med})
	}
	sortLevels(st.Levels)
	return st
}

func sortLevels(ls []settings.LevelStats) {
	slices.SortFunc(ls, func(a, b settings.LevelStats) int { return strings.Compare(a.Level, b.Level) })
}

func memberStats(t *testing.T, s settings.Games, guild, user string) settings.MemberStats {
	t.Helper()
	st, err := s.MemberStats(ctxT(t), guild, user)
	if err != nil {
		t.Fatalf("MemberStats(%q, %s): %v", guild, user, err)
	}
	sortLevels(st.Levels)
	return st
}

// testMemberStats: a hand-checked case first (medians of an odd and an
// even count, a solve as player only, a half millisecond), then many games
// of random members, servers, statuses, levels and times, against figures
// computed from the records.
func testMemberStats(t *testing.T, newDB NewDatabase) {
	s := openGames(t, newDB(t))
	const third = "555555555555555555"
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	var made []settings.GameRecord
	add := func(g settings.GameRecord) { made = append(made, mustCreate(t, s, g)) }
	level := func(l string) settings.GameRecord { g := aGame(); g.Level = l; return g }
	// gOwner: Hard 30 s, 10 s, 20 s (owner); 40 s as a player of gOther's
	// team game; Easy 1.000 s and 1.001 s; one given up; one still playing
	// and one closed (neither counts); Medium 7 s, 9 s, 8 s.
	add(finishedAt(level("Hard"), settings.GameSolved, ms(30000)))
	add(finishedAt(level("Hard"), settings.GameSolved, ms(10000)))
	add(finishedAt(level("Hard"), settings.GameSolved, ms(20000)))
	team := finishedAt(level("Hard"), settings.GameSolved, ms(40000))
	team.OwnerID, team.Team = gOther, true
	team.Players = []settings.GamePlayer{{UserID: gOther, Moves: 30}, {UserID: gOwner, Moves: 20}}
	add(team)
	add(finishedAt(level("Easy"), settings.GameSolved, ms(1000)))
	add(finishedAt(level("Easy"), settings.GameSolved, ms(1001)))
	add(finishedAt(level("Hard"), settings.GameGaveUp, ms(5000)))
	add(level("Hard"))
	add(finishedAt(level("Hard"), settings.GameClosed, ms(2000)))
	add(finishedAt(level("Medium"), settings.GameSolved, ms(7000)))
	add(finishedAt(level("Medium"), settings.GameSolved, ms(9000)))
	add(finishedAt(level("Medium"), settings.GameSolved, ms(8000)))
	// Extreme: started 0.9 ms into a millisecond, solved 999.2 ms later:
	// both times to the millisecond (as SQLite keeps them), 1 s.
	sub := level("Extreme")
	sub.Started = sub.Started.Add(900 * time.Microsecond)
	add(finishedAt(sub, settings.GameSolved, 999200*time.Microsecond))
	// Not gOwner's: gOther's own game (gOwner not in it), another server's.
	other := finishedAt(level("Hard"), settings.GameSolved, ms(1000))
	other.OwnerID = gOther
	add(other)
	elsewhere := finishedAt(level("Hard"), settings.GameSolved, ms(1000))
	elsewhere.GuildID = "999999999999999999"
	add(elsewhere)
	want := settings.MemberStats{Finished: 11, Solved: 10, GaveUp: 1, Levels: []settings.LevelStats{
		{Level: "Easy", Solved: 2, Best: ms(1000), Median: 1000500 * time.Microsecond},
		{Level: "Extreme", Solved: 1, Best: ms(1000), Median: ms(1000)},
		{Level: "Hard", Solved: 4, Best: ms(10000), Median: ms(25000)},
		{Level: "Medium", Solved: 3, Best: ms(7000), Median: ms(8000)},
	}}
	if got := memberStats(t, s, gGuild, gOwner); !reflect.DeepEqual(got, want) {
		t.Fatalf("MemberStats =\n%+v, want\n%+v", got, want)
	}
	// gOther: their own game and the team game, Hard 1 s and 40 s.
	want = settings.MemberStats{Finished: 2, Solved: 2, Levels: []settings.LevelStats{{Level: "Hard", Solved: 2, Best: ms(1000), Median: ms(20500)}}}
	if got := memberStats(t, s, gGuild, gOther); !reflect.DeepEqual(got, want) {
		t.Fatalf("MemberStats of the team game's owner =\n%+v, want\n%+v", got, want)
	}
	if got := memberStats(t, s, gGuild, third); !reflect.DeepEqual(got, settings.MemberStats{}) {
		t.Errorf("MemberStats of a member without games = %+v, want zero", got)
	}
	if got := memberStats(t, s, "", gOwner); !reflect.DeepEqual(got, settings.MemberStats{}) {
		t.Errorf("MemberStats in DMs, where gOwner played none = %+v, want zero", got)
	}

	// Many games at random: 3 members, 2 servers and DMs, every status,
	// levels with odd and even counts, members as owners or players.
	rng := rand.New(rand.NewPCG(28, 5))
	users := []string{gOwner, gOther, third}
	guilds := []string{gGuild, "999999999999999999", ""}
	statuses := []string{settings.GameSolved, settings.GameSolved, settings.GameSolved, settings.GameGaveUp, settings.GamePlaying, settings.GameClosed}
	levels := []string{"Easy", "Medium", "Hard", ""}
	for range 160 {
		g := level(levels[rng.IntN(len(levels))])
		g.GuildID, g.OwnerID = guilds[rng.IntN(len(guilds))], users[rng.IntN(len(users))]
		g.Started = g.Started.Add(time.Duration(rng.IntN(1e6)) * time.Millisecond)
		if st := statuses[rng.IntN(len(statuses))]; st != settings.GamePlaying {
			g = finishedAt(g, st, time.Duration(1+rng.IntN(600_000))*time.Millisecond)
		}
		for _, u := range users {
			if rng.IntN(3) == 0 {
				g.Players = append(g.Players, settings.GamePlayer{UserID: u, Moves: rng.IntN(50)})
			}
		}
		add(g)
	}
	odd, even := false, false
	for _, guild := range guilds {
		for _, u := range users {
			want := wantStats(made, guild, u)
			for _, l := range want.Levels {
				odd, even = odd || l.Solved%2 == 1 && l.Solved > 1, even || l.Solved%2 == 0
			}
			if got := memberStats(t, s, guild, u); !reflect.DeepEqual(got, want) {
				t.Errorf("MemberStats(%q, %s) =\n%+v, want\n%+v", guild, u, got, want)
			}
		}
	}
	if !odd || !even {
		t.Fatalf("the random games gave no level with an odd (%v) or an even (%v) count of solves", odd, even)
	}
	for _, bad := range [][2]string{{"x", gOwner}, {gGuild, ""}, {gGuild, "me"}} {
		if _, err := s.MemberStats(ctxT(t), bad[0], bad[1]); err == nil {
			t.Errorf("MemberStats(%q, %q): no error", bad[0], bad[1])
		}
	}
}

// numericID orders game IDs (decimal numbers) as numbers.
func numericID(a, b string) int {
	x, _ := strconv.ParseInt(a, 10, 64)
	y, _ := strconv.ParseInt(b, 10, 64)
	return cmp.Compare(x, y)
}

// wantFastest computes what FastestSolves should return from the games made.
func wantFastest(games []settings.GameRecord, guild, level string, since time.Time, limit int) []settings.GameRecord {
	var out []settings.GameRecord
	for _, g := range games {
		if g.GuildID == guild && g.Status == settings.GameSolved && g.Ranked && !g.Finished.Before(since) && (level == "" || g.Level == level) {
			out = append(out, g)
		}
	}
	slices.SortFunc(out, func(a, b settings.GameRecord) int {
		return cmp.Or(cmp.Compare(a.Finished.Sub(a.Started), b.Finished.Sub(b.Started)),
			a.Finished.Compare(b.Finished), numericID(a.ID, b.ID))
	})
	return out[:min(limit, len(out))]
}

func fastest(t *testing.T, s settings.Games, guild, level string, since time.Time, limit int) []settings.GameRecord {
	t.Helper()
	gs, err := s.FastestSolves(ctxT(t), guild, level, since, limit)
	if err != nil {
		t.Fatalf("FastestSolves(%q, %q, %v, %d): %v", guild, level, since, limit, err)
	}
	return gs
}

// sameGames fails the test unless got and want are the same records, in
// the same order (whole records: their players too).
func sameGames(t *testing.T, what string, got, want []settings.GameRecord) {
	t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: got %v, want %v", what, gameIDsOf(got), gameIDsOf(want))
		for i := range min(len(got), len(want)) {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("%s: #%d is\n%+v, want\n%+v", what, i, got[i], want[i])
				break
			}
		}
	}
}

func gameIDsOf(gs []settings.GameRecord) []string {
	var ids []string
	for _, g := range gs {
		ids = append(ids, fmt.Sprintf("%s(%v)", g.ID, g.Finished.Sub(g.Started)))
	}
	return ids
}

func testFastestSolves(t *testing.T, newDB NewDatabase) {
	s := openGames(t, newDB(t))
	day := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	var made []settings.GameRecord
	solve := func(level string, start, took time.Duration, ranked bool, change ...func(*settings.GameRecord)) settings.GameRecord {
		g := aGame()
		g.Level, g.Ranked, g.Started = level, ranked, day.Add(start)
		g = finishedAt(g, settings.GameSolved, took)
		g.Players = []settings.GamePlayer{{UserID: gOwner, Moves: 40}}
		for _, c := range change {
			c(&g)
		}
		g = mustCreate(t, s, g)
		made = append(made, g)
		return g
	}
	// The hand-checked order: three Hard solves of 5 min, the one finished
	// later made first (ties by finish, not by ID), then two of the same
	// start and time (ties by ID); an Easy one of 3 min; faster ones that
	// do not count: unranked, given up, another server's, before the day.
	late := solve("Hard", 2*time.Hour, 5*time.Minute, true)
	early := solve("Hard", time.Hour, 5*time.Minute, true)
	twin1 := solve("Hard", 3*time.Hour, 5*time.Minute, true)
	twin2 := solve("Hard", 3*time.Hour, 5*time.Minute, true, func(g *settings.GameRecord) {
		g.Team, g.Players = true, []settings.GamePlayer{{UserID: gOther, Moves: 3}, {UserID: gOwner, Moves: 37}}
	})
	easy := solve("Easy", 4*time.Hour, 3*time.Minute, true)
	solve("Hard", 0, time.Minute, false)
	solve("Hard", 0, time.Minute, true, func(g *settings.GameRecord) { g.Status = settings.GameGaveUp })
	solve("Hard", 0, time.Minute, true, func(g *settings.GameRecord) { g.GuildID = "999999999999999999" })
	solve("Hard", -time.Hour, time.Minute, true)
	mustCreate(t, s, aGame()) // playing
	ids := func(gs []settings.GameRecord) []string { return gameIDs(t, gs, nil) }
	if got, want := ids(fastest(t, s, gGuild, "", day, 10)), ids([]settings.GameRecord{easy, early, late, twin1, twin2}); !reflect.DeepEqual(got, want) {
		t.Errorf("FastestSolves of every level = %v, want %v", got, want)
	}
	if got, want := fastest(t, s, gGuild, "Hard", day, 10), []settings.GameRecord{early, late, twin1, twin2}; !reflect.DeepEqual(got, want) {
		t.Errorf("FastestSolves of Hard = %v, want %v (whole records, players too)", gameIDsOf(got), gameIDsOf(want))
	}
	if got, want := ids(fastest(t, s, gGuild, "Hard", day, 2)), ids([]settings.GameRecord{early, late}); !reflect.DeepEqual(got, want) {
		t.Errorf("FastestSolves of Hard, 2 of them = %v, want %v", got, want)
	}
	if got := fastest(t, s, gGuild, "Extreme", day, 10); len(got) != 0 {
		t.Errorf("FastestSolves of a level nobody solved = %v", gameIDsOf(got))
	}

	// Many at random, against the records: levels, ranked or not, every
	// status, three servers, times with ties, several windows and limits.
	rng := rand.New(rand.NewPCG(28, 4))
	guilds := []string{gGuild, "999999999999999999", ""}
	levels := []string{"Easy", "Hard", ""}
	statuses := []string{settings.GameSolved, settings.GameSolved, settings.GameGaveUp, settings.GameClosed}
	for range 120 {
		solve(levels[rng.IntN(len(levels))], time.Duration(rng.IntN(72))*time.Hour-24*time.Hour,
			time.Duration(1+rng.IntN(20))*time.Minute, rng.IntN(4) > 0, func(g *settings.GameRecord) {
				g.GuildID, g.Status, g.OwnerID = guilds[rng.IntN(len(guilds))], statuses[rng.IntN(len(statuses))], gOther
			})
	}
	for _, guild := range guilds {
		for _, level := range []string{"", "Easy", "Hard"} {
			for _, since := range []time.Time{day.Add(-48 * time.Hour), day, day.Add(30 * time.Hour)} {
				for _, limit := range []int{1, 7, 1000} {
					want := wantFastest(made, guild, level, since, limit)
					sameGames(t, fmt.Sprintf("FastestSolves(%q, %q, %v, %d)", guild, level, since, limit),
						fastest(t, s, guild, level, since, limit), want)
				}
			}
		}
	}
	if _, err := s.FastestSolves(ctxT(t), gGuild, "", day, 0); err == nil {
		t.Error("FastestSolves with limit 0: no error")
	}
	if _, err := s.FastestSolves(ctxT(t), "nope", "", day, 10); err == nil {
		t.Error("FastestSolves of a bad server ID: no error")
	}
}

// OldGames makes a new database at schema version 4 (before games had a
// turn, events and a ranked flag) holding games as that version kept them,
// and returns its URL and the games' IDs, in order.
type OldGames func(t testing.TB, games []settings.GameRecord) (url string, ids []string)

// RunGamesMigration checks what migration 5 makes of the games schema 4
// kept: ranked when they have a level and at least half of their cells
// empty; turn their number of history steps; no events; the rest as it
// was.
func RunGamesMigration(t *testing.T, old OldGames) {
	puzzle := func(size, empty int) string {
		b := []byte(strings.Repeat("1", size))
		for i := range empty {
			b[i*size/empty] = '.'
		}
		return string(b)
	}
	type tc struct {
		level   string
		puzzle  string
		history string
		ranked  bool
		turn    int64
	}
	cases := []tc{
		{"Hard", puzzle(81, 41), "", true, 0},
		{"Hard", puzzle(81, 40), "", false, 0},  // 40 of 81: under half
		{"Easy", puzzle(16, 8), "", true, 0},    // exactly half
		{"Easy", puzzle(16, 7), "", false, 0},   //
		{"", puzzle(81, 60), "", false, 0},      // no level
		{"Hard", puzzle(81, 1), "", false, 0},   // one empty cell
		{"Medium", puzzle(81, 81), "", true, 0}, // all empty
		{"Hard", puzzle(81, 50), "333333333333333333 2 0 4 0 0 0 1764619200000 -", true, 1},
		{"Hard", puzzle(81, 50), "a 2 0 4 0 0 0 1764619200000 -\n\"b c\" 2 4 0 0 0 0 1764619201000 -\na 3 0 5 0 0 1 1764619202000 -", true, 3},
	}
	var games []settings.GameRecord
	for i, c := range cases {
		g := aGame()
		g.Level, g.Puzzle, g.History = c.level, c.puzzle, c.history
		g.Solution = strings.Repeat("1", len(c.puzzle))
		g.Board = c.puzzle
		g.Version, g.Updated = int64(1+i), g.Started.Add(time.Minute)
		g.Moves = i
		if i%2 == 0 {
			g = finishedAt(g, settings.GameSolved, time.Duration(10-i)*time.Minute)
			g.Players = []settings.GamePlayer{{UserID: gOwner, Moves: i}, {UserID: gOther, Moves: 1}}
		}
		games = append(games, g)
	}
	url, ids := old(t, games)
	s := openGames(t, url) // migrates to the newest version
	var want []settings.GameRecord
	for i, c := range cases {
		w := games[i]
		w.ID, w.Ranked, w.Turn = ids[i], c.ranked, c.turn
		got, err := s.Game(ctxT(t), ids[i])
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("game %d (level %q, %d of %d cells empty) after the migration:\n%+v, want\n%+v",
				i, c.level, strings.Count(c.puzzle, "."), len(c.puzzle), got, w)
		}
		want = append(want, w)
	}
	// The migrated games are on the leaderboard as ranked.
	sameGames(t, "FastestSolves after the migration", fastest(t, s, gGuild, "", time.Time{}, 100),
		wantFastest(want, gGuild, "", time.Time{}, 100))
	// And they take updates of the new columns.
	g := want[0]
	g.Turn, g.Events, g.Ranked = 5, []string{"123456789012345678"}, false
	saved, err := s.UpdateGame(ctxT(t), g)
	if err != nil || saved.Turn != 5 || !reflect.DeepEqual(saved.Events, g.Events) || saved.Ranked {
		t.Errorf("update of a migrated game: %+v, %v", saved, err)
	}
}
