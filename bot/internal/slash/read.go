package slash

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
)

// CanManage reports whether the member who ran an interaction may change
// the server's settings: Manage Server or Administrator in the permissions
// Discord computed for them (the interaction's member.permissions).
func CanManage(i *discordgo.Interaction) bool {
	return i.Member != nil && i.Member.Permissions&(ManageServer|discordgo.PermissionAdministrator) != 0
}

// subcommand returns the subcommand an interaction names, with its group
// ("channels add": group "channels", name "add"), and its options.
func Subcommand(opts []*discordgo.ApplicationCommandInteractionDataOption) (group, name string, args []*discordgo.ApplicationCommandInteractionDataOption) {
	if len(opts) == 0 {
		return "", "", nil
	}
	o := opts[0]
	switch o.Type {
	case discordgo.ApplicationCommandOptionSubCommandGroup:
		_, name, args = Subcommand(o.Options)
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

// SettingsRequest reads a /settings interaction for the command layer.
func SettingsRequest(i *discordgo.Interaction, data discordgo.ApplicationCommandInteractionData) command.SettingsRequest {
	group, name, args := Subcommand(data.Options)
	opts := make(map[string]string, len(args))
	for _, o := range args {
		if v, ok := option(args, o.Name); ok {
			opts[o.Name] = v
		}
	}
	return command.SettingsRequest{GuildID: i.GuildID, Sub: strings.TrimSpace(group + " " + name), Options: opts, CanManage: CanManage(i)}
}

// OptionError is an option Discord declared as text that holds another
// value (a number, say): only a forged or broken payload sends one, and the
// command is not run.
type OptionError struct {
	Name  string // the option's name
	Value any    // what it held
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("slash option %q: a %T where text was declared", e.Name, e.Value)
}

// Request reads the options of the slash command name (for /daily today,
// the subcommand's options) into the command layer's request, as the text
// command would read its words: grid: is the grid, code: of /check and
// /hint the puzzle worked against, image: the picture mode, and the options
// of /new and /daily (level:, size:, code:, date:, symmetric:) the text
// command's words. known reports whether name is one of the command layer's
// commands; req carries its Kind even when err, an *OptionError, is not nil.
// The caller fills in the settings and the user.
func Request(name string, opts []*discordgo.ApplicationCommandInteractionDataOption) (req command.Request, known bool, err error) {
	kind, known := command.KindOf(name)
	req = command.Request{Kind: kind}
	var words []string // the options of /new and /daily, as the text command's words
	together := false  // /play together:True
	for _, o := range opts {
		str := o.Type == discordgo.ApplicationCommandOptionString
		if _, text := o.Value.(string); str && !text {
			// StringValue would panic on it.
			return command.Request{Kind: kind}, known, &OptionError{Name: o.Name, Value: o.Value}
		}
		switch {
		case o.Name == gridOption && str:
			req.Args = o.StringValue()
		case o.Name == CodeOption && str && (kind == command.Check || kind == command.Hint):
			req.Code = o.StringValue()
		case o.Name == ImageOption && o.Type == discordgo.ApplicationCommandOptionBoolean:
			req.Picture = command.PictureOff
			if o.BoolValue() {
				req.Picture = command.PictureOn
			}
		case (o.Name == LevelOption || o.Name == SizeOption || o.Name == CodeOption || o.Name == DateOption) && str:
			words = append(words, o.StringValue())
		case o.Name == SymmetricOption && o.Type == discordgo.ApplicationCommandOptionBoolean && o.BoolValue():
			words = append(words, "symmetric")
		case o.Name == TogetherOption && o.Type == discordgo.ApplicationCommandOptionBoolean:
			together = o.BoolValue()
		}
	}
	if len(words) > 0 && req.Args == "" {
		req.Args = strings.Join(words, " ")
	}
	if together {
		req.Args = strings.TrimSpace("together " + req.Args)
	}
	return req, known, nil
}

// Photo returns the attachment the photo: option of a slash command names,
// from the interaction's resolved attachments (for /daily today, opts are
// the subcommand's). named reports whether the option was given; a is nil
// when it was given but Discord did not resolve it (a forged or broken
// payload), which the caller must say rather than ignore.
func Photo(data discordgo.ApplicationCommandInteractionData, opts []*discordgo.ApplicationCommandInteractionDataOption) (a *discordgo.MessageAttachment, named bool) {
	for _, o := range opts {
		if o.Name != PhotoOption || o.Type != discordgo.ApplicationCommandOptionAttachment {
			continue
		}
		id, _ := o.Value.(string)
		if data.Resolved != nil && id != "" {
			a = data.Resolved.Attachments[id]
		}
		return a, true
	}
	return nil, false
}
