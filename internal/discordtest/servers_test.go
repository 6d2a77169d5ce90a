package discordtest

import (
	"errors"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestThreadsAndPermissions: GET /channels answers a thread with its
// parent, as Discord does; a command carries the member's permissions given.
func TestThreadsAndPermissions(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	const thread = "3000000000000000077"
	srv.AddThread(thread, DefaultChannelID, DefaultGuildID)
	ch, err := sess.Channel(thread)
	if err != nil || !ch.IsThread() || ch.ParentID != DefaultChannelID || ch.GuildID != DefaultGuildID {
		t.Errorf("GET /channels/%s = %+v, %v; want a thread of %s", thread, ch, err, DefaultChannelID)
	}
	if ch, err := sess.Channel(DefaultChannelID); err != nil || ch.IsThread() || ch.ParentID != "" {
		t.Errorf("GET /channels/%s = %+v, %v; want a channel", DefaultChannelID, ch, err)
	}
	p := srv.CommandPayload(Command{Name: "settings", Permissions: "32"})
	if got := p["member"].(map[string]any)["permissions"]; got != "32" {
		t.Errorf("member permissions %v, want 32", got)
	}
	if got := srv.GuildCommand("solve")["member"].(map[string]any)["permissions"]; got != "1071698660929" {
		t.Errorf("default member permissions %v", got)
	}
}

// TestSubcommandsExcludeOptions: as on Discord, a command's options are
// either all subcommands (and groups) or none.
func TestSubcommandsExcludeOptions(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	sub := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "stats", Description: "Stats"}
	level := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "level", Description: "Level"}
	_, err := sess.ApplicationCommandBulkOverwrite(DefaultAppID, "", []*discordgo.ApplicationCommand{
		{Name: "daily", Description: "Daily", Options: []*discordgo.ApplicationCommandOption{level, sub}},
	})
	var rerr *discordgo.RESTError
	if !errors.As(err, &rerr) || rerr.Response.StatusCode != 400 {
		t.Errorf("subcommand beside an option: %v, want 400", err)
	}
	today := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "today", Description: "Today",
		Options: []*discordgo.ApplicationCommandOption{level}}
	if _, err := sess.ApplicationCommandBulkOverwrite(DefaultAppID, "", []*discordgo.ApplicationCommand{
		{Name: "daily", Description: "Daily", Options: []*discordgo.ApplicationCommandOption{today, sub}},
	}); err != nil {
		t.Errorf("subcommands with options of their own: %v", err)
	}
}

// TestConfigureRemote: a session configured for a fake by its address
// (as a child process does) reaches it, and nothing else.
func TestConfigureRemote(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess, err := discordgo.New("Bot " + srv.Token())
	if err != nil {
		t.Fatal(err)
	}
	if err := ConfigureRemote(sess, "192.0.2.1:80"); !errors.Is(err, ErrRefusedHost) {
		t.Errorf("a fake on another machine: %v, want ErrRefusedHost", err)
	}
	if err := ConfigureRemote(sess, srv.Addr()); err != nil {
		t.Fatal(err)
	}
	if u, err := sess.User("@me"); err != nil || u.ID != srv.BotID() {
		t.Errorf("GET /users/@me through the remote configuration = %+v, %v", u, err)
	}
	if _, err := sess.Client.Get("https://example.com/"); !errors.Is(err, ErrRefusedHost) {
		t.Errorf("a request elsewhere: %v, want ErrRefusedHost", err)
	}
	if err := sess.Open(); err != nil {
		t.Fatalf("open the gateway through the remote configuration: %v", err)
	}
	StopSession(sess)
	srv.WaitIdentifies(t, 1, wait)
}
