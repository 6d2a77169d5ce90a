package discordtest

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Default identities used by the fake unless overridden with options. They
// are valid-looking snowflakes so that code parsing ids keeps working.
const (
	// DefaultToken is the bot token the fake accepts (sent as "Bot " + token).
	DefaultToken = "discordtest-token"
	// DefaultBotID is the user id of the bot user (also the application id).
	DefaultBotID = "1000000000000000001"
	// DefaultBotName is the username of the bot user.
	DefaultBotName = "SudokuBot"
	// DefaultAppID is the application id (equal to the bot id, as on Discord).
	DefaultAppID = DefaultBotID
	// DefaultGuildID is the guild the bot is in.
	DefaultGuildID = "2000000000000000001"
	// DefaultChannelID is a text channel in DefaultGuildID.
	DefaultChannelID = "3000000000000000001"
	// DefaultDMChannelID is the DM channel between DefaultUserID and the bot.
	DefaultDMChannelID = "3000000000000000002"
	// DefaultUserID is the human user who writes messages and runs commands.
	DefaultUserID = "4000000000000000001"
	// DefaultUserName is the username of DefaultUserID.
	DefaultUserName = "alice"
)

// DefaultHeartbeatInterval is the heartbeat interval announced in HELLO unless
// WithHeartbeatInterval is given. It is long, as on Discord (41.25 s):
// discordgo sends one heartbeat right after connecting anyway, and short
// intervals make a busy -race run reconnect spuriously (discordgo gives up on
// a connection after 5 intervals without an ack).
const DefaultHeartbeatInterval = 41250 * time.Millisecond

type config struct {
	token             string
	botID             string
	botName           string
	appID             string
	guildIDs          []string
	heartbeat         time.Duration
	filterIntents     bool
	disallowedIntents discordgo.Intent
	echo              bool
	verbose           bool
	interactionTTL    time.Duration
	replayBuffer      int
	recordLimit       int
	shards            int           // recommended shards in GET /gateway/bot
	maxConcurrency    int           // max_concurrency in GET /gateway/bot
	identifyWindow    time.Duration // identify rate limit per max_concurrency bucket, 0 = not enforced
	requiredShards    int           // fewer shards than this: close 4011
	editLimit         int           // WithEditRateLimit: edits per message per editWindow, 0 = none
	editWindow        time.Duration
	nonceWindow       time.Duration // WithNonceWindow: how long an enforced nonce is remembered
	onMessage         func(SentMessage)
}

// WithMessageHook calls f with every message the fake records (posted,
// edited, an interaction's answer), as it records it, under the fake's lock:
// f must be quick and must not call the Server. With WithRecordLimit, it
// lets a load test see every message while the fake keeps few.
func WithMessageHook(f func(SentMessage)) Option { return func(c *config) { c.onMessage = f } }

// Option configures a Server.
type Option func(*config)

// WithToken sets the bot token the fake accepts (without the "Bot " prefix).
func WithToken(token string) Option { return func(c *config) { c.token = token } }

// WithBotUser sets the bot user's id and username.
func WithBotUser(id, username string) Option {
	return func(c *config) { c.botID, c.botName = id, username }
}

// WithApplicationID sets the application id sent in READY and accepted in
// command and webhook routes.
func WithApplicationID(id string) Option { return func(c *config) { c.appID = id } }

// WithGuilds sets the guilds the bot is in (default: DefaultGuildID). READY
// lists them as unavailable and a GUILD_CREATE follows for each, as on Discord
// (only if the session asked for the GUILDS intent).
func WithGuilds(ids ...string) Option {
	return func(c *config) { c.guildIDs = append([]string(nil), ids...) }
}

// WithHeartbeatInterval sets the heartbeat_interval announced in HELLO.
func WithHeartbeatInterval(d time.Duration) Option { return func(c *config) { c.heartbeat = d } }

// WithoutIntentFiltering delivers every dispatch as given. By default the fake
// applies Discord's intent rules per session: MESSAGE_CREATE in a guild needs
// GUILD_MESSAGES, in a DM DIRECT_MESSAGES, and without MESSAGE_CONTENT the
// content, embeds, attachments and components of guild messages are blanked
// unless the bot wrote the message or is mentioned in it.
func WithoutIntentFiltering() Option { return func(c *config) { c.filterIntents = false } }

// WithDisallowedIntents makes an identify asking for any of these intents fail
// with close code 4014 (Disallowed intents), as when a privileged intent is not
// enabled in the developer portal.
func WithDisallowedIntents(mask discordgo.Intent) Option {
	return func(c *config) { c.disallowedIntents = mask }
}

// WithEchoMessages makes the fake dispatch a MESSAGE_CREATE (authored by the
// bot) for every channel message the bot creates, as Discord does. The bot is
// expected to ignore its own messages.
func WithEchoMessages() Option { return func(c *config) { c.echo = true } }

// WithVerbose logs every request and gateway frame with tb.Logf.
func WithVerbose() Option { return func(c *config) { c.verbose = true } }

// WithInteractionDeadline makes interaction callbacks later than d after the
// INTERACTION_CREATE dispatch fail with 404 Unknown interaction (code 10062),
// like Discord's 3 second limit. Zero (the default) disables the check.
func WithInteractionDeadline(d time.Duration) Option {
	return func(c *config) { c.interactionTTL = d }
}

// DefaultReplayBuffer is how many dispatches per session the fake keeps for
// replay on resume, unless WithReplayBuffer is given. Events the client
// acknowledged in a heartbeat are forgotten earlier.
const DefaultReplayBuffer = 10000

// WithReplayBuffer sets how many dispatches per session are kept for replay
// (n <= 0: unlimited). A resume that needs an event no longer kept is refused
// with op 9 (false), as Discord does when its buffer is exceeded.
func WithReplayBuffer(n int) Option { return func(c *config) { c.replayBuffer = n } }

// WithRecordLimit keeps only the last n requests, sent messages, edits and
// modals, the last max(n, 1000) interactions and member messages, and the
// last max(n, 200) messages' states (MessageNow) (n <= 0: all, the
// default), so that a soak test of hundreds of thousands of commands
// measures the bot's memory, not the fake's. Counts (MessageCount,
// RequestCount) and the Wait functions still see everything; Messages,
// Requests and RequestsFor return what is kept.
func WithRecordLimit(n int) Option { return func(c *config) { c.recordLimit = n } }

// WithShards sets the number of shards GET /gateway/bot recommends (default
// 1). Sessions that identify with a shard [id, count] get the dispatches of
// that shard only, as on Discord: a guild's events go to shard
// (guild_id >> 22) % count, DMs to shard 0. See ShardFor.
func WithShards(n int) Option { return func(c *config) { c.shards = n } }

// WithMaxConcurrency sets session_start_limit.max_concurrency in GET
// /gateway/bot (default 1): identifies allowed per identify window, one per
// bucket shard_id % max_concurrency.
func WithMaxConcurrency(n int) Option { return func(c *config) { c.maxConcurrency = n } }

// WithIdentifyWindow enforces Discord's identify rate limit: two identifies
// in the same bucket (shard_id % max_concurrency) less than d apart are a
// violation, recorded (IdentifyViolations) and answered with close 4008
// (Rate limited). Discord's window is 5 s; zero (the default) does not check.
func WithIdentifyWindow(d time.Duration) Option { return func(c *config) { c.identifyWindow = d } }

// WithRequiredShards makes an identify with fewer than n shards (or none)
// fail with close 4011 (Sharding required), as Discord does when a shard
// would carry more than 2,500 servers.
func WithRequiredShards(n int) Option { return func(c *config) { c.requiredShards = n } }

// DefaultNonceWindow is how long the fake remembers an enforced nonce
// unless WithNonceWindow is given: Discord says "the past few minutes".
const DefaultNonceWindow = 5 * time.Minute

// WithNonceWindow sets how long a message created with a nonce and
// enforce_nonce is returned again for a create with the same nonce, instead
// of a new message (as Discord does for a few minutes).
func WithNonceWindow(d time.Duration) Option { return func(c *config) { c.nonceWindow = d } }

// Server is a fake Discord REST API and gateway bound to 127.0.0.1. Create it
// with New; all methods are safe for concurrent use. Methods taking a
// testing.TB and failing the test (Wait*, NoMoreMessages, AssertClean) must be
// called from the test goroutine.
type Server struct {
	tb   testing.TB
	cfg  config
	http *httptest.Server
	addr string // 127.0.0.1:port

	lastID atomic.Uint64

	mu      sync.Mutex
	changed chan struct{} // closed and replaced whenever recorded state changes
	closed  bool
	done    chan struct{}  // closed by Close
	gwWG    sync.WaitGroup // gateway connection goroutines
	// closing counts the Close calls of sessions made by Session that are
	// still under way; Close waits for them (see Server.Close).
	closing sync.WaitGroup

	// gateway state (guarded by mu)
	conns      map[*gwConn]struct{}
	sessions   map[string]*gwSession
	connCount  int
	everReady  bool
	identifies []Identify
	resumes    []Resume
	readies    int
	heartbeats int
	beats      []Beat // HELLOs sent and heartbeats received, the last maxBeats
	noAck      bool
	outage     bool
	revoked    bool // RevokeToken: the token no longer works
	// RejectIdentifies: close code and reason for every identify, 0 = accept
	identifyReject     int
	identifyRejectText string
	gatewayAttempts    []GatewayAttempt
	frames             []GatewayFrame
	lastIdentify       map[int]time.Time // by max_concurrency bucket, for WithIdentifyWindow
	violations         []Identify
	disconnects        []Disconnect

	keyOnce sync.Once
	key     ed25519.PrivateKey // signs requests to interactions endpoints

	// REST state (guarded by mu)
	reqSeq       int
	requests     []*Request
	messages     []SentMessage
	msgTotal     int            // messages ever recorded, kept or not
	routeTotals  map[string]int // requests ever recorded, by route
	ixOrder      []string       // interaction ids in order of dispatch, for WithRecordLimit
	faults       []*faultRule
	limits       map[string]rateLimit
	buckets      map[string]*bucketState
	commands     map[string][]*discordgo.ApplicationCommand // by guild id, "" = global
	interactions map[string]*interactionState               // by interaction id
	byToken      map[string]*interactionState               // by interaction token
	dmChannels   map[string]string                          // recipient id -> channel id
	channelGuild map[string]string                          // channel id -> guild id, learned from dispatches
	threadParent map[string]string                          // thread id -> parent channel id (AddThread)

	// messages as they stand (store.go), edits, modals (guarded by mu)
	store          map[string]*MessageState // by message id
	storeOrder     []string                 // message ids in order of creation, for WithRecordLimit
	edits          []Edit
	editSeq        int
	editWindows    map[string]*editWindow // by message id, for WithEditRateLimit
	editViolations int
	modals         []Modal
	// nonces are the enforced nonces of messages created, by author and
	// nonce (rest.go: enforceNonce), and reusedNonces the creates answered
	// with the message of an earlier one.
	nonces       map[string]nonceEntry
	nonceOrder   []string
	reusedNonces int

	// threads (threads.go, guarded by mu)
	threads     map[string]*Thread
	threadOrder []string
	noThreads   map[string]bool   // ForbidThreads
	memberMsgs  map[string]string // message id -> channel id of MESSAGE_CREATEs dispatched
	memberOrder []string          // for WithRecordLimit

	// dispatched counts, by event name, the dispatches queued or sent to a
	// session by Dispatch and the echoes (Dispatched).
	dispatched map[string]int
}

// New starts a fake Discord on 127.0.0.1 and registers its shutdown with
// tb.Cleanup. Configure a discordgo session with Session, OpenSession or
// Configure.
func New(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	cfg := config{
		token:          DefaultToken,
		botID:          DefaultBotID,
		botName:        DefaultBotName,
		appID:          DefaultAppID,
		guildIDs:       []string{DefaultGuildID},
		heartbeat:      DefaultHeartbeatInterval,
		filterIntents:  true,
		replayBuffer:   DefaultReplayBuffer,
		shards:         1,
		maxConcurrency: 1,
		nonceWindow:    DefaultNonceWindow,
	}
	for _, o := range opts {
		o(&cfg)
	}
	s := &Server{
		tb:           tb,
		cfg:          cfg,
		changed:      make(chan struct{}),
		done:         make(chan struct{}),
		conns:        make(map[*gwConn]struct{}),
		sessions:     make(map[string]*gwSession),
		commands:     make(map[string][]*discordgo.ApplicationCommand),
		interactions: make(map[string]*interactionState),
		byToken:      make(map[string]*interactionState),
		routeTotals:  map[string]int{},
		dmChannels:   map[string]string{DefaultUserID: DefaultDMChannelID},
		channelGuild: map[string]string{DefaultChannelID: DefaultGuildID, DefaultDMChannelID: ""},
		threadParent: map[string]string{},
		store:        map[string]*MessageState{},
		editWindows:  map[string]*editWindow{},
		threads:      map[string]*Thread{},
		noThreads:    map[string]bool{},
		memberMsgs:   map[string]string{},
		dispatched:   map[string]int{},
		nonces:       map[string]nonceEntry{},
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatalf("discordtest: listen on 127.0.0.1: %v", err)
	}
	s.http = httptest.NewUnstartedServer(http.HandlerFunc(s.serveHTTP))
	s.http.Listener.Close()
	s.http.Listener = ln
	s.http.Start()
	s.addr = ln.Addr().String()
	tb.Cleanup(s.Close)
	return s
}

// Close drops every gateway connection and stops the server. It is called
// automatically by tb.Cleanup; calling it again is a no-op.
func (s *Server) Close() {
	// Sessions made by Session close first: a session whose connection the
	// server dropped would reconnect by itself (discordgo's reconnect races
	// with its own heartbeat goroutine), while one that is closing does not.
	closed := make(chan struct{})
	go func() { s.closing.Wait(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(3 * time.Second):
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	close(s.done)
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
		s.detachLocked(c)
	}
	s.notifyLocked()
	s.mu.Unlock()
	for _, c := range conns {
		c.abort()
	}
	s.http.Close()
	// Hijacked websocket handlers are not waited for by httptest; wait here
	// so that nothing touches tb after the test.
	s.gwWG.Wait()
}

// Addr returns the fake's loopback address, "127.0.0.1:port".
func (s *Server) Addr() string { return s.addr }

// URL returns the base URL of the fake's REST API, e.g.
// "http://127.0.0.1:port/api/v9". discordgo does not need it (it uses
// Transport); it is for raw HTTP tests.
func (s *Server) URL() string { return "http://" + s.addr + "/api/v" + discordgo.APIVersion }

// GatewayURL returns the websocket URL the fake announces in GET /gateway and
// in READY's resume_gateway_url.
func (s *Server) GatewayURL() string { return "ws://" + s.addr + "/ws" }

// Token returns the bot token the fake accepts, without the "Bot " prefix.
func (s *Server) Token() string { return s.cfg.token }

// BotID returns the bot user's id.
func (s *Server) BotID() string { return s.cfg.botID }

// AppID returns the application id.
func (s *Server) AppID() string { return s.cfg.appID }

// BotUser returns the bot user as sent in READY and as author of the bot's
// messages.
func (s *Server) BotUser() *discordgo.User {
	return &discordgo.User{ID: s.cfg.botID, Username: s.cfg.botName, Discriminator: "0", Bot: true, Verified: true}
}

// discordHosts are the hosts whose requests Transport sends to the fake.
var discordHosts = map[string]bool{
	"discord.com":        true,
	"www.discord.com":    true,
	"canary.discord.com": true,
	"ptb.discord.com":    true,
	"discordapp.com":     true,
	"www.discordapp.com": true,
}

// ErrRefusedHost is returned (wrapped) by Transport and Dialer for any
// destination that is neither a Discord API host nor the fake itself.
var ErrRefusedHost = errors.New("discordtest: refusing non-Discord destination")

// ErrClosed is returned (wrapped) by Transport and Dialer once the Server is
// closed, so a stale session cannot reach another test's fake.
var ErrClosed = errors.New("discordtest: server closed")

type rewriteTransport struct {
	s    *Server
	base http.RoundTripper
}

func (t *rewriteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	s := t.s
	host := strings.ToLower(req.URL.Hostname())
	if !discordHosts[host] && req.URL.Host != s.addr {
		s.recordRefused(req)
		closeBody(req)
		return nil, fmt.Errorf("%w: %s", ErrRefusedHost, req.URL.Redacted())
	}
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		closeBody(req)
		return nil, fmt.Errorf("%w: %s %s", ErrClosed, req.Method, req.URL.Redacted())
	}
	r2 := req.Clone(req.Context())
	r2.URL.Scheme = "http"
	r2.URL.Host = s.addr
	r2.Host = ""
	r2.Header.Set("X-Discordtest-Original-Host", req.URL.Host)
	return t.base.RoundTrip(r2)
}

func closeBody(req *http.Request) {
	if req.Body != nil {
		_ = req.Body.Close()
	}
}

// Transport returns an http.RoundTripper that sends requests for Discord's
// API hosts (discord.com, discordapp.com and their www/canary/ptb variants)
// to the fake over plain HTTP on 127.0.0.1, and fails every other request
// with ErrRefusedHost (recorded, see Unexpected). base performs the rewritten
// requests; nil means a dedicated transport that can only dial the fake and
// never uses a proxy.
func (s *Server) Transport(base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = &http.Transport{
			Proxy:               nil,
			DialContext:         s.dialContext,
			MaxIdleConnsPerHost: 64,
			IdleConnTimeout:     30 * time.Second,
		}
	}
	return &rewriteTransport{s: s, base: base}
}

// HTTPClient returns an *http.Client using Transport(nil) and a 10 s timeout.
func (s *Server) HTTPClient() *http.Client {
	return &http.Client{Transport: s.Transport(nil), Timeout: 10 * time.Second}
}

func (s *Server) dialContext(ctx context.Context, network, address string) (net.Conn, error) {
	if address != s.addr {
		return nil, fmt.Errorf("%w: dial %s %s", ErrRefusedHost, network, address)
	}
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return nil, fmt.Errorf("%w: dial %s", ErrClosed, address)
	}
	var d net.Dialer
	return d.DialContext(ctx, "tcp4", address)
}

// Dialer returns a websocket dialer for discordgo's Session.Dialer that can
// only connect to the fake's own address (anything else fails with
// ErrRefusedHost) and never uses a proxy.
func (s *Server) Dialer() *websocket.Dialer {
	return &websocket.Dialer{
		NetDialContext:   s.dialContext,
		Proxy:            nil,
		HandshakeTimeout: 10 * time.Second,
	}
}

// Configure points an existing session at the fake: it replaces
// sess.Client (Transport(nil), 10 s timeout) and sess.Dialer. Call it before
// sess.Open. The session's token must be "Bot " + Token() for REST calls and
// identify to succeed.
func (s *Server) Configure(sess *discordgo.Session) {
	sess.Client = s.HTTPClient()
	sess.Dialer = s.Dialer()
}

// Session returns a new, not yet opened discordgo session with token
// "Bot "+Token(), the given identify intents, and Client and Dialer pointing
// at the fake. On test cleanup it closes the session (discordgo's Close
// sleeps one second), and the server's own cleanup waits for that close (3 s
// at most) before it drops the connections: a session whose connection is
// dropped under it would reconnect by itself.
func (s *Server) Session(tb testing.TB, intents discordgo.Intent) *discordgo.Session {
	tb.Helper()
	sess, err := discordgo.New("Bot " + s.cfg.token)
	if err != nil {
		tb.Fatalf("discordtest: discordgo.New: %v", err)
	}
	sess.Identify.Intents = intents
	s.Configure(sess)
	tb.Cleanup(func() {
		s.closing.Add(1)
		go func() {
			defer s.closing.Done()
			_ = sess.Close()
		}()
	})
	return sess
}

// OpenSession is Session followed by Open; it fails the test if Open fails.
// When it returns, READY has been processed (sess.State.User is set).
func (s *Server) OpenSession(tb testing.TB, intents discordgo.Intent) *discordgo.Session {
	tb.Helper()
	sess := s.Session(tb, intents)
	if err := sess.Open(); err != nil {
		tb.Fatalf("discordtest: session Open: %v", err)
	}
	return sess
}

// StopSession closes sess in a background goroutine, because discordgo's
// Session.Close holds the session for one second. Session registers it as a
// cleanup; call it yourself for sessions set up with Configure. A closed
// session does not reconnect by itself (its reader sees that the
// connection is no longer the session's). ShouldReconnectOnError is left
// alone: discordgo reads it without the lock, from a reader goroutine that
// may be reconnecting at that moment.
func StopSession(sess *discordgo.Session) {
	go func() { _ = sess.Close() }()
}

// notifyLocked wakes every waiter; s.mu must be held.
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

func (s *Server) logf(format string, args ...any) {
	if s.cfg.verbose {
		s.tb.Logf("discordtest: "+format, args...)
	}
}

// discordEpoch is the first millisecond of 2015, the epoch of snowflakes.
const discordEpoch = 1420070400000

// NewID returns a fresh snowflake id, unique and increasing within this
// Server, with the current time in its timestamp bits.
func (s *Server) NewID() string {
	for {
		last := s.lastID.Load()
		next := uint64(time.Now().UnixMilli()-discordEpoch) << 22
		if next <= last {
			next = last + 1
		}
		if s.lastID.CompareAndSwap(last, next) {
			return fmt.Sprint(next)
		}
	}
}

// WaitUntil waits until cond returns true, re-evaluating it whenever the
// fake records something (a request, a gateway frame, a connection change),
// and fails the test with desc after timeout. cond is called without the
// Server's lock held, so it may call any Server method except the Wait ones.
func (s *Server) WaitUntil(tb testing.TB, timeout time.Duration, desc string, cond func() bool) {
	tb.Helper()
	if !s.waitFor(timeout, cond) {
		tb.Fatalf("discordtest: timed out after %v waiting for %s\n%s", timeout, desc, s.Summary())
	}
}

// waitFor reports whether cond became true within timeout.
func (s *Server) waitFor(timeout time.Duration, cond func() bool) bool {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if cond() {
			return true
		}
		select {
		case <-ch:
		case <-timer.C:
			return cond()
		}
	}
}
