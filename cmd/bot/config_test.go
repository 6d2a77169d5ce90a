package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/settings/backend"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func lookup(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func TestLoadConfigDefaults(t *testing.T) {
	cfg, err := loadConfig(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := defaultConfig()
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("loadConfig(empty) = %+v, want defaults %+v", cfg, want)
	}
	if cfg.Token != "" || !reflect.DeepEqual(cfg.Bot, bot.DefaultConfig()) {
		t.Errorf("defaults %+v, want the bot's own (bot.DefaultConfig)", cfg)
	}
	// What the bot runs with: workers from GOMAXPROCS (a container's CPU
	// limit), the queue four times that.
	r := cfg.Bot.Resolved()
	if cfg.Command.Prefix != "!" || cfg.Command.SolveTimeout != 2*time.Second || r.Workers != runtime.GOMAXPROCS(0) || r.Queue != 4*r.Workers {
		t.Errorf("resolved defaults %+v, %+v", r, cfg.Command)
	}
}

// TestQueueFollowsWorkers: the queue's default is 4 × the workers that are
// set, not 4 × the CPUs.
func TestQueueFollowsWorkers(t *testing.T) {
	cfg, err := loadConfig(env(map[string]string{"SOLVE_WORKERS": "3"}))
	if err != nil {
		t.Fatal(err)
	}
	if r := cfg.Bot.Resolved(); r.Workers != 3 || r.Queue != 12 {
		t.Errorf("SOLVE_WORKERS=3: %d workers, queue %d; want 3 and 12", r.Workers, r.Queue)
	}
	cfg, _ = loadConfig(env(map[string]string{"SOLVE_WORKERS": "3", "SOLVE_QUEUE": "0"}))
	if r := cfg.Bot.Resolved(); r.Queue != 0 {
		t.Errorf("SOLVE_QUEUE=0 resolved to %d", r.Queue)
	}
}

func TestLoadConfigEveryVariable(t *testing.T) {
	cfg, err := loadConfig(env(map[string]string{
		"DISCORD_TOKEN":          "Bot abc.def",
		"COMMAND_PREFIX":         "?",
		"SOLVE_TIMEOUT":          "750ms",
		"SOLVE_WORKERS":          "3",
		"SOLVE_QUEUE":            "0",
		"USER_RATE_LIMIT":        "30",
		"USER_RATE_BURST":        "6",
		"CHANNEL_BACKLOG":        "9",
		"DEV_GUILD_ID":           "123456789012345678",
		"SPOILER_SOLUTIONS":      "true",
		"MESSAGE_CONTENT_INTENT": "false",
		"SHUTDOWN_GRACE":         "3s",
		"RECONNECT_MAX_WAIT":     "30s",
		"IMAGE_REPLIES":          "Always",
		"IMAGE_THEME":            "light",
		"PUZZLE_CPU":             "0.5",
		"GAMES_MAX_OPEN":         "2",
		"GAME_IDLE_DAYS":         "7",
		"GAME_MOVE_RATE":         "90",
		"GAME_MOVE_BURST":        "15",
		"LOG_LEVEL":              "debug",
		"LOG_FORMAT":             "JSON",
		"DATABASE_URL":           "postgres://bot:secret@db:5432/sudokubot",
	}))
	if err != nil {
		t.Fatal(err)
	}
	// Every value lands in the field the bot reads: the bot gets this
	// bot.Config as it is.
	wantBot := bot.DefaultConfig()
	wantBot.Workers, wantBot.Queue = 3, 0
	wantBot.UserRate, wantBot.UserBurst, wantBot.ChannelBacklog = 30, 6, 9
	wantBot.DevGuildID, wantBot.MessageContent = "123456789012345678", false
	wantBot.ShutdownGrace, wantBot.ReconnectMax = 3*time.Second, 30*time.Second
	wantBot.MoveRate, wantBot.MoveBurst = 90, 15
	wantCommand := command.Config{Prefix: "?", SolveTimeout: 750 * time.Millisecond, Spoiler: true,
		Pictures: command.PicturesAlways, Theme: picture.Light, Play: command.PlayConfig{MaxOpen: 2, Idle: 7 * 24 * time.Hour}}
	want := Config{Token: "abc.def", Bot: wantBot, Command: wantCommand, LogLevel: slog.LevelDebug, LogFormat: "json", PuzzleCPU: 0.5,
		DatabaseURL: "postgres://bot:secret@db:5432/sudokubot"}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("got %+v\nwant %+v", cfg, want)
	}
}

// TestLoadConfigBadDatabaseURL: a DATABASE_URL that cannot be used stops
// start-up with an error naming the variable, never its password.
func TestLoadConfigBadDatabaseURL(t *testing.T) {
	for _, v := range []string{"mysql://bot:hunter2@db/x", "sqlite:", "sqlite::memory:", "postgres://bot:hunter2@/nohost", "sudokubot.db"} {
		_, err := loadConfig(env(map[string]string{"DATABASE_URL": v}))
		var ue *backend.URLError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), "DATABASE_URL") {
			t.Errorf("DATABASE_URL=%s: %v, want an error naming DATABASE_URL", v, err)
		}
		if err != nil && strings.Contains(err.Error(), "hunter2") {
			t.Errorf("DATABASE_URL=%s: the error shows the password: %v", v, err)
		}
	}
}

func TestLoadConfigBadValuesNameTheVariable(t *testing.T) {
	for name, value := range map[string]string{
		"COMMAND_PREFIX":         "a b",
		"SOLVE_TIMEOUT":          "fast",
		"SOLVE_WORKERS":          "0",
		"SOLVE_QUEUE":            "-1",
		"USER_RATE_LIMIT":        "lots",
		"USER_RATE_BURST":        "0",
		"CHANNEL_BACKLOG":        "none",
		"DEV_GUILD_ID":           "my-server",
		"SPOILER_SOLUTIONS":      "maybe",
		"MESSAGE_CONTENT_INTENT": "sometimes",
		"SHUTDOWN_GRACE":         "1h",
		"RECONNECT_MAX_WAIT":     "0s",
		"IMAGE_REPLIES":          "sometimes",
		"IMAGE_THEME":            "blue",
		"PUZZLE_CPU":             "0",
		"GAMES_MAX_OPEN":         "0",
		"GAME_IDLE_DAYS":         "a month",
		"GAME_MOVE_RATE":         "fast",
		"GAME_MOVE_BURST":        "0",
		"LOG_LEVEL":              "loud",
		"LOG_FORMAT":             "xml",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := loadConfig(env(map[string]string{name: value}))
			var ce *configError
			if !errors.As(err, &ce) {
				t.Fatalf("loadConfig(%s=%q) = %v, want a configError", name, value, err)
			}
			if ce.name != name || ce.value != value {
				t.Errorf("error names %s=%q, want %s=%q", ce.name, ce.value, name, value)
			}
		})
	}
}

func TestLoadConfigReportsEveryBadVariable(t *testing.T) {
	_, err := loadConfig(env(map[string]string{"SOLVE_TIMEOUT": "x", "LOG_FORMAT": "y"}))
	if err == nil || !strings.Contains(err.Error(), "SOLVE_TIMEOUT") || !strings.Contains(err.Error(), "LOG_FORMAT") {
		t.Errorf("error %v should name both variables", err)
	}
}

func TestEnvFileRealEnvironmentWins(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, ".env")
	if err := os.WriteFile(file, []byte("COMMAND_PREFIX=?\nSOLVE_TIMEOUT=3s\nDISCORD_TOKEN=from-file\n# comment\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// DISCORD_TOKEN set to nothing in the environment forces console mode.
	getenv, err := withEnvFile(lookup(map[string]string{"SOLVE_TIMEOUT": "1s", "DISCORD_TOKEN": ""}), file, false)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Command.Prefix != "?" || cfg.Command.SolveTimeout != time.Second || cfg.Token != "" {
		t.Errorf("prefix %q timeout %v token set %v: want ? from the file, 1s and no token from the environment", cfg.Command.Prefix, cfg.Command.SolveTimeout, cfg.Token != "")
	}
	if _, err := withEnvFile(lookup(nil), filepath.Join(dir, "missing"), false); err != nil {
		t.Errorf("a missing .env must not be an error: %v", err)
	}
	if _, err := withEnvFile(lookup(nil), filepath.Join(dir, "missing"), true); err == nil {
		t.Error("a missing file named with -env must be an error")
	}
}

// TestImageRepliesModes: each documented mode reads as the mode, "off" as
// never (the per-server setting's word).
func TestImageRepliesModes(t *testing.T) {
	for value, want := range map[string]command.PictureMode{"auto": command.PicturesAuto, "always": command.PicturesAlways, "never": command.PicturesNever, " OFF ": command.PicturesNever} {
		cfg, err := loadConfig(env(map[string]string{"IMAGE_REPLIES": value}))
		if err != nil || cfg.Command.Pictures != want {
			t.Errorf("IMAGE_REPLIES=%q: %v, %v; want %v", value, cfg.Command.Pictures, err, want)
		}
	}
	if cfg, _ := loadConfig(env(nil)); cfg.Command.Pictures != command.PicturesAuto || cfg.Command.Theme != picture.Dark {
		t.Errorf("defaults: %v, %v; want auto and dark", cfg.Command.Pictures, cfg.Command.Theme)
	}
}

func TestLoadConfigScale(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(nil)
	key := hex.EncodeToString(pub)
	for _, tc := range []struct {
		name string
		env  map[string]string
		want func(*Config)
	}{
		{"defaults", nil, func(*Config) {}},
		{"shards", map[string]string{"SHARD_COUNT": "16", "SHARD_IDS": "4-7, 12,5"}, func(c *Config) {
			c.Bot.ShardCount, c.Bot.ShardIDs = 16, []int{4, 5, 6, 7, 12}
		}},
		{"auto", map[string]string{"SHARD_COUNT": "AUTO", "SHARD_IDS": "0"}, func(c *Config) { c.Bot.ShardIDs = []int{0} }},
		{"group from a pod name", map[string]string{"SHARD_COUNT": "10", "SHARD_GROUP": "sudokubot-gateway-1/3"}, func(c *Config) {
			c.Bot.ShardCount, c.Bot.ShardIDs = 10, []int{4, 5, 6}
		}},
		{"last group", map[string]string{"SHARD_COUNT": "10", "SHARD_GROUP": "2/3"}, func(c *Config) {
			c.Bot.ShardCount, c.Bot.ShardIDs = 10, []int{7, 8, 9}
		}},
		{"http only", map[string]string{"GATEWAY": "false", "HTTP_ADDR": ":8080", "DISCORD_PUBLIC_KEY": key}, func(c *Config) {
			c.Bot.HTTPOnly, c.HTTPAddr, c.PublicKey = true, ":8080", pub
		}},
		{"health only", map[string]string{"HTTP_ADDR": "127.0.0.1:9090", "REGISTER_COMMANDS": "false"}, func(c *Config) {
			c.HTTPAddr, c.Bot.Register = "127.0.0.1:9090", bot.RegisterNever
		}},
		{"register", map[string]string{"REGISTER_COMMANDS": "true"}, func(c *Config) { c.Bot.Register = bot.RegisterAlways }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := loadConfig(env(tc.env))
			if err != nil {
				t.Fatal(err)
			}
			want := defaultConfig()
			tc.want(&want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("got %+v\nwant %+v", got, want)
			}
		})
	}
}

// TestShardGroupsCoverEveryShardOnce: however SHARD_COUNT is split, the
// groups cover each shard exactly once.
func TestShardGroupsCoverEveryShardOnce(t *testing.T) {
	for count := 1; count <= 40; count++ {
		for groups := 1; groups <= count; groups++ {
			seen := make([]int, count)
			for i := range groups {
				ids := bot.GroupShards(i, groups, count)
				if len(ids) == 0 {
					t.Fatalf("group %d of %d over %d shards is empty", i, groups, count)
				}
				for _, id := range ids {
					seen[id]++
				}
			}
			for id, n := range seen {
				if n != 1 {
					t.Fatalf("%d shards in %d groups: shard %d in %d groups", count, groups, id, n)
				}
			}
		}
	}
}

func TestLoadConfigScaleErrorsNameTheVariable(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(nil)
	key := hex.EncodeToString(pub)
	for _, tc := range []struct {
		env  map[string]string
		name string
	}{
		{map[string]string{"SHARD_COUNT": "many"}, "SHARD_COUNT"},
		{map[string]string{"SHARD_COUNT": "0"}, "SHARD_COUNT"},
		{map[string]string{"SHARD_IDS": "3-1"}, "SHARD_IDS"},
		{map[string]string{"SHARD_IDS": "a"}, "SHARD_IDS"},
		{map[string]string{"SHARD_COUNT": "2", "SHARD_IDS": "0,5"}, "SHARD_IDS"},
		{map[string]string{"SHARD_GROUP": "1/4"}, "SHARD_GROUP"}, // auto count
		{map[string]string{"SHARD_COUNT": "8", "SHARD_GROUP": "4/4"}, "SHARD_GROUP"},
		{map[string]string{"SHARD_COUNT": "8", "SHARD_GROUP": "1/4", "SHARD_IDS": "0"}, "SHARD_GROUP"},
		{map[string]string{"SHARD_COUNT": "2", "SHARD_GROUP": "0/3"}, "SHARD_GROUP"},
		{map[string]string{"REGISTER_COMMANDS": "sometimes"}, "REGISTER_COMMANDS"},
		{map[string]string{"GATEWAY": "false"}, "GATEWAY"},
		{map[string]string{"GATEWAY": "false", "HTTP_ADDR": ":8080"}, "GATEWAY"},
		{map[string]string{"HTTP_ADDR": "8080"}, "HTTP_ADDR"},
		{map[string]string{"DISCORD_PUBLIC_KEY": key}, "DISCORD_PUBLIC_KEY"},
		{map[string]string{"HTTP_ADDR": ":8080", "DISCORD_PUBLIC_KEY": key[:10]}, "DISCORD_PUBLIC_KEY"},
	} {
		_, err := loadConfig(env(tc.env))
		var ce *configError
		if !errors.As(err, &ce) || ce.name != tc.name {
			t.Errorf("loadConfig(%v) = %v, want an error naming %s", tc.env, err, tc.name)
		}
	}
}

// TestPuzzleCPU: PUZZLE_CPU takes a share of one core from 0.01 to 1, and
// nothing else (0 would stop the refill, more than 1 is not a share).
func TestPuzzleCPU(t *testing.T) {
	for v, want := range map[string]float64{"0.01": 0.01, "0.25": 0.25, " 1 ": 1, "0.5": 0.5} {
		cfg, err := loadConfig(env(map[string]string{"PUZZLE_CPU": v}))
		if err != nil || cfg.PuzzleCPU != want {
			t.Errorf("PUZZLE_CPU=%q: %v, %v; want %v", v, cfg.PuzzleCPU, err, want)
		}
	}
	for _, v := range []string{"0", "-0.5", "1.5", "half", "NaN", "Inf", "0.001"} {
		if _, err := loadConfig(env(map[string]string{"PUZZLE_CPU": v})); err == nil || !strings.Contains(err.Error(), "PUZZLE_CPU") {
			t.Errorf("PUZZLE_CPU=%q: %v, want an error naming it", v, err)
		}
	}
}
