package command

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
)

// Statistics of the games played: !stats (a member's own, in the server
// where it is asked) and !leaderboard [level] (the server's fastest solves
// of the last seven days, hints counted). Both read the finished games
// from the store.

// leaderboardDays is how far back !leaderboard looks.
const leaderboardDays = 7

// maxLeaders is how many solves !leaderboard lists.
const maxLeaders = 10

// statsArgs reports whether the words after !stats or !leaderboard are
// for the bot: none, or a level. Other words are another bot's command.
func statsArgs(args string) bool {
	words := strings.Fields(args)
	if len(words) == 0 {
		return true
	}
	if len(words) > 1 {
		return false
	}
	_, err := generate.ParseLevel(words[0])
	return err == nil
}

// statsSeat checks what both commands need: a store and a seat.
func (h *Handler) statsSeat(req Request) (Seat, *Reply) {
	if h.cfg.Play.Games == nil {
		return Seat{}, &Reply{Text: render.Notice(msgNoGames), Outcome: outcomeUnavailable, UserError: true}
	}
	if req.Seat == nil || req.Seat.UserID == "" {
		return Seat{}, &Reply{Text: render.Notice(msgNoSeat), Outcome: outcomeUnavailable, UserError: true}
	}
	return *req.Seat, nil
}

// stats answers !stats: the member's finished games in this server (DMs
// apart), games and solves, best and median time per level, and their
// daily streak.
func (h *Handler) stats(ctx context.Context, req Request) Reply {
	seat, rep := h.statsSeat(req)
	if rep != nil {
		return *rep
	}
	games, err := h.cfg.Play.Games.FinishedGames(ctx, seat.GuildID, seat.UserID, time.Time{})
	if err != nil {
		return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Your games**")
	if seat.GuildID == "" {
		b.WriteString(" in DMs")
	} else {
		b.WriteString(" in this server")
	}
	solvedBy := map[string][]time.Duration{}
	solved := 0
	for _, g := range games {
		if g.Status != settings.GameSolved {
			continue
		}
		solved++
		level := g.Level
		if level == "" {
			level = "Unrated"
		}
		solvedBy[level] = append(solvedBy[level], g.Finished.Sub(g.Started))
	}
	fmt.Fprintf(&b, ": %d finished, %d solved, %d given up.", len(games), solved, len(games)-solved)
	levels := make([]string, 0, len(solvedBy))
	for _, l := range generate.Levels {
		if _, ok := solvedBy[l.String()]; ok {
			levels = append(levels, l.String())
		}
	}
	if _, ok := solvedBy["Unrated"]; ok {
		levels = append(levels, "Unrated")
	}
	for _, l := range levels {
		ts := solvedBy[l]
		slices.Sort(ts)
		fmt.Fprintf(&b, "\n• %s: %d solved, best %s, median %s", l, len(ts), render.Duration(ts[0]), render.Duration(median(ts)))
	}
	if s := h.cfg.Play.Solvers; s != nil && seat.GuildID != "" {
		if n, err := s.Streak(ctx, seat.GuildID, seat.UserID, settings.DayOf(h.cfg.Now())); err == nil {
			fmt.Fprintf(&b, "\nDaily puzzle streak: %d %s.", n, plural(n, "day", "days"))
		}
	}
	if len(games) == 0 {
		fmt.Fprintf(&b, "\nStart one with `%splay`.", h.cfg.Prefix)
	}
	return Reply{Text: fitReply(b.String()), Outcome: "stats"}
}

// median of sorted durations: the middle one, or the mean of the two.
func median(ts []time.Duration) time.Duration {
	n := len(ts)
	if n%2 == 1 {
		return ts[n/2]
	}
	return (ts[n/2-1] + ts[n/2]) / 2
}

// leaderboard answers !leaderboard [level]: the server's fastest solves of
// the last seven days, at one level when one is named, with the hints each
// took; a team game lists its players together.
func (h *Handler) leaderboard(ctx context.Context, req Request) Reply {
	seat, rep := h.statsSeat(req)
	if rep != nil {
		return *rep
	}
	if seat.GuildID == "" {
		return Reply{Text: render.Notice("The leaderboard is a server's: ask in one."), Outcome: outcomeUnavailable, UserError: true}
	}
	level := ""
	if w := strings.TrimSpace(req.Args); w != "" {
		l, err := generate.ParseLevel(w)
		if err != nil {
			return h.badRequest(fmt.Sprintf("Name a level (%s), or none for every level.", levelWords()))
		}
		level = l.String()
	}
	now := h.cfg.Now()
	games, err := h.cfg.Play.Games.FinishedGames(ctx, seat.GuildID, "", now.AddDate(0, 0, -leaderboardDays))
	if err != nil {
		return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
	}
	var solves []settings.GameRecord
	for _, g := range games {
		if g.Status == settings.GameSolved && (level == "" || g.Level == level) {
			solves = append(solves, g)
		}
	}
	slices.SortStableFunc(solves, func(a, b settings.GameRecord) int {
		return int((a.Finished.Sub(a.Started) - b.Finished.Sub(b.Started)) / time.Millisecond)
	})
	what := "every level"
	if level != "" {
		what = level
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Fastest solves here in the last %d days** (%s):", leaderboardDays, what)
	if len(solves) == 0 {
		fmt.Fprintf(&b, "\nNone yet: start a game with `%splay`.", h.cfg.Prefix)
	}
	for i, g := range solves[:min(len(solves), maxLeaders)] {
		who := "<@" + g.OwnerID + ">"
		if g.Team && len(g.Players) > 0 {
			names := make([]string, len(g.Players))
			for k, p := range g.Players {
				names[k] = "<@" + p.UserID + ">"
			}
			who = strings.Join(names, " and ")
		}
		lv := g.Level
		if lv == "" {
			lv = "unrated"
		}
		fmt.Fprintf(&b, "\n%d. %s: %s, %s, %d %s", i+1, who, render.Duration(g.Finished.Sub(g.Started)), lv, g.Hints, plural(g.Hints, "hint", "hints"))
	}
	return Reply{Text: fitReply(b.String()), Outcome: "leaderboard"}
}
