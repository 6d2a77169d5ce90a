// Package settings holds what the bot keeps about each server (Discord guild):
// its settings, its daily puzzle (the post of the day and who solved it) and
// the games its members play. Nothing else about a server or its members is
// kept.
//
// # Settings
//
// A [Guild] is one server's settings. Its zero value means "the bot's defaults"
// everywhere, so a server that never changed anything needs no stored row, and
// a database that is down still leaves the bot a usable value:
//
//	prefix     text commands' prefix, 1 to 5 characters        "" = COMMAND_PREFIX
//	spoilers   off | on | channels (on in the listed channels)  default = SPOILER_SOLUTIONS
//	pictures   off | auto | always (boards sent as pictures)    default = IMAGE_REPLIES
//	channels   the channels the bot answers in                  empty = every channel
//	daily      channel, hour (UTC, 0-23) and level of the daily puzzle; no channel = off
//
// [Guild.In] turns a server's settings and the bot's own defaults into what a
// command in one channel runs with. Changes go through [Guild]'s setters
// ([Guild.SetPrefix], [Guild.AllowChannel], [Guild.SetDaily], ...), which check
// their input and return an [*Error] written for the person who typed the
// value, inside [Store.Update].
//
// # Storage
//
// [Store] is what the command layer uses; [Backend] is what a database adapter
// provides (packages settings/sqlite and settings/postgres; settings/backend
// opens the one a DATABASE_URL names). [Cache] wraps a Backend into the Store
// the bot should use: reads come from memory, so a command costs no query once
// its server is known, changes made by other processes show within
// [CacheOptions].PollInterval, and every call has a deadline. When the database
// cannot be reached, calls fail fast with an error that wraps [ErrUnavailable]
// and [Cache.Guild] still returns the defaults, so the bot answers with them
// ("settings unavailable, using defaults") and keeps solving.
//
// # Daily puzzle
//
// [Store.DueDaily] lists the servers whose daily post is due, [Store.ClaimDaily]
// lets exactly one process post it (the database decides, not timing), and
// [Store.DailyPosted] records the message. [Store.RecordSolver], [Store.Solvers]
// and [Store.Streak] keep who solved the day's puzzle, in order, and streaks.
// Days are UTC dates ([Day]).
//
// # Games
//
// [Games] keeps the games played in Discord (their rules are package
// game's): the puzzle, board, pencil marks and move history, players,
// times, mistakes and hints, and the board's message and thread. Updates
// are versioned ([ErrGameConflict]: read again and retry), a member has at
// most a given number of games open per server ([*TooManyGamesError]), and
// games left untouched are closed ([Games.CloseIdleGames]). The adapters
// implement it beside [Backend], in the same database and migrations.
package settings
