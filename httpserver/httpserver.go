// Package httpserver is the bot's HTTP server: Discord's interactions
// endpoint, health and readiness probes, and Prometheus metrics.
//
//	POST /interactions   Discord's requests (set the Interactions Endpoint URL
//	                     in the Developer Portal to https://<host>/interactions);
//	                     the Ed25519 signature is checked on the raw body before
//	                     anything parses it, and any failure is a 401
//	GET  /healthz        200 while the process serves HTTP (liveness)
//	GET  /readyz         200 when the bot answers commands (every shard of the
//	                     process connected, or the endpoint ready), else 503
//	GET  /metrics        the Prometheus exposition of the registry given
//
// The server imports no Discord library: the interactions handler (package
// bot) and the readiness check come in through [Config].
package httpserver

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Config sets up a [Server].
type Config struct {
	// Addr is the address to listen on, such as ":8080" (HTTP_ADDR).
	Addr string
	// PublicKey is the application's public key (DISCORD_PUBLIC_KEY). With a
	// key and an Interactions handler, POST /interactions is served.
	PublicKey ed25519.PublicKey
	// Interactions answers verified requests to the interactions endpoint.
	Interactions http.Handler
	// Ready reports whether the bot answers commands; nil means always.
	Ready func() error
	// Registry serves /metrics and receives the server's own metrics; nil
	// means no /metrics.
	Registry *prometheus.Registry
	// Log receives the server's log lines.
	Log *slog.Logger
	// MaxClockSkew is how far a request's X-Signature-Timestamp may be from
	// the server's clock (a replayed old request is refused); zero means 5
	// minutes.
	MaxClockSkew time.Duration
}

// Server serves the bot over HTTP. Make one with [New].
type Server struct {
	cfg      Config
	mux      *http.ServeMux
	requests *prometheus.CounterVec
	bad      *prometheus.CounterVec
}

// maxBody bounds a request to the interactions endpoint.
const maxBody = 1 << 20

// New returns a server for cfg; it registers its metrics on cfg.Registry.
func New(cfg Config) *Server {
	if cfg.MaxClockSkew <= 0 {
		cfg.MaxClockSkew = 5 * time.Minute
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	s := &Server{
		cfg: cfg,
		mux: http.NewServeMux(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_http_requests_total",
			Help: "HTTP requests served, by route and status code.",
		}, []string{"route", "code"}),
		bad: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_interaction_signature_failures_total",
			Help: "Requests to the interactions endpoint refused with 401, by reason (missing, malformed, stale, invalid).",
		}, []string{"reason"}),
	}
	if cfg.Registry != nil {
		cfg.Registry.MustRegister(s.requests, s.bad)
		s.mux.Handle("GET /metrics", s.count("/metrics", promhttp.HandlerFor(cfg.Registry, promhttp.HandlerOpts{Registry: cfg.Registry})))
	}
	if cfg.Interactions != nil && len(cfg.PublicKey) == ed25519.PublicKeySize {
		s.mux.Handle("POST /interactions", s.count("/interactions", s.verify(cfg.Interactions)))
	}
	s.mux.Handle("GET /healthz", s.count("/healthz", http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "ok\n")
	})))
	s.mux.Handle("GET /readyz", s.count("/readyz", http.HandlerFunc(s.readyz)))
	return s
}

// Handler returns the server's routes, for tests and for embedding.
func (s *Server) Handler() http.Handler { return s.mux }

// ParsePublicKey reads a public key as the Developer Portal shows it: 64
// hexadecimal digits.
func ParsePublicKey(hexKey string) (ed25519.PublicKey, error) {
	b, err := hex.DecodeString(hexKey)
	if err != nil || len(b) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("not an Ed25519 public key: want %d hexadecimal digits", 2*ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// Run listens on ln (or on Config.Addr when ln is nil) and serves until ctx
// is done, then shuts down, giving requests in flight until
// shutdownTimeout. It returns nil after a clean shutdown.
func (s *Server) Run(ctx context.Context, ln net.Listener, shutdownTimeout time.Duration) error {
	if ln == nil {
		var err error
		if ln, err = net.Listen("tcp", s.cfg.Addr); err != nil {
			return fmt.Errorf("listen on HTTP_ADDR %s: %w", s.cfg.Addr, err)
		}
	}
	srv := &http.Server{
		Handler:           s.mux,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(s.cfg.Log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	s.cfg.Log.Info("http server listening", "addr", ln.Addr().String())
	select {
	case err := <-errc:
		return fmt.Errorf("http server: %w", err)
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("http server shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("http server: %w", err)
	}
	return nil
}

func (s *Server) readyz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if s.cfg.Ready != nil {
		if err := s.cfg.Ready(); err != nil {
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, "not ready: "+err.Error()+"\n")
			return
		}
	}
	_, _ = io.WriteString(w, "ready\n")
}

// verify checks Discord's signature of a request to the interactions
// endpoint on its raw body, before anything parses it: Ed25519 of
// X-Signature-Timestamp followed by the body, with the application's public
// key. Any failure is a 401 (Discord checks that the endpoint refuses bad
// signatures). The verified body is handed on unchanged.
func (s *Server) verify(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		refuse := func(reason string) {
			s.bad.WithLabelValues(reason).Inc()
			s.cfg.Log.Warn("interactions endpoint: request refused", "reason", reason, "remote", r.RemoteAddr)
			http.Error(w, "invalid request signature", http.StatusUnauthorized)
		}
		sigHex, ts := r.Header.Get("X-Signature-Ed25519"), r.Header.Get("X-Signature-Timestamp")
		if sigHex == "" || ts == "" {
			refuse("missing")
			return
		}
		sig, err := hex.DecodeString(sigHex)
		if err != nil || len(sig) != ed25519.SignatureSize {
			refuse("malformed")
			return
		}
		body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		if err != nil || len(body) > maxBody {
			refuse("malformed")
			return
		}
		if !ed25519.Verify(s.cfg.PublicKey, append([]byte(ts), body...), sig) {
			refuse("invalid")
			return
		}
		// A genuine signature of an old request: a replay.
		if secs, err := strconv.ParseInt(ts, 10, 64); err != nil || absDuration(time.Since(time.Unix(secs, 0))) > s.cfg.MaxClockSkew {
			refuse("stale")
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

func absDuration(d time.Duration) time.Duration {
	if d < 0 {
		return -d
	}
	return d
}

// count counts each request of route by status code.
func (s *Server) count(route string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, code: http.StatusOK}
		h.ServeHTTP(sw, r)
		s.requests.WithLabelValues(route, strconv.Itoa(sw.code)).Inc()
	})
}

type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the connection (to flush).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
