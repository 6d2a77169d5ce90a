package command

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/settings"
)

// TestDailyLevel: every level a server can choose is the generator's level
// of the same name, and the default is the daily puzzle's default; the two
// types share their numbers, which DailyLevel relies on.
func TestDailyLevel(t *testing.T) {
	for l := settings.LevelEasy; l <= settings.LevelExtreme; l++ {
		if got := DailyLevel(l); !strings.EqualFold(got.String(), l.String()) {
			t.Errorf("DailyLevel(%v) = %v", l, got)
		}
	}
	if got, want := DailyLevel(settings.LevelDefault), DailyLevel(settings.DefaultDailyLevel); got != want || got != generate.Hard {
		t.Errorf("DailyLevel(default) = %v, want %v (Hard)", got, want)
	}
}

// TestServerCommandsWithoutStore: without a store, /settings and /daily
// stats say that nothing is kept, and a check is never counted as a daily
// solve; in a DM both say they belong to a server.
func TestServerCommandsWithoutStore(t *testing.T) {
	h := New(Config{})
	ctx := t.Context()
	if rep := h.Settings(ctx, SettingsRequest{GuildID: "1", Sub: "show"}); rep.Outcome != outcomeNoSettings {
		t.Errorf("/settings show without a store: %q", rep.Outcome)
	}
	if rep := h.DailyStats(ctx, "1", "2"); rep.Outcome != outcomeNoSettings {
		t.Errorf("/daily stats without a store: %q", rep.Outcome)
	}
	if rep := h.Settings(ctx, SettingsRequest{Sub: "show"}); rep.Outcome != outcomeRefused || !rep.UserError {
		t.Errorf("/settings in a DM: %q", rep.Outcome)
	}
	if rep := h.DailyStats(ctx, "", "2"); rep.Outcome != outcomeRefused || !rep.UserError {
		t.Errorf("/daily stats in a DM: %q", rep.Outcome)
	}
	g := settings.Guild{ID: "1", Daily: settings.Daily{ChannelID: "3", Hour: 9}}
	if h.CountsDaily(g, "2", Request{Kind: Check}) {
		t.Error("a check counted as a daily solve without a store")
	}
}

// TestThreadsSetting: /settings threads off keeps games in their channel,
// on gives them threads again; another word is refused; show says which.
func TestThreadsSetting(t *testing.T) {
	db := openStore(t, filepath.Join(t.TempDir(), "settings.db"))
	h := New(Config{Store: db})
	ctx := t.Context()
	const guild = "100000000000000001"
	set := func(mode string) Reply {
		return h.Settings(ctx, SettingsRequest{GuildID: guild, Sub: "threads", Options: map[string]string{"mode": mode}, CanManage: true})
	}
	if rep := set("off"); rep.Outcome != outcomeSettingsChanged || !strings.Contains(rep.Text, "threads off") {
		t.Fatalf("threads off: %s\n%s", rep.Outcome, rep.Text)
	}
	if g, _ := db.Guild(ctx, guild); !g.NoThreads {
		t.Fatal("threads off not saved")
	}
	if rep := set("maybe"); rep.Outcome != outcomeSettingsInvalid || !rep.UserError {
		t.Errorf("threads maybe: %s", rep.Outcome)
	}
	if rep := set("on"); !strings.Contains(rep.Text, "each in a thread of its own") {
		t.Errorf("threads on:\n%s", rep.Text)
	}
	if g, _ := db.Guild(ctx, guild); g.NoThreads {
		t.Error("threads on not saved")
	}
}
