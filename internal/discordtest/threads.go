package discordtest

import (
	"fmt"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Thread routes: starting a thread from a message, or without one.
const (
	RouteStartThreadFromMessage = "POST /channels/{channel_id}/messages/{message_id}/threads"
	RouteStartThread            = "POST /channels/{channel_id}/threads"
)

// Thread is a thread the fake knows: started by the bot, or made with
// AddThread.
type Thread struct {
	ID       string
	ParentID string
	GuildID  string
	Name     string
	Type     discordgo.ChannelType // 11 public, 12 private
	// MessageID is the message the thread was started from (its id is the
	// thread's, as on Discord), "" for a thread started without one.
	MessageID   string
	OwnerID     string
	AutoArchive int // minutes
	Created     time.Time
}

// ForbidThreads makes starting a thread in channelID fail with 403 Missing
// Permissions (code 50013), as in a channel where the bot may not create
// threads. Threads are never allowed in DMs, nor in threads (400 50024).
func (s *Server) ForbidThreads(channelID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.noThreads[channelID] = true
}

// Threads returns the threads the fake knows, in order of creation.
func (s *Server) Threads() []Thread {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Thread, 0, len(s.threadOrder))
	for _, id := range s.threadOrder {
		out = append(out, *s.threads[id])
	}
	return out
}

// ThreadByID returns the thread id, if the fake knows it.
func (s *Server) ThreadByID(id string) (Thread, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if th := s.threads[id]; th != nil {
		return *th, true
	}
	return Thread{}, false
}

// ThreadMessage returns a MESSAGE_CREATE payload of user (nil:
// DefaultUser) writing content in thread threadID, in the thread's guild.
func (s *Server) ThreadMessage(threadID, content string, user *discordgo.User) map[string]any {
	s.mu.Lock()
	g := s.channelGuild[threadID]
	s.mu.Unlock()
	return s.MessagePayload(Message{ChannelID: threadID, GuildID: g, Content: content, Author: user})
}

func (s *Server) addThreadLocked(th *Thread) {
	if s.threads[th.ID] == nil {
		s.threadOrder = append(s.threadOrder, th.ID)
	}
	s.threads[th.ID] = th
	s.channelGuild[th.ID] = th.GuildID
	s.threadParent[th.ID] = th.ParentID
}

func (s *Server) threadJSON(th *Thread) map[string]any {
	created := th.Created.UTC().Format(time.RFC3339Nano)
	return map[string]any{
		"id": th.ID, "type": int(th.Type), "guild_id": th.GuildID, "parent_id": th.ParentID, "name": th.Name,
		"owner_id": th.OwnerID, "message_count": 0, "member_count": 1, "total_message_sent": 0,
		"rate_limit_per_user": 0, "last_message_id": nil, "flags": 0,
		"thread_metadata": map[string]any{"archived": false, "auto_archive_duration": th.AutoArchive, "locked": false,
			"archive_timestamp": created, "create_timestamp": created},
	}
}

type threadBody struct {
	Name                string                 `json:"name"`
	AutoArchiveDuration int                    `json:"auto_archive_duration"`
	Type                *discordgo.ChannelType `json:"type"`
	Invitable           bool                   `json:"invitable"`
	RateLimitPerUser    int                    `json:"rate_limit_per_user"`
}

// threadAllowedLocked applies the channel rules for a new thread in ch and
// decodes the body; nil after answering an error.
func (s *Server) threadAllowedLocked(x *exchange, ch string) *threadBody {
	g, known := s.channelGuild[ch]
	_, inThread := s.threadParent[ch]
	switch {
	case known && g == "", inThread:
		x.fail(http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return nil
	case s.noThreads[ch]:
		x.fail(http.StatusForbidden, 50013, "Missing Permissions")
		return nil
	}
	var b threadBody
	if err := x.rec.Decode(&b); err != nil {
		x.fail(http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return nil
	}
	if n := utf8.RuneCountInString(b.Name); n < 1 || n > 100 {
		x.formError("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
		return nil
	}
	switch b.AutoArchiveDuration {
	case 0:
		b.AutoArchiveDuration = 4320
	case 60, 1440, 4320, 10080:
	default:
		x.formError("auto_archive_duration", "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of {60, 1440, 4320, 10080}, got %d.", b.AutoArchiveDuration))
		return nil
	}
	return &b
}

// hStartThreadFromMessage starts a public thread from a message (the
// bot's, or a member's the fake dispatched): its id is the message's.
func (s *Server) hStartThreadFromMessage(x *exchange) {
	ch, id := x.params["channel_id"], x.params["message_id"]
	b := s.threadAllowedLocked(x, ch)
	if b == nil {
		return
	}
	m := s.store[id]
	if (m == nil || m.Deleted || m.ChannelID != ch) && s.memberMsgs[id] != ch {
		x.fail(http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	if s.threads[id] != nil {
		x.fail(http.StatusBadRequest, 160004, "A thread has already been created for this message")
		return
	}
	th := &Thread{ID: id, ParentID: ch, GuildID: s.channelGuild[ch], Name: b.Name, Type: discordgo.ChannelTypeGuildPublicThread,
		MessageID: id, OwnerID: s.cfg.botID, AutoArchive: b.AutoArchiveDuration, Created: time.Now()}
	s.createThreadLocked(x, th)
	if m != nil {
		m.ThreadID = id
	}
}

// hStartThread starts a thread without a message: type 11 or 12 (API v9's
// default when absent is 12, private; v10 requires it).
func (s *Server) hStartThread(x *exchange) {
	ch := x.params["channel_id"]
	b := s.threadAllowedLocked(x, ch)
	if b == nil {
		return
	}
	typ := discordgo.ChannelTypeGuildPrivateThread
	switch {
	case b.Type != nil:
		typ = *b.Type
	case x.rec.APIVersion != "9" && x.rec.APIVersion != "8":
		x.formError("type", "BASE_TYPE_REQUIRED", "This field is required")
		return
	}
	if typ != discordgo.ChannelTypeGuildPublicThread && typ != discordgo.ChannelTypeGuildPrivateThread {
		x.formError("type", "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of {11, 12}, got %d.", typ))
		return
	}
	th := &Thread{ID: s.NewID(), ParentID: ch, GuildID: s.channelGuild[ch], Name: b.Name, Type: typ,
		OwnerID: s.cfg.botID, AutoArchive: b.AutoArchiveDuration, Created: time.Now()}
	s.createThreadLocked(x, th)
}

func (s *Server) createThreadLocked(x *exchange, th *Thread) {
	s.addThreadLocked(th)
	out := s.threadJSON(th)
	if s.everReady {
		ev := s.threadJSON(th)
		ev["newly_created"] = true
		x.echo, x.echoEvent = mustJSON(ev), "THREAD_CREATE"
	}
	x.reply(http.StatusCreated, out)
}
