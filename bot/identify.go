package bot

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// identifyPacer spaces identifies as Discord requires: shard s identifies in
// bucket s % max_concurrency, and each bucket allows one identify every
// interval. It is shared by every shard of the process, for every identify:
// the first ones, and those after Discord invalidated a session.
type identifyPacer struct {
	mu      sync.Mutex
	buckets int
	every   time.Duration
	next    map[int]time.Time // by bucket: no identify before
}

// newIdentifyPacer returns a pacer for maxConcurrency buckets; with
// waitFirst, every bucket's first identify waits one interval from now.
func newIdentifyPacer(maxConcurrency int, every time.Duration, waitFirst bool, now time.Time) *identifyPacer {
	p := &identifyPacer{buckets: maxConcurrency, every: every, next: map[int]time.Time{}}
	if waitFirst {
		for k := range maxConcurrency {
			p.next[k] = now.Add(every)
		}
	}
	return p
}

// take gives shard its bucket's turn if it has come at now, and books the
// bucket until a window later; otherwise it returns how long to wait before
// asking again (another shard may take the turn meanwhile, or an identify
// may move it).
func (p *identifyPacer) take(shard int, now time.Time) time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := shard % p.buckets
	if next := p.next[k]; next.After(now) {
		return next.Sub(now)
	}
	p.next[k] = now.Add(p.every)
	return 0
}

// identified records that one of shard's identifies was sent or answered at
// t: the bucket's next one waits until a window after it. Discord counts an
// identify when it receives it, so the bot records both the write and the
// READY that answers it.
func (p *identifyPacer) identified(shard int, t time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := shard % p.buckets
	if next := t.Add(p.every); next.After(p.next[k]) {
		p.next[k] = next
	}
}

// wait waits for shard's turn to identify, and takes it.
func (p *identifyPacer) wait(ctx context.Context, shard int) error {
	for {
		d := p.take(shard, time.Now())
		if d <= 0 {
			return nil
		}
		if err := sleep(ctx, d); err != nil {
			return err
		}
	}
}

// due waits until shard's bucket may identify, without taking the turn.
func (p *identifyPacer) due(ctx context.Context, shard int) error {
	p.mu.Lock()
	d := time.Until(p.next[shard%p.buckets])
	p.mu.Unlock()
	if d > 0 {
		return sleep(ctx, d)
	}
	return nil
}

// identifyGate is a shard's gateway connection as discordgo's websocket
// writes to it (above TLS). Every identify discordgo sends waits there for
// the shard's turn in the pacer, wherever it comes from: Open on a new
// session, or discordgo's own answer to op 9 INVALID_SESSION, which it
// sends at once, on its own, with no hook. Without the gate, shards whose
// sessions Discord invalidated together identify in the same millisecond,
// are closed with 4008 and retry in lockstep.
type identifyGate struct {
	net.Conn
	ctx   context.Context // the gateway's: the wait ends when the bot stops
	pacer *identifyPacer
	shard int
	// identifying is called before each identify waits.
	identifying func()
}

// Write writes p, after the shard's identify turn when p is an identify.
func (g *identifyGate) Write(p []byte) (int, error) {
	if !isIdentifyFrame(p) {
		return g.Conn.Write(p)
	}
	g.identifying()
	if err := g.pacer.wait(g.ctx, g.shard); err != nil {
		return 0, fmt.Errorf("wait for shard %d's identify turn: %w", g.shard, err)
	}
	n, err := g.Conn.Write(p)
	g.pacer.identified(g.shard, time.Now())
	return n, err
}

// identifyPayload is how discordgo's identify (op 2) begins: it encodes
// struct{Op int `json:"op"`; Data Identify `json:"d"`}.
var identifyPayload = []byte(`{"op":2,`)

// isIdentifyFrame reports whether p begins a client websocket text frame
// (masked, uncompressed, RFC 6455 §5.2) whose payload is an identify.
// gorilla/websocket writes a small frame, header and payload, in one Write.
func isIdentifyFrame(p []byte) bool {
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
	if len(p) < off+len(identifyPayload) {
		return false
	}
	for i, c := range identifyPayload {
		if p[off+i]^key[i%4] != c {
			return false
		}
	}
	return true
}

// gatewayDialer returns a copy of d whose connections go through the
// shard's identify gate (until ctx ends) and report their TCP connection to
// the shard (for its round-trip time). It makes the TLS connection itself
// (gorilla's NetDialTLSContext), so that the gate sees the websocket frames
// and not their encryption, and therefore also the proxy's CONNECT, which
// gorilla would otherwise send inside that TLS connection.
func (sh *shard) gatewayDialer(ctx context.Context, d websocket.Dialer) *websocket.Dialer {
	tcp := d.NetDialContext
	if tcp == nil {
		tcp = (&net.Dialer{}).DialContext
	}
	proxy, conf := d.Proxy, d.TLSClientConfig
	connect := func(dctx context.Context, addr string, secure bool) (net.Conn, error) {
		c, err := dialVia(dctx, tcp, proxy, addr, secure)
		if err != nil {
			return nil, err
		}
		sh.mu.Lock()
		sh.conn = c
		sh.mu.Unlock()
		if secure {
			if c, err = handshakeTLS(dctx, c, conf, addr); err != nil {
				return nil, err
			}
		}
		return &identifyGate{Conn: c, ctx: ctx, pacer: sh.b.pacer, shard: sh.id, identifying: sh.identifying}, nil
	}
	d.Proxy, d.NetDial = nil, nil
	d.NetDialContext = func(dctx context.Context, _, addr string) (net.Conn, error) { return connect(dctx, addr, false) }
	d.NetDialTLSContext = func(dctx context.Context, _, addr string) (net.Conn, error) { return connect(dctx, addr, true) }
	return &d
}

// handshakeTLS makes c a TLS connection to addr's host, with conf.
func handshakeTLS(ctx context.Context, c net.Conn, conf *tls.Config, addr string) (net.Conn, error) {
	if conf == nil {
		conf = &tls.Config{}
	} else {
		conf = conf.Clone()
	}
	if conf.ServerName == "" {
		host, _, err := net.SplitHostPort(addr)
		if err != nil {
			host = addr
		}
		conf.ServerName = host
	}
	tc := tls.Client(c, conf)
	if err := tc.HandshakeContext(ctx); err != nil {
		c.Close()
		return nil, fmt.Errorf("tls handshake with the gateway %s: %w", addr, err)
	}
	return tc, nil
}

// dialVia connects to addr, through the proxy that proxy names for it
// (HTTPS_PROXY for a secure gateway, HTTP_PROXY otherwise): an HTTP proxy's
// CONNECT, or SOCKS5's, as gorilla/websocket does itself.
func dialVia(ctx context.Context, tcp func(context.Context, string, string) (net.Conn, error),
	proxy func(*http.Request) (*url.URL, error), addr string, secure bool) (net.Conn, error) {
	var via *url.URL
	if proxy != nil {
		scheme := "http"
		if secure {
			scheme = "https"
		}
		u, err := proxy(&http.Request{Method: http.MethodGet, URL: &url.URL{Scheme: scheme, Host: addr}, Header: http.Header{}})
		if err != nil {
			return nil, fmt.Errorf("proxy for the gateway %s: %w", addr, err)
		}
		via = u
	}
	if via == nil {
		return tcp(ctx, "tcp", addr)
	}
	tunnel, port := proxyConnect, "80"
	switch via.Scheme {
	case "http":
	case "socks5", "socks5h":
		tunnel, port = socksConnect, "1080"
	default:
		return nil, fmt.Errorf("proxy for the gateway %s: %s:// proxies are not supported, only http:// and socks5://", addr, via.Scheme)
	}
	host := via.Host
	if via.Port() == "" {
		host = net.JoinHostPort(via.Hostname(), port)
	}
	c, err := tcp(ctx, "tcp", host)
	if err != nil {
		return nil, fmt.Errorf("connect to the proxy %s: %w", host, err)
	}
	if err := tunnel(ctx, c, via, addr); err != nil {
		c.Close()
		return nil, fmt.Errorf("proxy %s to the gateway %s: %w", host, addr, err)
	}
	return c, nil
}

// proxyConnect asks the HTTP proxy on c for a tunnel to addr.
func proxyConnect(ctx context.Context, c net.Conn, via *url.URL, addr string) error {
	if deadline, ok := ctx.Deadline(); ok {
		if err := c.SetDeadline(deadline); err != nil {
			return err
		}
		defer c.SetDeadline(time.Time{})
	}
	req := &http.Request{Method: http.MethodConnect, URL: &url.URL{Opaque: addr}, Host: addr, Header: http.Header{}}
	if u := via.User; u != nil {
		pw, _ := u.Password()
		req.Header.Set("Proxy-Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(u.Username()+":"+pw)))
	}
	if err := req.Write(c); err != nil {
		return err
	}
	r := bufio.NewReader(c)
	resp, err := http.ReadResponse(r, req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("CONNECT answered %s", resp.Status)
	}
	if r.Buffered() > 0 {
		return errors.New("the proxy sent data before the tunnel was used")
	}
	return nil
}

// socksConnect asks the SOCKS5 proxy on c (RFC 1928; user and password,
// RFC 1929, when via has them) for a connection to addr, named by host
// name: the proxy resolves it.
func socksConnect(ctx context.Context, c net.Conn, via *url.URL, addr string) error {
	if deadline, ok := ctx.Deadline(); ok {
		if err := c.SetDeadline(deadline); err != nil {
			return err
		}
		defer c.SetDeadline(time.Time{})
	}
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	port, err := net.LookupPort("tcp", portText)
	if err != nil || len(host) > 255 {
		return fmt.Errorf("bad gateway address %q", addr)
	}
	method := byte(0x00) // no authentication
	if via.User != nil {
		method = 0x02 // user and password
	}
	if _, err := c.Write([]byte{5, 1, method}); err != nil {
		return err
	}
	var resp [2]byte
	if _, err := io.ReadFull(c, resp[:]); err != nil {
		return err
	}
	if resp[0] != 5 || resp[1] != method {
		return fmt.Errorf("SOCKS5 proxy refused the authentication method %d (answered %d)", method, resp[1])
	}
	if method == 0x02 {
		user := via.User.Username()
		pw, _ := via.User.Password()
		if len(user) > 255 || len(pw) > 255 {
			return errors.New("SOCKS5 user or password longer than 255 bytes")
		}
		auth := append([]byte{1, byte(len(user))}, user...)
		auth = append(append(auth, byte(len(pw))), pw...)
		if _, err := c.Write(auth); err != nil {
			return err
		}
		if _, err := io.ReadFull(c, resp[:]); err != nil {
			return err
		}
		if resp[1] != 0 {
			return errors.New("SOCKS5 proxy refused the user and password")
		}
	}
	req := append([]byte{5, 1, 0, 3, byte(len(host))}, host...)
	req = append(req, byte(port>>8), byte(port))
	if _, err := c.Write(req); err != nil {
		return err
	}
	var head [4]byte
	if _, err := io.ReadFull(c, head[:]); err != nil {
		return err
	}
	if head[1] != 0 {
		return fmt.Errorf("SOCKS5 proxy could not connect (reply %d)", head[1])
	}
	var skip int
	switch head[3] {
	case 1:
		skip = 4
	case 4:
		skip = 16
	case 3:
		var n [1]byte
		if _, err := io.ReadFull(c, n[:]); err != nil {
			return err
		}
		skip = int(n[0])
	default:
		return fmt.Errorf("SOCKS5 proxy answered address type %d", head[3])
	}
	_, err = io.ReadFull(c, make([]byte, skip+2)) // bound address and port
	return err
}
