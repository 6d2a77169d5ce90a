package settings

import (
	"context"
	"errors"
	"time"
)

// Store keeps the servers' settings and daily puzzles. It is what the command
// layer and the daily poster use: in the bot, a [*Cache] over the [Backend]
// that DATABASE_URL names. Every method is safe for concurrent use, by any
// number of goroutines and processes sharing one database.
//
// Server, channel and member IDs are Discord snowflakes (see [ValidID]).
// Failures of the database come back wrapped; through a Cache they also wrap
// [ErrUnavailable]. A person's mistake comes back as an [*Error].
type Store interface {
	// Guild returns the settings of a server; a server that never changed
	// anything gets its zero settings (Version 0), not an error.
	Guild(ctx context.Context, guildID string) (Guild, error)

	// Update changes a server's settings: it calls change with the current
	// settings, validates the result and saves it, all in one transaction
	// that no other write to the same server interleaves with, in this
	// process or another. If change returns an error, nothing is saved and
	// that error is returned as it is (so an [*Error] from a setter reaches
	// the caller). It returns the settings as saved. When Update returns nil,
	// the change is durable: it survives the process being killed at once.
	Update(ctx context.Context, guildID string, change func(*Guild) error) (Guild, error)

	// DeleteGuild deletes everything kept about a server: settings, daily
	// posts and solvers. For GUILD_DELETE when the bot is removed from a
	// server (not when the server is only unavailable). Deleting a server
	// with nothing kept is not an error.
	DeleteGuild(ctx context.Context, guildID string) error

	// DueDaily returns the servers whose daily post is due at now: daily post
	// on, the hour (UTC) reached, and no post for now's day made or claimed
	// within lease. A server whose hour passed while the bot was down is due
	// at once.
	DueDaily(ctx context.Context, now time.Time, lease time.Duration) ([]Guild, error)

	// ClaimDaily claims the daily post of a server for a day. Exactly one
	// caller among all processes gets true; the others get false. A claim
	// whose post was not confirmed with DailyPosted can be claimed again once
	// lease has passed since it was made (times as given in now), so a
	// process that died between the claim and the post does not cost the
	// server its puzzle; a confirmed post is never claimed again. With a lease
	// of 0 a claim is never taken over (at most one post, even if the
	// claimant died before posting).
	ClaimDaily(ctx context.Context, guildID string, day Day, now time.Time, lease time.Duration) (bool, error)

	// DailyPosted confirms the daily post of a day, with the message that
	// carries it (so a reply to that message can be recognised).
	DailyPosted(ctx context.Context, guildID string, day Day, post DailyPost) error

	// DailyPost returns the confirmed daily post of a day, and false if there
	// is none.
	DailyPost(ctx context.Context, guildID string, day Day) (DailyPost, bool, error)

	// RecordSolver records a member as a solver of a day's puzzle, once. It
	// returns the member's place among that day's solvers (1 for the first)
	// and whether this call recorded it (false: the member was already
	// there, with that place). Only the member's ID and the time are kept.
	// A member marked with Unrank for the day is not recorded: place 0 and
	// false.
	RecordSolver(ctx context.Context, guildID string, day Day, userID string, at time.Time) (place int, recorded bool, err error)

	// Unrank marks a member as not to be ranked among the solvers of a
	// day's puzzle, in every server: they asked for its solution while it
	// was the day's. A place the member had already that day stays. Only
	// the member's ID and the day are kept; marking twice is no error.
	Unrank(ctx context.Context, day Day, userID string) error

	// Solvers returns the solvers of a day, first solver first.
	Solvers(ctx context.Context, guildID string, day Day) ([]Solver, error)

	// Streak returns the number of consecutive days, up to today, on which a
	// member solved the server's daily puzzle. A streak that reached
	// yesterday is still alive today, before the member solves today's.
	Streak(ctx context.Context, guildID, userID string, today Day) (int, error)
}

// Backend is a Store on a database: what the adapters (settings/sqlite,
// settings/postgres) implement and a [Cache] is built on.
type Backend interface {
	Store

	// Changes returns the changes to servers' settings (writes and
	// deletions) after the change numbered after, oldest first, at most
	// limit of them. Numbers increase in the order the changes became
	// visible, so a reader that remembers the last number it saw misses
	// none; changes are kept for ChangeRetention.
	Changes(ctx context.Context, after int64, limit int) ([]Change, error)

	// LastChange returns the number of the latest change, 0 if none is kept.
	LastChange(ctx context.Context) (int64, error)

	// Close closes the database connections.
	Close() error
}

// ChangeRetention is how long a Backend keeps the log of changes that Caches
// in other processes read. A Cache that could not read the log for half of
// it forgets everything it holds.
const ChangeRetention = time.Hour

// Change is one write to (or deletion of) a server's settings.
type Change struct {
	Seq     int64  // the change's number, larger for later changes
	GuildID string // the server whose settings changed
}

// DailyPost is the message that carries a server's daily puzzle.
type DailyPost struct {
	ChannelID string
	MessageID string
}

// Solver is a member who solved a day's puzzle.
type Solver struct {
	UserID string
	Place  int       // 1 for the first solver of the day
	At     time.Time // when, as given to RecordSolver
}

// ErrUnavailable is wrapped by the errors of a [Cache] when the database could
// not be used in time (down, unreachable, locked, too slow). The caller answers
// "settings unavailable, using defaults" (for a read) or asks to try again
// later (for a change), and keeps going.
var ErrUnavailable = errors.New("settings unavailable")

// LeaseStart returns the time before which a claim made with lease has
// expired: now - lease, or the zero time (no claim ever expires) when lease
// is not positive. For the adapters.
func LeaseStart(now time.Time, lease time.Duration) time.Time {
	if lease <= 0 {
		return time.Time{}
	}
	return now.Add(-lease)
}
