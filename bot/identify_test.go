package bot

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
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
