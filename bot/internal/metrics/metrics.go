// Package metrics provides the bot's Prometheus collectors: counts of the
// commands handled (by transport, command and outcome), solve times and
// reply latencies, REST retries and 429s, the gateway shards' state, the
// daily puzzle's posts, and collectors read at scrape time for values that
// live in the running bot (its queue, workers, REST buckets, round-trip
// times) and in the settings cache.
//
// Every collector is registered on the registry given to [New], never on
// the global default one, so tests and several bots in one process do not
// share counts. A nil *[Metrics] counts nothing.
package metrics

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
)

// Outcomes of a command that are counted twice: once among the commands and
// once on a counter of their own.
const (
	// OutcomeBusy is a command refused because every worker and queue
	// place was taken; it is also counted on sudokubot_busy_total.
	OutcomeBusy = "busy"
	// OutcomeRateLimited is a command refused because its user was over
	// the rate limit, and told so; it is also counted on
	// sudokubot_rate_limited_total.
	OutcomeRateLimited = "rate_limited"
	// OutcomeIgnored is a command from a user over the rate limit who was
	// already told: no answer. It is also counted on
	// sudokubot_rate_limited_total.
	OutcomeIgnored = "ignored_rate_limited"
)

// Metrics are the bot's Prometheus collectors, registered on the registry
// given to [New]. A nil *Metrics counts nothing.
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

// New creates the bot's collectors and registers them on reg; a nil
// reg leaves them unregistered. It panics if reg already holds collectors of
// the same names, as prometheus.MustRegister does.
func New(reg prometheus.Registerer) *Metrics {
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

// RegisterFunc registers a collector read at scrape time, used for values
// that live elsewhere (queue depth, bucket count, round-trip times), and
// returns the function that unregisters it. A collector of the same
// descriptions registered before (by an earlier run of the same bot) is
// replaced. On a nil *Metrics or one without a registry it does nothing.
func (m *Metrics) RegisterFunc(c prometheus.Collector) func() {
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

// Command counts a command handled on transport with its outcome; a busy
// or rate-limited outcome is also counted on its own counter.
func (m *Metrics) Command(transport, cmd, outcome string) {
	if m == nil {
		return
	}
	m.commands.WithLabelValues(transport, cmd, outcome).Inc()
	switch outcome {
	case OutcomeBusy:
		m.busy.WithLabelValues(transport).Inc()
	case OutcomeRateLimited, OutcomeIgnored:
		m.rateLimited.WithLabelValues(transport).Inc()
	}
}

// Replied records an answered command: the time its solve took (when it
// solved, solveTime > 0) and the latency in seconds from receiving it to
// Discord accepting its answer.
func (m *Metrics) Replied(transport, cmd string, solveTime time.Duration, latency float64) {
	if m == nil {
		return
	}
	if solveTime > 0 {
		m.solveTime.WithLabelValues(cmd).Observe(solveTime.Seconds())
	}
	m.replyLatency.WithLabelValues(transport).Observe(latency)
}

// ReplyLost counts a reply that could not be posted after the retry policy.
func (m *Metrics) ReplyLost(transport string) {
	if m == nil {
		return
	}
	m.lost.WithLabelValues(transport).Inc()
}

// RESTLimited counts a 429 answer from Discord's REST API, global or for
// one bucket.
func (m *Metrics) RESTLimited(global bool) {
	if m == nil {
		return
	}
	scope := "bucket"
	if global {
		scope = "global"
	}
	m.rest429.WithLabelValues(scope).Inc()
}

// RESTRetry counts a REST request sent again after err, by reason:
// rate_limited, server_error (a 5xx answer) or network (anything else).
func (m *Metrics) RESTRetry(err error) {
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

// DailyPost counts a daily puzzle post this process claimed, by outcome
// (posted, failed, unconfirmed).
func (m *Metrics) DailyPost(outcome string) {
	if m == nil {
		return
	}
	m.dailyPosts.WithLabelValues(outcome).Inc()
}

// ShardConnected sets whether shard's gateway session is connected.
func (m *Metrics) ShardConnected(shard int, up bool) {
	if m == nil {
		return
	}
	v := 0.0
	if up {
		v = 1
	}
	m.connected.WithLabelValues(strconv.Itoa(shard)).Set(v)
}

// ShardReconnected counts a gateway connection of shard re-established
// after a drop.
func (m *Metrics) ShardReconnected(shard int) {
	if m == nil {
		return
	}
	m.reconnects.WithLabelValues(strconv.Itoa(shard)).Inc()
}

// ShardGuilds sets the number of servers shard serves.
func (m *Metrics) ShardGuilds(shard, n int) {
	if m == nil {
		return
	}
	m.guilds.WithLabelValues(strconv.Itoa(shard)).Set(float64(n))
}
