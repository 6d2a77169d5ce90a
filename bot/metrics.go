package bot

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/settings"
)

// Metrics are the bot's Prometheus collectors, registered on the registry
// given to [NewMetrics] (never on the global default registry, so tests and
// several bots in one process do not share counts). A nil *Metrics counts
// nothing.
//
// Names follow sudokubot_<thing>_<unit>; transport is "message" (text
// commands), "gateway" (slash commands over the gateway) or "http" (slash
// commands over the interactions endpoint).
type Metrics struct {
	commands     *prometheus.CounterVec   // transport, command, outcome
	busy         *prometheus.CounterVec   // transport
	rateLimited  *prometheus.CounterVec   // transport
	lost         *prometheus.CounterVec   // transport
	solveTime    *prometheus.HistogramVec // command
	replyLatency *prometheus.HistogramVec // transport
	restRetries  *prometheus.CounterVec   // reason
	rest429      *prometheus.CounterVec   // scope
	reconnects   *prometheus.CounterVec   // shard
	connected    *prometheus.GaugeVec     // shard
	guilds       *prometheus.GaugeVec     // shard
	dailyPosts   *prometheus.CounterVec   // outcome
	reg          prometheus.Registerer
}

// NewMetrics creates the bot's collectors and registers them on reg; a nil
// reg leaves them unregistered. It panics if reg already holds collectors of
// the same names, as prometheus.MustRegister does.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	latency := []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 3, 5, 10, 30}
	m := &Metrics{
		commands: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_commands_total",
			Help: "Commands handled, by transport, command and outcome (unique, multiple, none, invalid, timeout, help, parse_error, busy, rate_limited, stopping, ...).",
		}, []string{"transport", "command", "outcome"}),
		busy: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_busy_total",
			Help: "Commands refused because every solve worker and queue place was taken.",
		}, []string{"transport"}),
		rateLimited: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_rate_limited_total",
			Help: "Commands refused because their user was over the per-user rate limit (told once, then ignored).",
		}, []string{"transport"}),
		lost: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_replies_lost_total",
			Help: "Replies that could not be posted after the retry policy (logged with the reason).",
		}, []string{"transport"}),
		solveTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "sudokubot_solve_duration_seconds",
			Help:    "Time spent in the solver per command.",
			Buckets: []float64{.0001, .0005, .001, .005, .01, .05, .1, .5, 1, 2, 5},
		}, []string{"command"}),
		replyLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "sudokubot_reply_latency_seconds",
			Help:    "Time from receiving a command to Discord accepting its answer (the edit, when deferred).",
			Buckets: latency,
		}, []string{"transport"}),
		restRetries: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_rest_retries_total",
			Help: "REST requests sent again after a failure, by reason (rate_limited, server_error, network).",
		}, []string{"reason"}),
		rest429: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_rest_rate_limited_total",
			Help: "429 Too Many Requests answers from Discord's REST API, by scope (bucket or global).",
		}, []string{"scope"}),
		reconnects: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_gateway_reconnects_total",
			Help: "Gateway connections re-established after a drop, per shard.",
		}, []string{"shard"}),
		connected: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "sudokubot_gateway_connected",
			Help: "1 while the shard's gateway session is connected, else 0.",
		}, []string{"shard"}),
		guilds: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "sudokubot_guilds",
			Help: "Servers (guilds) served by each shard.",
		}, []string{"shard"}),
		dailyPosts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_daily_posts_total",
			Help: "Daily puzzle posts this process claimed, by outcome (posted, failed: retried after the lease, unconfirmed: posted but not on record).",
		}, []string{"outcome"}),
		reg: reg,
	}
	if reg != nil {
		reg.MustRegister(m.commands, m.busy, m.rateLimited, m.lost, m.solveTime, m.replyLatency,
			m.restRetries, m.rest429, m.reconnects, m.connected, m.guilds, m.dailyPosts)
	}
	return m
}

// registerFunc registers a gauge read at scrape time; used for values that
// live elsewhere (queue depth, bucket count, round-trip times).
func (m *Metrics) registerFunc(c prometheus.Collector) func() {
	if m == nil || m.reg == nil {
		return func() {}
	}
	if err := m.reg.Register(c); err != nil {
		// Registered by an earlier Run of the same bot: replace it.
		var are prometheus.AlreadyRegisteredError
		if errors.As(err, &are) {
			m.reg.Unregister(are.ExistingCollector)
			m.reg.MustRegister(c)
		} else {
			panic(err)
		}
	}
	return func() { m.reg.Unregister(c) }
}

func (m *Metrics) command(transport, cmd, outcome string) {
	if m == nil {
		return
	}
	m.commands.WithLabelValues(transport, cmd, outcome).Inc()
	switch outcome {
	case outcomeBusy:
		m.busy.WithLabelValues(transport).Inc()
	case outcomeRateLimited, outcomeIgnored:
		m.rateLimited.WithLabelValues(transport).Inc()
	}
}

func (m *Metrics) replied(transport, cmd string, rep command.Reply, latency float64) {
	if m == nil {
		return
	}
	if rep.SolveTime > 0 {
		m.solveTime.WithLabelValues(cmd).Observe(rep.SolveTime.Seconds())
	}
	m.replyLatency.WithLabelValues(transport).Observe(latency)
}

func (m *Metrics) replyLost(transport string) {
	if m == nil {
		return
	}
	m.lost.WithLabelValues(transport).Inc()
}

// restLimited counts a 429 answer, global or for one bucket.
func (m *Metrics) restLimited(global bool) {
	if m == nil {
		return
	}
	scope := "bucket"
	if global {
		scope = "global"
	}
	m.rest429.WithLabelValues(scope).Inc()
}

func (m *Metrics) restRetry(err error) {
	if m == nil {
		return
	}
	reason := "network"
	var rl *discordgo.RateLimitError
	var re *discordgo.RESTError
	switch {
	case errors.As(err, &rl):
		reason = "rate_limited"
	case errors.As(err, &re) && re.Response != nil && re.Response.StatusCode >= http.StatusInternalServerError:
		reason = "server_error"
	}
	m.restRetries.WithLabelValues(reason).Inc()
}

func (m *Metrics) dailyPost(outcome string) {
	if m == nil {
		return
	}
	m.dailyPosts.WithLabelValues(outcome).Inc()
}

func (m *Metrics) shardConnected(shard int, up bool) {
	if m == nil {
		return
	}
	v := 0.0
	if up {
		v = 1
	}
	m.connected.WithLabelValues(strconv.Itoa(shard)).Set(v)
}

func (m *Metrics) shardReconnected(shard int) {
	if m == nil {
		return
	}
	m.reconnects.WithLabelValues(strconv.Itoa(shard)).Inc()
}

func (m *Metrics) shardGuilds(shard, n int) {
	if m == nil {
		return
	}
	m.guilds.WithLabelValues(strconv.Itoa(shard)).Set(float64(n))
}

// stateCollector reports, at each scrape, values that live in the running
// bot: the solve queue, busy workers, commands in flight, the REST buckets
// kept, and each shard's gateway round-trip time.
type stateCollector struct {
	b                                      *Bot
	queue, busy, inflight, buckets, rttDsc *prometheus.Desc
}

func newStateCollector(b *Bot) *stateCollector {
	return &stateCollector{
		b:        b,
		queue:    prometheus.NewDesc("sudokubot_solve_queue_length", "Solves waiting for a worker.", nil, nil),
		busy:     prometheus.NewDesc("sudokubot_solve_workers_busy", "Solve workers running a solve.", nil, nil),
		inflight: prometheus.NewDesc("sudokubot_commands_in_flight", "Commands being handled or answered.", nil, nil),
		buckets:  prometheus.NewDesc("sudokubot_rest_buckets", "Rate-limit buckets of channels the bot keeps (forgotten a minute after their last use).", nil, nil),
		rttDsc: prometheus.NewDesc("sudokubot_gateway_rtt_seconds",
			"Round-trip time of each shard's gateway connection, as the kernel measures it (TCP); absent while disconnected.", []string{"shard"}, nil),
	}
}

func (c *stateCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.queue
	ch <- c.busy
	ch <- c.inflight
	ch <- c.buckets
	ch <- c.rttDsc
}

func (c *stateCollector) Collect(ch chan<- prometheus.Metric) {
	b := c.b
	ch <- prometheus.MustNewConstMetric(c.queue, prometheus.GaugeValue, float64(b.pool.queued()))
	ch <- prometheus.MustNewConstMetric(c.busy, prometheus.GaugeValue, float64(b.pool.busy.Load()))
	ch <- prometheus.MustNewConstMetric(c.inflight, prometheus.GaugeValue, float64(b.inflight.count()))
	ch <- prometheus.MustNewConstMetric(c.buckets, prometheus.GaugeValue, float64(b.rest.Channels.Size()))
	b.shards.RTTs(func(shard int, rtt time.Duration) {
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

func newSettingsCollector(stats func() settings.CacheStats) *settingsCollector {
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

// restMetrics counts the REST client's 429s and retries on m.
type restMetrics struct{ m *Metrics }

func (r restMetrics) RESTLimited(global bool) { r.m.restLimited(global) }
func (r restMetrics) RESTRetry(err error)     { r.m.restRetry(err) }

// shardMetrics counts the shards' state on m.
type shardMetrics struct{ m *Metrics }

func (s shardMetrics) ShardConnected(shard int, up bool) { s.m.shardConnected(shard, up) }
func (s shardMetrics) ShardReconnected(shard int)        { s.m.shardReconnected(shard) }
func (s shardMetrics) ShardGuilds(shard, n int)          { s.m.shardGuilds(shard, n) }
