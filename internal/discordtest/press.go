package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Errors of Press and SubmitModal: what a member could not do in Discord's
// client. They are wrapped with the message, button or input concerned.
var (
	// ErrUnknownMessage: the fake keeps no such bot message, or it was deleted.
	ErrUnknownMessage = errors.New("discordtest: no such bot message")
	// ErrNoSuchButton: the message has no button with that custom_id (or
	// it is a link button, which opens a URL instead of an interaction).
	ErrNoSuchButton = errors.New("discordtest: no such button on the message")
	// ErrButtonDisabled: the button is disabled, Discord's client does not
	// let anyone press it.
	ErrButtonDisabled = errors.New("discordtest: the button is disabled")
	// ErrUnknownModal: no modal was opened by that interaction.
	ErrUnknownModal = errors.New("discordtest: no such modal")
	// ErrModalSubmitted: the modal was already submitted (a modal closes
	// when submitted; pressing the button again opens a new one).
	ErrModalSubmitted = errors.New("discordtest: the modal was already submitted")
	// ErrModalInput: Discord's client refuses to submit these values (a
	// required input empty, a length out of bounds, an unknown input, a line
	// break in a short input, another member than the one it was shown to).
	ErrModalInput = errors.New("discordtest: the modal refuses these values")
)

// TextInput is a text input of a modal the bot opened.
type TextInput struct {
	Row         int // 0-based action row
	CustomID    string
	Label       string
	Style       discordgo.TextInputStyle // 1 short, 2 paragraph
	Required    bool                     // Discord's default: true
	MinLength   int
	MaxLength   int // 4000 when not given
	Value       string
	Placeholder string
}

// Modal is a modal (callback type 9) the bot opened in answer to an
// interaction, as the fake accepted it.
type Modal struct {
	InteractionID string // the interaction the modal answered
	CustomID      string
	Title         string
	Inputs        []TextInput
	ChannelID     string
	GuildID       string
	// MessageID is the message whose component opened the modal, "" when a
	// command did: its submit may then update that message (type 6 or 7).
	MessageID string
	Time      time.Time
}

// Input returns the modal's text input with customID.
func (m Modal) Input(customID string) (TextInput, bool) {
	for _, in := range m.Inputs {
		if in.CustomID == customID {
			return in, true
		}
	}
	return TextInput{}, false
}

// parseModal checks a modal as Discord does: a title of 1 to 45
// characters, a custom_id of 1 to 100, 1 to 5 action rows of exactly one
// text input each, with a unique custom_id of 1 to 100, a label of 1 to 45,
// style 1 or 2, lengths within 0 to 4000, a placeholder of at most 100. It
// answers 400 (code 50035, the field named) and returns nil on a fault.
func (s *Server) parseModal(x *exchange, st *interactionState, data json.RawMessage) *Modal {
	var d struct {
		CustomID   *string           `json:"custom_id"`
		Title      *string           `json:"title"`
		Components []json.RawMessage `json:"components"`
	}
	if err := json.Unmarshal(data, &d); err != nil || len(data) == 0 {
		x.formError("data", "MODEL_TYPE_REQUIRED", "A modal needs data (custom_id, title, components)")
		return nil
	}
	if n := utf8.RuneCountInString(str(d.Title)); n < 1 || n > 45 {
		x.formError("data.title", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
		return nil
	}
	if n := utf8.RuneCountInString(str(d.CustomID)); n < 1 || n > 100 {
		x.formError("data.custom_id", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		return nil
	}
	if n := len(d.Components); n < 1 || n > 5 {
		x.formError("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.")
		return nil
	}
	m := &Modal{InteractionID: st.id, CustomID: *d.CustomID, Title: *d.Title, ChannelID: st.channelID, GuildID: st.guildID,
		MessageID: st.messageID, Time: time.Now()}
	seen := map[string]bool{}
	for i, raw := range d.Components {
		f := fmt.Sprintf("data.components.%d", i)
		var row rawComponent
		if json.Unmarshal(raw, &row) != nil || row.Type != discordgo.ActionsRowComponent {
			x.formError(f+".type", "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1,).")
			return nil
		}
		if len(row.Components) != 1 {
			x.formError(f+".components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 1 in length.")
			return nil
		}
		f += ".components.0"
		var c rawComponent
		if json.Unmarshal(row.Components[0], &c) != nil || c.Type != discordgo.TextInputComponent {
			x.formError(f+".type", "COMPONENT_TYPE_INVALID", fmt.Sprintf("Component type %d is not valid in a modal (text inputs only).", c.Type))
			return nil
		}
		in := TextInput{Row: i, CustomID: str(c.CustomID), Label: str(c.Label), Style: discordgo.TextInputStyle(c.Style),
			Required: c.Required == nil || *c.Required, MaxLength: 4000, Value: str(c.Value), Placeholder: str(c.Placeholder)}
		if c.MinLength != nil {
			in.MinLength = *c.MinLength
		}
		if c.MaxLength != nil {
			in.MaxLength = *c.MaxLength
		}
		switch {
		case utf8.RuneCountInString(in.CustomID) < 1 || utf8.RuneCountInString(in.CustomID) > 100:
			x.formError(f+".custom_id", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		case seen[in.CustomID]:
			x.formError(f+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
		case utf8.RuneCountInString(in.Label) < 1 || utf8.RuneCountInString(in.Label) > 45:
			x.formError(f+".label", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 45 in length.")
		case in.Style != discordgo.TextInputShort && in.Style != discordgo.TextInputParagraph:
			x.formError(f+".style", "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of {1, 2}, got %d.", in.Style))
		case in.MinLength < 0 || in.MinLength > 4000:
			x.formError(f+".min_length", "NUMBER_TYPE_MAX", "Must be between 0 and 4000.")
		case in.MaxLength < 1 || in.MaxLength > 4000:
			x.formError(f+".max_length", "NUMBER_TYPE_MAX", "Must be between 1 and 4000.")
		case in.MinLength > in.MaxLength:
			x.formError(f+".min_length", "TEXT_INPUT_MIN_MAX_INVALID", "min_length must not exceed max_length")
		case utf8.RuneCountInString(in.Value) > in.MaxLength:
			x.formError(f+".value", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", in.MaxLength))
		case utf8.RuneCountInString(in.Placeholder) > 100:
			x.formError(f+".placeholder", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
		default:
			seen[in.CustomID] = true
			m.Inputs = append(m.Inputs, in)
			continue
		}
		return nil
	}
	return m
}

// Modals returns every modal the bot opened, in order.
func (s *Server) Modals() []Modal {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Modal(nil), s.modals...)
}

func (s *Server) modalFor(interactionID string) (Modal, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.modals) - 1; i >= 0; i-- {
		if s.modals[i].InteractionID == interactionID {
			return s.modals[i], true
		}
	}
	return Modal{}, false
}

// WaitModal waits until the bot answered interaction interactionID with a
// modal and returns it; it fails the test after timeout.
func (s *Server) WaitModal(tb testing.TB, interactionID string, timeout time.Duration) Modal {
	tb.Helper()
	return waitFind(s, tb, timeout, "a modal answering interaction "+interactionID, func() (Modal, bool) {
		return s.modalFor(interactionID)
	})
}

// PressPayload returns the INTERACTION_CREATE payload (type 3,
// MESSAGE_COMPONENT, component_type 2) of user (nil: DefaultUser) pressing
// the button customID on the bot's message messageID, as it stands now:
// the payload carries the message (content, components, attachments), its
// channel and guild (or user instead of member in a DM), a fresh id and
// token. It fails with ErrUnknownMessage, ErrNoSuchButton or
// ErrButtonDisabled where Discord's client would not let the member press.
func (s *Server) PressPayload(messageID, customID string, user *discordgo.User) (map[string]any, error) {
	m, ok := s.MessageNow(messageID)
	if !ok || m.Deleted {
		return nil, fmt.Errorf("%w: %s", ErrUnknownMessage, messageID)
	}
	b, ok := m.Button(customID)
	if !ok || b.Style == discordgo.LinkButton {
		var ids []string
		for _, b := range m.Buttons() {
			ids = append(ids, b.CustomID)
		}
		return nil, fmt.Errorf("%w: %q on message %s (its buttons: %s)", ErrNoSuchButton, customID, messageID, strings.Join(ids, ", "))
	}
	if b.Disabled {
		return nil, fmt.Errorf("%w: %q (%q) on message %s", ErrButtonDisabled, customID, b.Label, messageID)
	}
	return s.ComponentPayload(Component{CustomID: customID, MessageID: messageID, DM: m.GuildID == "",
		GuildID: m.GuildID, ChannelID: m.ChannelID, User: user}), nil
}

// Press dispatches PressPayload over the gateway and returns the
// interaction's id and token; the bot must answer it (WithInteractionDeadline
// enforces the 3 s) with a message (4, ephemeral with flag 64), a deferral
// (5, 6), an update of the message (7) or a modal (9, see WaitModal).
func (s *Server) Press(messageID, customID string, user *discordgo.User) (Interaction, error) {
	p, err := s.PressPayload(messageID, customID, user)
	if err != nil {
		return Interaction{}, err
	}
	s.Dispatch("INTERACTION_CREATE", p)
	return interactionOf(p), nil
}

// PressHTTP posts PressPayload to the bot's interactions endpoint, signed,
// as PostInteraction does: the HTTP answer is the interaction's response.
func (s *Server) PressHTTP(endpoint, messageID, customID string, user *discordgo.User) (Interaction, EndpointAnswer, error) {
	p, err := s.PressPayload(messageID, customID, user)
	if err != nil {
		return Interaction{}, EndpointAnswer{}, err
	}
	ans, err := s.PostInteraction(endpoint, p)
	return interactionOf(p), ans, err
}

func interactionOf(p map[string]any) Interaction {
	return Interaction{ID: p["id"].(string), Token: p["token"].(string), Payload: p}
}

// ModalSubmitPayload returns the INTERACTION_CREATE payload (type 5,
// MODAL_SUBMIT) of user submitting modal with values (by input custom_id;
// an input left out keeps its prefilled value): data.custom_id and
// data.components, action rows of text inputs with their values; the
// message, when a component opened the modal. user nil means the member the
// modal was shown to; another member fails (ErrModalInput), as do values
// Discord's client refuses, an unknown modal (ErrUnknownModal) and a
// second submit (ErrModalSubmitted).
func (s *Server) ModalSubmitPayload(modal Modal, values map[string]string, user *discordgo.User) (map[string]any, error) {
	s.mu.Lock()
	st := s.interactions[modal.InteractionID]
	var opener discordgo.User
	submitted := false
	if st != nil {
		_ = json.Unmarshal(st.user, &opener)
		submitted = st.submitted
	}
	s.mu.Unlock()
	if _, ok := s.modalFor(modal.InteractionID); !ok || st == nil {
		return nil, fmt.Errorf("%w: opened by interaction %s", ErrUnknownModal, modal.InteractionID)
	}
	if submitted {
		return nil, fmt.Errorf("%w: %q (interaction %s)", ErrModalSubmitted, modal.CustomID, modal.InteractionID)
	}
	if user == nil {
		if opener.ID == "" {
			opener = *DefaultUser()
		}
		user = &opener
	} else if opener.ID != "" && user.ID != opener.ID {
		return nil, fmt.Errorf("%w: modal %q was shown to %s, not %s", ErrModalInput, modal.CustomID, opener.ID, user.ID)
	}
	for id := range values {
		if _, ok := modal.Input(id); !ok {
			return nil, fmt.Errorf("%w: modal %q has no input %q", ErrModalInput, modal.CustomID, id)
		}
	}
	rows := []any{}
	for _, in := range modal.Inputs {
		v, ok := values[in.CustomID]
		if !ok {
			v = in.Value
		}
		n := utf8.RuneCountInString(v)
		switch {
		case in.Required && strings.TrimSpace(v) == "":
			return nil, fmt.Errorf("%w: input %q (%q) is required", ErrModalInput, in.CustomID, in.Label)
		case n > 0 && n < in.MinLength:
			return nil, fmt.Errorf("%w: input %q needs at least %d characters, got %d", ErrModalInput, in.CustomID, in.MinLength, n)
		case n > in.MaxLength:
			return nil, fmt.Errorf("%w: input %q takes at most %d characters, got %d", ErrModalInput, in.CustomID, in.MaxLength, n)
		case in.Style == discordgo.TextInputShort && strings.ContainsAny(v, "\r\n"):
			return nil, fmt.Errorf("%w: input %q is a short one: no line breaks", ErrModalInput, in.CustomID)
		}
		rows = append(rows, map[string]any{"type": 1, "components": []any{
			map[string]any{"type": 4, "custom_id": in.CustomID, "value": v},
		}})
	}
	p := s.CommandPayload(Command{DM: modal.GuildID == "", GuildID: modal.GuildID, ChannelID: modal.ChannelID, User: user, CommandID: "-"})
	p["type"] = int(discordgo.InteractionModalSubmit)
	p["data"] = map[string]any{"custom_id": modal.CustomID, "components": rows}
	if modal.MessageID != "" {
		p["message"] = s.componentMessage(modal.MessageID, modal.ChannelID, p["guild_id"])
	}
	return p, nil
}

// markSubmitted records that modal was submitted; false if it already was.
func (s *Server) markSubmitted(modal Modal) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.interactions[modal.InteractionID]
	if st == nil || st.submitted {
		return false
	}
	st.submitted = true
	return true
}

// SubmitModal dispatches ModalSubmitPayload over the gateway and returns
// the new interaction's id and token.
func (s *Server) SubmitModal(modal Modal, values map[string]string, user *discordgo.User) (Interaction, error) {
	p, err := s.ModalSubmitPayload(modal, values, user)
	if err != nil {
		return Interaction{}, err
	}
	if !s.markSubmitted(modal) {
		return Interaction{}, fmt.Errorf("%w: %q", ErrModalSubmitted, modal.CustomID)
	}
	s.Dispatch("INTERACTION_CREATE", p)
	return interactionOf(p), nil
}

// SubmitModalHTTP posts ModalSubmitPayload to the bot's interactions
// endpoint, signed, as PostInteraction does.
func (s *Server) SubmitModalHTTP(endpoint string, modal Modal, values map[string]string, user *discordgo.User) (Interaction, EndpointAnswer, error) {
	p, err := s.ModalSubmitPayload(modal, values, user)
	if err != nil {
		return Interaction{}, EndpointAnswer{}, err
	}
	if !s.markSubmitted(modal) {
		return Interaction{}, EndpointAnswer{}, fmt.Errorf("%w: %q", ErrModalSubmitted, modal.CustomID)
	}
	ans, err := s.PostInteraction(endpoint, p)
	return interactionOf(p), ans, err
}

// componentMessage is the message object a component interaction carries:
// the bot's message as it stands, or a blank one with that id when the
// fake does not keep it.
func (s *Server) componentMessage(messageID, channelID string, guildID any) map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.store[messageID]; m != nil && !m.Deleted {
		return s.stateJSON(m)
	}
	msg := map[string]any{
		"id": messageID, "channel_id": channelID, "author": userJSON(s.BotUser()), "content": "",
		"timestamp": time.Now().UTC().Format(time.RFC3339Nano), "edited_timestamp": nil, "tts": false,
		"mention_everyone": false, "mentions": []any{}, "mention_roles": []any{}, "attachments": []any{},
		"embeds": []any{}, "components": []any{}, "pinned": false, "type": 0, "flags": 0,
	}
	if guildID != nil {
		msg["guild_id"] = guildID
	}
	return msg
}

// answerOf returns the first response recorded for interaction id.
func (s *Server) answerOf(id string) (SentMessage, bool) {
	for _, m := range s.InteractionMessages(id) {
		if m.Kind == KindInteractionResponse && m.InteractionID == id {
			return m, true
		}
	}
	return SentMessage{}, false
}

// WaitAnswer waits until interaction id was answered (by callback or by
// the endpoint's HTTP answer) and returns the answer (ResponseType, content,
// components, flags...); it fails the test after timeout.
func (s *Server) WaitAnswer(tb testing.TB, id string, timeout time.Duration) SentMessage {
	tb.Helper()
	return waitFind(s, tb, timeout, "an answer to interaction "+id, func() (SentMessage, bool) { return s.answerOf(id) })
}
