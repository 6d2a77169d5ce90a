package discordtest

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// row returns an action row of primary buttons with these custom ids (and
// labels equal to them).
func row(ids ...string) discordgo.ActionsRow {
	r := discordgo.ActionsRow{}
	for _, id := range ids {
		r.Components = append(r.Components, discordgo.Button{CustomID: id, Label: id, Style: discordgo.PrimaryButton})
	}
	return r
}

// pngOf encodes a 2×2 picture of colour c.
func pngOf(t *testing.T, c color.RGBA) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	for y := range 2 {
		for x := range 2 {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// colourOf decodes a PNG and returns its top-left pixel.
func colourOf(t *testing.T, data []byte) color.RGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("attachment is not a PNG: %v", err)
	}
	return color.RGBAModel.Convert(img.At(0, 0)).(color.RGBA)
}

func restCode(err error) int {
	var rerr *discordgo.RESTError
	if errors.As(err, &rerr) && rerr.Message != nil {
		return rerr.Message.Code
	}
	return -1
}

// TestComponentsOnMessages: a bot message's buttons are kept, answered back
// as discordgo reads them, and exposed by Messages and MessageNow.
func TestComponentsOnMessages(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	comps := []discordgo.MessageComponent{
		row("move", "notes", "undo"),
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{CustomID: "giveup", Label: "Give up", Style: discordgo.DangerButton, Disabled: true},
			discordgo.Button{URL: "https://example.org/help", Label: "Help", Style: discordgo.LinkButton},
		}},
	}
	m, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{Content: "board", Components: comps})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Components) != 2 {
		t.Fatalf("answered components = %+v", m.Components)
	}
	if b, ok := m.Components[1].(*discordgo.ActionsRow).Components[0].(*discordgo.Button); !ok || b.CustomID != "giveup" || !b.Disabled {
		t.Errorf("answered second row = %+v", m.Components[1])
	}
	sent := srv.WaitMessages(t, 1, wait)[0]
	if got := sent.Buttons(); len(got) != 5 || got[2].CustomID != "undo" || got[2].Row != 0 || got[3].Row != 1 ||
		got[3].Style != discordgo.DangerButton || !got[3].Disabled || got[3].Label != "Give up" || got[4].URL == "" {
		t.Errorf("SentMessage.Buttons = %+v", got)
	}
	now, ok := srv.MessageNow(m.ID)
	if !ok || now.Content != "board" || now.ChannelID != DefaultChannelID || now.GuildID != DefaultGuildID || now.Edits != 0 {
		t.Fatalf("MessageNow = %+v, %v", now, ok)
	}
	if b, ok := now.Button("notes"); !ok || b.Disabled || b.Label != "notes" {
		t.Errorf("MessageNow.Button(notes) = %+v, %v", b, ok)
	}
	got, err := sess.ChannelMessage(DefaultChannelID, m.ID)
	if err != nil || len(got.Components) != 2 {
		t.Errorf("GET = %+v, %v", got, err)
	}
	srv.AssertClean(t)
}

// TestComponentLimits: Discord's limits on a message's components, each
// refused with 400 Invalid Form Body (50035) naming the field, recorded
// in Rejected; the largest valid set is accepted.
func TestComponentLimits(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	long := strings.Repeat("x", 100)
	var full []discordgo.MessageComponent
	for r := range 5 {
		var ids []string
		for c := range 5 {
			ids = append(ids, fmt.Sprintf("%d%d%s", r, c, long[2:]))
		}
		rw := row(ids...)
		for i := range rw.Components {
			b := rw.Components[i].(discordgo.Button)
			b.Label = strings.Repeat("L", 80)
			rw.Components[i] = b
		}
		full = append(full, rw)
	}
	if _, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{Components: full}); err != nil {
		t.Fatalf("5 rows of 5 buttons, 100-character ids, 80-character labels: %v", err)
	}
	btn := func(b discordgo.Button) discordgo.ActionsRow {
		return discordgo.ActionsRow{Components: []discordgo.MessageComponent{b}}
	}
	sel := discordgo.SelectMenu{CustomID: "pick", Options: []discordgo.SelectMenuOption{{Label: "a", Value: "a"}}}
	cases := []struct {
		name  string
		comps []discordgo.MessageComponent
		field string
	}{
		{"six rows", append(append([]discordgo.MessageComponent{}, full...), row("extra")), "components:"},
		{"six buttons in a row", []discordgo.MessageComponent{row("a", "b", "c", "d", "e", "f")}, "components.0.components:"},
		{"custom_id of 101", []discordgo.MessageComponent{btn(discordgo.Button{CustomID: long + "x", Label: "x"})}, "components.0.components.0.custom_id"},
		{"no custom_id", []discordgo.MessageComponent{btn(discordgo.Button{Label: "x"})}, "components.0.components.0.custom_id"},
		{"duplicate custom_id", []discordgo.MessageComponent{row("a", "b"), row("c", "a")}, "components.1.components.1.custom_id"},
		{"label of 81", []discordgo.MessageComponent{btn(discordgo.Button{CustomID: "a", Label: strings.Repeat("L", 81)})}, "components.0.components.0.label"},
		{"no label nor emoji", []discordgo.MessageComponent{btn(discordgo.Button{CustomID: "a"})}, "components.0.components.0:"},
		{"style 7", []discordgo.MessageComponent{btn(discordgo.Button{CustomID: "a", Label: "a", Style: 7})}, "components.0.components.0.style"},
		{"link with custom_id", []discordgo.MessageComponent{btn(discordgo.Button{CustomID: "a", Label: "a", Style: discordgo.LinkButton, URL: "https://example.org"})}, "custom_id"},
		{"select beside a button", []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{sel, discordgo.Button{CustomID: "b", Label: "b"}}}}, "components.0.components.1"},
		{"text input in a message", []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "t", Label: "t", Style: 1}}}}, "components.0.components.0.type"},
		{"a button outside a row", []discordgo.MessageComponent{discordgo.Button{CustomID: "a", Label: "a"}}, "components.0.type"},
		{"empty row", []discordgo.MessageComponent{discordgo.ActionsRow{}}, "components.0.components:"},
	}
	for i, c := range cases {
		_, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{Content: "x", Components: c.comps})
		if code := restCode(err); code != 50035 {
			t.Errorf("%s: error %v, want code 50035", c.name, err)
			continue
		}
		rej := srv.Rejected()
		if len(rej) != i+1 || rej[i].Status != 400 || !strings.Contains(rej[i].Error, c.field) {
			t.Errorf("%s: rejected %v, want the field %q named", c.name, rej[len(rej)-1], c.field)
		}
	}
	if n := len(srv.Messages()); n != 1 {
		t.Errorf("%d messages recorded, want only the valid one", n)
	}
}

// TestPressAndUpdateMessage: a member presses a button on the bot's board;
// the bot gets a real MESSAGE_COMPONENT interaction (custom_id, component
// type, the message with its buttons, the member, guild and channel) and
// answers with type 7, which edits the board: the picture replaced (the
// attachments listed, none, plus the new file), the buttons disabled.
// Disabled, missing and link buttons cannot be pressed.
func TestPressAndUpdateMessage(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	got := newCollector[*discordgo.InteractionCreate]()
	red, blue := color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}
	sess.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		got.add(i)
		disabled := row("undo")
		disabled.Components[0] = discordgo.Button{CustomID: "undo", Label: "undo", Disabled: true}
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{
				Content:     "board after undo",
				Components:  []discordgo.MessageComponent{disabled},
				Attachments: &[]*discordgo.MessageAttachment{},
				Files:       []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(pngOf(t, blue))}},
			},
		})
		if err != nil {
			t.Errorf("respond: %v", err)
		}
	})
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	board, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{
		Content:    "board",
		Components: []discordgo.MessageComponent{row("undo"), discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "site", Style: discordgo.LinkButton, URL: "https://example.org"}}}},
		Files:      []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(pngOf(t, red))}},
	})
	if err != nil {
		t.Fatal(err)
	}
	bob := &discordgo.User{ID: "4000000000000000002", Username: "bob"}
	in, err := srv.Press(board.ID, "undo", bob)
	if err != nil {
		t.Fatal(err)
	}
	i := got.next(t, "the press")
	if i.ID != in.ID || i.Type != discordgo.InteractionMessageComponent || i.GuildID != DefaultGuildID || i.ChannelID != DefaultChannelID ||
		i.Member == nil || i.Member.User.ID != bob.ID {
		t.Fatalf("interaction = %+v", i.Interaction)
	}
	if d := i.MessageComponentData(); d.CustomID != "undo" || d.ComponentType != discordgo.ButtonComponent {
		t.Errorf("data = %+v", d)
	}
	if i.Message == nil || i.Message.ID != board.ID || i.Message.Content != "board" || len(i.Message.Components) != 2 ||
		len(i.Message.Attachments) != 1 || i.Message.Author == nil || i.Message.Author.ID != DefaultBotID {
		t.Errorf("interaction message = %+v", i.Message)
	}
	if ans := srv.WaitAnswer(t, in.ID, wait); ans.ResponseType != discordgo.InteractionResponseUpdateMessage || ans.ID != board.ID {
		t.Errorf("answer = %v", ans)
	}
	edits := srv.WaitEdits(t, board.ID, 1, wait)
	if edits[0].Route != RouteInteractionCallback || edits[0].N != 1 {
		t.Errorf("edit = %+v", edits[0])
	}
	now, _ := srv.MessageNow(board.ID)
	if now.Content != "board after undo" || len(now.Attachments) != 1 || colourOf(t, now.Attachments[0].Data) != blue {
		t.Errorf("board now: content %q, %d attachment(s)", now.Content, len(now.Attachments))
	}
	if b, ok := now.Button("undo"); !ok || !b.Disabled {
		t.Errorf("undo now %+v, %v; want disabled", b, ok)
	}
	if _, err := srv.Press(board.ID, "undo", bob); !errors.Is(err, ErrButtonDisabled) {
		t.Errorf("pressing a disabled button: %v", err)
	}
	if _, err := srv.Press(board.ID, "hint", bob); !errors.Is(err, ErrNoSuchButton) {
		t.Errorf("pressing a missing button: %v", err)
	}
	if _, err := srv.Press("42", "undo", bob); !errors.Is(err, ErrUnknownMessage) {
		t.Errorf("pressing on an unknown message: %v", err)
	}
	got.none(t, 0)
	srv.AssertClean(t)
}

// TestPressAnswers: the other answers to a press — an ephemeral message
// (4), then followups and edits of @original through the webhook; a
// deferred update (6) then an edit of @original, which edits the message
// pressed; a second answer refused (40060); a late one (10062); types not
// valid for the interaction refused.
func TestPressAnswers(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.OpenSession(t, 0)
	board, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{
		Content: "board", Components: []discordgo.MessageComponent{row("check", "hint")},
	})
	if err != nil {
		t.Fatal(err)
	}
	in, err := srv.Press(board.ID, "check", nil)
	if err != nil {
		t.Fatal(err)
	}
	it := &discordgo.Interaction{ID: in.ID, Token: in.Token, AppID: DefaultAppID, Type: discordgo.InteractionMessageComponent}
	if err := sess.InteractionRespond(it, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "2 wrong digits", Flags: discordgo.MessageFlagsEphemeral}}); err != nil {
		t.Fatal(err)
	}
	err = sess.InteractionRespond(it, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
	if restCode(err) != 40060 {
		t.Errorf("second answer: %v", err)
	}
	edited := "1 wrong digit"
	if _, err := sess.InteractionResponseEdit(it, &discordgo.WebhookEdit{Content: &edited}); err != nil {
		t.Fatal(err)
	}
	f, err := sess.FollowupMessageCreate(it, true, &discordgo.WebhookParams{Content: "more", Flags: discordgo.MessageFlagsEphemeral})
	if err != nil {
		t.Fatal(err)
	}
	more := "more, edited"
	if _, err := sess.FollowupMessageEdit(it, f.ID, &discordgo.WebhookEdit{Content: &more}); err != nil {
		t.Fatal(err)
	}
	reply := srv.InteractionMessages(in.ID)
	if len(reply) != 4 || !reply[0].Ephemeral() || reply[0].ResponseType != 4 {
		t.Fatalf("interaction messages = %v", reply)
	}
	if m, _ := srv.MessageNow(reply[0].ID); m.Content != edited || !m.Ephemeral() || m.Edits != 1 || m.InteractionID != in.ID {
		t.Errorf("ephemeral reply now = %+v", m)
	}
	if m, _ := srv.MessageNow(f.ID); m.Content != more {
		t.Errorf("followup now = %+v", m)
	}
	if _, err := sess.ChannelMessage(DefaultChannelID, reply[0].ID); restCode(err) != 10008 {
		t.Errorf("GET of an ephemeral message: %v, want 10008", err)
	}
	if b, _ := srv.MessageNow(board.ID); b.Edits != 0 {
		t.Errorf("the board was edited by an answer of type 4: %+v", b)
	}

	in2, _ := srv.Press(board.ID, "hint", nil)
	it2 := &discordgo.Interaction{ID: in2.ID, Token: in2.Token, AppID: DefaultAppID}
	if err := sess.InteractionRespond(it2, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		t.Fatal(err)
	}
	hinted := "board, hint: look at box 5"
	if _, err := sess.InteractionResponseEdit(it2, &discordgo.WebhookEdit{Content: &hinted}); err != nil {
		t.Fatal(err)
	}
	if e := srv.Edits(board.ID); len(e) != 1 || e[0].Route != RouteEditOriginalResponse {
		t.Errorf("board edits = %+v", e)
	}
	if b, _ := srv.MessageNow(board.ID); b.Content != hinted || len(b.Buttons()) != 2 {
		t.Errorf("board now = %+v (components kept when not sent)", b)
	}

	// A slash command cannot be answered with an update of a message.
	cmd := srv.SendCommand(Command{Name: "play"})
	err = sess.InteractionRespond(&discordgo.Interaction{ID: cmd.ID, Token: cmd.Token}, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{Content: "x"}})
	if restCode(err) != 50035 {
		t.Errorf("type 7 to a command: %v", err)
	}
	if rej := srv.Rejected(); len(rej) != 3 || rej[0].Status != 400 || rej[1].Status != 404 || !strings.Contains(rej[2].Error, "type") {
		t.Errorf("rejected = %v", rej)
	}
}

// TestModalFromButton: a press answered with a modal (9) is recorded with
// its inputs; the member's submit reaches the bot as MODAL_SUBMIT with the
// values and the message, and its type 7 answer edits the board. Invalid
// submits (a required input empty, too long, another member, twice) fail
// as Discord's client refuses them.
func TestModalFromButton(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	submits := newCollector[*discordgo.InteractionCreate]()
	sess.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		switch i.Type {
		case discordgo.InteractionMessageComponent:
			err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
				Data: &discordgo.InteractionResponseData{CustomID: "move:g42", Title: "Your move", Components: []discordgo.MessageComponent{
					discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{
						CustomID: "moves", Label: "Moves, as typed: r3c5 7", Style: discordgo.TextInputShort, Required: true, MaxLength: 20}}},
					discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{
						CustomID: "note", Label: "Note", Style: discordgo.TextInputParagraph, Value: "prefilled"}}},
				}}})
			if err != nil {
				t.Errorf("modal: %v", err)
			}
		case discordgo.InteractionModalSubmit:
			submits.add(i)
			d := i.ModalSubmitData()
			moves := d.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value
			err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: "board after " + moves}})
			if err != nil {
				t.Errorf("update: %v", err)
			}
		}
	})
	if err := sess.Open(); err != nil {
		t.Fatal(err)
	}
	board, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{
		Content: "board", Components: []discordgo.MessageComponent{row("move")}})
	if err != nil {
		t.Fatal(err)
	}
	in, err := srv.Press(board.ID, "move", nil)
	if err != nil {
		t.Fatal(err)
	}
	modal := srv.WaitModal(t, in.ID, wait)
	if modal.CustomID != "move:g42" || modal.Title != "Your move" || modal.MessageID != board.ID || len(modal.Inputs) != 2 {
		t.Fatalf("modal = %+v", modal)
	}
	if moves, _ := modal.Input("moves"); moves.Style != discordgo.TextInputShort || !moves.Required || moves.MaxLength != 20 || moves.Row != 0 {
		t.Errorf("moves input = %+v", moves)
	}
	if note, _ := modal.Input("note"); note.Required || note.Value != "prefilled" {
		t.Errorf("note input = %+v (discordgo sends required false)", note)
	}
	bob := &discordgo.User{ID: "4000000000000000002", Username: "bob"}
	for _, bad := range []struct {
		values map[string]string
		user   *discordgo.User
	}{
		{map[string]string{"moves": " "}, nil},
		{map[string]string{"moves": strings.Repeat("r1c1 1 ", 3)}, nil},
		{map[string]string{"moves": "r1c1 1\nr1c2 2"}, nil},
		{map[string]string{"moves": "r1c1 1", "extra": "x"}, nil},
		{map[string]string{"moves": "r1c1 1"}, bob},
	} {
		if _, err := srv.SubmitModal(modal, bad.values, bad.user); !errors.Is(err, ErrModalInput) {
			t.Errorf("submit %v by %v: %v, want ErrModalInput", bad.values, bad.user, err)
		}
	}
	sub, err := srv.SubmitModal(modal, map[string]string{"moves": "r3c5 7"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	i := submits.next(t, "the modal submit")
	d := i.ModalSubmitData()
	if i.ID != sub.ID || d.CustomID != "move:g42" || len(d.Components) != 2 || i.Message == nil || i.Message.ID != board.ID ||
		i.Member == nil || i.Member.User.ID != DefaultUserID {
		t.Fatalf("modal submit = %+v data %+v", i.Interaction, d)
	}
	if note := d.Components[1].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput); note.CustomID != "note" || note.Value != "prefilled" {
		t.Errorf("note submitted = %+v", note)
	}
	srv.WaitMessageNow(t, board.ID, wait, "edited by the submit's answer", func(m MessageState) bool { return m.Content == "board after r3c5 7" })
	if _, err := srv.SubmitModal(modal, map[string]string{"moves": "r3c5 7"}, nil); !errors.Is(err, ErrModalSubmitted) {
		t.Errorf("second submit: %v", err)
	}
	srv.AssertClean(t)
}

// TestModalLimits: Discord's limits on a modal, each refused with 50035
// naming the field; a modal cannot answer a modal submit.
func TestModalLimits(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.OpenSession(t, 0)
	input := func(id, label string, style discordgo.TextInputStyle) discordgo.MessageComponent {
		return discordgo.TextInput{CustomID: id, Label: label, Style: style}
	}
	one := func(c ...discordgo.MessageComponent) discordgo.ActionsRow { return discordgo.ActionsRow{Components: c} }
	ok := []discordgo.MessageComponent{one(input("a", "A", 1))}
	var six []discordgo.MessageComponent
	for i := range 6 {
		six = append(six, one(input(fmt.Sprint(i), "L", 1)))
	}
	cases := []struct {
		name, id, title string
		comps           []discordgo.MessageComponent
		field           string
	}{
		{"title of 46", "m", strings.Repeat("t", 46), ok, "data.title"},
		{"no title", "m", "", ok, "data.title"},
		{"custom_id of 101", strings.Repeat("m", 101), "T", ok, "data.custom_id"},
		{"six rows", "m", "T", six, "data.components:"},
		{"two inputs in a row", "m", "T", []discordgo.MessageComponent{one(input("a", "A", 1), input("b", "B", 1))}, "data.components.0.components:"},
		{"label of 46", "m", "T", []discordgo.MessageComponent{one(input("a", strings.Repeat("l", 46), 1))}, "label"},
		{"style 3", "m", "T", []discordgo.MessageComponent{one(input("a", "A", 3))}, "style"},
		{"input custom_id of 101", "m", "T", []discordgo.MessageComponent{one(input(strings.Repeat("a", 101), "A", 1))}, "custom_id"},
		{"duplicate inputs", "m", "T", []discordgo.MessageComponent{one(input("a", "A", 1)), one(input("a", "B", 2))}, "data.components.1.components.0.custom_id"},
		{"a button in a modal", "m", "T", []discordgo.MessageComponent{row("b")}, "type"},
	}
	for i, c := range cases {
		in := srv.SendCommand(Command{Name: "play"})
		err := sess.InteractionRespond(&discordgo.Interaction{ID: in.ID, Token: in.Token}, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{CustomID: c.id, Title: c.title, Components: c.comps}})
		if restCode(err) != 50035 {
			t.Errorf("%s: %v, want 50035", c.name, err)
			continue
		}
		if rej := srv.Rejected(); len(rej) != i+1 || !strings.Contains(rej[i].Error, c.field) {
			t.Errorf("%s: rejected %v, want %q named", c.name, rej[len(rej)-1], c.field)
		}
	}
	if n := len(srv.Modals()); n != 0 {
		t.Errorf("%d modals recorded from invalid ones", n)
	}
	// A valid modal from a command, then its submit: no message to update,
	// and no modal in answer to a modal.
	in := srv.SendCommand(Command{Name: "play"})
	if err := sess.InteractionRespond(&discordgo.Interaction{ID: in.ID, Token: in.Token}, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{CustomID: "m", Title: "T", Components: ok}}); err != nil {
		t.Fatal(err)
	}
	modal := srv.WaitModal(t, in.ID, wait)
	sub, err := srv.SubmitModal(modal, map[string]string{"a": "x"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	subIt := &discordgo.Interaction{ID: sub.ID, Token: sub.Token}
	for _, typ := range []discordgo.InteractionResponseType{discordgo.InteractionResponseModal, discordgo.InteractionResponseDeferredMessageUpdate} {
		err := sess.InteractionRespond(subIt, &discordgo.InteractionResponse{Type: typ,
			Data: &discordgo.InteractionResponseData{CustomID: "m", Title: "T", Components: ok}})
		if restCode(err) != 50035 {
			t.Errorf("type %d to a modal submit from a command: %v", typ, err)
		}
	}
	if err := sess.InteractionRespond(subIt, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "ok"}}); err != nil {
		t.Errorf("type 4 to a modal submit: %v", err)
	}
}

// TestPressHTTP: the HTTP-only shape. A press and a modal submit are posted
// signed to the bot's interactions endpoint; its answers (a modal as JSON,
// then an update of the board as multipart with a new picture) are taken as
// Discord takes them.
func TestPressHTTP(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.Session(t, 0)
	pub, err := hex.DecodeString(srv.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	green := color.RGBA{0, 200, 0, 255}
	endpoint := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !discordgo.VerifyInteraction(r, ed25519.PublicKey(pub)) {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		var i discordgo.Interaction
		if err := json.NewDecoder(r.Body).Decode(&i); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		switch i.Type {
		case discordgo.InteractionMessageComponent:
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
				Data: &discordgo.InteractionResponseData{CustomID: "move:" + i.MessageComponentData().CustomID, Title: "Move",
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.TextInput{CustomID: "moves", Label: "Moves", Style: discordgo.TextInputShort, Required: true}}}}}})
		case discordgo.InteractionModalSubmit:
			moves := i.ModalSubmitData().Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value
			ct, body, err := discordgo.MultipartBodyWithJSON(discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: "board after " + moves, Components: []discordgo.MessageComponent{row("move")},
					Attachments: &[]*discordgo.MessageAttachment{}}},
				[]*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(pngOf(t, green))}})
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", ct)
			_, _ = w.Write(body)
		}
	}))
	defer endpoint.Close()
	board, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{
		Content: "board", Components: []discordgo.MessageComponent{row("move")},
		Files: []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(pngOf(t, color.RGBA{A: 255}))}}})
	if err != nil {
		t.Fatal(err)
	}
	in, ans, err := srv.PressHTTP(endpoint.URL, board.ID, "move", nil)
	if err != nil || ans.Status != 200 || ans.Type != discordgo.InteractionResponseModal || ans.Message == nil {
		t.Fatalf("press answer %+v, %v", ans, err)
	}
	modal := srv.WaitModal(t, in.ID, wait)
	if modal.CustomID != "move:move" || modal.MessageID != board.ID {
		t.Fatalf("modal = %+v", modal)
	}
	_, ans, err = srv.SubmitModalHTTP(endpoint.URL, modal, map[string]string{"moves": "r1c1 5"}, nil)
	if err != nil || ans.Status != 200 || ans.Type != discordgo.InteractionResponseUpdateMessage {
		t.Fatalf("submit answer %+v, %v", ans, err)
	}
	now, _ := srv.MessageNow(board.ID)
	if now.Content != "board after r1c1 5" || now.Edits != 1 || len(now.Attachments) != 1 || colourOf(t, now.Attachments[0].Data) != green {
		t.Errorf("board now: %q, %d edit(s), %d attachment(s)", now.Content, now.Edits, len(now.Attachments))
	}
	if e := srv.Edits(board.ID); len(e) != 1 || e[0].Route != RouteEndpointAnswer {
		t.Errorf("edits = %+v", e)
	}
	srv.AssertClean(t)
}

// TestLatePress: a press answered after WithInteractionDeadline is
// refused with 10062, by callback and by endpoint answer alike.
func TestLatePress(t *testing.T) {
	t.Parallel()
	srv := New(t, WithInteractionDeadline(30*time.Millisecond))
	sess := srv.OpenSession(t, 0)
	board, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{Content: "board", Components: []discordgo.MessageComponent{row("undo")}})
	if err != nil {
		t.Fatal(err)
	}
	in, err := srv.Press(board.ID, "undo", nil)
	if err != nil {
		t.Fatal(err)
	}
	// Not synchronisation: the behaviour under test is a wall-clock deadline.
	time.Sleep(40 * time.Millisecond)
	err = sess.InteractionRespond(&discordgo.Interaction{ID: in.ID, Token: in.Token}, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
	if restCode(err) != 10062 {
		t.Errorf("late answer: %v", err)
	}
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(40 * time.Millisecond)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"type":6}`))
	}))
	defer slow.Close()
	_, ans, err := srv.PressHTTP(slow.URL, board.ID, "undo", nil)
	if err != nil || ans.Message != nil {
		t.Errorf("late endpoint answer taken: %+v, %v", ans, err)
	}
	if rej := srv.Rejected(); len(rej) != 2 || rej[1].Route != RouteEndpointAnswer || rej[1].Status != 404 {
		t.Errorf("rejected = %v", rej)
	}
	if n := srv.EditCount(board.ID); n != 0 {
		t.Errorf("%d edits", n)
	}
}

// TestNewWaitsCanFail: the waits on answers, modals, edits and message
// states fail the test when what they wait for does not come.
func TestNewWaitsCanFail(t *testing.T) {
	t.Parallel()
	srv := New(t)
	sess := srv.OpenSession(t, 0)
	board, err := sess.ChannelMessageSendComplex(DefaultChannelID, &discordgo.MessageSend{Content: "board", Components: []discordgo.MessageComponent{row("undo")}})
	if err != nil {
		t.Fatal(err)
	}
	in, err := srv.Press(board.ID, "undo", nil)
	if err != nil {
		t.Fatal(err)
	}
	ftb := &fakeTB{TB: t}
	short := 20 * time.Millisecond
	srv.WaitAnswer(ftb, in.ID, short)
	srv.WaitModal(ftb, in.ID, short)
	srv.WaitEdits(ftb, board.ID, 1, short)
	srv.WaitMessageNow(ftb, board.ID, short, "edited", func(m MessageState) bool { return m.Edits > 0 })
	srv.WaitMessageNow(ftb, "42", short, "known", func(MessageState) bool { return true })
	if len(ftb.failed) != 5 {
		t.Fatalf("failures = %v", ftb.failed)
	}
	// And they return once it does.
	if err := sess.InteractionRespond(&discordgo.Interaction{ID: in.ID, Token: in.Token}, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{Content: "edited", Components: []discordgo.MessageComponent{row("undo")}}}); err != nil {
		t.Fatal(err)
	}
	if a := srv.WaitAnswer(ftb, in.ID, wait); a.ResponseType != discordgo.InteractionResponseUpdateMessage || len(ftb.failed) != 5 {
		t.Errorf("answer %v, failures %v", a, ftb.failed)
	}
	if m := srv.WaitMessageNow(ftb, board.ID, wait, "edited", func(m MessageState) bool { return m.Edits > 0 }); m.Content != "edited" || len(ftb.failed) != 5 {
		t.Errorf("board %+v, failures %v", m, ftb.failed)
	}
}
