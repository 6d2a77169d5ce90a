package bot

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// sample returns the value of the metric name with the given labels (as
// name=value pairs) in reg, and false when there is none.
func sample(t *testing.T, reg *prometheus.Registry, name string, labels ...string) (float64, bool) {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	metrics:
		for _, m := range f.GetMetric() {
			for i := 0; i+1 < len(labels); i += 2 {
				found := false
				for _, lp := range m.GetLabel() {
					if lp.GetName() == labels[i] && lp.GetValue() == labels[i+1] {
						found = true
					}
				}
				if !found {
					continue metrics
				}
			}
			return value(m), true
		}
	}
	return 0, false
}

func value(m *dto.Metric) float64 {
	switch {
	case m.Counter != nil:
		return m.Counter.GetValue()
	case m.Gauge != nil:
		return m.Gauge.GetValue()
	case m.Histogram != nil:
		return float64(m.Histogram.GetSampleCount())
	}
	return 0
}

// TestMetrics runs commands of every kind through a two-shard bot and
// checks the collectors the issue asks for, under their exposed names.
func TestMetrics(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	srv := discordtest.New(t, discordtest.WithShards(2), discordtest.WithMaxConcurrency(2),
		discordtest.WithGuilds(guildsOnShards(5, 2)...))
	cfg := shardedConfig()
	cfg.Workers, cfg.Queue = 1, 0
	cfg.UserRate, cfg.UserBurst = 1, 3
	running := make(chan struct{}, 1)
	release := make(chan struct{})
	logs := &syncBuffer{}
	b := newBot(cfg, sessions(t, srv), slog.New(slog.NewJSONHandler(logs, nil)), NewMetrics(reg))
	b.beforeHandle = func(_ context.Context, r command.Request) {
		if strings.Contains(r.Args, "```") { // the held solve: its grid in a code block
			running <- struct{}{}
			<-release
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	poll(t, "the bot to be ready", func() bool { return b.Ready() == nil })

	other := func(id string) *discordgo.User { return &discordgo.User{ID: id, Username: "u" + id} }
	srv.FailNext(discordtest.RouteCreateMessage, 1, http.StatusTooManyRequests, 50*time.Millisecond)
	srv.SendMessage(discordtest.Message{Author: other("4500000000000000001"), Content: "!solve " + lc37})
	srv.WaitMessages(t, 1, wait)
	srv.SendMessage(discordtest.Message{Author: other("4500000000000000002"), Content: "!solve\n```\n" + lc37 + "\n```"})
	<-running
	srv.SendCommand(discordtest.Command{Name: "solve", User: other("4500000000000000003"), Options: opts("grid", lc37)}) // busy
	for range 4 {
		srv.SendCommand(discordtest.Command{Name: "help", User: other("4500000000000000004")}) // the 4th is rate-limited
	}
	srv.WaitMessages(t, 6, wait)
	close(release)
	srv.WaitMessages(t, 7, wait)

	srv.WaitUntil(t, wait, "heartbeats on both shards", func() bool { return srv.Heartbeats() >= 2 })
	srv.DropShard(1)
	srv.WaitResumes(t, 1, wait)
	poll(t, "the reconnect to be counted", func() bool {
		v, _ := sample(t, reg, "sudokubot_gateway_reconnects_total", "shard", "1")
		return v == 1
	})
	poll(t, "the lines of all commands", func() bool { return len(logs.lines("command")) == 7 })

	for _, tc := range []struct {
		name   string
		labels []string
		want   float64 // -1: any value, present
	}{
		{"sudokubot_commands_total", []string{"transport", "message", "command", "solve", "outcome", "unique"}, 2},
		{"sudokubot_commands_total", []string{"transport", "gateway", "command", "solve", "outcome", "busy"}, 1},
		{"sudokubot_commands_total", []string{"transport", "gateway", "command", "help", "outcome", "help"}, 3},
		{"sudokubot_commands_total", []string{"transport", "gateway", "command", "help", "outcome", "rate_limited"}, 1},
		{"sudokubot_busy_total", []string{"transport", "gateway"}, 1},
		{"sudokubot_rate_limited_total", []string{"transport", "gateway"}, 1},
		{"sudokubot_solve_duration_seconds", []string{"command", "solve"}, 2},
		{"sudokubot_reply_latency_seconds", []string{"transport", "message"}, 2},
		{"sudokubot_reply_latency_seconds", []string{"transport", "gateway"}, 5},
		{"sudokubot_rest_retries_total", []string{"reason", "rate_limited"}, 1},
		{"sudokubot_rest_rate_limited_total", []string{"scope", "bucket"}, 1},
		{"sudokubot_gateway_reconnects_total", []string{"shard", "1"}, 1},
		{"sudokubot_gateway_connected", []string{"shard", "0"}, 1},
		{"sudokubot_gateway_connected", []string{"shard", "1"}, 1},
		{"sudokubot_guilds", []string{"shard", "0"}, float64(countOn(guildsOnShards(5, 2), 0, 2))},
		{"sudokubot_guilds", []string{"shard", "1"}, float64(countOn(guildsOnShards(5, 2), 1, 2))},
		{"sudokubot_solve_queue_length", nil, 0},
		{"sudokubot_solve_workers_busy", nil, 0},
		{"sudokubot_rest_buckets", nil, -1},
		{"sudokubot_gateway_rtt_seconds", []string{"shard", "0"}, -1},
	} {
		got, ok := sample(t, reg, tc.name, tc.labels...)
		if !ok || tc.want >= 0 && got != tc.want {
			t.Errorf("%s%v = %v (present %v), want %v", tc.name, tc.labels, got, ok, tc.want)
		}
	}
	if rtt, _ := sample(t, reg, "sudokubot_gateway_rtt_seconds", "shard", "0"); rtt <= 0 || rtt > 1 {
		t.Errorf("gateway round-trip time %v s on loopback", rtt)
	}
}

func countOn(guilds []string, shard, count int) int {
	n := 0
	for _, g := range guilds {
		if discordtest.ShardFor(g, count) == shard {
			n++
		}
	}
	return n
}
