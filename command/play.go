package command

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/settings"
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
	MemberStats(ctx context.Context, guildID, userID string) (settings.MemberStats, error)
	FastestSolves(ctx context.Context, guildID, level string, since time.Time, limit int) ([]settings.GameRecord, error)
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
	// Board, when set, draws the board's message (its text, picture and
	// buttons) for a reply that leaves it to be drawn when shown: a move's,
	// whose board a transport may never show (edits are coalesced, the
	// newest winning). [Reply.Drawn] calls it.
	Board func() Reply
}

// Drawn returns r with its board drawn when r leaves it to be drawn
// ([GameRef].Board): for a transport that shows every board it gets.
func (r Reply) Drawn() Reply {
	if r.Game == nil || r.Game.Board == nil || r.Text != "" {
		return r
	}
	b := r.Game.Board()
	r.Text, r.Files, r.Fallback, r.Buttons = b.Text, b.Files, b.Fallback, b.Buttons
	if r.Err == nil {
		r.Err = b.Err
	}
	return r
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
	outcomeGameBusy     = "game_busy"      // its turn not had within the play's deadline
	outcomeGameOver     = "game_over"      // a play on a finished game
	outcomeGameStale    = "game_stale"     // a press on a board that has changed since
)

// OutcomeGameReplayed is the outcome of a play whose event was played
// already (delivered again, to this process or another): nothing is done,
// and a typed message's transport posts nothing.
const OutcomeGameReplayed = "game_replayed"

const (
	msgNoGames   = "Games are not available on this bot yet."
	msgGamesDown = "I can't reach the games right now (the database is not answering). Please try again in a minute."
	msgNoSeat    = "Games are played in a server's channel or in DMs with me."
)

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
	rec.Turn = s.Turn
	rec.Players = rec.Players[:0:0]
	for _, p := range s.Players {
		rec.Players = append(rec.Players, settings.GamePlayer{UserID: p.ID, Moves: p.Moves})
	}
	return rec
}

// withEvent returns the events of a record with event added, the oldest
// dropped past settings.MaxGameEvents ("" adds nothing).
func withEvent(events []string, event string) []string {
	if event == "" {
		return events
	}
	out := append(slices.Clip(events), event)
	if k := len(out) - settings.MaxGameEvents; k > 0 {
		out = out[k:]
	}
	return out
}

// loadGame reads the game of a stored record.
func loadGame(rec settings.GameRecord) (*game.Game, error) {
	st, err := game.ParseStatus(rec.Status)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	s := game.Saved{Puzzle: rec.Puzzle, Solution: rec.Solution, Board: rec.Board, Marks: rec.Marks, History: rec.History,
		Owner: rec.OwnerID, Team: rec.Team, Status: st, Started: rec.Started, Finished: rec.Finished,
		Moves: rec.Moves, Mistakes: rec.Mistakes, Hints: rec.Hints, Checks: rec.Checks, ShowMistakes: rec.ShowMistakes, Turn: rec.Turn}
	for _, p := range rec.Players {
		s.Players = append(s.Players, game.Player{ID: p.UserID, Moves: p.Moves})
	}
	g, err := game.Load(s)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", rec.ID, err)
	}
	return g, nil
}
