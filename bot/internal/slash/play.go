package slash

import (
	"github.com/bwmarrin/discordgo"
)

// TogetherOption is /play's option that makes a team game.
const TogetherOption = "together"

// playCommands are the slash commands of games: /play (a puzzle from the
// pool, a code's puzzle or a pasted grid; together: for a team game),
// /stats (the member's games, answered to them alone) and /leaderboard
// (the server's fastest solves this week).
func playCommands(cmd func(name, desc string, opts []*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
	minLen := 16
	return []*discordgo.ApplicationCommand{
		cmd("play", "Play a Sudoku here, move by move: its board, buttons and your moves in a thread", []*discordgo.ApplicationCommandOption{
			levelChoices("The difficulty (unset: Hard)"),
			{Type: discordgo.ApplicationCommandOptionString, Name: SizeOption, Description: "The grid's size (unset: 9×9)", Choices: sizeChoices()},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: SymmetricOption, Description: "True: givens symmetric through the centre"},
			{Type: discordgo.ApplicationCommandOptionString, Name: CodeOption, Description: "A puzzle's code, such as #9H-abb63100, to play that puzzle",
				MinLength: &codeMin, MaxLength: codeMax},
			{Type: discordgo.ApplicationCommandOptionString, Name: gridOption, Description: "Or any puzzle on one line ('.' or 0 for empty) to play it",
				MinLength: &minLen, MaxLength: gridOptionMax},
			{Type: discordgo.ApplicationCommandOptionBoolean, Name: TogetherOption, Description: "True: a team game that anyone here may play, each move credited"},
		}),
		cmd("stats", "Your games here: solved, best and median times per level, your daily streak", []*discordgo.ApplicationCommandOption{}),
		cmd("leaderboard", "This server's fastest solves this week, hints counted", []*discordgo.ApplicationCommandOption{
			levelChoices("One level only (unset: every level)"),
		}),
	}
}
