package discordtest

import (
	"bytes"
	"errors"
	"image/color"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func pngFile(t *testing.T, name string, c color.RGBA) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(pngOf(t, c))}
}

func names(atts []MessageFile) []string {
	var out []string
	for _, a := range atts {
		out = append(out, a.Filename)
	}
	return out
}

func sameNames(got []MessageFile, want ...string) bool {
	n := names(got)
	if len(n) != len(want) {
		return false
	}
	for i := range n {
		if n[i] != want[i] {
			return false
		}
	}
	return true
}

// TestEditAttachmentRules: Discord's rules for a message's attachments on
// edit (API v9, discordgo's): without attachments in the body the old ones
// stay and new files are appended; with it, exactly those listed stay plus
// the new files; an unknown id and an edit leaving nothing are refused.
// Each accepted edit is recorded, GET answers the current state, and the
// bytes kept decode as the PNG sent.
func TestEditAttachmentRules(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	red, green, blue := color.RGBA{255, 0, 0, 255}, color.RGBA{0, 255, 0, 255}, color.RGBA{0, 0, 255, 255}
	m, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{
		Content: "board", Files: []*discordgo.File{pngFile(t, "a.png", red), pngFile(t, "b.png", green)}})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Attachments) != 2 || m.Attachments[0].ID == "" || m.Attachments[0].Filename != "a.png" {
		t.Fatalf("attachments answered = %+v", m.Attachments)
	}
	edit := func(e *discordgo.MessageEdit) (*discordgo.Message, error) {
		e.Channel, e.ID = DefaultChannelID, m.ID
		return sess.ChannelMessageEditComplex(e)
	}
	now := func() MessageState {
		st, ok := srv.MessageNow(m.ID)
		if !ok {
			t.Fatal("MessageNow: unknown")
		}
		return st
	}
	content := "board, edited"
	if _, err := edit(&discordgo.MessageEdit{Content: &content}); err != nil {
		t.Fatal(err)
	}
	if st := now(); st.Content != content || !sameNames(st.Attachments, "a.png", "b.png") {
		t.Errorf("content-only edit: %q %v, want both attachments kept", st.Content, names(st.Attachments))
	}
	if _, err := edit(&discordgo.MessageEdit{Files: []*discordgo.File{pngFile(t, "c.png", blue)}}); err != nil {
		t.Fatal(err)
	}
	if st := now(); st.Content != content || !sameNames(st.Attachments, "a.png", "b.png", "c.png") {
		t.Errorf("files without attachments: %v, want c.png appended", names(st.Attachments))
	}
	keep := &[]*discordgo.MessageAttachment{{ID: now().Attachments[0].ID}}
	got, err := edit(&discordgo.MessageEdit{Attachments: keep, Files: []*discordgo.File{pngFile(t, "d.png", blue)}})
	if err != nil {
		t.Fatal(err)
	}
	st := now()
	if !sameNames(st.Attachments, "a.png", "d.png") || len(got.Attachments) != 2 || got.Attachments[1].Filename != "d.png" {
		t.Errorf("attachments [a] + d.png: now %v, answered %+v", names(st.Attachments), got.Attachments)
	}
	if colourOf(t, st.Attachments[0].Data) != red || colourOf(t, st.Attachments[1].Data) != blue {
		t.Error("kept bytes do not decode as the pictures sent")
	}
	// Replacing the picture: no attachment kept, one new file.
	if _, err := edit(&discordgo.MessageEdit{Attachments: &[]*discordgo.MessageAttachment{}, Files: []*discordgo.File{pngFile(t, "e.png", green)}}); err != nil {
		t.Fatal(err)
	}
	if st := now(); !sameNames(st.Attachments, "e.png") || colourOf(t, st.Attachments[0].Data) != green {
		t.Errorf("replaced: %v", names(st.Attachments))
	}
	_, err = edit(&discordgo.MessageEdit{Attachments: &[]*discordgo.MessageAttachment{{ID: "1234"}}})
	if restCode(err) != 50035 {
		t.Errorf("unknown attachment id: %v", err)
	}
	empty := ""
	_, err = edit(&discordgo.MessageEdit{Content: &empty, Attachments: &[]*discordgo.MessageAttachment{}})
	if restCode(err) != 50006 {
		t.Errorf("an edit leaving nothing: %v", err)
	}
	if st := now(); st.Edits != 4 || st.EditedAt.IsZero() || !sameNames(st.Attachments, "e.png") {
		t.Errorf("after refused edits: %d edits, %v", st.Edits, names(st.Attachments))
	}
	edits := srv.WaitEdits(t, m.ID, 4, wait)
	for i, e := range edits {
		if e.N != i+1 || e.Route != RouteEditMessage || e.MessageID != m.ID || (i > 0 && !edits[i-1].Time.Before(e.Time) && edits[i-1].Seq >= e.Seq) {
			t.Errorf("edit %d = %+v", i, e)
		}
	}
	fetched, err := sess.ChannelMessage(DefaultChannelID, m.ID)
	if err != nil || fetched.Content != content || len(fetched.Attachments) != 1 || fetched.Attachments[0].Filename != "e.png" || fetched.EditedTimestamp == nil {
		t.Errorf("GET = %+v, %v", fetched, err)
	}
	if _, err := sess.ChannelMessageEdit(DefaultChannelID, "42", "x"); restCode(err) != 10008 {
		t.Errorf("edit of an unknown message: %v", err)
	}
	if len(srv.Rejected()) != 3 {
		t.Errorf("rejected = %v", srv.Rejected())
	}
}

// TestEditAttachmentsV10: in API v10 the list must name the new files too
// (by their files[n] index); a file it does not name is not attached.
func TestEditAttachmentsV10(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	m, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{Content: "board", Files: []*discordgo.File{pngFile(t, "a.png", color.RGBA{A: 255})}})
	if err != nil {
		t.Fatal(err)
	}
	payload := map[string]any{"attachments": []any{map[string]any{"id": m.Attachments[0].ID}, map[string]any{"id": "1"}}}
	ct, body, err := discordgo.MultipartBodyWithJSON(payload, []*discordgo.File{pngFile(t, "b.png", color.RGBA{A: 255}), pngFile(t, "c.png", color.RGBA{A: 255})})
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPatch, "https://discord.com/api/v10/channels/"+DefaultChannelID+"/messages/"+m.ID, bytes.NewReader(body))
	req.Header.Set("Content-Type", ct)
	req.Header.Set("Authorization", "Bot "+srv.Token())
	resp, err := srv.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if st, _ := srv.MessageNow(m.ID); resp.StatusCode != 200 || !sameNames(st.Attachments, "a.png", "c.png") {
		t.Errorf("v10 edit: %d, attachments %v, want a.png and c.png (files[1])", resp.StatusCode, names(st.Attachments))
	}
}

// TestWebhookEditsAndEcho: an interaction's response edited through the
// webhook follows the same rules; with WithEchoMessages, channel edits and
// deletes reach the bot as MESSAGE_UPDATE and MESSAGE_DELETE.
func TestWebhookEditsAndEcho(t *testing.T) {
	t.Parallel()
	srv := New(t, WithEchoMessages())
	sess := srv.Session(t, discordgo.IntentsGuildMessages)
	updates := newCollector[string]()
	sess.AddHandler(func(_ *discordgo.Session, u *discordgo.MessageUpdate) {
		updates.add("update " + u.ID + " " + u.Content)
	})
	sess.AddHandler(func(_ *discordgo.Session, d *discordgo.MessageDelete) { updates.add("delete " + d.ID) })
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	in := srv.SendCommand(Command{Name: "play"})
	it := &discordgo.Interaction{ID: in.ID, Token: in.Token, AppID: DefaultAppID}
	if err := sess.InteractionRespond(it, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "board", Files: []*discordgo.File{pngFile(t, "a.png", color.RGBA{A: 255})}}}); err != nil {
		t.Fatal(err)
	}
	orig := srv.InteractionMessages(in.ID)[0].ID
	if _, err := sess.InteractionResponseEdit(it, &discordgo.WebhookEdit{Files: []*discordgo.File{pngFile(t, "b.png", color.RGBA{A: 255})}}); err != nil {
		t.Fatal(err)
	}
	if st, _ := srv.MessageNow(orig); st.Content != "board" || !sameNames(st.Attachments, "a.png", "b.png") || st.WebhookID != DefaultAppID || st.Type != 20 {
		t.Errorf("original after appending: %+v", st)
	}
	got, err := sess.InteractionResponseEdit(it, &discordgo.WebhookEdit{Attachments: &[]*discordgo.MessageAttachment{}, Files: []*discordgo.File{pngFile(t, "c.png", color.RGBA{A: 255})}})
	if err != nil || len(got.Attachments) != 1 || got.Attachments[0].Filename != "c.png" {
		t.Errorf("replacing answer = %+v, %v", got, err)
	}
	if e := srv.Edits(orig); len(e) != 2 || e[1].Route != RouteEditOriginalResponse {
		t.Errorf("edits = %+v", e)
	}
	if r, err := sess.InteractionResponse(it); err != nil || len(r.Attachments) != 1 || r.Attachments[0].Filename != "c.png" {
		t.Errorf("GET @original = %+v, %v", r, err)
	}
	// A followup id of another interaction is not this token's.
	other := srv.SendCommand(Command{Name: "play"})
	oit := &discordgo.Interaction{ID: other.ID, Token: other.Token, AppID: DefaultAppID}
	if err := sess.InteractionRespond(oit, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		t.Fatal(err)
	}
	x := "x"
	if _, err := sess.FollowupMessageEdit(oit, orig, &discordgo.WebhookEdit{Content: &x}); restCode(err) != 10008 {
		t.Errorf("editing another interaction's message as a followup: %v", err)
	}
	// A deferred response is a loading message until edited.
	def := srv.InteractionMessages(other.ID)[0].ID
	if st, _ := srv.MessageNow(def); st.Flags&loadingFlag == 0 || st.Content != "" {
		t.Errorf("deferred = %+v", st)
	}
	if _, err := sess.InteractionResponseEdit(oit, &discordgo.WebhookEdit{Content: &x}); err != nil {
		t.Fatal(err)
	}
	if st, _ := srv.MessageNow(def); st.Flags&loadingFlag != 0 || st.Content != "x" {
		t.Errorf("deferred after its edit = %+v", st)
	}

	m, err := sess.ChannelMessageSend(DefaultChannelID, "old board")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.ChannelMessageEdit(DefaultChannelID, m.ID, "new board"); err != nil {
		t.Fatal(err)
	}
	if err := sess.ChannelMessageDelete(DefaultChannelID, m.ID); err != nil {
		t.Fatal(err)
	}
	// discordgo runs each handler in its own goroutine: any order.
	seen := map[string]bool{updates.next(t, "an echo"): true, updates.next(t, "a second echo"): true}
	for _, want := range []string{"update " + m.ID + " new board", "delete " + m.ID} {
		if !seen[want] {
			t.Errorf("echoes %v, want %q", seen, want)
		}
	}
}

// TestDeleteMessage: a deleted message is gone for GET, edits, presses and a
// second delete (10008); MessageNow still reports it, Deleted. A member's
// message the fake does not keep is deleted as asked.
func TestDeleteMessage(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	m, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{Content: "board", Components: []discordgo.MessageComponent{row("undo")}})
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.ChannelMessageDelete(DefaultChannelID, m.ID); err != nil {
		t.Fatal(err)
	}
	if st, ok := srv.MessageNow(m.ID); !ok || !st.Deleted {
		t.Errorf("MessageNow after delete = %+v, %v", st, ok)
	}
	if _, err := sess.ChannelMessage(DefaultChannelID, m.ID); restCode(err) != 10008 {
		t.Errorf("GET deleted: %v", err)
	}
	if _, err := sess.ChannelMessageEdit(DefaultChannelID, m.ID, "x"); restCode(err) != 10008 {
		t.Errorf("edit deleted: %v", err)
	}
	if err := sess.ChannelMessageDelete(DefaultChannelID, m.ID); restCode(err) != 10008 {
		t.Errorf("delete twice: %v", err)
	}
	if _, err := srv.PressPayload(m.ID, "undo", nil); !errors.Is(err, ErrUnknownMessage) {
		t.Errorf("press on a deleted message: %v", err)
	}
	if err := sess.ChannelMessageDelete(DefaultChannelID, "4100000000000000001"); err != nil {
		t.Errorf("delete a member's message: %v", err)
	}
}

// TestEditRateLimit: WithEditRateLimit answers edits of one message beyond
// n per window with Discord's 429, counted as violations; other messages
// have their own allowance.
func TestEditRateLimit(t *testing.T) {
	t.Parallel()
	srv := New(t, WithEditRateLimit(2, time.Hour))
	sess := srv.Session(t, 0)
	a, _ := sess.ChannelMessageSend(DefaultChannelID, "a")
	b, _ := sess.ChannelMessageSend(DefaultChannelID, "b")
	for i := range 2 {
		if _, err := sess.ChannelMessageEdit(DefaultChannelID, a.ID, "a"+string(rune('1'+i))); err != nil {
			t.Fatalf("edit %d: %v", i+1, err)
		}
	}
	_, err := sess.ChannelMessageEdit(DefaultChannelID, a.ID, "a3", discordgo.WithRetryOnRatelimit(false))
	var rl *discordgo.RateLimitError
	if !errors.As(err, &rl) || rl.RetryAfter < 59*time.Minute {
		t.Errorf("third edit: %v, want a rate limit of about an hour", err)
	}
	if n := srv.EditViolations(); n != 1 {
		t.Errorf("violations = %d", n)
	}
	rej := srv.Rejected()
	if len(rej) != 1 || rej[0].Status != 429 {
		t.Fatalf("rejected = %v", rej)
	}
	if _, err := sess.ChannelMessageEdit(DefaultChannelID, b.ID, "b1"); err != nil {
		t.Errorf("another message: %v", err)
	}
	if st, _ := srv.MessageNow(a.ID); st.Content != "a2" || st.Edits != 2 {
		t.Errorf("a now = %q, %d edits", st.Content, st.Edits)
	}
}

// TestReplyToEditedBoard: a member's reply to the bot's board carries the
// board as it stands after its edits (content, buttons, picture), and GET
// answers the same.
func TestReplyToEditedBoard(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, discordgo.IntentsGuildMessages|discordgo.IntentsMessageContent)
	got := newCollector[*discordgo.MessageCreate]()
	sess.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { got.add(m) })
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	board, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{Content: "board v1",
		Components: []discordgo.MessageComponent{row("undo")}, Files: []*discordgo.File{pngFile(t, "v1.png", color.RGBA{A: 255})}})
	if err != nil {
		t.Fatal(err)
	}
	v2 := "board v2"
	comps := []discordgo.MessageComponent{row("undo", "hint")}
	if _, err := sess.ChannelMessageEditComplex(&discordgo.MessageEdit{Channel: DefaultChannelID, ID: board.ID, Content: &v2, Components: &comps,
		Attachments: &[]*discordgo.MessageAttachment{}, Files: []*discordgo.File{pngFile(t, "v2.png", color.RGBA{A: 255})}}); err != nil {
		t.Fatal(err)
	}
	srv.SendMessage(Message{Content: "r1c1 5", ReplyTo: board.ID, WithReferenced: true})
	m := got.next(t, "the reply")
	ref := m.ReferencedMessage
	if m.MessageReference == nil || m.MessageReference.MessageID != board.ID || ref == nil || ref.Content != v2 ||
		len(ref.Components) != 1 || len(ref.Attachments) != 1 || ref.Attachments[0].Filename != "v2.png" || ref.EditedTimestamp == nil {
		t.Fatalf("reply = %+v, referenced %+v", m.Message, ref)
	}
	fetched, err := sess.ChannelMessage(DefaultChannelID, board.ID)
	if err != nil || fetched.Content != v2 || fetched.Attachments[0].ID != ref.Attachments[0].ID {
		t.Errorf("GET = %+v, %v", fetched, err)
	}
}
