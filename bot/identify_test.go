package bot

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
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/internal/discordtest"
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
	const window = 300 * time.Millisecond
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
		proxyURL = socksProxy(t, "sudoku", "p@ss", func(host string, port int) (net.Conn, error) {
			_, gwPort, _ := net.SplitHostPort(gw.Listener.Addr().String())
			if host != "example.com" || strconv.Itoa(port) != gwPort {
				return nil, fmt.Errorf("want the gateway, not %s:%d", host, port)
			}
			connects.Add(1)
			return net.Dial("tcp", gw.Listener.Addr().String())
		})
	}

	roots := x509.NewCertPool()
	roots.AddCert(gw.Certificate())
	b := &Bot{log: slog.New(slog.NewTextHandler(io.Discard, nil)), pacer: newIdentifyPacer(1, window, false, time.Now())}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The URL names the test certificate's host, which only the proxy
	// resolves (to the server on 127.0.0.1); the bot dials the proxy alone.
	_, port, _ := net.SplitHostPort(gw.Listener.Addr().String())
	gwURL := "wss://example.com:" + port + "/?v=10"
	dial := func(id int) *websocket.Conn {
		sh := &shard{b: b, id: id, log: b.log}
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
			if gap := identifies[1].Sub(identifies[0]); gap < window {
				t.Errorf("two identifies of one bucket %v apart, want at least %v", gap, window)
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
// (RFC 1929), connecting to what dial gives for the host name asked for.
func socksProxy(t *testing.T, user, pw string, dial func(host string, port int) (net.Conn, error)) *url.URL {
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
		if _, err := io.ReadFull(r, b[:5]); err != nil || b[3] != 3 {
			return fmt.Errorf("request %v %v: want a host name", b[:5], err)
		}
		host := make([]byte, b[4]+2)
		io.ReadFull(r, host)
		port := int(host[len(host)-2])<<8 | int(host[len(host)-1])
		up, err := dial(string(host[:len(host)-2]), port)
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

// TestReidentifyKeepsHeartbeating: Discord invalidates every session of four
// shards in one identify bucket at once (op 9). Each shard identifies anew
// in its turn, one per window, but no shard goes silent meanwhile: a turn
// further off than the shard's next heartbeat is not waited for inside
// discordgo's write lock (which its heartbeats need), the shard reconnects
// in time for it instead. So no connection goes longer than about a
// heartbeat interval without a heartbeat (Discord drops a silent one), every
// shard identifies once, and none too early.
func TestReidentifyKeepsHeartbeating(t *testing.T) {
	t.Parallel()
	const (
		count    = 4
		interval = 200 * time.Millisecond
		window   = 500 * time.Millisecond
	)
	cfg := shardedConfig()
	cfg.IdentifyInterval = window
	h := start(t, cfg, nil, discordtest.WithShards(count), discordtest.WithMaxConcurrency(1),
		discordtest.WithIdentifyWindow(window), discordtest.WithHeartbeatInterval(interval))
	h.srv.WaitIdentifies(t, count, wait)
	poll(t, "the bot to be ready", func() bool { return h.bot.Ready() == nil })
	time.Sleep(interval + interval/2) // a heartbeat or two on every connection
	fault := time.Now()
	if n := h.srv.InvalidateSession(false); n != count {
		t.Fatalf("op 9 sent on %d connections, want %d", n, count)
	}
	ids := h.srv.WaitIdentifies(t, 2*count, wait)
	poll(t, "the bot to be ready again", func() bool { return h.bot.Ready() == nil })
	took := ids[len(ids)-1].Time.Sub(fault)

	gap, conn := longestBeatGap(h.srv)
	t.Logf("every shard identified again %v after op 9; longest time without a heartbeat %v (connection %d), heartbeat interval %v",
		took.Round(time.Millisecond), gap.Round(time.Millisecond), conn, interval)
	if gap > interval+interval/2 {
		t.Errorf("connection %d went %v without a heartbeat, heartbeat interval %v", conn, gap.Round(time.Millisecond), interval)
	}
	if v := h.srv.IdentifyViolations(); len(v) != 0 {
		t.Errorf("%d identifies faster than allowed (closed with 4008)", len(v))
	}
	per := map[int]int{}
	for _, id := range ids[count:] {
		per[id.Shard[0]]++
	}
	for sh := range count {
		if per[sh] != 1 {
			t.Errorf("shard %d identified %d times after op 9, want once (all: %v)", sh, per[sh], per)
		}
	}
	for i := count + 1; i < len(ids); i++ {
		if d := ids[i].Time.Sub(ids[i-1].Time); d < window {
			t.Errorf("identifies %d and %d came %v apart, within the window", i, i+1, d)
		}
	}
}

// longestBeatGap returns the longest time a gateway connection of srv went
// without a heartbeat: from its HELLO or a heartbeat to the next one, or to
// the connection's end (now, while it is open), and that connection.
func longestBeatGap(srv *discordtest.Server) (time.Duration, int) {
	now := time.Now()
	ends := map[int]time.Time{}
	for _, d := range srv.Disconnects() {
		ends[d.Conn] = d.Time
	}
	last := map[int]time.Time{}
	var gap time.Duration
	var conn int
	see := func(c int, at time.Time) {
		if prev, ok := last[c]; ok && at.Sub(prev) > gap {
			gap, conn = at.Sub(prev), c
		}
		last[c] = at
	}
	for _, b := range srv.Beats() {
		see(b.Conn, b.Time)
	}
	for c := range last {
		end, ok := ends[c]
		if !ok {
			end = now
		}
		see(c, end)
	}
	return gap, conn
}
