package bot

import (
	"context"
	"flag"
	"io"
	"log/slog"
	"reflect"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

var soakFlag = flag.Bool("soak", false, "run the full soak test (100,000 slash commands and 100,000 messages): go test ./bot -run TestSoak -soak -v")

// soakBot is a bot under a soak: its sessions are kept so that the test can
// count discordgo's rate-limit buckets in each.
type soakBot struct {
	srv *discordtest.Server
	bot *Bot
	reg *prometheus.Registry

	mu       sync.Mutex
	sessions []*discordgo.Session
}

// discordgoBuckets counts the rate-limit buckets discordgo keeps in every
// session the bot made: a map that only grows, read by reflection because
// discordgo does not export it.
func (sb *soakBot) discordgoBuckets() int {
	sb.mu.Lock()
	defer sb.mu.Unlock()
	n := 0
	for _, s := range sb.sessions {
		rl := s.Ratelimiter
		rl.Lock()
		n += reflect.ValueOf(rl).Elem().FieldByName("buckets").Len()
		rl.Unlock()
	}
	return n
}

// buckets is every rate-limit bucket the bot holds: discordgo's and its own.
func (sb *soakBot) buckets() int { return sb.discordgoBuckets() + sb.bot.rest.Channels.Size() }

func startSoakBot(t *testing.T) *soakBot {
	t.Helper()
	// The fake keeps a bounded record, so that the heap measured is the bot's.
	srv := discordtest.New(t, discordtest.WithRecordLimit(50), discordtest.WithReplayBuffer(256))
	sb := &soakBot{srv: srv, reg: prometheus.NewRegistry()}
	cfg := testConfig()
	cfg.UserRate, cfg.UserBurst = 1_000_000, 1_000_000
	cfg.Queue = 256
	cfg.ChannelBacklog = 256
	sb.bot = newBot(cfg, func() (*discordgo.Session, error) {
		s := srv.Session(t, 0)
		sb.mu.Lock()
		sb.sessions = append(sb.sessions, s)
		sb.mu.Unlock()
		return s, nil
	}, slog.New(slog.NewJSONHandler(io.Discard, nil)), NewMetrics(sb.reg))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- sb.bot.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	srv.WaitRequests(t, discordtest.RouteBulkOverwriteGlobalCommands, 1, wait)
	return sb
}

// drive sends commands from..to-1, alternately a slash command and a text
// command, from 50 users in 20 channels, in waves that wait for their
// answers (the channel backlogs would drop a flood's excess).
func (sb *soakBot) drive(t *testing.T, from, to int) {
	t.Helper()
	const wave = 200
	for i := from; i < to; {
		end := min(i+wave, to)
		for ; i < end; i++ {
			u := i % 50
			user := &discordgo.User{ID: strconv.Itoa(4200000000000000000 + u), Username: "u" + strconv.Itoa(u)}
			ch := strconv.Itoa(3200000000000000000 + i%20)
			if i%2 == 0 {
				sb.srv.SendCommand(discordtest.Command{Name: "solve", ChannelID: ch, User: user, Options: opts("grid", lc37)})
			} else {
				sb.srv.SendMessage(discordtest.Message{ChannelID: ch, Author: user, Content: "!solve " + lc37})
			}
		}
		// Each command is answered, or its answer is lost (a slash command
		// whose 3 s ran out while the shared machine starved the process).
		sb.srv.WaitUntil(t, time.Minute, "answers to the wave", func() bool { return sb.srv.MessageCount()+sb.lost(t) >= end })
	}
}

// lost returns how many answers the bot could not post.
func (sb *soakBot) lost(t *testing.T) int {
	n := 0
	for _, tr := range []string{"message", "gateway"} {
		v, _ := sample(t, sb.reg, "sudokubot_replies_lost_total", "transport", tr)
		n += int(v)
	}
	return n
}

// heapInUse returns the live heap after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestSoakMemoryFlat answers slash commands and text commands without end in
// sight and checks that memory does not grow with them: after a warm-up (in
// which the bounded structures fill: the de-duplication ring of 4,096 ids,
// the users' rate limits), the rate-limit buckets are the same and the heap
// stays within a small margin. discordgo alone keeps one bucket per
// interaction for ever (its bucket key is the callback URL, which holds the
// interaction's token). With -soak: 100,000 of each after 10,000; without, a
// scaled-down run that still proves the bucket count flat.
func TestSoakMemoryFlat(t *testing.T) {
	total, warm, heapMargin := 1_000, 300, uint64(3<<20)
	if *soakFlag {
		total, warm, heapMargin = 200_000, 20_000, 4<<20
	}
	sb := startSoakBot(t)
	begin := time.Now()
	sb.drive(t, 0, warm)
	heap0, buckets0 := heapInUse(), sb.buckets()
	sb.drive(t, warm, total)
	heap1, buckets1 := heapInUse(), sb.buckets()
	elapsed := time.Since(begin)
	t.Logf("%d commands (half slash, half text) in %v (%.0f/s, %d answers lost); after %d: heap %.2f MiB, %d buckets; after %d: heap %.2f MiB (%+.2f MiB), %d buckets, %d goroutines",
		total, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds(), sb.lost(t), warm, float64(heap0)/(1<<20), buckets0,
		total, float64(heap1)/(1<<20), (float64(heap1)-float64(heap0))/(1<<20), buckets1, runtime.NumGoroutine())
	if buckets1 > buckets0 {
		t.Errorf("rate-limit buckets grew from %d to %d over %d commands", buckets0, buckets1, total-warm)
	}
	if heap1 > heap0+heapMargin {
		t.Errorf("heap grew from %d to %d bytes over %d commands (margin %d)", heap0, heap1, total-warm, heapMargin)
	}
}
