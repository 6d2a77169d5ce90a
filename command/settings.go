package command

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
)

// Commands about a server: /settings, /daily stats, and the record of the
// members who solve the daily puzzle. They need [Config.Store]; without one,
// /settings and /daily stats say that nothing is kept.

// Outcomes of the server commands, for logs and metrics.
const (
	outcomeSettingsShown   = "settings_shown"
	outcomeSettingsChanged = "settings_changed"
	outcomeSettingsInvalid = "invalid_setting"
	outcomeSettingsDown    = "settings_unavailable"
	outcomeRefused         = "refused" // a member without Manage Server
	outcomeNoSettings      = "no_settings"
	outcomeUnknownSetting  = "unknown_command"
)

// Notices of the server commands.
const (
	msgNotAllowed       = "Only members with the Manage Server (or Administrator) permission can change this server's settings."
	msgSettingsDownTry  = "Settings unavailable right now, so nothing was changed. Please try again in a moment."
	msgSettingsDownShow = "Settings unavailable right now. Please try again in a moment."
	msgNoSettings       = "This bot keeps no per-server settings: it runs with its own everywhere."
	msgSettingsInDM     = "Settings belong to a server: use /settings in one."
	msgSettingsFailed   = "Sorry, something went wrong on my side while handling that. It has been logged."
	msgUnknownSetting   = "I don't know that command. Try /help."
)

// SettingsRequest is one /settings subcommand.
type SettingsRequest struct {
	GuildID string // "" in a DM
	// Sub names the subcommand, with its group: "show", "prefix",
	// "spoilers", "spoiler-channels add", "channels all", "daily", …
	Sub string
	// Options are the subcommand's options by name: a channel's ID, a word,
	// a number in decimal.
	Options map[string]string
	// CanManage says the member may change the server's settings (Manage
	// Server or Administrator); anyone may show them.
	CanManage bool
}

// Changed reports whether rep is the answer to a change of the settings
// that was saved.
func Changed(rep Reply) bool { return rep.Outcome == outcomeSettingsChanged }

// Defaults returns the Handler's own settings, which servers that chose
// nothing run with.
func (h *Handler) Defaults() settings.Defaults {
	return settings.Defaults{Prefix: h.cfg.Prefix, Spoilers: h.cfg.Spoiler, Pictures: h.cfg.Pictures}
}

// Settings answers /settings: show, or a change by a member allowed to make
// it. The transport shows the reply to its user only: the settings are the
// admins' business.
func (h *Handler) Settings(ctx context.Context, req SettingsRequest) Reply {
	switch {
	case req.GuildID == "":
		return Reply{Text: render.Notice(msgSettingsInDM), Outcome: outcomeRefused, UserError: true}
	case h.cfg.Store == nil:
		return Reply{Text: render.Notice(msgNoSettings), Outcome: outcomeNoSettings}
	}
	if req.Sub == "show" {
		g, err := h.cfg.Store.Guild(ctx, req.GuildID)
		if err != nil {
			return Reply{Text: render.Notice(msgSettingsDownShow), Outcome: outcomeSettingsDown, Err: err}
		}
		return Reply{Text: describeSettings(g, h.Defaults()), Outcome: outcomeSettingsShown}
	}
	if !req.CanManage {
		return Reply{Text: render.Notice(msgNotAllowed), Outcome: outcomeRefused, UserError: true}
	}
	change := settingsChange(req.Sub, req.Options)
	if change == nil {
		return Reply{Text: render.Notice(msgUnknownSetting), Outcome: outcomeUnknownSetting, UserError: true}
	}
	g, err := h.cfg.Store.Update(ctx, req.GuildID, change)
	var bad *settings.Error
	switch {
	case errors.As(err, &bad):
		return Reply{Text: render.Error(bad.Error()), Outcome: outcomeSettingsInvalid, UserError: true}
	case errors.Is(err, settings.ErrUnavailable):
		return Reply{Text: render.Notice(msgSettingsDownTry), Outcome: outcomeSettingsDown, Err: err}
	case err != nil:
		return Reply{Text: render.Notice(msgSettingsFailed), Outcome: outcomeSettingsDown, Err: err}
	}
	return Reply{Text: changed(req.Sub, g, h.Defaults()), Outcome: outcomeSettingsChanged}
}

// settingsChange returns the change a subcommand makes, nil for one that
// is not known.
func settingsChange(sub string, opts map[string]string) func(g *settings.Guild) error {
	arg := func(name string) string { return opts[name] }
	switch sub {
	case "prefix":
		return func(g *settings.Guild) error { return g.SetPrefix(arg("value")) }
	case "spoilers":
		return func(g *settings.Guild) error {
			m, err := settings.ParseSpoilerMode(arg("mode"))
			if err != nil {
				return err
			}
			return g.SetSpoilers(m)
		}
	case "spoiler-channels add":
		return func(g *settings.Guild) error { return g.AddSpoilerChannel(arg("channel")) }
	case "spoiler-channels remove":
		return func(g *settings.Guild) error { return g.RemoveSpoilerChannel(arg("channel")) }
	case "pictures":
		return func(g *settings.Guild) error {
			m, err := settings.ParsePictureMode(arg("mode"))
			if err != nil {
				return err
			}
			return g.SetPictures(m)
		}
	case "channels add":
		return func(g *settings.Guild) error { return g.AllowChannel(arg("channel")) }
	case "channels remove":
		return func(g *settings.Guild) error { return g.RemoveChannel(arg("channel")) }
	case "channels all":
		return func(g *settings.Guild) error { g.AllowAllChannels(); return nil }
	case "daily":
		return func(g *settings.Guild) error {
			n := -1
			if hour, ok := opts["hour"]; ok {
				if _, err := fmt.Sscan(hour, &n); err != nil {
					n = -1
				}
			}
			level := settings.LevelDefault
			if w, ok := opts["level"]; ok {
				l, err := settings.ParseLevel(w)
				if err != nil {
					return err
				}
				level = l
			}
			return g.SetDaily(arg("channel"), n, level)
		}
	case "daily-off":
		return func(g *settings.Guild) error { g.DailyOff(); return nil }
	case "threads":
		return func(g *settings.Guild) error {
			switch arg("mode") {
			case "on":
				g.SetThreads(true)
			case "off":
				g.SetThreads(false)
			default:
				return &settings.Error{Setting: "threads", Value: arg("mode"), Problem: "choose on or off"}
			}
			return nil
		}
	}
	return nil
}

// changed says what a change did, in a sentence, then the whole settings.
func changed(what string, g settings.Guild, d settings.Defaults) string {
	ch := g.In("", d)
	var head string
	switch what {
	case "prefix":
		head = fmt.Sprintf("Text commands now start with `%s`, as in `%ssolve`; a mention of me works too.", ch.Prefix, ch.Prefix)
	case "daily":
		head = fmt.Sprintf("The daily puzzle will be posted in <#%s> every day at %02d:00 UTC. If that hour has passed today and today's is not out yet, it comes now.",
			g.Daily.ChannelID, g.Daily.Hour)
	case "daily-off":
		head = "The daily puzzle will no longer be posted."
	default:
		head = "Saved."
	}
	return head + "\n" + describeSettings(g, d)
}

// maxListed is how many channels a settings reply names; more are counted.
const maxListed = 20

// describeSettings writes a server's settings for /settings show, with the
// bot's defaults where the server chose nothing.
func describeSettings(g settings.Guild, d settings.Defaults) string {
	var s strings.Builder
	s.WriteString("**Settings of this server**\n")
	if g.Prefix == "" {
		fmt.Fprintf(&s, "Prefix: `%s` (the bot's default). A mention of me works too.\n", d.Prefix)
	} else {
		fmt.Fprintf(&s, "Prefix: `%s` (the bot's default is `%s`). A mention of me works too.\n", g.Prefix, d.Prefix)
	}
	onOff := func(on bool) string {
		if on {
			return "on"
		}
		return "off"
	}
	switch g.Spoilers {
	case settings.SpoilersDefault:
		fmt.Fprintf(&s, "Spoilers on solutions: %s (the bot's default).\n", onOff(d.Spoilers))
	case settings.SpoilersInChannels:
		if len(g.SpoilerChannels) == 0 {
			s.WriteString("Spoilers on solutions: in the spoiler channels, and none is listed yet (add one with /settings spoiler-channels add).\n")
		} else {
			fmt.Fprintf(&s, "Spoilers on solutions: in %s only.\n", channelList(g.SpoilerChannels))
		}
	default:
		fmt.Fprintf(&s, "Spoilers on solutions: %s.\n", g.Spoilers)
	}
	if g.Pictures == settings.PicturesDefault {
		fmt.Fprintf(&s, "Pictures of boards: %s (the bot's default).\n", d.Pictures)
	} else {
		fmt.Fprintf(&s, "Pictures of boards: %s.\n", g.Pictures)
	}
	if len(g.Channels) == 0 {
		s.WriteString("Answers in: every channel.\n")
	} else {
		fmt.Fprintf(&s, "Answers in: %s only (and wherever someone mentions me).\n", channelList(g.Channels))
	}
	if g.NoThreads {
		s.WriteString("Games: played in the channel where they start (threads off).\n")
	} else {
		s.WriteString("Games: each in a thread of its own.\n")
	}
	if g.Daily.On() {
		fmt.Fprintf(&s, "Daily puzzle: in <#%s> at %02d:00 UTC, %s.", g.Daily.ChannelID, g.Daily.Hour, g.Daily.Level.Or(settings.DefaultDailyLevel))
	} else {
		s.WriteString("Daily puzzle: off.")
	}
	return s.String()
}

// channelList names channels as mentions (which ping nobody), at most
// maxListed of them.
func channelList(ids []string) string {
	n := min(len(ids), maxListed)
	names := make([]string, n)
	for i, id := range ids[:n] {
		names[i] = "<#" + id + ">"
	}
	list := strings.Join(names, ", ")
	if len(ids) > n {
		list += fmt.Sprintf(" and %d more", len(ids)-n)
	}
	return list
}

// NotHere is the answer to a command in a channel the server g keeps the
// bot out of.
func NotHere(g settings.Guild) string {
	return fmt.Sprintf("On this server I answer in %s. Ask there, or mention me.", channelList(g.Channels))
}

// maxSolversListed is how many solvers /daily stats names.
const maxSolversListed = 20

// DailyStats answers /daily stats: today's solvers in the server, first
// first, and the member's streak.
func (h *Handler) DailyStats(ctx context.Context, guildID, userID string) Reply {
	if guildID == "" {
		return Reply{Text: render.Notice("Daily solvers are counted per server: use /daily stats in one."), Outcome: outcomeRefused, UserError: true}
	}
	if h.cfg.Store == nil {
		return Reply{Text: render.Notice(msgNoSettings), Outcome: outcomeNoSettings}
	}
	day := settings.DayOf(h.cfg.Now())
	g, err := h.cfg.Store.Guild(ctx, guildID)
	var solvers []settings.Solver
	var streak int
	if err == nil {
		solvers, err = h.cfg.Store.Solvers(ctx, guildID, day)
	}
	if err == nil {
		streak, err = h.cfg.Store.Streak(ctx, guildID, userID, day)
	}
	if err != nil {
		return Reply{Text: render.Notice(msgSettingsDownShow), Outcome: outcomeSettingsDown, Err: err}
	}
	if !g.Daily.On() && len(solvers) == 0 {
		// Solvers are counted against the server's daily post: without
		// one, a daily puzzle played to the end counts for nobody here.
		return Reply{Text: fmt.Sprintf("**Daily puzzle of %s**: this server has no daily channel, so the day's solvers are not counted here. "+
			"A member with Manage Server can set one with `/settings daily channel:#channel hour:9` (the hour in UTC); from then on, everyone who solves the day's "+
			"puzzle here (`/daily today` and its Play button, or a check of the solution) is counted, with their streaks.", day),
			Outcome: "daily_stats_off"}
	}
	return Reply{Text: describeSolvers(day, solvers, streak), Outcome: "daily_stats"}
}

// describeSolvers writes the day's solvers and a member's streak.
func describeSolvers(day settings.Day, solvers []settings.Solver, streak int) string {
	var s strings.Builder
	switch len(solvers) {
	case 0:
		fmt.Fprintf(&s, "**Daily puzzle of %s**: nobody has solved it yet here.\n", day)
	case 1:
		fmt.Fprintf(&s, "**Daily puzzle of %s**: 1 solver here.\n", day)
	default:
		fmt.Fprintf(&s, "**Daily puzzle of %s**: %d solvers here.\n", day, len(solvers))
	}
	for i, sv := range solvers {
		if i == maxSolversListed {
			fmt.Fprintf(&s, "… and %d more.\n", len(solvers)-i)
			break
		}
		fmt.Fprintf(&s, "%d. <@%s> at %s UTC\n", sv.Place, sv.UserID, sv.At.UTC().Format("15:04"))
	}
	switch streak {
	case 0:
		s.WriteString("Your streak: none yet. Solve today's puzzle to start one.")
	case 1:
		s.WriteString("Your streak: 1 day.")
	default:
		fmt.Fprintf(&s, "Your streak: %d days in a row.", streak)
	}
	return s.String()
}

// CountsDaily reports whether a check by userID in server g may make them
// one of the day's solvers: a check, in a server with a daily puzzle, and
// a store to record it in.
func (h *Handler) CountsDaily(g settings.Guild, userID string, req Request) bool {
	return req.Kind == Check && g.ID != "" && g.Daily.On() && h.cfg.Store != nil && userID != ""
}

// RecordDailySolver follows rep, the reply to a check (req) by userID in
// server g (see [Handler.CountsDaily]): when the grid is that day's puzzle
// at the server's level, completed and correct, the member is recorded
// among the day's solvers, once, and the reply congratulates them with
// their place.
func (h *Handler) RecordDailySolver(ctx context.Context, g settings.Guild, userID string, req Request, rep Reply) Reply {
	if rep.Outcome != "complete" {
		return rep
	}
	grid, err := h.GridOf(req)
	if err != nil {
		return rep
	}
	now := h.cfg.Now()
	day := settings.DayOf(now)
	level := g.Daily.Level.Or(settings.DefaultDailyLevel)
	if !h.IsDailySolution(ctx, day.Time(), DailyLevel(level), grid) {
		return rep
	}
	place, recorded, err := h.cfg.Store.RecordSolver(ctx, g.ID, day, userID, now)
	var line string
	switch {
	case err != nil:
		rep.Err = errors.Join(rep.Err, fmt.Errorf("record daily solver: %w", err))
		line = render.Notice("That is today's daily puzzle solved, but I could not record it right now (settings unavailable). Send it again in a minute to be counted.")
	case place == 0: // asked for the solution today (the daily rule, dailyrule.go)
		line = "That is today's daily puzzle solved, but you asked for its solution today, so you are not ranked today."
	case recorded:
		rep.Outcome = "daily_solved"
		line = fmt.Sprintf("🎉 You solved today's daily puzzle (%s): solver number %d today!", level, place)
	default:
		line = fmt.Sprintf("You solved today's daily puzzle already: solver number %d today.", place)
	}
	rep.Text = WithFooter(rep.Text, line)
	rep.Fallback = WithFooter(rep.Fallback, line)
	return rep
}

// WithFooter adds footer to text on a line of its own, when it fits in a
// message.
func WithFooter(text, footer string) string {
	if text == "" {
		return text
	}
	s := text + "\n" + footer
	if render.Len(s) > render.MaxLen {
		return text
	}
	return s
}

// DailyLevel returns the generator's level for a daily level of the
// settings (LevelDefault is the daily puzzle's default).
//
// The two are distinct types on purpose: settings imports only the
// standard library and generate knows no store, so neither can use the
// other's. Their values are the same numbers (Easy is 1, Extreme 5, which
// TestDailyLevel holds), so this is the one conversion, with no words
// written and read again.
func DailyLevel(l settings.Level) generate.Level {
	return generate.Level(l.Or(settings.DefaultDailyLevel))
}
