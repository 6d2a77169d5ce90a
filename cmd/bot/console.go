package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sudokubot/sudokubot/command"
)

// runConsole reads messages from in and writes the replies the bot would post
// to out, each followed by an empty line. A message begins at a line that
// starts with the command prefix and runs until the next such line or the end
// of input, so a grid pasted over several lines after a command is one message
// and a file of commands can be piped in. When interactive is set, an empty
// line also ends a message, so a reply comes without waiting for the next one.
func runConsole(ctx context.Context, h *command.Handler, in io.Reader, out, errw io.Writer, interactive bool) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var msg strings.Builder
	have := false
	line := 0
	flush := func() {
		if !have {
			return
		}
		text := msg.String()
		msg.Reset()
		have = false
		req, ok := h.Match(text, "")
		if !ok {
			fmt.Fprintf(errw, "(no reply: %q is not a command the bot answers)\n", firstLine(text))
			return
		}
		rep := h.Handle(ctx, req)
		fmt.Fprintf(out, "%s\n\n", rep.Text)
	}
	for sc.Scan() {
		line++
		if ctx.Err() != nil {
			return nil
		}
		t := strings.TrimSuffix(sc.Text(), "\r")
		trimmed := strings.TrimSpace(t)
		switch {
		case strings.HasPrefix(trimmed, h.Prefix()):
			flush()
			have = true
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
	flush()
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read console input line %d: %w", line+1, err)
	}
	return nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}
