// Command bot runs the Sudoku bot on Discord, or in console mode on standard
// input and output without a Discord token.
//
// Usage:
//
//	go run ./cmd/bot            # Discord when DISCORD_TOKEN is set
//	go run ./cmd/bot -console   # the console, whatever the configuration
//	sudokubot -healthcheck http://127.0.0.1:8080/readyz   # exit 0 if ready (Docker HEALTHCHECK)
//	echo '!solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79' | go run ./cmd/bot
//
// The console prints the bot's attachments too: a text file (an
// explanation) in full, and a picture written into -image-dir (default the
// working directory), its path printed.
//
// Without DISCORD_TOKEN the console runs when asked (-console), when
// standard input is a terminal, or when it has something to read (a pipe, a
// file of commands); otherwise (Docker, systemd) the program exits 1 with
// "DISCORD_TOKEN is not set", so that a restart policy notices.
//
// Configuration comes from the environment, and from a .env file in the
// working directory when there is one (the real environment wins):
//
//	DISCORD_TOKEN           bot token; without it, console mode (see above)
//	COMMAND_PREFIX          text command prefix (default !)
//	SOLVE_TIMEOUT           deadline of one solve, a Go duration (default 2s)
//	SOLVE_WORKERS           solves that run at once (default: GOMAXPROCS, the CPUs the process may use)
//	SOLVE_QUEUE             solves that may wait for a worker (default: 4 × workers)
//	USER_RATE_LIMIT         commands per user per minute (default 12)
//	USER_RATE_BURST         commands a user may send at once (default 4)
//	CHANNEL_BACKLOG         replies that may wait to be posted in one channel (default 32)
//	DEV_GUILD_ID            register slash commands in this server only (default: globally)
//	SPOILER_SOLUTIONS       wrap solutions in spoiler tags (default false)
//	MESSAGE_CONTENT_INTENT  ask for the privileged message content intent (default true)
//	SHUTDOWN_GRACE          time to finish commands in flight on SIGINT/SIGTERM (default 10s)
//	RECONNECT_MAX_WAIT      longest wait between two gateway reconnect attempts (default 1m)
//	IMAGE_REPLIES           pictures of boards: auto, always or never (default auto)
//	IMAGE_THEME             the pictures' colours: dark or light (default dark)
//	PUZZLE_CPU              share of one core the puzzle pool's background refill may use (default 0.25)
//	GAMES_MAX_OPEN          games a member may have open per server (default 5)
//	GAME_IDLE_DAYS          days a game may go untouched before it is closed (default 30)
//	GAME_MOVE_RATE          plays per game and player per minute (default 60)
//	GAME_MOVE_BURST         plays per game and player at once (default 10)
//	LOG_LEVEL               debug, info, warn or error (default info)
//	LOG_FORMAT              text or json (default text)
//
// Running at scale (README, "Running at scale"):
//
//	SHARD_COUNT             total shards, a number or auto: Discord's recommendation (default auto)
//	SHARD_IDS               shards this process runs, such as 0-3 or 4,5 (default: all)
//	SHARD_GROUP             INDEX/GROUPS: run group INDEX of the shards split in GROUPS (StatefulSets)
//	REGISTER_COMMANDS       register the slash commands at start-up (default: the process with shard 0, or HTTP-only)
//	GATEWAY                 connect to the gateway; false serves only the interactions endpoint (default true)
//	HTTP_ADDR               listen address of /interactions, /healthz, /readyz, /metrics (default: none)
//	DISCORD_PUBLIC_KEY      application public key: serves POST /interactions on HTTP_ADDR (default: none)
//
// Per-server settings and daily puzzles (README, "Storage"):
//
//	DATABASE_URL            sqlite:PATH for one process, postgres://USER:PASSWORD@HOST:PORT/DB for several (default sqlite:sudokubot.db)
//
// .env.example and the README document the same variables; a test checks
// that they agree with the defaults (bot.DefaultConfig).
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/joho/godotenv"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"golang.org/x/term"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/httpserver"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/backend"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// After the first signal, a second one ends the process at once.
	context.AfterFunc(ctx, stop)
	// discordgo's log hook, before any session exists (see bot.CaptureLibraryLogs).
	bot.CaptureLibraryLogs(nil)
	err := run(ctx, program{
		args:      os.Args[1:],
		lookupEnv: os.LookupEnv,
		stdin:     os.Stdin,
		stdout:    os.Stdout,
		stderr:    os.Stderr,
		sessions:  bot.Sessions,
	})
	if err != nil {
		var logged reportedError
		if !errors.As(err, &logged) {
			fmt.Fprintln(os.Stderr, "sudokubot:", err)
		}
		os.Exit(1)
	}
}

// program is what run needs from the outside world: main passes the real
// one; tests pass maps, buffers and the fake Discord's sessions.
type program struct {
	args           []string
	lookupEnv      func(string) (string, bool) // os.LookupEnv
	stdin          io.Reader
	stdout, stderr io.Writer
	// sessions makes the bot's discordgo sessions for a token (bot.Sessions).
	sessions func(token string, workers int) bot.SessionFunc
	// listening, if set, is told the address the HTTP server listens on.
	listening func(addr string)
}

// reportedError is an error run has already logged, in the log's format.
type reportedError struct{ error }

func (e reportedError) Unwrap() error { return e.error }

// errNoToken is returned without a token when no console was asked for and
// standard input has nothing to read (Docker, systemd): exiting 0 would keep
// a restart policy from noticing.
var errNoToken = errors.New("DISCORD_TOKEN is not set: set it to run the bot on Discord (see .env.example), " +
	"or run with -console to read commands from standard input")

// run is the whole program: flags, configuration, logging, then the Discord
// bot or the console.
func run(ctx context.Context, p program) error {
	fl := flag.NewFlagSet("bot", flag.ContinueOnError)
	fl.SetOutput(p.stderr)
	console := fl.Bool("console", false, "read commands from standard input and print the replies, without Discord")
	envFile := fl.String("env", ".env", "file of KEY=value lines; the real environment wins. The default .env is read when present; a file named here must exist")
	imageDir := fl.String("image-dir", ".", "console mode: write the pictures of replies into this directory")
	probe := fl.String("healthcheck", "", "GET this URL (such as http://127.0.0.1:8080/readyz) and exit 0 if it answers 200, else 1: a health check for images without a shell")
	if err := fl.Parse(p.args); err != nil {
		return err
	}
	if *probe != "" {
		return healthcheck(ctx, *probe)
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q: configuration comes from the environment (see .env.example)", fl.Args())
	}
	envFileSet := false
	fl.Visit(func(f *flag.Flag) { envFileSet = envFileSet || f.Name == "env" })
	getenv, err := withEnvFile(p.lookupEnv, *envFile, envFileSet)
	if err != nil {
		return err
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		if strings.EqualFold(strings.TrimSpace(getenv("LOG_FORMAT")), "json") {
			// A supervisor reading JSON logs sees why the process stopped.
			slog.New(slog.NewJSONHandler(p.stderr, nil)).Error(err.Error())
			return reportedError{err}
		}
		return err
	}
	log := newLogger(cfg, p.stderr)

	if *console || cfg.Token == "" {
		err := runConsoleMode(ctx, p, cfg, *console, *imageDir)
		if errors.Is(err, errNoToken) && cfg.LogFormat == "json" {
			log.Error(err.Error())
			return reportedError{err}
		}
		return err
	}

	if err := runBot(ctx, p, cfg, log); err != nil {
		// One line that names the cause and the fix (see bot.FatalError), in
		// the log's format, so that a supervisor's log shows it.
		log.Error(err.Error())
		return reportedError{err}
	}
	return nil
}

// runBot runs the Discord bot and, with HTTP_ADDR, the HTTP server beside
// it: the interactions endpoint (with DISCORD_PUBLIC_KEY), /healthz, /readyz
// and /metrics. The HTTP server outlives the bot's shutdown, so that
// interactions in flight are answered and /readyz says the process is going.
func runBot(ctx context.Context, p program, cfg Config, log *slog.Logger) error {
	store, games, closeStore, err := openSettings(ctx, cfg.DatabaseURL, log)
	if err != nil {
		return err
	}
	defer closeStore()
	cfg.Bot.Settings = store
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	pool, err := newPuzzlePool(cfg)
	if err != nil {
		return err
	}
	// The refill stops with the first signal; commands in flight still get
	// puzzles (made on their own time if none is ready).
	defer runPuzzles(ctx, pool, cfg.PuzzleCPU, log)()
	cc := cfg.Command
	cc.Puzzles, cc.Store = pool, store
	// Games are kept in the same database; Discord keeps a board's
	// timestamp up to date.
	cc.Play.Games, cc.Play.Solvers, cc.Play.Timestamps = games, store, true
	b := bot.New(cfg.Bot, command.New(cc), p.sessions(cfg.Token, cfg.Bot.Resolved().Workers), log, bot.NewMetrics(reg))
	bot.CaptureLibraryLogs(log)
	if cfg.HTTPAddr == "" {
		return b.Run(ctx)
	}
	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listen on HTTP_ADDR=%s: %w", cfg.HTTPAddr, err)
	}
	if p.listening != nil {
		p.listening(ln.Addr().String())
	}
	hc := httpserver.Config{Addr: cfg.HTTPAddr, Ready: b.Ready, Registry: reg, Log: log}
	if cfg.PublicKey != nil {
		hc.PublicKey, hc.Interactions = cfg.PublicKey, b.InteractionHandler()
	}
	hs := httpserver.New(hc)
	httpCtx, stopHTTP := context.WithCancel(context.WithoutCancel(ctx))
	defer stopHTTP()
	httpDone := make(chan error, 1)
	go func() { httpDone <- hs.Run(httpCtx, ln, time.Second) }()

	botCtx, stopBot := context.WithCancel(ctx)
	defer stopBot()
	botDone := make(chan error, 1)
	go func() { botDone <- b.Run(botCtx) }()
	select {
	case err := <-botDone:
		stopHTTP()
		if herr := <-httpDone; err == nil {
			err = herr
		}
		return err
	case err := <-httpDone:
		// The HTTP server failed: stop the bot too, and report why.
		stopBot()
		return errors.Join(err, <-botDone)
	}
}

// openTimeout bounds opening the settings database at start-up (connecting,
// migrating); closeTimeout bounds closing it at the end, so that a database
// that stopped answering does not hold the exit.
const (
	openTimeout  = 30 * time.Second
	closeTimeout = 5 * time.Second
)

// openSettings opens the database of DATABASE_URL (bringing its schema up
// to date) and returns the servers' settings through a cache, the games
// kept in the same database, and the function that closes both, the cache
// first. An error names DATABASE_URL, never with its password.
func openSettings(ctx context.Context, url string, log *slog.Logger) (*settings.Cache, settings.Games, func(), error) {
	loc, err := backend.Parse(url)
	if err != nil {
		return nil, nil, nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, openTimeout)
	defer cancel()
	db, err := backend.Open(ctx, url)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("open the settings database (DATABASE_URL=%s): %w", loc, err)
	}
	games, ok := db.(settings.Games)
	if !ok {
		// Both adapters keep games; a backend without them is a bug.
		db.Close()
		return nil, nil, nil, fmt.Errorf("open the settings database (DATABASE_URL=%s): %T keeps no games", loc, db)
	}
	log.Info("settings database open", "database", loc.String())
	store := settings.NewCache(db, settings.CacheOptions{Logger: log.With("component", "settings")})
	return store, games, func() {
		store.Close()
		closed := make(chan error, 1)
		go func() { closed <- db.Close() }()
		select {
		case err := <-closed:
			if err != nil {
				log.Warn("close the settings database", "err", err)
			}
		case <-time.After(closeTimeout):
			log.Warn("the settings database did not close in time; exiting anyway", "waited", closeTimeout)
		}
	}, nil
}

// healthcheck gets url and reports an error unless it answers 200.
func healthcheck(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	resp, err := (&http.Client{Transport: &http.Transport{Proxy: nil}}).Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: %s answered %s: %s", url, resp.Status, strings.TrimSpace(string(body)))
	}
	return nil
}

// runConsoleMode runs the console when asked (-console), when standard
// input is a terminal, or when it has something to read (a pipe or a file of
// commands); otherwise, without a token, there is nothing to do and it
// returns errNoToken.
func runConsoleMode(ctx context.Context, p program, cfg Config, asked bool, imageDir string) error {
	if fi, err := os.Stat(imageDir); err != nil || !fi.IsDir() {
		if err == nil {
			err = errors.New("not a directory")
		}
		return fmt.Errorf("-image-dir %s: %w", imageDir, err)
	}
	interactive := isTerminal(p.stdin)
	in := p.stdin
	if !asked && !interactive {
		br := bufio.NewReader(p.stdin)
		has, err := hasInput(ctx, br)
		if err != nil {
			return fmt.Errorf("read standard input: %w", err)
		}
		if !has {
			return errNoToken
		}
		in = br
	}
	if !asked {
		fmt.Fprintln(p.stderr, "DISCORD_TOKEN is not set, so the bot runs in console mode: it reads commands such as "+
			cfg.Command.Prefix+"solve followed by a grid, and prints the replies it would post.")
	}
	if interactive {
		fmt.Fprintln(p.stderr, "Type a command and its grid; an empty line ends a message. Ctrl-D or Ctrl-C quits.")
	}
	pool, err := newPuzzlePool(cfg)
	if err != nil {
		return err
	}
	defer runPuzzles(ctx, pool, cfg.PuzzleCPU, nil)()
	games, closeGames, err := openConsoleGames(ctx)
	if err != nil {
		return err
	}
	defer closeGames()
	cc := cfg.Command
	cc.Puzzles = pool
	cc.Play.Games = games
	if cfg.DatabaseURL != backend.DefaultURL {
		// /settings and /daily stats work on the database named; without
		// one, they say that nothing is kept (no file is made).
		store, _, closeStore, err := openSettings(ctx, cfg.DatabaseURL, slog.New(slog.NewTextHandler(p.stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
		if err != nil {
			return err
		}
		defer closeStore()
		cc.Store = store
	}
	h := command.New(cc)
	return runConsole(ctx, h, in, p.stdout, p.stderr, interactive, imageDir)
}

// hasInput waits until r has a byte to read or is at its end, and reports
// which; a signal meanwhile counts as nothing to read.
func hasInput(ctx context.Context, r *bufio.Reader) (bool, error) {
	type peeked struct {
		ok  bool
		err error
	}
	done := make(chan peeked, 1)
	go func() {
		_, err := r.Peek(1)
		if errors.Is(err, io.EOF) {
			done <- peeked{}
			return
		}
		done <- peeked{ok: err == nil, err: err}
	}()
	select {
	case p := <-done:
		return p.ok, p.err
	case <-ctx.Done():
		return false, nil
	}
}

// withEnvFile returns a getenv that reads the environment through lookup and
// falls back to the values of file for variables the environment does not
// set (a variable set to "" in the environment wins, as with godotenv.Load).
// A missing file is fine unless required (named on the command line).
func withEnvFile(lookup func(string) (string, bool), file string, required bool) (func(string) string, error) {
	var vals map[string]string
	if file != "" {
		var err error
		vals, err = readEnvFile(file)
		if errors.Is(err, fs.ErrNotExist) && !required {
			err = nil
		}
		if err != nil {
			return nil, err
		}
	}
	return func(k string) string {
		if v, ok := lookup(k); ok {
			return v
		}
		return vals[k]
	}, nil
}

// EnvFileError is a file of KEY=value lines that cannot be read as one. It
// names the file and the line only: godotenv's own message quotes the rest
// of the file from where it stopped, tokens and passwords included.
type EnvFileError struct {
	File string
	Line int // from 1; 0 when the line is not known
}

func (e *EnvFileError) Error() string {
	where := ""
	if e.Line > 0 {
		where = fmt.Sprintf(", line %d", e.Line)
	}
	return fmt.Sprintf("read %s%s: not a KEY=value line (a name is letters, digits and _; a quoted value needs its closing quote); "+
		"the line is not shown, as it may hold a secret", e.File, where)
}

// readEnvFile reads file with godotenv. An error reading the file (it does
// not exist, say) is returned wrapped; one parsing it is an
// [*EnvFileError].
func readEnvFile(file string) (map[string]string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", file, err)
	}
	vals, err := godotenv.UnmarshalBytes(b)
	if err != nil {
		return nil, &EnvFileError{File: file, Line: badEnvLine(b)}
	}
	return vals, nil
}

// badEnvLine returns the line of env (which godotenv cannot parse) where
// it goes wrong: the last line n such that the lines before n parse and the
// lines up to n do not. A quoted value may span lines, so the first prefix
// that fails is not always the culprit; a value left open at the end fails
// every prefix from its first line.
func badEnvLine(env []byte) int {
	lines := bytes.SplitAfter(env, []byte("\n"))
	bad := 0
	prevOK := true // no lines parse
	end := 0
	for n, l := range lines {
		end += len(l)
		_, err := godotenv.UnmarshalBytes(env[:end])
		if err != nil && prevOK {
			bad = n + 1
		}
		prevOK = err == nil
	}
	return bad
}

// newLogger builds the structured logger the configuration asks for.
func newLogger(cfg Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// isTerminal reports whether r is a terminal (not merely a character
// device: /dev/null is one too).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
