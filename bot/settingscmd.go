package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
)

// settingsName is the slash command that shows and changes a server's
// settings.
const settingsName = "settings"

// manageServer is the permission /settings asks for: Manage Server.
// Administrators have it implicitly.
const manageServer = discordgo.PermissionManageGuild

// Outcomes of /settings, for logs and metrics.
const (
	outcomeSettingsShown   = "settings_shown"
	outcomeSettingsChanged = "settings_changed"
	outcomeSettingsInvalid = "invalid_setting"
	outcomeSettingsDown    = "settings_unavailable"
	outcomeRefused         = "refused" // a member without Manage Server
	outcomeNoSettings      = "no_settings"
)

// Notices of /settings.
const (
	msgNotAllowed       = "Only members with the Manage Server (or Administrator) permission can change this server's settings."
	msgSettingsDownTry  = "Settings unavailable right now, so nothing was changed. Please try again in a moment."
	msgSettingsDownShow = "Settings unavailable right now. Please try again in a moment."
	msgNoSettings       = "This bot keeps no per-server settings: it runs with its own everywhere."
	msgSettingsInDM     = "Settings belong to a server: use /settings in one."
)

// settingsCommand returns /settings: one subcommand (or group) per
// setting. Discord shows it only to members with Manage Server (an
// administrator may let others see it, which is why every change checks the
// member's permissions again), and only in servers.
func settingsCommand() *discordgo.ApplicationCommand {
	perm := int64(manageServer)
	contexts := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	installs := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	channelTypes := []discordgo.ChannelType{discordgo.ChannelTypeGuildText, discordgo.ChannelTypeGuildNews, discordgo.ChannelTypeGuildForum}
	channel := func(desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionChannel, Name: "channel",
			Description: desc, Required: true, ChannelTypes: channelTypes}
	}
	choices := func(name, desc string, required bool, words ...string) *discordgo.ApplicationCommandOption {
		o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Required: required}
		for _, w := range words {
			o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: w, Value: w})
		}
		return o
	}
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		if opts == nil {
			opts = []*discordgo.ApplicationCommandOption{}
		}
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
	}
	group := func(name, desc string, subs ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup, Name: name, Description: desc, Options: subs}
	}
	minLen, minHour := 1, 0.0
	levels := make([]string, 0, 5)
	for l := settings.LevelEasy; l <= settings.LevelExtreme; l++ {
		levels = append(levels, l.String())
	}
	return &discordgo.ApplicationCommand{
		Name:                     settingsName,
		Description:              "This server's settings for the Sudoku bot (changes need Manage Server)",
		DefaultMemberPermissions: &perm,
		Contexts:                 &contexts,
		IntegrationTypes:         &installs,
		Options: []*discordgo.ApplicationCommandOption{
			sub("show", "Show this server's settings"),
			sub("prefix", "Set the prefix of text commands (a mention of the bot always works)",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "value",
					Description: "1 to 5 characters, such as ? or sb! ('default' for the bot's own)", Required: true,
					MinLength: &minLen, MaxLength: 32}),
			sub("spoilers", "Hide solutions behind spoiler bars",
				choices("mode", "off, on, or channels: only in the spoiler channels", true, "off", "on", "channels", "default")),
			group("spoiler-channels", "The channels where solutions are hidden (with spoilers: channels)",
				sub("add", "Hide solutions in a channel", channel("The channel")),
				sub("remove", "Stop hiding solutions in a channel", channel("The channel"))),
			sub("pictures", "When boards come as pictures",
				choices("mode", "off: text only; auto: where text falls short; always: with every board", true, "off", "auto", "always", "default")),
			group("channels", "The channels the bot answers commands in",
				sub("add", "Answer in this channel (the first one added means: only in the listed ones)", channel("The channel")),
				sub("remove", "Stop answering in a listed channel", channel("The channel")),
				sub("all", "Answer in every channel again")),
			sub("daily", "Post the day's puzzle in a channel every day",
				channel("Where to post it"),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "hour",
					Description: "Hour of the day, UTC (0 to 23)", Required: true, MinValue: &minHour, MaxValue: 23},
				choices("level", "Difficulty of the puzzle (default: "+settings.DefaultDailyLevel.String()+")", false, levels...)),
			sub("daily-off", "Stop posting the daily puzzle"),
		},
	}
}

// canManage reports whether the member who ran an interaction may change
// the server's settings: Manage Server or Administrator in the permissions
// Discord computed for them (the interaction's member.permissions).
func canManage(i *discordgo.Interaction) bool {
	return i.Member != nil && i.Member.Permissions&(manageServer|discordgo.PermissionAdministrator) != 0
}

// subcommand returns the subcommand an interaction names, with its group
// ("channels add": group "channels", name "add"), and its options.
func subcommand(opts []*discordgo.ApplicationCommandInteractionDataOption) (group, name string, args []*discordgo.ApplicationCommandInteractionDataOption) {
	if len(opts) == 0 {
		return "", "", nil
	}
	o := opts[0]
	switch o.Type {
	case discordgo.ApplicationCommandOptionSubCommandGroup:
		_, name, args = subcommand(o.Options)
		return o.Name, name, args
	case discordgo.ApplicationCommandOptionSubCommand:
		return "", o.Name, o.Options
	}
	return "", "", opts
}

// option returns the value of the named option as a string (a channel's
// ID, a word, a number written in decimal), and false when it is absent.
func option(opts []*discordgo.ApplicationCommandInteractionDataOption, name string) (string, bool) {
	for _, o := range opts {
		if o.Name != name {
			continue
		}
		switch v := o.Value.(type) {
		case string:
			return v, true
		case float64:
			return fmt.Sprint(int64(v)), v == float64(int64(v))
		}
	}
	return "", false
}

// settingsReply answers /settings: show, or a change by a member allowed to
// make it. Replies are ephemeral: the settings are the admins' business.
func (b *Bot) settingsReply(ctx context.Context, i *discordgo.Interaction, data discordgo.ApplicationCommandInteractionData, at where) command.Reply {
	switch {
	case i.GuildID == "":
		return command.Reply{Text: render.Notice(msgSettingsInDM), Outcome: outcomeRefused, UserError: true}
	case b.cfg.Settings == nil:
		return command.Reply{Text: render.Notice(msgNoSettings), Outcome: outcomeNoSettings}
	}
	group, name, args := subcommand(data.Options)
	what := strings.TrimSpace(group + " " + name)
	if what == "show" {
		if at.err != nil {
			return command.Reply{Text: render.Notice(msgSettingsDownShow), Outcome: outcomeSettingsDown}
		}
		return command.Reply{Text: describeSettings(at.guild, b.defaults()), Outcome: outcomeSettingsShown}
	}
	if !canManage(i) {
		return command.Reply{Text: render.Notice(msgNotAllowed), Outcome: outcomeRefused, UserError: true}
	}
	arg := func(name string) string { v, _ := option(args, name); return v }
	var change func(g *settings.Guild) error
	switch what {
	case "prefix":
		change = func(g *settings.Guild) error { return g.SetPrefix(arg("value")) }
	case "spoilers":
		change = func(g *settings.Guild) error {
			m, err := settings.ParseSpoilerMode(arg("mode"))
			if err != nil {
				return err
			}
			return g.SetSpoilers(m)
		}
	case "spoiler-channels add":
		change = func(g *settings.Guild) error { return g.AddSpoilerChannel(arg("channel")) }
	case "spoiler-channels remove":
		change = func(g *settings.Guild) error { return g.RemoveSpoilerChannel(arg("channel")) }
	case "pictures":
		change = func(g *settings.Guild) error {
			m, err := settings.ParsePictureMode(arg("mode"))
			if err != nil {
				return err
			}
			return g.SetPictures(m)
		}
	case "channels add":
		change = func(g *settings.Guild) error { return g.AllowChannel(arg("channel")) }
	case "channels remove":
		change = func(g *settings.Guild) error { return g.RemoveChannel(arg("channel")) }
	case "channels all":
		change = func(g *settings.Guild) error { g.AllowAllChannels(); return nil }
	case "daily":
		change = func(g *settings.Guild) error {
			hour, ok := option(args, "hour")
			n := -1
			if ok {
				if _, err := fmt.Sscan(hour, &n); err != nil {
					n = -1
				}
			}
			level := settings.LevelDefault
			if w, ok := option(args, "level"); ok {
				l, err := settings.ParseLevel(w)
				if err != nil {
					return err
				}
				level = l
			}
			return g.SetDaily(arg("channel"), n, level)
		}
	case "daily-off":
		change = func(g *settings.Guild) error { g.DailyOff(); return nil }
	default:
		return command.Reply{Text: render.Notice(msgUnknownCmd), Outcome: outcomeUnknown, UserError: true}
	}
	g, err := b.cfg.Settings.Update(ctx, i.GuildID, change)
	var bad *settings.Error
	switch {
	case errors.As(err, &bad):
		return command.Reply{Text: render.Error(bad.Error()), Outcome: outcomeSettingsInvalid, UserError: true}
	case errors.Is(err, settings.ErrUnavailable):
		return command.Reply{Text: render.Notice(msgSettingsDownTry), Outcome: outcomeSettingsDown, Err: err}
	case err != nil:
		return command.Reply{Text: render.Notice(msgApology), Outcome: outcomeSettingsDown, Err: err}
	}
	if what == "daily" {
		b.kickDaily()
	}
	return command.Reply{Text: changed(what, g, b.defaults()), Outcome: outcomeSettingsChanged}
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

// notHere is the answer to a slash command in a channel the server keeps
// the bot out of.
func notHere(g settings.Guild) string {
	return fmt.Sprintf("On this server I answer in %s. Ask there, or mention me.", channelList(g.Channels))
}
