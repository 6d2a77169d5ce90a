package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestNoTokenNothingToReadExits: without a token and without input (Docker
// without -i, systemd: /dev/null), the program exits non-zero naming
// DISCORD_TOKEN instead of running an empty console and exiting 0.
func TestNoTokenNothingToReadExits(t *testing.T) {
	devNull, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer devNull.Close()
	for name, stdin := range map[string]interface{ Read([]byte) (int, error) }{
		"empty pipe": strings.NewReader(""),
		"/dev/null":  devNull,
	} {
		t.Run(name, func(t *testing.T) {
			var out, errw bytes.Buffer
			err := run(context.Background(), testProgram([]string{"-env", ""}, nil, stdin, &out, &errw))
			if !errors.Is(err, errNoToken) || !strings.Contains(err.Error(), "DISCORD_TOKEN is not set") {
				t.Errorf("run = %v, want errNoToken", err)
			}
			if out.Len() != 0 {
				t.Errorf("printed %q", out.String())
			}
		})
	}
}

// TestConsoleWhenAsked: -console runs the console even with nothing to read.
func TestConsoleWhenAsked(t *testing.T) {
	var out, errw bytes.Buffer
	if err := run(context.Background(), testProgram([]string{"-env", "", "-console"}, nil, strings.NewReader(""), &out, &errw)); err != nil {
		t.Errorf("run -console with empty input = %v, want nil", err)
	}
}

// TestFatalErrorIsOneLogLine: Discord refuses the token; the program stops
// with an error already logged as one line in the log's format (JSON here)
// that names the cause and the fix.
func TestFatalErrorIsOneLogLine(t *testing.T) {
	srv := discordtest.New(t)
	var out, errw bytes.Buffer
	p := testProgram([]string{"-env", ""}, map[string]string{"DISCORD_TOKEN": "revoked.token", "LOG_FORMAT": "json"}, strings.NewReader(""), &out, &errw)
	p.sessions = func(token string, _ int) bot.SessionFunc {
		return func() (*discordgo.Session, error) {
			s, err := discordgo.New("Bot " + token)
			if err != nil {
				return nil, err
			}
			srv.Configure(s)
			t.Cleanup(func() { discordtest.StopSession(s) })
			return s, nil
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := run(ctx, p)
	var logged reportedError
	if !errors.As(err, &logged) {
		t.Fatalf("run = %v, want an error it has logged", err)
	}
	var errorLines []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(errw.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("not a JSON log line: %q", l)
		}
		if rec["level"] == "ERROR" {
			errorLines = append(errorLines, rec)
		}
	}
	if len(errorLines) != 1 {
		t.Fatalf("%d error lines, want one:\n%s", len(errorLines), errw.String())
	}
	msg, _ := errorLines[0]["msg"].(string)
	for _, want := range []string{"DISCORD_TOKEN", "401", "Reset Token"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error line %q does not say %q", msg, want)
		}
	}
	if strings.Contains(errw.String(), "revoked.token") {
		t.Error("the token was logged")
	}
}
