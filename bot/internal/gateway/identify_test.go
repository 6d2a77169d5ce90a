package gateway

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// TestIdentifyGateOverTLSAndProxy: Discord's gateway is wss://, maybe
// behind an HTTPS_PROXY. The shard's dialer makes the tunnel (CONNECT) and
// the TLS connection itself, so the identify gate still sees the frames:
// two shards of one bucket that identify at once reach the server a window
// apart, while their heartbeats pass at once.
func TestIdentifyGateOverTLSAndProxy(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"http", "socks5"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			identifyThroughProxy(t, kind)
		})
	}
}

func identifyThroughProxy(t *testing.T, kind string) {
	// The window is long beside what a busy machine costs a goroutine
	// waiting to run (the server's read of a frame, the writer's turn), so
	// that the bounds below, half a window each way, measure the gate and
	// not the scheduler.
	const window = time.Second
	type frame struct {
		op int
		at time.Time
	}
	var (
		mu     sync.Mutex
		frames []frame
	)
	upgrader := websocket.Upgrader{}
	gw := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := upgrader.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer c.Close()
		for {
			var f struct{ Op int }
			if err := c.ReadJSON(&f); err != nil {
				return
			}
			mu.Lock()
			frames = append(frames, frame{f.Op, time.Now()})
			mu.Unlock()
		}
	}))
	defer gw.Close()

	var connects atomic.Int32
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, gwPort, _ := net.SplitHostPort(gw.Listener.Addr().String())
		if r.Method != http.MethodConnect || r.Host != "example.com:"+gwPort {
			http.Error(w, "want CONNECT to the gateway", http.StatusBadRequest)
			return
		}
		connects.Add(1)
		up, err := net.Dial("tcp", gw.Listener.Addr().String())
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		c, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			up.Close()
			return
		}
		io.WriteString(c, "HTTP/1.1 200 Connection established\r\n\r\n")
		go func() { io.Copy(up, c); up.Close() }()
		io.Copy(c, up)
		c.Close()
	}))
	defer proxy.Close()
	proxyURL, _ := url.Parse(proxy.URL)
	if kind == "socks5" {
		proxyURL = socksProxy(t, "sudoku", "p@ss", func(atyp byte, host string, port int) (net.Conn, error) {
			_, gwPort, _ := net.SplitHostPort(gw.Listener.Addr().String())
			if atyp != 3 || host != "example.com" || strconv.Itoa(port) != gwPort {
				return nil, fmt.Errorf("want the gateway, not %s:%d", host, port)
			}
			connects.Add(1)
			return net.Dial("tcp", gw.Listener.Addr().String())
		})
	}

	roots := x509.NewCertPool()
	roots.AddCert(gw.Certificate())
	b := &Gateway{cfg: Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, pacer: newIdentifyPacer(1, paced(window), false, time.Now())} // as Start makes it
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The URL names the test certificate's host, which only the proxy
	// resolves (to the server on 127.0.0.1); the bot dials the proxy alone.
	_, port, _ := net.SplitHostPort(gw.Listener.Addr().String())
	gwURL := "wss://example.com:" + port + "/?v=10"
	dial := func(id int) *websocket.Conn {
		sh := &shard{gw: b, id: id, log: b.cfg.Log}
		d := sh.gatewayDialer(ctx, websocket.Dialer{
			TLSClientConfig: &tls.Config{RootCAs: roots},
			Proxy:           func(*http.Request) (*url.URL, error) { return proxyURL, nil },
			NetDialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
				if addr != proxyURL.Host {
					t.Errorf("dialled %s, want the proxy %s", addr, proxyURL.Host)
				}
				return (&net.Dialer{}).DialContext(ctx, network, addr)
			},
		})
		c, _, err := d.Dial(gwURL, nil)
		if err != nil {
			t.Fatalf("dial through the proxy: %v", err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	conns := []*websocket.Conn{dial(0), dial(1)}
	var wg sync.WaitGroup
	for i, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := c.WriteJSON(map[string]any{"op": 1, "d": nil}); err != nil {
				t.Error(err)
			}
			id := struct {
				Op int             `json:"op"`
				D  json.RawMessage `json:"d"`
			}{2, json.RawMessage(`{"token":"Bot x","shard":[` + string(rune('0'+i)) + `,2]}`)}
			if err := c.WriteJSON(id); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	deadline := time.Now().Add(wait)
	for {
		mu.Lock()
		n := len(frames)
		got := append([]frame(nil), frames...)
		mu.Unlock()
		if n == 4 {
			var identifies, beats []time.Time
			for _, f := range got {
				if f.op == 2 {
					identifies = append(identifies, f.at)
				} else {
					beats = append(beats, f.at)
				}
			}
			if len(identifies) != 2 {
				t.Fatalf("frames %+v", got)
			}
			// The server's times are when its goroutines read the frames,
			// late by however long each waited to run (tens of ms under
			// -race on a busy machine, more for a connection just
			// upgraded): the gate spaces the writes paced(window) apart
			// (the pacer's tests check the spacing itself), and half the
			// window is left for that wait.
			if gap := identifies[1].Sub(identifies[0]); gap < window/2 {
				t.Errorf("two identifies of one bucket %v apart, want about %v", gap, window)
			}
			if gap := beats[1].Sub(beats[0]); gap > window/2 {
				t.Errorf("heartbeats %v apart: the gate held back a frame that is no identify", gap)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d frames reached the gateway, want 4", n)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if n := connects.Load(); n != 2 {
		t.Errorf("%d CONNECTs, want one per connection", n)
	}
}

// socksProxy serves SOCKS5 (RFC 1928) on 127.0.0.1 with user and password
// (RFC 1929), connecting to what dial gives for the address asked for, of
// type atyp (1 IPv4, 3 host name, 4 IPv6).
func socksProxy(t *testing.T, user, pw string, dial func(atyp byte, host string, port int) (net.Conn, error)) *url.URL {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	serve := func(c net.Conn) error {
		defer c.Close()
		r := bufio.NewReader(c)
		var b [262]byte
		if _, err := io.ReadFull(r, b[:2]); err != nil || b[0] != 5 {
			return fmt.Errorf("greeting %v %v", b[:2], err)
		}
		if _, err := io.ReadFull(r, b[:b[1]]); err != nil || !bytes.Contains(b[:b[1]], []byte{2}) {
			return errors.New("no user/password method offered")
		}
		c.Write([]byte{5, 2})
		if _, err := io.ReadFull(r, b[:2]); err != nil {
			return err
		}
		u := make([]byte, b[1])
		io.ReadFull(r, u)
		io.ReadFull(r, b[:1])
		p := make([]byte, b[0])
		io.ReadFull(r, p)
		if string(u) != user || string(p) != pw {
			c.Write([]byte{1, 1})
			return errors.New("bad user or password")
		}
		c.Write([]byte{1, 0})
		if _, err := io.ReadFull(r, b[:4]); err != nil || b[0] != 5 || b[1] != 1 {
			return fmt.Errorf("request %v %v: want CONNECT", b[:4], err)
		}
		var host string
		switch b[3] {
		case 1, 4:
			ip := make([]byte, 4)
			if b[3] == 4 {
				ip = make([]byte, 16)
			}
			if _, err := io.ReadFull(r, ip); err != nil {
				return err
			}
			a, _ := netip.AddrFromSlice(ip)
			host = a.String()
		case 3:
			if _, err := io.ReadFull(r, b[:1]); err != nil {
				return err
			}
			name := make([]byte, b[0])
			if _, err := io.ReadFull(r, name); err != nil {
				return err
			}
			host = string(name)
		default:
			return fmt.Errorf("address type %d", b[3])
		}
		if _, err := io.ReadFull(r, b[:2]); err != nil {
			return err
		}
		port := int(b[0])<<8 | int(b[1])
		up, err := dial(b[3], host, port)
		if err != nil {
			c.Write([]byte{5, 4, 0, 1, 0, 0, 0, 0, 0, 0})
			return err
		}
		defer up.Close()
		c.Write([]byte{5, 0, 0, 1, 127, 0, 0, 1, 0, 0})
		go io.Copy(up, r)
		io.Copy(c, up)
		return nil
	}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				if err := serve(c); err != nil {
					t.Errorf("socks5 proxy: %v", err)
				}
			}()
		}
	}()
	return &url.URL{Scheme: "socks5", Host: l.Addr().String(), User: url.UserPassword(user, pw)}
}

// TestIdentifyGateWaitEndsOnClose: an identify waiting in the gate for its
// turn ends at once, and gives the turn up, when its connection is closed
// or the shard abandons it (before discordgo's Close, which needs the write
// lock that the identify holds).
func TestIdentifyGateWaitEndsOnClose(t *testing.T) {
	t.Parallel()
	for _, how := range []string{"close", "abandon"} {
		t.Run(how, func(t *testing.T) {
			t.Parallel()
			const every = 3 * time.Second
			b := &Gateway{cfg: Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, pacer: newIdentifyPacer(1, every, false, time.Now())}
			b.pacer.book(1, time.Now()) // shard 1 has the bucket's turn now, shard 0 the next
			c, server := net.Pipe()
			defer server.Close()
			go io.Copy(io.Discard, server)
			g := newIdentifyGate(context.Background(), c, &shard{gw: b, id: 0, log: b.cfg.Log})
			defer g.Close()
			done := make(chan error, 1)
			go func() {
				_, err := g.Write(clientFrame(websocket.TextMessage, []byte(`{"op":2,"d":{"token":"Bot x"}}`), [4]byte{1, 2, 3, 4}))
				done <- err
			}()
			poll(t, "the identify to wait for its turn", func() bool { _, ok := b.pacer.turnOf(0); return ok })
			begin := time.Now()
			if how == "close" {
				g.Close()
			} else {
				g.abandon()
			}
			select {
			case err := <-done:
				if !errors.Is(err, errGateClosed) {
					t.Errorf("Write = %v, want errGateClosed", err)
				}
				if took := time.Since(begin); took >= every {
					t.Errorf("the identify's wait ended %v after the %s", took, how)
				}
			case <-time.After(2 * every):
				t.Fatalf("the identify still waits %v after the %s", 2*every, how)
			}
			if _, ok := b.pacer.turnOf(0); ok {
				t.Error("the shard kept its turn")
			}
		})
	}
}

// TestHelloInterval: the gate reads the heartbeat interval from HELLO,
// after the HTTP response, however the bytes arrive, and gives up on
// anything else.
func TestHelloInterval(t *testing.T) {
	resp := "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"
	frame := func(payload string) string {
		f := []byte{0x81}
		if n := len(payload); n < 126 {
			f = append(f, byte(n))
		} else {
			f = append(f, 126, byte(n>>8), byte(n))
		}
		return string(f) + payload
	}
	hello := frame(`{"t":null,"s":null,"op":10,"d":{"heartbeat_interval":41250,"_trace":["[\"gateway-prd\"]"]}}`)
	all := resp + hello + frame(`{"op":0}`)
	for i := range len(resp + hello) {
		if iv, done := helloInterval([]byte(all[:i])); done {
			t.Fatalf("done after %d of %d bytes (interval %v)", i, len(resp+hello), iv)
		}
	}
	if iv, done := helloInterval([]byte(all)); !done || iv != 41250*time.Millisecond {
		t.Errorf("interval %v (done %v), want 41.25s", iv, done)
	}
	long := frame(`{"op":10,"d":{"heartbeat_interval":100,"_trace":["` + strings.Repeat("x", 300) + `"]}}`)
	if iv, done := helloInterval([]byte(resp + long)); !done || iv != 100*time.Millisecond {
		t.Errorf("a HELLO of %d bytes: interval %v (done %v)", len(long), iv, done)
	}
	for name, b := range map[string]string{
		"another op":    resp + frame(`{"op":11}`),
		"binary":        resp + "\x82\x02{}",
		"no response":   strings.Repeat("x", maxHello+1),
		"bad interval":  resp + frame(`{"op":10,"d":{"heartbeat_interval":0}}`),
		"not json":      resp + frame(`op 10`),
		"8-byte length": resp + "\x81\x7f",
	} {
		if iv, done := helloInterval([]byte(b)); !done || iv != 0 {
			t.Errorf("%s: interval %v (done %v), want none", name, iv, done)
		}
	}
}

// TestProxyHandshakeCancelled: a proxy that never answers holds the dial no
// longer than its context: cancelling it ends the CONNECT or the SOCKS5
// handshake.
func TestProxyHandshakeCancelled(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go func() { io.Copy(io.Discard, c); c.Close() }() // reads, never answers
		}
	}()
	for _, scheme := range []string{"http", "socks5"} {
		t.Run(scheme, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(100*time.Millisecond, cancel)
			via := &url.URL{Scheme: scheme, Host: l.Addr().String()}
			done := make(chan error, 1)
			go func() {
				c, err := dialVia(ctx, (&net.Dialer{}).DialContext, func(*http.Request) (*url.URL, error) { return via, nil },
					"gateway.discord.gg:443", true)
				if err == nil {
					c.Close()
				}
				done <- err
			}()
			select {
			case err := <-done:
				if err == nil {
					t.Fatal("dialled through a proxy that never answered")
				}
			case <-time.After(3 * time.Second):
				t.Fatal("the handshake still waits 3 s after it began; the context was cancelled after 100ms")
			}
		})
	}
}

// TestSocksAddressTypes: an IP address goes to the SOCKS5 proxy as an
// address (it may not resolve names), a host name as a name; a reply of
// another version is refused.
func TestSocksAddressTypes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		addr string
		atyp byte
		host string
	}{
		{"127.0.0.1:443", 1, "127.0.0.1"},
		{"[2001:db8::1]:443", 4, "2001:db8::1"},
		{"gateway.discord.gg:443", 3, "gateway.discord.gg"},
	} {
		var gotType byte
		var got string
		via := socksProxy(t, "u", "p", func(atyp byte, host string, port int) (net.Conn, error) {
			gotType, got = atyp, host
			a, b := net.Pipe()
			go func() { io.Copy(io.Discard, b); b.Close() }()
			return a, nil
		})
		c, err := dialVia(context.Background(), (&net.Dialer{}).DialContext, func(*http.Request) (*url.URL, error) { return via, nil }, tc.addr, true)
		if err != nil {
			t.Errorf("%s: %v", tc.addr, err)
			continue
		}
		c.Close()
		if gotType != tc.atyp || got != tc.host {
			t.Errorf("%s went to the proxy as type %d %q, want type %d %q", tc.addr, gotType, got, tc.atyp, tc.host)
		}
	}

	// A proxy that answers the request as SOCKS4 would.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		var b [64]byte
		c.Read(b[:3])
		c.Write([]byte{5, 0})
		c.Read(b[:])
		c.Write([]byte{4, 0, 0, 1, 127, 0, 0, 1, 0, 0})
		io.Copy(io.Discard, c)
	}()
	via := &url.URL{Scheme: "socks5", Host: l.Addr().String()}
	_, err = dialVia(context.Background(), (&net.Dialer{}).DialContext, func(*http.Request) (*url.URL, error) { return via, nil }, "127.0.0.1:443", true)
	if err == nil || !strings.Contains(err.Error(), "version 4") {
		t.Errorf("a reply of version 4: %v, want an error naming the version", err)
	}
}

// TestGatewayDialerLegacyNetDial: a dialer that only has the legacy NetDial
// (no NetDialContext) still dials through it.
func TestGatewayDialerLegacyNetDial(t *testing.T) {
	t.Parallel()
	upgrader := websocket.Upgrader{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c, err := upgrader.Upgrade(w, r, nil); err == nil {
			c.Close()
		}
	}))
	defer srv.Close()
	var dialled atomic.Int32
	b := &Gateway{cfg: Config{Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, pacer: newIdentifyPacer(1, time.Second, false, time.Now())}
	sh := &shard{gw: b, log: b.cfg.Log}
	d := sh.gatewayDialer(context.Background(), websocket.Dialer{NetDial: func(network, addr string) (net.Conn, error) {
		dialled.Add(1)
		return net.Dial(network, addr)
	}})
	c, _, err := d.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if dialled.Load() != 1 {
		t.Errorf("the dialer's NetDial was called %d times, want once", dialled.Load())
	}
}
