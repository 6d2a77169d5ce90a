package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/settings"
)

// settingsName is the slash command that shows and changes a server's
// settings.
const settingsName = "settings"

// manageServer is the permission /settings asks for: Manage Server.
// Administrators have it implicitly.
const manageServer = discordgo.PermissionManageGuild

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

// settingsRequest reads a /settings interaction for the command layer.
func settingsRequest(i *discordgo.Interaction, data discordgo.ApplicationCommandInteractionData) command.SettingsRequest {
	group, name, args := subcommand(data.Options)
	opts := make(map[string]string, len(args))
	for _, o := range args {
		if v, ok := option(args, o.Name); ok {
			opts[o.Name] = v
		}
	}
	return command.SettingsRequest{GuildID: i.GuildID, Sub: strings.TrimSpace(group + " " + name), Options: opts, CanManage: canManage(i)}
}
