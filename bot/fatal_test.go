package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// runUntilError runs a bot against srv with the given sessions and returns
// what Run returned, failing the test if it does not return in time.
func runUntilError(t *testing.T, srv *discordtest.Server, sessions SessionFunc) (error, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	b := newBot(testConfig(), sessions, slog.New(slog.NewJSONHandler(logs, nil)), nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	select {
	case err := <-done:
		return err, logs
	case <-time.After(wait):
		t.Fatalf("Run did not return:\n%s", logs.String())
		return nil, nil
	}
}

// wantFatal checks that err is a FatalError naming want in its cause and
// saying what to do.
func wantFatal(t *testing.T, err error, want ...string) {
	t.Helper()
	var f *FatalError
	if !errors.As(err, &f) {
		t.Fatalf("Run returned %v, want a FatalError", err)
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not say %q", err, w)
		}
	}
	if f.Fix == "" {
		t.Errorf("error %q says no fix", err)
	}
}

func TestWrongTokenAtStartIsFatal(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	const wrong = "MTAw.wrong-token.not-this-one"
	err, logs := runUntilError(t, srv, func() (*discordgo.Session, error) {
		s, err := discordgo.New("Bot " + wrong)
		if err != nil {
			return nil, err
		}
		srv.Configure(s)
		t.Cleanup(func() { discordtest.StopSession(s) })
		return s, nil
	})
	wantFatal(t, err, "DISCORD_TOKEN", "401", "Reset Token")
	if strings.Contains(err.Error()+logs.String(), "wrong-token") {
		t.Error("the token was printed")
	}
	if n := len(srv.Identifies()); n != 0 {
		t.Errorf("%d identifies with a token REST refused", n)
	}
}

func TestRevokedTokenStopsTheBot(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil)
	h.srv.WaitSettled(t, wait)
	revoked := time.Now()
	h.srv.RevokeToken()
	select {
	case err := <-h.done:
		h.done <- err
		wantFatal(t, err, "DISCORD_TOKEN", "4004", "Reset Token")
		t.Logf("stopped %v after the token was revoked: %v", time.Since(revoked).Round(time.Millisecond), err)
	case <-time.After(wait):
		t.Fatalf("the bot did not stop after its token was revoked:\n%s", h.logs.String())
	}
	if h.srv.Connected() {
		t.Error("still connected")
	}
}

func TestFatalCloseCodesAtStart(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		code int
		want []string
	}{
		{4010, []string{"4010", "SHARD_IDS"}},
		{4011, []string{"4011", "SHARD_COUNT"}},
		{4012, []string{"4012", "upgrade"}},
		{4013, []string{"4013", "bug"}},
	} {
		t.Run(fmt.Sprint(tc.code), func(t *testing.T) {
			t.Parallel()
			srv := discordtest.New(t)
			srv.RejectIdentifies(tc.code, "refused by the test")
			err, _ := runUntilError(t, srv, sessions(t, srv))
			wantFatal(t, err, tc.want...)
		})
	}
	t.Run("4014 after the fallback", func(t *testing.T) {
		t.Parallel()
		// Message content is refused, and so is another intent the bot needs:
		// the fallback without message content cannot help.
		srv := discordtest.New(t, discordtest.WithDisallowedIntents(discordgo.IntentsMessageContent|discordgo.IntentsDirectMessages))
		err, logs := runUntilError(t, srv, sessions(t, srv))
		wantFatal(t, err, "4014", "MESSAGE_CONTENT_INTENT")
		if ids := srv.Identifies(); len(ids) != 2 || ids[1].Intents&discordgo.IntentsMessageContent != 0 {
			t.Errorf("identifies %+v: want one with message content, then the fallback without", ids)
		}
		if !strings.Contains(logs.String(), "Message Content intent is not enabled") {
			t.Error("the fallback is not logged")
		}
	})
}

// TestFatalCloseOnALiveConnection: Discord invalidates the session and,
// when discordgo identifies again on the same connection, closes it with
// 4011 (sharding required). Only discordgo's log line shows that code; the
// library log hook stops the bot with it instead of reconnecting for ever.
func TestFatalCloseOnALiveConnection(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), nil)
	h.srv.WaitSettled(t, wait)
	h.srv.RejectIdentifies(4011, "Sharding required.")
	h.srv.InvalidateSession(false)
	select {
	case err := <-h.done:
		h.done <- err
		wantFatal(t, err, "4011", "SHARD_COUNT")
	case <-time.After(wait):
		t.Fatalf("the bot did not stop after close 4011:\n%s", h.logs.String())
	}
	if recs := h.logs.lines("error reading from gateway ws://" + h.srv.Addr() + "/ws/?v=9&encoding=json websocket, websocket: close 4011: Sharding required."); len(recs) == 0 {
		t.Errorf("discordgo's line is not in the bot's slog output:\n%s", h.logs.String())
	} else if recs[0]["level"] != "WARN" || recs[0]["source"] != "discordgo" {
		t.Errorf("discordgo's line logged as %v", recs[0])
	}
}
