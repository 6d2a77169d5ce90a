package settings_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/backend"
)

// Example shows the settings as the bot uses them: opened from DATABASE_URL
// in main, read on every command from the Cache, changed by /settings.
func Example() {
	dir, _ := os.MkdirTemp("", "settings-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()

	// cmd/bot: DATABASE_URL (empty means sqlite:sudokubot.db). A bad value or
	// an unreachable database stops start-up with the cause.
	db, err := backend.Open(ctx, "sqlite:"+filepath.Join(dir, "sudokubot.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	store := settings.NewCache(db, settings.CacheOptions{}) // the settings.Store the bot uses
	defer store.Close()

	const guild, puzzles, general = "100000000000000001", "200000000000000001", "200000000000000002"
	defaults := settings.Defaults{Prefix: "!", Spoilers: false} // COMMAND_PREFIX, SPOILER_SOLUTIONS

	// /settings prefix value:? and /settings channels add, by a member with
	// Manage Server (the command layer checks the permission first).
	if _, err := store.Update(ctx, guild, func(g *settings.Guild) error {
		return errors.Join(g.SetPrefix("?"), g.AllowChannel(puzzles), g.SetSpoilers(settings.SpoilersOn))
	}); err != nil {
		fmt.Println(err)
		return
	}

	// Every message: what does this channel run with? From memory.
	g, err := store.Guild(ctx, guild)
	if errors.Is(err, settings.ErrUnavailable) {
		fmt.Println("settings unavailable, using defaults") // g is the defaults; keep solving
	}
	fmt.Printf("%+v\n", g.In(puzzles, defaults))
	fmt.Printf("%+v\n", g.In(general, defaults))

	// A person's mistake comes back as an *settings.Error, written for them.
	_, err = store.Update(ctx, guild, func(g *settings.Guild) error { return g.SetDaily(puzzles, 25, settings.LevelHard) })
	var bad *settings.Error
	if errors.As(err, &bad) {
		fmt.Println("reply:", bad)
	}

	// GUILD_DELETE without unavailable: the bot was removed.
	if err := store.DeleteGuild(ctx, guild); err != nil {
		fmt.Println(err)
	}
	g, _ = store.Guild(ctx, guild)
	fmt.Printf("after removal: prefix %q, version %d\n", g.Prefix, g.Version)
	// Output:
	// {Answers:true Prefix:? Spoilers:true Pictures:default}
	// {Answers:false Prefix:? Spoilers:true Pictures:default}
	// reply: daily hour "25": choose an hour from 0 to 23 (UTC)
	// after removal: prefix "", version 0
}

// Example_daily shows the daily poster's round (run every minute by each
// process; the database makes sure one post is made per server and day) and
// the recording of solvers.
func Example_daily() {
	dir, _ := os.MkdirTemp("", "settings-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	db, err := backend.Open(ctx, "sqlite:"+filepath.Join(dir, "sudokubot.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	store := settings.NewCache(db, settings.CacheOptions{})
	defer store.Close()

	const guild, channel = "100000000000000001", "200000000000000001"
	// /settings daily channel:#puzzles hour:9 level:expert
	if _, err := store.Update(ctx, guild, func(g *settings.Guild) error {
		return g.SetDaily(channel, 9, settings.LevelExpert)
	}); err != nil {
		fmt.Println(err)
		return
	}

	now := time.Date(2026, 11, 30, 9, 0, 30, 0, time.UTC)
	const lease = 5 * time.Minute // how long a claim that was not confirmed holds
	round := func() {
		due, err := store.DueDaily(ctx, now, lease)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, g := range due {
			day := settings.DayOf(now)
			won, err := store.ClaimDaily(ctx, g.ID, day, now, lease)
			if err != nil || !won {
				continue // another process posts it (or will retry after the lease)
			}
			// Post the day's puzzle at g.Daily.Level.Or(settings.DefaultDailyLevel)
			// in g.Daily.ChannelID, then confirm with the message's ID.
			fmt.Printf("post %s %s puzzle in %s\n", day, g.Daily.Level.Or(settings.DefaultDailyLevel), g.Daily.ChannelID)
			if err := store.DailyPosted(ctx, g.ID, day, settings.DailyPost{ChannelID: g.Daily.ChannelID, MessageID: "300000000000000001"}); err != nil {
				fmt.Println(err)
			}
		}
	}
	round()
	round() // a second process, or the next minute: nothing more to post

	// A member checks the completed daily grid (or replies to the post).
	day := settings.DayOf(now)
	for _, user := range []string{"400000000000000002", "400000000000000001", "400000000000000002"} {
		place, recorded, err := store.RecordSolver(ctx, guild, day, user, now)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("solver %s: place %d, new %v\n", user, place, recorded)
	}
	streak, _ := store.Streak(ctx, guild, "400000000000000001", day)
	fmt.Println("streak:", streak)
	// Output:
	// post 2026-11-30 expert puzzle in 200000000000000001
	// solver 400000000000000002: place 1, new true
	// solver 400000000000000001: place 2, new true
	// solver 400000000000000002: place 1, new false
	// streak: 1
}
