package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/generate"
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

// TestStartupErrorsInJSON: with LOG_FORMAT=json, a bad configuration and a
// missing token stop the program with one JSON error line that names the
// cause, as runtime fatal errors do, so a supervisor reading JSON sees it.
func TestStartupErrorsInJSON(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		says string
	}{
		{"bad configuration", map[string]string{"LOG_FORMAT": "JSON", "SHARD_COUNT": "x"}, "SHARD_COUNT"},
		{"no token", map[string]string{"LOG_FORMAT": "json"}, "DISCORD_TOKEN is not set"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errw bytes.Buffer
			err := run(context.Background(), testProgram([]string{"-env", ""}, tc.env, strings.NewReader(""), &out, &errw))
			var logged reportedError
			if !errors.As(err, &logged) || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("run = %v, want an error it has logged saying %q", err, tc.says)
			}
			var rec map[string]any
			if jerr := json.Unmarshal(bytes.TrimSpace(errw.Bytes()), &rec); jerr != nil || rec["level"] != "ERROR" {
				t.Fatalf("stderr %q: want one JSON error line (%v)", errw.String(), jerr)
			}
			if msg, _ := rec["msg"].(string); !strings.Contains(msg, tc.says) {
				t.Errorf("logged %q, want it to say %q", msg, tc.says)
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

// fakeSessions returns a program's session factory for srv.
func fakeSessions(t *testing.T, srv *discordtest.Server) func(string, int) bot.SessionFunc {
	return func(token string, _ int) bot.SessionFunc {
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
}

// startProgram runs the program with environ against srv and returns the
// HTTP server's address, a function that stops the program as a signal
// would and returns run's result, and the program's log.
func startProgram(t *testing.T, srv *discordtest.Server, environ map[string]string) (string, func() error, *syncWriter) {
	t.Helper()
	logs := &syncWriter{}
	p := testProgram([]string{"-env", ""}, environ, strings.NewReader(""), io.Discard, logs)
	p.sessions = fakeSessions(t, srv)
	addrs := make(chan string, 1)
	p.listening = func(a string) { addrs <- a }
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, p) }()
	var once sync.Once
	var result error
	stop := func() error {
		once.Do(func() {
			cancel()
			select {
			case result = <-done:
			case <-time.After(15 * time.Second):
				result = errors.New("the program did not stop")
			}
		})
		return result
	}
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	})
	select {
	case a := <-addrs:
		return a, stop, logs
	case err := <-done:
		t.Fatalf("run = %v before listening:\n%s", err, logs.String())
	case <-time.After(10 * time.Second):
		t.Fatal("the HTTP server did not listen")
	}
	return "", nil, nil
}

// httpGet returns the status and body of GET url.
func httpGet(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// waitReady polls /readyz until it answers 200.
func waitReady(t *testing.T, base string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, body := httpGet(t, base+"/readyz")
		if code == http.StatusOK {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz still %d %q", code, body)
		}
		time.Sleep(10 * time.Millisecond) // polling
	}
}

// TestProgramHTTPOnly: GATEWAY=false with HTTP_ADDR and DISCORD_PUBLIC_KEY:
// no gateway connection, the endpoint answers slash commands, /healthz,
// /readyz and /metrics answer, and a signal stops it all cleanly.
func TestProgramHTTPOnly(t *testing.T) {
	srv := discordtest.New(t)
	addr, stop, logs := startProgram(t, srv, map[string]string{
		"DISCORD_TOKEN": discordtest.DefaultToken, "GATEWAY": "false", "HTTP_ADDR": "127.0.0.1:0",
		"DISCORD_PUBLIC_KEY": srv.PublicKey(), "LOG_FORMAT": "json",
	})
	base := "http://" + addr
	waitReady(t, base)
	if code, _ := httpGet(t, base+"/healthz"); code != http.StatusOK {
		t.Errorf("/healthz %d", code)
	}
	ans, err := srv.PostInteraction(base+"/interactions", srv.CommandPayload(discordtest.Command{Name: "solve",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.Opt("grid", lc37)}}))
	if err != nil || ans.Message == nil || !strings.Contains(ans.Message.Content, "[5][3] 4 | 6 [7] 8") {
		t.Fatalf("answer %+v (%v), want the solution", ans, err)
	}
	if n := srv.Connections(); n != 0 {
		t.Errorf("%d gateway connections with GATEWAY=false", n)
	}
	if n := len(srv.RequestsFor(discordtest.RouteBulkOverwriteGlobalCommands)); n != 1 {
		t.Errorf("%d registrations, want 1", n)
	}
	// The bot counts a command once its answer is handed over: the count
	// may follow the answer by a moment.
	counted := `sudokubot_commands_total{command="solve",outcome="unique",transport="http"} 1`
	var metrics string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) { // polling
		if _, metrics = httpGet(t, base+"/metrics"); strings.Contains(metrics, counted) || time.Now().After(deadline) {
			break
		}
	}
	for _, want := range []string{
		counted,
		`sudokubot_http_requests_total{code="200",route="/interactions"} 1`,
		"go_goroutines", "process_resident_memory_bytes",
	} {
		if !strings.Contains(metrics, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if err := stop(); err != nil {
		t.Errorf("run = %v after a signal", err)
	}
	if strings.Contains(logs.String(), discordtest.DefaultToken) {
		t.Error("the token was logged")
	}
}

// TestProgramShards: SHARD_COUNT and SHARD_IDS from the environment reach
// the gateway; /readyz waits for every shard.
func TestProgramShards(t *testing.T) {
	srv := discordtest.New(t, discordtest.WithShards(4), discordtest.WithMaxConcurrency(4))
	addr, _, _ := startProgram(t, srv, map[string]string{
		"DISCORD_TOKEN": discordtest.DefaultToken, "SHARD_COUNT": "4", "SHARD_IDS": "0-3", "HTTP_ADDR": "127.0.0.1:0",
	})
	waitReady(t, "http://"+addr)
	var shards []int
	for _, id := range srv.Identifies() {
		if id.Shard == nil || id.Shard[1] != 4 {
			t.Fatalf("identify with shard %v", id.Shard)
		}
		shards = append(shards, id.Shard[0])
	}
	slices.Sort(shards)
	if !slices.Equal(shards, []int{0, 1, 2, 3}) {
		t.Errorf("identified shards %v, want 0-3", shards)
	}
	if code, _ := httpGet(t, "http://"+addr+"/interactions"); code != http.StatusMethodNotAllowed && code != http.StatusNotFound {
		t.Errorf("GET /interactions %d without a public key", code)
	}
}

// syncWriter is an io.Writer safe for the program's goroutines.
type syncWriter struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

func TestHealthcheckFlag(t *testing.T) {
	ready := true
	var mu sync.Mutex
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if !ready {
			http.Error(w, "not ready: shards [1] not connected", http.StatusServiceUnavailable)
		}
	}))
	defer web.Close()
	check := func() error {
		return run(context.Background(), testProgram([]string{"-env", "", "-healthcheck", web.URL + "/readyz"}, nil, strings.NewReader(""), io.Discard, io.Discard))
	}
	if err := check(); err != nil {
		t.Errorf("healthcheck of a ready server = %v", err)
	}
	mu.Lock()
	ready = false
	mu.Unlock()
	if err := check(); err == nil || !strings.Contains(err.Error(), "503") || !strings.Contains(err.Error(), "shards [1]") {
		t.Errorf("healthcheck of a server not ready = %v", err)
	}
}

// TestProgramServesPuzzles: the program runs the puzzle pool with
// PUZZLE_CPU's share, hands it to the bot (/daily answers with the day's
// puzzle, /new with a new one), and stops it at shutdown, logging what it
// served.
func TestProgramServesPuzzles(t *testing.T) {
	srv := discordtest.New(t)
	addr, stop, logs := startProgram(t, srv, map[string]string{
		"DISCORD_TOKEN": discordtest.DefaultToken, "GATEWAY": "false", "HTTP_ADDR": "127.0.0.1:0",
		"DISCORD_PUBLIC_KEY": srv.PublicKey(), "LOG_FORMAT": "json", "PUZZLE_CPU": "0.5",
	})
	base := "http://" + addr
	waitReady(t, base)
	ask := func(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) string {
		t.Helper()
		ans, err := srv.PostInteraction(base+"/interactions", srv.CommandPayload(discordtest.Command{Name: name, Options: opts}))
		if err != nil || ans.Message == nil {
			t.Fatalf("/%s: answer %+v (%v)", name, ans, err)
		}
		return ans.Message.Content
	}
	before, _ := generate.Daily(context.Background(), time.Now(), generate.Expert)
	daily := ask("daily", discordtest.SubCommand("today", discordtest.Opt("level", "expert")))
	after, _ := generate.Daily(context.Background(), time.Now(), generate.Expert)
	if !strings.Contains(daily, before.Code.String()) && !strings.Contains(daily, after.Code.String()) {
		t.Errorf("/daily today level:expert is not the day's Expert puzzle %v:\n%s", before.Code, daily)
	}
	if c, ok := generate.FindCode(ask("new", discordtest.Opt("level", "easy"), discordtest.Opt("size", "6x6"))); !ok || c.Shape.Size() != 6 {
		t.Errorf("/new level:easy size:6x6 posted code %v", c)
	}
	if err := stop(); err != nil {
		t.Fatalf("run = %v after a signal", err)
	}
	started, stopped := false, false
	for _, l := range strings.Split(logs.String(), "\n") {
		var rec map[string]any
		if json.Unmarshal([]byte(l), &rec) != nil {
			continue
		}
		switch rec["msg"] {
		case "puzzle pool refilling in the background":
			started = rec["cpu"] == 0.5
		case "puzzle pool stopped":
			served, _ := rec["served"].(float64)
			cold, _ := rec["served_cold"].(float64)
			stopped = served+cold >= 1 // /new; the day's puzzles are counted apart
		}
	}
	if !started || !stopped {
		t.Errorf("pool started with cpu 0.5: %v; stopped after serving /new: %v; log:\n%s", started, stopped, logs.String())
	}
}
