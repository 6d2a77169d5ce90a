package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/settings/storetest"
)

// boardTitle reads a game's number from its board's first line.
var boardTitle = regexp.MustCompile(`^\*\*(?:Team game|Game) (\d+)\*\*`)

// TestGameSurvivesKill9: the program wires the games to DATABASE_URL: a
// game started in one process, with a move acknowledged on its board, goes
// on after that process is killed (SIGKILL) in a new one, by a button
// press on the same board, edited in place. On SQLite and on PostgreSQL.
func TestGameSurvivesKill9(t *testing.T) {
	for name, newDB := range map[string]storetest.NewDatabase{"sqlite": storetest.NewSQLite, "postgres": storetest.NewPostgres} {
		t.Run(name, func(t *testing.T) {
			url := newDB(t)
			srv := discordtest.New(t)
			first := startBotProcess(t, srv, map[string]string{"DATABASE_URL": url})
			srv.SendMessage(discordtest.Message{Content: "!play " + lc37})
			var board discordtest.SentMessage
			srv.WaitUntil(t, 30*time.Second, "the game's board", func() bool {
				for _, m := range srv.Messages() {
					if m.Kind == discordtest.KindChannelMessage && boardTitle.MatchString(m.Content) && len(m.Buttons()) == 6 {
						board = m
						return true
					}
				}
				return false
			})
			// Typed in the game's thread, where its board is.
			srv.Dispatch("MESSAGE_CREATE", srv.ThreadMessage(board.ChannelID, "r1c3 4", nil))
			shows := func(desc, want string) {
				t.Helper()
				srv.WaitMessageNow(t, board.ID, 30*time.Second, desc, func(m discordtest.MessageState) bool { return strings.Contains(m.Content, want) })
			}
			shows("the first move on the board", "Last move: r1c3 4.")
			first.kill(t)

			startBotProcess(t, srv, map[string]string{"DATABASE_URL": url})
			// The board's version moved on with the move: press the Undo of
			// the board as it is now.
			undo := ""
			now, _ := srv.MessageNow(board.ID)
			for _, b := range now.Buttons() {
				if b.Label == "Undo" {
					undo = b.CustomID
				}
			}
			if _, err := srv.Press(board.ID, undo, nil); err != nil {
				t.Fatal(err)
			}
			shows("the undo of the new process on the same board", "Undid 1 move.")
		})
	}
}
