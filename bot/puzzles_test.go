package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/slash"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/sudoku"
)

// puzzleConfig is testConfig with a pool that keeps nothing warm and does
// not run: every puzzle is made on the request's time.
func puzzleConfig(t *testing.T) testSetup {
	t.Helper()
	pool, err := generate.NewPool(generate.PoolConfig{Warm: []generate.Kind{}, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	cfg.Puzzles = pool
	cfg.SolveTimeout = 10 * time.Second // hints under -race on a loaded machine
	return cfg
}

// servedBy returns the puzzle a post shows, made again from its code.
func servedBy(t *testing.T, text string) generate.Puzzle {
	t.Helper()
	c, ok := generate.FindCode(text)
	if !ok {
		t.Fatalf("no puzzle code in %q", text)
	}
	p, err := generate.Decode(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// oneLine writes g on one line, '.' for empty.
func oneLine(g sudoku.Grid) string {
	b := make([]byte, g.Shape().Cells())
	for i := range b {
		b[i] = ".123456789"[g.At(i)]
	}
	return string(b)
}

// sendAndWait dispatches a guild message and returns the bot's reply to it.
func sendAndWait(t *testing.T, srv *discordtest.Server, m discordtest.Message) discordtest.SentMessage {
	t.Helper()
	m.ID = srv.NewID()
	before := len(srv.Messages())
	srv.Dispatch("MESSAGE_CREATE", srv.MessagePayload(m))
	for _, sm := range srv.WaitMessages(t, before+1, wait)[before:] {
		if sm.Reference != nil && sm.Reference.MessageID == m.ID {
			return sm
		}
	}
	t.Fatalf("no reply to %q", m.Content)
	return discordtest.SentMessage{}
}

// TestReplyingToAPuzzle: !new posts a puzzle; a reply to that post with
// !check and a grid is checked against the puzzle, the post read over REST
// when Discord did not send it along (and not when it did); !hint with no
// grid gets the puzzle's first hint; a reply to a message that is gone
// says so; a command that needs no reference fetches nothing.
func TestReplyingToAPuzzle(t *testing.T) {
	t.Parallel()
	cfg := puzzleConfig(t)
	h := start(t, cfg, nil)
	post := sendAndWait(t, h.srv, discordtest.Message{Content: "!new medium"})
	checkSafeReply(t, post, "")
	p := servedBy(t, post.Content)
	if p.Level != generate.Medium || !strings.Contains(post.Content, "```") {
		t.Fatalf("!new medium posted a %v puzzle:\n%s", p.Level, post.Content)
	}
	// A grid with one digit that is not the solution's and clashes with nothing.
	g := p.Grid
	for i := 80; i >= 0; i-- {
		if g.At(i) != 0 {
			continue
		}
		for d := 1; d <= 9; d++ {
			w := g
			w.Set(i/9, i%9, d)
			if d != p.Solution.At(i) && sudoku.Validate(w) == nil {
				g = w
				break
			}
		}
		if g != p.Grid {
			break
		}
	}
	gets := func() int { return len(h.srv.RequestsFor(discordtest.RouteGetMessage)) }

	check := sendAndWait(t, h.srv, discordtest.Message{Content: "!check " + oneLine(g), ReplyTo: post.ID})
	if !strings.Contains(check.Content, "one of your digits is not the solution's") {
		t.Errorf("check replying to the post:\n%s", check.Content)
	}
	if gets() != 1 {
		t.Errorf("%d GETs of the message replied to, want 1", gets())
	}
	again := sendAndWait(t, h.srv, discordtest.Message{Content: "!check " + oneLine(g), ReplyTo: post.ID, WithReferenced: true})
	if again.Content != check.Content || gets() != 1 {
		t.Errorf("with the post sent along: %d GETs, reply:\n%s", gets(), again.Content)
	}
	hint := sendAndWait(t, h.srv, discordtest.Message{Content: "!hint", ReplyTo: post.ID})
	if want := expectedReply(t, cfg, "!hint "+oneLine(p.Grid)) + "\nPuzzle `" + p.Code.String() + "`."; hint.Content != want {
		t.Errorf("hint replying to the post:\n%s\nwant the puzzle's first hint:\n%s", hint.Content, want)
	}
	checkSafeReply(t, hint, "")

	// A slash command cannot reply to a post: its code: option names the
	// puzzle instead.
	slash := answerTo(t, h.srv, h.srv.SendCommand(discordtest.Command{Name: "check",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.Opt("grid", oneLine(g)), discordtest.Opt("code", p.Code.String())}}))
	if slash.Content != check.Content {
		t.Errorf("/check grid: code:%s:\n%s\nwant the check against the puzzle:\n%s", p.Code, slash.Content, check.Content)
	}
	badCode := answerTo(t, h.srv, h.srv.SendCommand(discordtest.Command{Name: "hint",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.Opt("grid", oneLine(g)), discordtest.Opt("code", "#9Q-3f2a1c9x")}}))
	if !strings.Contains(badCode.Content, "can't read the puzzle code") || !badCode.Ephemeral() {
		t.Errorf("/hint with a bad code (ephemeral %v):\n%s", badCode.Ephemeral(), badCode.Content)
	}

	// A message that is gone: Discord says Unknown Message; the person is told.
	gone := sendAndWait(t, h.srv, discordtest.Message{Content: "!hint", ReplyTo: "123456789012345678"})
	if !strings.Contains(gone.Content, "couldn't read the message you replied to") {
		t.Errorf("hint replying to a deleted message:\n%s", gone.Content)
	}
	h.waitLog(t, "message replied to not read; the command goes on without it", 1)
	// Null referenced_message (deleted, as Discord says it) is fetched too,
	// and the same is said.
	gone2 := sendAndWait(t, h.srv, discordtest.Message{Content: "!solve", ReplyTo: "123456789012345679", WithReferenced: true})
	if !strings.Contains(gone2.Content, "couldn't read the message you replied to") {
		t.Errorf("solve replying to a deleted message:\n%s", gone2.Content)
	}

	// A solve with a grid of its own, and a new puzzle, fetch nothing.
	n := gets()
	sendAndWait(t, h.srv, discordtest.Message{Content: "!solve " + lc37, ReplyTo: post.ID})
	sendAndWait(t, h.srv, discordtest.Message{Content: "!new easy", ReplyTo: post.ID})
	if gets() != n {
		t.Errorf("%d more GETs for commands that use no reference", gets()-n)
	}
	// Nothing refused but the two GETs of the deleted messages.
	if u := h.srv.Unexpected(); len(u) > 0 {
		t.Errorf("unexpected requests: %v", u)
	}
	for _, r := range h.srv.Rejected() {
		if r.Route != discordtest.RouteGetMessage || r.Status != 404 {
			t.Errorf("refused: %v", r)
		}
	}
	if n := len(h.srv.Rejected()); n != 2 {
		t.Errorf("%d requests refused, want the 2 GETs of deleted messages", n)
	}
}

// TestSlashPuzzles: /new and /daily are registered with their choices,
// and answer as !new and !daily do; a size and level that do not go
// together get an answer only the user sees.
func TestSlashPuzzles(t *testing.T) {
	t.Parallel()
	cfg := puzzleConfig(t)
	h := start(t, cfg, nil)
	choices := map[string]map[string][]string{}
	for _, c := range h.srv.Commands("") {
		opts := c.Options
		if c.Name == slash.Daily { // /daily today's options
			for _, o := range c.Options {
				if o.Name == slash.DailyToday {
					opts = o.Options
				}
			}
		}
		for _, o := range opts {
			if len(o.Choices) == 0 {
				continue
			}
			if choices[c.Name] == nil {
				choices[c.Name] = map[string][]string{}
			}
			for _, ch := range o.Choices {
				choices[c.Name][o.Name] = append(choices[c.Name][o.Name], ch.Value.(string))
			}
		}
	}
	levels := "easy,medium,hard,expert,extreme"
	if got := strings.Join(choices["new"]["level"], ","); got != levels {
		t.Errorf("/new level choices %s, want %s", got, levels)
	}
	if got := strings.Join(choices["daily"]["level"], ","); got != levels {
		t.Errorf("/daily today level choices %s, want %s", got, levels)
	}
	if got := strings.Join(choices["new"]["size"], ","); got != "4x4,6x6,8x8,9x9,12x12,16x16" {
		t.Errorf("/new size choices %s", got)
	}

	opt := func(kv ...any) []*discordgo.ApplicationCommandInteractionDataOption {
		var os []*discordgo.ApplicationCommandInteractionDataOption
		for i := 0; i < len(kv); i += 2 {
			os = append(os, discordtest.Opt(kv[i].(string), kv[i+1]))
		}
		return os
	}
	expert := answerTo(t, h.srv, h.srv.SendCommand(discordtest.Command{Name: "new", Options: opt("level", "expert", "size", "9x9", "symmetric", true)}))
	p := servedBy(t, expert.Content)
	if p.Level != generate.Expert || !p.Code.Symmetric || expert.Ephemeral() {
		t.Errorf("/new level:expert symmetric:True posted %v (%v, symmetric %v), ephemeral %v", p.Code, p.Level, p.Code.Symmetric, expert.Ephemeral())
	}
	byCode := answerTo(t, h.srv, h.srv.SendCommand(discordtest.Command{Name: "new", Options: opt("code", p.Code.String())}))
	if want := expectedReply(t, cfg, "!new "+p.Code.String()); byCode.Content != want {
		t.Errorf("/new code:\n%s\nwant:\n%s", byCode.Content, want)
	}
	// The day's puzzle of today, or of tomorrow if the date changed meanwhile.
	dailyOf := func() string {
		return command.New(command.Config{Puzzles: cfg.Puzzles}).Daily(context.Background(), time.Now(), generate.Easy).Text
	}
	before := dailyOf()
	daily := answerTo(t, h.srv, h.srv.SendCommand(discordtest.Command{Name: "daily",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.SubCommand(slash.DailyToday, opt("level", "easy")...)}}))
	if daily.Content != before && daily.Content != dailyOf() {
		t.Errorf("/daily today level:easy:\n%s\nwant:\n%s", daily.Content, before)
	}
	past := answerTo(t, h.srv, h.srv.SendCommand(discordtest.Command{Name: "daily",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.SubCommand(slash.DailyToday, opt("date", "2024-05-01", "level", "easy")...)}}))
	if want := expectedReply(t, cfg, "!daily easy 2024-05-01"); past.Content != want || !strings.Contains(past.Content, "1 May 2024") {
		t.Errorf("/daily today date:2024-05-01 level:easy:\n%s\nwant:\n%s", past.Content, want)
	}
	badDay := answerTo(t, h.srv, h.srv.SendCommand(discordtest.Command{Name: "daily",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.SubCommand(slash.DailyToday, opt("date", "2024-13-01")...)}}))
	if !strings.Contains(badDay.Content, "can't read the day") || !badDay.Ephemeral() {
		t.Errorf("/daily today date:2024-13-01:\n%s\nwant an answer only the user sees, naming the form YYYY-MM-DD", badDay.Content)
	}
	refused := answerTo(t, h.srv, h.srv.SendCommand(discordtest.Command{Name: "new", Options: opt("level", "hard", "size", "4x4")}))
	if !refused.Ephemeral() || !strings.Contains(refused.Content, "4×4 puzzles come in Easy only") {
		t.Errorf("/new level:hard size:4x4: ephemeral %v\n%s", refused.Ephemeral(), refused.Content)
	}
	h.srv.AssertClean(t)
}
