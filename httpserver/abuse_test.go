package httpserver

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

// lockedBuffer is a log sink safe for the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// liveServer runs the server of cfg (with a fresh key and a recorder as the
// interactions handler) on a listener on 127.0.0.1 until the test ends.
func liveServer(t *testing.T, cfg Config) (addr string, s *Server, priv ed25519.PrivateKey, rec *recorder, logs *lockedBuffer) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, logs = &recorder{}, &lockedBuffer{}
	cfg.PublicKey, cfg.Interactions = pub, rec
	cfg.Registry = prometheus.NewRegistry()
	cfg.Log = slog.New(slog.NewTextHandler(logs, nil))
	s = New(cfg)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, ln, time.Second) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return ln.Addr().String(), s, priv, rec, logs
}

// rawRequest writes head (the request line and headers, without the blank
// line) and body on a new connection, and returns the status code of the
// response, read without waiting for the client to send anything more.
func rawRequest(t *testing.T, addr, head string, body []byte) int {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, head+"\r\n"); err != nil {
		t.Fatal(err)
	}
	_, _ = c.Write(body) // the server may refuse before reading it all
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no response: %v", err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func signedHead(priv ed25519.PrivateKey, ts string, body []byte, length int) string {
	return fmt.Sprintf("POST /interactions HTTP/1.1\r\nHost: bot\r\nContent-Type: application/json\r\n"+
		"X-Signature-Ed25519: %s\r\nX-Signature-Timestamp: %s\r\nContent-Length: %d\r\n",
		sign(priv, ts, body), ts, length)
}

// TestLargeBodyRefusedBeforeReading: a request announcing more than MaxBody
// bytes is answered 413 while its body has not been sent at all, so a
// stalled client holds no buffer; a longer body without a length (chunked)
// is refused once MaxBody bytes are read; MaxBody bytes exactly are served.
func TestLargeBodyRefusedBeforeReading(t *testing.T) {
	addr, s, priv, rec, _ := liveServer(t, Config{})
	now := strconv.FormatInt(time.Now().Unix(), 10)
	big := bytes.Repeat([]byte(" "), MaxBody+1)
	if code := rawRequest(t, addr, signedHead(priv, now, big, len(big)), nil); code != http.StatusRequestEntityTooLarge {
		t.Errorf("Content-Length %d, no body sent: status %d, want 413 at once", len(big), code)
	}

	c := &http.Client{}
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/interactions", io.MultiReader(bytes.NewReader(big))) // no length: chunked
	req.Header.Set("X-Signature-Timestamp", now)
	req.Header.Set("X-Signature-Ed25519", sign(priv, now, big))
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a chunked body of %d bytes: status %d, want 413", len(big), resp.StatusCode)
	}

	fits := append([]byte(`{"type":1}`), bytes.Repeat([]byte(" "), MaxBody-10)...)
	if code := rawRequest(t, addr, signedHead(priv, now, fits, len(fits)), fits); code != http.StatusOK {
		t.Errorf("a signed body of MaxBody bytes: status %d, want 200", code)
	}
	if n := len(rec.calls()); n != 1 {
		t.Errorf("the handler served %d requests, want the one that fits", n)
	}
	if got := refusals(t, s, "too_large"); got != 2 {
		t.Errorf("too_large refusals counted %v, want 2", got)
	}
}

// TestVerificationsBounded: with MaxVerifying requests stalled in their
// bodies, one more (even genuine) is answered 503 at once; once they are
// gone, it is served again.
func TestVerificationsBounded(t *testing.T) {
	addr, s, priv, _, _ := liveServer(t, Config{MaxVerifying: 2})
	now := strconv.FormatInt(time.Now().Unix(), 10)
	body := []byte(`{"type":1}`)
	var stalled []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		stalled = append(stalled, c)
		if _, err := io.WriteString(c, signedHead(priv, now, body, 1000)+"\r\n"+strings.Repeat("x", 10)); err != nil {
			t.Fatal(err)
		}
	}
	for len(s.verifying) < 2 { // wait until both are being read
		time.Sleep(time.Millisecond)
	}
	if code := rawRequest(t, addr, signedHead(priv, now, body, len(body)), body); code != http.StatusServiceUnavailable {
		t.Errorf("a third request while two stall: status %d, want 503", code)
	}
	for _, c := range stalled {
		c.Close()
	}
	for len(s.verifying) > 0 {
		time.Sleep(time.Millisecond)
	}
	if code := rawRequest(t, addr, signedHead(priv, now, body, len(body)), body); code != http.StatusOK {
		t.Errorf("once the stalled requests are gone: status %d, want 200", code)
	}
}

// TestHeadersBounded: a request with 64 KiB of headers is refused (431)
// without reaching a handler; net/http's default would take 1 MiB.
func TestHeadersBounded(t *testing.T) {
	addr, _, _, rec, _ := liveServer(t, Config{})
	head := "POST /interactions HTTP/1.1\r\nHost: bot\r\nContent-Length: 0\r\nX-Pad: " + strings.Repeat("a", 64<<10) + "\r\n"
	if code := rawRequest(t, addr, head, nil); code != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("64 KiB of headers: status %d, want 431", code)
	}
	if len(rec.calls()) != 0 {
		t.Error("the handler saw the request")
	}
}

// TestFarTimestampsRefused: a genuine signature over a timestamp far in the
// future or the past is refused; durations would overflow for these.
func TestFarTimestampsRefused(t *testing.T) {
	addr, s, priv, rec, _ := liveServer(t, Config{})
	body := []byte(`{"type":1}`)
	for _, ts := range []string{"9999999999999", "9223372036854775807", "-9223372036854775808", "-1", "0",
		strconv.FormatInt(time.Now().Add(6*time.Minute).Unix(), 10)} {
		if code := rawRequest(t, addr, signedHead(priv, ts, body, len(body)), body); code != http.StatusUnauthorized {
			t.Errorf("timestamp %s, signed: status %d, want 401", ts, code)
		}
	}
	if len(rec.calls()) != 0 {
		t.Error("the handler served a request with a far timestamp")
	}
	if got := refusals(t, s, "stale"); got != 6 {
		t.Errorf("stale refusals counted %v, want 6", got)
	}
}

// TestRefusalsLogRateLimited: 200 requests with bad signatures are all
// counted, but write a handful of log lines, not 200.
func TestRefusalsLogRateLimited(t *testing.T) {
	addr, s, _, _, logs := liveServer(t, Config{})
	now := strconv.FormatInt(time.Now().Unix(), 10)
	body := []byte(`{"type":1}`)
	_, other, _ := ed25519.GenerateKey(nil)
	start := time.Now()
	for range 200 {
		if code := rawRequest(t, addr, signedHead(other, now, body, len(body)), body); code != http.StatusUnauthorized {
			t.Fatalf("a bad signature: status %d", code)
		}
	}
	// A burst of 5, then one line every 10 s of the run.
	allowed := 5 + int(time.Since(start)/(10*time.Second)) + 1
	lines := strings.Count(logs.String(), "request refused")
	if lines > allowed {
		t.Errorf("200 bad signatures wrote %d log lines, want at most %d", lines, allowed)
	}
	if lines == 0 {
		t.Error("no refusal was logged at all")
	}
	if got := refusals(t, s, "invalid"); got != 200 {
		t.Errorf("invalid refusals counted %v, want 200", got)
	}
}

// refusals returns the count of refusals for reason.
func refusals(t *testing.T, s *Server, reason string) float64 {
	t.Helper()
	var m dto.Metric
	if err := s.bad.WithLabelValues(reason).Write(&m); err != nil {
		t.Fatal(err)
	}
	return m.GetCounter().GetValue()
}
