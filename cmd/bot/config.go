package main

import (
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/picture"
)

// Config is everything the program reads from its environment, already
// checked. The bot's part is a bot.Config, passed on as it is.
type Config struct {
	Token     string     // DISCORD_TOKEN; empty means console mode
	Bot       bot.Config // the bot's settings; zero Workers and negative Queue are resolved by the bot
	LogLevel  slog.Level // LOG_LEVEL
	LogFormat string     // LOG_FORMAT: text or json
}

// defaultConfig returns the values used for every variable that is not set.
// The defaults live in bot.DefaultConfig (and command's constants); the
// tests check .env.example, the README and the doc comment of main.go
// against this function.
func defaultConfig() Config {
	return Config{Bot: bot.DefaultConfig(), LogLevel: slog.LevelInfo, LogFormat: "text"}
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
			cfg.Bot.Prefix = v
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
	duration("SOLVE_TIMEOUT", &cfg.Bot.SolveTimeout, time.Millisecond, time.Minute)
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
	boolean("SPOILER_SOLUTIONS", &cfg.Bot.SpoilerSolutions)
	boolean("MESSAGE_CONTENT_INTENT", &cfg.Bot.MessageContent)
	duration("SHUTDOWN_GRACE", &cfg.Bot.ShutdownGrace, 0, 10*time.Minute)
	duration("RECONNECT_MAX_WAIT", &cfg.Bot.ReconnectMax, time.Second, 10*time.Minute)
	if v, ok := get("IMAGE_REPLIES"); ok {
		if m, err := command.ParsePictureMode(v); err != nil {
			bad("IMAGE_REPLIES", v, "auto, always or never")
		} else {
			cfg.Bot.ImageReplies = m
		}
	}
	if v, ok := get("IMAGE_THEME"); ok {
		if th, err := picture.ParseTheme(v); err != nil {
			bad("IMAGE_THEME", v, "dark or light")
		} else {
			cfg.Bot.ImageTheme = th
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
