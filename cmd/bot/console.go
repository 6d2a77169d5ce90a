package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/command"
)

// runConsole reads messages from in and writes the replies the bot would post
// to out, each followed by an empty line. A message begins at a line that
// starts with the command prefix and runs until the next such line or the end
// of input, so a grid pasted over several lines after a command is one message
// and a file of commands can be piped in. When interactive is set, an empty
// line also ends a message, so a reply comes without waiting for the next one.
//
// A word @PATH in a message attaches the file PATH, as a picture attached
// to a message in Discord (!solve @photo.jpg reads the grid from it).
//
// A message whose first line starts with ^ before the prefix (^!check …)
// replies to the bot's previous reply, as replying to a message does in
// Discord: a check or hint replying to a puzzle's post is about that
// puzzle.
//
// A line of moves (r3c5 7, undo, hint: see package game) is played on the
// console's game, started with !play, and the board printed after it.
//
// Attachments follow their reply: a text file (an explanation) is printed
// between lines naming it; a picture is written into imageDir as
// N-NAME (N counting the replies, NAME the attachment's name, such as
// 3-SPOILER_solution.png) and its path printed.
func runConsole(ctx context.Context, h *command.Handler, in io.Reader, out, errw io.Writer, interactive bool, imageDir string) error {
	lines, readErr := readLines(ctx, in)
	var msg strings.Builder
	have := false
	line, answered := 0, 0
	last := "" // the previous reply, what a ^ message replies to
	var show func(rep command.Reply)
	show = func(rep command.Reply) {
		last = rep.Text
		answered++
		fmt.Fprintf(out, "%s\n", asShown(rep.Text))
		for _, f := range rep.Files {
			printFile(out, errw, f, imageDir, answered)
		}
		if rep.Err != nil {
			fmt.Fprintf(errw, "(%v)\n", rep.Err)
		}
		fmt.Fprintln(out)
		if rep.Game != nil {
			for _, a := range rep.Game.Aside { // a check, a hint: for the player alone in Discord
				show(a)
			}
		}
	}
	flush := func() {
		if !have {
			return
		}
		text := msg.String()
		msg.Reset()
		have = false
		text, isReply := strings.CutPrefix(strings.TrimLeftFunc(text, unicode.IsSpace), replyMark)
		rep, ok := serverCommand(ctx, h, text)
		if !ok {
			text, attached := attachment(text)
			req, isCommand := h.Match(text, "")
			req.Attached = attached
			if !isCommand {
				fmt.Fprintf(errw, "(no reply: %q is not a command the bot answers)\n", firstLine(text))
				return
			}
			if isReply {
				req.Reference, req.ReferenceUnread = last, last == ""
			}
			req.Seat = &consoleSeat
			rep = h.Handle(ctx, req)
		}
		show(rep)
	}
	for {
		var t string
		var ok bool
		select {
		case <-ctx.Done():
			return nil
		case t, ok = <-lines:
		}
		if !ok {
			break
		}
		line++
		t = strings.TrimSuffix(t, "\r")
		trimmed := strings.TrimSpace(t)
		switch {
		case startsCommand(h, trimmed):
			flush()
			have = true
		case isMoveLine(trimmed):
			flush() // moves end the message before them, as in a game's thread
			if rep, ok := h.MoveIn(ctx, consoleSeat, trimmed); ok {
				show(rep)
			} else {
				fmt.Fprintf(errw, "(line %d ignored: no game is being played here; start one with %splay)\n", line, h.Prefix())
			}
			continue
		case interactive && trimmed == "":
			flush()
			continue
		case !have:
			if trimmed != "" {
				fmt.Fprintf(errw, "(line %d ignored: a message starts with a line beginning with %q)\n", line, h.Prefix())
			}
			continue
		}
		msg.WriteString(t)
		msg.WriteByte('\n')
	}
	if ctx.Err() != nil {
		return nil // stopped by a signal: a half-typed message gets no reply
	}
	flush()
	if err := <-readErr; err != nil {
		return fmt.Errorf("read console input line %d: %w", line+1, err)
	}
	return nil
}

// printFile shows one attachment of the reply numbered n: a text file's
// name and content, or the path a picture (any other file) is written to in
// dir. A file that cannot be written is said on errw; the console goes on.
func printFile(out, errw io.Writer, f command.File, dir string, n int) {
	if strings.HasPrefix(f.ContentType, "text/") {
		text := strings.TrimSuffix(string(f.Data), "\n")
		fmt.Fprintf(out, "[attachment %s]\n%s\n[end of %s]\n", f.Name, text, f.Name)
		return
	}
	path := filepath.Join(dir, fmt.Sprintf("%d-%s", n, filepath.Base(f.Name)))
	if err := os.WriteFile(path, f.Data, 0o644); err != nil {
		fmt.Fprintf(errw, "(attachment %s not written: %v)\n", f.Name, err)
		return
	}
	fmt.Fprintf(out, "[attachment %s: %s, %d bytes]\n", f.Name, path, len(f.Data))
}

// startsCommand reports whether a line begins a new message: the prefix
// followed by a word, so that a grid row such as "-----" does not, even with
// "-" as the prefix. An unknown word starts a message too (it is not
// answered, as in Discord).
func startsCommand(h *command.Handler, line string) bool {
	if isServerCommand(line) {
		return true
	}
	rest, ok := strings.CutPrefix(strings.TrimPrefix(line, replyMark), h.Prefix())
	if !ok || rest == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return unicode.IsLetter(r)
}

// The console stands for one server, consoleGuild, and its member at the
// keyboard, consoleUser, who may change its settings: /settings and /daily
// stats are about them.
const (
	consoleGuild = "1"
	consoleUser  = "1"
)

// isServerCommand reports whether line is one of the server commands the
// console runs as Discord's slash commands: /settings or /daily stats.
func isServerCommand(line string) bool {
	f := strings.Fields(line)
	return len(f) > 0 && (f[0] == "/settings" || (f[0] == "/daily" && len(f) == 2 && f[1] == "stats"))
}

// serverCommand runs a server command written as a line: /daily stats, or
// /settings with its subcommand's words and its options as name=value
// ("/settings channels add channel=123", "/settings daily channel=123
// hour=9 level=easy"; no subcommand means show). It reports false for any
// other message.
func serverCommand(ctx context.Context, h *command.Handler, text string) (command.Reply, bool) {
	line, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	if !isServerCommand(line) {
		return command.Reply{}, false
	}
	f := strings.Fields(line)
	if f[0] == "/daily" {
		return h.DailyStats(ctx, consoleGuild, consoleUser), true
	}
	req := command.SettingsRequest{GuildID: consoleGuild, CanManage: true, Options: map[string]string{}}
	var sub []string
	for _, w := range f[1:] {
		if k, v, ok := strings.Cut(w, "="); ok {
			req.Options[k] = v
		} else {
			sub = append(sub, w)
		}
	}
	req.Sub = cmp.Or(strings.Join(sub, " "), "show")
	return h.Settings(ctx, req), true
}

// attachment takes the first word @PATH out of a message and returns the
// file PATH as an attached picture (with the error of reading it, if any).
func attachment(text string) (string, *command.Image) {
	for _, w := range strings.Fields(text) {
		path, ok := strings.CutPrefix(w, "@")
		if !ok || path == "" {
			continue
		}
		img := &command.Image{Name: filepath.Base(path)}
		if fi, err := os.Stat(path); err != nil {
			img.Err = err
		} else if fi.Size() > maxAttachment {
			img.Err = fmt.Errorf("%s: %d bytes, over %d", path, fi.Size(), maxAttachment)
		} else {
			img.Data, img.Err = os.ReadFile(path)
		}
		return strings.Replace(text, w, "", 1), img
	}
	return text, nil
}

// maxAttachment is the largest file the console attaches: Discord's limit
// for a free account's upload is far below it.
const maxAttachment = 64 << 20

// replyMark before a command makes it a reply to the previous reply.
const replyMark = "^"

// readLines reads in line by line on its own goroutine, so that the console
// can stop at a signal while a read is blocked. The error channel gets the
// read error (or nil) once lines is closed.
func readLines(ctx context.Context, in io.Reader) (<-chan string, <-chan error) {
	lines := make(chan string)
	errc := make(chan error, 1)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				errc <- nil
				return
			}
		}
		errc <- sc.Err()
	}()
	return lines, errc
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

// asShown returns a reply as Discord shows it: without the backslashes that
// escape Markdown characters in notices (render escapes them so that no
// user text can format a reply; Discord does not show them) and without
// the zero-width spaces that keep @ and < from mentioning anyone. Code
// blocks are left as they are: Discord shows them verbatim.
func asShown(s string) string {
	var b strings.Builder
	inCode := false
	for _, line := range strings.SplitAfter(s, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inCode = !inCode
			b.WriteString(line)
			continue
		}
		if inCode {
			b.WriteString(line)
			continue
		}
		line = strings.ReplaceAll(line, "\u200b", "")
		for j := 0; j < len(line); j++ {
			if line[j] == '\\' && j+1 < len(line) && strings.IndexByte(markdownChars, line[j+1]) >= 0 {
				j++
			}
			b.WriteByte(line[j])
		}
	}
	return b.String()
}

// markdownChars are the characters render escapes with a backslash.
const markdownChars = "\\*_~`|>#-[]()"
