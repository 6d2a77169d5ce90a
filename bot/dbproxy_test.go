package bot

import (
	"io"
	"net"
	"net/url"
	"sync"
	"testing"
)

// dbProxy forwards TCP connections to a database server until frozen; then
// it holds every byte, as a database that stopped answering (a network
// partition, a server stuck on a lock) would: queries neither fail nor
// finish.
type dbProxy struct {
	ln     net.Listener
	target string

	mu     sync.Mutex
	frozen chan struct{} // closed by freeze
	done   chan struct{} // closed by close
	conns  []net.Conn
	once   sync.Once
}

// newDBProxy starts a proxy on 127.0.0.1 to the server of databaseURL and
// returns it with the URL that goes through it.
func newDBProxy(t *testing.T, databaseURL string) (*dbProxy, string) {
	t.Helper()
	u, err := url.Parse(databaseURL)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &dbProxy{ln: ln, target: u.Host, frozen: make(chan struct{}), done: make(chan struct{})}
	t.Cleanup(p.close)
	go p.accept()
	u.Host = ln.Addr().String()
	return p, u.String()
}

func (p *dbProxy) accept() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.track(c)
		go func() {
			if p.isFrozen() {
				return // hold the connection: the client waits
			}
			s, err := net.Dial("tcp", p.target)
			if err != nil {
				c.Close()
				return
			}
			p.track(s)
			go p.pipe(s, c)
			p.pipe(c, s)
		}()
	}
}

// pipe copies from src to dst until either closes, holding what it reads
// once the proxy is frozen.
func (p *dbProxy) pipe(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if p.isFrozen() {
				<-p.done // never forwarded
				return
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			if err != io.EOF {
				dst.Close()
			}
			return
		}
	}
}

func (p *dbProxy) track(c net.Conn) {
	p.mu.Lock()
	p.conns = append(p.conns, c)
	p.mu.Unlock()
}

func (p *dbProxy) isFrozen() bool {
	select {
	case <-p.frozen:
		return true
	default:
		return false
	}
}

// freeze stops forwarding: the database seems to hang.
func (p *dbProxy) freeze() { close(p.frozen) }

// close ends the proxy and every connection through it; it may be called
// more than once.
func (p *dbProxy) close() {
	p.once.Do(func() {
		close(p.done)
		p.ln.Close()
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, c := range p.conns {
			c.Close()
		}
	})
}
