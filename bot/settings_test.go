package bot

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokubot/sudokubot/bot/internal/slash"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/backend"
	"github.com/sudokubot/sudokubot/settings/storetest"
)

const (
	guildID   = discordtest.DefaultGuildID
	puzzlesID = "3000000000000000010" // a channel of the default server
	otherID   = "3000000000000000011"
	adminPerm = "32" // Manage Server
)

// openStore returns the settings of a new database at url
// (storetest.NewSQLite, storetest.NewPostgres) through a Cache, as cmd/bot
// opens them; it is closed when the test ends, after the bots started later.
func openStore(t *testing.T, url string) *settings.Cache {
	t.Helper()
	db, err := backend.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	store := settings.NewCache(db, settings.CacheOptions{PollInterval: 100 * time.Millisecond})
	t.Cleanup(func() {
		store.Close()
		db.Close()
	})
	return store
}

// change changes a server's settings directly in the store, failing the test
// on an error.
func change(t *testing.T, store settings.Store, guild string, f func(*settings.Guild) error) settings.Guild {
	t.Helper()
	g, err := store.Update(context.Background(), guild, f)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// guildOf reads a server's settings from the store.
func guildOf(t *testing.T, store settings.Store, guild string) settings.Guild {
	t.Helper()
	g, err := store.Guild(context.Background(), guild)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// message sends a text message in a channel of the default server.
func message(srv *discordtest.Server, channelID, content string) {
	srv.SendMessage(discordtest.Message{ChannelID: channelID, Content: content})
}

// answerOf waits for the answer to an interaction (its first answer that is
// no deferral, or the edit of a deferred one).
func answerOf(t *testing.T, srv *discordtest.Server, in discordtest.Interaction) discordtest.SentMessage {
	t.Helper()
	var got discordtest.SentMessage
	srv.WaitUntil(t, wait, "the answer to interaction "+in.ID, func() bool {
		for _, m := range srv.InteractionMessages(in.ID) {
			if !m.Deferred() {
				got = m
				return true
			}
		}
		return false
	})
	return got
}

// repliesIn returns the bot's channel messages in channelID.
func repliesIn(srv *discordtest.Server, channelID string) []discordtest.SentMessage {
	var out []discordtest.SentMessage
	for _, m := range srv.Messages() {
		if m.Kind == discordtest.KindChannelMessage && m.ChannelID == channelID {
			out = append(out, m)
		}
	}
	return out
}

// channelOpt is a channel option (type 7), as Discord sends it.
func channelOpt(id string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: "channel", Type: discordgo.ApplicationCommandOptionChannel, Value: id}
}

// group is a subcommand group (type 2) with one subcommand.
func group(name string, sub *discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionSubCommandGroup,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{sub}}
}

// TestServerPrefix: text commands read the server's prefix; the bot's own
// no longer works there, a mention always does (and its help shows the
// server's prefix), and DMs keep the bot's prefix.
func TestServerPrefix(t *testing.T) {
	t.Parallel()
	store := openStore(t, storetest.NewSQLite(t))
	change(t, store, guildID, func(g *settings.Guild) error { return g.SetPrefix("?") })
	cfg := testConfig()
	cfg.Settings = store
	h := start(t, cfg, nil)

	message(h.srv, discordtest.DefaultChannelID, "!solve "+lc37)
	message(h.srv, discordtest.DefaultChannelID, "?solve "+lc37)
	msgs := h.srv.WaitMessages(t, 1, wait)
	server := cfg
	server.Prefix = "?"
	if want := expectedReply(t, server, "?solve "+lc37); msgs[0].Content != want {
		t.Errorf("reply to ?solve:\n%s\nwant\n%s", msgs[0].Content, want)
	}

	message(h.srv, discordtest.DefaultChannelID, "<@"+h.srv.BotID()+"> help")
	msgs = h.srv.WaitMessages(t, 2, wait)
	if help := msgs[1].Content; !strings.Contains(help, "`?solve <grid>`") || strings.Contains(help, "`!solve") {
		t.Errorf("@bot help does not show the server's prefix:\n%s", help)
	}

	h.srv.SendMessage(discordtest.Message{DM: true, Content: "!solve " + lc37})
	msgs = h.srv.WaitMessages(t, 3, wait)
	if want := expectedReply(t, cfg, "!solve "+lc37); msgs[2].Content != want || msgs[2].ChannelID != discordtest.DefaultDMChannelID {
		t.Errorf("DM reply to !solve in %s:\n%s\nwant\n%s", msgs[2].ChannelID, msgs[2].Content, want)
	}
	h.noMoreMessages(t, 3) // !solve in the server was not answered
	h.srv.AssertClean(t)
}

// TestServerChannels: a server that lists channels gets text commands
// answered there and in their threads only (a mention anywhere); a slash
// command elsewhere gets an ephemeral pointer to the channels, except for
// members who may change the settings. A thread's parent is asked of Discord
// once.
func TestServerChannels(t *testing.T) {
	t.Parallel()
	store := openStore(t, storetest.NewSQLite(t))
	change(t, store, guildID, func(g *settings.Guild) error { return g.AllowChannel(puzzlesID) })
	cfg := testConfig()
	cfg.Settings = store
	h := start(t, cfg, nil)
	threadOfPuzzles, threadOfOther := "3000000000000000020", "3000000000000000021"
	h.srv.AddThread(threadOfPuzzles, puzzlesID, guildID)
	h.srv.AddThread(threadOfOther, discordtest.DefaultChannelID, guildID)

	message(h.srv, discordtest.DefaultChannelID, "!solve "+lc37)
	message(h.srv, threadOfOther, "!solve "+lc37)
	message(h.srv, puzzlesID, "!solve "+lc37)
	h.srv.WaitMessages(t, 1, wait)
	message(h.srv, threadOfPuzzles, "!solve "+lc37)
	h.srv.WaitMessages(t, 2, wait)
	message(h.srv, threadOfPuzzles, "!check "+lc37)
	message(h.srv, discordtest.DefaultChannelID, "<@"+h.srv.BotID()+"> solve "+lc37)
	h.srv.WaitMessages(t, 4, wait)
	h.noMoreMessages(t, 4)
	for ch, want := range map[string]int{puzzlesID: 1, threadOfPuzzles: 2, discordtest.DefaultChannelID: 1, threadOfOther: 0} {
		if got := len(repliesIn(h.srv, ch)); got != want {
			t.Errorf("%d replies in channel %s, want %d", got, ch, want)
		}
	}
	fetched := map[string]int{}
	for _, r := range h.srv.RequestsFor(discordtest.RouteGetChannel) {
		fetched[r.Params["channel_id"]]++
	}
	if fetched[threadOfPuzzles] != 1 || fetched[puzzlesID] != 0 {
		t.Errorf("channels fetched %v: want the thread once (then remembered), never a listed channel", fetched)
	}

	member := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.Opt("grid", lc37)}})
	if a := answerOf(t, h.srv, member); !a.Ephemeral() || !strings.Contains(a.Content, "<#"+puzzlesID+">") {
		t.Errorf("/solve outside the server's channels: %s; want an ephemeral pointer to <#%s>", a, puzzlesID)
	}
	admin := h.srv.SendCommand(discordtest.Command{Name: "solve", Permissions: adminPerm,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.Opt("grid", lc37)}})
	if a := answerOf(t, h.srv, admin); a.Ephemeral() || !strings.Contains(a.Content, "exactly one solution") {
		t.Errorf("/solve by an admin outside the server's channels: %s; want it solved", a)
	}
	inThread := h.srv.SendCommand(discordtest.Command{Name: "solve", ChannelID: threadOfPuzzles,
		Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.Opt("grid", lc37)}})
	if a := answerOf(t, h.srv, inThread); a.Ephemeral() || !strings.Contains(a.Content, "exactly one solution") {
		t.Errorf("/solve in a thread of a listed channel: %s; want it solved", a)
	}
	h.srv.AssertClean(t)
}

// TestServerSpoilersPerChannel: spoilers in the listed channels (and their
// threads) only; the server's picture mode replaces the bot's.
func TestServerSpoilersPerChannel(t *testing.T) {
	t.Parallel()
	store := openStore(t, storetest.NewSQLite(t))
	change(t, store, guildID, func(g *settings.Guild) error {
		return errors.Join(g.AddSpoilerChannel(puzzlesID), g.SetPictures(settings.PicturesOff))
	})
	cfg := testConfig()
	cfg.Settings = store
	cfg.Pictures = command.PicturesAlways
	h := start(t, cfg, nil)
	thread := "3000000000000000030"
	h.srv.AddThread(thread, puzzlesID, guildID)

	for i, ch := range []string{puzzlesID, thread, discordtest.DefaultChannelID} {
		message(h.srv, ch, "!solve "+lc37)
		msgs := h.srv.WaitMessages(t, i+1, wait)
		got := msgs[i]
		if spoiled := strings.Contains(got.Content, "||"); spoiled != (ch != discordtest.DefaultChannelID) {
			t.Errorf("solution in channel %s: spoiler bars %v\n%s", ch, spoiled, got.Content)
		}
		if len(got.Files) != 0 {
			t.Errorf("pictures off in the server, yet %d files in channel %s", len(got.Files), ch)
		}
	}
	h.srv.AssertClean(t)
}

// settingsCmd is /settings with a subcommand (or a group and its
// subcommand) as opts.
func settingsCmd(perm string, opt *discordgo.ApplicationCommandInteractionDataOption) discordtest.Command {
	return discordtest.Command{Name: slash.Settings, Permissions: perm, Options: []*discordgo.ApplicationCommandInteractionDataOption{opt}}
}

// TestSettingsCommand: /settings over the gateway. Members with Manage
// Server (or Administrator) change each setting and get an ephemeral
// confirmation; the change is in the database at once and the next command
// follows it. Others get an ephemeral refusal and change nothing, whatever
// Discord's client let them run; a bad value gets the settings' own words.
func TestSettingsCommand(t *testing.T) {
	t.Parallel()
	store := openStore(t, storetest.NewSQLite(t))
	cfg := testConfig()
	cfg.Settings = store
	h := start(t, cfg, nil)
	sub := discordtest.SubCommand
	opt := discordtest.Opt
	ask := func(perm string, o *discordgo.ApplicationCommandInteractionDataOption) discordtest.SentMessage {
		t.Helper()
		in := h.srv.SendCommand(settingsCmd(perm, o))
		a := answerOf(t, h.srv, in)
		// Who sees the answer is fixed by the first one, a deferral
		// included (on a busy machine the result may come late).
		if first := h.srv.InteractionMessages(in.ID)[0]; !first.Ephemeral() {
			t.Errorf("/settings answered for everyone to see: %s", first)
		}
		return a
	}

	// Ordinary members: refused, nothing changed.
	if a := ask("", sub("prefix", opt("value", "?"))); !strings.Contains(a.Content, "Manage Server") {
		t.Errorf("a member without Manage Server: %s", a)
	}
	if g := guildOf(t, store, guildID); g.Version != 0 {
		t.Errorf("a refused change was saved: %+v", g)
	}
	if a := ask("", sub("show")); !strings.Contains(a.Content, "Prefix: `!`") {
		t.Errorf("show for a member: %s", a)
	}

	tests := []struct {
		name  string
		perm  string
		opt   *discordgo.ApplicationCommandInteractionDataOption
		reply string // in the answer
		check func(settings.Guild) bool
	}{
		{"prefix", adminPerm, sub("prefix", opt("value", "?")), "`?solve`",
			func(g settings.Guild) bool { return g.Prefix == "?" }},
		{"bad prefix", adminPerm, sub("prefix", opt("value", "s o")), "prefix",
			func(g settings.Guild) bool { return g.Prefix == "?" }},
		{"administrator", "8", sub("spoilers", opt("mode", "on")), "Spoilers on solutions: on",
			func(g settings.Guild) bool { return g.Spoilers == settings.SpoilersOn }},
		{"spoiler channels", adminPerm, group("spoiler-channels", sub("add", channelOpt(puzzlesID))), "in <#" + puzzlesID + "> only",
			func(g settings.Guild) bool {
				return g.Spoilers == settings.SpoilersInChannels && len(g.SpoilerChannels) == 1
			}},
		{"pictures", adminPerm, sub("pictures", opt("mode", "always")), "Pictures of boards: always",
			func(g settings.Guild) bool { return g.Pictures == settings.PicturesAlways }},
		{"channels add", adminPerm, group("channels", sub("add", channelOpt(puzzlesID))), "Answers in: <#" + puzzlesID + "> only",
			func(g settings.Guild) bool { return len(g.Channels) == 1 && g.Channels[0] == puzzlesID }},
		{"channels remove last", adminPerm, group("channels", sub("remove", channelOpt(puzzlesID))), "channels",
			func(g settings.Guild) bool { return len(g.Channels) == 1 }},
		{"channels all", adminPerm, group("channels", sub("all")), "Answers in: every channel",
			func(g settings.Guild) bool { return len(g.Channels) == 0 }},
		{"daily bad hour", adminPerm, sub("daily", channelOpt(puzzlesID), opt("hour", 25)), "daily hour",
			func(g settings.Guild) bool { return !g.Daily.On() }},
		{"daily", adminPerm, sub("daily", channelOpt(puzzlesID), opt("hour", 9), opt("level", "expert")), "09:00 UTC",
			func(g settings.Guild) bool {
				return g.Daily == settings.Daily{ChannelID: puzzlesID, Hour: 9, Level: settings.LevelExpert}
			}},
		{"daily off", adminPerm, sub("daily-off"), "Daily puzzle: off",
			func(g settings.Guild) bool { return !g.Daily.On() }},
	}
	for _, tt := range tests {
		a := ask(tt.perm, tt.opt)
		if !strings.Contains(a.Content, tt.reply) {
			t.Errorf("%s: answer %q does not say %q", tt.name, a.Content, tt.reply)
		}
		if g := guildOf(t, store, guildID); !tt.check(g) {
			t.Errorf("%s: settings now %+v", tt.name, g)
		}
	}

	// The next text command follows the new prefix at once.
	message(h.srv, discordtest.DefaultChannelID, "?solve "+lc37)
	h.srv.WaitUntil(t, wait, "a reply to ?solve", func() bool { return len(repliesIn(h.srv, discordtest.DefaultChannelID)) == 1 })

	// Not in DMs, whatever a client sends.
	dm := h.srv.SendCommand(discordtest.Command{Name: slash.Settings, DM: true, Options: []*discordgo.ApplicationCommandInteractionDataOption{sub("show")}})
	if a := answerOf(t, h.srv, dm); !strings.Contains(a.Content, "server") {
		t.Errorf("/settings in a DM: %s", a)
	}
	h.srv.AssertClean(t)
}

// TestSettingsRegistered: /settings is registered for members with Manage
// Server (default_member_permissions), in servers only, and Discord accepts
// its shape (the fake checks names, descriptions, and that subcommands are
// not mixed with options).
func TestSettingsRegistered(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil)
	var got *discordgo.ApplicationCommand
	for _, c := range h.srv.Commands("") {
		if c.Name == slash.Settings {
			got = c
		}
	}
	if got == nil {
		t.Fatal("/settings not registered")
	}
	if got.DefaultMemberPermissions == nil || *got.DefaultMemberPermissions != discordgo.PermissionManageGuild {
		t.Errorf("default_member_permissions = %v, want Manage Server (32)", got.DefaultMemberPermissions)
	}
	if got.Contexts == nil || len(*got.Contexts) != 1 || (*got.Contexts)[0] != discordgo.InteractionContextGuild {
		t.Errorf("contexts = %v, want servers only", got.Contexts)
	}
	var names []string
	for _, o := range got.Options {
		names = append(names, o.Name)
	}
	if want := "show prefix spoilers spoiler-channels pictures channels daily daily-off threads"; strings.Join(names, " ") != want {
		t.Errorf("subcommands %v, want %s", names, want)
	}
	h.srv.AssertClean(t)
}

// TestSettingsOverHTTP: /settings works the same over the interactions
// endpoint: the permission is checked on the member Discord sends, the
// change is saved and confirmed in the HTTP answer.
func TestSettingsOverHTTP(t *testing.T) {
	t.Parallel()
	store := openStore(t, storetest.NewSQLite(t))
	cfg := testConfig()
	cfg.Settings = store
	h := startHTTP(t, cfg, nil, discordtest.WithInteractionDeadline(interactionWindow))
	sub, opt := discordtest.SubCommand, discordtest.Opt

	_, refused := h.post(t, settingsCmd("", sub("prefix", opt("value", "?"))))
	if refused.Message == nil || !refused.Message.Ephemeral() || !strings.Contains(refused.Message.Content, "Manage Server") {
		t.Errorf("a member without Manage Server over HTTP: %+v", refused.Message)
	}
	in, ans := h.post(t, settingsCmd(adminPerm, sub("prefix", opt("value", "sb!"))))
	// Who sees the answer is fixed by the HTTP answer, a deferral included
	// (on a busy machine the result may come late); the text may come in
	// the edit.
	first, a := ans.Message, ans.Message
	if a == nil || a.Deferred() {
		a = ptr(answerOf(t, h.srv, in))
	}
	if first == nil || !first.Ephemeral() {
		t.Errorf("prefix change over HTTP answered for everyone to see: %+v", first)
	}
	if !strings.Contains(a.Content, "`sb!solve`") {
		t.Errorf("prefix change over HTTP: %s", a)
	}
	if g := guildOf(t, store, guildID); g.Prefix != "sb!" {
		t.Errorf("prefix %q after the change over HTTP", g.Prefix)
	}
	h.srv.AssertClean(t)
}

func ptr[T any](v T) *T { return &v }

// TestSettingsUnavailable: with the database gone, commands in a server run
// with the bot's defaults and say so, and the bot keeps solving; /settings
// says the change was not made. Nothing waits on the database beyond its
// deadlines: the slash commands are answered within Discord's 3 s.
func TestSettingsUnavailable(t *testing.T) {
	t.Parallel()
	db, err := backend.Open(context.Background(), storetest.NewSQLite(t))
	if err != nil {
		t.Fatal(err)
	}
	store := settings.NewCache(db, settings.CacheOptions{})
	t.Cleanup(func() { store.Close() })
	cfg := testConfig()
	cfg.Settings = store
	h := start(t, cfg, nil, discordtest.WithInteractionDeadline(interactionWindow))
	db.Close() // the database is gone; the server's settings were never read

	message(h.srv, discordtest.DefaultChannelID, "!solve "+lc37)
	msgs := h.srv.WaitMessages(t, 1, wait)
	if got := msgs[0].Content; !strings.Contains(got, msgSettingsUnavailable) || !strings.Contains(got, expectedReply(t, cfg, "!solve "+lc37)) {
		t.Errorf("reply with the settings unavailable:\n%s\nwant the notice and the solution", got)
	}
	solve := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.Opt("grid", lc37)}})
	if a := answerOf(t, h.srv, solve); !strings.Contains(a.Content, msgSettingsUnavailable) || !strings.Contains(a.Content, "exactly one solution") {
		t.Errorf("/solve with the settings unavailable: %s", a)
	}
	set := h.srv.SendCommand(settingsCmd(adminPerm, discordtest.SubCommand("prefix", discordtest.Opt("value", "?"))))
	if a := answerOf(t, h.srv, set); !a.Ephemeral() || !strings.Contains(a.Content, "nothing was changed") {
		t.Errorf("/settings prefix with the settings unavailable: %s", a)
	}
	// DMs never needed the database.
	h.srv.SendMessage(discordtest.Message{DM: true, Content: "!solve " + lc37})
	h.srv.WaitUntil(t, wait, "a DM reply", func() bool { return len(repliesIn(h.srv, discordtest.DefaultDMChannelID)) == 1 })
	if got := repliesIn(h.srv, discordtest.DefaultDMChannelID)[0].Content; strings.Contains(got, msgSettingsUnavailable) {
		t.Errorf("a DM reply mentions the server settings:\n%s", got)
	}
	h.srv.AssertClean(t) // no interaction answered late
}

// TestSettingsDatabaseHangs: a PostgreSQL server that stops answering (every
// byte held, as in a network partition) makes commands run with the
// defaults within their deadlines, and answer in Discord's time; /settings
// is answered too (deferred, then "nothing was changed").
func TestSettingsDatabaseHangs(t *testing.T) {
	t.Parallel()
	proxy, url := newDBProxy(t, storetest.NewPostgres(t))
	db, err := backend.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	store := settings.NewCache(db, settings.CacheOptions{Timeout: time.Second, WriteTimeout: 2 * time.Second})
	t.Cleanup(func() {
		store.Close()
		proxy.close() // the connections end: closing the pool need not wait for them
		db.Close()
	})
	change(t, store, "2000000000000000002", func(g *settings.Guild) error { return g.SetPrefix("?") })
	// The cache reads its own change back from the log once (and reloads
	// the server): done now, before the database hangs.
	if err := store.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	if g := guildOf(t, store, "2000000000000000002"); g.Prefix != "?" {
		t.Fatalf("prefix %q", g.Prefix)
	}
	cfg := testConfig()
	cfg.Settings = store
	h := start(t, cfg, nil, discordtest.WithInteractionDeadline(interactionWindow))
	proxy.freeze()

	message(h.srv, discordtest.DefaultChannelID, "!solve "+lc37)
	set := h.srv.SendCommand(settingsCmd(adminPerm, discordtest.SubCommand("prefix", discordtest.Opt("value", "?"))))
	solve := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.Opt("grid", lc37)}})
	h.srv.WaitUntil(t, wait, "a reply to !solve", func() bool { return len(repliesIn(h.srv, discordtest.DefaultChannelID)) == 1 })
	if got := repliesIn(h.srv, discordtest.DefaultChannelID)[0].Content; !strings.Contains(got, msgSettingsUnavailable) || !strings.Contains(got, "exactly one solution") {
		t.Errorf("!solve with the database hanging:\n%s", got)
	}
	if a := answerOf(t, h.srv, solve); !strings.Contains(a.Content, msgSettingsUnavailable) || !strings.Contains(a.Content, "exactly one solution") {
		t.Errorf("/solve with the database hanging: %s", a)
	}
	if a := answerOf(t, h.srv, set); !strings.Contains(a.Content, "nothing was changed") {
		t.Errorf("/settings with the database hanging: %s", a)
	}
	// A server held in memory keeps its settings while the database hangs.
	h.srv.SendMessage(discordtest.Message{GuildID: "2000000000000000002", ChannelID: otherID, Content: "?solve " + lc37})
	h.srv.WaitUntil(t, wait, "a reply to ?solve", func() bool { return len(repliesIn(h.srv, otherID)) == 1 })
	if got := repliesIn(h.srv, otherID)[0].Content; strings.Contains(got, msgSettingsUnavailable) {
		t.Errorf("a server in memory was answered with the defaults:\n%s", got)
	}
	h.srv.AssertClean(t) // nothing answered after Discord's deadline
}

// TestGuildDeleteForgetsTheServer: when the bot is removed from a server
// (GUILD_DELETE without unavailable), everything kept about it is deleted:
// settings, daily posts, solvers. A server that is only unavailable (an
// outage at Discord) keeps it all.
func TestGuildDeleteForgetsTheServer(t *testing.T) {
	t.Parallel()
	store := openStore(t, storetest.NewSQLite(t))
	const outage = "2000000000000000003"
	ctx := context.Background()
	day := settings.DayOf(time.Now())
	for _, id := range []string{guildID, outage} {
		change(t, store, id, func(g *settings.Guild) error { return g.SetDaily(puzzlesID, 0, settings.LevelEasy) })
		if _, err := store.ClaimDaily(ctx, id, day, time.Now(), time.Hour); err != nil {
			t.Fatal(err)
		}
		if err := store.DailyPosted(ctx, id, day, settings.DailyPost{ChannelID: puzzlesID, MessageID: "3000000000000000099"}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := store.RecordSolver(ctx, id, day, discordtest.DefaultUserID, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	cfg := testConfig()
	cfg.Settings = store
	h := start(t, cfg, nil, discordtest.WithGuilds(guildID, outage))

	// An outage first (the server only unavailable), then a removal: the
	// first keeps everything (the gateway passes on removals only; see
	// gateway.TestGuildDeletePassesOnRemovalsOnly).
	h.srv.Dispatch("GUILD_DELETE", map[string]any{"id": outage, "unavailable": true})
	h.srv.Dispatch("GUILD_DELETE", map[string]any{"id": guildID})
	poll(t, "the removed server's settings to be deleted", func() bool { return guildOf(t, store, guildID).Version == 0 })
	if _, found, err := store.DailyPost(ctx, guildID, day); found || err != nil {
		t.Errorf("daily post of the removed server: found %v, err %v", found, err)
	}
	if s, err := store.Solvers(ctx, guildID, day); len(s) != 0 || err != nil {
		t.Errorf("solvers of the removed server: %v, err %v", s, err)
	}

	if g := guildOf(t, store, outage); !g.Daily.On() {
		t.Errorf("an unavailable server lost its settings: %+v", g)
	}
	if s, err := store.Solvers(ctx, outage, day); len(s) != 1 || err != nil {
		t.Errorf("solvers of an unavailable server: %v, err %v", s, err)
	}
	h.srv.AssertClean(t)
}

// BenchmarkServerSettings: what a command in a server costs before it runs:
// its server's settings from the cache's memory and what its channel runs
// with (a server that lists channels, the command in one of them). No query:
// the database is not touched once the server is in memory.
func BenchmarkServerSettings(b *testing.B) {
	db, err := backend.Open(context.Background(), storetest.NewSQLite(b))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	store := settings.NewCache(db, settings.CacheOptions{})
	defer store.Close()
	if _, err := store.Update(context.Background(), guildID, func(g *settings.Guild) error {
		return errors.Join(g.SetPrefix("?"), g.AllowChannel(puzzlesID), g.AddSpoilerChannel(puzzlesID))
	}); err != nil {
		b.Fatal(err)
	}
	cfg := testConfig()
	cfg.Settings = store
	bot := newBot(cfg, nil, slog.New(slog.DiscardHandler), nil)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		g, err := bot.guildSettings(ctx, guildID)
		at := bot.place(ctx, bot.log, g, puzzlesID, err)
		if !at.ch.Answers || at.ch.Prefix != "?" {
			b.Fatalf("settings %+v", at)
		}
	}
	// The poll may reload the server once, when it reads the change log
	// that holds the write above; never once per command.
	if st := store.Stats(); st.Loads > 1 {
		b.Errorf("%d loads from the database for %d commands", st.Loads, b.N)
	}
}

// TestSettingsMetrics: the settings cache's counts are on /metrics: a
// server's first command reads the database, the next ones memory; a daily
// post counts as posted.
func TestSettingsMetrics(t *testing.T) {
	t.Parallel()
	store := openStore(t, storetest.NewSQLite(t))
	guilds, channels := dailyGuilds(1)
	change(t, store, guilds[0], func(g *settings.Guild) error { return g.SetDaily(channels[0], 0, settings.LevelEasy) })
	store.Refresh(context.Background()) // the change is in the log: forget it, as another process's
	cfg := testConfig()
	cfg.Settings = store
	srv := discordtest.New(t, discordtest.WithGuilds(guilds...))
	reg := prometheus.NewRegistry()
	startOn(t, srv, cfg, func(b *Bot) {
		b.metrics = NewMetrics(reg)
		withPuzzles(t, nil)(b)
	})
	for i := range 3 {
		srv.SendMessage(discordtest.Message{GuildID: guilds[0], ChannelID: otherID, Content: "!solve " + lc37})
		srv.WaitUntil(t, wait, "a reply", func() bool { return len(repliesIn(srv, otherID)) == i+1 })
	}
	srv.WaitUntil(t, wait, "the daily post", func() bool { return len(repliesIn(srv, channels[0])) == 1 })
	poll(t, "the daily post counted", func() bool {
		v, _ := sample(t, reg, "sudokubot_daily_posts_total", "outcome", "posted")
		return v == 1
	})
	hits, _ := sample(t, reg, "sudokubot_settings_cache_hits_total")
	loads, _ := sample(t, reg, "sudokubot_settings_cache_loads_total")
	servers, ok := sample(t, reg, "sudokubot_settings_cached_servers")
	if !ok || loads < 1 || hits < 2 || servers != 1 {
		t.Errorf("settings metrics: %v hits, %v loads, %v servers held (exposed %v); want the first read from the database, the others from memory",
			hits, loads, servers, ok)
	}
	srv.AssertClean(t)
}

// heldUpdates is a store whose changes wait until release is closed: a
// database slow to write.
type heldUpdates struct {
	settings.Store
	release chan struct{}
}

func (s heldUpdates) Update(ctx context.Context, guildID string, change func(*settings.Guild) error) (settings.Guild, error) {
	select {
	case <-s.release:
	case <-ctx.Done():
		return settings.Guild{}, ctx.Err()
	}
	return s.Store.Update(ctx, guildID, change)
}

// TestSlowSettingsDeferredPrivately: a /settings change that the database
// holds past the first answer's deadline is deferred, and the deferral is
// ephemeral: Discord fixes who sees an answer at the deferral, and the
// edit that follows cannot hide it any more.
func TestSlowSettingsDeferredPrivately(t *testing.T) {
	t.Parallel()
	store := heldUpdates{Store: openStore(t, storetest.NewSQLite(t)), release: make(chan struct{})}
	cfg := testConfig()
	cfg.Settings = store
	cfg.AckWait = 10 * time.Millisecond
	h := start(t, cfg, nil)
	in := h.srv.SendCommand(settingsCmd(adminPerm, discordtest.SubCommand("prefix", discordtest.Opt("value", "?"))))
	h.srv.WaitUntil(t, wait, "the deferral", func() bool {
		ms := h.srv.InteractionMessages(in.ID)
		return len(ms) > 0 && ms[0].Deferred()
	})
	close(store.release)
	a := answerOf(t, h.srv, in)
	if d := h.srv.InteractionMessages(in.ID)[0]; !d.Ephemeral() {
		t.Errorf("/settings deferred for everyone to see: %s", d)
	}
	if !strings.Contains(a.Content, "`?solve`") {
		t.Errorf("the edit after the deferral: %s", a)
	}
}
