package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/bot/internal/rest"
)

// shard is one gateway session and the goroutine that keeps it connected.
//
// discordgo's own reconnection is turned off: it retries for ever, whatever
// Discord's close code says (a revoked token, 4004, is retried every ten
// minutes until someone looks), with a back-off that doubles to ten minutes,
// so a bot could stay away seven minutes after a ten-minute outage. The
// shard's supervisor reconnects instead, with a back-off capped at
// Config.ReconnectMax and jittered, and stops the bot on a fatal close code.
type shard struct {
	b         *Bot
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
// its identifies wait for their turn until gateway ends.
func (b *Bot) newShard(gateway, work, reply context.Context, id, count int) (*shard, error) {
	s, err := b.sessions()
	if err != nil {
		return nil, err
	}
	if s == nil {
		return nil, errNoSession
	}
	sh := &shard{b: b, id: id, count: count, s: s, reconnect: make(chan struct{}, 1), guilds: map[string]struct{}{},
		log: b.log.With("shard", id)}
	s.ShardID, s.ShardCount = id, count
	d := websocket.DefaultDialer
	if s.Dialer != nil {
		d = s.Dialer
	}
	s.Dialer = sh.gatewayDialer(gateway, *d)
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
	sh.remove = []func(){
		s.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { b.onMessage(work, reply, id, m) }),
		s.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { b.onInteraction(work, reply, id, i) }),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { sh.onDisconnect() }),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { sh.up("resumed") }),
		s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { sh.onReady(r) }),
		s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { sh.addGuild(g.ID) }),
		s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildDelete) { sh.onGuildDelete(work, g) }),
	}
	return sh, nil
}

// startShards makes the sessions of the shards this process runs, connects
// them as Discord allows (one identify per max_concurrency bucket every
// IdentifyInterval; buckets in parallel) and starts their supervisors.
func (b *Bot) startShards(gateway, work, reply context.Context, gw *discordgo.GatewayBotResponse) error {
	count := b.cfg.ShardCount
	if count <= 0 {
		count = max(gw.Shards, 1)
	}
	ids := b.cfg.ShardIDs
	if len(ids) == 0 {
		ids = make([]int, count)
		for i := range ids {
			ids[i] = i
		}
	}
	for _, id := range ids {
		if id < 0 || id >= count {
			return fmt.Errorf("shard %d of this process does not exist: there are %d shards (0 to %d); check SHARD_IDS and SHARD_COUNT", id, count, count-1)
		}
	}
	limit := gw.SessionStartLimit
	if limit.Total > 0 && limit.Remaining < len(ids) {
		b.log.Error("Discord allows fewer session starts than this process has shards; the others will fail until the limit resets",
			"remaining", limit.Remaining, "shards", len(ids), "reset_after", time.Duration(limit.ResetAfter)*time.Millisecond)
	}
	// A process that runs only some of the shards shares the identify
	// buckets with the others: it waits one window first, so that with a
	// StatefulSet's ordered start the previous process's last identify is
	// a window old.
	b.pacer = newIdentifyPacer(max(limit.MaxConcurrency, 1), b.cfg.IdentifyInterval, len(ids) < count, time.Now())
	b.log.Info("connecting shards", "shards", ids, "shard_count", count, "max_concurrency", b.pacer.buckets, "identify_interval", b.pacer.every)
	for _, id := range ids {
		sh, err := b.newShard(gateway, work, reply, id, count)
		if err != nil {
			return err
		}
		b.shards = append(b.shards, sh)
	}
	if err := b.openShards(gateway); err != nil {
		b.closeShards()
		return err
	}
	for _, sh := range b.shards {
		go sh.supervise(gateway)
	}
	return nil
}

// openShards opens every shard, each bucket's in order and the buckets at
// once, and returns the first error.
func (b *Bot) openShards(ctx context.Context) error {
	byBucket := map[int][]*shard{}
	for _, sh := range b.shards {
		k := sh.id % b.pacer.buckets
		byBucket[k] = append(byBucket[k], sh)
	}
	errs := make(chan error, len(byBucket))
	for _, shards := range byBucket {
		go func() {
			for _, sh := range shards {
				if err := sh.open(ctx); err != nil {
					errs <- err
					return
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

// shardIDs returns the shards this process runs.
func (b *Bot) shardIDs() []int {
	ids := make([]int, len(b.shards))
	for i, sh := range b.shards {
		ids[i] = sh.id
	}
	return ids
}

// shardCount returns the total number of shards, 0 without a gateway.
func (b *Bot) shardCount() int {
	if len(b.shards) == 0 {
		return 0
	}
	return b.shards[0].count
}

// open connects the shard for the first time. When Discord refuses the
// privileged message content intent, it connects again without it and says
// what that means.
//
// Every identify waits for its turn in the pacer (in the identify gate); the
// shard books its turn and dials only shortly before it comes, so that no
// connection idles unidentified. Once a shard learns that the intent is refused, the others
// identify without it at once.
func (sh *shard) open(ctx context.Context) error {
	b := sh.b
	identify := func(intents discordgo.Intent) error {
		b.pacer.book(sh.id, time.Now())
		if err := b.pacer.due(ctx, sh.id, sh.dialLead()); err != nil {
			return err
		}
		sh.s.Identify.Intents = intents
		return sh.s.Open()
	}
	withContent := b.cfg.MessageContent && !b.noMessageContent.Load()
	err := identify(Intents(withContent))
	if withContent && closeCode(err) == closeDisallowedIntents {
		if b.noMessageContent.CompareAndSwap(false, true) {
			sh.log.Warn("the Message Content intent is not enabled for this application in the Developer Portal: " +
				"text commands in servers will only work when they mention the bot; DMs and slash commands work")
		}
		err = identify(Intents(false))
	}
	if err != nil {
		if f := fatalGateway(err); f != nil {
			return f
		}
		if f := rest.Fatal(err); f != nil {
			return f
		}
		return fmt.Errorf("connect shard %d of %d to the discord gateway: %w", sh.id, sh.count, err)
	}
	if sh.s.Identify.Intents&discordgo.IntentsMessageContent == 0 && b.warnedNoContent.CompareAndSwap(false, true) {
		sh.log.Warn("running without the Message Content intent: server messages arrive without text unless they mention the bot")
	}
	return nil
}

// onDisconnect asks the supervisor to reconnect, unless the bot is stopping.
func (sh *shard) onDisconnect() {
	was := sh.setConnected(false)
	if sh.b.isStopping() {
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
		sh.b.pacer.cancel(sh.id)
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
	sh.b.metrics.shardReconnected(sh.id)
	sh.log.Info("gateway reconnected", "session", how, "after", time.Since(down).Round(time.Millisecond), "attempts", attempts)
}

// supervise reconnects the shard after each disconnect until ctx ends: after
// a short random wait (up to firstReconnectJitter), then after waits that
// double from a second up to ReconnectMax, each jittered over its upper
// half, so that thousands of shards do not come back in lockstep. A fatal
// close code stops the bot. An identify (the session could not be resumed)
// also waits for the shard's turn, in the identify gate; when the gate
// closed the connection because the turn was too far off, the supervisor
// dials shortly before the turn.
func (sh *shard) supervise(ctx context.Context) {
	defer sh.b.pacer.cancel(sh.id)
	for {
		select {
		case <-ctx.Done():
			return
		case <-sh.reconnect:
		}
		for attempt := 0; ; attempt++ {
			wait := firstReconnectDelay(sh.b.cfg.ReconnectMax)
			if attempt > 0 {
				wait = rest.Backoff(attempt, sh.b.cfg.ReconnectMax)
			}
			if rest.Sleep(ctx, wait) != nil {
				return
			}
			if sh.b.pacer.due(ctx, sh.id, sh.dialLead()) != nil {
				return
			}
			if sh.b.isStopping() {
				return
			}
			sh.mu.Lock()
			sh.attempts++
			sh.mu.Unlock()
			err := sh.s.Open()
			if err == nil && sh.b.isStopping() {
				// The bot began to stop while this shard was connecting.
				sh.close()
				return
			}
			if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
				break // "reconnected" is logged when Discord accepts the session
			}
			if f := fatalGateway(err); f != nil {
				sh.b.fail(f) // Run returns it; the caller reports it
				return
			}
			sh.log.Warn("gateway reconnect failed; retrying", "attempt", attempt+1,
				"next_in_at_most", rest.BackoffCap(attempt+1, sh.b.cfg.ReconnectMax), "err", err)
		}
	}
}

// firstReconnectJitter bounds the random wait before the first attempt to
// reconnect: shards dropped together (a Discord restart) do not all dial in
// the same millisecond.
const firstReconnectJitter = time.Second

// firstReconnectDelay is the wait before the first reconnect attempt:
// random in [0, firstReconnectJitter], and no more than max.
func firstReconnectDelay(max time.Duration) time.Duration {
	return rand.N(min(firstReconnectJitter, max) + 1)
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
	sh.b.pacer.cancel(sh.id)
	if err := sh.s.Close(); err != nil {
		sh.log.Error("close discord session", "err", err)
	}
	for _, r := range sh.remove {
		r()
	}
}

// closeShards closes every shard at once (discordgo's Close sleeps a second).
func (b *Bot) closeShards() {
	var wg sync.WaitGroup
	for _, sh := range b.shards {
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
	sh.b.metrics.shardConnected(sh.id, up)
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
	sh.b.pacer.identified(sh.id, time.Now())
	sh.mu.Lock()
	clear(sh.guilds)
	for _, g := range r.Guilds {
		sh.guilds[g.ID] = struct{}{}
	}
	n := len(sh.guilds)
	sh.mu.Unlock()
	sh.b.metrics.shardGuilds(sh.id, n)
	sh.up("identified")
}

func (sh *shard) addGuild(id string) {
	sh.mu.Lock()
	sh.guilds[id] = struct{}{}
	n := len(sh.guilds)
	sh.mu.Unlock()
	sh.b.metrics.shardGuilds(sh.id, n)
}

// onGuildDelete forgets a server the bot was removed from, and deletes what
// is kept about it (its settings, daily posts and solvers); one that is
// only unavailable (an outage at Discord) still counts, and keeps its data.
func (sh *shard) onGuildDelete(ctx context.Context, g *discordgo.GuildDelete) {
	defer sh.b.recoverEvent("GUILD_DELETE")
	if g.Guild == nil || g.Unavailable {
		return
	}
	sh.removeGuild(g.ID)
	sh.b.forgetGuild(ctx, g.ID)
}

func (sh *shard) removeGuild(id string) {
	sh.mu.Lock()
	delete(sh.guilds, id)
	n := len(sh.guilds)
	sh.mu.Unlock()
	sh.b.metrics.shardGuilds(sh.id, n)
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

// ParseShardGroup reads a SHARD_GROUP, INDEX/GROUPS, where INDEX may be a
// StatefulSet pod's name, whose trailing number is its ordinal
// ("sudokubot-gateway-2/4" is group 2 of 4).
func ParseShardGroup(s string) (index, groups int, err error) {
	i, g, ok := strings.Cut(s, "/")
	if !ok {
		return 0, 0, errors.New("no /")
	}
	if dash := strings.LastIndexByte(i, '-'); dash >= 0 {
		i = i[dash+1:]
	}
	index, err1 := strconv.Atoi(strings.TrimSpace(i))
	groups, err2 := strconv.Atoi(strings.TrimSpace(g))
	if err1 != nil || err2 != nil || groups < 1 || index < 0 || index >= groups {
		return 0, 0, errors.New("want an index from 0 to GROUPS-1")
	}
	return index, groups, nil
}

// GroupShards returns the shards of group index when count shards are split
// in groups processes: a contiguous share, the first groups taking one more
// when they do not divide evenly. The groups cover every shard once.
func GroupShards(index, groups, count int) []int {
	per, extra := count/groups, count%groups
	start := index*per + min(index, extra)
	n := per
	if index < extra {
		n++
	}
	ids := make([]int, n)
	for i := range ids {
		ids[i] = start + i
	}
	return ids
}
