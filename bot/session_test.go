package bot

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

func TestNewSessionHonoursProxyAndSizesThePool(t *testing.T) {
	t.Setenv("HTTPS_PROXY", "http://127.0.0.1:3128")
	t.Setenv("NO_PROXY", "")
	s, err := NewSession("token", 16)
	if err != nil {
		t.Fatal(err)
	}
	if s.Token != "Bot token" {
		t.Errorf("token %q, want the Bot prefix", "redacted")
	}
	tr, ok := s.Client.Transport.(*http.Transport)
	if !ok {
		t.Fatalf("transport %T", s.Client.Transport)
	}
	if tr.MaxIdleConnsPerHost < 16 {
		t.Errorf("MaxIdleConnsPerHost %d, want at least the 16 workers", tr.MaxIdleConnsPerHost)
	}
	req := &http.Request{URL: &url.URL{Scheme: "https", Host: "discord.com"}}
	for name, proxy := range map[string]func(*http.Request) (*url.URL, error){"REST": tr.Proxy, "gateway": s.Dialer.Proxy} {
		if proxy == nil {
			t.Errorf("%s: no proxy function", name)
			continue
		}
		u, err := proxy(req)
		if err != nil || u == nil || u.Host != "127.0.0.1:3128" {
			t.Errorf("%s: proxy for discord.com = %v, %v; want HTTPS_PROXY", name, u, err)
		}
	}
	if tr.ForceAttemptHTTP2 != true || tr.TLSHandshakeTimeout == 0 {
		t.Error("the transport should keep the defaults of Go's (HTTP/2, TLS timeouts)")
	}
}

// TestPoolBoundsConcurrentSolves floods the bot with slow solves and checks
// that no more than Workers run at once, and every command is answered.
func TestPoolBoundsConcurrentSolves(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.Workers = 2
	cfg.Queue = 2
	cfg.SolveTimeout = 30 * time.Millisecond
	var running, peak atomic.Int32
	h := start(t, cfg, func(b *Bot) {
		b.beforeHandle = func(_ context.Context, _ command.Request) {
			n := running.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
		}
		b.afterHandle = func(_ context.Context, _ command.Request) { running.Add(-1) }
	})
	const n = 40
	for i := range n {
		// Four channels, so that no channel's reply backlog fills up.
		ch := strconv.Itoa(3000000000000000100 + i%4)
		h.srv.SendMessage(discordtest.Message{ChannelID: ch, Content: "!solve " + slowGrid})
	}
	h.srv.WaitMessages(t, n, wait)
	h.noMoreMessages(t, n)
	if p := peak.Load(); p > int32(cfg.Workers) {
		t.Errorf("%d solves ran at once, want at most %d", p, cfg.Workers)
	}
}
