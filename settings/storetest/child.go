package storetest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/backend"
)

// The test binary re-executes itself as another process (a second bot, or one
// to be killed) when these variables are set.
const (
	childEnv = "SUDOKUBOT_STORETEST_CHILD" // what the child does
	urlEnv   = "SUDOKUBOT_STORETEST_URL"   // its DATABASE_URL
)

// Main runs the tests of a package that calls [Run], or, when the test binary
// was started by the suite as another process, that process's work. Call it
// from TestMain:
//
//	func TestMain(m *testing.M) { storetest.Main(m) }
func Main(m *testing.M) {
	if what := os.Getenv(childEnv); what != "" {
		if err := child(what, os.Getenv(urlEnv), os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "storetest child:", err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// child does the work of one process the suite started:
//
//	open       open the database (migrating it), print "open <schema version>"
//	claim      open, print "ready", wait for a line on stdin, claim the daily
//	           post of guild 1 on day 1000, print "won" or "lost"
//	write      open, then change the prefix of guild 1 to p1, p2, p3, ...,
//	           printing "ack N" after write N returns, until killed
//	write-one  open, set guild 1's prefix to "kept", print "ack", wait to be killed
//	moves      open, create a game and print "game ID", then make moves
//	           (versioned updates), printing "ack N" after move N returns,
//	           until killed
func child(what, url string, in io.Reader, out io.Writer) error {
	ctx := context.Background()
	b, err := backend.Open(ctx, url)
	if err != nil {
		return err
	}
	defer b.Close()
	switch what {
	case "open":
		v := -1
		if sv, ok := b.(interface {
			SchemaVersion(context.Context) (int, error)
		}); ok {
			if v, err = sv.SchemaVersion(ctx); err != nil {
				return err
			}
		}
		fmt.Fprintln(out, "open", v)
	case "claim":
		fmt.Fprintln(out, "ready")
		if _, err := bufio.NewReader(in).ReadString('\n'); err != nil {
			return fmt.Errorf("wait for go: %w", err)
		}
		won, err := b.ClaimDaily(ctx, "1", 1000, time.Now(), time.Hour)
		if err != nil {
			return err
		}
		if won {
			fmt.Fprintln(out, "won")
		} else {
			fmt.Fprintln(out, "lost")
		}
	case "write":
		for i := 1; ; i++ {
			p := "p" + strconv.Itoa(i)
			if _, err := b.Update(ctx, "1", func(g *settings.Guild) error { return g.SetPrefix(p) }); err != nil {
				return err
			}
			fmt.Fprintln(out, "ack", i)
		}
	case "write-one":
		if _, err := b.Update(ctx, "1", func(g *settings.Guild) error { return g.SetPrefix("kept") }); err != nil {
			return err
		}
		fmt.Fprintln(out, "ack")
		select {} // until killed
	case "moves":
		gs, ok := b.(settings.Games)
		if !ok {
			return fmt.Errorf("%T keeps no games", b)
		}
		g, err := gs.CreateGame(ctx, aGame(), 0)
		if err != nil {
			return err
		}
		fmt.Fprintln(out, "game", g.ID)
		for i := 1; ; i++ {
			g.Moves = i
			if g, err = gs.UpdateGame(ctx, g); err != nil {
				return err
			}
			fmt.Fprintln(out, "ack", i)
		}
	default:
		return fmt.Errorf("unknown child %q", what)
	}
	return nil
}

// proc is a child process of the suite.
type proc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  *bufio.Scanner
	stderr *strings.Builder
}

// start starts the test binary as a child doing what on url.
func start(t testing.TB, what, url string) *proc {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+what, urlEnv+"="+url)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, stdin: stdin, lines: bufio.NewScanner(stdout), stderr: &strings.Builder{}}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start child %s: %v", what, err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	return p
}

// line returns the child's next line of output, failing the test if there is
// none.
func (p *proc) line(t testing.TB) string {
	t.Helper()
	if !p.lines.Scan() {
		p.cmd.Wait()
		t.Fatalf("child %v ended without output; stderr: %s", p.cmd.Args, p.stderr.String())
	}
	return p.lines.Text()
}

// wait waits for the child to exit and fails the test unless it succeeded.
func (p *proc) wait(t testing.TB) {
	t.Helper()
	if err := p.cmd.Wait(); err != nil {
		t.Fatalf("child: %v; stderr: %s", err, p.stderr.String())
	}
}

// kill kills the child with SIGKILL, as kill -9 does, and reaps it.
func (p *proc) kill(t testing.TB) {
	t.Helper()
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatalf("kill child: %v", err)
	}
	p.cmd.Wait()
}
