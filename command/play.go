package command

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/sudoku"
)

// Games played move by move: !play starts one (a puzzle from the pool as
// !new gives, a code's puzzle, or a pasted grid), and the moves come as
// text ([Handler.Move] for a known game, such as a button's form;
// [Handler.MoveIn] for a message typed in a game's thread or channel).
// Every move reads the game from the store, plays it by package game's
// rules and saves it with a versioned update: a move that lost the race
// with another is played again on the new state, so none is lost. The
// reply is the board (text and picture), with the answers for the player
// alone (a check, a hint) in [GameRef].Aside, which a transport posts apart
// (ephemeral on Discord).

// GameStore keeps the games: settings.Games, which the settings adapters
// (SQLite, PostgreSQL) implement.
type GameStore interface {
	CreateGame(ctx context.Context, g settings.GameRecord, maxOpen int) (settings.GameRecord, error)
	Game(ctx context.Context, id string) (settings.GameRecord, error)
	UpdateGame(ctx context.Context, g settings.GameRecord) (settings.GameRecord, error)
	OpenGames(ctx context.Context, guildID, userID string) ([]settings.GameRecord, error)
	GamesIn(ctx context.Context, channelID string) ([]settings.GameRecord, error)
	CloseIdleGames(ctx context.Context, before, now time.Time) (int, error)
	FinishedGames(ctx context.Context, guildID, userID string, since time.Time) ([]settings.GameRecord, error)
}

// DailySolvers records the solvers of a server's daily puzzle, once per
// member and day: settings.Store.
type DailySolvers interface {
	RecordSolver(ctx context.Context, guildID string, day settings.Day, userID string, at time.Time) (place int, recorded bool, err error)
	Streak(ctx context.Context, guildID, userID string, today settings.Day) (int, error)
}

// PlayConfig sets up the games of a [Handler].
type PlayConfig struct {
	// Games keeps the games; nil: !play says games are not available.
	Games GameStore
	// MaxOpen is how many games a member may have open per server; zero
	// means settings.DefaultMaxOpenGames.
	MaxOpen int
	// Idle is how long a game may go untouched before it is closed; zero
	// means settings.DefaultGameIdle.
	Idle time.Duration
	// Solvers records the day's solvers when a game ends with the daily
	// puzzle solved (see [Seat].DailyLevel); nil: not recorded.
	Solvers DailySolvers
	// Timestamps writes when a game began as a Discord timestamp, which
	// Discord keeps up to date, instead of the time played so far (the
	// console's choice).
	Timestamps bool
}

// Seat says who plays, and where.
type Seat struct {
	GuildID   string // "" in DMs
	ChannelID string // the channel or thread the message came in
	UserID    string
	// DailyLevel, when not zero, is the level of the server's daily
	// puzzle, whose daily post is on: a game that ends with that day's
	// puzzle (UTC) solved records its players among the day's solvers,
	// once each per day, as a !check of the solution does.
	DailyLevel generate.Level
	// Settings are the server's and channel's, as [Request].Settings.
	Settings *Settings
}

// GameRef is what a reply about a game says of it.
type GameRef struct {
	ID        string
	GuildID   string // "" in DMs
	ChannelID string // where it was started
	ThreadID  string // its thread, if any
	MessageID string // its board's message, "" before it is posted
	Over      bool   // solved, given up or closed: its buttons are disabled
	Version   int64  // the stored version shown (newer boards have higher ones)
	// Aside are the answers for the player alone (a check, a hint), to post
	// apart from the board.
	Aside []Reply
}

// Outcomes of games, for logs.
const (
	outcomeGameStarted  = "game_started"
	outcomeGameMove     = "game_move"
	outcomeGameSolved   = "game_solved"
	outcomeGameGaveUp   = "game_gave_up"
	outcomeGameRefused  = "game_refused"  // a move against the rules
	outcomeGameBadMove  = "game_bad_move" // a malformed move
	outcomeGameNotMove  = "game_not_move"
	outcomeGameLimit    = "game_limit"
	outcomeGameNoGame   = "game_unknown"
	outcomeGameDown     = "games_unavailable"
	outcomeGameNoPuzzle = "game_no_puzzle" // a pasted grid that is no puzzle to play
)

const (
	msgNoGames   = "Games are not available on this bot yet."
	msgGamesDown = "I can't reach the games right now (the database is not answering). Please try again in a minute."
	msgNoSeat    = "Games are played in a server's channel or in DMs with me."
)

// gameTurns lets the moves of one game take turns: a fixed set of locks,
// a game's chosen by its ID, so that memory does not grow with the games.
type gameTurns struct {
	mu [64]sync.Mutex
}

// lock takes the turn of game id and returns the function that gives it
// back.
func (t *gameTurns) lock(id string) func() {
	var h uint32 = 2166136261 // FNV-1a
	for i := 0; i < len(id); i++ {
		h = (h ^ uint32(id[i])) * 16777619
	}
	m := &t.mu[h%uint32(len(t.mu))]
	m.Lock()
	return m.Unlock
}

// maxGameRetries is how many times a move lost to another one at once is
// played again on the new state.
const maxGameRetries = 20

func (h *Handler) maxOpen() int { return cmpOr(h.cfg.Play.MaxOpen, settings.DefaultMaxOpenGames) }
func (h *Handler) idle() time.Duration {
	if h.cfg.Play.Idle > 0 {
		return h.cfg.Play.Idle
	}
	return settings.DefaultGameIdle
}

func cmpOr(v, def int) int {
	if v > 0 {
		return v
	}
	return def
}

// playArgs reports whether the words after !play are for the bot: none,
// its own words (a level, a size, symmetric, together, a code, img), or a
// grid (at least 16 digits and empty-cell dots). Other words, such as a
// song's name, are for a music bot that shares the prefix, and the message
// is not answered.
func playArgs(args string) bool {
	cells := 0
	for _, r := range args {
		if r == '.' || r >= '0' && r <= '9' {
			cells++
		}
	}
	if cells >= 16 {
		return true
	}
	for _, w := range strings.Fields(args) {
		if _, err := generate.ParseKind(w); err == nil || errors.Is(err, generate.ErrKind) || strings.HasPrefix(w, "#") ||
			strings.EqualFold(w, PictureWord) || slices.ContainsFunc(togetherWords, func(t string) bool { return strings.EqualFold(w, t) }) {
			continue
		}
		if _, err := generate.ParseCode(w); err == nil {
			continue
		}
		return false
	}
	return true
}

// togetherWords make a team game.
var togetherWords = []string{"together", "team"}

// play answers !play: a new game of the puzzle the words ask for.
func (h *Handler) play(ctx context.Context, req Request) Reply {
	store := h.cfg.Play.Games
	if store == nil {
		return Reply{Text: render.Notice(msgNoGames), Outcome: outcomeUnavailable, UserError: true}
	}
	if req.Seat == nil || req.Seat.UserID == "" || req.Seat.ChannelID == "" {
		return Reply{Text: render.Notice(msgNoSeat), Outcome: outcomeUnavailable, UserError: true}
	}
	seat := *req.Seat
	req, team := cutTogether(req)
	pz, rep, ok := h.puzzleToPlay(ctx, req)
	if !ok {
		return rep
	}
	now := h.cfg.Now()
	// Games left untouched too long are closed first, so that they do not
	// count against the member's limit.
	if _, err := store.CloseIdleGames(ctx, now.Add(-h.idle()), now); err != nil {
		return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
	}
	g, err := game.New(pz.Grid, pz.Solution, seat.UserID, team, now)
	if err != nil {
		return Reply{Text: render.Notice("Something went wrong while starting the game. Please try again."), Outcome: "error", Err: err}
	}
	rec := settings.GameRecord{GuildID: seat.GuildID, ChannelID: seat.ChannelID, OwnerID: seat.UserID}
	if pz.Code != (generate.Code{}) {
		rec.Code = pz.Code.String()
	}
	if pz.Level != 0 {
		rec.Level = pz.Level.String()
	}
	rec = recordOf(rec, g)
	rec.Updated = now
	saved, err := store.CreateGame(ctx, rec, h.maxOpen())
	var tm *settings.TooManyGamesError
	switch {
	case errors.As(err, &tm):
		return h.tooMany(ctx, seat, tm)
	case err != nil:
		return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
	}
	rep = h.gameReply(req, saved, g, "")
	rep.Outcome = outcomeGameStarted
	return rep
}

// cutTogether takes the word together (or team) off the start or the end
// of req.Args, and reports whether it was there.
func cutTogether(req Request) (Request, bool) {
	lead := strings.TrimLeftFunc(req.Args, unicode.IsSpace)
	w, rest := splitWord(lead)
	for _, t := range togetherWords {
		if strings.EqualFold(w, t) && (rest == "" || unicode.IsSpace(rune(rest[0]))) {
			if req.Line > 0 {
				req.Line, req.Col = advance(req.Line, req.Col, req.Args[:len(req.Args)-len(rest)])
			}
			req.Args = rest
			return req, true
		}
	}
	trimmed := strings.TrimRightFunc(req.Args, unicode.IsSpace)
	if i := strings.LastIndexFunc(trimmed, unicode.IsSpace); i >= 0 {
		for _, t := range togetherWords {
			if strings.EqualFold(strings.TrimSpace(trimmed[i:]), t) {
				req.Args = trimmed[:i]
				return req, true
			}
		}
	}
	return req, false
}

// puzzleToPlay reads what !play asks for: nothing or a level, size and
// symmetric (a puzzle from the pool), a code, or a pasted grid (any words
// that are none of those), and makes or finds the puzzle.
func (h *Handler) puzzleToPlay(ctx context.Context, req Request) (generate.Puzzle, Reply, bool) {
	words := strings.Fields(req.Args)
	if len(words) == 1 {
		if c, ok, rep := h.readCode(words[0]); ok {
			p, err := h.decode(ctx, c)
			if err != nil {
				return p, h.puzzleError(err, c.Shape, c.String()), false
			}
			return p, Reply{}, true
		} else if rep != nil {
			return generate.Puzzle{}, *rep, false
		}
	}
	if k, err := generate.ParseKind(words...); err == nil || len(words) <= 3 && kindWordsOnly(words) {
		if err != nil {
			return generate.Puzzle{}, h.kindError(words, err), false
		}
		if h.cfg.Puzzles == nil {
			return generate.Puzzle{}, Reply{Text: render.Notice(msgNoPuzzles), Outcome: outcomeUnavailable, UserError: true}, false
		}
		ctx, cancel := context.WithTimeout(ctx, h.cfg.PuzzleTimeout)
		defer cancel()
		p, err := h.cfg.Puzzles.Get(ctx, k)
		if err != nil {
			return p, h.puzzleError(err, k.Shape, k.String()), false
		}
		h.served.add(p)
		return p, Reply{}, true
	}
	return h.pastedPuzzle(ctx, req)
}

// kindWordsOnly reports whether every word reads as a level, a size or
// "symmetric", so that a mistake among them is answered as !new answers
// it, not read as a grid.
func kindWordsOnly(words []string) bool {
	for _, w := range words {
		if _, err := generate.ParseKind(w); err != nil && !errors.Is(err, generate.ErrKind) {
			return false
		}
	}
	return true
}

// pastedPuzzle reads a pasted grid as a puzzle to play: it must have
// exactly one solution and an empty cell.
func (h *Handler) pastedPuzzle(ctx context.Context, req Request) (generate.Puzzle, Reply, bool) {
	req.Kind = Play
	p, rep, ok := h.read(req)
	if !ok {
		return generate.Puzzle{}, rep, false
	}
	g := p.Grid
	ctx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	res, _ := sudoku.Solve(ctx, g, 2) // the error repeats res.Status
	no := func(msg string) (generate.Puzzle, Reply, bool) {
		return generate.Puzzle{}, Reply{Text: render.Notice(msg), Outcome: outcomeGameNoPuzzle, Size: g.Size(), UserError: true}, false
	}
	switch {
	case g.Complete() && res.Status == sudoku.Unique:
		return no("That grid is complete: there is nothing left to play. Send a puzzle with empty cells.")
	case res.Status == sudoku.Unique:
		return generate.Puzzle{Grid: g, Solution: res.Solution}, Reply{}, true
	case res.Status == sudoku.Multiple:
		return no(fmt.Sprintf("That grid has several solutions, so no last move could be the right one: a game needs a puzzle with exactly one. Try %snew for one.", h.cfg.Prefix))
	case res.Status == sudoku.Invalid:
		return no(fmt.Sprintf("That grid breaks the rules (the same digit twice in a row, column or box): send %scheck with it to see where.", h.cfg.Prefix))
	case res.Status == sudoku.None:
		return no("That grid has no solution, so it can't be played to the end.")
	case res.Status == sudoku.TimedOut:
		return no(fmt.Sprintf("I could not solve that grid within %v, so I can't check the moves against its solution.", h.cfg.SolveTimeout))
	}
	return no("The puzzle could not be read to the end (the bot may be restarting). Please try again.")
}

// tooMany is the reply to one game too many: the limit and the games open.
func (h *Handler) tooMany(ctx context.Context, seat Seat, tm *settings.TooManyGamesError) Reply {
	where := "in this server"
	if seat.GuildID == "" {
		where = "in DMs"
	}
	msg := fmt.Sprintf("You have %d games open %s, the most one member may have (%d). Finish one or give it up (`give up` in its channel) "+
		"to start another; a game untouched for %s closes by itself.", tm.Open, where, tm.Limit, render.Duration(h.idle()))
	if open, err := h.cfg.Play.Games.OpenGames(ctx, seat.GuildID, seat.UserID); err == nil && len(open) > 0 {
		var ids []string
		for _, g := range open {
			where := g.ChannelID
			if g.ThreadID != "" {
				where = g.ThreadID
			}
			ids = append(ids, fmt.Sprintf("game %s in <#%s>", g.ID, where))
		}
		msg += " Yours: " + strings.Join(ids, ", ") + "."
	}
	// The bot's own words with channel mentions: not neutralised.
	return Reply{Text: fitReply(msg), Outcome: outcomeGameLimit, UserError: true}
}

// Move plays text (moves as typed, such as "r3c5 7 r3c6 +12" or "undo")
// on the game gameID for the player of seat, and returns the board after
// it, with the answers to a check or a hint in [GameRef].Aside. A text
// that is no move, a malformed move and a move against the rules get a
// short error reply, positioned in the text ([Reply].UserError set); the
// game is then unchanged. It is what a transport calls for a button's
// form, and, through [Handler.MoveIn], for a message in a game's channel.
func (h *Handler) Move(ctx context.Context, gameID string, seat Seat, text string) Reply {
	return h.move(ctx, gameID, seat, text, -1)
}

// Notes is [Handler.Move] for a form of pencil marks (a Notes button's):
// a cell's digits without a sign are marks to add (r3c5 12 is r3c5 +12),
// as game.ParseNotes reads them.
func (h *Handler) Notes(ctx context.Context, gameID string, seat Seat, text string) Reply {
	return h.play1(ctx, gameID, seat, text, game.ParseNotes, -1)
}

// msgDailyGiveUp refuses to give up today's daily puzzle: the solution is
// not shown while it is the daily one (see dailyrule.go).
const msgDailyGiveUp = "This is today's daily puzzle: no solutions until tomorrow (UTC), so it cannot be given up today. Leave it open, or come back to it tomorrow."

// move plays text on a game; step, when not negative, is the board's
// version the player saw (a button's): a play on an older board does
// nothing but show the latest one.
func (h *Handler) move(ctx context.Context, gameID string, seat Seat, text string, step int) Reply {
	return h.play1(ctx, gameID, seat, text, game.Parse, step)
}

func (h *Handler) play1(ctx context.Context, gameID string, seat Seat, text string, parse func(string, int) ([]game.Move, error), step int) Reply {
	h = h.with(seat.Settings)
	store := h.cfg.Play.Games
	if store == nil {
		return Reply{Text: render.Notice(msgNoGames), Outcome: outcomeUnavailable, UserError: true}
	}
	// Moves of one game in this process take turns, so that a flood of
	// them does not make every one lose the versioned update again and
	// again; other processes are kept right by the versions.
	unlock := h.turns.lock(gameID)
	defer unlock()
	for attempt := 0; ; attempt++ {
		rec, err := store.Game(ctx, gameID)
		if errors.Is(err, settings.ErrNoGame) {
			return Reply{Text: render.Notice(fmt.Sprintf("There is no game %s.", truncate(gameID, 20))), Outcome: outcomeGameNoGame, UserError: true}
		}
		if err != nil {
			return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
		}
		g, err := loadGame(rec)
		if err != nil {
			return Reply{Text: render.Notice("This game's saved state cannot be read, so it can't go on. Please start another."), Outcome: "error", Err: err}
		}
		ref := refOf(rec)
		moves, err := parse(text, g.Board().Size())
		if err != nil {
			return h.moveError(err, g, ref)
		}
		req := Request{Kind: Play, Settings: seat.Settings}
		if step >= 0 && step != len(g.History()) {
			rep := h.gameReply(req, rec, g, "The board had changed since that press, so nothing was done: here it is now.")
			rep.Outcome = "game_stale"
			return rep
		}
		if slices.ContainsFunc(moves, func(m game.Move) bool { return m.Action == game.GiveUp }) && h.IsTodaysDaily(g.Puzzle()) {
			rep := Reply{Text: render.Notice(msgDailyGiveUp), Outcome: outcomeDailyRefused, UserError: true, Game: ref}
			return rep
		}
		now := h.cfg.Now()
		out, err := g.Play(moves, seat.UserID, now)
		if err != nil {
			return h.moveError(err, g, ref)
		}
		var aside []Reply
		if out.Check > 0 {
			aside = append(aside, Reply{Text: render.GameChecked(len(g.Wrong()), g.Empty()), Outcome: "game_check"})
		}
		if out.Hint > 0 {
			hint, given := h.gameHint(ctx, req, g)
			if given {
				g.Hinted()
			}
			aside = append(aside, hint)
		}
		next := recordOf(rec, g)
		next.Updated = now
		saved, err := store.UpdateGame(ctx, next)
		if errors.Is(err, settings.ErrGameConflict) && attempt < maxGameRetries {
			continue // another move came first: play this one on the new state
		}
		if err != nil {
			return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
		}
		note := playNote(out, g)
		if out.Solved {
			note = strings.TrimSpace(note + " " + h.dailySolved(ctx, seat, g, now, &aside))
		}
		rep := h.gameReply(req, saved, g, note)
		rep.Game.Aside = aside
		switch {
		case out.Solved:
			rep.Outcome = outcomeGameSolved
		case out.GaveUp:
			rep.Outcome = outcomeGameGaveUp
		default:
			rep.Outcome = outcomeGameMove
		}
		return rep
	}
}

// moveError is the reply to moves that could not be played: no move, a
// malformed move, or one against the rules.
func (h *Handler) moveError(err error, g *game.Game, ref *GameRef) Reply {
	rep := Reply{Outcome: outcomeGameRefused, UserError: true, Game: ref}
	var se *game.SyntaxError
	switch {
	case errors.Is(err, game.ErrNotPlayer):
		// The bot's own words, with a mention of the owner (render.Error
		// would disarm it).
		rep.Text = fmt.Sprintf("⚠️ This game is <@%s>'s: start your own with `%splay`, or ask for one that anyone may play with `%splay together`.",
			g.Owner(), h.cfg.Prefix, h.cfg.Prefix)
	case errors.Is(err, game.ErrNotMove):
		rep.Text, rep.Outcome = render.Error("That is not a move: write a cell and a digit, such as r3c5 7 (or e3 7), r3c5 - to erase, r3c5 +12 for pencil marks, or undo, check, hint."), outcomeGameNotMove
	case errors.As(err, &se):
		rep.Text, rep.Outcome = render.Error(err.Error()), outcomeGameBadMove
	default:
		rep.Text = render.Error(err.Error())
	}
	return rep
}

// playNote says what a play did beside the board: undos, mistakes shown.
func playNote(out game.Outcome, g *game.Game) string {
	var parts []string
	if out.Undone > 0 {
		parts = append(parts, fmt.Sprintf("Undid %d %s.", out.Undone, plural(out.Undone, "move", "moves")))
	}
	if out.ShowMistakes {
		if g.ShowingMistakes() {
			parts = append(parts, "Wrong digits are shown now (send `mistakes` again to hide them).")
		} else {
			parts = append(parts, "Wrong digits are hidden again.")
		}
	}
	return strings.Join(parts, " ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// gameHint is the hint on a game's board, and whether one was given: the
// logic engine's next step from the board, unless a digit on it is wrong
// (a step from there could mislead; the player is told to check).
func (h *Handler) gameHint(ctx context.Context, req Request, g *game.Game) (Reply, bool) {
	if len(g.Wrong()) > 0 {
		return Reply{Text: render.Notice("A digit on the board is wrong, so a hint from here could lead you astray: send `check` to count the wrong digits, or `mistakes` to see them."),
			Outcome: "game_hint_wrong"}, false
	}
	ctx, cancel := context.WithTimeout(ctx, h.cfg.SolveTimeout)
	defer cancel()
	rep := h.hint(ctx, req, parser.Puzzle{Grid: g.Board()}, render.Options{Spoiler: true, Timeout: h.cfg.SolveTimeout})
	return rep, rep.Outcome == "step"
}

// dailySolved records the players of a game that ended with the day's
// puzzle solved among the day's solvers, and returns the line that says
// so ("" when the game is not the day's puzzle).
func (h *Handler) dailySolved(ctx context.Context, seat Seat, g *game.Game, now time.Time, aside *[]Reply) string {
	if seat.GuildID == "" || seat.DailyLevel == 0 || h.cfg.Play.Solvers == nil {
		return ""
	}
	day := settings.DayOf(now)
	if !h.IsDailySolution(ctx, day.Time(), seat.DailyLevel, g.Solution()) {
		return ""
	}
	players := []string{g.Owner()}
	if g.Team() {
		players = players[:0]
		for _, p := range g.Players() {
			players = append(players, p.ID)
		}
	}
	var counted []string
	for _, id := range players {
		place, recorded, err := h.cfg.Play.Solvers.RecordSolver(ctx, seat.GuildID, day, id, now)
		switch {
		case err != nil:
			*aside = append(*aside, Reply{Text: render.Notice("That is today's daily puzzle solved, but I could not record it right now (settings unavailable)."),
				Outcome: "daily_unrecorded", Err: fmt.Errorf("record daily solver: %w", err)})
			return ""
		case recorded:
			counted = append(counted, fmt.Sprintf("<@%s> solver number %d today", id, place))
		default:
			counted = append(counted, fmt.Sprintf("<@%s> counted already (number %d)", id, place))
		}
	}
	return fmt.Sprintf("Today's daily puzzle (%v): %s.", seat.DailyLevel, strings.Join(counted, ", "))
}

// MoveIn plays a message typed in a channel or thread without the prefix,
// when it is for a game there: the game of the thread, or the member's own
// (or a team game) in the channel, the one touched last. It reports false
// when no game is there or the message is no move at all, which the
// transport then ignores silently (people talk in game threads too); the
// Reply may then still carry Err, for the log, when the games could not be
// read. A malformed move or one against the rules is answered.
func (h *Handler) MoveIn(ctx context.Context, seat Seat, text string) (Reply, bool) {
	store := h.cfg.Play.Games
	if store == nil || seat.ChannelID == "" || !settings.ValidID(seat.ChannelID) {
		return Reply{}, false
	}
	// Talk is told apart before the database is asked: what is no move on
	// the largest board (every cell and digit of the smaller ones is one of
	// its) is no move on any.
	if _, err := game.Parse(text, sudoku.MaxSize); errors.Is(err, game.ErrNotMove) {
		return Reply{}, false
	}
	games, err := store.GamesIn(ctx, seat.ChannelID)
	if err != nil {
		return Reply{Outcome: outcomeGameDown, Err: err}, false
	}
	var pick *settings.GameRecord
	for i := range games {
		g := &games[i]
		if g.ThreadID == seat.ChannelID { // a game's own thread: its game, whoever speaks
			pick = g
			break
		}
		if pick == nil && (g.OwnerID == seat.UserID || g.Team) {
			pick = g
		}
	}
	if pick == nil {
		return Reply{}, false
	}
	sh, ok := sudoku.ShapeForCells(len(pick.Board))
	if !ok {
		return Reply{Outcome: "error", Err: fmt.Errorf("game %s: a board of %d cells", pick.ID, len(pick.Board))}, false
	}
	if _, err := game.Parse(text, sh.Size()); errors.Is(err, game.ErrNotMove) {
		return Reply{}, false
	}
	return h.Move(ctx, pick.ID, seat, text), true
}

// SetGameMessage records where a game's board is posted (its thread, if
// any, and message), so that the next move edits it and a message in the
// thread finds the game.
func (h *Handler) SetGameMessage(ctx context.Context, gameID, threadID, messageID string) error {
	store := h.cfg.Play.Games
	if store == nil {
		return errors.New("set game message: no games store")
	}
	for attempt := 0; ; attempt++ {
		rec, err := store.Game(ctx, gameID)
		if err != nil {
			return fmt.Errorf("set game message: %w", err)
		}
		rec.ThreadID, rec.MessageID, rec.Updated = threadID, messageID, h.cfg.Now()
		_, err = store.UpdateGame(ctx, rec)
		if errors.Is(err, settings.ErrGameConflict) && attempt < maxGameRetries {
			continue
		}
		if err != nil {
			return fmt.Errorf("set game message: %w", err)
		}
		return nil
	}
}

// CloseIdleGames closes the games untouched for longer than the configured
// idle time, and returns how many: for a transport's periodic chores (a
// new game closes them too).
func (h *Handler) CloseIdleGames(ctx context.Context) (int, error) {
	if h.cfg.Play.Games == nil {
		return 0, nil
	}
	now := h.cfg.Now()
	return h.cfg.Play.Games.CloseIdleGames(ctx, now.Add(-h.idle()), now)
}

// gameReply is the board of game g (stored as rec): its text and, unless
// pictures are off, its picture (the text cannot show pencil marks in their
// cells, nor colours).
func (h *Handler) gameReply(req Request, rec settings.GameRecord, g *game.Game, note string) Reply {
	n := g.Board().Size()
	v := render.GameView{ID: rec.ID, Code: rec.Code, Level: rec.Level, Now: h.cfg.Now(), Timestamp: h.cfg.Play.Timestamps, Note: note}
	rep := Reply{Size: n, Game: refOf(rec), Buttons: gameButtons(rec, len(g.History()))}
	opt := render.Options{Spoiler: h.cfg.Spoiler}
	text := func(o render.Options) string { return render.GameBoard(g, v, o) }
	var ds []drawing
	if h.wantPicture(req, n, true) {
		ds = append(ds, h.gameDrawing(g))
	}
	h.illustrate(&rep, req, opt, true, text, ds...)
	return rep
}

// gameDrawing is the picture of a game's board: givens bold, the player's
// digits in the entry colour, pencil marks small, the last move shaded,
// wrong digits red when the player asked; the solution once given up or
// closed (a spoiler when solutions are).
func (h *Handler) gameDrawing(g *game.Game) drawing {
	b := picture.Board{Grid: g.Board(), Givens: g.Puzzle()}
	switch g.Status() {
	case game.Playing:
		ms := g.Marks()
		b.Candidates = make([]uint32, len(ms))
		for i, m := range ms {
			b.Candidates[i] = uint32(m)
		}
		if c, ok := g.Last(); ok {
			b.Last = &c
		}
		b.Conflicts = sudoku.Validate(b.Grid) // no secret: shown always
		if g.ShowingMistakes() {
			for _, c := range g.Wrong() {
				if !clashing(b.Conflicts, c) {
					b.Wrong = append(b.Wrong, c)
				}
			}
		}
	case game.GaveUp, game.Closed:
		b.Grid = g.Solution()
		if h.cfg.Spoiler {
			return drawing{spoilerName("board.png"), b}
		}
	}
	return drawing{"board.png", b}
}

// clashing reports whether c is among the cells of the conflicts cs.
func clashing(cs []sudoku.Conflict, c sudoku.Cell) bool {
	for _, cf := range cs {
		if slices.Contains(cf.Cells, c) {
			return true
		}
	}
	return false
}

func refOf(rec settings.GameRecord) *GameRef {
	return &GameRef{ID: rec.ID, GuildID: rec.GuildID, ChannelID: rec.ChannelID, ThreadID: rec.ThreadID, MessageID: rec.MessageID, Over: !rec.Open(), Version: rec.Version}
}

// recordOf returns rec with the state of g.
func recordOf(rec settings.GameRecord, g *game.Game) settings.GameRecord {
	s := g.Save()
	rec.Puzzle, rec.Solution, rec.Board, rec.Marks, rec.History = s.Puzzle, s.Solution, s.Board, s.Marks, s.History
	rec.OwnerID, rec.Team, rec.Status = s.Owner, s.Team, s.Status.String()
	rec.Started, rec.Finished = s.Started, s.Finished
	rec.Moves, rec.Mistakes, rec.Hints, rec.Checks, rec.ShowMistakes = s.Moves, s.Mistakes, s.Hints, s.Checks, s.ShowMistakes
	rec.Players = rec.Players[:0:0]
	for _, p := range s.Players {
		rec.Players = append(rec.Players, settings.GamePlayer{UserID: p.ID, Moves: p.Moves})
	}
	return rec
}

// loadGame reads the game of a stored record.
func loadGame(rec settings.GameRecord) (*game.Game, error) {
	st, err := game.ParseStatus(rec.Status)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	s := game.Saved{Puzzle: rec.Puzzle, Solution: rec.Solution, Board: rec.Board, Marks: rec.Marks, History: rec.History,
		Owner: rec.OwnerID, Team: rec.Team, Status: st, Started: rec.Started, Finished: rec.Finished,
		Moves: rec.Moves, Mistakes: rec.Mistakes, Hints: rec.Hints, Checks: rec.Checks, ShowMistakes: rec.ShowMistakes}
	for _, p := range rec.Players {
		s.Players = append(s.Players, game.Player{ID: p.UserID, Moves: p.Moves})
	}
	g, err := game.Load(s)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	return g, nil
}
