package command

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
)

// Statistics of the games played: !stats (a member's own, in the server
// where it is asked: the store's aggregates) and !leaderboard [level] (the
// server's fastest ranked solves of the last seven days, hints counted: a
// puzzle with a level and at least half its cells to fill, see ranked).

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
	st, err := h.cfg.Play.Games.MemberStats(ctx, seat.GuildID, seat.UserID)
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
	fmt.Fprintf(&b, ": %d finished, %d solved, %d given up.", st.Finished, st.Solved, st.GaveUp)
	byLevel := map[string]settings.LevelStats{}
	for _, l := range st.Levels {
		byLevel[l.Level] = l
	}
	for _, l := range append(slices.Clone(generate.Levels), 0) {
		name, label := "", "Unrated"
		if l != 0 {
			name, label = l.String(), l.String()
		}
		if ls, ok := byLevel[name]; ok {
			fmt.Fprintf(&b, "\n• %s: %d solved, best %s, median %s", label, ls.Solved, render.Duration(ls.Best), render.Duration(ls.Median))
		}
	}
	if s := h.cfg.Play.Solvers; s != nil && seat.GuildID != "" {
		if n, err := s.Streak(ctx, seat.GuildID, seat.UserID, settings.DayOf(h.cfg.Now())); err == nil {
			fmt.Fprintf(&b, "\nDaily puzzle streak: %d %s.", n, plural(n, "day", "days"))
		}
	}
	if st.Finished == 0 {
		fmt.Fprintf(&b, "\nStart one with `%splay`.", h.cfg.Prefix)
	}
	return Reply{Text: fitReply(b.String()), Outcome: "stats"}
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
	solves, err := h.cfg.Play.Games.FastestSolves(ctx, seat.GuildID, level, now.AddDate(0, 0, -leaderboardDays), maxLeaders)
	if err != nil {
		return Reply{Text: render.Notice(msgGamesDown), Outcome: outcomeGameDown, Err: err}
	}
	what := "every level"
	if level != "" {
		what = level
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Fastest solves here in the last %d days** (%s):", leaderboardDays, what)
	if len(solves) == 0 {
		fmt.Fprintf(&b, "\nNone yet: start a game with `%splay`.", h.cfg.Prefix)
	}
	for i, g := range solves {
		who := "<@" + g.OwnerID + ">"
		if g.Team && len(g.Players) > 0 {
			names := make([]string, len(g.Players))
			for k, p := range g.Players {
				names[k] = "<@" + p.UserID + ">"
			}
			who = strings.Join(names, " and ")
		}
		fmt.Fprintf(&b, "\n%d. %s: %s, %s, %d %s", i+1, who, render.Duration(g.Finished.Sub(g.Started)), g.Level, g.Hints, plural(g.Hints, "hint", "hints"))
	}
	return Reply{Text: fitReply(b.String()), Outcome: "leaderboard"}
}
