package bot

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokubot/sudokubot/bot/internal/metrics"
)

// Metrics are the bot's Prometheus collectors (see the internal metrics
// package for what they count), registered on the registry given to
// [NewMetrics], never on the global default registry. A nil *Metrics counts
// nothing.
type Metrics = metrics.Metrics

// NewMetrics creates the bot's collectors and registers them on reg; a nil
// reg leaves them unregistered. It panics if reg already holds collectors of
// the same names, as prometheus.MustRegister does.
func NewMetrics(reg prometheus.Registerer) *Metrics { return metrics.New(reg) }

// state reads, at each scrape, the values that live in the running bot.
func (b *Bot) state() metrics.State {
	return metrics.State{
		Queued:      func() int { return b.pool.Queued() },
		Busy:        func() int { return b.pool.Busy() },
		PlaysQueued: func() int { return b.plays.Queued() },
		PlaysBusy:   func() int { return b.plays.Busy() },
		InFlight:    func() int { return b.inflight.Count() },
		Buckets:     func() int { return b.rest.Channels.Size() },
		RTTs:        func(f func(int, time.Duration)) { b.shards.RTTs(f) },
	}
}
