package render

import (
	"strings"
	"unicode"
)

// Error renders a message for the user about something that went wrong,
// such as a parse error. msg may quote user input: it is neutralised (see
// package render) and cut with "…" to fit [MaxLen].
func Error(msg string) string {
	const prefix = "⚠️ "
	return prefix + neutral(msg, MaxLen-Len(prefix))
}

// Notice renders a short notice, such as "busy, try again in a minute", or
// the parser's help text, neutralised and cut to fit [MaxLen] like [Error].
func Notice(text string) string {
	return neutral(text, MaxLen)
}

// markup lists the characters that Discord Markdown gives a meaning to; each
// is escaped with a backslash, which Discord removes when it shows the text.
const markup = "\\*_~`|>#-[]()"

// neutral returns s as Discord will show it literally, in at most budget
// units of [Len]: Markdown characters escaped, so that no code fence, bold or
// spoiler can start; a zero-width space after every @ and <, so that no
// @everyone, @here or <@id>, <@&id>, <#id> mention works; controls and
// direction overrides replaced by U+FFFD, tabs by spaces, CR dropped.
func neutral(s string, budget int) string {
	var b strings.Builder
	used, cut := 0, -1 // cut: where to end, with an ellipsis, if the whole does not fit
	const ellipsis = "…"
	for _, r := range s { // invalid UTF-8 comes out as U+FFFD
		var piece string
		switch {
		case r == '\n':
			piece = "\n"
		case r == '\r':
			continue
		case r == '\t':
			piece = " "
		case r == '@' || r == '<':
			piece = string(r) + "\u200b"
		case strings.ContainsRune(markup, r):
			piece = `\` + string(r)
		case unicode.IsControl(r) || bidiControl(r) || r == '\u2028' || r == '\u2029':
			piece = "\uFFFD"
		default:
			piece = string(r)
		}
		n := Len(piece)
		if cut < 0 && used+n > budget-Len(ellipsis) {
			cut = b.Len()
		}
		if used+n > budget {
			return b.String()[:cut] + ellipsis
		}
		b.WriteString(piece)
		used += n
	}
	return b.String()
}

// bidiControl reports whether r changes the direction of the text around it.
func bidiControl(r rune) bool {
	return r == '\u061C' || r == '\u200E' || r == '\u200F' ||
		r >= '\u202A' && r <= '\u202E' || r >= '\u2066' && r <= '\u2069'
}
