// Package bot connects the transport-free command handler (package command) to
// Discord through github.com/bwmarrin/discordgo. It is the only package that
// imports discordgo.
//
// The bot reads text commands in server channels and DMs (with the prefix or a
// mention of the bot), answers the slash commands /solve, /check and /help, runs
// every solve on a bounded worker pool under a deadline, limits each user's
// rate, and replies without ever pinging anyone.
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/render"
)

// Config sets up a [Bot]. cmd/bot fills it from the environment.
type Config struct {
	Prefix           string        // text command prefix, such as "!"
	SolveTimeout     time.Duration // deadline of one solve
	Workers          int           // solves that run at once
	Queue            int           // solves that may wait for a worker; more are told the bot is busy
	UserRate         int           // commands per user per minute
	UserBurst        int           // commands a user may send at once
	DevGuildID       string        // register slash commands to this guild only (fast, for development)
	SpoilerSolutions bool          // wrap solutions in spoiler tags
	MessageContent   bool          // ask for the privileged message content intent
	ShutdownGrace    time.Duration // how long in-flight commands may take after a stop signal
	// ChannelBacklog is how many replies may wait to be posted in one channel;
	// past it, new commands there are not taken (and logged). Zero means 32.
	ChannelBacklog int
	// AckWait is how long a slash command waits for its result before it is
	// deferred; Discord allows 3 s for the first answer. Zero means 2 s.
	AckWait time.Duration
}

func (c *Config) setDefaults() {
	if c.Prefix == "" {
		c.Prefix = "!"
	}
	if c.SolveTimeout <= 0 {
		c.SolveTimeout = 2 * time.Second
	}
	if c.Workers <= 0 {
		c.Workers = 1
	}
	if c.Queue < 0 {
		c.Queue = 0
	}
	if c.UserRate <= 0 {
		c.UserRate = 12
	}
	if c.UserBurst <= 0 {
		c.UserBurst = 4
	}
	if c.AckWait <= 0 {
		c.AckWait = 2 * time.Second
	}
	if c.ChannelBacklog <= 0 {
		c.ChannelBacklog = 32
	}
}

// Intents returns the gateway intents the bot asks for: servers, server
// messages, direct messages and, when messageContent is set, the privileged
// message content intent without which server messages arrive with no text.
func Intents(messageContent bool) discordgo.Intent {
	i := discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages
	if messageContent {
		i |= discordgo.IntentsMessageContent
	}
	return i
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

// closeDisallowedIntents is the gateway close code for a privileged intent the
// application is not allowed to use.
const closeDisallowedIntents = 4014

// Bot is a running Discord bot. Make one with [New] and start it with [Bot.Run].
type Bot struct {
	cfg     Config
	s       *discordgo.Session
	log     *slog.Logger
	handler *command.Handler
	pool    *pool
	limits  *userLimits
	seen    *seenSet
	notices slots       // slash-command notices on their way to Discord
	noticeQ chan notice // text-command notices waiting to be sent
	backlog *backlog    // text-command replies waiting to be posted

	// stopMu guards stopping and the Add side of inflight: once stopping is
	// set under the write lock, no new command is counted.
	stopMu   sync.RWMutex
	stopping bool
	inflight sync.WaitGroup

	// beforeHandle and afterHandle, when set (by tests only), run just before
	// and just after a command is handled, on the goroutine that handles it.
	beforeHandle, afterHandle func(command.Request)
}

// solve queues req on the worker pool and returns the channel its reply will
// come on, or nil when the pool and its queue are full. Workers only compute
// replies; the caller sends them, so a slow Discord never holds a worker. A
// panic while handling becomes an apology reply.
func (b *Bot) solve(ctx context.Context, log *slog.Logger, req command.Request) <-chan command.Reply {
	result := make(chan command.Reply, 1)
	ok := b.pool.trySubmit(func() {
		defer b.recoverCommand(log, func() {
			result <- command.Reply{Text: render.Notice(msgApology), Outcome: "panic", UserError: true}
		})
		result <- b.handle(ctx, req)
	})
	if !ok {
		return nil
	}
	return result
}

// handle runs one command through the handler.
func (b *Bot) handle(ctx context.Context, req command.Request) command.Reply {
	if b.afterHandle != nil {
		defer b.afterHandle(req)
	}
	if b.beforeHandle != nil {
		b.beforeHandle(req)
	}
	return b.handler.Handle(ctx, req)
}

// New returns a bot that will use session s (made by [NewSession], or wired to
// a fake Discord in tests) and log to log.
func New(cfg Config, s *discordgo.Session, log *slog.Logger) *Bot {
	cfg.setDefaults()
	return &Bot{
		cfg: cfg,
		s:   s,
		log: log,
		handler: command.New(command.Config{
			Prefix:       cfg.Prefix,
			SolveTimeout: cfg.SolveTimeout,
			Spoiler:      cfg.SpoilerSolutions,
		}),
		limits:  newUserLimits(cfg.UserRate, cfg.UserBurst),
		seen:    newSeenSet(4096),
		notices: make(slots, 2*(cfg.Workers+cfg.Queue)+16),
		noticeQ: make(chan notice, noticeQueue),
		backlog: newBacklog(cfg.ChannelBacklog, maxWaitingReplies),
	}
}

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
// for up to the shutdown grace, closes the session and returns nil. It returns
// an error only when the bot cannot start.
func (b *Bot) Run(ctx context.Context) error {
	// Work outlives ctx by the grace period, then is cancelled.
	work, cancelWork := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelWork()
	b.pool = newPool(b.cfg.Workers, b.cfg.Queue)
	stopNotices := make(chan struct{})
	for range noticeSenders {
		go b.sendNotices(stopNotices)
	}
	defer close(stopNotices)

	removeMsg := b.s.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { b.onMessage(work, m) })
	removeInt := b.s.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { b.onInteraction(work, i) })
	defer removeMsg()
	defer removeInt()
	for _, remove := range b.watchConnection() {
		defer remove()
	}

	if err := b.open(); err != nil {
		b.pool.close()
		return err
	}
	if err := b.registerCommands(ctx); err != nil {
		b.log.Error("slash commands not registered; text commands still work", "err", err)
	}
	b.log.Info("bot ready", "user", b.selfID(), "prefix", b.cfg.Prefix, "workers", b.cfg.Workers, "queue", b.cfg.Queue)

	<-ctx.Done()
	b.shutdown(cancelWork)
	return nil
}

// open connects to the gateway. When Discord refuses the privileged message
// content intent, it connects again without it and says what that means.
func (b *Bot) open() error {
	b.s.Identify.Intents = Intents(b.cfg.MessageContent)
	err := b.s.Open()
	var ce *websocket.CloseError
	if b.cfg.MessageContent && errors.As(err, &ce) && ce.Code == closeDisallowedIntents {
		b.log.Warn("the Message Content intent is not enabled for this application in the Developer Portal: " +
			"text commands in servers will only work when they mention the bot; DMs and slash commands work")
		b.s.Identify.Intents = Intents(false)
		err = b.s.Open()
	}
	if err != nil {
		return fmt.Errorf("connect to discord gateway: %w", err)
	}
	if b.s.Identify.Intents&discordgo.IntentsMessageContent == 0 {
		b.log.Warn("running without the Message Content intent: server messages arrive without text unless they mention the bot")
	}
	return nil
}

// watchConnection logs the gateway's ups and downs, and Discord's rate
// limits, for the operator. It returns the functions that remove its handlers.
func (b *Bot) watchConnection() []func() {
	return []func(){
		b.s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Connect) { b.log.Info("gateway connected") }),
		b.s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) {
			b.stopMu.RLock()
			stopping := b.stopping
			b.stopMu.RUnlock()
			if stopping {
				b.log.Info("gateway closed")
				return
			}
			b.log.Warn("gateway disconnected; discordgo reconnects and resumes by itself")
		}),
		b.s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { b.log.Info("gateway session resumed") }),
		b.s.AddHandler(func(_ *discordgo.Session, r *discordgo.RateLimit) {
			if r.TooManyRequests != nil {
				b.log.Warn("discord rate limit", "url", tokenInURL.ReplaceAllString(r.URL, "${1}[token]"), "retry_after", r.RetryAfter)
			}
		}),
	}
}

// shutdown stops taking commands, waits for those in flight up to the grace
// period, cancels what is left and closes the session.
func (b *Bot) shutdown(cancelWork context.CancelFunc) {
	b.stopMu.Lock()
	b.stopping = true
	b.stopMu.Unlock()
	b.log.Info("stopping: finishing commands in flight", "grace", b.cfg.ShutdownGrace)

	done := make(chan struct{})
	go func() { b.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(b.cfg.ShutdownGrace):
		b.log.Warn("grace period over: cancelling commands still in flight")
		cancelWork()
		<-done
	}
	b.pool.close()
	if err := b.s.Close(); err != nil {
		b.log.Error("close discord session", "err", err)
	}
	b.log.Info("stopped")
}

// begin counts a command in flight, and reports false once the bot is stopping.
func (b *Bot) begin() bool {
	b.stopMu.RLock()
	defer b.stopMu.RUnlock()
	if b.stopping {
		return false
	}
	b.inflight.Add(1)
	return true
}

func (b *Bot) selfID() string {
	if b.s.State == nil {
		return ""
	}
	b.s.State.RLock()
	defer b.s.State.RUnlock()
	if b.s.State.User == nil {
		return ""
	}
	return b.s.State.User.ID
}

func (b *Bot) applicationID() string {
	if b.s.State == nil {
		return ""
	}
	b.s.State.RLock()
	defer b.s.State.RUnlock()
	if b.s.State.Application != nil && b.s.State.Application.ID != "" {
		return b.s.State.Application.ID
	}
	if b.s.State.User != nil {
		return b.s.State.User.ID
	}
	return ""
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
