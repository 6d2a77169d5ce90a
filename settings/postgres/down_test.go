package postgres_test

import (
	"context"
	"errors"
	"net"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/internal/migrations"
	"github.com/sudokubot/sudokubot/settings/postgres"
	"github.com/sudokubot/sudokubot/settings/storetest"
)

// proxy forwards TCP connections on 127.0.0.1 to a PostgreSQL server, and can
// stop forwarding without closing anything (a server that no longer answers:
// a network partition, a host that froze).
type proxy struct {
	ln     net.Listener
	target string

	mu     sync.Mutex
	frozen bool
	conns  []net.Conn
	thaw   chan struct{}
}

func newProxy(t *testing.T, target string) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln, target: target, thaw: make(chan struct{})}
	go p.serve()
	t.Cleanup(func() {
		ln.Close()
		p.mu.Lock()
		for _, c := range p.conns {
			c.Close()
		}
		p.mu.Unlock()
	})
	return p
}

func (p *proxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.handle(c)
	}
}

func (p *proxy) handle(c net.Conn) {
	s, err := net.Dial("tcp", p.target)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	p.conns = append(p.conns, c, s)
	p.mu.Unlock()
	pipe := func(dst, src net.Conn) {
		buf := make([]byte, 32<<10)
		for {
			n, err := src.Read(buf)
			if n > 0 {
				p.waitThaw()
				if _, werr := dst.Write(buf[:n]); werr != nil {
					break
				}
			}
			if err != nil {
				break
			}
		}
		dst.Close()
		src.Close()
	}
	go pipe(s, c)
	go pipe(c, s)
}

// waitThaw blocks while the proxy is frozen.
func (p *proxy) waitThaw() {
	p.mu.Lock()
	frozen, thaw := p.frozen, p.thaw
	p.mu.Unlock()
	if frozen {
		<-thaw
	}
}

func (p *proxy) freeze() {
	p.mu.Lock()
	p.frozen = true
	p.mu.Unlock()
}

func (p *proxy) unfreeze() {
	p.mu.Lock()
	p.frozen = false
	close(p.thaw)
	p.thaw = make(chan struct{})
	p.mu.Unlock()
}

// via returns dbURL with its host replaced by the proxy's address.
func (p *proxy) via(t *testing.T, dbURL string) string {
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	u.Host = p.ln.Addr().String()
	return u.String()
}

// TestDatabaseStopsAnswering: with a server that stops answering, the Cache
// serves what it holds, and every other call fails with ErrUnavailable within
// its timeout instead of hanging; when the server answers again, so does the
// Cache.
func TestDatabaseStopsAnswering(t *testing.T) {
	dbURL := storetest.NewPostgres(t)
	u, _ := url.Parse(dbURL)
	p := newProxy(t, u.Host)
	ctx := context.Background()
	db, err := postgres.Open(ctx, p.via(t, dbURL))
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		p.unfreeze()
		db.Close()
	}()
	const timeout = 300 * time.Millisecond
	c := settings.NewCache(db, settings.CacheOptions{PollInterval: time.Hour, Timeout: timeout, WriteTimeout: timeout, RetryAfter: time.Nanosecond})
	defer c.Close()
	const known, unknown = "111111111111111111", "222222222222222222"
	if _, err := c.Update(ctx, known, func(g *settings.Guild) error { return g.SetPrefix("?") }); err != nil {
		t.Fatal(err)
	}

	p.freeze()
	start := time.Now()
	if g, err := c.Guild(ctx, known); err != nil || g.Prefix != "?" {
		t.Fatalf("server in memory, database frozen: %+v, %v", g, err)
	}
	calls := map[string]func() error{
		"Guild":        func() error { _, err := c.Guild(ctx, unknown); return err },
		"Update":       func() error { _, err := c.Update(ctx, unknown, func(*settings.Guild) error { return nil }); return err },
		"ClaimDaily":   func() error { _, err := c.ClaimDaily(ctx, unknown, 1, time.Now(), time.Hour); return err },
		"RecordSolver": func() error { _, _, err := c.RecordSolver(ctx, unknown, 1, "5", time.Now()); return err },
		"DueDaily":     func() error { _, err := c.DueDaily(ctx, time.Now(), time.Hour); return err },
		"Refresh":      func() error { return c.Refresh(ctx) },
	}
	for name, call := range calls {
		done := make(chan error, 1)
		go func() { done <- call() }()
		select {
		case err := <-done:
			if !errors.Is(err, settings.ErrUnavailable) {
				t.Errorf("%s with the database frozen: err = %v, want ErrUnavailable", name, err)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s with the database frozen did not return (timeout %v)", name, timeout)
		}
	}
	t.Logf("%d calls on a frozen database returned in %v (timeout %v each)", len(calls), time.Since(start), timeout)

	p.unfreeze()
	deadline := time.Now().Add(30 * time.Second)
	for c.Refresh(ctx) != nil {
		if time.Now().After(deadline) {
			t.Fatal("the cache did not recover within 30 s of the database answering again")
		}
	}
	if g, err := c.Guild(ctx, unknown); err != nil || g.ID != unknown {
		t.Fatalf("Guild after recovery = %+v, %v", g, err)
	}
}

// TestDatabaseRefuses: with nothing listening, Open fails at once and names
// the database without its password.
func TestDatabaseRefuses(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	start := time.Now()
	_, err = postgres.Open(context.Background(), "postgres://bot:s3cret@"+addr+"/sudokubot")
	if err == nil {
		t.Fatal("Open with nothing listening: no error")
	}
	if strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), addr) {
		t.Errorf("error %q: want the address and no password", err)
	}
	if d := time.Since(start); d > postgres.ConnectTimeout {
		t.Errorf("Open took %v with the connection refused", d)
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	dbURL := storetest.NewPostgres(t)
	ctx := context.Background()
	db, err := postgres.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES (99, '0099_future.sql')`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = postgres.Open(ctx, dbURL)
	var ne *migrations.NewerError
	if !errors.As(err, &ne) || ne.Database != 99 {
		t.Fatalf("Open of a database from a newer program: err = %v, want a NewerError naming version 99", err)
	}
}

func TestRedact(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"postgres://bot:s3cret@db:5432/x", "postgres://bot:xxxxx@db:5432/x"},
		{"postgres://bot@db/x", "postgres://bot@db/x"},
		{"postgres://db/x?user=bot&password=s3cret&sslmode=require", "postgres://db/x?user=bot&password=xxxxx&sslmode=require"},
		{"host=db password=s3cret user=bot", "host=db password=xxxxx user=bot"},
		{"postgres://bot:s3c%zzret@db/x", "postgres://bot:xxxxx@db/x"},
		{"postgres://bot:12/se#cret@db/x", "postgres://bot:xxxxx@db/x"},
		{"postgres://bot:s3c?ret@db/x", "postgres://bot:xxxxx@db/x"},
		{"postgres://bot:s%40c@db/x", "postgres://bot:xxxxx@db/x"},
		{"postgres://bot:p@ss@db:5432/x", "postgres://bot:xxxxx@db:5432/x"},
		// Without "//" after the scheme, or with no scheme at all.
		{"postgres:/bot:S3cretPw@db/x", "postgres:/bot:xxxxx@db/x"},
		{"postgres:bot:S3cretPw@db/x", "postgres:bot:xxxxx@db/x"},
		{"postgres//bot:S3cretPw@db/x", "postgres//bot:xxxxx@db/x"},
		{"POSTGRESQL:bot:S3cretPw@db/x", "POSTGRESQL:bot:xxxxx@db/x"},
		{"bot:S3cretPw@db/x", "bot:xxxxx@db/x"},
		{"mysql://bot:S3cretPw@db/x", "mysql:xxxxx@db/x"},
		{"sqlite:bot:S3cretPw@file.db", "sqlite:bot:xxxxx@file.db"},
		// Password-like query keys, in any case, percent-encoded.
		{"postgres://db/x?PassWord=S3cretPw", "postgres://db/x?PassWord=xxxxx"},
		{"postgres://db/x?pass%77ord=S3cretPw&sslmode=require", "postgres://db/x?pass%77ord=xxxxx&sslmode=require"},
		{"postgres://db/x?sslmode=require&sslpassword=S3cretPw", "postgres://db/x?sslmode=require&sslpassword=xxxxx"},
		{"postgres://db/x?PWD=S3cretPw#frag", "postgres://db/x?PWD=xxxxx#frag"},
		{"postgres://db/x?a=1;Secret=S3cretPw", "postgres://db/x?a=1;Secret=xxxxx"},
		{"host=db password='S3cret Pw' user=bot", "host=db password=xxxxx user=bot"},
		{"postgres://db/x?user=bot", "postgres://db/x?user=bot"},
	} {
		if got := postgres.Redact(tc.in); got != tc.want {
			t.Errorf("Redact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// BenchmarkGuild is one read of a server's settings from the database: what
// every command would cost without the Cache.
func BenchmarkGuild(b *testing.B) {
	ctx := context.Background()
	d, err := postgres.Open(ctx, storetest.NewPostgres(b))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Update(ctx, "1", func(g *settings.Guild) error { return g.AllowChannel("5") }); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := d.Guild(ctx, "1"); err != nil {
			b.Fatal(err)
		}
	}
}
