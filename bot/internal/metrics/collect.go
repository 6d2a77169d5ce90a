package metrics

import (
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokubot/sudokubot/settings"
)

// State reads, at each scrape, values that live in the running bot.
type State struct {
	Queued func() int // solves waiting for a worker
	Busy   func() int // workers running a solve
	// PlaysQueued and PlaysBusy are the same for the plays on games
	// (moves, pencil marks, undo, checks), which have workers of their own.
	PlaysQueued, PlaysBusy func() int
	InFlight               func() int // commands being handled or answered
	Buckets                func() int // REST rate-limit buckets of channels kept
	// RTTs calls its argument with each connected shard's gateway
	// round-trip time.
	RTTs func(func(shard int, rtt time.Duration))
}

// stateCollector reports, at each scrape, the values its State reads: the
// solve queue, busy workers, commands in flight, the REST buckets kept, and
// each shard's gateway round-trip time.
type stateCollector struct {
	s                                      State
	queue, busy, inflight, buckets, rttDsc *prometheus.Desc
	playsQueue, playsBusy                  *prometheus.Desc
}

// NewStateCollector returns a collector of the bot's state, read from s at
// each scrape; register it with [Metrics.RegisterFunc].
func NewStateCollector(s State) prometheus.Collector {
	return &stateCollector{
		s:          s,
		queue:      prometheus.NewDesc("sudokubot_solve_queue_length", "Solves waiting for a worker.", nil, nil),
		busy:       prometheus.NewDesc("sudokubot_solve_workers_busy", "Solve workers running a solve.", nil, nil),
		playsQueue: prometheus.NewDesc("sudokubot_play_queue_length", "Plays on games (moves, marks, undo, checks) waiting for a worker.", nil, nil),
		playsBusy:  prometheus.NewDesc("sudokubot_play_workers_busy", "Play workers running a play.", nil, nil),
		inflight:   prometheus.NewDesc("sudokubot_commands_in_flight", "Commands being handled or answered.", nil, nil),
		buckets:    prometheus.NewDesc("sudokubot_rest_buckets", "Rate-limit buckets of channels the bot keeps (forgotten a minute after their last use).", nil, nil),
		rttDsc: prometheus.NewDesc("sudokubot_gateway_rtt_seconds",
			"Round-trip time of each shard's gateway connection, as the kernel measures it (TCP); absent while disconnected.", []string{"shard"}, nil),
	}
}

func (c *stateCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.queue
	ch <- c.busy
	ch <- c.playsQueue
	ch <- c.playsBusy
	ch <- c.inflight
	ch <- c.buckets
	ch <- c.rttDsc
}

func (c *stateCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.s
	ch <- prometheus.MustNewConstMetric(c.queue, prometheus.GaugeValue, float64(s.Queued()))
	ch <- prometheus.MustNewConstMetric(c.busy, prometheus.GaugeValue, float64(s.Busy()))
	ch <- prometheus.MustNewConstMetric(c.playsQueue, prometheus.GaugeValue, float64(s.PlaysQueued()))
	ch <- prometheus.MustNewConstMetric(c.playsBusy, prometheus.GaugeValue, float64(s.PlaysBusy()))
	ch <- prometheus.MustNewConstMetric(c.inflight, prometheus.GaugeValue, float64(s.InFlight()))
	ch <- prometheus.MustNewConstMetric(c.buckets, prometheus.GaugeValue, float64(s.Buckets()))
	s.RTTs(func(shard int, rtt time.Duration) {
		ch <- prometheus.MustNewConstMetric(c.rttDsc, prometheus.GaugeValue, rtt.Seconds(), strconv.Itoa(shard))
	})
}

// settingsCollector reports, at each scrape, the counts of the settings
// cache: commands answered from memory, servers read from the database,
// calls that found it unavailable, servers held.
type settingsCollector struct {
	stats                          func() settings.CacheStats
	hits, loads, failures, entries *prometheus.Desc
}

// NewSettingsCollector returns a collector of the settings cache's counts,
// read from stats at each scrape; register it with [Metrics.RegisterFunc].
func NewSettingsCollector(stats func() settings.CacheStats) prometheus.Collector {
	return &settingsCollector{
		stats:    stats,
		hits:     prometheus.NewDesc("sudokubot_settings_cache_hits_total", "Reads of a server's settings answered from memory.", nil, nil),
		loads:    prometheus.NewDesc("sudokubot_settings_cache_loads_total", "Reads of a server's settings that queried the database.", nil, nil),
		failures: prometheus.NewDesc("sudokubot_settings_unavailable_total", "Settings calls (and change-log polls) that found the database unavailable; commands then ran with the defaults.", nil, nil),
		entries:  prometheus.NewDesc("sudokubot_settings_cached_servers", "Servers whose settings are held in memory.", nil, nil),
	}
}

func (c *settingsCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.hits
	ch <- c.loads
	ch <- c.failures
	ch <- c.entries
}

func (c *settingsCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.stats()
	ch <- prometheus.MustNewConstMetric(c.hits, prometheus.CounterValue, float64(s.Hits))
	ch <- prometheus.MustNewConstMetric(c.loads, prometheus.CounterValue, float64(s.Loads))
	ch <- prometheus.MustNewConstMetric(c.failures, prometheus.CounterValue, float64(s.Failures))
	ch <- prometheus.MustNewConstMetric(c.entries, prometheus.GaugeValue, float64(s.Entries))
}
