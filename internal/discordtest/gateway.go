package discordtest

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Gateway opcodes used by the fake.
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opResume         = 6
	opReconnect      = 7
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatAck   = 11
)

// Gateway close codes the fake sends.
const (
	closeUnknownOpcode     = 4001
	closeDecodeError       = 4002
	closeAlreadyAuthed     = 4005
	closeAuthFailed        = 4004
	closeInvalidSeq        = 4007
	closeSessionTimedOut   = 4009
	closeDisallowedIntents = 4014
	closeRateLimited       = 4008
	closeInvalidShard      = 4010
	closeShardingRequired  = 4011
)

// gwSession is a gateway session: created by identify, survives its
// connection, and can be resumed on another one.
type gwSession struct {
	id      string
	shard   [2]int // [shard_id, num_shards]; [0, 1] without sharding
	intents discordgo.Intent
	seq     int64
	log     []loggedEvent // every dispatch, for replay on resume
	dropped int           // events dropped from the front of log since it was last copied
	conn    *gwConn       // nil while the client is away
	invalid bool          // cannot be resumed any more
}

type loggedEvent struct {
	seq   int64
	name  string
	frame []byte
}

// gwConn is one websocket connection.
type gwConn struct {
	id       int
	s        *Server
	ws       *websocket.Conn
	version  string
	encoding string
	session  *gwSession // guarded by s.mu
	reason   string     // why the server ended it, guarded by s.mu
	beats    int        // heartbeats received, guarded by s.mu

	qmu   sync.Mutex
	queue []outFrame
	wake  chan struct{}

	done      chan struct{}
	abortOnce sync.Once
}

type outFrame struct {
	data      []byte
	isClose   bool
	closeCode int
	closeText string
}

type serverFrame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  *string         `json:"t"`
}

func encodeFrame(op int, d any, seq int64, name string) []byte {
	var raw json.RawMessage
	switch v := d.(type) {
	case json.RawMessage:
		raw = v
	case []byte:
		raw = v
	default:
		b, err := json.Marshal(d)
		if err != nil {
			panic(fmt.Sprintf("discordtest: encoding op %d: %v", op, err))
		}
		raw = b
	}
	f := serverFrame{Op: op, D: raw}
	if op == opDispatch {
		f.S = &seq
		f.T = &name
	}
	b, err := json.Marshal(f)
	if err != nil {
		panic(fmt.Sprintf("discordtest: encoding frame: %v", err))
	}
	return b
}

func (c *gwConn) send(data []byte) { c.push(outFrame{data: data}) }

func (c *gwConn) sendClose(code int, text string) {
	c.push(outFrame{isClose: true, closeCode: code, closeText: text})
}

func (c *gwConn) push(f outFrame) {
	c.qmu.Lock()
	c.queue = append(c.queue, f)
	c.qmu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// abort closes the TCP connection without a close frame.
func (c *gwConn) abort() {
	c.abortOnce.Do(func() {
		close(c.done)
		_ = c.ws.Close()
	})
}

func (c *gwConn) writeLoop() {
	for {
		select {
		case <-c.wake:
		case <-c.done:
			return
		}
		for {
			c.qmu.Lock()
			q := c.queue
			c.queue = nil
			c.qmu.Unlock()
			if len(q) == 0 {
				break
			}
			for _, f := range q {
				deadline := time.Now().Add(10 * time.Second)
				if f.isClose {
					_ = c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(f.closeCode, f.closeText), deadline)
					c.abort()
					return
				}
				_ = c.ws.SetWriteDeadline(deadline)
				if err := c.ws.WriteMessage(websocket.TextMessage, f.data); err != nil {
					c.abort()
					return
				}
				c.s.logf("conn %d -> %s", c.id, truncate(string(f.data), 300))
			}
		}
	}
}

var upgrader = websocket.Upgrader{
	CheckOrigin:     func(*http.Request) bool { return true },
	ReadBufferSize:  4096,
	WriteBufferSize: 4096,
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // Upgrade has answered with an HTTP error
	}
	ws.SetReadLimit(4 << 20)
	c := &gwConn{
		s:        s,
		ws:       ws,
		version:  r.URL.Query().Get("v"),
		encoding: r.URL.Query().Get("encoding"),
		wake:     make(chan struct{}, 1),
		done:     make(chan struct{}),
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		_ = ws.Close()
		return
	}
	s.connCount++
	c.id = s.connCount
	s.conns[c] = struct{}{}
	s.gwWG.Add(2)
	s.notifyLocked()
	s.mu.Unlock()
	defer s.gwWG.Done()

	go func() {
		defer s.gwWG.Done()
		c.writeLoop()
	}()
	s.mu.Lock()
	s.beatLocked(Beat{Conn: c.id, Time: time.Now(), Hello: true})
	s.mu.Unlock()
	c.send(encodeFrame(opHello, map[string]any{"heartbeat_interval": s.cfg.heartbeat.Milliseconds()}, 0, ""))

	closeCode := c.readLoop()
	c.abort()

	s.mu.Lock()
	if sess := c.session; sess != nil && (closeCode == websocket.CloseNormalClosure || closeCode == websocket.CloseGoingAway) {
		// As on Discord: closing with 1000 or 1001 ends the session.
		sess.invalid = true
	}
	s.detachLocked(c)
	delete(s.conns, c)
	d := Disconnect{Conn: c.id, Time: time.Now(), CloseCode: closeCode, Reason: c.reason}
	if c.reason != "" {
		d.ByServer = true
	} else if closeCode != 0 {
		d.Reason = "client sent close frame"
	} else {
		d.Reason = "connection lost"
	}
	s.disconnects = append(s.disconnects, d)
	s.notifyLocked()
	s.mu.Unlock()
	s.logf("conn %d ended: %s (close code %d)", c.id, d.Reason, closeCode)
}

// readLoop handles client frames until the connection ends and returns the
// close code the client sent, if any.
func (c *gwConn) readLoop() int {
	s := c.s
	for {
		_, data, err := c.ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Code
			}
			return 0
		}
		s.logf("conn %d <- %s", c.id, truncate(string(data), 300))
		var f struct {
			Op *int            `json:"op"`
			D  json.RawMessage `json:"d"`
		}
		if err := json.Unmarshal(data, &f); err != nil || f.Op == nil {
			s.closeConn(c, closeDecodeError, "Decode error")
			continue
		}
		switch *f.Op {
		case opHeartbeat:
			s.onHeartbeat(c, f.D)
		case opIdentify:
			s.onIdentify(c, f.D)
		case opResume:
			s.onResume(c, f.D)
		case 3, 4, 8, 31:
			s.mu.Lock()
			s.frames = append(s.frames, GatewayFrame{Conn: c.id, Time: time.Now(), Op: *f.Op, Data: f.D})
			s.notifyLocked()
			s.mu.Unlock()
		default:
			s.mu.Lock()
			s.frames = append(s.frames, GatewayFrame{Conn: c.id, Time: time.Now(), Op: *f.Op, Data: f.D})
			s.notifyLocked()
			s.mu.Unlock()
			s.closeConn(c, closeUnknownOpcode, "Unknown opcode")
		}
	}
}

// closeConn sends a close frame and ends the connection; its session stays
// resumable unless the code says otherwise.
func (s *Server) closeConn(c *gwConn, code int, text string) {
	s.mu.Lock()
	if c.reason == "" {
		c.reason = fmt.Sprintf("server sent close %d %s", code, text)
	}
	if sess := c.session; sess != nil && (code == closeInvalidSeq || code == closeSessionTimedOut) {
		sess.invalid = true
	}
	s.detachLocked(c)
	s.mu.Unlock()
	c.sendClose(code, text)
}

func (s *Server) onHeartbeat(c *gwConn, d json.RawMessage) {
	var seq int64
	_ = json.Unmarshal(d, &seq) // null before the first dispatch
	s.mu.Lock()
	s.heartbeats++
	c.beats++
	s.beatLocked(Beat{Conn: c.id, Time: time.Now()})
	if sess := c.session; sess != nil && seq > 0 && seq <= sess.seq {
		// The client has everything up to seq: a resume never needs it again.
		sess.pruneThrough(seq)
	}
	noAck := s.noAck
	s.notifyLocked()
	s.mu.Unlock()
	if !noAck {
		c.send(encodeFrame(opHeartbeatAck, nil, 0, ""))
	}
}

func stripBot(token string) string { return strings.TrimPrefix(token, "Bot ") }

func newSessionID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func (s *Server) onIdentify(c *gwConn, raw json.RawMessage) {
	var d struct {
		Token          string           `json:"token"`
		Intents        discordgo.Intent `json:"intents"`
		Properties     map[string]any   `json:"properties"`
		Compress       bool             `json:"compress"`
		LargeThreshold int              `json:"large_threshold"`
		Shard          *[2]int          `json:"shard"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		s.closeConn(c, closeDecodeError, "Decode error")
		return
	}
	rec := Identify{
		Conn: c.id, Time: time.Now(), Token: d.Token, Intents: d.Intents, Properties: d.Properties,
		Compress: d.Compress, LargeThreshold: d.LargeThreshold, Shard: d.Shard,
		GatewayVersion: c.version, Encoding: c.encoding, Raw: append(json.RawMessage(nil), raw...),
	}
	reject := func(code int, text string) {
		rec.CloseCode = code
		s.mu.Lock()
		s.identifies = append(s.identifies, rec)
		s.notifyLocked()
		s.mu.Unlock()
		s.closeConn(c, code, text)
	}

	s.mu.Lock()
	already, revoked, rejectCode, rejectText := c.session != nil, s.revoked, s.identifyReject, s.identifyRejectText
	s.mu.Unlock()
	switch {
	case already:
		reject(closeAlreadyAuthed, "Already authenticated.")
		return
	case stripBot(d.Token) != s.cfg.token || revoked:
		reject(closeAuthFailed, "Authentication failed.")
		return
	case rejectCode != 0:
		reject(rejectCode, rejectText)
		return
	case d.Shard != nil && (d.Shard[1] < 1 || d.Shard[0] < 0 || d.Shard[0] >= d.Shard[1]):
		reject(closeInvalidShard, "Invalid shard.")
		return
	case s.cfg.requiredShards > 1 && (d.Shard == nil || d.Shard[1] < s.cfg.requiredShards):
		reject(closeShardingRequired, "Sharding required.")
		return
	case !s.identifyAllowed(rec):
		reject(closeRateLimited, "You are being rate limited.")
		return
	case d.Intents&s.cfg.disallowedIntents != 0:
		reject(closeDisallowedIntents, "Disallowed intent(s).")
		return
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	sess := &gwSession{id: newSessionID(), intents: d.Intents, shard: [2]int{0, 1}}
	if d.Shard != nil {
		sess.shard = *d.Shard
	}
	s.sessions[sess.id] = sess
	s.attachLocked(c, sess)
	rec.Accepted = true
	rec.SessionID = sess.id
	s.identifies = append(s.identifies, rec)

	version, _ := strconv.Atoi(c.version)
	if version == 0 {
		version = 10
	}
	guilds := make([]map[string]any, 0, len(s.cfg.guildIDs))
	for _, g := range s.cfg.guildIDs {
		if sess.carries(g) {
			guilds = append(guilds, map[string]any{"id": g, "unavailable": true})
		}
	}
	ready := map[string]any{
		"v":                  version,
		"user":               userJSON(s.BotUser()),
		"guilds":             guilds,
		"session_id":         sess.id,
		"session_type":       "normal",
		"resume_gateway_url": s.GatewayURL(),
		"application":        map[string]any{"id": s.cfg.appID, "flags": 0},
		"private_channels":   []any{},
		"relationships":      []any{},
		"presences":          []any{},
		"user_settings":      map[string]any{},
	}
	if d.Shard != nil {
		ready["shard"] = d.Shard
	}
	s.dispatchToLocked(sess, "READY", mustJSON(ready))
	if d.Intents&discordgo.IntentGuilds != 0 {
		for _, g := range s.cfg.guildIDs {
			if sess.carries(g) {
				s.dispatchToLocked(sess, "GUILD_CREATE", mustJSON(s.guildJSON(g)))
			}
		}
	}
	s.readies++
	s.everReady = true
	s.notifyLocked()
}

func (s *Server) onResume(c *gwConn, raw json.RawMessage) {
	var d struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		s.closeConn(c, closeDecodeError, "Decode error")
		return
	}
	rec := Resume{Conn: c.id, Time: time.Now(), Token: d.Token, SessionID: d.SessionID, Seq: d.Seq, Raw: append(json.RawMessage(nil), raw...)}
	s.mu.Lock()
	revoked := s.revoked
	s.mu.Unlock()
	if stripBot(d.Token) != s.cfg.token || revoked {
		s.mu.Lock()
		s.resumes = append(s.resumes, rec)
		s.notifyLocked()
		s.mu.Unlock()
		s.closeConn(c, closeAuthFailed, "Authentication failed.")
		return
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	sess := s.sessions[d.SessionID]
	if c.session != nil || sess == nil || sess.invalid || d.Seq > sess.seq || d.Seq < 0 || !sess.canReplayFrom(d.Seq) {
		s.resumes = append(s.resumes, rec)
		s.notifyLocked()
		c.send(encodeFrame(opInvalidSession, false, 0, ""))
		return
	}
	if old := sess.conn; old != nil && old != c {
		old.reason = "replaced by a resume on another connection"
		s.detachLocked(old)
		old.abort()
	}
	s.attachLocked(c, sess)
	for _, e := range sess.log {
		if e.seq > d.Seq && e.name != "READY" && e.name != "RESUMED" {
			c.send(e.frame)
			rec.Replayed++
		}
	}
	s.dispatchToLocked(sess, "RESUMED", json.RawMessage(`{}`))
	rec.Accepted = true
	s.resumes = append(s.resumes, rec)
	s.notifyLocked()
}

// identifyAllowed checks an identify against the identify window of its
// max_concurrency bucket, recording a violation.
func (s *Server) identifyAllowed(rec Identify) bool {
	if s.cfg.identifyWindow <= 0 {
		return true
	}
	shard := 0
	if rec.Shard != nil {
		shard = rec.Shard[0]
	}
	bucket := shard % max(s.cfg.maxConcurrency, 1)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lastIdentify == nil {
		s.lastIdentify = map[int]time.Time{}
	}
	if last, ok := s.lastIdentify[bucket]; ok && rec.Time.Sub(last) < s.cfg.identifyWindow {
		s.violations = append(s.violations, rec)
		return false
	}
	s.lastIdentify[bucket] = rec.Time
	return true
}

// IdentifyViolations returns the identifies refused by WithIdentifyWindow.
func (s *Server) IdentifyViolations() []Identify {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Identify(nil), s.violations...)
}

// ShardFor returns the shard that carries guildID among count shards:
// (guild_id >> 22) % count, as Discord computes it. DMs ("") are on shard 0.
func ShardFor(guildID string, count int) int {
	if guildID == "" || count <= 1 {
		return 0
	}
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// carries reports whether the session's shard receives guildID's events.
func (sess *gwSession) carries(guildID string) bool {
	return ShardFor(guildID, sess.shard[1]) == sess.shard[0]
}

func (s *Server) attachLocked(c *gwConn, sess *gwSession) {
	if sess.conn != nil && sess.conn != c {
		sess.conn.session = nil
	}
	sess.conn = c
	c.session = sess
}

// detachLocked separates c from its session: later dispatches for that
// session are queued for replay instead of sent.
func (s *Server) detachLocked(c *gwConn) {
	if sess := c.session; sess != nil {
		if sess.conn == c {
			sess.conn = nil
		}
		c.session = nil
	}
}

// canReplayFrom reports whether every event after seq is still logged.
func (sess *gwSession) canReplayFrom(seq int64) bool {
	if seq == sess.seq {
		return true
	}
	return len(sess.log) > 0 && sess.log[0].seq <= seq+1
}

// pruneThrough forgets logged events with a sequence number <= seq.
func (sess *gwSession) pruneThrough(seq int64) {
	i := 0
	for i < len(sess.log) && sess.log[i].seq <= seq {
		i++
	}
	if i > 0 {
		sess.log = append(sess.log[:0:0], sess.log[i:]...)
	}
}

// dispatchToLocked assigns the next sequence number of sess to the event,
// logs it for replay and sends it if the session is connected.
func (s *Server) dispatchToLocked(sess *gwSession, name string, data json.RawMessage) {
	sess.seq++
	frame := encodeFrame(opDispatch, data, sess.seq, name)
	sess.log = append(sess.log, loggedEvent{seq: sess.seq, name: name, frame: frame})
	if max := s.cfg.replayBuffer; max > 0 && len(sess.log) > max {
		// Forget the oldest; copy only now and then (amortised), not at
		// every dispatch once the buffer is full.
		if sess.dropped++; sess.dropped >= max || len(sess.log) > 2*max {
			sess.log = append(sess.log[:0:0], sess.log[len(sess.log)-max:]...)
			sess.dropped = 0
		} else {
			sess.log = sess.log[1:]
		}
	}
	if sess.conn != nil {
		sess.conn.send(frame)
	}
}

func (s *Server) liveSessionsLocked() int {
	n := 0
	for _, sess := range s.sessions {
		if !sess.invalid {
			n++
		}
	}
	return n
}

// Dispatch sends a gateway dispatch (op 0) named event (e.g. "MESSAGE_CREATE",
// "INTERACTION_CREATE") with data as its d field to every live session,
// applying intent rules (see WithoutIntentFiltering). data may be a map, a
// struct, or json.RawMessage. Sessions whose client is away (dropped,
// reconnecting) get the event queued; it is replayed when they resume.
// Dispatching an INTERACTION_CREATE registers the interaction so that
// callbacks for it are accepted. It returns the number of sessions the event
// was queued or sent to. Dispatching before any session ever identified is a
// test bug and reported with tb.Errorf.
func (s *Server) Dispatch(event string, data any) int {
	raw, err := toJSON(data)
	if err != nil {
		s.tb.Errorf("discordtest: Dispatch %s: %v", event, err)
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.everReady {
		s.tb.Errorf("discordtest: Dispatch %s before any session identified (open the session first)", event)
		return 0
	}
	s.learnLocked(event, raw)
	n := s.dispatchAllLocked(event, raw)
	s.notifyLocked()
	return n
}

func (s *Server) dispatchAllLocked(event string, raw json.RawMessage) int {
	n := 0
	guild := eventGuild(event, raw)
	for _, sess := range s.sessions {
		if sess.invalid || !sess.carries(guild) {
			continue
		}
		out, ok := s.filterLocked(sess, event, raw)
		if !ok {
			continue
		}
		s.dispatchToLocked(sess, event, out)
		n++
	}
	s.dispatched[event] += n
	return n
}

// Dispatched returns how many times events of the given names were queued or
// sent to a session, by Dispatch or as the echo of a message the bot posted
// (an event sent to two sessions counts twice). A test compares it with the
// events its bot has finished handling, to know the bot is done with
// everything sent so far before checking that nothing else followed. Events
// queued for a session that is then invalidated are counted though never
// delivered.
func (s *Server) Dispatched(events ...string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, e := range events {
		n += s.dispatched[e]
	}
	return n
}

// eventGuild returns the guild an event belongs to ("" for DMs and events
// of no guild): guild_id, or id for the GUILD_* events about a guild itself.
func eventGuild(event string, raw json.RawMessage) string {
	var p struct {
		ID      string `json:"id"`
		GuildID string `json:"guild_id"`
	}
	_ = json.Unmarshal(raw, &p)
	if p.GuildID != "" {
		return p.GuildID
	}
	switch event {
	case "GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE":
		return p.ID
	}
	return ""
}

func toJSON(data any) (json.RawMessage, error) {
	switch v := data.(type) {
	case json.RawMessage:
		if !json.Valid(v) {
			return nil, errors.New("invalid JSON")
		}
		return v, nil
	case []byte:
		if !json.Valid(v) {
			return nil, errors.New("invalid JSON")
		}
		return v, nil
	}
	return json.Marshal(data)
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("discordtest: %v", err))
	}
	return b
}

// learnLocked remembers interactions and channel→guild relations from
// dispatched payloads.
func (s *Server) learnLocked(event string, raw json.RawMessage) {
	var p struct {
		ID            string `json:"id"`
		Token         string `json:"token"`
		ApplicationID string `json:"application_id"`
		Type          int    `json:"type"`
		ChannelID     string `json:"channel_id"`
		GuildID       string `json:"guild_id"`
		Message       *struct {
			ID string `json:"id"`
		} `json:"message"`
		User   json.RawMessage `json:"user"`
		Member *struct {
			User json.RawMessage `json:"user"`
		} `json:"member"`
	}
	if json.Unmarshal(raw, &p) != nil {
		return
	}
	if p.ChannelID != "" {
		if _, ok := s.channelGuild[p.ChannelID]; !ok || p.GuildID != "" {
			s.channelGuild[p.ChannelID] = p.GuildID
		}
	}
	if event == "MESSAGE_CREATE" && p.ID != "" && s.store[p.ID] == nil {
		s.memberMsgs[p.ID] = p.ChannelID
		s.memberOrder = append(s.memberOrder, p.ID)
		if n := s.cfg.recordLimit; n > 0 && len(s.memberOrder) > 2*max(n, 1000) {
			cut := len(s.memberOrder) - max(n, 1000)
			for _, id := range s.memberOrder[:cut] {
				delete(s.memberMsgs, id)
			}
			s.memberOrder = append(s.memberOrder[:0:0], s.memberOrder[cut:]...)
		}
	}
	if event == "INTERACTION_CREATE" && p.ID != "" && p.Token != "" {
		st := &interactionState{
			id: p.ID, token: p.Token, appID: p.ApplicationID, typ: p.Type,
			channelID: p.ChannelID, guildID: p.GuildID, created: time.Now(),
		}
		if p.Message != nil {
			st.messageID = p.Message.ID
		}
		st.user = p.User
		if p.Member != nil {
			st.user = p.Member.User
		}
		s.interactions[p.ID] = st
		s.byToken[p.Token] = st
		if n := max(s.cfg.recordLimit, 1000); s.cfg.recordLimit > 0 {
			s.ixOrder = append(s.ixOrder, p.ID)
			if len(s.ixOrder) > 2*n {
				for _, id := range s.ixOrder[:len(s.ixOrder)-n] {
					if old := s.interactions[id]; old != nil {
						delete(s.byToken, old.token)
						delete(s.interactions, id)
					}
				}
				s.ixOrder = append(s.ixOrder[:0:0], s.ixOrder[len(s.ixOrder)-n:]...)
			}
		}
	}
}

// eventIntent returns the intent Discord requires for event, given whether
// the payload is in a guild; 0 means none.
func eventIntent(event string, inGuild bool) discordgo.Intent {
	pick := func(guild, dm discordgo.Intent) discordgo.Intent {
		if inGuild {
			return guild
		}
		return dm
	}
	switch {
	case event == "MESSAGE_CREATE" || event == "MESSAGE_UPDATE" || event == "MESSAGE_DELETE" || event == "MESSAGE_DELETE_BULK":
		return pick(discordgo.IntentGuildMessages, discordgo.IntentDirectMessages)
	case strings.HasPrefix(event, "MESSAGE_REACTION_"):
		return pick(discordgo.IntentGuildMessageReactions, discordgo.IntentDirectMessageReactions)
	case event == "TYPING_START":
		return pick(discordgo.IntentGuildMessageTyping, discordgo.IntentDirectMessageTyping)
	case strings.HasPrefix(event, "GUILD_MEMBER_") && event != "GUILD_MEMBERS_CHUNK":
		return discordgo.IntentGuildMembers
	case event == "PRESENCE_UPDATE":
		return discordgo.IntentGuildPresences
	case strings.HasPrefix(event, "GUILD_") && !strings.HasPrefix(event, "GUILD_MEMBERS_CHUNK"),
		strings.HasPrefix(event, "CHANNEL_"), strings.HasPrefix(event, "THREAD_"):
		return discordgo.IntentGuilds
	}
	return 0
}

// filterLocked applies Discord's intent rules for sess to a dispatch.
func (s *Server) filterLocked(sess *gwSession, event string, raw json.RawMessage) (json.RawMessage, bool) {
	if !s.cfg.filterIntents {
		return raw, true
	}
	var p struct {
		GuildID string `json:"guild_id"`
		Author  *struct {
			ID string `json:"id"`
		} `json:"author"`
		Mentions []struct {
			ID string `json:"id"`
		} `json:"mentions"`
	}
	_ = json.Unmarshal(raw, &p)
	inGuild := p.GuildID != ""
	if need := eventIntent(event, inGuild); need != 0 && sess.intents&need == 0 {
		return nil, false
	}
	if (event != "MESSAGE_CREATE" && event != "MESSAGE_UPDATE") || !inGuild || sess.intents&discordgo.IntentMessageContent != 0 {
		return raw, true
	}
	if p.Author != nil && p.Author.ID == s.cfg.botID {
		return raw, true
	}
	for _, m := range p.Mentions {
		if m.ID == s.cfg.botID {
			return raw, true
		}
	}
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return raw, true
	}
	m["content"] = ""
	m["embeds"] = []any{}
	m["attachments"] = []any{}
	m["components"] = []any{}
	delete(m, "poll")
	return mustJSON(m), true
}

// Connections returns how many gateway websocket connections were accepted.
func (s *Server) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.connCount
}

// Heartbeats returns how many heartbeats (op 1) were received.
func (s *Server) Heartbeats() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.heartbeats
}

// maxBeats bounds the heartbeats kept for Beats.
const maxBeats = 10000

func (s *Server) beatLocked(b Beat) {
	if len(s.beats) >= 2*maxBeats {
		s.beats = append(s.beats[:0], s.beats[len(s.beats)-maxBeats:]...)
	}
	s.beats = append(s.beats, b)
}

// Beats returns, in order, the HELLOs the fake sent and the heartbeats it
// received (the last 10,000 or more), to measure how long a connection went
// without a heartbeat.
func (s *Server) Beats() []Beat {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Beat(nil), s.beats...)
}

// Identifies returns every identify received, accepted or not.
func (s *Server) Identifies() []Identify {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Identify(nil), s.identifies...)
}

// Resumes returns every resume received, accepted or not.
func (s *Server) Resumes() []Resume {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Resume(nil), s.resumes...)
}

// GatewayFrames returns client frames other than heartbeat, identify and
// resume (presence updates, member requests, unknown opcodes).
func (s *Server) GatewayFrames() []GatewayFrame {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]GatewayFrame(nil), s.frames...)
}

// Disconnects returns the gateway connections that ended, in order.
func (s *Server) Disconnects() []Disconnect {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Disconnect(nil), s.disconnects...)
}

// Connected reports whether some live session currently has a connection
// (after READY or RESUMED was sent on it).
func (s *Server) Connected() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sess := range s.sessions {
		if !sess.invalid && sess.conn != nil {
			return true
		}
	}
	return false
}

// WaitConnected waits until Connected is true; it fails the test after
// timeout.
func (s *Server) WaitConnected(tb testing.TB, timeout time.Duration) {
	tb.Helper()
	s.WaitUntil(tb, timeout, "a connected gateway session", s.Connected)
}

// Settled reports whether some live session is connected and its client has
// sent a heartbeat on that connection, which discordgo does right after Open
// (or a reconnect) completes. See WaitSettled.
func (s *Server) Settled() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sess := range s.sessions {
		if !sess.invalid && sess.conn != nil && sess.conn.beats > 0 {
			return true
		}
	}
	return false
}

// WaitSettled waits until Settled is true; it fails the test after timeout.
// Call it before injecting a gateway fault right after a (re)connection:
// discordgo's first heartbeat write races with a close of the new
// connection, and if the write loses, two reconnect loops run and events can
// be lost (NOTES.md, "double reconnect").
func (s *Server) WaitSettled(tb testing.TB, timeout time.Duration) {
	tb.Helper()
	s.WaitUntil(tb, timeout, "a settled gateway connection (heartbeat received)", s.Settled)
}

// WaitIdentifies waits until at least n identifies were accepted (READY
// sent) and returns all identifies received; it fails the test after timeout.
func (s *Server) WaitIdentifies(tb testing.TB, n int, timeout time.Duration) []Identify {
	tb.Helper()
	return waitAccepted(s, tb, timeout, fmt.Sprintf("%d accepted identify(s)", n), n, s.Identifies,
		func(id Identify) bool { return id.Accepted })
}

// WaitResumes waits until at least n resumes were accepted (missed events
// replayed, RESUMED sent) and returns all resumes received; it fails the
// test after timeout.
func (s *Server) WaitResumes(tb testing.TB, n int, timeout time.Duration) []Resume {
	tb.Helper()
	return waitAccepted(s, tb, timeout, fmt.Sprintf("%d accepted resume(s)", n), n, s.Resumes,
		func(r Resume) bool { return r.Accepted })
}

// waitAccepted waits until at least n of the records list returns are
// accepted, and returns them all; it fails the test with desc after timeout.
func waitAccepted[T any](s *Server, tb testing.TB, timeout time.Duration, desc string, n int, list func() []T, accepted func(T) bool) []T {
	tb.Helper()
	var got []T
	s.WaitUntil(tb, timeout, desc, func() bool {
		got = list()
		k := 0
		for _, r := range got {
			if accepted(r) {
				k++
			}
		}
		return k >= n
	})
	return got
}

// DropConnections closes every gateway connection abruptly (TCP close, no
// close frame), as a network failure would. Sessions stay resumable; events
// dispatched until the client resumes are queued and replayed. It returns the
// number of connections dropped.
func (s *Server) DropConnections() int {
	s.mu.Lock()
	var conns []*gwConn
	for c := range s.conns {
		c.reason = "dropped by test"
		s.detachLocked(c)
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		c.abort()
	}
	return len(conns)
}

// DropShard closes abruptly (as DropConnections does) the connections of the
// sessions of one shard, leaving the other shards connected. It returns the
// number of connections dropped.
func (s *Server) DropShard(shard int) int {
	s.mu.Lock()
	var conns []*gwConn
	for c := range s.conns {
		if c.session != nil && c.session.shard[0] == shard {
			c.reason = fmt.Sprintf("shard %d dropped by test", shard)
			s.detachLocked(c)
			conns = append(conns, c)
		}
	}
	s.mu.Unlock()
	for _, c := range conns {
		c.abort()
	}
	return len(conns)
}

// SendReconnect sends op 7 RECONNECT on every connection that carries a
// session, and from then on queues that session's events for replay on
// resume. It returns the number of connections told to reconnect.
func (s *Server) SendReconnect() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for c := range s.conns {
		if c.session == nil {
			continue
		}
		s.detachLocked(c)
		c.send(encodeFrame(opReconnect, nil, 0, ""))
		n++
	}
	return n
}

// InvalidateSession sends op 9 INVALID_SESSION with d = resumable on every
// connection that carries a session. With resumable false every session
// (connected or not) becomes invalid: events queued for it are lost and any
// later resume is answered with op 9 false, so the client must identify
// anew. It returns the number of connections notified.
func (s *Server) InvalidateSession(resumable bool) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for c := range s.conns {
		if c.session == nil {
			continue
		}
		s.detachLocked(c)
		c.send(encodeFrame(opInvalidSession, resumable, 0, ""))
		n++
	}
	if !resumable {
		for _, sess := range s.sessions {
			sess.invalid = true
		}
	}
	s.notifyLocked()
	return n
}

// CloseConnections sends a close frame with code and reason on every
// gateway connection and ends it. Codes 4007 and 4009 also invalidate the
// session (a resume will be refused), as on Discord. It returns the number
// of connections closed.
func (s *Server) CloseConnections(code int, reason string) int {
	s.mu.Lock()
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		s.closeConn(c, code, reason)
	}
	return len(conns)
}

// RevokeToken makes the fake behave as Discord after the bot's token was
// reset in the Developer Portal: every gateway connection is closed with 4004
// (Authentication failed), and every later identify, resume or authenticated
// REST request with the old token is refused (4004, 401).
func (s *Server) RevokeToken() {
	s.mu.Lock()
	s.revoked = true
	conns := make([]*gwConn, 0, len(s.conns))
	for c := range s.conns {
		conns = append(conns, c)
	}
	s.mu.Unlock()
	for _, c := range conns {
		s.closeConn(c, closeAuthFailed, "Authentication failed.")
	}
}

// RejectIdentifies makes every later identify fail with close code (4010
// invalid shard, 4011 sharding required, 4012 invalid API version, 4013
// invalid intents...) and reason; code 0 accepts identifies again. Resumes
// are not affected.
func (s *Server) RejectIdentifies(code int, reason string) {
	s.mu.Lock()
	s.identifyReject, s.identifyRejectText = code, reason
	s.mu.Unlock()
}

// StartOutage makes the fake behave as Discord in an outage: every gateway
// connection is dropped (sessions stay resumable, their events are queued),
// and until EndOutage every gateway connection attempt and every REST request
// is answered 503 Service Unavailable (recorded as GatewayAttempts with
// Refused set, and as faulted Requests).
func (s *Server) StartOutage() {
	s.mu.Lock()
	s.outage = true
	s.mu.Unlock()
	s.DropConnections()
}

// EndOutage ends an outage begun by StartOutage.
func (s *Server) EndOutage() {
	s.mu.Lock()
	s.outage = false
	s.notifyLocked()
	s.mu.Unlock()
}

// GatewayAttempts returns every gateway connection attempt, refused during
// an outage or not.
func (s *Server) GatewayAttempts() []GatewayAttempt {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]GatewayAttempt(nil), s.gatewayAttempts...)
}

// SetHeartbeatAcks turns heartbeat acknowledgements (op 11) on or off. With
// acks off the connection looks dead ("zombied") to the client: discordgo
// reconnects after 5 heartbeat intervals without an ack.
func (s *Server) SetHeartbeatAcks(enabled bool) {
	s.mu.Lock()
	s.noAck = !enabled
	s.mu.Unlock()
}
