package gateway

import (
	"context"
	"fmt"
	"log/slog"
	"path"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/rest"
)

// discordgo writes its own log lines ("[DG0] wsapi.go:229:listen() …") with
// the standard log package, which bypasses slog and breaks LOG_FORMAT=json;
// its only hook is the package variable discordgo.Logger, one for the
// process. libraryLogs is that hook: it sends each line through slog at its
// level, to the logger of the bot whose gateway the line names (every line
// about a connection quotes the gateway URL), else to slog.Default().
//
// The hook also sees what the bot cannot otherwise: the close code Discord
// sent on a live connection, which discordgo only logs. A fatal one (a token
// revoked while running, sharding required after Discord re-identified the
// session) stops the bot it belongs to.
var libraryLogs = &logRouter{bots: map[string]logOwner{}}

// logOwner is where the lines about one bot's gateway go: its logger, and
// the function that stops it on a fatal close code.
type logOwner struct {
	log   *slog.Logger
	fatal func(error)
}

type logRouter struct {
	once     sync.Once
	fallback atomic.Pointer[slog.Logger] // for lines about no running bot
	mu       sync.Mutex
	bots     map[string]logOwner // by gateway URL
}

// CaptureLibraryLogs routes discordgo's log lines through slog, each at its
// level (error, warning, info as debug), with interaction tokens redacted and
// no event payloads: to the logger of the bot they are about, else to
// fallback (nil: slog.Default()). Call it before any session exists (in
// main before the bot runs; in TestMain in tests): discordgo reads its hook
// without synchronisation, so it is installed by the first call only; later
// calls only change fallback.
func CaptureLibraryLogs(fallback *slog.Logger) {
	libraryLogs.fallback.Store(fallback)
	libraryLogs.once.Do(func() { discordgo.Logger = libraryLogs.log })
}

// RouteLibraryLogs sends the library's lines about gateway url to log, and
// a fatal close code they name to fatal, until the returned function is
// called.
func RouteLibraryLogs(url string, log *slog.Logger, fatal func(error)) func() {
	if url == "" {
		return func() {}
	}
	r := libraryLogs
	r.mu.Lock()
	r.bots[url] = logOwner{log: log, fatal: fatal}
	r.mu.Unlock()
	return func() {
		r.mu.Lock()
		if r.bots[url].log == log {
			delete(r.bots, url)
		}
		r.mu.Unlock()
	}
}

// owner returns the bot whose gateway URL starts one of args, and false
// when there is none.
func (r *logRouter) owner(args []any) (logOwner, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, a := range args {
		s, ok := a.(string)
		if !ok {
			continue
		}
		for url, o := range r.bots {
			if strings.HasPrefix(s, url) {
				return o, true
			}
		}
	}
	return logOwner{}, false
}

// log is discordgo.Logger.
func (r *logRouter) log(msgL, caller int, format string, args ...any) {
	b, owned := r.owner(args)
	log := r.fallback.Load()
	if owned {
		log = b.log
	} else if log == nil {
		log = slog.Default()
	}
	level := slog.LevelDebug
	switch msgL {
	case discordgo.LogError:
		level = slog.LevelError
	case discordgo.LogWarning:
		level = slog.LevelWarn
	}
	msg := libraryMessage(format, args)
	if strings.HasPrefix(format, "Expected READY/RESUMED") {
		// A resume replays missed events before RESUMED: routine.
		level = slog.LevelDebug
	}
	attrs := []any{"source", "discordgo"}
	if _, file, line, ok := runtime.Caller(caller + 1); ok {
		attrs = append(attrs, "at", fmt.Sprintf("%s:%d", path.Base(file), line))
	}
	log.Log(context.Background(), level, msg, attrs...)
	if !owned {
		return
	}
	for _, a := range args {
		if err, ok := a.(error); ok {
			if f := FatalClose(err); f != nil {
				b.fatal(f)
			}
		}
	}
}

// libraryMessage formats a discordgo log line without what must not reach a
// log: %#v dumps of events (their payloads, the identify with the token) are
// left out, long values cut, interaction tokens redacted.
func libraryMessage(format string, args []any) string {
	if i := strings.Index(format, "%#v"); i >= 0 {
		return strings.TrimSpace(strings.TrimRight(format[:i], ":\n "))
	}
	clean := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case string:
			clean[i] = cut(v)
		case []byte:
			clean[i] = cut(string(v))
		default:
			clean[i] = a
		}
	}
	msg := strings.TrimSpace(fmt.Sprintf(format, clean...))
	return rest.TokenInURL.ReplaceAllString(msg, "${1}[token]")
}

func cut(s string) string {
	const max = 200
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}
