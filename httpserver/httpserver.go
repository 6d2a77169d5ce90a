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
// The interactions endpoint accepts only what Discord sends: a body of at
// most [MaxBody] bytes (a larger Content-Length is refused with 413 before
// a byte of the body is read, a longer body without one is cut off and
// refused), headers of at most 16 KiB, a signature timestamp within
// [Config.MaxClockSkew] of the server's clock (checked in Unix seconds
// before the body is read), and at most [Config.MaxVerifying] requests being
// read and verified at once (503 beyond). The refusals are counted by
// reason in sudokubot_interaction_signature_failures_total; their log line
// is rate-limited (a burst of 5, then one every 10 s, saying how many went
// unlogged), so a flood of forged requests cannot flood the log.
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
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"golang.org/x/time/rate"
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
	// MaxVerifying bounds the requests to the interactions endpoint being
	// read and verified at once (each holds up to [MaxBody] bytes); one
	// more is answered 503 at once. Zero means 32.
	MaxVerifying int
}

// Server serves the bot over HTTP. Make one with [New].
type Server struct {
	cfg      Config
	mux      *http.ServeMux
	requests *prometheus.CounterVec
	bad      *prometheus.CounterVec
	// verifying holds a place per request being read and verified.
	verifying chan struct{}
	// refusals rate-limits the log line of refused requests; suppressed
	// counts those not logged since the last line.
	refusals   *rate.Limiter
	suppressed atomic.Int64
}

// MaxBody bounds the body of a request to the interactions endpoint: a
// slash command's is a few kilobytes.
const MaxBody = 64 << 10

// maxHeaderBytes bounds a request's headers (net/http's default is 1 MiB).
const maxHeaderBytes = 16 << 10

// bodyReadTimeout bounds reading the body of a request to the interactions
// endpoint once its headers are in: Discord sends it at once, and a client
// that stalls holds a place among the MaxVerifying.
const bodyReadTimeout = 3 * time.Second

// New returns a server for cfg; it registers its metrics on cfg.Registry.
func New(cfg Config) *Server {
	if cfg.MaxClockSkew <= 0 {
		cfg.MaxClockSkew = 5 * time.Minute
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.MaxVerifying <= 0 {
		cfg.MaxVerifying = 32
	}
	s := &Server{
		cfg:       cfg,
		verifying: make(chan struct{}, cfg.MaxVerifying),
		refusals:  rate.NewLimiter(rate.Every(10*time.Second), 5),
		mux:       http.NewServeMux(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_http_requests_total",
			Help: "HTTP requests served, by route and status code.",
		}, []string{"route", "code"}),
		bad: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudokubot_interaction_signature_failures_total",
			Help: "Requests to the interactions endpoint refused, by reason: with 401 missing, malformed, stale, invalid; with 413 too_large; with 503 busy.",
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
		MaxHeaderBytes:    maxHeaderBytes,
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
// key. The cheap checks come first (headers, the timestamp's age, the
// announced length), so that a forged request costs no body read; a body
// is read only within a place among MaxVerifying and within
// bodyReadTimeout. A failed signature is a 401 (Discord checks that the
// endpoint refuses bad signatures). The verified body is handed on
// unchanged.
func (s *Server) verify(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		refuse := func(reason string, code int, msg string) {
			s.bad.WithLabelValues(reason).Inc()
			s.logRefusal(reason, r.RemoteAddr)
			if code == http.StatusServiceUnavailable {
				w.Header().Set("Retry-After", "1")
			}
			// No unread body is drained for a refused request (net/http
			// would read up to 256 KiB of it before answering).
			w.Header().Set("Connection", "close")
			http.Error(w, msg, code)
		}
		unauthorized := func(reason string) { refuse(reason, http.StatusUnauthorized, "invalid request signature") }
		sigHex, ts := r.Header.Get("X-Signature-Ed25519"), r.Header.Get("X-Signature-Timestamp")
		if sigHex == "" || ts == "" {
			unauthorized("missing")
			return
		}
		sig, err := hex.DecodeString(sigHex)
		if err != nil || len(sig) != ed25519.SignatureSize {
			unauthorized("malformed")
			return
		}
		secs, err := strconv.ParseInt(ts, 10, 64)
		if err != nil {
			unauthorized("malformed")
			return
		}
		// An old (replayed) or future request, in Unix seconds: durations
		// would overflow for a timestamp such as 9999999999999.
		now, skew := time.Now().Unix(), int64(s.cfg.MaxClockSkew/time.Second)
		if secs < now-skew || secs > now+skew {
			unauthorized("stale")
			return
		}
		if r.ContentLength > MaxBody {
			refuse("too_large", http.StatusRequestEntityTooLarge, "request body too large")
			return
		}
		select {
		case s.verifying <- struct{}{}:
		default:
			refuse("busy", http.StatusServiceUnavailable, "too many requests being verified")
			return
		}
		body, err := s.readBody(w, r)
		<-s.verifying
		switch {
		case errors.Is(err, errTooLarge):
			refuse("too_large", http.StatusRequestEntityTooLarge, "request body too large")
			return
		case err != nil:
			unauthorized("malformed")
			return
		case !ed25519.Verify(s.cfg.PublicKey, append([]byte(ts), body...), sig):
			unauthorized("invalid")
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		next.ServeHTTP(w, r)
	})
}

// errTooLarge is readBody's error for a body longer than MaxBody.
var errTooLarge = errors.New("body longer than MaxBody")

// readBody reads the body of r, of at most MaxBody bytes, within
// bodyReadTimeout: a client that stalls gives up its place among the
// MaxVerifying soon.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	// Not every connection can set a deadline (an httptest recorder cannot).
	_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyReadTimeout))
	size := MaxBody + 1
	if r.ContentLength >= 0 {
		size = int(r.ContentLength) + 1
	}
	buf := bytes.NewBuffer(make([]byte, 0, size))
	_, err := buf.ReadFrom(io.LimitReader(r.Body, MaxBody+1))
	if buf.Len() > MaxBody {
		return nil, errTooLarge
	}
	return buf.Bytes(), err
}

// logRefusal writes the log line of a refused request, at most a burst of
// 5 and then one every 10 s; a line after some went unlogged says how
// many. The metric counts every refusal.
func (s *Server) logRefusal(reason, remote string) {
	if !s.refusals.Allow() {
		s.suppressed.Add(1)
		return
	}
	attrs := []any{"reason", reason, "remote", remote}
	if n := s.suppressed.Swap(0); n > 0 {
		attrs = append(attrs, "unlogged_before", n)
	}
	s.cfg.Log.Warn("interactions endpoint: request refused", attrs...)
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
