package main

import (
	"crypto/ed25519"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/httpserver"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/backend"
)

// Config is everything the program reads from its environment, already
// checked. The bot's part is a bot.Config, passed on as it is.
type Config struct {
	Token string     // DISCORD_TOKEN; empty means console mode
	Bot   bot.Config // the bot's settings; zero Workers and negative Queue are resolved by the bot
	// Command is the command handler's: prefix, solve deadline, spoilers,
	// pictures (the store and the puzzle pool are added by run).
	Command   command.Config
	LogLevel  slog.Level // LOG_LEVEL
	LogFormat string     // LOG_FORMAT: text or json
	// HTTPAddr is where the HTTP server (interactions endpoint, /healthz,
	// /readyz, /metrics) listens (HTTP_ADDR); empty: no HTTP server.
	HTTPAddr string
	// PublicKey verifies Discord's requests to the interactions endpoint
	// (DISCORD_PUBLIC_KEY); empty: no endpoint.
	PublicKey ed25519.PublicKey
	// PuzzleCPU is the share of one core that the puzzle pool's background
	// refill may use (PUZZLE_CPU), above 0 and at most 1.
	PuzzleCPU float64
	// DatabaseURL names the database of the servers' settings and daily
	// puzzles (DATABASE_URL, see package settings/backend): an SQLite file
	// for one process, PostgreSQL for several.
	DatabaseURL string
}

// defaultPuzzleCPU is PUZZLE_CPU's default: a quarter of one core for
// making puzzles ahead, the rest of the machine for solving.
const defaultPuzzleCPU = 0.25

// defaultConfig returns the values used for every variable that is not set.
// The defaults live in bot.DefaultConfig (and command's constants); the
// tests check .env.example, the README and the doc comment of main.go
// against this function.
func defaultConfig() Config {
	return Config{Bot: bot.DefaultConfig(), Command: defaultCommand(), LogLevel: slog.LevelInfo, LogFormat: "text", PuzzleCPU: defaultPuzzleCPU,
		DatabaseURL: backend.DefaultURL}
}

// defaultCommand is the command handler's configuration where nothing is
// set.
func defaultCommand() command.Config {
	return command.Config{Prefix: command.DefaultPrefix, SolveTimeout: command.DefaultSolveTimeout,
		Pictures: command.DefaultPictures, Theme: picture.Dark,
		Play: command.PlayConfig{MaxOpen: settings.DefaultMaxOpenGames, Idle: settings.DefaultGameIdle}}
}

// configError names the variable whose value is wrong, for the operator.
type configError struct {
	name, value, want string
}

func (e *configError) Error() string {
	return fmt.Sprintf("configuration: %s=%q is not valid: want %s", e.name, e.value, e.want)
}

// loadConfig reads the configuration through getenv (built from os.LookupEnv and .env in run, a map
// in tests). A variable that is unset or blank keeps its default; a bad value
// is an error naming the variable.
func loadConfig(getenv func(string) string) (Config, error) {
	cfg := defaultConfig()
	get := func(name string) (string, bool) {
		v := strings.TrimSpace(getenv(name))
		return v, v != ""
	}
	var errs []error
	bad := func(name, value, want string) { errs = append(errs, &configError{name, value, want}) }

	cfg.Token, _ = get("DISCORD_TOKEN")
	cfg.Token = strings.TrimPrefix(cfg.Token, "Bot ")
	if v, ok := get("COMMAND_PREFIX"); ok {
		if strings.ContainsAny(v, " \t\n`@") || utf8.RuneCountInString(v) > 5 {
			bad("COMMAND_PREFIX", v, "one to five characters, without spaces, backticks or @")
		} else {
			cfg.Command.Prefix = v
		}
	}
	duration := func(name string, dst *time.Duration, min, max time.Duration) {
		v, ok := get(name)
		if !ok {
			return
		}
		d, err := time.ParseDuration(v)
		if err != nil || d < min || d > max {
			bad(name, v, fmt.Sprintf("a Go duration from %v to %v, such as 2s or 500ms", min, max))
			return
		}
		*dst = d
	}
	integer := func(name string, dst *int, min, max int) {
		v, ok := get(name)
		if !ok {
			return
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < min || n > max {
			bad(name, v, fmt.Sprintf("a whole number from %d to %d", min, max))
			return
		}
		*dst = n
	}
	boolean := func(name string, dst *bool) {
		v, ok := get(name)
		if !ok {
			return
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			bad(name, v, "true or false")
			return
		}
		*dst = b
	}
	duration("SOLVE_TIMEOUT", &cfg.Command.SolveTimeout, time.Millisecond, time.Minute)
	integer("SOLVE_WORKERS", &cfg.Bot.Workers, 1, 1024)
	integer("SOLVE_QUEUE", &cfg.Bot.Queue, 0, 100000)
	integer("USER_RATE_LIMIT", &cfg.Bot.UserRate, 1, 100000)
	integer("USER_RATE_BURST", &cfg.Bot.UserBurst, 1, 100000)
	integer("CHANNEL_BACKLOG", &cfg.Bot.ChannelBacklog, 1, 10000)
	if v, ok := get("DEV_GUILD_ID"); ok {
		if _, err := strconv.ParseUint(v, 10, 64); err != nil {
			bad("DEV_GUILD_ID", v, "a server (guild) ID: digits only")
		} else {
			cfg.Bot.DevGuildID = v
		}
	}
	boolean("SPOILER_SOLUTIONS", &cfg.Command.Spoiler)
	boolean("MESSAGE_CONTENT_INTENT", &cfg.Bot.MessageContent)
	duration("SHUTDOWN_GRACE", &cfg.Bot.ShutdownGrace, 0, 10*time.Minute)
	duration("RECONNECT_MAX_WAIT", &cfg.Bot.ReconnectMax, time.Second, 10*time.Minute)
	if v, ok := get("PUZZLE_CPU"); ok {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || !(f >= 0.01 && f <= 1) {
			bad("PUZZLE_CPU", v, "a share of one core from 0.01 to 1, such as 0.25")
		} else {
			cfg.PuzzleCPU = f
		}
	}
	integer("GAMES_MAX_OPEN", &cfg.Command.Play.MaxOpen, 1, 1000)
	integer("GAME_MOVE_RATE", &cfg.Bot.MoveRate, 1, 100000)
	integer("GAME_MOVE_BURST", &cfg.Bot.MoveBurst, 1, 100000)
	idleDays := int(cfg.Command.Play.Idle / (24 * time.Hour))
	integer("GAME_IDLE_DAYS", &idleDays, 1, 3650)
	cfg.Command.Play.Idle = time.Duration(idleDays) * 24 * time.Hour
	if v, ok := get("IMAGE_REPLIES"); ok {
		if m, err := settings.ParsePictureMode(v); err != nil {
			bad("IMAGE_REPLIES", v, "auto, always or never")
		} else {
			cfg.Command.Pictures = m
		}
	}
	if v, ok := get("IMAGE_THEME"); ok {
		if th, err := picture.ParseTheme(v); err != nil {
			bad("IMAGE_THEME", v, "dark or light")
		} else {
			cfg.Command.Theme = th
		}
	}

	// Scale: shards, the interactions endpoint, the HTTP server.
	if v, ok := get("SHARD_COUNT"); ok && !strings.EqualFold(v, "auto") {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxShards {
			bad("SHARD_COUNT", v, fmt.Sprintf("auto, or a whole number from 1 to %d", maxShards))
		} else {
			cfg.Bot.ShardCount = n
		}
	}
	if v, ok := get("SHARD_IDS"); ok {
		ids, err := parseShardIDs(v)
		switch {
		case err != nil:
			bad("SHARD_IDS", v, "shard numbers and ranges such as 0-3 or 4,5 ("+err.Error()+")")
		case cfg.Bot.ShardCount > 0 && ids[len(ids)-1] >= cfg.Bot.ShardCount:
			bad("SHARD_IDS", v, fmt.Sprintf("shards of SHARD_COUNT=%d, numbered 0 to %d", cfg.Bot.ShardCount, cfg.Bot.ShardCount-1))
		default:
			cfg.Bot.ShardIDs = ids
		}
	}
	if v, ok := get("SHARD_GROUP"); ok {
		switch index, groups, err := bot.ParseShardGroup(v); {
		case err != nil:
			bad("SHARD_GROUP", v, "INDEX/GROUPS, such as 2/4 or $(POD_NAME)/4 ("+err.Error()+")")
		case cfg.Bot.ShardCount == 0:
			bad("SHARD_GROUP", v, "a SHARD_COUNT that is a number, the same in every process (auto could differ between them)")
		case cfg.Bot.ShardIDs != nil:
			bad("SHARD_GROUP", v, "no SHARD_IDS with it: the group gives the shards")
		case groups > cfg.Bot.ShardCount:
			bad("SHARD_GROUP", v, fmt.Sprintf("at most SHARD_COUNT=%d groups", cfg.Bot.ShardCount))
		default:
			cfg.Bot.ShardIDs = bot.GroupShards(index, groups, cfg.Bot.ShardCount)
		}
	}
	if v, ok := get("REGISTER_COMMANDS"); ok {
		b, err := strconv.ParseBool(v)
		switch {
		case err != nil:
			bad("REGISTER_COMMANDS", v, "true or false (unset: the process that runs shard 0, or an HTTP-only one)")
		case b:
			cfg.Bot.Register = bot.RegisterAlways
		default:
			cfg.Bot.Register = bot.RegisterNever
		}
	}
	gateway := true
	boolean("GATEWAY", &gateway)
	cfg.Bot.HTTPOnly = !gateway
	if v, ok := get("HTTP_ADDR"); ok {
		if _, _, err := net.SplitHostPort(v); err != nil {
			bad("HTTP_ADDR", v, "a listen address such as :8080 or 127.0.0.1:8080")
		} else {
			cfg.HTTPAddr = v
		}
	}
	if v, ok := get("DISCORD_PUBLIC_KEY"); ok {
		key, err := httpserver.ParsePublicKey(v)
		switch {
		case err != nil:
			bad("DISCORD_PUBLIC_KEY", v, "the application's public key from the Developer Portal (General Information): "+err.Error())
		case cfg.HTTPAddr == "":
			bad("DISCORD_PUBLIC_KEY", v, "an HTTP_ADDR to serve the interactions endpoint on")
		default:
			cfg.PublicKey = key
		}
	}
	if !gateway && (cfg.HTTPAddr == "" || cfg.PublicKey == nil) {
		v, _ := get("GATEWAY")
		bad("GATEWAY", v, "HTTP_ADDR and DISCORD_PUBLIC_KEY with it: without the gateway, slash commands come only to the interactions endpoint")
	}
	if v, ok := get("DATABASE_URL"); ok {
		// The error names DATABASE_URL and hides any password.
		if _, err := backend.Parse(v); err != nil {
			errs = append(errs, err)
		} else {
			cfg.DatabaseURL = v
		}
	}
	if v, ok := get("LOG_LEVEL"); ok {
		if err := cfg.LogLevel.UnmarshalText([]byte(v)); err != nil {
			bad("LOG_LEVEL", v, "debug, info, warn or error")
		}
	}
	if v, ok := get("LOG_FORMAT"); ok {
		switch strings.ToLower(v) {
		case "text", "json":
			cfg.LogFormat = strings.ToLower(v)
		default:
			bad("LOG_FORMAT", v, "text or json")
		}
	}
	if len(errs) > 0 {
		return Config{}, errors.Join(errs...)
	}
	return cfg, nil
}

// maxShards bounds SHARD_COUNT: 2,500 servers a shard, so far beyond any bot.
const maxShards = 10000

// parseShardIDs reads a list of shard numbers and ranges ("0-3,5"), sorted
// and without repeats.
func parseShardIDs(s string) ([]int, error) {
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		if err != nil || a < 0 {
			return nil, fmt.Errorf("%q is not a shard number", part)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil || b < a {
				return nil, fmt.Errorf("%q is not a range of shards", part)
			}
		}
		if b >= maxShards {
			return nil, fmt.Errorf("shard %d is beyond %d", b, maxShards-1)
		}
		for i := a; i <= b; i++ {
			seen[i] = true
		}
	}
	ids := make([]int, 0, len(seen))
	for id := range seen {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids, nil
}
