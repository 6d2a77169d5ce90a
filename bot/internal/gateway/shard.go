// Package gateway keeps a process's Discord gateway sessions connected: one
// discordgo session per shard this process runs, opened as Discord allows
// (one identify per max_concurrency bucket per window, every identify paced,
// even those discordgo sends on its own), supervised and reconnected with a
// capped, jittered back-off, with the fatal close codes turned into a
// [rest.FatalError] for the operator. It passes the events the bot answers
// (messages, interactions, servers removed) to a [Handler] and counts the
// shards' state on [Metrics]. The gateway connection is wrapped to pace
// identifies and to read the heartbeat interval (identify.go), which makes
// the dialer do its own TLS and proxying (proxy.go). discordgo's own log
// lines go through slog, to the logger of the bot whose gateway they name
// (logs.go).
package gateway

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/bot/internal/rest"
)

// Handler is what the shards pass on: the events the bot answers, with the
// shard they came on. Each runs on a goroutine of discordgo's.
type Handler interface {
	Message(shard int, m *discordgo.MessageCreate)
	Interaction(shard int, i *discordgo.InteractionCreate)
	// GuildRemoved: the bot was removed from a server (not one that is
	// only unavailable during an outage at Discord).
	GuildRemoved(guildID string)
}

// Metrics counts the shards' state: connected or not, reconnections, and
// servers per shard. Nil counts nothing.
type Metrics interface {
	ShardConnected(shard int, up bool)
	ShardReconnected(shard int)
	ShardGuilds(shard, n int)
}

// Config sets up a [Gateway].
type Config struct {
	// Sessions returns a new, unopened session with the bot's token, HTTP
	// client and dialer; one per shard.
	Sessions func() (*discordgo.Session, error)
	// Count is the total number of shards; zero means as many as Discord
	// recommends. IDs are the shards this process runs; nil means all.
	Count int
	IDs   []int
	// MessageContent asks for the privileged message content intent; when
	// Discord refuses it, the shards identify without it.
	MessageContent bool
	// ReconnectMax caps the wait between two attempts to reconnect.
	ReconnectMax time.Duration
	// IdentifyInterval is how long a max_concurrency bucket waits between
	// two identifies (Discord's is 5 s).
	IdentifyInterval time.Duration
	Log              *slog.Logger
	Handler          Handler
	Metrics          Metrics
	// Stopping reports whether the bot is stopping: no reconnection then.
	Stopping func() bool
	// Fatal stops the bot with a *rest.FatalError (a close code after
	// which Discord will not take the session back).
	Fatal func(error)
}

// Gateway is the shards of one process. Make it with [Start]; stop it with
// [Gateway.Close].
type Gateway struct {
	cfg    Config
	shards []*shard
	// pacer spaces the identifies of every shard, set before the first
	// shard is made.
	pacer *identifyPacer
	// noMessageContent is set once Discord refused the message content
	// intent: the other shards identify without it (warnedNoContent: said once).
	noMessageContent, warnedNoContent atomic.Bool
}

// errNoSession is returned when Config.Sessions returns nil.
var errNoSession = errors.New("no discord session")

// Intents returns the gateway intents the bot asks for: servers (for the
// count of servers per shard; the bot caches nothing about them), server
// messages, direct messages and, when messageContent is set, the privileged
// message content intent without which server messages arrive with no text.
func Intents(messageContent bool) discordgo.Intent {
	i := discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages
	if messageContent {
		i |= discordgo.IntentsMessageContent
	}
	return i
}

// shard is one gateway session and the goroutine that keeps it connected.
//
// discordgo's own reconnection is turned off: it retries for ever, whatever
// Discord's close code says (a revoked token, 4004, is retried every ten
// minutes until someone looks), with a back-off that doubles to ten minutes,
// so a bot could stay away seven minutes after a ten-minute outage. The
// shard's supervisor reconnects instead, with a back-off capped at
// Config.ReconnectMax and jittered, and stops the bot on a fatal close code.
type shard struct {
	gw        *Gateway
	id, count int
	s         *discordgo.Session
	log       *slog.Logger
	remove    []func()
	reconnect chan struct{} // a disconnect asks the supervisor to reconnect

	mu        sync.Mutex
	connected bool                // READY or RESUMED came, and no disconnect since
	down      time.Time           // when the session dropped, zero while up (or never up)
	attempts  int                 // connection attempts since down
	guilds    map[string]struct{} // servers of this shard, from READY and GUILD_CREATE/DELETE
	conn      net.Conn            // the gateway's TCP connection, for its round-trip time
	gate      *identifyGate       // the gateway connection as discordgo writes to it
	interval  time.Duration       // the last heartbeat interval Discord gave, 0 before
	closing   bool                // close was called: no new connection
}

// newShard makes the session of shard id of count and wires its handlers;
// its identifies wait for their turn until ctx ends.
func (gw *Gateway) newShard(ctx context.Context, id, count int) (*shard, error) {
	s, err := gw.cfg.Sessions()
	if err != nil {
		return nil, err
	}
	if s == nil {
		return nil, errNoSession
	}
	sh := &shard{gw: gw, id: id, count: count, s: s, reconnect: make(chan struct{}, 1), guilds: map[string]struct{}{},
		log: gw.cfg.Log.With("shard", id)}
	s.ShardID, s.ShardCount = id, count
	d := websocket.DefaultDialer
	if s.Dialer != nil {
		d = s.Dialer
	}
	s.Dialer = sh.gatewayDialer(ctx, *d)
	if count > 1 {
		s.Identify.Shard = &[2]int{id, count}
	}
	// The bot reads nothing of discordgo's cache of servers, channels and
	// roles (only its own user, which discordgo keeps anyway): without it,
	// memory does not grow with the number of servers.
	s.StateEnabled = false
	s.ShouldReconnectOnError = false // the supervisor reconnects
	s.ShouldRetryOnRateLimit = false
	s.LogLevel = discordgo.LogWarning
	h := gw.cfg.Handler
	sh.remove = []func(){
		s.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { h.Message(id, m) }),
		s.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { h.Interaction(id, i) }),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { sh.onDisconnect() }),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { sh.up("resumed") }),
		s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { sh.onReady(r) }),
		s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { sh.addGuild(g.ID) }),
		s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildDelete) { sh.onGuildDelete(g) }),
	}
	return sh, nil
}

// Start makes the sessions of the shards this process runs, connects them
// as Discord allows (one identify per max_concurrency bucket every
// IdentifyInterval; buckets in parallel) and starts their supervisors, which
// keep them connected until ctx ends. gw is Discord's answer to GET
// /gateway/bot. It returns an error when a shard of this process does not
// exist, or when Discord refused a shard for good (a *rest.FatalError).
func Start(ctx context.Context, cfg Config, gw *discordgo.GatewayBotResponse) (*Gateway, error) {
	g := &Gateway{cfg: cfg}
	count := cfg.Count
	if count <= 0 {
		count = max(gw.Shards, 1)
	}
	ids := cfg.IDs
	if len(ids) == 0 {
		ids = make([]int, count)
		for i := range ids {
			ids[i] = i
		}
	}
	for _, id := range ids {
		if id < 0 || id >= count {
			return nil, fmt.Errorf("shard %d of this process does not exist: there are %d shards (0 to %d); check SHARD_IDS and SHARD_COUNT", id, count, count-1)
		}
	}
	limit := gw.SessionStartLimit
	if limit.Total > 0 && limit.Remaining < len(ids) {
		cfg.Log.Error("Discord allows fewer session starts than this process has shards; the others will fail until the limit resets",
			"remaining", limit.Remaining, "shards", len(ids), "reset_after", time.Duration(limit.ResetAfter)*time.Millisecond)
	}
	// A process that runs only some of the shards shares the identify
	// buckets with the others: it waits one window first, so that with a
	// StatefulSet's ordered start the previous process's last identify is
	// a window old.
	g.pacer = newIdentifyPacer(max(limit.MaxConcurrency, 1), paced(cfg.IdentifyInterval), len(ids) < count, time.Now())
	cfg.Log.Info("connecting shards", "shards", ids, "shard_count", count, "max_concurrency", g.pacer.buckets, "identify_interval", g.pacer.every)
	for _, id := range ids {
		sh, err := g.newShard(ctx, id, count)
		if err != nil {
			return nil, err
		}
		g.shards = append(g.shards, sh)
	}
	if err := g.openShards(ctx); err != nil {
		g.Close()
		return nil, err
	}
	for _, sh := range g.shards {
		go sh.supervise(ctx)
	}
	return g, nil
}

// paced is the spacing the pacer keeps between two identifies of a bucket
// for Discord's window: a twentieth more. Discord counts an identify when it
// receives it, and the bot knows when it wrote it: an identify delayed on
// its way more than the next one (a busy machine, a proxy, the network)
// would otherwise reach Discord within the window of the one before, which
// Discord answers with close 4008. An identify Discord answered (READY, or
// a close) is counted from the answer, later still.
func paced(window time.Duration) time.Duration { return window + window/20 }

// openShards opens every shard, each bucket's in order and the buckets at
// once, and returns the first fatal error (or the first error once ctx
// ended). A shard that fails otherwise is left to its supervisor.
func (gw *Gateway) openShards(ctx context.Context) error {
	byBucket := map[int][]*shard{}
	for _, sh := range gw.shards {
		k := sh.id % gw.pacer.buckets
		byBucket[k] = append(byBucket[k], sh)
	}
	errs := make(chan error, len(byBucket))
	for _, shards := range byBucket {
		go func() {
			for _, sh := range shards {
				err := sh.open(ctx)
				var fatal *rest.FatalError
				if err != nil && (errors.As(err, &fatal) || ctx.Err() != nil) {
					errs <- err
					return
				}
				if err != nil {
					// A failure Discord may not repeat (a network error, a
					// connection closed): the supervisor tries again, as
					// after a disconnect; the shard is down until then.
					sh.log.Warn("gateway connection failed at start-up; reconnecting", "err", err)
					sh.markDown()
					select {
					case sh.reconnect <- struct{}{}:
					default: // asked for already
					}
				}
			}
			errs <- nil
		}()
	}
	var first error
	for range byBucket {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// IDs returns the shards this process runs.
func (gw *Gateway) IDs() []int {
	if gw == nil {
		return nil
	}
	ids := make([]int, len(gw.shards))
	for i, sh := range gw.shards {
		ids[i] = sh.id
	}
	return ids
}

// Count returns the total number of shards, 0 without a gateway.
func (gw *Gateway) Count() int {
	if gw == nil || len(gw.shards) == 0 {
		return 0
	}
	return gw.shards[0].count
}

// Runs reports whether this process runs shard id.
func (gw *Gateway) Runs(id int) bool {
	if gw == nil {
		return false
	}
	for _, sh := range gw.shards {
		if sh.id == id {
			return true
		}
	}
	return false
}

// Owns reports whether the server is on one of this process's shards:
// (guild_id >> 22) % shard_count, as Discord assigns them.
func (gw *Gateway) Owns(guildID string) bool {
	n := gw.Count()
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil || n == 0 {
		return false
	}
	return gw.Runs(int((id >> 22) % uint64(n)))
}

// Down returns the shards of this process not connected now.
func (gw *Gateway) Down() []int {
	if gw == nil {
		return nil
	}
	var down []int
	for _, sh := range gw.shards {
		if !sh.isConnected() {
			down = append(down, sh.id)
		}
	}
	return down
}

// User returns the bot user from READY, nil before.
func (gw *Gateway) User() *discordgo.User {
	if gw == nil {
		return nil
	}
	for _, sh := range gw.shards {
		if u := sh.user(); u != nil {
			return u
		}
	}
	return nil
}

// ApplicationID returns the application id from READY, "" before.
func (gw *Gateway) ApplicationID() string {
	if gw == nil {
		return ""
	}
	for _, sh := range gw.shards {
		if id := sh.applicationID(); id != "" {
			return id
		}
	}
	return ""
}

// RTTs calls f with each connected shard's round-trip time (see rtt).
func (gw *Gateway) RTTs(f func(shard int, rtt time.Duration)) {
	if gw == nil {
		return
	}
	for _, sh := range gw.shards {
		if rtt, ok := sh.rtt(); ok {
			f(sh.id, rtt)
		}
	}
}

// GuildCount returns how many servers shard id serves, -1 when this process
// does not run it.
func (gw *Gateway) GuildCount(id int) int {
	if gw == nil {
		return -1
	}
	for _, sh := range gw.shards {
		if sh.id == id {
			return sh.guildCount()
		}
	}
	return -1
}

// Session returns the session of shard id, nil when this process does not
// run it; for inspecting its state.
func (gw *Gateway) Session(id int) *discordgo.Session {
	if gw == nil {
		return nil
	}
	for _, sh := range gw.shards {
		if sh.id == id {
			return sh.s
		}
	}
	return nil
}

// metrics returns the counters, or ones that count nothing.
func (gw *Gateway) metrics() Metrics {
	if gw.cfg.Metrics == nil {
		return noMetrics{}
	}
	return gw.cfg.Metrics
}

type noMetrics struct{}

func (noMetrics) ShardConnected(int, bool) {}
func (noMetrics) ShardReconnected(int)     {}
func (noMetrics) ShardGuilds(int, int)     {}

// stopping reports whether the bot is stopping.
func (gw *Gateway) stopping() bool { return gw.cfg.Stopping != nil && gw.cfg.Stopping() }

// open connects the shard for the first time. When Discord refuses the
// privileged message content intent, it connects again without it and says
// what that means.
//
// Every identify waits for its turn in the pacer (in the identify gate); the
// shard books its turn and dials only shortly before it comes, so that no
// connection idles unidentified. Once a shard learns that the intent is refused, the others
// identify without it at once.
func (sh *shard) open(ctx context.Context) error {
	gw := sh.gw
	identify := func(intents discordgo.Intent) error {
		gw.pacer.book(sh.id, time.Now())
		if err := gw.pacer.due(ctx, sh.id, sh.dialLead()); err != nil {
			return err
		}
		sh.s.Identify.Intents = intents
		return sh.openSession()
	}
	withContent := gw.cfg.MessageContent && !gw.noMessageContent.Load()
	err := identify(Intents(withContent))
	if withContent && closeCode(err) == closeDisallowedIntents {
		if gw.noMessageContent.CompareAndSwap(false, true) {
			sh.log.Warn("the Message Content intent is not enabled for this application in the Developer Portal: " +
				"text commands in servers will only work when they mention the bot; DMs and slash commands work")
		}
		err = identify(Intents(false))
	}
	if err != nil {
		if f := FatalClose(err); f != nil {
			return f
		}
		if f := rest.Fatal(err); f != nil {
			return f
		}
		return fmt.Errorf("connect shard %d of %d to the discord gateway: %w", sh.id, sh.count, err)
	}
	if sh.s.Identify.Intents&discordgo.IntentsMessageContent == 0 && gw.warnedNoContent.CompareAndSwap(false, true) {
		sh.log.Warn("running without the Message Content intent: server messages arrive without text unless they mention the bot")
	}
	return nil
}

// openSession opens the shard's session. When Discord answers by closing
// the connection (an identify refused: disallowed intents, rate limited),
// the close counts as the identify's time in the pacer, as READY does for
// an accepted one: Discord counted the identify by the time it answered,
// and may have received it later than the bot wrote it. Without this, the
// next identify of the bucket, paced from the write alone, could reach
// Discord within the window of the refused one (close 4008) whenever the
// first was delayed on its way more than the second: on a busy machine,
// the fallback without the message content intent failed so.
func (sh *shard) openSession() error {
	err := sh.s.Open()
	if closeCode(err) != 0 {
		sh.gw.pacer.identified(sh.id, time.Now())
	}
	return err
}

// onDisconnect asks the supervisor to reconnect, unless the bot is stopping.
func (sh *shard) onDisconnect() {
	was := sh.setConnected(false)
	if sh.gw.stopping() {
		if was {
			sh.log.Info("gateway closed")
		}
		return
	}
	sh.markDown()
	sh.log.Warn("gateway disconnected; reconnecting")
	select {
	case sh.reconnect <- struct{}{}:
	default: // a reconnect is already asked for
	}
}

// identifying records that the shard is about to identify. A shard that
// was connected lost its session (op 9 INVALID_SESSION on a live
// connection): it is down until READY.
func (sh *shard) identifying() {
	if !sh.setConnected(false) {
		return
	}
	sh.markDown()
	sh.log.Warn("Discord invalidated the gateway session; identifying anew in the shard's turn")
}

// markDown records when the shard went down, unless it is down already.
func (sh *shard) markDown() {
	sh.mu.Lock()
	if sh.down.IsZero() {
		sh.down = time.Now()
	}
	sh.mu.Unlock()
}

// deferIdentify records that the shard's identify turn is too far off to
// wait for on its connection (wait from now): the gate closes it, and the
// supervisor reconnects in time for the turn.
func (sh *shard) deferIdentify(wait time.Duration) {
	sh.log.Info("identify turn comes after the next heartbeat is due: closing the connection, to reconnect in time for the turn",
		"turn_in", wait.Round(time.Millisecond))
}

// heartbeatInterval records the heartbeat interval Discord gave (HELLO).
func (sh *shard) heartbeatInterval(d time.Duration) {
	sh.mu.Lock()
	sh.interval = d
	sh.mu.Unlock()
}

// dialLead is how long before its identify turn the shard dials: a quarter
// of the last heartbeat interval (the identify then waits for its turn on
// the new connection before any heartbeat is due), 0 before one is known.
func (sh *shard) dialLead() time.Duration {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.interval / 4
}

// up records that Discord accepted the shard's session: READY answered an
// identify (how = "identified") or RESUMED a resume ("resumed"). Only then
// is the shard connected, and reconnected after a drop: discordgo's Open
// returns as soon as it sent its resume, even when Discord answers it with
// op 9 and discordgo identifies anew.
func (sh *shard) up(how string) {
	if how == "resumed" {
		// A turn booked before the reconnection is not needed.
		sh.gw.pacer.cancel(sh.id)
	}
	sh.setConnected(true)
	sh.mu.Lock()
	down, attempts := sh.down, sh.attempts
	sh.down, sh.attempts = time.Time{}, 0
	sh.mu.Unlock()
	if down.IsZero() {
		sh.log.Info("gateway connected", "session", how)
		return
	}
	sh.gw.metrics().ShardReconnected(sh.id)
	sh.log.Info("gateway reconnected", "session", how, "after", time.Since(down).Round(time.Millisecond), "attempts", attempts)
}

// supervise reconnects the shard after each disconnect until ctx ends: after
// a short random wait (up to FirstReconnectJitter), then after waits that
// double from a second up to ReconnectMax, each jittered over its upper
// half, so that thousands of shards do not come back in lockstep. A fatal
// close code stops the bot. An identify (the session could not be resumed)
// also waits for the shard's turn, in the identify gate; when the gate
// closed the connection because the turn was too far off, the supervisor
// dials shortly before the turn.
func (sh *shard) supervise(ctx context.Context) {
	defer sh.gw.pacer.cancel(sh.id)
	for {
		select {
		case <-ctx.Done():
			return
		case <-sh.reconnect:
		}
		for attempt := 0; ; attempt++ {
			wait := firstReconnectDelay(sh.gw.cfg.ReconnectMax)
			if attempt > 0 {
				wait = rest.Backoff(attempt, sh.gw.cfg.ReconnectMax)
			}
			if rest.Sleep(ctx, wait) != nil {
				return
			}
			if sh.gw.pacer.due(ctx, sh.id, sh.dialLead()) != nil {
				return
			}
			if sh.gw.stopping() {
				return
			}
			sh.mu.Lock()
			sh.attempts++
			sh.mu.Unlock()
			err := sh.openSession()
			if err == nil && sh.gw.stopping() {
				// The bot began to stop while this shard was connecting.
				sh.close()
				return
			}
			if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
				break // "reconnected" is logged when Discord accepts the session
			}
			if f := FatalClose(err); f != nil {
				sh.gw.cfg.Fatal(f) // Run returns it; the caller reports it
				return
			}
			sh.log.Warn("gateway reconnect failed; retrying", "attempt", attempt+1,
				"next_in_at_most", rest.BackoffCap(attempt+1, sh.gw.cfg.ReconnectMax), "err", err)
		}
	}
}

// FirstReconnectJitter bounds the random wait before the first attempt to
// reconnect: shards dropped together (a Discord restart) do not all dial in
// the same millisecond.
const FirstReconnectJitter = time.Second

// firstReconnectDelay is the wait before the first reconnect attempt:
// random in [0, FirstReconnectJitter], and no more than max.
func firstReconnectDelay(max time.Duration) time.Duration {
	return rand.N(min(FirstReconnectJitter, max) + 1)
}

// close disconnects the shard and removes its handlers. An identify waiting
// for its turn is abandoned first: discordgo's Close needs the write lock
// that the identify holds.
func (sh *shard) close() {
	sh.mu.Lock()
	sh.closing = true
	g := sh.gate
	sh.mu.Unlock()
	if g != nil {
		g.abandon()
	}
	sh.gw.pacer.cancel(sh.id)
	if err := sh.s.Close(); err != nil {
		sh.log.Error("close discord session", "err", err)
	}
	for _, r := range sh.remove {
		r()
	}
}

// Close closes every shard at once (discordgo's Close sleeps a second) and
// removes their handlers.
func (gw *Gateway) Close() {
	if gw == nil {
		return
	}
	var wg sync.WaitGroup
	for _, sh := range gw.shards {
		wg.Add(1)
		go func() { defer wg.Done(); sh.close() }()
	}
	wg.Wait()
}

// setConnected records the shard's state and returns the previous one.
func (sh *shard) setConnected(up bool) bool {
	sh.mu.Lock()
	was := sh.connected
	sh.connected = up
	sh.mu.Unlock()
	sh.gw.metrics().ShardConnected(sh.id, up)
	return was
}

// isConnected reports whether the shard's session is connected.
func (sh *shard) isConnected() bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.connected
}

func (sh *shard) onReady(r *discordgo.Ready) {
	// Discord has counted the identify: the bucket's next waits a window
	// from now at least.
	sh.gw.pacer.identified(sh.id, time.Now())
	sh.mu.Lock()
	clear(sh.guilds)
	for _, g := range r.Guilds {
		sh.guilds[g.ID] = struct{}{}
	}
	n := len(sh.guilds)
	sh.mu.Unlock()
	sh.gw.metrics().ShardGuilds(sh.id, n)
	sh.up("identified")
}

func (sh *shard) addGuild(id string) {
	sh.mu.Lock()
	sh.guilds[id] = struct{}{}
	n := len(sh.guilds)
	sh.mu.Unlock()
	sh.gw.metrics().ShardGuilds(sh.id, n)
}

// onGuildDelete passes on the removal of the bot from a server, and stops
// counting it; a server only unavailable (an outage at Discord) still
// counts, and is not passed on: what is kept about it stays.
func (sh *shard) onGuildDelete(g *discordgo.GuildDelete) {
	if g.Guild == nil || g.Unavailable {
		return
	}
	sh.removeGuild(g.ID)
	sh.gw.cfg.Handler.GuildRemoved(g.ID)
}

func (sh *shard) removeGuild(id string) {
	sh.mu.Lock()
	delete(sh.guilds, id)
	n := len(sh.guilds)
	sh.mu.Unlock()
	sh.gw.metrics().ShardGuilds(sh.id, n)
}

// rtt returns the round-trip time of the shard's gateway connection as the
// kernel measures it, and false when it is not known (not connected, not
// Linux). discordgo's heartbeat latency cannot be read without racing with
// its heartbeat goroutine.
func (sh *shard) rtt() (time.Duration, bool) {
	sh.mu.Lock()
	c, up := sh.conn, sh.connected
	sh.mu.Unlock()
	if c == nil || !up {
		return 0, false
	}
	return tcpRTT(c)
}

// guildCount returns how many servers the shard serves.
func (sh *shard) guildCount() int {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return len(sh.guilds)
}

// user returns the bot user from READY, nil before.
func (sh *shard) user() *discordgo.User {
	st := sh.s.State
	if st == nil {
		return nil
	}
	st.RLock()
	defer st.RUnlock()
	return st.User
}

// applicationID returns the application id from READY, "" before.
func (sh *shard) applicationID() string {
	st := sh.s.State
	if st == nil {
		return ""
	}
	st.RLock()
	defer st.RUnlock()
	if st.Application != nil && st.Application.ID != "" {
		return st.Application.ID
	}
	if st.User != nil {
		return st.User.ID
	}
	return ""
}

// closeCode returns the gateway close code in err, or 0.
func closeCode(err error) int {
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		return ce.Code
	}
	return 0
}
