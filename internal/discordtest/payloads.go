package discordtest

import (
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Other identities used by the payload builders.
const (
	// OtherBotID is the author of BotMessage payloads: a bot that is not us.
	OtherBotID = "5000000000000000001"
	// OtherBotName is OtherBotID's username.
	OtherBotName = "OtherBot"
	// DefaultWebhookID is the webhook of WebhookMessage payloads.
	DefaultWebhookID = "6000000000000000001"
)

// DefaultUser returns the human user DefaultUserID who authors messages and
// runs commands unless a payload says otherwise.
func DefaultUser() *discordgo.User {
	return &discordgo.User{ID: DefaultUserID, Username: DefaultUserName, Discriminator: "0", GlobalName: "Alice"}
}

// userJSON is a user object as Discord sends it.
func userJSON(u *discordgo.User) map[string]any {
	m := map[string]any{
		"id": u.ID, "username": u.Username, "discriminator": u.Discriminator,
		"global_name": nil, "avatar": nil, "public_flags": 0,
	}
	if u.Discriminator == "" {
		m["discriminator"] = "0"
	}
	if u.GlobalName != "" {
		m["global_name"] = u.GlobalName
	}
	if u.Avatar != "" {
		m["avatar"] = u.Avatar
	}
	if u.Bot {
		m["bot"] = true
	}
	return m
}

func memberJSON(joined string) map[string]any {
	return map[string]any{
		"roles": []any{}, "joined_at": joined, "nick": nil, "avatar": nil, "premium_since": nil,
		"deaf": false, "mute": false, "flags": 0, "pending": false, "communication_disabled_until": nil,
	}
}

func (s *Server) guildJSON(id string) map[string]any {
	joined := time.Now().Add(-24 * time.Hour).UTC().Format(time.RFC3339Nano)
	channels := []any{}
	if id == DefaultGuildID {
		channels = append(channels, map[string]any{
			"id": DefaultChannelID, "type": 0, "guild_id": id, "name": "general", "position": 0,
			"permission_overwrites": []any{}, "topic": nil, "nsfw": false, "last_message_id": nil,
		})
	}
	botMember := memberJSON(joined)
	botMember["user"] = userJSON(s.BotUser())
	return map[string]any{
		"id": id, "name": "Test Guild " + id, "icon": nil, "owner_id": DefaultUserID,
		"unavailable": false, "joined_at": joined, "large": false, "member_count": 2,
		"preferred_locale": "en-US", "features": []any{}, "emojis": []any{}, "stickers": []any{},
		"roles": []any{map[string]any{
			"id": id, "name": "@everyone", "permissions": "1071698660929", "position": 0,
			"color": 0, "hoist": false, "managed": false, "mentionable": false, "flags": 0,
		}},
		"channels": channels, "threads": []any{}, "members": []any{botMember},
		"voice_states": []any{}, "presences": []any{}, "stage_instances": []any{},
		"guild_scheduled_events": []any{},
	}
}

// GuildPayload returns a GUILD_CREATE payload for guild id with the given
// numbers of text channels and roles (besides @everyone), shaped like
// Discord's, for tests of what a client keeps per server.
func (s *Server) GuildPayload(id string, channels, roles int) map[string]any {
	g := s.guildJSON(id)
	chs := g["channels"].([]any)
	for i := range channels {
		chs = append(chs, map[string]any{
			"id": s.NewID(), "type": 0, "guild_id": id, "name": fmt.Sprintf("channel-%d", i), "position": i,
			"permission_overwrites": []any{}, "topic": "a topic long enough to take some room in a cache", "nsfw": false,
			"last_message_id": nil, "rate_limit_per_user": 0,
		})
	}
	g["channels"] = chs
	rs := g["roles"].([]any)
	for i := range roles {
		rs = append(rs, map[string]any{
			"id": s.NewID(), "name": fmt.Sprintf("role-%d", i), "permissions": "1071698660929", "position": i + 1,
			"color": 0, "hoist": false, "managed": false, "mentionable": false, "flags": 0,
		})
	}
	g["roles"] = rs
	return g
}

// Message describes an incoming message for MessagePayload. Zero fields get
// defaults.
type Message struct {
	ID        string          // default: a fresh snowflake
	DM        bool            // a direct message: no guild_id and no member
	GuildID   string          // default: a thread's guild, else DefaultGuildID (ignored when DM)
	ChannelID string          // default: DefaultChannelID, or DefaultDMChannelID when DM
	Author    *discordgo.User // default: DefaultUser()
	Content   string
	// Mentions lists mentioned users; the content is not changed, so write
	// "<@id>" into Content yourself.
	Mentions  []*discordgo.User
	WebhookID string // set for webhook messages
	// ReplyTo makes the message a reply (type 19) to this message id.
	ReplyTo string
	// WithReferenced adds referenced_message to a reply, as Discord does
	// when it has the message replied to at hand: the bot's message ReplyTo
	// as the fake recorded it (GET /channels/{id}/messages/{id} answers the
	// same), or null when the fake knows no such message, which is how
	// Discord says it was deleted. Without it, the field is absent, as when
	// Discord did not look the message up: the bot has to fetch it.
	WithReferenced bool
}

// MessagePayload returns a MESSAGE_CREATE payload (the d field) shaped like
// Discord's: string ids, author, member for guild messages, timestamp,
// mentions, type... The map may be modified before Dispatch.
func (s *Server) MessagePayload(m Message) map[string]any {
	if m.ID == "" {
		m.ID = s.NewID()
	}
	if m.Author == nil {
		m.Author = DefaultUser()
	}
	if m.ChannelID == "" {
		m.ChannelID = DefaultChannelID
		if m.DM {
			m.ChannelID = DefaultDMChannelID
		}
	}
	if m.GuildID == "" && !m.DM {
		m.GuildID = s.guildOf(m.ChannelID)
	}
	now := time.Now().UTC()
	mentions := []any{}
	for _, u := range m.Mentions {
		mentions = append(mentions, userJSON(u))
	}
	p := map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "author": userJSON(m.Author),
		"content": m.Content, "timestamp": now.Format(time.RFC3339Nano), "edited_timestamp": nil,
		"tts": false, "mention_everyone": false, "mentions": mentions, "mention_roles": []any{},
		"attachments": []any{}, "embeds": []any{}, "components": []any{}, "pinned": false,
		"type": 0, "flags": 0, "nonce": fmt.Sprint(now.UnixNano()),
	}
	if !m.DM {
		p["guild_id"] = m.GuildID
		if m.WebhookID == "" {
			p["member"] = memberJSON(now.Add(-time.Hour).Format(time.RFC3339Nano))
		}
	}
	if m.WebhookID != "" {
		p["webhook_id"] = m.WebhookID
		delete(p, "nonce")
	}
	if m.ReplyTo != "" {
		ref := map[string]any{"type": 0, "message_id": m.ReplyTo, "channel_id": m.ChannelID}
		if !m.DM {
			ref["guild_id"] = m.GuildID
		}
		p["message_reference"] = ref
		p["type"] = 19
		if m.WithReferenced {
			s.mu.Lock()
			msg, ok := s.sentMessageJSON(m.ChannelID, m.ReplyTo)
			s.mu.Unlock()
			if ok {
				p["referenced_message"] = msg
			} else {
				p["referenced_message"] = nil
			}
		}
	}
	return p
}

// GuildMessage returns a MESSAGE_CREATE payload from DefaultUser in
// DefaultChannelID of DefaultGuildID.
func (s *Server) GuildMessage(content string) map[string]any {
	return s.MessagePayload(Message{Content: content})
}

// DMMessage returns a MESSAGE_CREATE payload from DefaultUser in their DM
// channel with the bot (no guild_id, no member).
func (s *Server) DMMessage(content string) map[string]any {
	return s.MessagePayload(Message{DM: true, Content: content})
}

// BotMessage returns a guild MESSAGE_CREATE payload authored by another bot
// (OtherBotID, bot: true). Bots should usually ignore it.
func (s *Server) BotMessage(content string) map[string]any {
	return s.MessagePayload(Message{Content: content, Author: &discordgo.User{ID: OtherBotID, Username: OtherBotName, Bot: true}})
}

// OwnMessage returns a guild MESSAGE_CREATE payload authored by the bot
// itself, as Discord echoes the bot's own messages.
func (s *Server) OwnMessage(content string) map[string]any {
	return s.MessagePayload(Message{Content: content, Author: s.BotUser()})
}

// WebhookMessage returns a guild MESSAGE_CREATE payload posted by a webhook
// (webhook_id set, author is the webhook with bot: true, no member).
func (s *Server) WebhookMessage(content string) map[string]any {
	return s.MessagePayload(Message{
		Content:   content,
		WebhookID: DefaultWebhookID,
		Author:    &discordgo.User{ID: DefaultWebhookID, Username: "Captain Hook", Discriminator: "0000", Bot: true},
	})
}

// SendMessage builds MessagePayload(m), dispatches it as MESSAGE_CREATE and
// returns the payload.
func (s *Server) SendMessage(m Message) map[string]any {
	p := s.MessagePayload(m)
	s.Dispatch("MESSAGE_CREATE", p)
	return p
}

// Command describes an APPLICATION_COMMAND interaction (slash command) for
// CommandPayload. Zero fields get defaults.
type Command struct {
	Name    string
	Options []*discordgo.ApplicationCommandInteractionDataOption // see Opt and SubCommand
	DM      bool                                                 // invoked in the bot's DM: user instead of member, no guild_id
	// GuildID defaults to the guild of the thread ChannelID names, else
	// DefaultGuildID (ignored when DM).
	GuildID string
	// ChannelID defaults to DefaultChannelID, or DefaultDMChannelID when DM.
	ChannelID string
	User      *discordgo.User // default: DefaultUser()
	ID        string          // interaction id, default: a fresh snowflake
	Token     string          // interaction token, default: a unique random string
	// CommandID defaults to the id of a registered command with this name
	// (guild, then global), else a fresh snowflake.
	CommandID string
	Locale    string // default "en-US"
	// Permissions are the member's permissions in the channel, as Discord
	// computes them (a decimal string); the default, "1071698660929", is an
	// ordinary member's, without Manage Server (32) or Administrator (8).
	Permissions string
}

// Interaction identifies a dispatched interaction.
type Interaction struct {
	ID      string
	Token   string
	Payload map[string]any
}

// CommandPayload returns an INTERACTION_CREATE payload (type 2,
// APPLICATION_COMMAND) shaped like Discord's. It is registered with the
// fake when dispatched, so that the bot's callback is accepted once.
func (s *Server) CommandPayload(c Command) map[string]any {
	if c.ID == "" {
		c.ID = s.NewID()
	}
	if c.Token == "" {
		c.Token = "itoken-" + newSessionID()
	}
	if c.User == nil {
		c.User = DefaultUser()
	}
	if c.Locale == "" {
		c.Locale = "en-US"
	}
	if c.ChannelID == "" {
		c.ChannelID = DefaultChannelID
		if c.DM {
			c.ChannelID = DefaultDMChannelID
		}
	}
	if c.GuildID == "" && !c.DM {
		c.GuildID = s.guildOf(c.ChannelID)
	}
	if c.CommandID == "" {
		c.CommandID = s.commandID(c.Name, c.GuildID)
	}
	opts := c.Options
	if opts == nil {
		opts = []*discordgo.ApplicationCommandInteractionDataOption{}
	}
	data := map[string]any{"id": c.CommandID, "name": c.Name, "type": 1, "options": opts}
	p := map[string]any{
		"id": c.ID, "application_id": s.cfg.appID, "type": 2, "token": c.Token, "version": 1,
		"locale": c.Locale, "channel_id": c.ChannelID, "data": data,
		"app_permissions": "1071698660929", "entitlements": []any{}, "attachment_size_limit": 10485760,
	}
	if c.DM {
		p["user"] = userJSON(c.User)
		p["context"] = 1
		p["authorizing_integration_owners"] = map[string]any{"0": "0"}
		p["channel"] = map[string]any{"id": c.ChannelID, "type": 1, "flags": 0,
			"recipients": []any{userJSON(c.User)}}
	} else {
		member := memberJSON(time.Now().Add(-time.Hour).UTC().Format(time.RFC3339Nano))
		member["user"] = userJSON(c.User)
		member["permissions"] = "1071698660929"
		if c.Permissions != "" {
			member["permissions"] = c.Permissions
		}
		p["member"] = member
		p["guild_id"] = c.GuildID
		p["guild_locale"] = "en-US"
		p["guild"] = map[string]any{"id": c.GuildID, "locale": "en-US", "features": []any{}}
		p["context"] = 0
		p["authorizing_integration_owners"] = map[string]any{"0": c.GuildID}
		p["channel"] = map[string]any{"id": c.ChannelID, "type": 0, "guild_id": c.GuildID, "name": "general"}
		s.mu.Lock()
		if th := s.threads[c.ChannelID]; th != nil {
			p["channel"] = s.threadJSON(th)
		}
		s.mu.Unlock()
		if c.GuildID != "" {
			data["guild_id"] = c.GuildID
		}
	}
	return p
}

// guildOf returns the guild of channelID when it is a thread the fake
// knows, else DefaultGuildID.
func (s *Server) guildOf(channelID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if th := s.threads[channelID]; th != nil && th.GuildID != "" {
		return th.GuildID
	}
	return DefaultGuildID
}

func (s *Server) commandID(name, guildID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range []string{guildID, ""} {
		for _, c := range s.commands[g] {
			if c.Name == name {
				return c.ID
			}
		}
	}
	return s.NewID()
}

// GuildCommand returns an INTERACTION_CREATE payload for /name run by
// DefaultUser in DefaultChannelID of DefaultGuildID.
func (s *Server) GuildCommand(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) map[string]any {
	return s.CommandPayload(Command{Name: name, Options: opts})
}

// DMCommand returns an INTERACTION_CREATE payload for /name run by
// DefaultUser in their DM with the bot.
func (s *Server) DMCommand(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) map[string]any {
	return s.CommandPayload(Command{Name: name, Options: opts, DM: true})
}

// SendCommand builds CommandPayload(c), dispatches it as INTERACTION_CREATE
// and returns its id and token.
func (s *Server) SendCommand(c Command) Interaction {
	p := s.CommandPayload(c)
	s.Dispatch("INTERACTION_CREATE", p)
	return Interaction{ID: p["id"].(string), Token: p["token"].(string), Payload: p}
}

// Opt returns a command option with the type inferred from value: string
// (3), int/int64 (4, integer), bool (5), float64 (10, number). It panics on
// other types; build the option yourself for users, channels, roles.
func Opt(name string, value any) *discordgo.ApplicationCommandInteractionDataOption {
	var t discordgo.ApplicationCommandOptionType
	switch value.(type) {
	case string:
		t = discordgo.ApplicationCommandOptionString
	case int, int64, int32:
		t = discordgo.ApplicationCommandOptionInteger
	case bool:
		t = discordgo.ApplicationCommandOptionBoolean
	case float64:
		t = discordgo.ApplicationCommandOptionNumber
	default:
		panic(fmt.Sprintf("discordtest.Opt: unsupported value type %T", value))
	}
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: t, Value: value}
}

// SubCommand returns a sub-command option (type 1) with nested options.
func SubCommand(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	if opts == nil {
		opts = []*discordgo.ApplicationCommandInteractionDataOption{}
	}
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}
}

// Component describes a MESSAGE_COMPONENT interaction (a button click or a
// select menu choice) for ComponentPayload. Zero fields get defaults.
type Component struct {
	CustomID      string
	ComponentType discordgo.ComponentType // default: discordgo.ButtonComponent
	Values        []string                // chosen values, for select menus
	// MessageID is the bot message carrying the component (default: the last
	// message the bot sent in the channel, else a fresh snowflake).
	MessageID string
	DM        bool
	GuildID   string          // default DefaultGuildID (ignored when DM)
	ChannelID string          // default DefaultChannelID, or DefaultDMChannelID when DM
	User      *discordgo.User // default DefaultUser()
	ID        string          // interaction id, default fresh
	Token     string          // interaction token, default unique
}

// ComponentPayload returns an INTERACTION_CREATE payload of type 3
// (MESSAGE_COMPONENT). Responses of type 6 (deferred update) and 7 (update
// message) and edits of @original then refer to MessageID. The payload's
// message is the bot's message as it stands when the fake keeps it (see
// MessageNow), else a blank one with that id. Press checks that the button
// exists and is enabled; ComponentPayload does not.
func (s *Server) ComponentPayload(c Component) map[string]any {
	if c.ComponentType == 0 {
		c.ComponentType = discordgo.ButtonComponent
	}
	// Reuse CommandPayload for the common fields.
	p := s.CommandPayload(Command{DM: c.DM, GuildID: c.GuildID, ChannelID: c.ChannelID, User: c.User, ID: c.ID, Token: c.Token, CommandID: "-"})
	channelID := p["channel_id"].(string)
	if c.MessageID == "" {
		c.MessageID = s.lastBotMessage(channelID)
	}
	data := map[string]any{"custom_id": c.CustomID, "component_type": c.ComponentType}
	if c.Values != nil {
		data["values"] = c.Values
	}
	p["type"] = int(discordgo.InteractionMessageComponent)
	p["data"] = data
	p["message"] = s.componentMessage(c.MessageID, channelID, p["guild_id"])
	return p
}

func (s *Server) lastBotMessage(channelID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.messages) - 1; i >= 0; i-- {
		if m := s.messages[i]; m.ChannelID == channelID && m.ID != "" {
			return m.ID
		}
	}
	return s.NewID()
}

// SendComponent builds ComponentPayload(c), dispatches it as
// INTERACTION_CREATE and returns its id and token.
func (s *Server) SendComponent(c Component) Interaction {
	p := s.ComponentPayload(c)
	s.Dispatch("INTERACTION_CREATE", p)
	return Interaction{ID: p["id"].(string), Token: p["token"].(string), Payload: p}
}
