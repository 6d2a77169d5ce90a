// Command bot runs the Sudoku bot on Discord, or in console mode on standard
// input and output when no Discord token is configured (or with -console).
//
// Usage:
//
//	go run ./cmd/bot            # Discord when DISCORD_TOKEN is set, else the console
//	go run ./cmd/bot -console   # the console, whatever the configuration
//	echo '!solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79' | go run ./cmd/bot
//
// Configuration comes from the environment, and from a .env file in the
// working directory when there is one (the real environment wins):
//
//	DISCORD_TOKEN           bot token; without it the console mode runs
//	COMMAND_PREFIX          text command prefix (default !)
//	SOLVE_TIMEOUT           deadline of one solve, a Go duration (default 2s)
//	SOLVE_WORKERS           solves that run at once (default: number of CPUs)
//	SOLVE_QUEUE             solves that may wait for a worker (default 4 × workers)
//	USER_RATE_LIMIT         commands per user per minute (default 12)
//	USER_RATE_BURST         commands a user may send at once (default 4)
//	CHANNEL_BACKLOG         replies that may wait to be posted in one channel (default 32)
//	DEV_GUILD_ID            register slash commands in this server only (default: globally)
//	SPOILER_SOLUTIONS       wrap solutions in spoiler tags (default false)
//	MESSAGE_CONTENT_INTENT  ask for the privileged message content intent (default true)
//	SHUTDOWN_GRACE          time to finish commands in flight on SIGINT/SIGTERM (default 10s)
//	LOG_LEVEL               debug, info, warn or error (default info)
//	LOG_FORMAT              text or json (default text)
//
// .env.example documents the same variables.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/joho/godotenv"

	"github.com/sudokubot/sudokubot/bot"
	"github.com/sudokubot/sudokubot/command"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// After the first signal, a second one ends the process at once.
	context.AfterFunc(ctx, stop)
	if err := run(ctx, os.Args[1:], os.LookupEnv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		var logged reportedError
		if !errors.As(err, &logged) {
			fmt.Fprintln(os.Stderr, "sudokubot:", err)
		}
		os.Exit(1)
	}
}

// reportedError is an error run has already logged, in the log's format.
type reportedError struct{ error }

func (e reportedError) Unwrap() error { return e.error }

// run is the whole program: flags, configuration, logging, then the Discord
// bot or the console. lookupEnv reads the environment (os.LookupEnv in main).
func run(ctx context.Context, args []string, lookupEnv func(string) (string, bool), stdin io.Reader, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("bot", flag.ContinueOnError)
	fl.SetOutput(stderr)
	console := fl.Bool("console", false, "read commands from standard input and print the replies, without Discord")
	envFile := fl.String("env", ".env", "file of KEY=value lines; the real environment wins. The default .env is read when present; a file named here must exist")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if fl.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q: configuration comes from the environment (see .env.example)", fl.Args())
	}
	envFileSet := false
	fl.Visit(func(f *flag.Flag) { envFileSet = envFileSet || f.Name == "env" })
	getenv, err := withEnvFile(lookupEnv, *envFile, envFileSet)
	if err != nil {
		return err
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)

	if *console || cfg.Token == "" {
		interactive := isTerminal(stdin)
		if !*console {
			fmt.Fprintln(stderr, "DISCORD_TOKEN is not set, so the bot runs in console mode: it reads commands such as "+
				cfg.Prefix+"solve followed by a grid, and prints the replies it would post.")
		}
		if interactive {
			fmt.Fprintln(stderr, "Type a command and its grid; an empty line ends a message. Ctrl-D or Ctrl-C quits.")
		}
		h := command.New(command.Config{Prefix: cfg.Prefix, SolveTimeout: cfg.SolveTimeout, Spoiler: cfg.SpoilerSolutions})
		return runConsole(ctx, h, stdin, stdout, stderr, interactive)
	}

	sessions := bot.Sessions(cfg.Token, cfg.Workers)
	b := bot.New(bot.Config{
		Prefix:           cfg.Prefix,
		SolveTimeout:     cfg.SolveTimeout,
		Workers:          cfg.Workers,
		Queue:            cfg.Queue,
		UserRate:         cfg.UserRate,
		UserBurst:        cfg.UserBurst,
		ChannelBacklog:   cfg.ChannelBacklog,
		DevGuildID:       cfg.DevGuildID,
		SpoilerSolutions: cfg.SpoilerSolutions,
		MessageContent:   cfg.MessageContent,
		ShutdownGrace:    cfg.ShutdownGrace,
	}, sessions, log, nil)
	bot.CaptureLibraryLogs(log)
	if err := b.Run(ctx); err != nil {
		// One line that names the cause and the fix (see bot.FatalError), in
		// the log's format, so that a supervisor's log shows it.
		log.Error(err.Error())
		return reportedError{err}
	}
	return nil
}

// withEnvFile returns a getenv that reads the environment through lookup and
// falls back to the values of file for variables the environment does not
// set (a variable set to "" in the environment wins, as with godotenv.Load).
// A missing file is fine unless required (named on the command line).
func withEnvFile(lookup func(string) (string, bool), file string, required bool) (func(string) string, error) {
	var vals map[string]string
	if file != "" {
		var err error
		vals, err = godotenv.Read(file)
		if errors.Is(err, fs.ErrNotExist) && !required {
			err = nil
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", file, err)
		}
	}
	return func(k string) string {
		if v, ok := lookup(k); ok {
			return v
		}
		return vals[k]
	}, nil
}

// newLogger builds the structured logger the configuration asks for.
func newLogger(cfg Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
