package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/settings/storetest"
)

// childEnv, set to a fake Discord's address, makes the test binary run the
// program as main does, against that fake: a bot process of its own, which
// a test can kill.
const childEnv = "SUDOKUBOT_CMD_TEST_FAKE_DISCORD"

// runChild runs the program with the real environment (the test sets
// DISCORD_TOKEN, DATABASE_URL, ...) against the fake Discord at addr, until
// SIGTERM or SIGINT, and returns the exit status.
func runChild(addr string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, program{
		args:      []string{"-env", ""},
		lookupEnv: os.LookupEnv,
		stdin:     strings.NewReader(""),
		stdout:    os.Stdout,
		stderr:    os.Stderr,
		sessions: func(token string, _ int) bot.SessionFunc {
			return func() (*discordgo.Session, error) {
				s, err := discordgo.New("Bot " + token)
				if err != nil {
					return nil, err
				}
				return s, discordtest.ConfigureRemote(s, addr)
			}
		},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		return 1
	}
	return 0
}

// botProcess is the program running in a child process.
type botProcess struct {
	cmd  *exec.Cmd
	logs *syncWriter
}

// startBotProcess starts the program in a child process against srv with
// environ (DISCORD_TOKEN and LOG_FORMAT=json are set), and waits until it has
// connected and registered its slash commands.
func startBotProcess(t *testing.T, srv *discordtest.Server, environ map[string]string) *botProcess {
	t.Helper()
	registered := len(srv.RequestsFor(discordtest.RouteBulkOverwriteGlobalCommands))
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+srv.Addr(), "DISCORD_TOKEN="+srv.Token(), "LOG_FORMAT=json")
	for k, v := range environ {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	p := &botProcess{cmd: cmd, logs: &syncWriter{}}
	cmd.Stdout, cmd.Stderr = p.logs, p.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	t.Cleanup(func() {
		once.Do(func() { cmd.Process.Kill(); cmd.Wait() })
		if t.Failed() {
			t.Logf("bot process %d log:\n%s", cmd.Process.Pid, p.logs.String())
		}
	})
	srv.WaitRequests(t, discordtest.RouteBulkOverwriteGlobalCommands, registered+1, 30*time.Second)
	return p
}

// kill kills the process as kill -9 does, and reaps it.
func (p *botProcess) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	p.cmd.Wait()
}

// TestSettingSurvivesKill9: a /settings change acknowledged to the admin
// is kept when the process is killed (SIGKILL) right after the answer: the
// next process runs with it. On SQLite and on PostgreSQL.
func TestSettingSurvivesKill9(t *testing.T) {
	for name, newDB := range map[string]storetest.NewDatabase{"sqlite": storetest.NewSQLite, "postgres": storetest.NewPostgres} {
		t.Run(name, func(t *testing.T) {
			url := newDB(t)
			srv := discordtest.New(t)
			first := startBotProcess(t, srv, map[string]string{"DATABASE_URL": url})
			in := srv.SendCommand(discordtest.Command{Name: "settings", Permissions: "32",
				Options: []*discordgo.ApplicationCommandInteractionDataOption{discordtest.SubCommand("prefix", discordtest.Opt("value", "sb?"))}})
			srv.WaitUntil(t, 30*time.Second, "the answer to /settings prefix", func() bool {
				for _, m := range srv.InteractionMessages(in.ID) {
					if strings.Contains(m.Content, "`sb?solve`") {
						return true
					}
				}
				return false
			})
			first.kill(t) // at once: nothing more is written

			startBotProcess(t, srv, map[string]string{"DATABASE_URL": url})
			srv.SendMessage(discordtest.Message{Content: "sb?solve " + lc37})
			srv.WaitUntil(t, 30*time.Second, "the new process's reply to sb?solve", func() bool {
				for _, m := range srv.Messages() {
					if m.Kind == discordtest.KindChannelMessage && strings.Contains(m.Content, "exactly one solution") {
						return true
					}
				}
				return false
			})
			srv.AssertClean(t)
		})
	}
}

// TestDatabaseUnreachableAtStart: a DATABASE_URL whose server does not
// answer stops start-up with an error that names DATABASE_URL, and the
// password appears nowhere in the log.
func TestDatabaseUnreachableAtStart(t *testing.T) {
	srv := discordtest.New(t)
	closed := "postgres://bot:hunter2@127.0.0.1:1/sudokubot?connect_timeout=2"
	for _, url := range []string{closed, "sqlite:" + t.TempDir() + "/missing/dir/bot.db"} {
		logs := &syncWriter{}
		p := testProgram([]string{"-env", ""}, map[string]string{"DISCORD_TOKEN": srv.Token(), "DATABASE_URL": url, "LOG_FORMAT": "json"},
			strings.NewReader(""), logs, logs)
		p.sessions = fakeSessions(t, srv)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		err := run(ctx, p)
		cancel()
		if err == nil || !strings.Contains(err.Error(), "DATABASE_URL") {
			t.Errorf("DATABASE_URL=%s: run = %v, want an error naming DATABASE_URL", url, err)
		}
		if strings.Contains(logs.String(), "hunter2") || (err != nil && strings.Contains(err.Error(), "hunter2")) {
			t.Errorf("the password was shown:\n%s\n%v", logs.String(), err)
		}
		if n := srv.Connections(); n != 0 {
			t.Errorf("%d gateway connections: the bot connected without its database", n)
		}
	}
}
