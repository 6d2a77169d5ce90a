package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
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
	connected bool
	guilds    map[string]struct{} // servers of this shard, from READY and GUILD_CREATE/DELETE
}

// newShard makes the session of shard id of count and wires its handlers.
func (b *Bot) newShard(work, reply context.Context, id, count int) (*shard, error) {
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
		s.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { b.onMessage(work, reply, m) }),
		s.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { b.onInteraction(work, reply, i) }),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Connect) {
			sh.setConnected(true)
			sh.log.Info("gateway connected")
		}),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { sh.onDisconnect() }),
		s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { sh.log.Info("gateway session resumed") }),
		s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { sh.onReady(r) }),
		s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) { sh.addGuild(g.ID) }),
		s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildDelete) { sh.onGuildDelete(g) }),
	}
	return sh, nil
}

// open connects the shard for the first time. When Discord refuses the
// privileged message content intent, it connects again without it and says
// what that means.
func (sh *shard) open() error {
	cfg := sh.b.cfg
	sh.s.Identify.Intents = Intents(cfg.MessageContent)
	err := sh.s.Open()
	if cfg.MessageContent && closeCode(err) == closeDisallowedIntents {
		sh.log.Warn("the Message Content intent is not enabled for this application in the Developer Portal: " +
			"text commands in servers will only work when they mention the bot; DMs and slash commands work")
		sh.s.Identify.Intents = Intents(false)
		err = sh.s.Open()
	}
	if err != nil {
		if f := fatalGateway(err); f != nil {
			return f
		}
		if f := fatalREST(err); f != nil {
			return f
		}
		return fmt.Errorf("connect shard %d to the discord gateway: %w", sh.id, err)
	}
	if sh.s.Identify.Intents&discordgo.IntentsMessageContent == 0 {
		sh.log.Warn("running without the Message Content intent: server messages arrive without text unless they mention the bot")
	}
	return nil
}

// onDisconnect asks the supervisor to reconnect, unless the bot is stopping.
func (sh *shard) onDisconnect() {
	sh.setConnected(false)
	if sh.b.isStopping() {
		sh.log.Info("gateway closed")
		return
	}
	sh.log.Warn("gateway disconnected; reconnecting")
	select {
	case sh.reconnect <- struct{}{}:
	default: // a reconnect is already asked for
	}
}

// supervise reconnects the shard after each disconnect until ctx ends: at
// once, then after waits that double from a second up to ReconnectMax, each
// jittered over its upper half so that thousands of shards do not come back
// in lockstep. A fatal close code stops the bot.
func (sh *shard) supervise(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-sh.reconnect:
		}
		down := time.Now()
		for attempt := 0; ; attempt++ {
			if attempt > 0 {
				wait := reconnectDelay(attempt, sh.b.cfg.ReconnectMax)
				if sleep(ctx, wait) != nil {
					return
				}
			}
			if sh.b.isStopping() {
				return
			}
			err := sh.s.Open()
			if err == nil && sh.b.isStopping() {
				// The bot began to stop while this shard was connecting.
				sh.close()
				return
			}
			if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
				sh.b.metrics.shardReconnected(sh.id)
				sh.log.Info("gateway reconnected", "after", time.Since(down).Round(time.Millisecond), "attempts", attempt+1)
				break
			}
			if f := fatalGateway(err); f != nil {
				sh.b.fail(f) // Run returns it; the caller reports it
				return
			}
			sh.log.Warn("gateway reconnect failed; retrying", "attempt", attempt+1,
				"next_in_at_most", reconnectCap(attempt+1, sh.b.cfg.ReconnectMax), "err", err)
		}
	}
}

// reconnectDelay is the wait before reconnect attempt n (n >= 1): 1 s, 2 s,
// 4 s … capped at max, jittered over [d/2, d].
func reconnectDelay(n int, max time.Duration) time.Duration {
	d := reconnectCap(n, max)
	return d/2 + rand.N(d/2+1)
}

func reconnectCap(n int, max time.Duration) time.Duration {
	d := time.Second
	for i := 1; i < n && d < max; i++ {
		d *= 2
	}
	return min(d, max)
}

// close disconnects the shard and removes its handlers.
func (sh *shard) close() {
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

func (sh *shard) setConnected(up bool) {
	sh.mu.Lock()
	sh.connected = up
	sh.mu.Unlock()
	sh.b.metrics.shardConnected(sh.id, up)
}

// isConnected reports whether the shard's session is connected.
func (sh *shard) isConnected() bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.connected
}

func (sh *shard) onReady(r *discordgo.Ready) {
	sh.mu.Lock()
	clear(sh.guilds)
	for _, g := range r.Guilds {
		sh.guilds[g.ID] = struct{}{}
	}
	n := len(sh.guilds)
	sh.mu.Unlock()
	sh.b.metrics.shardGuilds(sh.id, n)
}

func (sh *shard) addGuild(id string) {
	sh.mu.Lock()
	sh.guilds[id] = struct{}{}
	n := len(sh.guilds)
	sh.mu.Unlock()
	sh.b.metrics.shardGuilds(sh.id, n)
}

// onGuildDelete forgets a server the bot left; one that is only unavailable
// (an outage at Discord) still counts.
func (sh *shard) onGuildDelete(g *discordgo.GuildDelete) {
	if g.Guild == nil || g.Unavailable {
		return
	}
	sh.removeGuild(g.ID)
}

func (sh *shard) removeGuild(id string) {
	sh.mu.Lock()
	delete(sh.guilds, id)
	n := len(sh.guilds)
	sh.mu.Unlock()
	sh.b.metrics.shardGuilds(sh.id, n)
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
