package slash

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
)

// TestPlayRequest: /play's options read as !play's words, together: as the
// word together; /stats and /leaderboard are the games' commands.
func TestPlayRequest(t *testing.T) {
	str := func(name, v string) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: v}
	}
	boolean := func(name string, v bool) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionBoolean, Value: v}
	}
	grid := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	for _, tc := range []struct {
		name string
		opts []*discordgo.ApplicationCommandInteractionDataOption
		kind command.Kind
		args string
	}{
		{"play", nil, command.Play, ""},
		{"play", []*discordgo.ApplicationCommandInteractionDataOption{str(LevelOption, "easy"), str(SizeOption, "6x6"), boolean(SymmetricOption, true)}, command.Play, "easy 6x6 symmetric"},
		{"play", []*discordgo.ApplicationCommandInteractionDataOption{str(CodeOption, "#9H-abb63100"), boolean(TogetherOption, true)}, command.Play, "together #9H-abb63100"},
		{"play", []*discordgo.ApplicationCommandInteractionDataOption{boolean(TogetherOption, true), str(gridOption, grid)}, command.Play, "together " + grid},
		{"play", []*discordgo.ApplicationCommandInteractionDataOption{boolean(TogetherOption, false), str(gridOption, grid)}, command.Play, grid},
		{"stats", nil, command.Stats, ""},
		{"leaderboard", []*discordgo.ApplicationCommandInteractionDataOption{str(LevelOption, "hard")}, command.Leaderboard, "hard"},
	} {
		req, known, err := Request(tc.name, tc.opts)
		if err != nil || !known || req.Kind != tc.kind || req.Args != tc.args {
			t.Errorf("/%s %v: %v %q known %v err %v; want %v %q", tc.name, tc.opts, req.Kind, req.Args, known, err, tc.kind, tc.args)
		}
	}
	names := map[string]bool{}
	for _, c := range Commands() {
		names[c.Name] = true
	}
	for _, n := range []string{"play", "stats", "leaderboard"} {
		if !names[n] {
			t.Errorf("/%s not registered", n)
		}
	}
}
