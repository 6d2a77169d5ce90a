package settings

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Games keeps the games being played in Discord (package game has their
// rules): what the adapters (settings/sqlite, settings/postgres) provide
// beside the settings, for the command layer, which defines the narrower
// interface it uses. Every method is safe for concurrent use by any number
// of goroutines and processes sharing one database; a method that returns
// nil has made its change durable.
//
// Updates are versioned: [Games.UpdateGame] saves a game only if nobody
// saved it since it was read, so two moves at once never lose one (the
// loser gets [ErrGameConflict], reads the game again and plays its move on
// the new state).
type Games interface {
	// CreateGame saves a new game and returns it with its ID and Version 1.
	// A member has at most maxOpen games being played (status "playing")
	// per server (and in DMs, all together): one more is refused with a
	// [*TooManyGamesError], decided in the same transaction as the insert
	// (a maxOpen below 1: no limit).
	CreateGame(ctx context.Context, g GameRecord, maxOpen int) (GameRecord, error)

	// Game returns a game by its ID, or an error wrapping [ErrNoGame].
	Game(ctx context.Context, id string) (GameRecord, error)

	// UpdateGame saves g over the stored game of g.ID if its version is
	// still g.Version, and returns it as saved (Version one more). When
	// another update came first, it saves nothing and returns an error
	// wrapping [ErrGameConflict]; an unknown ID gives [ErrNoGame].
	UpdateGame(ctx context.Context, g GameRecord) (GameRecord, error)

	// OpenGames returns the games a member is playing in a server (guildID
	// "" for DMs), the one touched last first.
	OpenGames(ctx context.Context, guildID, userID string) ([]GameRecord, error)

	// GamesIn returns the games being played in a channel or thread (as
	// ChannelID or ThreadID), the one touched last first: where a typed
	// move goes.
	GamesIn(ctx context.Context, channelID string) ([]GameRecord, error)

	// CloseIdleGames closes the games being played that nobody touched
	// since before: status "closed", finished at now. It returns how many.
	CloseIdleGames(ctx context.Context, before, now time.Time) (int, error)

	// FinishedGames returns the games of a server finished since (solved
	// or given up), oldest first. An empty userID means every member's.
	FinishedGames(ctx context.Context, guildID, userID string, since time.Time) ([]GameRecord, error)

	// MemberStats sums up a member's finished games in a server (guildID
	// "" for DMs), as owner or player, with aggregate queries: no game's
	// history is read.
	MemberStats(ctx context.Context, guildID, userID string) (MemberStats, error)

	// FastestSolves returns a server's ranked games ([GameRecord].Ranked)
	// solved since a time, fastest first (time from Started to Finished;
	// ties by finish, then ID), at most limit of them; level "" means
	// every level, else that [GameRecord].Level only. The records come
	// with their players.
	FastestSolves(ctx context.Context, guildID, level string, since time.Time, limit int) ([]GameRecord, error)
}

// MemberStats is what [Games.MemberStats] sums up.
type MemberStats struct {
	Finished, Solved, GaveUp int
	// Levels are the solves per level ([GameRecord].Level, "" for games
	// without one), each level once, in no particular order.
	Levels []LevelStats
}

// LevelStats are a member's solves at one level.
type LevelStats struct {
	Level  string
	Solved int
	// Best is the fastest solve; Median the middle one (the mean of the
	// two middle ones for an even count), times from Started to Finished
	// to the millisecond.
	Best, Median time.Duration
}

// MaxGameEvents is how many event IDs a game keeps ([GameRecord].Events).
const MaxGameEvents = 32

// GameRecord is a game as a [Games] store keeps it. IDs are Discord
// snowflakes, "" where there is none (GuildID in a DM; ThreadID without a
// thread; MessageID before the board is posted).
type GameRecord struct {
	ID        string // the store's, a decimal number; "" before CreateGame
	GuildID   string
	ChannelID string // where the game was started
	ThreadID  string // the game's own thread, if any
	MessageID string // the board's message
	OwnerID   string // the member who started it
	Team      bool   // anyone may play, each move credited
	Code      string // the puzzle's code, "" for a pasted grid
	Level     string // the puzzle's difficulty word ("Hard"), "" if unknown
	// Puzzle, Solution and Board are one-line grids; Marks and History are
	// package game's encodings.
	Puzzle, Solution, Board string
	Marks, History          string
	Status                  string // playing, solved, gave_up or closed
	Started, Finished       time.Time
	// Updated is when the game was last touched, by the caller's clock:
	// set it to the time of the change on every write (zero: the store's
	// clock). Games untouched since before a time are closed by
	// [Games.CloseIdleGames].
	Updated                time.Time
	Moves, Mistakes, Hints int
	Checks                 int
	ShowMistakes           bool
	Players                []GamePlayer // who made moves, first mover first
	Version                int64        // 1 when created, one more at each update
	// Turn counts the changes of the board (moves and undos), as package
	// game keeps it: it only grows, so a button drawn at one turn is known
	// stale at any later one.
	Turn int64
	// Events are the IDs of the last events played on the game (Discord
	// message and interaction IDs, snowflakes), oldest first, at most
	// [MaxGameEvents]: an event delivered again is known played, by any
	// process, from the record it would change.
	Events []string
	// Ranked says the game counts on leaderboards (a puzzle with a level
	// and enough empty cells, as the command layer decides at its start).
	Ranked bool
}

// GamePlayer is a member who made moves in a game.
type GamePlayer struct {
	UserID string
	Moves  int
}

// The game statuses a store keeps, as package game writes them.
const (
	GamePlaying = "playing"
	GameSolved  = "solved"
	GameGaveUp  = "gave_up"
	GameClosed  = "closed"
)

// Open reports whether the game is being played.
func (g GameRecord) Open() bool { return g.Status == GamePlaying }

// Validate checks what a store needs of a record: IDs that are snowflakes,
// a known status, grids of one size.
func (g GameRecord) Validate() error {
	for _, f := range []struct {
		name, id string
		need     bool
	}{{"server", g.GuildID, false}, {"channel", g.ChannelID, true}, {"thread", g.ThreadID, false},
		{"message", g.MessageID, false}, {"owner", g.OwnerID, true}} {
		if (f.need || f.id != "") && !ValidID(f.id) {
			return fmt.Errorf("game: %s ID %q is not a Discord ID", f.name, f.id)
		}
	}
	for _, p := range g.Players {
		if !ValidID(p.UserID) {
			return fmt.Errorf("game: player ID %q is not a Discord ID", p.UserID)
		}
	}
	if len(g.Events) > MaxGameEvents {
		return fmt.Errorf("game: %d event IDs, at most %d are kept", len(g.Events), MaxGameEvents)
	}
	for _, e := range g.Events {
		if !ValidID(e) {
			return fmt.Errorf("game: event ID %q is not a Discord ID", e)
		}
	}
	if g.Turn < 0 {
		return fmt.Errorf("game: turn %d below zero", g.Turn)
	}
	switch g.Status {
	case GamePlaying, GameSolved, GameGaveUp, GameClosed:
	default:
		return fmt.Errorf("game: status %q: want playing, solved, gave_up or closed", g.Status)
	}
	if n := len(g.Puzzle); n == 0 || len(g.Solution) != n || len(g.Board) != n {
		return fmt.Errorf("game: puzzle, solution and board of %d, %d and %d cells", len(g.Puzzle), len(g.Solution), len(g.Board))
	}
	return nil
}

// DefaultMaxOpenGames is how many games a member may be playing at once in
// one server, unless configured otherwise.
const DefaultMaxOpenGames = 5

// DefaultGameIdle is how long a game may go untouched before it is closed,
// unless configured otherwise.
const DefaultGameIdle = 30 * 24 * time.Hour

// ErrNoGame is wrapped by the errors of a [Games] store for a game ID it
// does not hold.
var ErrNoGame = errors.New("no such game")

// ErrGameConflict is wrapped by [Games.UpdateGame]'s error when the game
// was saved by someone else since it was read: read it again and retry.
var ErrGameConflict = errors.New("game changed since it was read")

// ErrTooManyGames is wrapped by a [*TooManyGamesError].
var ErrTooManyGames = errors.New("too many games open")

// TooManyGamesError is [Games.CreateGame]'s refusal of one game too many.
type TooManyGamesError struct {
	Open, Limit int
}

func (e *TooManyGamesError) Error() string {
	return fmt.Sprintf("%d games open, the most a member may have: %d", e.Open, e.Limit)
}

// Unwrap returns [ErrTooManyGames].
func (e *TooManyGamesError) Unwrap() error { return ErrTooManyGames }
