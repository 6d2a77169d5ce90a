package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
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
		case m.Kind == discordtest.KindChannelMessage && gameTitle(m.Content) == id && len(m.Components) > 0:
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
	return waitBoardFor(t, srv, wait, id, desc, cond)
}

// waitBoardFor is waitBoard with a timeout of its own.
func waitBoardFor(t *testing.T, srv *discordtest.Server, timeout time.Duration, id, desc string, cond func(board) bool) board {
	t.Helper()
	var b board
	srv.WaitUntil(t, timeout, desc, func() bool {
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
	id := ""
	srv.WaitUntil(t, wait, "a game's board", func() bool {
		ms := srv.Messages()
		for _, m := range ms[min(before, len(ms)):] {
			if m.Kind != discordtest.KindChannelMessage {
				continue // an edit of an earlier game's board
			}
			if id = gameTitle(m.Content); id != "" {
				return true
			}
		}
		return false
	})
	waitBoard(t, srv, id, "the board of game "+id, func(board) bool { return true })
	poll(t, "the board recorded", func() bool {
		g, err := db.Game(context.Background(), id)
		return err == nil && g.MessageID != ""
	})
	return id
}

// typeIn types text as user (nil: the default user) where game id is
// played, its thread (or its channel, without one), and returns the count
// of the bot's messages before.
func typeIn(t *testing.T, srv *discordtest.Server, db *sqlite.DB, id, text string, user *discordgo.User) int {
	t.Helper()
	g, err := db.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	n := srv.MessageCount()
	if g.ThreadID != "" {
		srv.Dispatch("MESSAGE_CREATE", srv.ThreadMessage(g.ThreadID, text, user))
	} else {
		srv.SendMessage(discordtest.Message{Content: text, Author: user, ChannelID: g.ChannelID})
	}
	return n
}

// gameTitle is the ID of the game whose board text is s, "" if none.
func gameTitle(s string) string {
	m := regexp.MustCompile(`^\*\*(?:Team game|Game) (\d+)\*\*`).FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return m[1]
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
		typeIn(t, srv, db, id, text, nil)
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

// TestManyMovesFewEdits: 40 moves typed at once (by four members of a team
// game, within each one's budget) make few edits of the board, never two
// within the edit interval, and the last shows them all.
func TestManyMovesFewEdits(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	// Discord's limit on editing one message: about 5 in 5 s.
	h := start(t, playConfig(db), nil, discordtest.WithEditRateLimit(5, 5*time.Second))
	srv := h.srv
	// A team game: four members typing ten moves each at once, as many as
	// each one's budget takes in a burst.
	id := startedGame(t, srv, db, nil, "together "+gamePuzzle)
	moves := strings.Fields(remaining(gamePuzzle))
	begin := time.Now()
	const n = 40
	for i := 0; i < n; i++ {
		user := &discordgo.User{ID: fmt.Sprintf("40000000000000001%02d", i%4), Username: "player"}
		typeIn(t, srv, db, id, moves[2*i]+" "+moves[2*i+1], user)
	}
	// 40 moves, each saved and drawn, take seconds under -race on a busy
	// machine: a long wait for the event, not a window.
	g := waitBoardFor(t, srv, time.Minute, id, "all 40 moves on the board", func(b board) bool { return strings.Contains(b.content, "40 moves") })
	took := time.Since(begin)
	// Never two edits of one message within the interval (40 messages in
	// the thread push the board up: it may be posted again below, once).
	last := map[string]time.Time{}
	for _, r := range srv.RequestsFor(discordtest.RouteEditMessage) {
		msg := r.Params["message_id"]
		if prev, ok := last[msg]; ok && r.Time.Sub(prev) < boardEditInterval-50*time.Millisecond {
			t.Errorf("edits of message %s %v apart", msg, r.Time.Sub(prev))
		}
		last[msg] = r.Time
	}
	if limit := int(took/boardEditInterval) + 2; g.edits > limit || g.edits >= n {
		t.Errorf("%d edits for %d moves in %v, want at most %d", g.edits, n, took, limit)
	}
	t.Logf("%d moves typed at once made %d edits in %v", n, g.edits, took.Round(time.Millisecond))
	for _, r := range srv.Rejected() {
		t.Errorf("refused: %v", r)
	}
	if n := srv.EditViolations(); n != 0 {
		t.Errorf("%d edits over Discord's rate limit", n)
	}
}

// TestPlayInThreads: a game's board goes in a thread started from the
// !play message; anyone's moves typed in the thread are the game's (the
// owner's accepted, another member's refused for a game that is not a
// team's); where threads are forbidden, the board goes in the channel and
// that is said once, not for the next game.
func TestPlayInThreads(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	before := srv.MessageCount()
	p := srv.SendMessage(discordtest.Message{Content: "!play " + gamePuzzle})
	var id string
	srv.WaitUntil(t, wait, "the board", func() bool {
		for _, m := range srv.Messages()[before:] {
			if id = gameTitle(m.Content); id != "" && m.Kind == discordtest.KindChannelMessage {
				return true
			}
		}
		return false
	})
	ths := srv.Threads()
	if len(ths) != 1 || ths[0].MessageID != p["id"] {
		t.Fatalf("threads %+v, want one from the !play message %v", ths, p["id"])
	}
	b, _ := boardOf(srv, id)
	if b.channel != ths[0].ID {
		t.Fatalf("board in %s, want the thread %s", b.channel, ths[0].ID)
	}
	poll(t, "the thread recorded", func() bool {
		g, _ := db.Game(context.Background(), id)
		return g.ThreadID == ths[0].ID && g.MessageID != ""
	})
	srv.Dispatch("MESSAGE_CREATE", srv.ThreadMessage(ths[0].ID, "r1c3 4", nil))
	waitBoard(t, srv, id, "the move typed in the thread", func(b board) bool { return strings.Contains(b.content, "Last move: r1c3 4.") })
	n := srv.MessageCount()
	srv.Dispatch("MESSAGE_CREATE", srv.ThreadMessage(ths[0].ID, "r1c4 6", &discordgo.User{ID: "4000000000000000042", Username: "bob"}))
	waitContent(t, srv, n, "start your own")

	other := "3000000000000000099"
	srv.ForbidThreads(other)
	for range 2 {
		n := srv.MessageCount()
		srv.SendMessage(discordtest.Message{Content: "!play " + gamePuzzle, ChannelID: other})
		srv.WaitUntil(t, wait, "a board in the channel", func() bool {
			for _, m := range srv.Messages()[n:] {
				if gameTitle(m.Content) != "" && m.ChannelID == other {
					return true
				}
			}
			return false
		})
	}
	said := 0
	for _, m := range srv.Messages() {
		if strings.Contains(m.Content, "could not start a thread") {
			said++
		}
	}
	if said != 1 {
		t.Errorf("the refused thread said %d times, want once", said)
	}
}

// press dispatches a press of the button labelled label on board b over
// the gateway, as user.
func press(t *testing.T, srv *discordtest.Server, b board, label string, user *discordgo.User) discordtest.Interaction {
	t.Helper()
	ids, _ := customIDs(t, b)
	if ids[label] == "" {
		t.Fatalf("no %s button on the board: %v", label, ids)
	}
	return srv.SendComponent(discordtest.Component{CustomID: ids[label], MessageID: b.id, ChannelID: b.channel, User: user})
}

// formPayload is a MODAL_SUBMIT interaction for the form formID with its
// moves field, from the board message b.
func formPayload(srv *discordtest.Server, b board, formID, moves string, user *discordgo.User) map[string]any {
	p := srv.ComponentPayload(discordtest.Component{CustomID: formID, MessageID: b.id, ChannelID: b.channel, User: user})
	p["type"] = int(discordgo.InteractionModalSubmit)
	p["data"] = map[string]any{"custom_id": formID, "components": []any{map[string]any{"type": 1, "components": []any{
		map[string]any{"type": 4, "custom_id": command.FieldMoves, "value": moves}}}}}
	return p
}

// responseTo waits for the first response to interaction id and returns it.
func responseTo(t *testing.T, srv *discordtest.Server, id string) discordtest.SentMessage {
	t.Helper()
	var got discordtest.SentMessage
	srv.WaitUntil(t, wait, "the response to "+id, func() bool {
		for _, m := range srv.InteractionMessages(id) {
			if m.Kind == discordtest.KindInteractionResponse {
				got = m
				return true
			}
		}
		return false
	})
	return got
}

// formOf returns the custom ID of the form a response opens.
func formOf(t *testing.T, m discordtest.SentMessage) string {
	t.Helper()
	if m.ResponseType != discordgo.InteractionResponseModal {
		t.Fatalf("response %v, want a modal", m)
	}
	var body struct {
		Data struct {
			CustomID   string `json:"custom_id"`
			Components []struct {
				Components []struct {
					CustomID string `json:"custom_id"`
				} `json:"components"`
			} `json:"components"`
		} `json:"data"`
	}
	if err := json.Unmarshal(m.Request.Body, &body); err != nil {
		t.Fatal(err)
	}
	if len(body.Data.Components) == 0 || body.Data.Components[0].Components[0].CustomID != command.FieldMoves {
		t.Fatalf("form %s", m.Request.Body)
	}
	return body.Data.CustomID
}

// TestPlayByButtons plays a game by the board's buttons over the gateway:
// the Move form, the Notes form, Undo, Hint and Check answered for the
// presser alone, then the last moves by the form; a stranger's press is
// refused for them alone.
func TestPlayByButtons(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	id := startedGame(t, srv, db, nil, gamePuzzle)
	b, _ := boardOf(srv, id)

	form := formOf(t, responseTo(t, srv, press(t, srv, b, "Move", nil).ID))
	p := formPayload(srv, b, form, "r1c3 4 r1c4=6", nil)
	srv.Dispatch("INTERACTION_CREATE", p)
	if r := responseTo(t, srv, p["id"].(string)); r.ResponseType != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Errorf("form sent: response %v, want a deferred update", r)
	}
	b = waitBoard(t, srv, id, "the form's moves", func(b board) bool { return strings.Contains(b.content, "Last move: r1c4 6.") })

	form = formOf(t, responseTo(t, srv, press(t, srv, b, "Notes", nil).ID))
	p = formPayload(srv, b, form, "r1c6 28", nil)
	srv.Dispatch("INTERACTION_CREATE", p)
	b = waitBoard(t, srv, id, "the marks", func(b board) bool { return strings.Contains(b.content, "Pencil marks: r1c6 28.") })

	press(t, srv, b, "Undo", nil)
	b = waitBoard(t, srv, id, "the undo", func(b board) bool { return strings.Contains(b.content, "Undid 1 move.") })

	for label, want := range map[string]string{"Hint": "||", "Check": "wrong"} {
		in := press(t, srv, b, label, nil)
		if r := responseTo(t, srv, in.ID); !r.Deferred() || !r.Ephemeral() {
			t.Errorf("%s: first response %v, want an ephemeral deferral", label, r)
		}
		srv.WaitUntil(t, wait, label+" answered", func() bool {
			for _, m := range srv.InteractionMessages(in.ID) {
				if m.Kind == discordtest.KindOriginalEdit && strings.Contains(m.Content, want) {
					return true
				}
			}
			return false
		})
	}

	stranger := &discordgo.User{ID: "4000000000000000077", Username: "stranger"}
	in := press(t, srv, b, "Undo", stranger)
	if r := responseTo(t, srv, in.ID); r.ResponseType != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Errorf("a stranger's press: first response %v, want a deferred update", r)
	}
	srv.WaitUntil(t, wait, "the stranger told, alone", func() bool {
		for _, m := range srv.InteractionMessages(in.ID) {
			if m.Kind == discordtest.KindFollowup && m.Ephemeral() && strings.Contains(m.Content, "start your own") {
				return true
			}
		}
		return false
	})

	g, _ := db.Game(context.Background(), id)
	form = formOf(t, responseTo(t, srv, press(t, srv, b, "Move", nil).ID))
	srv.Dispatch("INTERACTION_CREATE", formPayload(srv, b, form, remaining(g.Board), nil))
	b = waitBoard(t, srv, id, "the game solved", func(b board) bool { return strings.Contains(b.content, "solved!**") })
	if _, disabled := customIDs(t, b); !disabled["Hint"] || !disabled["Give up"] {
		t.Errorf("buttons of a solved game: %v", disabled)
	}
}

// TestPlayTogether: a team game is played by two members, each move
// credited, and the board names both; another member's game refuses them.
func TestPlayTogether(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	ann := discordtest.DefaultUser()
	bob := &discordgo.User{ID: "4000000000000000042", Username: "bob"}
	id := startedGame(t, srv, db, ann, "together "+gamePuzzle)
	typeIn(t, srv, db, id, "r1c3 4", ann)
	waitBoard(t, srv, id, "ann's move", func(b board) bool { return strings.Contains(b.content, "r1c3 4") })
	g, _ := db.Game(context.Background(), id)
	typeIn(t, srv, db, id, remaining(g.Board), bob)
	b := waitBoard(t, srv, id, "the team game solved", func(b board) bool { return strings.Contains(b.content, "solved!**") })
	if !strings.Contains(b.content, "<@"+ann.ID+">") || !strings.Contains(b.content, "<@"+bob.ID+">") {
		t.Errorf("solved team board does not credit both:\n%s", b.content)
	}
	g, _ = db.Game(context.Background(), id)
	if len(g.Players) != 2 || g.Players[0].Moves != 1 || g.Players[1].Moves < 40 {
		t.Errorf("players %+v", g.Players)
	}
}

// TestPlaySecondProcessAndHTTPOnly: a game started through one process's
// gateway is carried on by presses that reach another process, HTTP-only,
// sharing the database: its forms come in the HTTP answers and it edits
// the board. The HTTP-only process starts a game of its own from /new's
// Play button.
func TestPlaySecondProcessAndHTTPOnly(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "games.db")
	h := start(t, playConfig(openGames(t, path)), nil)
	srv := h.srv
	db2 := openGames(t, path)
	cfg2 := puzzleConfig(t)
	cfg2.Play = command.PlayConfig{Games: db2, Solvers: db2, Timestamps: true}
	web := startHTTPOn(t, srv, cfg2, nil)
	id := startedGame(t, srv, db2, nil, gamePuzzle)
	b, _ := boardOf(srv, id)
	ids, _ := customIDs(t, b)
	pressAt := func(customID string) discordtest.EndpointAnswer {
		t.Helper()
		ans, err := srv.PostInteraction(web.endpoint, srv.ComponentPayload(discordtest.Component{CustomID: customID, MessageID: b.id, ChannelID: b.channel}))
		if err != nil {
			t.Fatal(err)
		}
		return ans
	}
	form := modalID(t, pressAt(ids["Move"]))
	ans, err := srv.PostInteraction(web.endpoint, formPayload(srv, b, form, "r1c3 4", nil))
	if err != nil || ans.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("form over HTTP: %v %d %s", err, ans.Type, ans.Body)
	}
	waitBoard(t, srv, id, "the move of the other process", func(b board) bool { return strings.Contains(b.content, "Last move: r1c3 4.") })
	// A move against the rules in the form: the board stays, the presser
	// alone is told (a follow-up: the first answer was the deferred update).
	bad := formPayload(srv, b, form, "r1c1 6", nil)
	if ans, err := srv.PostInteraction(web.endpoint, bad); err != nil || ans.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("bad form over HTTP: %v %d", err, ans.Type)
	}
	srv.WaitUntil(t, wait, "the refusal for the presser alone", func() bool {
		for _, m := range srv.InteractionMessages(bad["id"].(string)) {
			if m.Kind == discordtest.KindFollowup && m.Ephemeral() && strings.Contains(m.Content, "given") {
				return true
			}
		}
		return false
	})
	if edits := srv.RequestsFor(discordtest.RouteEditMessage); len(edits) == 0 || edits[len(edits)-1].Params["message_id"] != b.id {
		t.Fatalf("the board was not edited in place: %v", edits)
	}

	// HTTP-only from the start: /new, then its Play button.
	_, posted := web.post(t, discordtest.Command{Name: "new", Options: opts("level", "easy")})
	var post struct {
		Data struct {
			Components []json.RawMessage `json:"components"`
		} `json:"data"`
	}
	json.Unmarshal(posted.Body, &post)
	playID := ""
	for _, raw := range post.Data.Components {
		var row struct {
			Components []struct {
				CustomID string `json:"custom_id"`
			} `json:"components"`
		}
		json.Unmarshal(raw, &row)
		for _, c := range row.Components {
			playID = c.CustomID
		}
	}
	if !strings.HasPrefix(playID, "sp:") {
		t.Fatalf("/new has no Play button: %s", posted.Body)
	}
	before := srv.MessageCount()
	ans = pressAt(playID)
	if ans.Status != 200 {
		t.Fatalf("Play over HTTP: %d %s", ans.Status, ans.Body)
	}
	srv.WaitUntil(t, wait, "a board with buttons after Play", func() bool {
		ms := srv.Messages()
		for _, m := range ms[min(before, len(ms)):] {
			if gameTitle(m.Content) != "" && len(m.Components) > 0 {
				return true
			}
		}
		return false
	})
}

// TestPlayAfterRestart: a game goes on after its process stopped, in a new
// one on the same SQLite file: the next move edits the same board.
func TestPlayAfterRestart(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "games.db")
	srv := discordtest.New(t)
	db := openGames(t, path)
	h := startOn(t, srv, playConfig(db), nil)
	id := startedGame(t, srv, db, nil, gamePuzzle)
	typeIn(t, srv, db, id, "r1c3 4", nil)
	b := waitBoard(t, srv, id, "the first move", func(b board) bool { return strings.Contains(b.content, "Last move: r1c3 4.") })
	h.stop(t)
	db.Close()

	db2 := openGames(t, path)
	startOn(t, srv, playConfig(db2), nil)
	typeIn(t, srv, db2, id, "r1c4 6", nil)
	after := waitBoard(t, srv, id, "the move after the restart", func(b board) bool { return strings.Contains(b.content, "Last move: r1c4 6.") })
	if after.id != b.id {
		t.Errorf("board %s after the restart, was %s", after.id, b.id)
	}
}

// TestPlayDailyCountedOnce: the day's daily puzzle played to the end counts
// its player among the day's solvers once; a second game of it says they
// were counted already.
func TestPlayDailyCountedOnce(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	ctx := context.Background()
	if _, err := db.Update(ctx, discordtest.DefaultGuildID, func(g *settings.Guild) error {
		return g.SetDaily(discordtest.DefaultChannelID, 0, settings.LevelEasy)
	}); err != nil {
		t.Fatal(err)
	}
	cfg := puzzleConfig(t)
	cfg.Play = command.PlayConfig{Games: db, Solvers: db, Timestamps: true}
	cfg.Settings = db
	h := start(t, cfg, nil)
	srv := h.srv
	daily, err := cfg.Puzzles.Daily(ctx, time.Now(), command.DailyLevel(settings.LevelEasy))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"solver number 1 today", "counted already (number 1)"} {
		id := startedGame(t, srv, db, nil, daily.Code.String())
		g, _ := db.Game(ctx, id)
		var moves []string
		for c := range len(g.Board) {
			if g.Board[c] != g.Solution[c] {
				moves = append(moves, fmt.Sprintf("r%dc%d %c", c/9+1, c%9+1, g.Solution[c]))
			}
		}
		typeIn(t, srv, db, id, strings.Join(moves, " "), nil)
		b := waitBoard(t, srv, id, "the daily solved", func(b board) bool { return strings.Contains(b.content, "solved!**") })
		if !strings.Contains(b.content, want) {
			t.Errorf("game %d of the daily:\n%s\nwant %q", i+1, b.content, want)
		}
	}
}

// TestPlaySlash: /play starts a game whose board is posted in the channel
// (the thread refused by the fake), answered to the member alone; /stats
// is answered to them alone.
func TestPlaySlash(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	in := srv.SendCommand(discordtest.Command{Name: "play", Options: opts("grid", gamePuzzle)})
	r := responseTo(t, srv, in.ID)
	if !r.Ephemeral() || !strings.Contains(r.Content, "Game 1 started") {
		t.Fatalf("/play answered %v", r)
	}
	waitBoard(t, srv, "1", "the board of /play", func(board) bool { return true })
	in = srv.SendCommand(discordtest.Command{Name: "stats"})
	if r := responseTo(t, srv, in.ID); !r.Ephemeral() || !strings.Contains(r.Content, "Your games") {
		t.Errorf("/stats answered %v", r)
	}
}

// TestPlayThreadsOff: a server with /settings threads off gets its boards
// in the channel, and no thread is asked for.
func TestPlayThreadsOff(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	if _, err := db.Update(context.Background(), discordtest.DefaultGuildID, func(g *settings.Guild) error { g.SetThreads(false); return nil }); err != nil {
		t.Fatal(err)
	}
	cfg := playConfig(db)
	cfg.Settings = db
	h := start(t, cfg, nil)
	id := startedGame(t, h.srv, db, nil, gamePuzzle)
	if b, _ := boardOf(h.srv, id); b.channel != discordtest.DefaultChannelID {
		t.Errorf("board in %s, want the channel", b.channel)
	}
	if n := len(h.srv.RequestsFor(discordtest.RouteStartThreadFromMessage)) + len(h.srv.RequestsFor(discordtest.RouteStartThread)); n != 0 {
		t.Errorf("%d thread requests with threads off", n)
	}
}

// TestPlayTextBoard: with pictures off (IMAGE_REPLIES=never) the board is
// text alone, posted and edited without attachments.
func TestPlayTextBoard(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	cfg := playConfig(db)
	cfg.Pictures = command.PicturesNever
	h := start(t, cfg, nil)
	id := startedGame(t, h.srv, db, nil, gamePuzzle)
	typeIn(t, h.srv, db, id, "r1c3 4", nil)
	b := waitBoard(t, h.srv, id, "the move", func(b board) bool { return strings.Contains(b.content, "Last move: r1c3 4.") })
	if len(b.files) != 0 || !strings.Contains(b.content, "```") {
		t.Errorf("text board with %d files:\n%s", len(b.files), b.content)
	}
}

// TestPlayMoveRightAfterStart: a move typed while the game's first board
// is being posted edits that board; no second board is posted.
func TestPlayMoveRightAfterStart(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	srv.SendMessage(discordtest.Message{Content: "!play " + gamePuzzle})
	poll(t, "the game saved", func() bool { _, err := db.Game(context.Background(), "1"); return err == nil })
	srv.SendMessage(discordtest.Message{Content: "r1c3 4"})
	waitBoard(t, srv, "1", "the move on the first board", func(b board) bool { return strings.Contains(b.content, "Last move: r1c3 4.") })
	boards := 0
	for _, m := range srv.Messages() {
		if m.Kind == discordtest.KindChannelMessage && gameTitle(m.Content) == "1" {
			boards++
		}
	}
	if boards != 1 {
		t.Errorf("%d boards posted for one game", boards)
	}
}

// TestTypedCheckAndHintBothAnswered: "check hint" typed in a game makes two
// answers, and both are posted: each message of one answer has its own
// nonce (the fake, as Discord, returns the first message for a reused
// enforced nonce and creates nothing).
func TestTypedCheckAndHintBothAnswered(t *testing.T) {
	t.Parallel()
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	h := start(t, playConfig(db), nil)
	srv := h.srv
	id := startedGame(t, srv, db, nil, gamePuzzle)
	n := typeIn(t, srv, db, id, "check hint", nil)
	waitContent(t, srv, n, "No digit is wrong")
	waitContent(t, srv, n, "||")
	if k := srv.ReusedNonces(); k != 0 {
		t.Errorf("%d message creates reused a nonce", k)
	}
}
