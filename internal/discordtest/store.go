package discordtest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// MessageFile is a file attached to a bot message as the fake keeps it, with
// its bytes (Attachment, in cdn.go, is a file a test puts on the fake CDN).
type MessageFile struct {
	ID          string
	Filename    string
	ContentType string
	Size        int
	URL         string // https://cdn.discordapp.com/attachments/{channel}/{id}/{filename}
	Data        []byte
}

// MessageState is a message the bot posted (a channel message, an
// interaction response or a followup) as it stands now: after every edit
// the fake accepted, with the attachments Discord's edit rules leave on it.
type MessageState struct {
	ID        string
	ChannelID string
	GuildID   string // "" in DMs
	// WebhookID is the application id for interaction responses and
	// followups (they are webhook messages), "" for channel messages.
	WebhookID string
	// InteractionID is the interaction the message answers or follows, ""
	// for channel messages.
	InteractionID string
	Type          int // 0 default, 19 reply, 20 chat input command response
	Content       string
	Embeds        []*discordgo.MessageEmbed
	Components    []json.RawMessage
	Attachments   []MessageFile
	Flags         discordgo.MessageFlags
	Reference     *discordgo.MessageReference
	ThreadID      string // the thread started from this message, if any
	Created       time.Time
	EditedAt      time.Time // zero if never edited
	Edits         int       // edits accepted so far
	Deleted       bool

	token string // the interaction token of a response or followup
}

// Buttons returns the message's buttons, row by row.
func (m MessageState) Buttons() []Button { return ButtonsOf(m.Components) }

// Button returns the message's button with customID.
func (m MessageState) Button(customID string) (Button, bool) {
	return findButton(m.Components, customID)
}

// Ephemeral reports whether the ephemeral flag (64) is set.
func (m MessageState) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// Buttons returns the buttons of the message's components, row by row.
func (m SentMessage) Buttons() []Button { return ButtonsOf(m.Components) }

// Edit is one accepted edit of a bot message.
type Edit struct {
	Seq       int // 1-based order among all edits the fake accepted
	MessageID string
	ChannelID string
	Time      time.Time
	// Route is what made the edit: RouteEditMessage, RouteEditOriginalResponse,
	// RouteEditFollowup, RouteInteractionCallback (type 7, update message) or
	// RouteEndpointAnswer.
	Route string
	N     int // the message's edit count with this one
}

// loadingFlag is Discord's LOADING message flag (1 << 7), set on the message
// of a deferred response until it is edited.
const loadingFlag = discordgo.MessageFlags(1 << 7)

// WithEditRateLimit makes the fake limit edits of each message to n per
// window per (counted on PATCH /channels/{id}/messages/{id} and the webhook
// message PATCH routes, as Discord's per-message edit limits): an edit over
// the limit is answered 429 with Discord's headers and body (retry_after
// until the window ends), listed by Rejected and counted by
// EditViolations. Interaction callbacks of type 7 are not limited.
func WithEditRateLimit(n int, per time.Duration) Option {
	return func(c *config) { c.editLimit, c.editWindow = n, per }
}

type editWindow struct {
	start time.Time
	used  int
}

// editLimitedLocked counts an edit of id against WithEditRateLimit and
// answers 429 when over it.
func (s *Server) editLimitedLocked(x *exchange, id string) bool {
	if s.cfg.editLimit <= 0 {
		return false
	}
	now := time.Now()
	w := s.editWindows[id]
	if w == nil || now.Sub(w.start) >= s.cfg.editWindow {
		w = &editWindow{start: now}
		s.editWindows[id] = w
	}
	if w.used >= s.cfg.editLimit {
		s.editViolations++
		s.faultResponse(x, Fault{Status: 429, RetryAfter: w.start.Add(s.cfg.editWindow).Sub(now)})
		x.headers.Set("X-RateLimit-Scope", "shared")
		return true
	}
	w.used++
	return false
}

// EditViolations returns how many edits were refused by WithEditRateLimit.
func (s *Server) EditViolations() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.editViolations
}

func copyState(m *MessageState) MessageState {
	c := *m
	c.Embeds = append([]*discordgo.MessageEmbed(nil), m.Embeds...)
	c.Components = append([]json.RawMessage(nil), m.Components...)
	c.Attachments = append([]MessageFile(nil), m.Attachments...)
	return c
}

// MessageNow returns the current state of a message the bot posted, with
// its attachments' bytes, and whether the fake knows it (deleted messages
// are known, with Deleted set).
func (s *Server) MessageNow(id string) (MessageState, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.store[id]
	if m == nil {
		return MessageState{}, false
	}
	return copyState(m), true
}

// WaitMessageNow waits until the message id is known and cond holds for its
// current state (re-checked whenever the fake records something), and
// returns that state; it fails the test with desc after timeout.
func (s *Server) WaitMessageNow(tb testing.TB, id string, timeout time.Duration, desc string, cond func(MessageState) bool) MessageState {
	tb.Helper()
	return waitFind(s, tb, timeout, fmt.Sprintf("message %s: %s", id, desc), func() (MessageState, bool) {
		m, ok := s.MessageNow(id)
		return m, ok && cond(m)
	})
}

// waitFind waits until find reports a value (re-tried whenever the fake
// records something) and returns it; it fails the test with desc after
// timeout.
func waitFind[T any](s *Server, tb testing.TB, timeout time.Duration, desc string, find func() (T, bool)) T {
	tb.Helper()
	var v T
	s.WaitUntil(tb, timeout, desc, func() bool {
		var ok bool
		v, ok = find()
		return ok
	})
	return v
}

// Edits returns the accepted edits of message id, in order.
func (s *Server) Edits(id string) []Edit {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Edit
	for _, e := range s.edits {
		if e.MessageID == id {
			out = append(out, e)
		}
	}
	return out
}

// AllEdits returns every accepted edit, in order.
func (s *Server) AllEdits() []Edit {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Edit(nil), s.edits...)
}

// EditCount returns how many edits of message id were accepted (counted
// even when WithRecordLimit no longer keeps them).
func (s *Server) EditCount(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.store[id]; m != nil {
		return m.Edits
	}
	return 0
}

// WaitEdits waits until at least n edits of message id were accepted and
// returns them; it fails the test after timeout.
func (s *Server) WaitEdits(tb testing.TB, id string, n int, timeout time.Duration) []Edit {
	tb.Helper()
	s.WaitUntil(tb, timeout, fmt.Sprintf("%d edit(s) of message %s", n, id), func() bool { return s.EditCount(id) >= n })
	return s.Edits(id)
}

// newAttachments turns uploaded files into attachments of a message in
// channelID.
func (s *Server) newAttachments(channelID string, files []File) []MessageFile {
	out := make([]MessageFile, 0, len(files))
	for _, f := range files {
		aid := s.NewID()
		out = append(out, MessageFile{
			ID: aid, Filename: f.Name, ContentType: f.ContentType, Size: len(f.Data), Data: f.Data,
			URL: "https://cdn.discordapp.com/attachments/" + channelID + "/" + aid + "/" + f.Name,
		})
	}
	return out
}

// storeLocked keeps a new message; with WithRecordLimit the oldest ones are
// forgotten beyond 2·max(n, 200): the last max(n, 200) stay.
func (s *Server) storeLocked(m *MessageState) {
	s.store[m.ID] = m
	s.storeOrder = append(s.storeOrder, m.ID)
	if n := s.cfg.recordLimit; n > 0 {
		keep := max(n, 200)
		if len(s.storeOrder) > 2*keep {
			for _, id := range s.storeOrder[:len(s.storeOrder)-keep] {
				delete(s.store, id)
				delete(s.editWindows, id)
			}
			s.storeOrder = append(s.storeOrder[:0:0], s.storeOrder[len(s.storeOrder)-keep:]...)
		}
	}
}

// createStateLocked stores a new message from a create body.
func (s *Server) createStateLocked(id, channelID, guildID string, typ int, b *messageBody, files []File) *MessageState {
	m := &MessageState{
		ID: id, ChannelID: channelID, GuildID: guildID, Type: typ, Content: b.content(),
		Embeds: b.Embeds, Components: b.Components, Flags: b.Flags, Reference: b.Reference,
		Attachments: s.newAttachments(channelID, files), Created: time.Now(),
	}
	if m.Reference != nil && typ == 0 {
		m.Type = 19
	}
	s.storeLocked(m)
	return m
}

// applyEditLocked edits m with b and files as Discord does (API version
// apiVersion): fields present replace the old ones (null clears them);
// with attachments present, the message keeps exactly the attachments
// listed (by id) and, in API v9, every file uploaded is appended (in v10
// only those the list names by their files[n] index); without attachments,
// existing ones are kept and new files appended. It reports false after
// answering an error (unknown attachment, too many, an empty result).
func (s *Server) applyEditLocked(x *exchange, m *MessageState, b *messageBody, files []File, apiVersion string) bool {
	next := copyState(m)
	if b.has("content") {
		next.Content = b.content()
	}
	if b.has("embeds") {
		next.Embeds = b.Embeds
	}
	if b.has("components") {
		next.Components = b.Components
	}
	if b.has("flags") {
		const suppress = discordgo.MessageFlagsSuppressEmbeds
		next.Flags = next.Flags&^suppress | b.Flags&suppress
	}
	next.Flags &^= loadingFlag
	fresh := s.newAttachments(m.ChannelID, files)
	if b.Attachments != nil {
		v10 := apiVersion != "" && apiVersion != "9" && apiVersion != "8"
		old := map[string]MessageFile{}
		for _, a := range m.Attachments {
			old[a.ID] = a
		}
		used := map[int]bool{}
		kept := []MessageFile{}
		for i, raw := range *b.Attachments {
			var ref struct {
				ID json.RawMessage `json:"id"`
			}
			_ = json.Unmarshal(raw, &ref)
			id := strings.Trim(string(ref.ID), `"`)
			if a, ok := old[id]; ok {
				kept = append(kept, a)
				continue
			}
			if n, err := strconv.Atoi(id); err == nil && n >= 0 && n < len(fresh) {
				used[n] = true
				if v10 {
					kept = append(kept, fresh[n])
				}
				continue
			}
			x.formError(fmt.Sprintf("attachments.%d.id", i), "ATTACHMENT_NOT_FOUND",
				fmt.Sprintf("Unknown attachment %s: not on message %s and no files[n] of this request", id, m.ID))
			return false
		}
		if !v10 {
			kept = append(kept, fresh...)
		}
		next.Attachments = kept
	} else {
		next.Attachments = append(next.Attachments, fresh...)
	}
	if len(next.Attachments) > 10 {
		x.formError("attachments", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
		return false
	}
	if strings.TrimSpace(next.Content) == "" && len(next.Embeds) == 0 && len(next.Components) == 0 && len(next.Attachments) == 0 {
		x.fail(400, 50006, "Cannot send an empty message")
		return false
	}
	next.Edits++
	next.EditedAt = time.Now()
	*m = next
	return true
}

// recordEditLocked records an accepted edit of m.
func (s *Server) recordEditLocked(m *MessageState, route string) {
	s.editSeq++
	s.edits = append(s.edits, Edit{Seq: s.editSeq, MessageID: m.ID, ChannelID: m.ChannelID, Time: m.EditedAt, Route: route, N: m.Edits})
	if n := s.cfg.recordLimit; n > 0 && len(s.edits) > 2*n {
		s.edits = append(s.edits[:0:0], s.edits[len(s.edits)-n:]...)
	}
}

// stateJSON is the message object Discord sends for m.
func (s *Server) stateJSON(m *MessageState) map[string]any {
	atts := []any{}
	for _, a := range m.Attachments {
		atts = append(atts, map[string]any{
			"id": a.ID, "filename": a.Filename, "size": a.Size, "url": a.URL, "proxy_url": a.URL, "content_type": a.ContentType,
		})
	}
	embeds := m.Embeds
	if embeds == nil {
		embeds = []*discordgo.MessageEmbed{}
	}
	components := m.Components
	if components == nil {
		components = []json.RawMessage{}
	}
	var edited any
	if !m.EditedAt.IsZero() {
		edited = m.EditedAt.UTC().Format(time.RFC3339Nano)
	}
	out := map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "author": userJSON(s.BotUser()),
		"content": m.Content, "timestamp": m.Created.UTC().Format(time.RFC3339Nano),
		"edited_timestamp": edited, "tts": false, "mention_everyone": false, "mentions": []any{},
		"mention_roles": []any{}, "attachments": atts, "embeds": embeds, "components": components,
		"pinned": false, "type": m.Type, "flags": m.Flags,
	}
	if m.GuildID != "" {
		out["guild_id"] = m.GuildID
	}
	if m.WebhookID != "" {
		out["webhook_id"] = m.WebhookID
	}
	if m.Reference != nil {
		out["message_reference"] = m.Reference
	}
	if th := s.threads[m.ThreadID]; th != nil {
		out["thread"] = s.threadJSON(th)
	}
	return out
}

// BotMessagesIn returns the current state of the bot's messages in
// channelID (deleted ones included, with Deleted set), in order of creation.
func (s *Server) BotMessagesIn(channelID string) []MessageState {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []MessageState
	for _, id := range s.storeOrder {
		if m := s.store[id]; m != nil && m.ChannelID == channelID {
			out = append(out, copyState(m))
		}
	}
	return out
}
