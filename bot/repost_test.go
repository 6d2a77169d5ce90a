package bot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// boardsPosted counts the boards of game id the bot posted in channel.
func boardsPosted(srv *discordtest.Server, channel, id string) int {
	n := 0
	for _, m := range srv.BotMessagesIn(channel) {
		if gameTitle(m.Content) == id {
			n++
		}
	}
	return n
}

// scrollUp posts n messages of talk in channel and waits until the bot
// has counted them below board.
func scrollUp(t *testing.T, h *harness, channel, board string, n int) {
	t.Helper()
	before := h.bot.games.scroll.Below(channel, board)
	for i := range n {
		h.srv.SendMessage(discordtest.Message{ChannelID: channel, Content: fmt.Sprintf("talk number %d", i)})
	}
	poll(t, "the talk counted below the board", func() bool { return h.bot.games.scroll.Below(channel, board) >= before+n })
}

// TestPlayBoardRepostedWhenScrolledUp: a move with few messages below the
// board edits it; once talk has pushed it more than boardScrollLimit
// messages up, the next move posts it again below with its buttons,
// records the new message, deletes the old one (whose buttons can no
// longer be pressed), and the move after that edits the new board.
func TestPlayBoardRepostedWhenScrolledUp(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	id := startedGame(t, srv, db, nil, gamePuzzle)
	old, _ := boardOf(srv, id)
	oldIDs, _ := customIDs(t, old)

	// Under the limit: edited in place.
	scrollUp(t, h, old.channel, old.id, boardScrollLimit-2)
	srv.SendMessage(discordtest.Message{ChannelID: old.channel, Content: "r1c3 4"})
	b := waitBoard(t, srv, id, "r1c3 4 on the board", func(b board) bool { return strings.Contains(b.content, "Last move: r1c3 4.") })
	if b.id != old.id || boardsPosted(srv, old.channel, id) != 1 {
		t.Fatalf("under the limit: board %s (was %s), %d boards", b.id, old.id, boardsPosted(srv, old.channel, id))
	}

	// Past it: posted again.
	scrollUp(t, h, old.channel, old.id, 2)
	srv.SendMessage(discordtest.Message{ChannelID: old.channel, Content: "r1c4 6"})
	b = waitBoard(t, srv, id, "a new board with r1c4 6", func(b board) bool {
		return b.id != old.id && strings.Contains(b.content, "Last move: r1c4 6.")
	})
	if ids, _ := customIDs(t, b); len(ids) != 6 || ids["Move"] == "" {
		t.Errorf("new board's buttons %v", ids)
	}
	srv.WaitUntil(t, wait, "the old board deleted", func() bool {
		m, ok := srv.MessageNow(old.id)
		return ok && m.Deleted
	})
	poll(t, "the new board recorded", func() bool {
		g, err := db.Game(context.Background(), id)
		return err == nil && g.MessageID == b.id
	})
	if _, err := srv.Press(old.id, oldIDs["Undo"], nil); !errors.Is(err, discordtest.ErrUnknownMessage) {
		t.Errorf("press on the deleted board: %v, want ErrUnknownMessage", err)
	}

	// The next move edits the new board.
	srv.SendMessage(discordtest.Message{ChannelID: old.channel, Content: "r1c6 8"})
	waitBoard(t, srv, id, "r1c6 8 on the new board", func(nb board) bool {
		return nb.id == b.id && nb.edits > 0 && strings.Contains(nb.content, "Last move: r1c6 8.")
	})
	if n := boardsPosted(srv, old.channel, id); n != 2 {
		t.Errorf("%d boards posted, want 2 (the first and its re-post)", n)
	}
	if n := len(srv.RequestsFor(discordtest.RouteDeleteMessage)); n != 1 {
		t.Errorf("%d deletes, want 1", n)
	}
}

// TestPlayBoardRepostMarksOldWhenDeleteRefused: where Discord refuses to
// delete the old board, it is edited to a note linking to the new one,
// without buttons, and later moves do not touch it.
func TestPlayBoardRepostMarksOldWhenDeleteRefused(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	id := startedGame(t, srv, db, nil, gamePuzzle)
	old, _ := boardOf(srv, id)
	srv.InjectFault(discordtest.RouteDeleteMessage, 1, discordtest.Fault{Status: http.StatusForbidden})
	scrollUp(t, h, old.channel, old.id, boardScrollLimit+1)
	srv.SendMessage(discordtest.Message{ChannelID: old.channel, Content: "r1c3 4"})
	b := waitBoard(t, srv, id, "a new board with r1c3 4", func(b board) bool {
		return b.id != old.id && strings.Contains(b.content, "Last move: r1c3 4.")
	})
	var note discordtest.MessageState
	srv.WaitUntil(t, wait, "the old board marked moved", func() bool {
		m, ok := srv.MessageNow(old.id)
		note = m
		return ok && strings.Contains(m.Content, "moved down")
	})
	if !strings.Contains(note.Content, "/"+old.channel+"/"+b.id) || len(note.Components) != 0 || len(note.Attachments) != 0 || note.Deleted {
		t.Fatalf("old board: %q, %d components, %d attachments, deleted %v", note.Content, len(note.Components), len(note.Attachments), note.Deleted)
	}
	srv.SendMessage(discordtest.Message{ChannelID: old.channel, Content: "r1c4 6"})
	waitBoard(t, srv, id, "r1c4 6 on the new board", func(nb board) bool {
		return nb.id == b.id && strings.Contains(nb.content, "Last move: r1c4 6.")
	})
	if m, _ := srv.MessageNow(old.id); m.Content != note.Content {
		t.Errorf("old board edited after the note: %q", m.Content)
	}
}
