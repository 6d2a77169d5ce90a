package bot

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/sudoku"
)

var loadFlag = flag.Bool("load", false, "run the load tests against the fake Discord: go test ./bot -run TestLoad -load -v")

// sharedData is the puzzle sets beside the repository (see ../shared/data/README.md).
var sharedData = filepath.Join("..", "..", "shared", "data")

// readPuzzles returns the first n puzzles of a file in sharedData, and skips
// the test when the data is absent.
func readPuzzles(tb testing.TB, name string, n int) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join(sharedData, name))
	if err != nil {
		tb.Skipf("puzzle data not available: %v", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			out = append(out, l)
		}
	}
	if len(out) < n {
		tb.Fatalf("%s has %d puzzles, want %d", name, len(out), n)
	}
	return out
}

// peakRSS returns the process's peak resident set size (VmHWM) in MiB, and
// resetPeakRSS starts a new peak; Linux only, 0 elsewhere. The process holds
// the fake Discord as well as the bot, so the figure is an upper bound.
func peakRSS() float64 { return procStatusMiB("VmHWM:") }

// rssMiB returns the process's resident set size (VmRSS) in MiB; Linux
// only, 0 elsewhere.
func rssMiB() float64 { return procStatusMiB("VmRSS:") }

// procStatusMiB reads a size in kB from /proc/self/status, in MiB.
func procStatusMiB(field string) float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == field {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

func resetPeakRSS() {
	runtime.GC()
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
}

// loadRun is what one load scenario measured.
type loadRun struct {
	sent, solved, busy, limited, other int
	latencies                          []time.Duration
	elapsed                            time.Duration
	peakMiB                            float64
}

func (r loadRun) String() string {
	p := func(q float64) time.Duration {
		if len(r.latencies) == 0 {
			return 0
		}
		return r.latencies[min(len(r.latencies)-1, int(q*float64(len(r.latencies))))]
	}
	replies := r.solved + r.busy + r.limited + r.other
	return fmt.Sprintf("sent %d, replies %d (solved %d, busy %d, rate-limited %d, other %d), %.0f replies/s, latency p50 %v p99 %v max %v, peak RSS %.1f MiB",
		r.sent, replies, r.solved, r.busy, r.limited, r.other, float64(replies)/r.elapsed.Seconds(),
		p(0.50).Round(10*time.Microsecond), p(0.99).Round(10*time.Microsecond), p(1).Round(10*time.Microsecond), r.peakMiB)
}

// drive sends one !solve per puzzle from users users in as many channels, at
// perSecond messages a second (0: as fast as the fake can), waits until want
// replies came (want(sent) of them) and classifies them.
func drive(t *testing.T, srv *discordtest.Server, puzzles []string, users, perSecond int, want func(int) int, classify func(string) string) loadRun {
	t.Helper()
	resetPeakRSS()
	before := len(srv.Messages())
	var mu sync.Mutex
	sentAt := make(map[string]time.Time, len(puzzles))
	start := time.Now()
	var interval time.Duration
	if perSecond > 0 {
		interval = time.Second / time.Duration(perSecond)
	}
	for i, p := range puzzles {
		if interval > 0 {
			if d := time.Until(start.Add(time.Duration(i) * interval)); d > 0 {
				time.Sleep(d) // pacing the sender, not synchronisation
			}
		}
		u := i % users
		payload := srv.MessagePayload(discordtest.Message{
			ChannelID: strconv.Itoa(3100000000000000000 + u),
			Author:    &discordgo.User{ID: strconv.Itoa(4100000000000000000 + u), Username: "user" + strconv.Itoa(u)},
			Content:   "!solve " + p,
		})
		mu.Lock()
		sentAt[payload["id"].(string)] = time.Now()
		mu.Unlock()
		srv.Dispatch("MESSAGE_CREATE", payload)
	}
	var msgs []discordtest.SentMessage
	var r loadRun
	if n := want(len(puzzles)); n >= 0 {
		msgs = srv.WaitMessages(t, before+n, 2*time.Minute)
		r = loadRun{sent: len(puzzles), elapsed: time.Since(start), peakMiB: peakRSS()}
		srv.NoMoreMessages(t, before+n, 500*time.Millisecond)
	} else {
		msgs = waitQuiet(srv, time.Second)
		r = loadRun{sent: len(puzzles), elapsed: time.Since(start), peakMiB: peakRSS()}
	}
	msgs = msgs[before:]
	answered := map[string]bool{}
	for _, m := range msgs {
		if m.Reference == nil {
			t.Errorf("reply without a reference: %v", m)
			continue
		}
		id := m.Reference.MessageID
		if answered[id] {
			t.Errorf("message %s answered twice", id)
		}
		answered[id] = true
		mu.Lock()
		r.latencies = append(r.latencies, m.Request.Time.Sub(sentAt[id]))
		mu.Unlock()
		switch classify(m.Content) {
		case "solved":
			r.solved++
		case "busy":
			r.busy++
		case "limited":
			r.limited++
		default:
			r.other++
		}
	}
	slices.Sort(r.latencies)
	return r
}

// waitQuiet waits until no message came for quiet, and returns them all.
func waitQuiet(srv *discordtest.Server, quiet time.Duration) []discordtest.SentMessage {
	tick := time.NewTicker(quiet / 10)
	defer tick.Stop()
	n, last := len(srv.Messages()), time.Now()
	for range tick.C {
		if m := len(srv.Messages()); m != n {
			n, last = m, time.Now()
		} else if time.Since(last) >= quiet {
			break
		}
	}
	return srv.Messages()
}

// classifySolve checks a reply: a correct solution (complete, no conflict),
// or one of the notices.
func classifySolve(t *testing.T) func(string) string {
	return func(content string) string {
		switch {
		case strings.Contains(content, msgBusy[:20]):
			return "busy"
		case strings.Contains(content, msgRateLimit[:20]):
			return "limited"
		}
		g, err := parser.Parse(content)
		if err != nil || !g.Complete() || sudoku.Validate(g) != nil {
			t.Errorf("reply is not a solution (%v):\n%s", err, content)
			return "other"
		}
		return "solved"
	}
}

func startLoadBot(t *testing.T, cfg testSetup) *discordtest.Server {
	t.Helper()
	srv := discordtest.New(t, discordtest.WithHeartbeatInterval(discordtest.DefaultHeartbeatInterval))
	b := newBot(cfg, sessions(t, srv), slog.New(slog.NewJSONHandler(io.Discard, nil)), nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	srv.WaitRequests(t, discordtest.RouteBulkOverwriteGlobalCommands, 1, wait)
	return srv
}

func loadConfig() testSetup {
	cfg := testConfig()
	cfg.Workers = runtime.NumCPU()
	cfg.Queue = 4 * cfg.Workers
	cfg.UserRate = 1_000_000
	cfg.UserBurst = 1_000_000
	// 2,000 messages in 50 channels come 40 to a channel at once in a flood;
	// the default backlog of 32 waiting replies a channel would drop some (logged).
	cfg.ChannelBacklog = 64
	return cfg
}

// TestLoad is the load test of the hardening issue. It is skipped unless
// -load is given, and needs ../shared/data.
func TestLoad(t *testing.T) {
	if !*loadFlag {
		t.Skip("load test: go test ./bot -run TestLoad -load -v")
	}
	puzzles := readPuzzles(t, "forum_hardest_1905_11plus.txt", 2000)
	all := func(n int) int { return n }

	t.Run("paced_500_per_s", func(t *testing.T) {
		srv := startLoadBot(t, loadConfig())
		r := drive(t, srv, puzzles, 50, 500, all, classifySolve(t))
		t.Logf("bot, 500 msg/s: %v", r)
		if r.solved != len(puzzles) {
			t.Errorf("%d of %d solved", r.solved, len(puzzles))
		}
	})
	t.Run("bare_discordgo_paced_500_per_s", func(t *testing.T) {
		srv := discordtest.New(t)
		sess := srv.Session(t, discordgo.IntentsGuildMessages|discordgo.IntentsMessageContent)
		sess.AddHandler(func(s *discordgo.Session, m *discordgo.MessageCreate) {
			if m.Author.Bot {
				return
			}
			if _, err := s.ChannelMessageSendComplex(m.ChannelID, &discordgo.MessageSend{Content: "fixed", Reference: m.Reference()}); err != nil {
				t.Errorf("bare bot send: %v", err)
			}
		})
		if err := sess.Open(); err != nil {
			t.Fatal(err)
		}
		r := drive(t, srv, puzzles, 50, 500, all, func(string) string { return "solved" })
		t.Logf("bare discordgo bot, 500 msg/s: %v", r)
	})
	t.Run("flood", func(t *testing.T) {
		srv := startLoadBot(t, loadConfig())
		r := drive(t, srv, puzzles, 50, 0, all, classifySolve(t))
		t.Logf("bot, flood: %v", r)
		if r.solved+r.busy != len(puzzles) || r.solved == 0 {
			t.Errorf("solved %d + busy %d != %d sent", r.solved, r.busy, len(puzzles))
		}
	})
	t.Run("flood_default_limits", func(t *testing.T) {
		// Default limits: 12 a minute per user, bursts of 4, queue 4 × workers.
		cfg := testConfig()
		cfg.Workers = runtime.NumCPU()
		cfg.Queue = 4 * cfg.Workers
		cfg.UserRate, cfg.UserBurst = 12, 4
		srv := startLoadBot(t, cfg)
		var peaks []float64
		for round := range 3 {
			// Each round: 10,000 messages from the same 50 users as fast as the fake can.
			flood := make([]string, 10_000)
			for i := range flood {
				flood[i] = puzzles[i%len(puzzles)]
			}
			before := len(srv.Messages())
			r := drive(t, srv, flood, 50, 0, func(int) int { return -1 }, classifySolve(t))
			peaks = append(peaks, r.peakMiB)
			t.Logf("bot, default limits, flood round %d: %v (replies in all rounds so far %d)", round+1, r, len(srv.Messages()))
			if round == 0 && (r.limited != 50 || before != 0) {
				t.Errorf("%d rate-limit notices, want one per user", r.limited)
			}
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		t.Logf("peak RSS per round (MiB): %v; heap in use after: %.1f MiB, goroutines %d", peaks, float64(ms.HeapInuse)/(1<<20), runtime.NumGoroutine())
	})
}
