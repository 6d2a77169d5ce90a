package discordtest

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestThreadFromMessage: the bot starts a thread from its post (the
// thread's id is the message's, THREAD_CREATE follows), posts its board
// there, and a member's message and press in the thread carry the thread
// as their channel; a second thread from the same message is refused.
func TestThreadFromMessage(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, discordgo.IntentsGuilds|discordgo.IntentsGuildMessages|discordgo.IntentsMessageContent)
	created := newCollector[*discordgo.ThreadCreate]()
	msgs := newCollector[*discordgo.MessageCreate]()
	presses := newCollector[*discordgo.InteractionCreate]()
	sess.AddHandler(func(_ *discordgo.Session, c *discordgo.ThreadCreate) { created.add(c) })
	sess.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { msgs.add(m) })
	sess.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { presses.add(i) })
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	post, err := sess.ChannelMessageSend(DefaultChannelID, "puzzle #9H-abb63100")
	if err != nil {
		t.Fatal(err)
	}
	th, err := sess.MessageThreadStartComplex(DefaultChannelID, post.ID, &discordgo.ThreadStart{Name: "Sudoku #9H-abb63100", AutoArchiveDuration: 1440})
	if err != nil {
		t.Fatal(err)
	}
	if th.ID != post.ID || !th.IsThread() || th.Type != discordgo.ChannelTypeGuildPublicThread || th.ParentID != DefaultChannelID ||
		th.GuildID != DefaultGuildID || th.Name != "Sudoku #9H-abb63100" || th.ThreadMetadata == nil || th.ThreadMetadata.AutoArchiveDuration != 1440 {
		t.Fatalf("thread = %+v", th)
	}
	if c := created.next(t, "THREAD_CREATE"); c.ID != th.ID || c.ParentID != DefaultChannelID || !c.NewlyCreated {
		t.Errorf("THREAD_CREATE = %+v", c.Channel)
	}
	if got, err := sess.ChannelMessage(DefaultChannelID, post.ID); err != nil || got.Thread == nil || got.Thread.ID != th.ID {
		t.Errorf("GET post = %+v, %v; want its thread", got, err)
	}
	if st, _ := srv.MessageNow(post.ID); st.ThreadID != th.ID {
		t.Errorf("MessageNow(post).ThreadID = %q", st.ThreadID)
	}
	if ch, err := sess.Channel(th.ID); err != nil || ch.ParentID != DefaultChannelID || ch.Name != th.Name {
		t.Errorf("GET thread = %+v, %v", ch, err)
	}
	_, err = sess.MessageThreadStart(DefaultChannelID, post.ID, "again", 60)
	if restCode(err) != 160004 {
		t.Errorf("second thread from one message: %v", err)
	}

	board, err := sess.ChannelMessageSendComplex(th.ID, &discordgo.MessageSend{Content: "board", Components: []discordgo.MessageComponent{row("undo")}})
	if err != nil || board.ChannelID != th.ID || board.GuildID != DefaultGuildID {
		t.Fatalf("board in the thread = %+v, %v", board, err)
	}
	if m := srv.Messages(); m[len(m)-1].ChannelID != th.ID || m[len(m)-1].GuildID != DefaultGuildID {
		t.Errorf("recorded = %v", m[len(m)-1])
	}
	bob := &discordgo.User{ID: "4000000000000000002", Username: "bob"}
	srv.Dispatch("MESSAGE_CREATE", srv.ThreadMessage(th.ID, "r3c5 7", bob))
	if m := msgs.next(t, "a move in the thread"); m.ChannelID != th.ID || m.GuildID != DefaultGuildID || m.Author.ID != bob.ID || m.Content != "r3c5 7" {
		t.Errorf("member message = %+v", m.Message)
	}
	in, err := srv.Press(board.ID, "undo", bob)
	if err != nil {
		t.Fatal(err)
	}
	i := presses.next(t, "a press in the thread")
	// discordgo v0.29.0 does not read the interaction's channel object.
	ch, _ := in.Payload["channel"].(map[string]any)
	if i.ChannelID != th.ID || i.GuildID != DefaultGuildID || ch["parent_id"] != DefaultChannelID || ch["type"] != 11 {
		t.Errorf("press in a thread: channel %s guild %s %v", i.ChannelID, i.GuildID, ch)
	}
	if in := srv.BotMessagesIn(th.ID); len(in) != 1 || in[0].ID != board.ID {
		t.Errorf("BotMessagesIn(thread) = %+v", in)
	}
	if in := srv.BotMessagesIn(DefaultChannelID); len(in) != 1 || in[0].ID != post.ID {
		t.Errorf("BotMessagesIn(channel) = %+v", in)
	}
	if ths := srv.Threads(); len(ths) != 1 || ths[0].MessageID != post.ID || ths[0].OwnerID != DefaultBotID {
		t.Errorf("Threads = %+v", ths)
	}
}

// TestThreadRefusals: no threads where the channel forbids them (403
// 50013), in DMs or in threads (400 50024), from an unknown message
// (10008), with a bad name; a member's message may start one; a thread
// without a message is private unless its type says public (API v9).
func TestThreadRefusals(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.OpenSession(t, 0)
	post, _ := sess.ChannelMessageSend(DefaultChannelID, "post")
	dm, _ := sess.ChannelMessageSend(DefaultDMChannelID, "dm post")
	const closed = "3000000000000000055"
	closedPost, _ := sess.ChannelMessageSend(closed, "post")
	srv.ForbidThreads(closed)
	th, err := sess.MessageThreadStart(DefaultChannelID, post.ID, "ok", 60)
	if err != nil {
		t.Fatal(err)
	}
	inThread, _ := sess.ChannelMessageSend(th.ID, "in the thread")
	cases := []struct {
		name      string
		ch, msg   string
		thread    string
		status    int
		code      int
		errorText string
	}{
		{"forbidden channel", closed, closedPost.ID, "t", 403, 50013, "Missing Permissions"},
		{"DM", DefaultDMChannelID, dm.ID, "t", 400, 50024, "channel type"},
		{"thread in a thread", th.ID, inThread.ID, "t", 400, 50024, "channel type"},
		{"unknown message", DefaultChannelID, "42", "t", 404, 10008, "Unknown Message"},
		{"name of 101", DefaultChannelID, inThread.ID, strings.Repeat("n", 101), 400, 50035, "name"},
		{"empty name", DefaultChannelID, inThread.ID, "", 400, 50035, "name"},
	}
	for _, c := range cases {
		_, err := sess.MessageThreadStart(c.ch, c.msg, c.thread, 60)
		var rerr *discordgo.RESTError
		if restCode(err) != c.code || !errors.As(err, &rerr) || rerr.Response.StatusCode != c.status {
			t.Errorf("%s: %v, want %d code %d", c.name, err, c.status, c.code)
			continue
		}
		if rej := srv.Rejected(); !strings.Contains(rej[len(rej)-1].Error, c.errorText) {
			t.Errorf("%s: rejected %v", c.name, rej[len(rej)-1])
		}
	}
	member := srv.SendMessage(Message{Content: "!play"})
	if mt, err := sess.MessageThreadStart(DefaultChannelID, member["id"].(string), "from a member's message", 60); err != nil || mt.ID != member["id"] {
		t.Errorf("thread from a member's message = %+v, %v", mt, err)
	}
	if _, err := sess.ThreadStart(closed, "t", discordgo.ChannelTypeGuildPublicThread, 60); restCode(err) != 50013 {
		t.Errorf("thread without a message in a forbidden channel: %v", err)
	}
	priv, err := sess.ThreadStartComplex(DefaultChannelID, &discordgo.ThreadStart{Name: "private by default"})
	if err != nil || priv.Type != discordgo.ChannelTypeGuildPrivateThread || priv.ParentID != DefaultChannelID || priv.ID == "" {
		t.Errorf("thread without type = %+v, %v", priv, err)
	}
	pub, err := sess.ThreadStart(DefaultChannelID, "public", discordgo.ChannelTypeGuildPublicThread, 10080)
	if err != nil || pub.Type != discordgo.ChannelTypeGuildPublicThread {
		t.Errorf("public thread = %+v, %v", pub, err)
	}
	if _, err := sess.ThreadStart(DefaultChannelID, "voice", discordgo.ChannelTypeGuildVoice, 60); restCode(err) != 50035 {
		t.Errorf("thread of type 2: %v", err)
	}
	if _, err := sess.ThreadStart(DefaultChannelID, "t", discordgo.ChannelTypeGuildPublicThread, 61); restCode(err) != 50035 {
		t.Errorf("auto archive of 61 minutes: %v", err)
	}
	if n := len(srv.Threads()); n != 4 {
		t.Errorf("%d threads, want 4", n)
	}
}
