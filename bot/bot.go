// Package bot connects a transport-free command handler (a
// [command.Handler], built by cmd/bot and given to [New]) to Discord
// through github.com/bwmarrin/discordgo; it and its internal packages are
// the only ones that import discordgo.
//
// The bot reads text commands in server channels and DMs (with the prefix or a
// mention of the bot), answers the slash commands /solve, /check, /hint,
// /rate, /explain, /new, /daily, /settings and /help, reads the message a
// text command replies to when the command can use it (a check or hint on a
// puzzle's post; see [command.Request.Reference]), runs every solve on a
// bounded worker pool under a deadline, limits each user's rate, and
// replies without ever pinging anyone.
//
// What each server chose (prefix, spoilers, pictures, the channels the bot
// answers in; kept in [Config.Settings]) is read for each command, a thread
// following its parent channel; /settings and /daily stats themselves are
// the handler's. The bot schedules each server's daily puzzle post, once a
// day (the database decides which process posts).
//
// Every answer goes through one reply flow (flow.go) written against a small
// responder per transport: a reply to a message, a slash command's callback
// over the gateway, or the answer to a slash command posted to the
// interactions endpoint. Replies may carry files ([command.Reply.Files]),
// posted with the text in one request; when the upload fails, the text goes
// out alone. The gateway sessions are package bot/internal/gateway's, the
// REST calls package bot/internal/rest's, the slash commands' definitions and
// the reading of their options package bot/internal/slash's. The parts
// that need no transport have packages of their own under bot/internal:
// admit (rate limits, events seen, commands in flight), pool (workers and
// the reply backlog), metrics, daily (the poster's schedule), boards
// (games' first boards) and parents (threads' parent channels).
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/bot/internal/admit"
	"github.com/sudokubot/sudokubot/bot/internal/gateway"
	"github.com/sudokubot/sudokubot/bot/internal/metrics"
	"github.com/sudokubot/sudokubot/bot/internal/parents"
	"github.com/sudokubot/sudokubot/bot/internal/pool"
	"github.com/sudokubot/sudokubot/bot/internal/rest"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
)

// Config sets up a [Bot]. cmd/bot fills it from the environment, starting
// from [DefaultConfig]; zero values mean the defaults too.
type Config struct {
	// Workers is how many solves run at once; zero means GOMAXPROCS, the CPUs
	// the process may use (a container's CPU limit included).
	Workers int
	// Queue is how many solves may wait for a worker; more are told the bot
	// is busy. Negative means 4 × Workers; zero means no waiting.
	Queue     int
	UserRate  int // commands per user per minute
	UserBurst int // commands a user may send at once
	// MoveRate and MoveBurst are the budget of the plays on a game (moves,
	// pencil marks, undo, checks, typed or by the board's buttons and
	// forms), per game and player: per minute, and at once. Hints and new
	// games are on the command budget; opening a form costs nothing.
	MoveRate, MoveBurst int
	// MoveQueue is how many plays may wait for a worker (plays have
	// workers of their own, as many as Workers); more are told the bot is
	// busy. Zero means DefaultMoveQueue.
	MoveQueue int
	// IdleSweep is how often the games left untouched are closed (see
	// command.PlayConfig.Idle); zero means DefaultIdleSweep.
	IdleSweep      time.Duration
	DevGuildID     string        // register slash commands to this guild only (fast, for development)
	MessageContent bool          // ask for the privileged message content intent
	ShutdownGrace  time.Duration // how long in-flight commands may take after a stop signal
	// ChannelBacklog is how many replies may wait to be posted in one channel;
	// past it, new commands there are not taken (and logged).
	ChannelBacklog int
	// AckWait is how long a slash command waits for its result before it is
	// deferred; Discord allows 3 s for the first answer.
	AckWait time.Duration
	// ReconnectMax caps the wait between two attempts to reconnect a dropped
	// gateway session (the wait doubles from one second, with jitter).
	ReconnectMax time.Duration
	// HTTPOnly runs no gateway session: slash commands come only through the
	// interactions endpoint ([Bot.InteractionHandler]), and there are no
	// text commands.
	HTTPOnly bool
	// ShardCount is the total number of shards; zero means as many as Discord
	// recommends (GET /gateway/bot).
	ShardCount int
	// ShardIDs are the shards this process runs; nil means all of them.
	ShardIDs []int
	// Register says whether this process registers the slash commands at
	// start-up: by default the process that runs shard 0, or an HTTP-only one.
	Register Registration
	// IdentifyInterval is how long a max_concurrency bucket waits between two
	// identifies; zero means Discord's 5 s.
	IdentifyInterval time.Duration

	// Settings keeps the servers' own settings (prefix, spoilers, pictures,
	// channels, daily puzzle): a *settings.Cache over the database of
	// DATABASE_URL in cmd/bot. Nil: every server runs with the settings
	// above, /settings says none are kept, and no daily puzzle is posted.
	Settings settings.Store
}

// CaptureLibraryLogs routes discordgo's log lines through slog, each at its
// level (error, warning, info as debug), with interaction tokens redacted and
// no event payloads: to the logger of the bot they are about, else to
// fallback (nil: slog.Default()). Call it before any session exists (in
// main before the bot runs; in TestMain in tests): discordgo reads its hook
// without synchronisation, so it is installed by the first call only; later
// calls only change fallback.
func CaptureLibraryLogs(fallback *slog.Logger) { gateway.CaptureLibraryLogs(fallback) }

// FatalError is a condition that stops the bot for good: Discord refused
// its token, its shard or its intents (see [rest.FatalError]).
type FatalError = rest.FatalError

// Registration says whether a process registers the slash commands.
type Registration uint8

// The choices of [Config.Register].
const (
	RegisterAuto   Registration = iota // the process running shard 0, or an HTTP-only one
	RegisterAlways                     // always (REGISTER_COMMANDS=true)
	RegisterNever                      // never (REGISTER_COMMANDS=false)
)

// Defaults of [Config]; cmd/bot, .env.example and the README are tested
// against them.
const (
	DefaultUserRate  = 12
	DefaultUserBurst = 4
	// A move a second sustained, bursts of 10: the fastest human player.
	DefaultMoveRate       = 60
	DefaultMoveBurst      = 10
	DefaultMoveQueue      = 256
	DefaultIdleSweep      = time.Hour
	DefaultChannelBacklog = 32
	DefaultShutdownGrace  = 10 * time.Second
	DefaultAckWait        = 2 * time.Second
	DefaultReconnectMax   = time.Minute
	// DefaultIdentifyInterval is Discord's identify window: one identify per
	// max_concurrency bucket every 5 s.
	DefaultIdentifyInterval = 5 * time.Second
)

// DefaultConfig returns the configuration used where nothing else is set.
// Workers and Queue are left to be derived at start-up (GOMAXPROCS and
// 4 × workers), so that setting Workers alone moves the queue with it.
func DefaultConfig() Config {
	return Config{
		Workers:        0,
		Queue:          -1,
		UserRate:       DefaultUserRate,
		UserBurst:      DefaultUserBurst,
		MoveRate:       DefaultMoveRate,
		MoveBurst:      DefaultMoveBurst,
		MoveQueue:      DefaultMoveQueue,
		IdleSweep:      DefaultIdleSweep,
		ChannelBacklog: DefaultChannelBacklog,
		MessageContent: true,
		ShutdownGrace:  DefaultShutdownGrace,
		AckWait:        DefaultAckWait,
		ReconnectMax:   DefaultReconnectMax,
		// IdentifyInterval is left zero (Discord's), tunable only by tests.
	}
}

// Resolved returns c with every zero or derived value filled in: the values
// the bot runs with.
func (c Config) Resolved() Config {
	d := DefaultConfig()
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	if c.Queue < 0 {
		c.Queue = 4 * c.Workers
	}
	for _, f := range [][2]*int{{&c.UserRate, &d.UserRate}, {&c.UserBurst, &d.UserBurst}, {&c.MoveRate, &d.MoveRate},
		{&c.MoveBurst, &d.MoveBurst}, {&c.MoveQueue, &d.MoveQueue}, {&c.ChannelBacklog, &d.ChannelBacklog}} {
		orDefault(f[0], *f[1])
	}
	for _, f := range [][2]*time.Duration{{&c.IdleSweep, &d.IdleSweep}, {&c.AckWait, &d.AckWait}, {&c.ReconnectMax, &d.ReconnectMax}} {
		orDefault(f[0], *f[1])
	}
	if c.ShutdownGrace < 0 {
		c.ShutdownGrace = 0
	}
	if c.IdentifyInterval <= 0 {
		c.IdentifyInterval = DefaultIdentifyInterval
	}
	return c
}

// orDefault sets *v to def when it is zero or less (unset).
func orDefault[T int | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// Text-command notices (busy, rate limited) go through a queue of
// noticeQueue entries, a few hundred bytes each, served by noticeSenders
// goroutines: a flood costs a bounded queue, not a goroutine per message.
// At most maxWaitingReplies text-command replies wait to be posted in all.
const (
	noticeQueue       = 8192
	noticeSenders     = 16
	maxWaitingReplies = 4096
)

// SessionFunc returns a new, unopened discordgo session with the bot's token,
// HTTP client and gateway dialer: [NewSession] in production, the fake
// Discord's sessions in tests. The bot asks for one per shard and one for its
// REST calls.
type SessionFunc func() (*discordgo.Session, error)

// Bot is a running Discord bot. Make one with [New] and start it with [Bot.Run].
type Bot struct {
	cfg      Config
	sessions SessionFunc
	log      *slog.Logger
	metrics  *Metrics
	handler  *command.Handler
	pool     *pool.Pool
	plays    *pool.Pool // plays on games (play.go), beside the commands' pool
	limits   *admit.Limits
	moves    *admit.Limits // the plays' budget, per game and player
	seen     *admit.Seen
	noticeQ  chan queuedNotice // text-command notices waiting to be sent
	backlog  *pool.Backlog     // text-command replies waiting to be posted
	rest     *rest.Client
	shards   *gateway.Gateway // nil without a gateway (HTTP-only)
	parents  *parents.Cache   // threads' parent channels
	games    gameBoards       // games' boards and threads (play.go)

	// pictureHosts, when set (by tests), replaces Discord's CDN as the
	// hosts attached pictures are fetched from.
	pictureHosts func(host string) bool

	// daily makes the daily puzzle's post and checks its solutions (the
	// handler); dailyKick asks the poster to look for due posts now; now is
	// the poster's clock (time.Now; tests set another).
	daily     dailyPuzzles
	dailyKick chan struct{}
	now       func() time.Time

	// stopMu guards stopping: once it is set under the write lock, no new
	// command is counted in flight.
	stopMu   sync.RWMutex
	stopping bool
	inflight *admit.Counter

	// fatal receives the first error that must stop the bot (a revoked
	// token, a refused shard).
	fatal chan error
	// running is set while the bot answers commands (for Ready); lifetime
	// holds the contexts of a running bot for the interactions endpoint.
	running  atomic.Bool
	lifetime atomic.Pointer[lifetime]
	// handledEvents counts the MESSAGE_CREATE and INTERACTION_CREATE events
	// of the gateway whose handling has ended, answer sent or not, so that a
	// test can wait until the bot is done with everything it was sent.
	handledEvents atomic.Int64
	// beforeHandle and afterHandle, when set (by tests only), run just before
	// and just after a command is handled, on the goroutine that handles it;
	// decorate, when set (by tests only), changes the handler's reply, as a
	// handler that attaches files would.
	beforeHandle, afterHandle func(context.Context, command.Request)
	decorate                  func(command.Request, command.Reply) command.Reply
	// record, when set (by tests only), answers text commands instead of REST.
	record func(target) responder
	// admitNow, when set (by tests only), is the clock of the plays'
	// budgets, so that a test plays at a person's pace without waiting.
	admitNow func() time.Time
}

// New returns a bot that answers commands with h, connects through
// sessions and logs to log, counting on m (nil: counting nothing). h's
// prefix and pictures are the defaults of servers that chose none; give h
// the same store as cfg.Settings, for /settings and the daily puzzle's
// solvers.
func New(cfg Config, h *command.Handler, sessions SessionFunc, log *slog.Logger, m *Metrics) *Bot {
	cfg = cfg.Resolved()
	b := &Bot{
		cfg:      cfg,
		sessions: sessions,
		log:      log,
		metrics:  m,
		handler:  h,
		limits:   admit.NewLimits(cfg.UserRate, cfg.UserBurst),
		moves:    admit.NewLimits(cfg.MoveRate, cfg.MoveBurst),
		seen:     admit.NewSeen(4096),
		noticeQ:  make(chan queuedNotice, noticeQueue),
		backlog:  pool.NewBacklog(cfg.ChannelBacklog, maxWaitingReplies),
		inflight: admit.NewCounter(),
		fatal:    make(chan error, 1),
	}
	b.parents = parents.New(maxParents, settingsWait, b.fetchParent)
	b.dailyKick = make(chan struct{}, 1)
	b.games.refused.Max = maxParents
	b.now = time.Now
	b.daily = b.handler
	return b
}

// Config returns the configuration the bot runs with, defaults resolved.
func (b *Bot) Config() Config { return b.cfg }

// NewSession returns a discordgo session for token whose HTTP client keeps
// enough idle connections for workers concurrent replies. The REST client and
// the gateway dialer both honour HTTPS_PROXY/NO_PROXY and use the system's CA
// roots (SSL_CERT_FILE), as discordgo's defaults do.
func NewSession(token string, workers int) (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, fmt.Errorf("new discord session: %w", err)
	}
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: Transport(workers)}
	s.Dialer = &websocket.Dialer{
		Proxy:            http.ProxyFromEnvironment,
		HandshakeTimeout: 45 * time.Second,
		NetDialContext:   (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
	}
	return s, nil
}

// Sessions returns a SessionFunc of [NewSession]s.
func Sessions(token string, workers int) SessionFunc {
	return func() (*discordgo.Session, error) { return NewSession(token, workers) }
}

// Transport returns an HTTP transport like Go's default one (proxy from the
// environment, system roots, HTTP/2) that keeps up to workers+2 idle
// connections per host instead of 2, so a burst of replies reuses connections
// instead of paying a TLS handshake each.
func Transport(workers int) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.Proxy = http.ProxyFromEnvironment
	t.MaxIdleConnsPerHost = workers + 2
	if t.MaxIdleConns < 2*(workers+2) {
		t.MaxIdleConns = 2 * (workers + 2)
	}
	return t
}

// Run connects to Discord, registers the slash commands and answers commands
// until ctx is done. It then stops taking commands, lets those in flight finish
// within the shutdown grace, closes the session and returns nil. It returns
// an error when the bot cannot start, or when Discord ends it for good (a
// revoked token, a refused shard): a [*FatalError] naming the cause and the fix.
func (b *Bot) Run(ctx context.Context) error {
	// The answers outlive ctx by the grace period; the work (solves) by a
	// little less, so that the users whose commands were cut short are told.
	reply, cancelReplies := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelReplies()
	work, cancelWork := context.WithCancel(reply)
	defer cancelWork()

	restSession, err := b.sessions()
	if err != nil {
		return err
	}
	b.rest = rest.New(restSession, b.metrics)
	b.pool = pool.New(b.cfg.Workers, b.cfg.Queue)
	defer b.pool.Close()
	b.plays = pool.New(b.cfg.Workers, b.cfg.MoveQueue)
	defer b.plays.Close()
	stopNotices := make(chan struct{})
	for range noticeSenders {
		go b.sendNotices(stopNotices)
	}
	defer close(stopNotices)

	gwCtx, stopGateway := context.WithCancel(ctx)
	defer stopGateway()
	app := ""
	if b.cfg.HTTPOnly {
		if app, err = b.fetchApplicationID(ctx); err != nil {
			return err
		}
	} else {
		gw, err := b.gatewayBot(ctx)
		if err != nil {
			return err
		}
		defer gateway.RouteLibraryLogs(gw.URL, b.log, b.fail)()
		b.shards, err = gateway.Start(gwCtx, gateway.Config{
			Sessions:         b.sessions,
			Count:            b.cfg.ShardCount,
			IDs:              b.cfg.ShardIDs,
			MessageContent:   b.cfg.MessageContent,
			ReconnectMax:     b.cfg.ReconnectMax,
			IdentifyInterval: b.cfg.IdentifyInterval,
			Log:              b.log,
			Handler:          events{b: b, work: work, reply: reply},
			Metrics:          b.metrics,
			Stopping:         b.isStopping,
			Fatal:            b.fail,
		}, gw)
		if err != nil {
			return err
		}
		app = b.shards.ApplicationID()
	}
	b.lifetime.Store(&lifetime{work: work, reply: reply})
	defer b.lifetime.Store(nil)
	defer b.metrics.RegisterFunc(metrics.NewStateCollector(b.state()))()
	if s, ok := b.cfg.Settings.(interface{ Stats() settings.CacheStats }); ok {
		defer b.metrics.RegisterFunc(metrics.NewSettingsCollector(s.Stats))()
	}

	if b.registers() {
		if err := b.registerCommands(ctx, app); err != nil {
			var f *FatalError
			if errors.As(err, &f) {
				b.fail(f)
			} else {
				b.log.Error("slash commands not registered; text commands still work", "err", err)
			}
		}
	}
	sweepDone := make(chan struct{})
	go func() { defer close(sweepDone); b.closeIdleGames(gwCtx) }()
	dailyDone := make(chan struct{})
	if b.postsDaily() {
		go func() { defer close(dailyDone); b.runDaily(gwCtx, reply) }()
	} else {
		close(dailyDone)
	}
	b.running.Store(true)
	b.log.Info("bot ready", "user", b.selfID(), "application", app, "shards", b.shards.IDs(), "shard_count", b.shards.Count(),
		"http_only", b.cfg.HTTPOnly, "prefix", b.handler.Prefix(), "workers", b.cfg.Workers, "queue", b.cfg.Queue)

	var fatal error
	select {
	case <-ctx.Done():
	case fatal = <-b.fatal:
	}
	b.running.Store(false)
	stopGateway()
	b.shutdown(cancelWork, cancelReplies)
	<-dailyDone // its posts in flight were waited for (or cut) by the shutdown
	<-sweepDone
	return fatal
}

// postsDaily reports whether this process posts the daily puzzles of its
// servers: it keeps settings, has the puzzles, and runs shards or no
// gateway at all. Posting needs only REST, so an interactions endpoint that
// is the whole deployment posts them too (ownsGuild: every server); where
// several processes could post, the database lets one (ClaimDaily).
func (b *Bot) postsDaily() bool {
	return b.cfg.Settings != nil && b.daily != nil && (b.shards != nil || b.cfg.HTTPOnly)
}

// lifetime holds the contexts of a running bot for the requests that come
// to it from outside its own event loop (the interactions endpoint), as
// http.Server's BaseContext does.
type lifetime struct {
	work, reply context.Context
}

// registers reports whether this process registers the slash commands: by
// default the one running shard 0, or an HTTP-only one (which may be the
// whole deployment); Config.Register overrides.
func (b *Bot) registers() bool {
	switch b.cfg.Register {
	case RegisterAlways:
		return true
	case RegisterNever:
		return false
	}
	return b.cfg.HTTPOnly || b.shards.Runs(0)
}

// Ready returns nil when the bot answers commands: running, and every shard
// of this process connected to the gateway. It is what /readyz reports.
func (b *Bot) Ready() error {
	if !b.running.Load() {
		return errors.New("not running (starting or stopping)")
	}
	if down := b.shards.Down(); len(down) > 0 {
		return fmt.Errorf("shards %v not connected to the gateway", down)
	}
	return nil
}

// fetchApplicationID asks Discord for the application's id (GET
// /applications/@me), which an HTTP-only process needs to register its
// commands and which proves the token. A 401 is fatal.
func (b *Bot) fetchApplicationID(ctx context.Context) (string, error) {
	var app struct {
		ID string `json:"id"`
	}
	req := rest.Request{Method: http.MethodGet, URL: discordgo.EndpointApplication("@me"), Into: &app}
	if err := b.retryAtStart(ctx, "get the application from discord", req); err != nil {
		return "", err
	}
	return app.ID, nil
}

// gatewayBot asks Discord for the gateway's URL, the recommended number of
// shards and the identify concurrency (GET /gateway/bot), retrying with the
// reconnect back-off while Discord is unreachable. A 401 is fatal: the token
// is wrong.
func (b *Bot) gatewayBot(ctx context.Context) (*discordgo.GatewayBotResponse, error) {
	var gw discordgo.GatewayBotResponse
	req := rest.Request{Method: http.MethodGet, URL: discordgo.EndpointGatewayBot, Into: &gw}
	if err := b.retryAtStart(ctx, "get the gateway from discord", req); err != nil {
		return nil, err
	}
	return &gw, nil
}

// retryAtStart sends a start-up request, retrying with the reconnect
// back-off while Discord is unreachable; a 401 is fatal.
func (b *Bot) retryAtStart(ctx context.Context, what string, req rest.Request) error {
	for attempt := 1; ; attempt++ {
		err := b.rest.Do(ctx, b.log, rest.NewBucket("start"), req)
		if err == nil {
			return nil
		}
		if f := rest.Fatal(err); f != nil {
			return f
		}
		if ctx.Err() != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		wait := rest.Backoff(attempt, b.cfg.ReconnectMax)
		b.log.Warn("discord unreachable at start-up; retrying", "what", what, "attempt", attempt, "wait", wait, "err", err)
		if rest.Sleep(ctx, wait) != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
	}
}

// shutdown stops taking commands, waits for those in flight within the
// shutdown grace, and closes the gateway. Commands still solving when the
// grace is nearly over are cancelled and their users told; at the end of the
// grace every wait on Discord is cancelled, so Run returns on time.
func (b *Bot) shutdown(cancelWork, cancelReplies context.CancelFunc) {
	start := time.Now()
	grace := b.cfg.ShutdownGrace
	deadline := start.Add(grace)
	b.stopMu.Lock()
	b.stopping = true
	b.stopMu.Unlock()
	b.log.Info("stopping: finishing commands in flight", "grace", grace, "in_flight", b.inflight.Count())

	// Solves stop a little before the end, leaving time to post notices: a
	// quarter of the grace, from 250 ms to 1 s (all of a shorter grace).
	reserve := min(max(grace/4, 250*time.Millisecond), time.Second, grace)
	// discordgo's Close sleeps a second before it closes the socket: start
	// closing that long before the end.
	closeAt := deadline.Add(-closeTime)
	closed := make(chan struct{})
	var closeOnce sync.Once
	closeGateway := func() { closeOnce.Do(func() { go func() { b.shards.Close(); close(closed) }() }) }
	closeTimer := time.AfterFunc(time.Until(closeAt), closeGateway)
	defer closeTimer.Stop()

	waitUntil := func(t time.Time) bool {
		ctx, cancel := context.WithDeadline(context.Background(), t)
		defer cancel()
		return b.inflight.Wait(ctx)
	}
	if !waitUntil(deadline.Add(-reserve)) {
		b.log.Warn("grace period nearly over: cancelling commands still in flight; their users are told where Discord allows",
			"in_flight", b.inflight.Count())
		cancelWork()
		if !waitUntil(deadline) {
			b.log.Warn("grace period over: replies still waiting on Discord are not posted", "in_flight", b.inflight.Count())
			cancelReplies()
			waitUntil(time.Now().Add(time.Second))
		}
	}
	b.flushBoards(deadline) // boards still to be edited (play.go)
	closeGateway()
	<-closed
	b.log.Info("stopped", "took", time.Since(start).Round(time.Millisecond))
}

// closeTime is how long discordgo takes to close a gateway session.
const closeTime = 1100 * time.Millisecond

// begin counts a command in flight, and reports false once the bot is stopping.
func (b *Bot) begin() bool {
	b.stopMu.RLock()
	defer b.stopMu.RUnlock()
	if b.stopping {
		return false
	}
	b.inflight.Add()
	return true
}

func (b *Bot) isStopping() bool {
	b.stopMu.RLock()
	defer b.stopMu.RUnlock()
	return b.stopping
}

// fail stops the bot with err, unless it is stopping already.
func (b *Bot) fail(err error) {
	select {
	case b.fatal <- err:
	default:
	}
}

// queue puts c's request on the worker pool and returns the channel its
// reply will come on, or nil when the pool and its queue are full. Workers
// only compute replies (and record a solver of the daily puzzle, see
// [command.Handler.RecordDailySolver]); the caller sends them, so a slow
// Discord never holds a worker. A panic while handling becomes an apology
// reply.
func (b *Bot) queue(ctx context.Context, c *call) <-chan command.Reply {
	result := make(chan command.Reply, 1)
	ok := b.pool.TrySubmit(func() {
		defer b.recoverCommand(c.log, func() {
			result <- command.Reply{Text: render.Notice(msgApology), Outcome: outcomePanic, UserError: true}
		})
		rep := b.handle(ctx, c.req)
		if b.handler.CountsDaily(c.where.guild, c.user, c.req) {
			rep = b.handler.RecordDailySolver(ctx, c.where.guild, c.user, c.req, rep)
		}
		result <- rep
	})
	if !ok {
		return nil
	}
	return result
}

// runServerCommand runs c.server on a goroutine of its own (it waits on
// the database, not on the CPU) and returns the channel its reply will
// come on. A panic becomes an apology reply.
func (b *Bot) runServerCommand(ctx context.Context, c *call) <-chan command.Reply {
	result := make(chan command.Reply, 1)
	go func() {
		defer b.recoverCommand(c.log, func() {
			result <- command.Reply{Text: render.Notice(msgApology), Outcome: outcomePanic, UserError: true}
		})
		result <- c.server(ctx)
	}()
	return result
}

// handle runs one command through the handler.
func (b *Bot) handle(ctx context.Context, req command.Request) command.Reply {
	if b.afterHandle != nil {
		defer b.afterHandle(ctx, req)
	}
	if b.beforeHandle != nil {
		b.beforeHandle(ctx, req)
	}
	rep := b.handler.Handle(ctx, req)
	if b.decorate != nil {
		rep = b.decorate(req, rep)
	}
	return rep
}

// selfID returns the bot's user id, once a shard has connected.
func (b *Bot) selfID() string {
	if u := b.shards.User(); u != nil {
		return u.ID
	}
	return ""
}

// events passes the shards' events to the bot, bounded by the contexts of
// its run.
type events struct {
	b           *Bot
	work, reply context.Context
}

func (e events) Message(shard int, m *discordgo.MessageCreate) {
	defer e.b.handledEvents.Add(1)
	e.b.onMessage(e.work, e.reply, shard, m)
}

func (e events) Interaction(shard int, i *discordgo.InteractionCreate) {
	defer e.b.handledEvents.Add(1)
	e.b.onInteraction(e.work, e.reply, shard, i)
}

func (e events) GuildRemoved(guildID string) {
	defer e.b.recoverEvent("GUILD_DELETE")
	e.b.forgetGuild(e.work, guildID)
}

// noMentions lets a message ping nobody, not even the author it replies to.
func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}

// recoverEvent is the last guard of an event handler: discordgo runs
// handlers without recover, so a panic there would end the process.
func (b *Bot) recoverEvent(event string) {
	if r := recover(); r != nil {
		b.log.Error("panic in event handler", "event", event, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
	}
}

// recoverCommand turns a panic in one command into a log line with the stack
// and, through apologize, a short reply; the bot carries on.
func (b *Bot) recoverCommand(log *slog.Logger, apologize func()) {
	if r := recover(); r != nil {
		log.Error("panic while handling a command", "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
		apologize()
	}
}
