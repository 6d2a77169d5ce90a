package gateway

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/gorilla/websocket"
	"golang.org/x/net/proxy"
)

// The gateway's dialer. Wrapping the connection in the identify gate
// bypasses gorilla/websocket's own proxy support (it would send the CONNECT
// inside the TLS connection the gate must see through), so the dialer makes
// the tunnel and the TLS connection itself: HTTP CONNECT by hand (a request
// and its answer), SOCKS5 with golang.org/x/net/proxy.

// gatewayDialer returns a copy of d whose connections go through the
// shard's identify gate (until ctx ends) and report their TCP connection to
// the shard (for its round-trip time). It makes the TLS connection itself
// (gorilla's NetDialTLSContext), so that the gate sees the websocket frames
// and not their encryption, and therefore also the proxy's CONNECT, which
// gorilla would otherwise send inside that TLS connection.
func (sh *shard) gatewayDialer(ctx context.Context, d websocket.Dialer) *websocket.Dialer {
	tcp := d.NetDialContext
	if tcp == nil && d.NetDial != nil {
		dial := d.NetDial
		tcp = func(_ context.Context, network, addr string) (net.Conn, error) { return dial(network, addr) }
	}
	if tcp == nil {
		tcp = (&net.Dialer{}).DialContext
	}
	proxy, conf := d.Proxy, d.TLSClientConfig
	connect := func(dctx context.Context, addr string, secure bool) (net.Conn, error) {
		c, err := dialVia(dctx, tcp, proxy, addr, secure)
		if err != nil {
			return nil, err
		}
		raw := c
		if secure {
			if c, err = handshakeTLS(dctx, c, conf, addr); err != nil {
				return nil, err
			}
		}
		g := newIdentifyGate(ctx, c, sh)
		sh.mu.Lock()
		closing := sh.closing
		if !closing {
			sh.conn, sh.gate = raw, g
		}
		sh.mu.Unlock()
		if closing {
			c.Close()
			return nil, fmt.Errorf("shard %d is closing", sh.id)
		}
		return g, nil
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
	port := "80"
	switch via.Scheme {
	case "http":
	case "socks5", "socks5h":
		port = "1080"
	default:
		return nil, fmt.Errorf("proxy for the gateway %s: %s:// proxies are not supported, only http:// and socks5://", addr, via.Scheme)
	}
	host := via.Host
	if via.Port() == "" {
		host = net.JoinHostPort(via.Hostname(), port)
	}
	if via.Scheme != "http" {
		return socksDial(ctx, tcp, via, host, addr)
	}
	c, err := tcp(ctx, "tcp", host)
	if err != nil {
		return nil, fmt.Errorf("connect to the proxy %s: %w", host, err)
	}
	if err := proxyConnect(ctx, c, via, addr); err != nil {
		c.Close()
		return nil, fmt.Errorf("proxy %s to the gateway %s: %w", host, addr, err)
	}
	return c, nil
}

// bound makes c's reads and writes end at ctx's deadline, or when ctx is
// cancelled, until the returned function is called.
func bound(ctx context.Context, c net.Conn) (func(), error) {
	if deadline, ok := ctx.Deadline(); ok {
		if err := c.SetDeadline(deadline); err != nil {
			return nil, err
		}
	}
	stop := context.AfterFunc(ctx, func() { c.SetDeadline(time.Unix(1, 0)) })
	return func() {
		if stop() {
			c.SetDeadline(time.Time{})
		}
	}, nil
}

// proxyConnect asks the HTTP proxy on c for a tunnel to addr.
func proxyConnect(ctx context.Context, c net.Conn, via *url.URL, addr string) error {
	unbound, err := bound(ctx, c)
	if err != nil {
		return err
	}
	defer unbound()
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

// socksDial connects to addr through the SOCKS5 proxy at host (RFC 1928;
// user and password, RFC 1929, when via has them), with
// golang.org/x/net/proxy: an IPv4 or IPv6 address as such, a host name as
// a name, which the proxy resolves. The handshake ends with ctx.
func socksDial(ctx context.Context, tcp func(context.Context, string, string) (net.Conn, error), via *url.URL, host, addr string) (net.Conn, error) {
	var auth *proxy.Auth
	if u := via.User; u != nil {
		pw, _ := u.Password()
		auth = &proxy.Auth{User: u.Username(), Password: pw}
	}
	d, err := proxy.SOCKS5("tcp", host, auth, dialFunc(tcp))
	if err != nil {
		return nil, fmt.Errorf("proxy %s to the gateway %s: %w", host, addr, err)
	}
	c, err := d.(proxy.ContextDialer).DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("proxy %s to the gateway %s: %w", host, addr, err)
	}
	return c, nil
}

// dialFunc is a dialer of golang.org/x/net/proxy made of a dial function.
type dialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

func (f dialFunc) Dial(network, addr string) (net.Conn, error) {
	return f(context.Background(), network, addr)
}

func (f dialFunc) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	return f(ctx, network, addr)
}
