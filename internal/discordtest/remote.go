package discordtest

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// ConfigureRemote points sess at a fake Discord served by another process
// (a test that started this one as its child) at addr, its Server.Addr: as
// Configure does, Discord's API hosts go to addr and every other host is
// refused with ErrRefusedHost. addr must be a loopback address.
func ConfigureRemote(sess *discordgo.Session, addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("discordtest: fake address %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("%w: %s is not a loopback address", ErrRefusedHost, addr)
	}
	dial := func(ctx context.Context, network, address string) (net.Conn, error) {
		if address != addr {
			return nil, fmt.Errorf("%w: dial %s %s", ErrRefusedHost, network, address)
		}
		var d net.Dialer
		return d.DialContext(ctx, "tcp4", address)
	}
	base := &http.Transport{Proxy: nil, DialContext: dial, MaxIdleConnsPerHost: 64, IdleConnTimeout: 30 * time.Second}
	sess.Client = &http.Client{Timeout: 10 * time.Second, Transport: &remoteTransport{addr: addr, base: base}}
	sess.Dialer = &websocket.Dialer{NetDialContext: dial, Proxy: nil, HandshakeTimeout: 10 * time.Second}
	return nil
}

// remoteTransport is Transport for a fake in another process.
type remoteTransport struct {
	addr string
	base http.RoundTripper
}

func (t *remoteTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !discordHosts[strings.ToLower(req.URL.Hostname())] && req.URL.Host != t.addr {
		closeBody(req)
		return nil, fmt.Errorf("%w: %s", ErrRefusedHost, req.URL.Redacted())
	}
	r2 := req.Clone(req.Context())
	r2.URL.Scheme = "http"
	r2.URL.Host = t.addr
	r2.Host = ""
	r2.Header.Set("X-Discordtest-Original-Host", req.URL.Host)
	return t.base.RoundTrip(r2)
}
