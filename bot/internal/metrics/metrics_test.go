package metrics

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/sudokubot/sudokubot/settings"
)

func TestCommandCountsRefusalsTwice(t *testing.T) {
	m := New(prometheus.NewRegistry())
	m.Command("message", "solve", "unique")
	m.Command("message", "solve", OutcomeBusy)
	m.Command("gateway", "solve", OutcomeRateLimited)
	m.Command("gateway", "solve", OutcomeIgnored)

	for _, c := range []struct {
		name string
		got  prometheus.Collector
		want float64
	}{
		{"unique", m.commands.WithLabelValues("message", "solve", "unique"), 1},
		{"busy command", m.commands.WithLabelValues("message", "solve", OutcomeBusy), 1},
		{"busy", m.busy.WithLabelValues("message"), 1},
		{"busy gateway", m.busy.WithLabelValues("gateway"), 0},
		{"rate limited", m.rateLimited.WithLabelValues("gateway"), 2},
		{"rate limited message", m.rateLimited.WithLabelValues("message"), 0},
	} {
		if got := value(t, c.got); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestRepliedObservesSolveOnlyWhenSolved(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := New(reg)
	m.Replied("http", "solve", 0, 0.2)
	m.Replied("http", "solve", 30*time.Millisecond, 0.3)
	solves := gather(t, reg, "sudokubot_solve_duration_seconds")
	if len(solves) != 1 || solves[`command="solve"`] != 0.03 {
		t.Errorf("solve durations %v, want one of 0.03 s", solves)
	}
	if lat := gather(t, reg, "sudokubot_reply_latency_seconds"); lat[`transport="http"`] != 0.5 {
		t.Errorf("reply latencies %v, want a sum of 0.5 s", lat)
	}
}

func TestRESTRetryReasons(t *testing.T) {
	m := New(prometheus.NewRegistry())
	rateLimited := &discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{TooManyRequests: &discordgo.TooManyRequests{}}}
	m.RESTRetry(fmt.Errorf("posting: %w", rateLimited))
	m.RESTRetry(&discordgo.RESTError{Response: &http.Response{StatusCode: http.StatusBadGateway}})
	m.RESTRetry(&discordgo.RESTError{Response: &http.Response{StatusCode: http.StatusInternalServerError}})
	m.RESTRetry(&discordgo.RESTError{Response: &http.Response{StatusCode: http.StatusNotFound}})
	m.RESTRetry(&discordgo.RESTError{})
	m.RESTRetry(errors.New("connection reset"))
	for reason, want := range map[string]float64{"rate_limited": 1, "server_error": 2, "network": 3} {
		if got := value(t, m.restRetries.WithLabelValues(reason)); got != want {
			t.Errorf("reason %s: %v, want %v", reason, got, want)
		}
	}
	m.RESTLimited(true)
	m.RESTLimited(false)
	m.RESTLimited(false)
	if g, b := value(t, m.rest429.WithLabelValues("global")), value(t, m.rest429.WithLabelValues("bucket")); g != 1 || b != 2 {
		t.Errorf("429s: %v global, %v bucket, want 1 and 2", g, b)
	}
}

func TestShards(t *testing.T) {
	m := New(prometheus.NewRegistry())
	m.ShardConnected(3, true)
	m.ShardReconnected(3)
	m.ShardReconnected(3)
	m.ShardGuilds(3, 17)
	if got := value(t, m.connected.WithLabelValues("3")); got != 1 {
		t.Errorf("connected %v, want 1", got)
	}
	m.ShardConnected(3, false)
	if got := value(t, m.connected.WithLabelValues("3")); got != 0 {
		t.Errorf("connected %v after the drop, want 0", got)
	}
	if got := value(t, m.reconnects.WithLabelValues("3")); got != 2 {
		t.Errorf("reconnects %v, want 2", got)
	}
	if got := value(t, m.guilds.WithLabelValues("3")); got != 17 {
		t.Errorf("guilds %v, want 17", got)
	}
}

// A nil *Metrics counts nothing, and every method may be called on it.
func TestNilCountsNothing(t *testing.T) {
	var m *Metrics
	m.Command("message", "solve", OutcomeBusy)
	m.Replied("message", "solve", time.Second, 1)
	m.ReplyLost("message")
	m.RESTLimited(true)
	m.RESTRetry(errors.New("x"))
	m.DailyPost("posted")
	m.ShardConnected(0, true)
	m.ShardReconnected(0)
	m.ShardGuilds(0, 1)
	m.RegisterFunc(NewSettingsCollector(func() settings.CacheStats { return settings.CacheStats{} }))()
}

func TestNewRegistersEveryCounter(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := New(reg)
	m.DailyPost("posted")
	m.ReplyLost("http")
	if got := gather(t, reg, "sudokubot_daily_posts_total"); got[`outcome="posted"`] != 1 {
		t.Errorf("daily posts %v, want 1 posted", got)
	}
	if got := gather(t, reg, "sudokubot_replies_lost_total"); got[`transport="http"`] != 1 {
		t.Errorf("replies lost %v, want 1 over http", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("a second New on the same registry did not panic")
		}
	}()
	New(reg)
}

func TestStateCollectorReadsAtScrape(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := New(reg)
	queued := 4
	s := State{
		Queued:      func() int { return queued },
		Busy:        func() int { return 2 },
		PlaysQueued: func() int { return 3 },
		PlaysBusy:   func() int { return 1 },
		InFlight:    func() int { return 5 },
		Buckets:     func() int { return 7 },
		RTTs: func(f func(int, time.Duration)) {
			f(0, 20*time.Millisecond)
			f(1, 40*time.Millisecond)
		},
	}
	unregister := m.RegisterFunc(NewStateCollector(s))
	queued = 9
	for name, want := range map[string]map[string]float64{
		"sudokubot_solve_queue_length":  {"": 9},
		"sudokubot_solve_workers_busy":  {"": 2},
		"sudokubot_play_queue_length":   {"": 3},
		"sudokubot_play_workers_busy":   {"": 1},
		"sudokubot_commands_in_flight":  {"": 5},
		"sudokubot_rest_buckets":        {"": 7},
		"sudokubot_gateway_rtt_seconds": {`shard="0"`: 0.02, `shard="1"`: 0.04},
	} {
		if got := gather(t, reg, name); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}

	// Registered again (a second Run of the same bot), it replaces the first.
	queued = 1
	unregister2 := m.RegisterFunc(NewStateCollector(s))
	if got := gather(t, reg, "sudokubot_solve_queue_length"); fmt.Sprint(got) != "map[:1]" {
		t.Errorf("queue length %v after registering again, want 1", got)
	}
	unregister2()
	unregister()
	if got := gather(t, reg, "sudokubot_commands_in_flight"); len(got) != 0 {
		t.Errorf("in flight %v after unregistering, want nothing", got)
	}
}

func TestSettingsCollector(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := New(reg)
	defer m.RegisterFunc(NewSettingsCollector(func() settings.CacheStats {
		return settings.CacheStats{Hits: 10, Loads: 3, Failures: 1, Entries: 2}
	}))()
	for name, want := range map[string]float64{
		"sudokubot_settings_cache_hits_total":  10,
		"sudokubot_settings_cache_loads_total": 3,
		"sudokubot_settings_unavailable_total": 1,
		"sudokubot_settings_cached_servers":    2,
	} {
		if got := gather(t, reg, name); len(got) != 1 || got[""] != want {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
}

// value returns the value of the one counter or gauge c collects.
func value(t *testing.T, c prometheus.Collector) float64 {
	t.Helper()
	ch := make(chan prometheus.Metric, 1)
	c.Collect(ch)
	var m dto.Metric
	if err := (<-ch).Write(&m); err != nil {
		t.Fatal(err)
	}
	if m.Counter != nil {
		return m.Counter.GetValue()
	}
	return m.Gauge.GetValue()
}

// gather returns the series of the family name on reg, by their labels
// (name="value",...): a counter's or gauge's value, a histogram's sum.
func gather(t *testing.T, reg *prometheus.Registry, name string) map[string]float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	series := map[string]float64{}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			var labels []string
			for _, l := range m.GetLabel() {
				labels = append(labels, fmt.Sprintf("%s=%q", l.GetName(), l.GetValue()))
			}
			v := m.GetCounter().GetValue() + m.GetGauge().GetValue()
			if h := m.GetHistogram(); h != nil {
				v = h.GetSampleSum()
			}
			series[strings.Join(labels, ",")] = v
		}
	}
	return series
}
