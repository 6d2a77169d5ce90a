package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/sqlite"
)

// The README's puzzle and its solution.
const (
	gamePuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	gameSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// openGames opens the SQLite file path, closed when the test ends.
func openGames(t *testing.T, path string) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// playConfig is testConfig with games kept in db.
func playConfig(db *sqlite.DB) testSetup {
	cfg := testConfig()
	cfg.Play = command.PlayConfig{Games: db, Solvers: db, Timestamps: true}
	return cfg
}

// board is a game's board as the fake last saw it: its message and the
// latest content (posted or edited).
type board struct {
	id, channel, content string
	components           []json.RawMessage
	edits                int
	files                []discordtest.File
}

// boardOf returns the board of game id among srv's messages.
func boardOf(srv *discordtest.Server, id string) (board, bool) {
	var b board
	for _, m := range srv.Messages() {
		switch {
		case m.Kind == discordtest.KindChannelMessage && strings.Contains(m.Content, "**Game "+id+"**") && len(m.Components) > 0:
			b = board{id: m.ID, channel: m.ChannelID, content: m.Content, components: m.Components, files: m.Files}
		case m.Kind == discordtest.KindMessageEdit && b.id != "" && m.ID == b.id:
			b.content, b.components, b.files = m.Content, m.Components, m.Files
			b.edits++
		}
	}
	return b, b.id != ""
}

// waitBoard waits until game id's board satisfies cond.
func waitBoard(t *testing.T, srv *discordtest.Server, id, desc string, cond func(board) bool) board {
	t.Helper()
	var b board
	srv.WaitUntil(t, wait, desc, func() bool {
		var ok bool
		b, ok = boardOf(srv, id)
		return ok && cond(b)
	})
	return b
}

// waitContent waits for a message of the bot's whose content has want, and
// returns it.
func waitContent(t *testing.T, srv *discordtest.Server, after int, want string) discordtest.SentMessage {
	t.Helper()
	var got discordtest.SentMessage
	srv.WaitUntil(t, wait, "a message with "+want, func() bool {
		ms := srv.Messages()
		for _, m := range ms[min(after, len(ms)):] {
			if strings.Contains(m.Content, want) {
				got = m
				return true
			}
		}
		return false
	})
	return got
}

// startedGame sends !play with the README's puzzle as user and returns the
// game's ID once its board is posted.
func startedGame(t *testing.T, srv *discordtest.Server, db *sqlite.DB, user *discordgo.User, args string) string {
	t.Helper()
	before := srv.MessageCount()
	srv.SendMessage(discordtest.Message{Content: "!play " + args, Author: user})
	m := waitContent(t, srv, before, "**Game ")
	id := strings.TrimSuffix(strings.SplitN(strings.SplitN(m.Content, "**Game ", 2)[1], "**", 2)[0], "**")
	id = strings.Fields(id)[0]
	waitBoard(t, srv, id, "the board of game "+id, func(board) bool { return true })
	poll(t, "the board recorded", func() bool {
		g, err := db.Game(context.Background(), id)
		return err == nil && g.MessageID != ""
	})
	return id
}

// customIDs returns the custom IDs of a board's buttons by label, and
// whether each is disabled.
func customIDs(t *testing.T, b board) (map[string]string, map[string]bool) {
	t.Helper()
	ids, disabled := map[string]string{}, map[string]bool{}
	for _, raw := range b.components {
		var row struct {
			Components []struct {
				Label    string `json:"label"`
				CustomID string `json:"custom_id"`
				Disabled bool   `json:"disabled"`
			} `json:"components"`
		}
		if err := json.Unmarshal(raw, &row); err != nil {
			t.Fatal(err)
		}
		for _, c := range row.Components {
			ids[c.Label], disabled[c.Label] = c.CustomID, c.Disabled
		}
	}
	return ids, disabled
}

// remaining writes the moves that fill board's empty cells with the
// solution's digits.
func remaining(board string) string {
	var out []string
	for i := range board {
		if board[i] != gameSolution[i] {
			out = append(out, fmt.Sprintf("r%dc%d %c", i/9+1, i%9+1, gameSolution[i]))
		}
	}
	return strings.Join(out, " ")
}

// TestPlayByTypedMoves plays a whole game in Discord by typed moves: the
// board is posted once and edited in place (its picture replaced), a check
// and a hint are answered beside it, undo and pencil marks change it, talk
// is ignored, and the last move solves it with its buttons disabled.
func TestPlayByTypedMoves(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	id := startedGame(t, srv, db, nil, gamePuzzle)
	b, _ := boardOf(srv, id)
	if !strings.Contains(b.content, "`"+gamePuzzle+"`") || !strings.Contains(b.content, "<t:") || len(b.files) != 1 {
		t.Fatalf("board:\n%s\nfiles %d", b.content, len(b.files))
	}
	if ids, _ := customIDs(t, b); len(ids) != 6 || ids["Move"] == "" || len(ids["Give up"]) > 100 {
		t.Fatalf("buttons %v", ids)
	}
	say := func(text string) int {
		n := srv.MessageCount()
		srv.SendMessage(discordtest.Message{Content: text})
		return n
	}
	say("r1c3 1") // wrong: the solution has 4
	waitBoard(t, srv, id, "r1c3 1 on the board", func(b board) bool { return strings.Contains(b.content, "Last move: r1c3 1.") })
	waitContent(t, srv, say("check"), "1 digit is wrong")
	say("undo")
	b = waitBoard(t, srv, id, "undo on the board", func(b board) bool { return strings.Contains(b.content, "Undid 1 move.") })
	if len(b.files) != 1 || b.files[0].Name != "board.png" {
		t.Errorf("edited board's files %v, want the new board.png alone", b.files)
	}
	say("r1c3 +14")
	waitBoard(t, srv, id, "marks on the board", func(b board) bool { return strings.Contains(b.content, "Pencil marks: r1c3 14.") })
	hint := waitContent(t, srv, say("hint"), "||")
	if hint.Reference == nil {
		t.Errorf("hint not a reply: %v", hint)
	}
	n := say("nice puzzle, isn't it")
	bad := waitContent(t, srv, say("r1c1 6"), "given")
	for _, m := range srv.Messages()[n:] {
		if m.Reference != nil && m.ID != bad.ID && m.Kind == discordtest.KindChannelMessage && !strings.Contains(m.Content, "given") {
			t.Errorf("talk answered: %v", m)
		}
	}
	g, _ := db.Game(context.Background(), id)
	say(remaining(g.Board))
	b = waitBoard(t, srv, id, "the game solved", func(b board) bool { return strings.Contains(b.content, "solved!**") })
	if _, disabled := customIDs(t, b); !disabled["Move"] || !disabled["Undo"] {
		t.Errorf("buttons of a solved game: %v", disabled)
	}
	if g, _ := db.Game(context.Background(), id); g.Status != settings.GameSolved {
		t.Errorf("stored status %s", g.Status)
	}
}

// TestManyMovesFewEdits: 40 moves typed at once make few edits of the
// board, never two within the edit interval, and the last shows them all.
func TestManyMovesFewEdits(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	id := startedGame(t, srv, db, nil, gamePuzzle)
	moves := strings.Fields(remaining(gamePuzzle))
	begin := time.Now()
	const n = 40
	for i := 0; i < n; i++ {
		srv.SendMessage(discordtest.Message{Content: moves[2*i] + " " + moves[2*i+1]})
	}
	g := waitBoard(t, srv, id, "all 40 moves on the board", func(b board) bool { return strings.Contains(b.content, "40 moves") })
	took := time.Since(begin)
	var times []time.Time
	for _, r := range srv.RequestsFor(discordtest.RouteEditMessage) {
		times = append(times, r.Time)
	}
	for i := 1; i < len(times); i++ {
		if d := times[i].Sub(times[i-1]); d < boardEditInterval-50*time.Millisecond {
			t.Errorf("edits %d and %d %v apart", i-1, i, d)
		}
	}
	if limit := int(took/boardEditInterval) + 2; g.edits > limit || g.edits >= n {
		t.Errorf("%d edits for %d moves in %v, want at most %d", g.edits, n, took, limit)
	}
	t.Logf("%d moves typed at once made %d edits in %v", n, g.edits, took.Round(time.Millisecond))
	for _, r := range srv.Rejected() {
		t.Errorf("refused: %v", r)
	}
}
