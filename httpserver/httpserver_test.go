package httpserver

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// recorder is the interactions handler of the tests: it records the bodies
// it is given.
type recorder struct {
	mu     sync.Mutex
	bodies [][]byte
}

func (rec *recorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	rec.mu.Lock()
	rec.bodies = append(rec.bodies, b)
	rec.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"type":1}`)
}

func (rec *recorder) calls() [][]byte {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return append([][]byte(nil), rec.bodies...)
}

func newTestServer(t testing.TB, ready func() error) (*Server, ed25519.PrivateKey, *recorder, *prometheus.Registry) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	reg := prometheus.NewRegistry()
	s := New(Config{PublicKey: pub, Interactions: rec, Ready: ready, Registry: reg, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return s, priv, rec, reg
}

func post(s *Server, body []byte, ts, sig string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, "/interactions", bytes.NewReader(body))
	if ts != "" {
		r.Header.Set("X-Signature-Timestamp", ts)
	}
	if sig != "" {
		r.Header.Set("X-Signature-Ed25519", sig)
	}
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, r)
	return w
}

func sign(priv ed25519.PrivateKey, ts string, body []byte) string {
	return hex.EncodeToString(ed25519.Sign(priv, append([]byte(ts), body...)))
}

func TestSignatureCheckedBeforeTheBodyIsRead(t *testing.T) {
	s, priv, rec, _ := newTestServer(t, nil)
	_, other, _ := ed25519.GenerateKey(nil)
	body := []byte(`{"type":1,"id":"1","application_id":"2","token":"t"}`)
	now := strconv.FormatInt(time.Now().Unix(), 10)
	old := strconv.FormatInt(time.Now().Add(-time.Hour).Unix(), 10)
	for _, tc := range []struct {
		name     string
		body     []byte
		ts, sig  string
		wantCode int
	}{
		{"valid", body, now, sign(priv, now, body), http.StatusOK},
		{"no signature", body, now, "", http.StatusUnauthorized},
		{"no timestamp", body, "", sign(priv, now, body), http.StatusUnauthorized},
		{"not hex", body, now, "zz" + sign(priv, now, body)[2:], http.StatusUnauthorized},
		{"too short", body, now, sign(priv, now, body)[:100], http.StatusUnauthorized},
		{"another key", body, now, sign(other, now, body), http.StatusUnauthorized},
		{"body changed", append([]byte(" "), body...), now, sign(priv, now, body), http.StatusUnauthorized},
		{"timestamp changed", body, now + "0", sign(priv, now, body), http.StatusUnauthorized},
		{"replayed an hour later", body, old, sign(priv, old, body), http.StatusUnauthorized},
		{"not JSON but signed", []byte("{{"), now, sign(priv, now, []byte("{{")), http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(rec.calls())
			w := post(s, tc.body, tc.ts, tc.sig)
			if w.Code != tc.wantCode {
				t.Errorf("status %d, want %d", w.Code, tc.wantCode)
			}
			calls := rec.calls()
			if tc.wantCode != http.StatusOK {
				if len(calls) != before {
					t.Error("the handler saw a request whose signature failed")
				}
				return
			}
			if len(calls) != before+1 || !bytes.Equal(calls[len(calls)-1], tc.body) {
				t.Errorf("the handler got %q, want the body unchanged", calls)
			}
		})
	}
}

func TestInteractionsNeedAKey(t *testing.T) {
	s := New(Config{Interactions: &recorder{}, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if w := post(s, []byte("{}"), "1", "00"); w.Code == http.StatusOK {
		t.Errorf("POST /interactions served without a public key: %d", w.Code)
	}
}

func TestHealthReadinessMetrics(t *testing.T) {
	var mu sync.Mutex
	readyErr := errors.New("shards [1] not connected to the gateway")
	s, priv, _, _ := newTestServer(t, func() error { mu.Lock(); defer mu.Unlock(); return readyErr })
	get := func(path string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		s.Handler().ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		return w
	}
	if w := get("/healthz"); w.Code != http.StatusOK {
		t.Errorf("/healthz %d", w.Code)
	}
	if w := get("/readyz"); w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "shards [1]") {
		t.Errorf("/readyz %d %q while a shard is down", w.Code, w.Body.String())
	}
	mu.Lock()
	readyErr = nil
	mu.Unlock()
	if w := get("/readyz"); w.Code != http.StatusOK {
		t.Errorf("/readyz %d when ready", w.Code)
	}
	post(s, []byte("{}"), "1", "00") // refused: counted
	now := strconv.FormatInt(time.Now().Unix(), 10)
	post(s, []byte("{}"), now, sign(priv, now, []byte("{}")))
	m := get("/metrics").Body.String()
	for _, want := range []string{
		`sudokubot_http_requests_total{code="401",route="/interactions"} 1`,
		`sudokubot_http_requests_total{code="200",route="/interactions"} 1`,
		`sudokubot_http_requests_total{code="503",route="/readyz"} 1`,
		`sudokubot_interaction_signature_failures_total{reason="malformed"} 1`,
	} {
		if !strings.Contains(m, want) {
			t.Errorf("/metrics lacks %s:\n%s", want, m)
		}
	}
}

// TestRunServesAndStops: Run serves on the listener until its context ends,
// then shuts down cleanly.
func TestRunServesAndStops(t *testing.T) {
	s, _, _, _ := newTestServer(t, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, ln, time.Second) }()
	resp, err := http.Get("http://" + ln.Addr().String() + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz %d", resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run = %v after a clean stop", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return")
	}
}

func TestParsePublicKey(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(nil)
	if k, err := ParsePublicKey(hex.EncodeToString(pub)); err != nil || !bytes.Equal(k, pub) {
		t.Errorf("ParsePublicKey = %x, %v", k, err)
	}
	for _, bad := range []string{"", "abc", hex.EncodeToString(pub)[:60], "zz" + hex.EncodeToString(pub)[2:]} {
		if _, err := ParsePublicKey(bad); err == nil {
			t.Errorf("ParsePublicKey(%q) accepted", bad)
		}
	}
}
