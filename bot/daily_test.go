package bot

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/slash"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/storetest"
)

// withPuzzles gives the bot a puzzle pool (not refilling in the
// background: the day's puzzles are made when first asked for), as cmd/bot
// does, and the clock now when not nil.
func withPuzzles(t *testing.T, now func() time.Time) func(*Bot) {
	pool, err := generate.NewPool(generate.PoolConfig{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return func(b *Bot) {
		b.handler = command.New(command.Config{Prefix: b.handler.Prefix(), Puzzles: pool, Now: now, Store: b.cfg.Settings})
		b.daily = b.handler
		if now != nil {
			b.now = now
		}
	}
}

// clock is a settable time for the daily poster.
type clock struct{ t atomic.Int64 }

func newClock(t time.Time) *clock { c := &clock{}; c.set(t); return c }
func (c *clock) set(t time.Time)  { c.t.Store(t.UnixNano()) }
func (c *clock) now() time.Time   { return time.Unix(0, c.t.Load()).UTC() }

// dailyGuilds returns n servers and a channel of each for their daily post.
// Their IDs differ in the bits that make shards, so they are spread over them.
func dailyGuilds(n int) (guilds, channels []string) {
	for i := range n {
		guilds = append(guilds, fmt.Sprint(uint64(2000000000000000000)+uint64(i)<<22))
		channels = append(channels, fmt.Sprintf("31000000000000%05d", 100+i))
	}
	return guilds, channels
}

// TestDailyPostedOnceByTwoBots: two bots (two processes' worth: each its own
// connections to the database and its own gateway session), asked at the
// same moment to post the daily puzzles of many servers, post each exactly
// once, in its channel, and the database keeps the post's message. The
// database decides, not timing: on PostgreSQL and on SQLite.
func TestDailyPostedOnceByTwoBots(t *testing.T) {
	t.Parallel()
	for name, newDB := range map[string]storetest.NewDatabase{"sqlite": storetest.NewSQLite, "postgres": storetest.NewPostgres} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			url := newDB(t)
			guilds, channels := dailyGuilds(12)
			srv := discordtest.New(t, discordtest.WithGuilds(guilds...))
			var bots []*harness
			for range 2 {
				cfg := testConfig()
				cfg.Settings = openStore(t, url)
				bots = append(bots, startOn(t, srv, cfg, withPuzzles(t, nil)))
			}
			store := bots[0].bot.cfg.Settings
			for i, g := range guilds {
				change(t, store, g, func(gs *settings.Guild) error {
					if i%2 == 1 {
						if err := gs.SetPrefix("?"); err != nil {
							return err
						}
					}
					return gs.SetDaily(channels[i], 0, settings.LevelEasy)
				})
			}
			var wg sync.WaitGroup
			for _, h := range bots {
				wg.Add(1)
				go func() { defer wg.Done(); h.bot.kickDaily() }()
			}
			wg.Wait()

			day := settings.DayOf(time.Now())
			all := onePostEach(t, srv, channels)
			for i, ch := range channels {
				posts := all[ch]
				if posts == nil {
					continue
				}
				if p := postOnRecord(t, store, guilds[i], day); p.MessageID != posts[0].ID || p.ChannelID != ch {
					t.Errorf("server %s: daily post on record %+v, posted message %s", guilds[i], p, posts[0].ID)
				}
				prefix := "!"
				if i%2 == 1 {
					prefix = "?"
				}
				if text := posts[0].Content; !strings.Contains(text, "`"+prefix+"check`") || !strings.Contains(text, "#9E-") {
					t.Errorf("server %s (prefix %s): post without its code or the server's prefix:\n%s", guilds[i], prefix, text)
				}
			}
			posted, lost := 0, 0
			for _, h := range bots {
				posted += len(h.logs.lines("daily puzzle posted"))
				lost += len(h.logs.lines("daily puzzle: posted or being posted by another process"))
			}
			t.Logf("claims lost to the other bot: %d of %d servers", lost, len(guilds))
			if posted != len(guilds) {
				t.Errorf("%d posts logged by the two bots, want %d", posted, len(guilds))
			}
			srv.AssertClean(t)
		})
	}
}

// TestDailyAtStartUpAndRestart: a bot that starts after a server's hour,
// with nothing posted today, posts at once; a bot started again the same
// day (a restart) does not post again.
func TestDailyAtStartUpAndRestart(t *testing.T) {
	t.Parallel()
	url := storetest.NewSQLite(t)
	store := openStore(t, url)
	guilds, channels := dailyGuilds(1)
	change(t, store, guilds[0], func(g *settings.Guild) error { return g.SetDaily(channels[0], 0, settings.LevelEasy) })
	srv := discordtest.New(t, discordtest.WithGuilds(guilds...))
	cfg := testConfig()
	cfg.Settings = store
	first := startOn(t, srv, cfg, withPuzzles(t, nil))
	srv.WaitUntil(t, wait, "the daily post", func() bool { return len(repliesIn(srv, channels[0])) == 1 })
	first.waitLog(t, "daily puzzle posted", 1)
	if err := first.stop(t); err != nil {
		t.Fatal(err)
	}

	cfg.Settings = openStore(t, url) // the new process's own
	again := startOn(t, srv, cfg, withPuzzles(t, nil))
	again.bot.kickDaily()
	// The restarted bot's rounds find nothing due: wait for two of them
	// (the one at start, and the kicked one) to have listed the servers.
	again.waitLog(t, "daily puzzles: round done", 2)
	if n := len(repliesIn(srv, channels[0])); n != 1 {
		t.Errorf("%d daily posts after a restart on the same day, want 1", n)
	}
	srv.AssertClean(t)
}

// TestDailyWaitsForItsHour: before the server's hour nothing is posted; in
// the first round after it, the post goes out; a server on a shard this
// process does not run is left to the process that runs it.
func TestDailyWaitsForItsHour(t *testing.T) {
	t.Parallel()
	store := openStore(t, storetest.NewSQLite(t))
	// Two servers, one on each of two shards.
	guilds, channels := dailyGuilds(8)
	var mine, theirs int = -1, -1
	for i, g := range guilds {
		if discordtest.ShardFor(g, 2) == 0 && mine < 0 {
			mine = i
		}
		if discordtest.ShardFor(g, 2) == 1 && theirs < 0 {
			theirs = i
		}
	}
	if mine < 0 || theirs < 0 {
		t.Fatal("no servers on both shards")
	}
	for _, i := range []int{mine, theirs} {
		change(t, store, guilds[i], func(g *settings.Guild) error { return g.SetDaily(channels[i], 9, settings.LevelEasy) })
	}
	day := time.Now().UTC().Truncate(24 * time.Hour)
	clk := newClock(day.Add(8*time.Hour + 59*time.Minute))
	cfg := testConfig()
	cfg.Settings = store
	cfg.ShardCount, cfg.ShardIDs = 2, []int{0}
	cfg.IdentifyInterval = 10 * time.Millisecond
	h := start(t, cfg, withPuzzles(t, clk.now), discordtest.WithShards(2), discordtest.WithGuilds(guilds[mine], guilds[theirs]))
	ctx := context.Background()

	h.bot.dailyRound(ctx, ctx)
	if n := len(h.srv.Messages()); n != 0 {
		t.Fatalf("%d posts before the hour", n)
	}
	clk.set(day.Add(9*time.Hour + 30*time.Second))
	h.bot.dailyRound(ctx, ctx)
	// The bot's own poster may be in a round of its own (the one at
	// start-up, late on a busy machine): the database gives the post to one
	// of the two rounds, which may be the other one, still posting.
	h.srv.WaitUntil(t, wait, "the post at the hour", func() bool { return len(repliesIn(h.srv, channels[mine])) > 0 })
	if n := len(repliesIn(h.srv, channels[mine])); n != 1 {
		t.Errorf("%d posts at the hour in the server of this process's shard, want 1", n)
	}
	if n := len(repliesIn(h.srv, channels[theirs])); n != 0 {
		t.Errorf("%d posts in a server of another process's shard", n)
	}
	if _, found, _ := store.DailyPost(ctx, guilds[theirs], settings.DayOf(clk.now())); found {
		t.Error("a server of another shard has a post on record")
	}
	h.srv.AssertClean(t)
}

// TestDailySolvers: a member who checks the day's puzzle of the server's
// level, completed and correct (or replies to the day's post with it), is
// recorded once and told their place; a grid that is not that solution
// records nothing; /daily stats lists the solvers in order and the
// member's streak.
func TestDailySolvers(t *testing.T) {
	t.Parallel()
	store := openStore(t, storetest.NewSQLite(t))
	guilds, channels := dailyGuilds(1)
	change(t, store, guilds[0], func(g *settings.Guild) error { return g.SetDaily(channels[0], 0, settings.LevelMedium) })
	cfg := testConfig()
	cfg.Settings = store
	h := start(t, cfg, withPuzzles(t, nil), discordtest.WithGuilds(guilds...))
	h.srv.WaitUntil(t, wait, "the daily post", func() bool { return len(repliesIn(h.srv, channels[0])) == 1 })
	post := repliesIn(h.srv, channels[0])[0]
	today := time.Now().UTC()
	medium, err := generate.Daily(context.Background(), today, generate.Medium)
	if err != nil {
		t.Fatal(err)
	}
	easy, err := generate.Daily(context.Background(), today, generate.Easy)
	if err != nil {
		t.Fatal(err)
	}
	solution := testgrids.Line(medium.Solution)

	bob := &discordgo.User{ID: "4000000000000000002", Username: "bob"}
	carol := &discordgo.User{ID: "4000000000000000003", Username: "carol"}
	checks := []struct {
		author *discordgo.User
		grid   string
		want   string
	}{
		{nil, solution, "solver number 1 today!"},
		{bob, solution + " img", "solver number 2 today!"},
		{nil, solution, "already: solver number 1"},
		{bob, testgrids.Line(easy.Solution), ""}, // another level's: a complete grid, no more
	}
	for i, c := range checks {
		h.srv.SendMessage(discordtest.Message{GuildID: guilds[0], ChannelID: otherID, Content: "!check " + c.grid, Author: c.author})
		h.srv.WaitUntil(t, wait, "the reply to a check", func() bool { return len(repliesIn(h.srv, otherID)) == i+1 })
		got := repliesIn(h.srv, otherID)[i].Content
		switch {
		case c.want == "" && strings.Contains(got, "daily puzzle"):
			t.Errorf("check %d: another grid counted as the daily puzzle:\n%s", i, got)
		case c.want != "" && !strings.Contains(got, c.want):
			t.Errorf("check %d: reply does not say %q:\n%s", i, c.want, got)
		}
	}
	// A reply to the day's post, checked against the post's puzzle.
	h.srv.SendMessage(discordtest.Message{GuildID: guilds[0], ChannelID: channels[0], Content: "!check " + solution, Author: carol, ReplyTo: post.ID})
	h.srv.WaitUntil(t, wait, "the reply to a check of the post", func() bool { return len(repliesIn(h.srv, channels[0])) == 2 })
	if got := repliesIn(h.srv, channels[0])[1].Content; !strings.Contains(got, "solver number 3 today!") {
		t.Errorf("a reply to the daily post with its solution:\n%s", got)
	}
	solvers, err := store.Solvers(context.Background(), guilds[0], settings.DayOf(today))
	if err != nil || len(solvers) != 3 || solvers[0].UserID != discordtest.DefaultUserID || solvers[1].UserID != bob.ID || solvers[2].UserID != carol.ID {
		t.Errorf("solvers on record: %+v, err %v", solvers, err)
	}

	stats := answerOf(t, h.srv, h.srv.SendCommand(discordtest.Command{GuildID: guilds[0], ChannelID: otherID, Name: slash.Daily,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.SubCommand(slash.DailyStats)}}))
	first, second, third := strings.Index(stats.Content, "1. <@"+discordtest.DefaultUserID+">"),
		strings.Index(stats.Content, "2. <@"+bob.ID+">"), strings.Index(stats.Content, "3. <@"+carol.ID+">")
	if first < 0 || second < first || third < second || !strings.Contains(stats.Content, "3 solvers") || !strings.Contains(stats.Content, "Your streak: 1 day.") {
		t.Errorf("/daily stats:\n%s", stats.Content)
	}
	if am := stats.AllowedMentions; am == nil || len(am.Parse) != 0 {
		t.Errorf("/daily stats may ping the solvers: allowed_mentions %+v", am)
	}
	dm := answerOf(t, h.srv, h.srv.SendCommand(discordtest.Command{DM: true, Name: slash.Daily,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.SubCommand(slash.DailyStats)}}))
	if !dm.Ephemeral() || !strings.Contains(dm.Content, "per server") {
		t.Errorf("/daily stats in a DM: %s", dm)
	}
	h.srv.AssertClean(t)
}

// TestDailyPostedByHTTPOnlyProcesses: the interactions endpoint alone can be
// the whole deployment (GATEWAY=false). Its processes post the daily
// puzzles too, through REST: every server's once, in its channel, though
// two processes race for them, and the post tells to be counted with
// /check (no text command reaches such a deployment).
func TestDailyPostedByHTTPOnlyProcesses(t *testing.T) {
	t.Parallel()
	url := storetest.NewSQLite(t)
	guilds, channels := dailyGuilds(6)
	srv := discordtest.New(t, discordtest.WithGuilds(guilds...))
	var bots []*httpHarness
	for range 2 {
		cfg := testConfig()
		cfg.Settings = openStore(t, url)
		bots = append(bots, startHTTPOn(t, srv, cfg, withPuzzles(t, nil)))
	}
	store := bots[0].bot.cfg.Settings
	for i, g := range guilds {
		change(t, store, g, func(gs *settings.Guild) error { return gs.SetDaily(channels[i], 0, settings.LevelEasy) })
	}
	for _, h := range bots {
		h.bot.kickDaily()
	}
	day := settings.DayOf(time.Now())
	all := onePostEach(t, srv, channels)
	for i, ch := range channels {
		posts := all[ch]
		if posts == nil {
			continue
		}
		// The footer says how to be counted: /check, not a reply with a
		// text command that no process of this deployment reads.
		if text := posts[0].Content; !strings.Contains(text, "`/check` in this server") || strings.Contains(text, "!check") || !strings.Contains(text, "`/new code:#9E-") || !strings.Contains(text, "#9E-") {
			t.Errorf("server %s: post without its code, or pointing to a text command to be counted:\n%s", guilds[i], text)
		}
		if p := postOnRecord(t, store, guilds[i], day); p.MessageID != posts[0].ID {
			t.Errorf("server %s: daily post on record %+v, posted %s", guilds[i], p, posts[0].ID)
		}
	}
	srv.AssertClean(t)
}

// onePostEach waits for a post in every channel, then for no more, and
// returns each channel's posts; a channel with other than one post fails
// the test and maps to nil.
func onePostEach(t *testing.T, srv *discordtest.Server, channels []string) map[string][]discordtest.SentMessage {
	t.Helper()
	srv.WaitUntil(t, wait, "a post in every daily channel", func() bool {
		for _, ch := range channels {
			if len(repliesIn(srv, ch)) == 0 {
				return false
			}
		}
		return true
	})
	srv.NoMoreMessages(t, len(channels), 500*time.Millisecond)
	out := map[string][]discordtest.SentMessage{}
	for _, ch := range channels {
		posts := repliesIn(srv, ch)
		if len(posts) != 1 {
			t.Errorf("%d posts in channel %s, want 1", len(posts), ch)
			continue
		}
		out[ch] = posts
	}
	return out
}

// postOnRecord waits for the daily post of guildID on day to be on record
// and returns it: the bot records a post once Discord has answered it,
// after the fake Discord shows the message.
func postOnRecord(t *testing.T, store settings.Store, guildID string, day settings.Day) settings.DailyPost {
	t.Helper()
	var p settings.DailyPost
	poll(t, "the daily post of "+guildID+" to be on record", func() bool {
		var found bool
		var err error
		p, found, err = store.DailyPost(context.Background(), guildID, day)
		return err == nil && found
	})
	return p
}
