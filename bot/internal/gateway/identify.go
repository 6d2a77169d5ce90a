package gateway

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"slices"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/bot/internal/rest"
)

// identifyPacer hands out identify turns as Discord requires: shard s
// identifies in bucket s % max_concurrency, and each bucket allows one
// identify every interval. It is shared by every shard of the process, for
// every identify: the first ones, and those after Discord invalidated a
// session.
//
// Turns are booked first come, first served: a shard that asks is given the
// bucket's first free turn at once, so it knows how long it will wait, and
// keeps that turn until it identifies or gives the turn up, across a
// reconnection too. An identify sent late pushes the turns booked after it
// (keeping their order), so that every two identifies of a bucket are an
// interval apart however late each one is.
type identifyPacer struct {
	mu      sync.Mutex
	buckets int
	every   time.Duration
	last    map[int]time.Time // by bucket: the last identify sent or answered
	queue   map[int][]*turn   // by bucket: turns booked and not used yet, in order
}

// turn is a shard's booked turn to identify.
type turn struct {
	shard int
	at    time.Time
}

// newIdentifyPacer returns a pacer for maxConcurrency buckets; with
// waitFirst, every bucket's first identify waits one interval from now.
func newIdentifyPacer(maxConcurrency int, every time.Duration, waitFirst bool, now time.Time) *identifyPacer {
	p := &identifyPacer{buckets: maxConcurrency, every: every, last: map[int]time.Time{}, queue: map[int][]*turn{}}
	if waitFirst {
		for k := range maxConcurrency {
			p.last[k] = now
		}
	}
	return p
}

// book returns shard's turn: the one it booked before, or else its bucket's
// first free turn (none before now), which it books.
func (p *identifyPacer) book(shard int, now time.Time) time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.bookLocked(shard, now).at
}

func (p *identifyPacer) bookLocked(shard int, now time.Time) *turn {
	k := shard % p.buckets
	q := p.queue[k]
	for _, t := range q {
		if t.shard == shard {
			return t
		}
	}
	at := now
	if last, ok := p.last[k]; ok {
		at = later(at, last.Add(p.every))
	}
	if n := len(q); n > 0 {
		at = later(at, q[n-1].at.Add(p.every))
	}
	t := &turn{shard: shard, at: at}
	p.queue[k] = append(q, t)
	return t
}

// claim takes shard's turn (booking one if it has none) and reports true
// when the turn has come at now; otherwise it returns when the turn comes
// (a turn only moves later). Two shards never take turns of a bucket less
// than an interval apart.
func (p *identifyPacer) claim(shard int, now time.Time) (time.Time, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	t := p.bookLocked(shard, now)
	if t.at.After(now) {
		return t.at, false
	}
	p.identifiedLocked(shard, now)
	return now, true
}

// identified records that one of shard's identifies was sent or answered at
// t: its turn is used, and the bucket's next identifies wait until a window
// after t. Discord counts an identify when it receives it, so the bot
// records both the write and the READY that answers it.
func (p *identifyPacer) identified(shard int, t time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.identifiedLocked(shard, t)
}

func (p *identifyPacer) identifiedLocked(shard int, t time.Time) {
	k := shard % p.buckets
	p.removeLocked(shard)
	if t.After(p.last[k]) {
		p.last[k] = t
	}
	prev := p.last[k]
	for _, b := range p.queue[k] {
		b.at = later(b.at, prev.Add(p.every))
		prev = b.at
	}
}

// cancel gives up shard's booked turn, if it has one: it will not identify
// (it resumed its session, or it stops).
func (p *identifyPacer) cancel(shard int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.removeLocked(shard)
}

func (p *identifyPacer) removeLocked(shard int) {
	k := shard % p.buckets
	p.queue[k] = slices.DeleteFunc(p.queue[k], func(t *turn) bool { return t.shard == shard })
}

// turnOf returns shard's booked turn, and false when it has none.
func (p *identifyPacer) turnOf(shard int) (time.Time, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, t := range p.queue[shard%p.buckets] {
		if t.shard == shard {
			return t.at, true
		}
	}
	return time.Time{}, false
}

// due waits until lead before shard's booked turn, so that it dials in time
// for it; without a booked turn it returns at once.
func (p *identifyPacer) due(ctx context.Context, shard int, lead time.Duration) error {
	for {
		at, ok := p.turnOf(shard)
		if !ok {
			return nil
		}
		d := time.Until(at.Add(-lead))
		if d <= 0 {
			return nil
		}
		if err := rest.Sleep(ctx, d); err != nil {
			return err
		}
	}
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// unknownHeartbeatWait bounds an identify's wait on a connection whose
// heartbeat interval is not known (Discord's is about 41 s).
const unknownHeartbeatWait = 10 * time.Second

// errGateClosed: the connection was closed while its identify waited.
var errGateClosed = errors.New("the gateway connection was closed")

// identifyGate is a shard's gateway connection as discordgo's websocket
// writes to it (above TLS). Every identify discordgo sends waits there for
// the shard's turn in the pacer, wherever it comes from: Open on a new
// session, or discordgo's own answer to op 9 INVALID_SESSION, which it
// sends at once, on its own, with no hook. Without the gate, shards whose
// sessions Discord invalidated together identify in the same millisecond,
// are closed with 4008 and retry in lockstep.
//
// discordgo writes the identify holding its write lock, which its heartbeats
// need too (and, in Open, its session lock). So an identify waits in the
// gate only while no heartbeat falls due: until a fifth of the heartbeat
// interval (from HELLO, read on the way in) before the next one. A turn
// further off is kept: the gate closes the connection instead, discordgo's
// write fails, and the shard's supervisor reconnects in time for the turn
// (a resume answered with op 9 leads to the identify). Discord thus never
// sees a connection go silent, which it would drop, identifies and all.
type identifyGate struct {
	net.Conn
	ctx context.Context // the gateway's: the wait ends when the bot stops
	sh  *shard

	stop     chan struct{} // closed by Close or abandon: waits end
	stopOnce sync.Once

	mu       sync.Mutex
	sniff    []byte        // what was read before HELLO, while looking for it
	sniffed  bool          // HELLO was found, or will not be
	hello    time.Time     // when HELLO came
	interval time.Duration // heartbeat interval from HELLO, 0 if not known
	beat     time.Time     // last heartbeat written
}

func newIdentifyGate(ctx context.Context, c net.Conn, sh *shard) *identifyGate {
	return &identifyGate{Conn: c, ctx: ctx, sh: sh, stop: make(chan struct{})}
}

// Read reads from the connection, and looks for HELLO's heartbeat interval.
func (g *identifyGate) Read(p []byte) (int, error) {
	n, err := g.Conn.Read(p)
	if n > 0 {
		var found time.Duration
		g.mu.Lock()
		if !g.sniffed {
			g.sniff = append(g.sniff, p[:n]...)
			iv, done := helloInterval(g.sniff)
			if done {
				g.sniffed, g.sniff = true, nil
				g.hello, g.interval, found = time.Now(), iv, iv
			}
		}
		g.mu.Unlock()
		if found > 0 {
			g.sh.heartbeatInterval(found)
		}
	}
	return n, err
}

// Write writes p, after the shard's identify turn when p is an identify.
func (g *identifyGate) Write(p []byte) (int, error) {
	switch {
	case isClientFrame(p, identifyPayload):
		return g.identify(p)
	case isClientFrame(p, heartbeatPayload):
		g.mu.Lock()
		g.beat = time.Now()
		g.mu.Unlock()
	}
	return g.Conn.Write(p)
}

// Close closes the connection, ending an identify's wait on it.
func (g *identifyGate) Close() error {
	g.abandon()
	return g.Conn.Close()
}

// abandon ends an identify's wait on the connection and refuses later
// identifies, leaving the connection open (for a close frame).
func (g *identifyGate) abandon() { g.stopOnce.Do(func() { close(g.stop) }) }

func (g *identifyGate) identify(p []byte) (int, error) {
	g.sh.identifying()
	if err := g.waitTurn(); err != nil {
		return 0, err
	}
	n, err := g.Conn.Write(p)
	g.sh.gw.pacer.identified(g.sh.id, time.Now())
	return n, err
}

// waitTurn waits for the shard's identify turn, on this connection while no
// heartbeat falls due; a turn further off closes the connection (the turn
// stays booked, for the reconnection).
func (g *identifyGate) waitTurn() error {
	pacer, id := g.sh.gw.pacer, g.sh.id
	for {
		select {
		case <-g.stop:
			pacer.cancel(id)
			return fmt.Errorf("shard %d's identify: %w", id, errGateClosed)
		default:
		}
		now := time.Now()
		at, ok := pacer.claim(id, now)
		if ok {
			return nil
		}
		if at.After(g.waitLimit(now)) {
			g.sh.deferIdentify(at.Sub(now))
			g.Close()
			return fmt.Errorf("shard %d's identify turn is in %v, after its next heartbeat: reconnecting in time for it",
				id, at.Sub(now).Round(time.Millisecond))
		}
		t := time.NewTimer(at.Sub(now))
		select {
		case <-t.C:
		case <-g.stop:
			t.Stop()
			pacer.cancel(id)
			return fmt.Errorf("wait for shard %d's identify turn: %w", id, errGateClosed)
		case <-g.ctx.Done():
			t.Stop()
			pacer.cancel(id)
			return fmt.Errorf("wait for shard %d's identify turn: %w", id, g.ctx.Err())
		}
	}
}

// waitLimit returns until when an identify may wait on the connection
// without holding back a heartbeat: a fifth of the heartbeat interval before
// the next is due (an interval after the last one, or after HELLO), or
// unknownHeartbeatWait from now when the interval is not known.
func (g *identifyGate) waitLimit(now time.Time) time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.interval <= 0 {
		return now.Add(unknownHeartbeatWait)
	}
	return later(g.hello, g.beat).Add(g.interval - g.interval/5)
}

// maxHello bounds what the gate reads looking for HELLO: the HTTP response
// that upgrades the connection, then HELLO, are far shorter.
const maxHello = 16 << 10

// helloInterval finds the heartbeat interval in the start of what the
// gateway sends: the HTTP response that upgrades the connection, then HELLO
// (op 10) in a text frame, unmasked as a server's are (RFC 6455 §5.2). done
// is false while it needs more bytes; once done, iv is 0 if b has no
// HELLO.
func helloInterval(b []byte) (iv time.Duration, done bool) {
	end := bytes.Index(b, []byte("\r\n\r\n"))
	if end < 0 {
		return 0, len(b) > maxHello
	}
	f := b[end+4:]
	if len(f) < 2 {
		return 0, false
	}
	if f[0] != 0x80|websocket.TextMessage || f[1]&0x80 != 0 {
		return 0, true // not a whole, uncompressed text frame from a server
	}
	n, off := int(f[1]), 2
	switch n {
	case 126:
		if len(f) < 4 {
			return 0, false
		}
		n, off = int(binary.BigEndian.Uint16(f[2:])), 4
	case 127:
		return 0, true
	}
	if n > maxHello {
		return 0, true
	}
	if len(f) < off+n {
		return 0, false
	}
	var h struct {
		Op int `json:"op"`
		D  struct {
			HeartbeatInterval int64 `json:"heartbeat_interval"`
		} `json:"d"`
	}
	if json.Unmarshal(f[off:off+n], &h) != nil || h.Op != 10 || h.D.HeartbeatInterval <= 0 {
		return 0, true
	}
	return time.Duration(h.D.HeartbeatInterval) * time.Millisecond, true
}

// identifyPayload is how discordgo's identify (op 2) begins: it encodes
// struct{Op int `json:"op"`; Data Identify `json:"d"`}; heartbeatPayload,
// its heartbeat (op 1), struct{Op int `json:"op"`; Data int64 `json:"d"`}.
var (
	identifyPayload  = []byte(`{"op":2,`)
	heartbeatPayload = []byte(`{"op":1,`)
)

// isIdentifyFrame reports whether p begins a client websocket text frame
// whose payload is an identify.
func isIdentifyFrame(p []byte) bool { return isClientFrame(p, identifyPayload) }

// isClientFrame reports whether p begins a client websocket text frame
// (masked, uncompressed, RFC 6455 §5.2) whose payload begins with prefix.
// gorilla/websocket writes a small frame, header and payload, in one Write.
func isClientFrame(p, prefix []byte) bool {
	if len(p) < 2 || p[0]&0x0f != websocket.TextMessage || p[0]&0x40 != 0 {
		return false
	}
	off := 2
	switch p[1] & 0x7f {
	case 126:
		off += 2
	case 127:
		off += 8
	}
	var key [4]byte
	if p[1]&0x80 != 0 {
		if len(p) < off+4 {
			return false
		}
		copy(key[:], p[off:])
		off += 4
	}
	if len(p) < off+len(prefix) {
		return false
	}
	for i, c := range prefix {
		if p[off+i]^key[i%4] != c {
			return false
		}
	}
	return true
}
