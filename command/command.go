// Package command is the bot's command handling without any transport: text in,
// reply text out. The Discord adapter (package bot) and the console mode of
// cmd/bot both use it, so what the console prints is exactly what the bot posts.
//
// A message is for the bot when it starts with the command prefix ("!" by
// default) or with a mention of the bot, followed by a command word:
//
//	!solve <grid>   solve a puzzle; the grid may follow on the same line, on the
//	                next lines, or in a code block
//	!check <grid>   check a grid in progress: conflicts, still solvable, unique,
//	                complete — without revealing the solution
//	!hint <grid>    the next logical step: where to look, then the conclusion
//	                in spoiler bars
//	!rate <grid>    the puzzle's rating on the Sudoku Explainer scale
//	!explain <grid> the whole logical path, with a .txt attachment when long
//	!new [level] [size]  a puzzle to play: easy, medium, hard (the default),
//	                expert or extreme; 4x4 to 16x16 (9x9 by default); or
//	                !new #9H-abb63100 for the puzzle of a code
//	!daily [level] [YYYY-MM-DD]  the day's puzzle (UTC date), Hard unless a
//	                level is named; of an earlier day when one is named
//	!candidates <link>  the true candidates of a variant puzzle
//	!play [level] [size] [symmetric] [code] [grid] [together]  a game
//	                played move by move (see play.go and package game)
//	!stats, !leaderboard [level]  a member's games; the server's fastest
//	                solves this week
//	!help           what the bot does and the formats it reads
//
// Solve and check also take an f-puzzles or SudokuPad link to a variant
// puzzle (killer cages, thermometers, arrows, …: see package variant/link),
// and check then checks the digits the link carries or a grid pasted after
// it; hint, rate and explain say they are for classic Sudoku. The code for
// links is in variant.go.
//
// A check or hint that replies to a puzzle's post (its text is
// [Request.Reference]) is about that puzzle: the grid is checked against
// it (givens kept, no wrong digit, without saying which), and a hint
// without a grid is the puzzle's first. The puzzle is found by the code in
// the post and made again from it, nothing stored.
//
// The word img at the end of a command (or right after the command word)
// asks for a picture of the board with the reply; see [PictureMode] for when
// replies carry one anyway. Pictures are attachments ([Reply.Files]) drawn
// by package picture, decided here so that every transport and the console
// post the same files.
//
// Unknown words after the prefix are not for the bot (other bots share the
// prefix) and are ignored; after a mention they get the help.
package command

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/sudoku"
)

// Kind is a command the bot knows.
type Kind uint8

// The commands.
const (
	Help Kind = iota + 1
	Solve
	Check
	Hint
	Rate
	Explain
	NewPuzzle  // !new: a puzzle to play (New is the Handler's constructor)
	Daily      // the day's puzzle
	Candidates // the true candidates of a variant puzzle's link
)

// The commands of games (play.go, stats.go).
const (
	Play        Kind = Candidates + 1 + iota // a game played move by move
	Stats                                    // a member's games
	Leaderboard                              // the server's fastest solves this week
)

var kindNames = map[string]Kind{"help": Help, "solve": Solve, "check": Check, "hint": Hint, "rate": Rate, "explain": Explain,
	"new": NewPuzzle, "daily": Daily, "candidates": Candidates, "play": Play,
	"stats": Stats, "leaderboard": Leaderboard}

// String returns the command word: "help", "solve", "check", "hint", "rate",
// "explain", "new", "daily", "candidates", "play", "stats" or "leaderboard".
func (k Kind) String() string {
	for name, kind := range kindNames {
		if kind == k {
			return name
		}
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// KindOf returns the command named by word (case-insensitive), and false if the
// word names none.
func KindOf(word string) (Kind, bool) {
	k, ok := kindNames[strings.ToLower(word)]
	return k, ok
}

// Request is one command to run: what to do and the text after the command word.
type Request struct {
	Kind Kind
	Args string
	// Unknown is set when a mention of the bot was followed by a word that is no
	// command; the reply is then the help, naming the word.
	Unknown string
	// Line and Col (from 1) locate the start of Args in the message, so that
	// the position in an error is where the person sees it. Zero means Args is
	// the whole text (a slash command's option).
	Line, Col int
	// Picture is what the command asks about a picture of its board; the
	// word img in Args asks for one too (see [PictureWord]).
	Picture PictureChoice
	// Reference is the text of the message the command replies to, when it
	// is a reply (on Discord; the console's ^ lines). When it holds a
	// puzzle code, such as the post of !new shows, that puzzle is the
	// reference: a check's grid is checked against it, a hint without a
	// grid is its first hint, a solve, rate or explain without a grid is of
	// it (see [Request.UsesReference]).
	Reference string
	// Code is a puzzle's code given with the command (the slash commands'
	// code: option, since a slash command cannot reply to a post): that
	// puzzle is the reference, as a post's code in Reference is. A code
	// that cannot be read gets an error reply.
	Code string
	// ReferenceUnread is set when the command replies to a message whose
	// text could not be read (deleted, or Discord did not answer in time):
	// a command that needed it says so.
	ReferenceUnread bool
	// UserID is who sent the command (a Discord user ID), when known: a
	// member who asks for the solution of today's daily puzzle is refused
	// and not ranked among today's solvers (see [Config.Ranking]).
	UserID string
	// Mentioned is set when the message began with a mention of the bot
	// rather than the prefix.
	Mentioned bool
	// Settings, when set, are what this request runs with in place of the
	// Handler's Config: the settings of the server and channel it came
	// from, so that one Handler serves every server.
	Settings *Settings
	// Seat says who sent the request and where, for !play (see [Seat]);
	// nil where the transport does not say (games then cannot start).
	Seat *Seat
	// Attached is the first picture attached to the request (a pointer,
	// so that a Request stays comparable): a solve, check, hint, rate or
	// explain without grid text reads its grid from it (see [Image]).
	Attached *Image
}

// Settings are the part of a [Config] that servers choose for themselves
// (and channels, for spoilers): a [Request] may carry its own.
type Settings struct {
	Prefix   string      // text commands' prefix, shown in help and usage; "" keeps the Handler's
	Spoiler  bool        // wrap solutions in spoiler tags
	Pictures PictureMode // when replies carry a picture of their board
}

// Reply is what the bot answers, with the facts an operator's log line needs.
type Reply struct {
	Text string // the whole message to post, at most render.MaxLen characters
	// Files are attachments to post with Text, such as the whole path of an
	// explanation that does not fit the message, or pictures of the board
	// (see [PictureMode]).
	Files []File
	// Fallback, when set, is the text to post instead of Text when the files
	// cannot be posted: Text leaves a large board to its picture, and
	// Fallback has the board in monospace.
	Fallback string
	// Err is a problem the reply worked around, for the operator's log, such
	// as a picture that could not be drawn (the text board went instead).
	Err error
	// Outcome is for logs: unique, multiple, none, invalid, timeout,
	// cancelled, complete, parse_error, no_grid, help; for hint, rate and
	// explain also step, rated, explained, needs_guess, and bad_marks (a
	// hint on pencil marks that cannot be used).
	Outcome   string
	Size      int           // grid side when a grid was read, else 0
	SolveTime time.Duration // time spent in the solver
	// UserError is set when the input was at fault (no grid, unreadable grid):
	// such replies are shown only to the user where the transport can do that.
	UserError bool
	// Game is set on the replies about a game (!play and its moves): which
	// game, where its board is, and the answers for the player alone.
	Game *GameRef
	// Buttons go under the reply (a game's board, Play under a puzzle);
	// Form, set instead of Text, is a form to open (see components.go).
	Buttons []Button
	Form    *Form
}

// File is an attachment of a [Reply], such as a picture of the grid or a
// step-by-step explanation. Transports post the files with the reply's text in
// one message; when an upload fails, the text goes out alone.
type File struct {
	Name        string // file name shown to the user, such as "solution.png"
	ContentType string // MIME type, such as "image/png" or "text/plain; charset=utf-8"
	Data        []byte // the file's bytes
}

// Defaults of [Config], also used by the transports' own configuration.
const (
	DefaultPrefix       = "!"
	DefaultSolveTimeout = 2 * time.Second
)

// SlashPrefix as the prefix makes replies point to slash commands (/check,
// /new code:), for a bot that text commands cannot reach.
const SlashPrefix = "/"

// Config sets up a [Handler].
type Config struct {
	Prefix       string        // command prefix, such as "!"
	SolveTimeout time.Duration // deadline of one solve or check
	Spoiler      bool          // wrap solutions in spoiler tags
	// Pictures says when replies carry a picture of their board; the zero
	// value is PicturesAuto.
	Pictures PictureMode
	Theme    picture.Theme // the pictures' colours; the zero value is Dark
	// Puzzles serves the puzzles of !new and !daily; nil: those commands
	// say puzzles are not available.
	Puzzles *generate.Pool
	// PuzzleTimeout is the deadline of making one puzzle, or making one
	// again from its code; zero means [DefaultPuzzleTimeout].
	PuzzleTimeout time.Duration
	// CodeTimeout is the deadline of making a puzzle again from a code this
	// Handler did not issue lately, and CodeRebuilds how many such codes are
	// made at once (one more is told to try again); zero means
	// [DefaultCodeTimeout] and [DefaultCodeRebuilds].
	CodeTimeout  time.Duration
	CodeRebuilds int
	// PictureTimeout is the deadline of reading one attached picture; zero
	// means [DefaultPictureTimeout].
	PictureTimeout time.Duration
	// Ranking marks the members who ask for the solution of today's daily
	// puzzle as not ranked among today's solvers; nil means Store (when
	// there is one); without either the solution is refused all the same
	// and no one is marked.
	Ranking Unranker
	// Now is the clock that says which day's puzzle !daily gives; nil
	// means time.Now.
	Now func() time.Time
	// Store keeps the servers' settings, daily posts and solvers, for
	// /settings, /daily stats and the record of the daily puzzle's solvers;
	// nil: those say that nothing is kept.
	Store settings.Store
	// Play sets up the games of !play (play.go); without a store, !play
	// says games are not available.
	Play PlayConfig
}

// Handler turns requests into replies. It is safe for concurrent use.
type Handler struct {
	cfg    Config
	served *puzzleCache // puzzles served or made again lately, by code
	codes  *codeGuard   // codes issued lately, and the bounds on the others
	turns  *gameLocks   // plays of one game in this process, one at a time (play_move.go)
}

// New returns a Handler. A zero SolveTimeout means [DefaultSolveTimeout]; an
// empty prefix means [DefaultPrefix].
func New(cfg Config) *Handler {
	if cfg.SolveTimeout <= 0 {
		cfg.SolveTimeout = DefaultSolveTimeout
	}
	if cfg.Prefix == "" {
		cfg.Prefix = DefaultPrefix
	}
	if cfg.PuzzleTimeout <= 0 {
		cfg.PuzzleTimeout = DefaultPuzzleTimeout
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.CodeTimeout <= 0 {
		cfg.CodeTimeout = DefaultCodeTimeout
	}
	if cfg.CodeRebuilds <= 0 {
		cfg.CodeRebuilds = DefaultCodeRebuilds
	}
	if cfg.Pictures == settings.PicturesDefault {
		cfg.Pictures = DefaultPictures
	}
	if cfg.Ranking == nil && cfg.Store != nil {
		cfg.Ranking = cfg.Store
	}
	codes := newCodeGuard(cfg.CodeRebuilds)
	return &Handler{cfg: cfg, served: newPuzzleCache(cachedPuzzles, codes.issue), codes: codes, turns: &gameLocks{}}
}

// with returns h with s in place of its own settings, or h itself when s
// is nil.
func (h *Handler) with(s *Settings) *Handler {
	if s == nil {
		return h
	}
	c := h.cfg
	if s.Prefix != "" {
		c.Prefix = s.Prefix
	}
	c.Spoiler, c.Pictures = s.Spoiler, s.Pictures
	hc := *h // everything else (the Handler's own state) is shared
	hc.cfg = c
	return &hc
}

// Prefix returns the command prefix.
func (h *Handler) Prefix() string { return h.cfg.Prefix }

// Match reads a message's content and returns the request it makes, and false
// when the message is not for the bot. botID is the bot's user ID, so that a
// mention works as a prefix; it may be empty.
func (h *Handler) Match(content, botID string) (Request, bool) {
	return h.MatchPrefix(content, botID, h.cfg.Prefix)
}

// MatchPrefix is [Handler.Match] with a prefix of the caller's (a server's
// own); an empty prefix means the Handler's. A mention of the bot works
// whatever the prefix, so a server that forgot its prefix can ask for the
// help, which shows it.
func (h *Handler) MatchPrefix(content, botID, prefix string) (Request, bool) {
	if prefix == "" {
		prefix = h.cfg.Prefix
	}
	s := strings.TrimLeftFunc(content, unicode.IsSpace)
	mentioned := false
	if botID != "" {
		for _, m := range []string{"<@" + botID + ">", "<@!" + botID + ">"} {
			if strings.HasPrefix(s, m) {
				s = strings.TrimLeftFunc(s[len(m):], unicode.IsSpace)
				mentioned = true
				break
			}
		}
	}
	switch {
	case strings.HasPrefix(s, prefix):
		s = s[len(prefix):]
	case !mentioned:
		return Request{}, false
	}
	word, rest := splitWord(s)
	kind, ok := KindOf(word)
	switch {
	case ok && !mentioned && (kind == Play && !playArgs(rest) || (kind == Stats || kind == Leaderboard) && !statsArgs(rest)):
		return Request{}, false // another bot's !play (music bots share it)
	case ok:
		line, col := position(content[:len(content)-len(rest)])
		return Request{Kind: kind, Args: rest, Line: line, Col: col, Mentioned: mentioned}, true
	case mentioned:
		return Request{Kind: Help, Unknown: word, Mentioned: true}, true
	}
	return Request{}, false
}

// position returns the line and column (from 1, in characters) just after
// prefix.
func position(prefix string) (line, col int) {
	line = 1 + strings.Count(prefix, "\n")
	if i := strings.LastIndexByte(prefix, '\n'); i >= 0 {
		prefix = prefix[i+1:]
	}
	return line, 1 + utf8.RuneCountInString(prefix)
}

// splitWord cuts the leading command word (letters only) from s.
func splitWord(s string) (word, rest string) {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsLetter(r) {
			break
		}
		i += n
	}
	return s[:i], s[i:]
}

// Handle runs req and returns the reply. ctx bounds the whole call; the solver
// also gets the configured deadline. req.Settings, when set, replace the
// Handler's prefix, spoilers and pictures for this request.
func (h *Handler) Handle(ctx context.Context, req Request) Reply {
	h = h.with(req.Settings)
	switch req.Kind {
	case Solve, Check, Hint, Rate, Explain, Candidates:
		req = cutPictureWord(req)
		if rep, ok := h.variantLink(ctx, req); ok { // f-puzzles and SudokuPad links: variant.go
			return rep
		}
		if rep, ok := h.fromPicture(ctx, req); ok {
			return rep
		}
		if rep, ok := h.withReference(ctx, req); ok {
			return rep
		}
		if req.Kind == Solve || req.Kind == Check {
			return h.grid(ctx, req)
		}
		return h.teach(ctx, req)
	case NewPuzzle:
		return h.newPuzzle(ctx, cutPictureWord(req))
	case Daily:
		return h.daily(ctx, cutPictureWord(req))
	case Play:
		return h.play(ctx, cutPictureWord(req))
	case Stats:
		return h.stats(ctx, req)
	case Leaderboard:
		return h.leaderboard(ctx, req)
	default:
		text := h.Help()
		if req.Unknown != "" {
			text = render.Notice(fmt.Sprintf("I don't know the command %q.", truncate(req.Unknown, 20))) + "\n" + text
		}
		return Reply{Text: fitReply(text), Outcome: "help"}
	}
}

func (h *Handler) grid(ctx context.Context, req Request) Reply {
	p, rep, ok := h.read(req)
	if !ok {
		return rep
	}
	return h.gridOf(ctx, req, p)
}

// read reads the grid of req, or returns the reply to a request without
// one or with one that cannot be read.
func (h *Handler) read(req Request) (parser.Puzzle, Reply, bool) {
	p, err := parser.Read(req.Args)
	if errors.Is(err, parser.ErrEmpty) {
		return p, Reply{Text: fitReply(h.usage(req.Kind)), Outcome: "no_grid", UserError: true}, false
	}
	if err != nil {
		return p, Reply{Text: render.Error(problemSentence(err, req)), Outcome: "parse_error", UserError: true}, false
	}
	return p, Reply{}, true
}

// gridOf answers a solve or a check of the grid p.
func (h *Handler) gridOf(ctx context.Context, req Request, p parser.Puzzle) Reply {
	if h.refusesSolution(req, p.Grid) {
		return h.dailyRefusal(ctx, req)
	}
	// A pencil-mark grid is solved and checked on its placed digits; its
	// candidates stay on p for hints.
	g := p.Grid
	ctx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	opt := render.Options{Spoiler: h.cfg.Spoiler, Timeout: h.cfg.SolveTimeout, Notes: p.Notes}
	if p.Notation == parser.ZeroBased { // answer 0–F as it was asked
		opt.Symbols = p.Notation.Symbols(g.Size())
	}
	n := g.Size()
	if req.Kind == Check {
		pr, _ := sudoku.Check(ctx, g) // the error repeats pr.Status, which the reply shows
		rep := Reply{Outcome: checkOutcome(pr), Size: n, SolveTime: pr.Stats.Elapsed}
		text := func(o render.Options) string { return render.Checked(g, pr.Status, pr.Conflicts, o) }
		var ds []drawing
		if h.wantPicture(req, n, false) {
			ds = append(ds, drawing{"grid.png", picture.Board{Grid: g, Conflicts: pr.Conflicts, Candidates: p.Candidates}})
		}
		h.illustrate(&rep, req, opt, true, text, ds...)
		return rep
	}
	res, _ := sudoku.Solve(ctx, g, 2) // the error repeats res.Status, which the reply shows
	rep := Reply{Outcome: res.Status.String(), Size: n, SolveTime: res.Stats.Elapsed}
	text := func(o render.Options) string { return render.Solved(g, res, o) }
	var ds []drawing
	if d, ok := h.solvedDrawing(g, res); ok && h.wantPicture(req, n, false) {
		ds = append(ds, d)
	}
	h.illustrate(&rep, req, opt, true, text, ds...)
	return rep
}

// inMessage moves the position of a parse error from the grid text to the
// whole message, where the person counts lines and columns.
func inMessage(err error, req Request) error {
	var pe *parser.Error
	if req.Line == 0 || !errors.As(err, &pe) || pe.Line == 0 {
		return err
	}
	moved := *pe
	if moved.Line == 1 && moved.Col > 0 {
		moved.Col += req.Col - 1
	}
	moved.Line += req.Line - 1
	return &moved
}

func checkOutcome(p sudoku.Progress) string {
	if p.Complete {
		return "complete"
	}
	return p.Status.String()
}

// usage is the reply to a command without a grid.
func (h *Handler) usage(k Kind) string {
	p := h.cfg.Prefix
	return render.Notice(fmt.Sprintf("Paste a grid after %s%s, for example:", p, k)) + "\n" +
		"```\n" + p + k.String() + " 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n```\n" +
		"Send " + p + "help for every format I read."
}

// Help returns the help reply.
func (h *Handler) Help() string {
	p := h.cfg.Prefix
	var b strings.Builder
	fmt.Fprintf(&b, "**Sudoku bot**: I solve, check and teach Sudoku, 4×4 to 25×25.\n")
	fmt.Fprintf(&b, "`%ssolve <grid>`: the solution, and whether it is unique.\n", p)
	fmt.Fprintf(&b, "`%scheck <grid>`: mistakes in a grid in progress, without giving the solution away.\n", p)
	fmt.Fprintf(&b, "`%shint <grid>`: the next step: where to look, then the conclusion behind a spoiler.\n", p)
	fmt.Fprintf(&b, "`%srate <grid>`: difficulty on the Sudoku Explainer scale: %s.\n", p, render.DifficultyScale())
	fmt.Fprintf(&b, "`%sexplain <grid>`: the whole logical path, conclusions behind spoilers.\n", p)
	fmt.Fprintf(&b, "`%snew [easy…extreme] [4x4…16x16]`: a puzzle; `%sdaily [YYYY-MM-DD]`: the day's. Reply to it with `%scheck <grid>` or `%shint`.\n", p, p, p, p)
	fmt.Fprintf(&b, "`%splay [level] [size]`: play it here, move by move (`r3c5 7`, `undo`).\n", p)
	fmt.Fprintf(&b, "Variant puzzles: `%ssolve`, `%scheck` or `%scandidates` with an f-puzzles or SudokuPad link.\n", p, p, p)
	fmt.Fprintf(&b, "`%shelp`: this. Slash commands (`/solve`, …) and a mention of me instead of `%s` work too.\n", p, p)
	fmt.Fprintf(&b, "End a command with `%s` for a picture of the board (`/solve … image:True`).\n", PictureWord)
	fmt.Fprintf(&b, "Instead of a grid, attach a photo or screenshot of a 9×9 puzzle: I show what I read, then answer.\n")
	fmt.Fprintf(&b, "Example:\n```\n%ssolve\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n```\n", p)
	b.WriteString(render.Notice(parser.Help))
	return b.String()
}

// fitReply keeps a reply within a Discord message. Help and usage replies are
// far shorter (a test checks it); this only guards a long custom prefix.
func fitReply(s string) string {
	if render.Len(s) <= render.MaxLen {
		return s
	}
	return render.Notice(s)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
