package slash

import (
	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/settings"
)

// gridOption is the option of the commands that take a grid.
const gridOption = "grid"

// gridOptionMax is the longest grid text a slash command takes: the one-line
// form of a 25×25 grid is 625 characters, with room for separators.
const gridOptionMax = 1500

// Commands returns the slash commands the bot registers: /solve, /check,
// /hint, /rate and /explain with a grid: option and a photo: option (a
// picture of the grid to read instead of its text; one of them is needed)
// and, where the reply shows a board, an image: option; /new with level:, size:, symmetric: and code:
// and /daily today with level: (the puzzles to play, with image: too) or
// /daily stats (the day's solvers in the server); and /help, usable in
// servers and in DMs with the bot; /settings, in servers only; and the
// games' /play, /stats and /leaderboard (play.go).
func Commands() []*discordgo.ApplicationCommand {
	contexts := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	installs := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	minLen := 16
	const oneLine = "on one line: 81 characters for 9×9, '.' or 0 for empty (4×4 to 25×25)"
	grid := func(what string, image bool) []*discordgo.ApplicationCommandOption {
		opts := []*discordgo.ApplicationCommandOption{{
			Type:        discordgo.ApplicationCommandOptionString,
			Name:        gridOption,
			Description: what + " " + oneLine,
			MinLength:   &minLen,
			MaxLength:   gridOptionMax,
		}, {
			Type:        discordgo.ApplicationCommandOptionAttachment,
			Name:        PhotoOption,
			Description: "Or a photo or screenshot of the grid (JPEG, PNG, WebP, GIF, BMP): the bot reads it",
		}}
		if image {
			opts = append(opts, &discordgo.ApplicationCommandOption{
				Type:        discordgo.ApplicationCommandOptionBoolean,
				Name:        ImageOption,
				Description: "True: attach a picture of the board; False: text only (unset: the bot decides)",
			})
		}
		return opts
	}
	cmd := func(name, desc string, opts []*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
		return &discordgo.ApplicationCommand{Name: name, Description: desc, Options: opts, Contexts: &contexts, IntegrationTypes: &installs}
	}
	image := &discordgo.ApplicationCommandOption{
		Type:        discordgo.ApplicationCommandOptionBoolean,
		Name:        ImageOption,
		Description: "True: attach a picture of the board; False: text only (unset: the bot decides)",
	}
	return append([]*discordgo.ApplicationCommand{
		cmd("solve", "Solve a Sudoku and say whether its solution is unique", grid("The puzzle", true)),
		cmd("check", "Check a Sudoku in progress for mistakes, without giving the solution away",
			append(grid("The grid", true), puzzleCode("check your grid against that puzzle"))),
		cmd("hint", "The next logical step from your grid: where to look, then the conclusion behind a spoiler",
			append(grid("The grid as you have it", true), puzzleCode("a hint on that puzzle, from your grid"))),
		cmd("rate", "How hard a Sudoku is on the Sudoku Explainer scale, with a difficulty word", grid("The puzzle", false)),
		cmd("explain", "The whole logical path of a Sudoku, step by step, conclusions behind spoilers", grid("The puzzle", false)),
		cmd("new", "A new Sudoku to play, graded: pick a level and a size, or give a puzzle's code", []*discordgo.ApplicationCommandOption{
			levelChoices("The difficulty (unset: Hard)"),
			{
				Type:        discordgo.ApplicationCommandOptionString,
				Name:        SizeOption,
				Description: "The grid's size (unset: 9×9)",
				Choices:     sizeChoices(),
			},
			{
				Type:        discordgo.ApplicationCommandOptionBoolean,
				Name:        SymmetricOption,
				Description: "True: givens symmetric through the centre, as puzzle books print them",
			},
			{
				Type:        discordgo.ApplicationCommandOptionString,
				Name:        CodeOption,
				Description: "A puzzle's code, such as #9H-abb63100, to get that puzzle back (instead of level and size)",
				MinLength:   &codeMin,
				MaxLength:   codeMax,
			},
			image,
		}),
		// A command with subcommands takes no options of its own: the day's
		// puzzle is /daily today, its solvers /daily stats.
		cmd(Daily, "The day's Sudoku (UTC date), the same for everyone, and who solved it here", []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: DailyToday, Description: "The day's puzzle (UTC date), the same for everyone",
				Options: []*discordgo.ApplicationCommandOption{levelChoices("The difficulty (unset: Hard)"),
					{Type: discordgo.ApplicationCommandOptionString, Name: DateOption, Description: "A past day's puzzle instead, as YYYY-MM-DD (UTC)",
						MinLength: &dateMin, MaxLength: dateMax},
					image}},
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: DailyStats, Description: "Who solved today's daily puzzle in this server, in order, and your streak",
				Options: []*discordgo.ApplicationCommandOption{}},
		}),
		cmd("help", "What the Sudoku bot does and the grid formats it reads", []*discordgo.ApplicationCommandOption{}),
		settingsCommand(),
	}, playCommands(cmd)...)
}

// The options of /new and /daily, read into the words of the text command
// (!new hard 9x9, !daily easy). A code is at most "#16Z-" and eight
// characters; a little more room lets a pasted space through to be trimmed.
const (
	LevelOption     = "level"
	SizeOption      = "size"
	SymmetricOption = "symmetric"
	CodeOption      = "code"
	codeMax         = 20
	DateOption      = "date"
	dateMax         = 16
)

var codeMin, dateMin = 10, 8

// puzzleCode is the code: option of /check and /hint: a served puzzle to
// work against, as a reply to its post does for the text commands.
func puzzleCode(what string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type:        discordgo.ApplicationCommandOptionString,
		Name:        CodeOption,
		Description: "The code in the puzzle's post (#9H-abb63100): " + what,
		MinLength:   &codeMin,
		MaxLength:   codeMax,
	}
}

// levelChoices is the level option of /new, /daily, /play and
// /leaderboard: one choice per level.
func levelChoices(desc string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: LevelOption, Description: desc}
	for _, c := range command.LevelChoices() {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
	}
	return o
}

// sizeChoices are the sizes of the puzzles the generator makes.
func sizeChoices() []*discordgo.ApplicationCommandOptionChoice {
	var cs []*discordgo.ApplicationCommandOptionChoice
	for _, c := range command.SizeChoices() {
		cs = append(cs, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
	}
	return cs
}

// /daily's name and subcommands.
const (
	Daily      = "daily"
	DailyToday = "today"
	DailyStats = "stats"
)

// PhotoOption is the option of /solve, /check, /hint, /rate and /explain
// that attaches a picture of the grid to read (image: is taken by the
// picture of the reply).
const PhotoOption = "photo"

// ImageOption is the slash commands' option that asks for (true) or turns
// down (false) a picture of the board.
const ImageOption = "image"

// Settings is the slash command that shows and changes a server's
// settings.
const Settings = "settings"

// ManageServer is the permission /settings asks for: Manage Server.
// Administrators have it implicitly.
const ManageServer = discordgo.PermissionManageGuild

// settingsCommand returns /settings: one subcommand (or group) per
// setting. Discord shows it only to members with Manage Server (an
// administrator may let others see it, which is why every change checks the
// member's permissions again), and only in servers.
func settingsCommand() *discordgo.ApplicationCommand {
	perm := int64(ManageServer)
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
		Name:                     Settings,
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
			sub("threads", "Whether each game gets a thread of its own (off: played in the channel)",
				choices("mode", "on: a thread per game (the default); off: in the channel", true, "on", "off")),
		},
	}
}
