package slash

import (
	"errors"
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
)

type opt = discordgo.ApplicationCommandInteractionDataOption

func str(name, v string) *opt {
	return &opt{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: v}
}

func boolean(name string, v bool) *opt {
	return &opt{Name: name, Type: discordgo.ApplicationCommandOptionBoolean, Value: v}
}

func TestRequest(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cmd   string
		opts  []*opt
		want  command.Request
		known bool
	}{
		{"grid", "solve", []*opt{str("grid", "1.2"), boolean(ImageOption, true)},
			command.Request{Kind: command.Solve, Args: "1.2", Picture: command.PictureOn}, true},
		{"image false", "check", []*opt{str("grid", "x"), boolean(ImageOption, false)},
			command.Request{Kind: command.Check, Args: "x", Picture: command.PictureOff}, true},
		{"code of hint", "hint", []*opt{str("grid", "g"), str(CodeOption, "#9H-abb63100")},
			command.Request{Kind: command.Hint, Args: "g", Code: "#9H-abb63100"}, true},
		{"new as words", "new", []*opt{str(LevelOption, "easy"), str(SizeOption, "4x4"), boolean(SymmetricOption, true)},
			command.Request{Kind: command.NewPuzzle, Args: "easy 4x4 symmetric"}, true},
		{"symmetric false is no word", "new", []*opt{boolean(SymmetricOption, false)},
			command.Request{Kind: command.NewPuzzle}, true},
		{"code of new is a word", "new", []*opt{str(CodeOption, "#9H-abb63100")},
			command.Request{Kind: command.NewPuzzle, Args: "#9H-abb63100"}, true},
		{"unknown", "nope", nil, command.Request{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, known, err := Request(tc.cmd, tc.opts)
			if err != nil || known != tc.known || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Request(%q) = %+v, %v, %v; want %+v, %v, nil", tc.cmd, got, known, err, tc.want, tc.known)
			}
		})
	}
}

func TestRequestNumberInAStringOption(t *testing.T) {
	req, known, err := Request("new", []*opt{str(SizeOption, "9x9"), {Name: LevelOption, Type: discordgo.ApplicationCommandOptionString, Value: 3.0}})
	var oe *OptionError
	if !errors.As(err, &oe) || oe.Name != LevelOption || oe.Value != 3.0 {
		t.Fatalf("err = %v, want an *OptionError for %q holding 3", err, LevelOption)
	}
	if !known || req.Kind != command.NewPuzzle {
		t.Errorf("req = %+v, known %v; want Kind New, known", req, known)
	}
}

func TestSubcommandAndSettingsRequest(t *testing.T) {
	data := discordgo.ApplicationCommandInteractionData{Name: Settings, Options: []*opt{{
		Name: "channels", Type: discordgo.ApplicationCommandOptionSubCommandGroup,
		Options: []*opt{{Name: "add", Type: discordgo.ApplicationCommandOptionSubCommand,
			Options: []*opt{{Name: "channel", Type: discordgo.ApplicationCommandOptionChannel, Value: "42"}}}},
	}}}
	if g, n, args := Subcommand(data.Options); g != "channels" || n != "add" || len(args) != 1 {
		t.Errorf("Subcommand = %q, %q, %d args; want channels, add, 1", g, n, len(args))
	}
	i := &discordgo.Interaction{GuildID: "g1", Member: &discordgo.Member{Permissions: discordgo.PermissionAdministrator}}
	got := SettingsRequest(i, data)
	want := command.SettingsRequest{GuildID: "g1", Sub: "channels add", Options: map[string]string{"channel": "42"}, CanManage: true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SettingsRequest = %+v, want %+v", got, want)
	}
	hour := discordgo.ApplicationCommandInteractionData{Options: []*opt{{Name: "daily", Type: discordgo.ApplicationCommandOptionSubCommand,
		Options: []*opt{{Name: "hour", Type: discordgo.ApplicationCommandOptionInteger, Value: 7.0}}}}}
	if got := SettingsRequest(&discordgo.Interaction{Member: &discordgo.Member{}}, hour); got.Sub != "daily" || got.Options["hour"] != "7" || got.CanManage {
		t.Errorf("SettingsRequest(daily hour 7, no permission) = %+v", got)
	}
}

func TestCanManage(t *testing.T) {
	for _, tc := range []struct {
		m    *discordgo.Member
		want bool
	}{
		{nil, false},
		{&discordgo.Member{}, false},
		{&discordgo.Member{Permissions: discordgo.PermissionManageGuild}, true},
		{&discordgo.Member{Permissions: discordgo.PermissionAdministrator}, true},
		{&discordgo.Member{Permissions: discordgo.PermissionSendMessages}, false},
	} {
		if got := CanManage(&discordgo.Interaction{Member: tc.m}); got != tc.want {
			t.Errorf("CanManage(%+v) = %v, want %v", tc.m, got, tc.want)
		}
	}
}

func TestCommandsNamesAreRouted(t *testing.T) {
	for _, c := range Commands() {
		if _, known := command.KindOf(c.Name); !known && c.Name != Settings {
			t.Errorf("/%s is registered but the command layer has no kind for it", c.Name)
		}
	}
}
