package bot

import (
	"context"
	"net/http"
	"strings"
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

// TestHTTPEndpointNumberInAStringOption: a signed interaction whose string
// option holds a number (discordgo's StringValue panics on it, and net/http
// would drop the connection) is answered with an error naming the option,
// and the endpoint goes on serving.
func TestHTTPEndpointNumberInAStringOption(t *testing.T) {
	t.Parallel()
	h := startHTTP(t, testConfig(), nil)
	for _, c := range []discordtest.Command{
		{Name: "solve", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "grid", Type: discordgo.ApplicationCommandOptionString, Value: 12345.0}}},
		{Name: "new", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: slash.LevelOption, Type: discordgo.ApplicationCommandOptionString, Value: 3.0}}},
	} {
		_, ans := h.post(t, c)
		if ans.Status != http.StatusOK || ans.Message == nil {
			t.Fatalf("/%s with a number for a string: answered %d (%s), want 200 with a message", c.Name, ans.Status, ans.Body)
		}
		if m := ans.Message; !strings.Contains(m.Content, "must be text") || !strings.Contains(m.Content, c.Options[0].Name) || !m.Ephemeral() {
			t.Errorf("/%s: %q (ephemeral %v), want an ephemeral error naming the option", c.Name, m.Content, m.Ephemeral())
		}
	}
	_, ans := h.post(t, discordtest.Command{Name: "solve", Options: opts("grid", lc37)})
	if ans.Status != http.StatusOK || ans.Message == nil || !strings.Contains(ans.Message.Content, "[5][3] 4 | 6 [7] 8") {
		t.Errorf("a good /solve afterwards: answered %d %+v", ans.Status, ans.Message)
	}
}

// TestSolveBesideForgedCodes: with the default limits (2 workers, queue
// 8), one user sends four !new with forged codes of a seed that takes
// seconds to make, then another user sends an easy !solve. The solve is
// answered before any forged code gets an answer other than "try again":
// the forged codes hold one worker at most, for a deadline of their own.
func TestSolveBesideForgedCodes(t *testing.T) {
	t.Parallel()
	h := startFlow(t, testConfig(), withPuzzles(t, nil))
	forger := &discordgo.User{ID: "4400000000000000001", Username: "forger"}
	solver := &discordgo.User{ID: "4400000000000000002", Username: "solver"}
	forged := map[string]bool{}
	for _, end := range []string{"v0", "v1", "v2", "v3"} {
		m := h.message(discordtest.Message{Author: forger, Content: "!new #16E-5najk4" + end})
		forged[m.ID] = true
		go h.deliver(m) // each event on a goroutine of its own, as discordgo runs them
	}
	// Every forged code taken by the bot: refused, running or queued.
	pollWithin(t, time.Minute, "the forged codes taken", func() bool {
		replied := 0
		for _, s := range h.rec.all() {
			if forged[s.to.MessageID] {
				replied++
			}
		}
		return replied+h.bot.pool.Busy()+h.bot.pool.Queued() == len(forged)
	})
	begin := time.Now()
	solve := h.message(discordtest.Message{Author: solver, Content: "!solve " + lc37})
	go h.deliver(solve)
	var answered []sent
	pollWithin(t, time.Minute, "the solve's answer", func() bool {
		answered = h.rec.all()
		for i, s := range answered {
			if s.to.MessageID == solve.ID {
				answered = answered[:i+1]
				return true
			}
		}
		return false
	})
	t.Logf("the solve was answered %v after it was sent", time.Since(begin))
	for _, s := range answered {
		if forged[s.to.MessageID] && !strings.Contains(s.text, "again in a few seconds") {
			t.Errorf("a forged code was answered before the solve, not with a refusal: %q", s.text)
		}
	}
}

// TestDailySolutionRefusedAndUnranked: the daily ranking cannot be won by
// asking the bot: a !solve in reply to today's post is refused, and the
// member who asked, checking the solution right after, is told they are
// not ranked today (nothing on record), while another member who solved
// it is solver number 1.
func TestDailySolutionRefusedAndUnranked(t *testing.T) {
	t.Parallel()
	store := openStore(t, storetest.NewSQLite(t))
	guilds, channels := dailyGuilds(1)
	change(t, store, guilds[0], func(g *settings.Guild) error { return g.SetDaily(channels[0], 0, settings.LevelMedium) })
	cfg := testConfig()
	cfg.Settings = store
	pool, err := generate.NewPool(generate.PoolConfig{})
	if err != nil {
		t.Fatal(err)
	}
	h := start(t, cfg, func(b *Bot) {
		b.handler = command.New(command.Config{Prefix: b.handler.Prefix(), SolveTimeout: cfg.SolveTimeout, Puzzles: pool, Store: store})
		b.daily = b.handler
	}, discordtest.WithGuilds(guilds...))
	h.srv.WaitUntil(t, wait, "the daily post", func() bool { return len(repliesIn(h.srv, channels[0])) == 1 })
	post := repliesIn(h.srv, channels[0])[0]
	medium, err := generate.Daily(context.Background(), time.Now(), generate.Medium)
	if err != nil {
		t.Fatal(err)
	}
	solution := testgrids.Line(medium.Solution)
	bob := &discordgo.User{ID: "4000000000000000002", Username: "bob"}
	say := func(author *discordgo.User, content string) string {
		t.Helper()
		n := len(repliesIn(h.srv, channels[0]))
		h.srv.SendMessage(discordtest.Message{GuildID: guilds[0], ChannelID: channels[0], Content: content, Author: author, ReplyTo: post.ID})
		h.srv.WaitUntil(t, wait, "the reply to "+content[:6], func() bool { return len(repliesIn(h.srv, channels[0])) == n+1 })
		return strings.ReplaceAll(repliesIn(h.srv, channels[0])[n].Content, `\`, "")
	}
	if got := say(nil, "!solve"); !strings.Contains(got, "no solutions until tomorrow (UTC)") || strings.Contains(got, solution[:20]) {
		t.Fatalf("!solve in reply to today's post:\n%s", got)
	}
	if got := say(nil, "!check "+solution); !strings.Contains(got, "not ranked today") || strings.Contains(got, "solver number") {
		t.Errorf("the check of the member who asked:\n%s", got)
	}
	if got := say(bob, "!check "+solution); !strings.Contains(got, "solver number 1 today!") {
		t.Errorf("the check of a member who did not ask:\n%s", got)
	}
	solvers, err := store.Solvers(context.Background(), guilds[0], settings.DayOf(time.Now()))
	if err != nil || len(solvers) != 1 || solvers[0].UserID != bob.ID {
		t.Errorf("solvers on record: %+v, %v; want bob alone", solvers, err)
	}
}
