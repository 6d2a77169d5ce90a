package main

import (
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
	if cfg != want {
		t.Errorf("loadConfig(empty) = %+v, want defaults %+v", cfg, want)
	}
	if cfg.Token != "" || cfg.Prefix != "!" || cfg.SolveTimeout != 2*time.Second || cfg.Workers < 1 || cfg.Queue < 1 {
		t.Errorf("unexpected defaults %+v", cfg)
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
		"LOG_LEVEL":              "debug",
		"LOG_FORMAT":             "JSON",
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Token: "abc.def", Prefix: "?", SolveTimeout: 750 * time.Millisecond, Workers: 3, Queue: 0,
		UserRate: 30, UserBurst: 6, ChannelBacklog: 9, DevGuildID: "123456789012345678", SpoilerSolutions: true,
		MessageContent: false, ShutdownGrace: 3 * time.Second, LogLevel: slog.LevelDebug, LogFormat: "json",
	}
	if cfg != want {
		t.Errorf("got %+v\nwant %+v", cfg, want)
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
	if cfg.Prefix != "?" || cfg.SolveTimeout != time.Second || cfg.Token != "" {
		t.Errorf("prefix %q timeout %v token set %v: want ? from the file, 1s and no token from the environment", cfg.Prefix, cfg.SolveTimeout, cfg.Token != "")
	}
	if _, err := withEnvFile(lookup(nil), filepath.Join(dir, "missing"), false); err != nil {
		t.Errorf("a missing .env must not be an error: %v", err)
	}
	if _, err := withEnvFile(lookup(nil), filepath.Join(dir, "missing"), true); err == nil {
		t.Error("a missing file named with -env must be an error")
	}
}
