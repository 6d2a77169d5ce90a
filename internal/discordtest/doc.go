// Package discordtest is a fake Discord for tests: a REST API and a gateway
// websocket, both served on 127.0.0.1 only, that speak enough of Discord's
// protocol for a real *discordgo.Session (github.com/bwmarrin/discordgo
// v0.29.0) to connect, identify, receive dispatches and make REST calls.
//
// Tests drive the fake as Discord would (Dispatch, GuildMessage, SendCommand,
// faults such as DropConnections, SendReconnect, InvalidateSession,
// InjectFault) and assert on what the bot sent (Messages, Requests,
// Identifies, Resumes), waiting on channels instead of sleeping
// (WaitMessages, WaitRequests, WaitIdentifies, WaitResumes, WaitUntil,
// NoMoreMessages). To check that nothing follows without waiting for a
// window, compare Dispatched with the events the bot has finished handling,
// then call NoMoreMessages with a window of 0.
//
// Nothing leaves the machine: the HTTP client built by Server.Transport
// rewrites discord.com requests to the fake and refuses every other host,
// and Server.Dialer only dials the fake's own loopback address. discordgo's
// package-level endpoint variables are never modified, so tests may run in
// parallel, each with its own Server.
//
// A typical test:
//
//	func TestReply(t *testing.T) {
//		t.Parallel()
//		srv := discordtest.New(t)
//		sess := srv.Session(t, discordgo.IntentsGuildMessages|discordgo.IntentsMessageContent)
//		sess.AddHandler(func(s *discordgo.Session, m *discordgo.MessageCreate) {
//			s.ChannelMessageSend(m.ChannelID, "pong")
//		})
//		if err := sess.Open(); err != nil {
//			t.Fatal(err)
//		}
//		srv.Dispatch("MESSAGE_CREATE", srv.GuildMessage("ping"))
//		msgs := srv.WaitMessages(t, 1, 5*time.Second)
//		if msgs[0].Content != "pong" {
//			t.Fatalf("reply = %q", msgs[0].Content)
//		}
//		srv.NoMoreMessages(t, 1, 200*time.Millisecond)
//	}
//
// What the fake checks, as Discord does: the Authorization header ("Bot " +
// Token()) on non-webhook routes, the identify token and intents (close 4004,
// 4014), empty or over-long messages (400, codes 50006/50035), command names
// and descriptions, unknown or late interactions (10062), a second
// acknowledgement (40060), edits before a response (10008). Such answers are
// listed by Rejected; requests to unknown routes or non-Discord hosts by
// Unexpected; AssertClean fails the test on either.
//
// Gateway faults and timings: DropConnections, SendReconnect (op 7) and
// CloseConnections keep the session resumable (except codes 4007/4009);
// events dispatched meanwhile are queued and replayed on resume. discordgo
// needs about one second to come back (its Close sleeps 1 s), so wait with
// WaitResumes or WaitIdentifies, and call WaitSettled before the next fault.
// InvalidateSession(false) forces a new identify. SetHeartbeatAcks(false)
// simulates a zombie connection. REST faults: InjectFault / FailNext (429
// with Discord's headers and body, 5xx, delays) and SetRateLimit (real
// buckets with X-RateLimit-* headers).
//
// Sharding (WithShards, WithMaxConcurrency, WithIdentifyWindow,
// WithRequiredShards): sessions that identify with [shard_id, num_shards]
// get only their shard's dispatches ((guild_id >> 22) % num_shards; DMs on
// shard 0, see ShardFor) and their guilds in READY; identifies faster than
// the window per max_concurrency bucket are recorded (IdentifyViolations)
// and closed with 4008; DropShard drops one shard's connection.
//
// Lifetime faults: StartOutage/EndOutage (503 to the gateway and REST, as in
// a Discord outage), RevokeToken (4004 on live connections, 401 and 4004
// after), RejectIdentifies (close 4010, 4011, 4012, 4013 …).
//
// Replies: Message.ReplyTo makes a reply; WithReferenced sends the bot's
// message replied to along, as it stands after its edits (or null when it
// is gone), as Discord does when it has it at hand; without it the bot must
// GET the message, which answers the same.
//
// Interactions endpoint: PublicKey and Sign give the application's Ed25519
// key; PostInteraction posts a signed interaction to a bot's endpoint and
// takes the HTTP answer as the interaction's first response (recorded among
// Messages), so that the bot's later webhook edits are accepted; PostSigned
// posts with any signature, for tests of refusals.
//
// Components: bot messages (channel messages, interaction responses,
// followups, edits) keep their components, checked as Discord does (at
// most 5 action rows of width 5, a button 1 and a select menu 5; custom_id
// of 1 to 100 characters, unique in the message; labels of at most 80; link
// buttons with a url and no custom_id; no text inputs), else 400 code 50035
// naming the field, listed by Rejected. SentMessage.Buttons and
// MessageState.Buttons/Button read them back (ButtonsOf for raw ones).
//
// Presses: Press(messageID, customID, user) dispatches a member's press of a
// button on the bot's message as it stands (INTERACTION_CREATE type 3,
// data.custom_id, component_type 2, the message, member or user, guild,
// channel, id, token); PressHTTP posts it signed to an interactions
// endpoint; PressPayload builds it. They fail with ErrUnknownMessage,
// ErrNoSuchButton (link buttons too) or ErrButtonDisabled where Discord's
// client would not let anyone press. Answers accepted, once, within
// WithInteractionDeadline: 4 (a message; flag 64 ephemeral), 5, 6 (deferred
// update: @original is then the message pressed), 7 (update: edits the
// message pressed, see Edits) and 9 (a modal); 6 and 7 only for components
// and modals opened from one, 9 not for modal submits (400 code 50035 on
// "type"). The interactions endpoint's HTTP answer takes the same types.
// WaitAnswer(tb, interactionID, timeout) returns an interaction's answer.
//
// Modals: a type 9 answer is checked (title 1-45, custom_id 1-100, 1 to 5
// action rows of one text input each, input custom_id 1-100 and unique,
// label 1-45, style 1 or 2, lengths 0-4000, placeholder 100) and recorded:
// Modals, WaitModal(tb, interactionID, timeout). SubmitModal(modal, values,
// user) dispatches the member's submit (INTERACTION_CREATE type 5,
// data.custom_id, data.components as action rows of text inputs with their
// values; the message when a button opened it); SubmitModalHTTP posts it to
// an endpoint; ModalSubmitPayload builds it. They fail with ErrModalInput
// where Discord's client refuses (a required input blank, a length out of
// bounds, a line break in a short input, an unknown input, a member other
// than the one shown the modal), ErrModalSubmitted the second time.
//
// Edits: the fake keeps every bot message as it stands (MessageNow, with
// its attachments' bytes; WaitMessageNow waits for a state; BotMessagesIn
// lists a channel's or thread's), and GET /channels/{id}/messages/{id}, GET
// @original, referenced_message and the message of a press answer from it.
// PATCH /channels/{id}/messages/{id}, the webhook PATCHes (@original,
// followups of the same token) and answers of type 7 edit it, JSON or
// multipart (payload_json, files[n]): fields sent replace the old ones
// (null clears), absent ones stay; without
// attachments the old files stay and new ones are appended; with it the
// message keeps exactly those listed by id plus, in API v9 (discordgo's),
// every new file — in v10 only the files[n] the list names by index n (so
// listing new files by index works in both); an unknown id is 400 50035, an
// edit leaving nothing 50006, an unknown or deleted message 10008 (a
// component on a message id the fake does not keep is still accepted, as
// before). Accepted edits are recorded (Edits, AllEdits, EditCount,
// WaitEdits: message id, order, route, the message's count). DELETE marks
// the message Deleted (10008 afterwards; a member's message the fake does
// not keep is deleted as asked). WithEditRateLimit(n, per) answers more
// than n PATCHes of one message per window with Discord's 429 (listed by
// Rejected, counted by EditViolations); SetRateLimit(RouteEditMessage, …)
// still limits a channel's edit bucket with headers. A deferred response
// (5) is a loading message (flag 128) until edited. With WithEchoMessages,
// channel edits and deletes are dispatched as MESSAGE_UPDATE and
// MESSAGE_DELETE.
//
// Servers: Command.Permissions sets the member's permissions (Manage Server
// is 32); AddThread makes a thread the fake knows, with its parent channel
// (GET /channels/{id}). ConfigureRemote points a session in another process,
// a test's child, at the fake's Addr.
//
// Threads: POST /channels/{id}/messages/{id}/threads starts a public thread
// from the bot's message or a member's dispatched one (the thread's id is
// the message's; the message then carries it: MessageState.ThreadID, GET's
// thread); POST /channels/{id}/threads starts one without a message (type
// 11 or 12; absent is 12 in API v9, required in v10). Both answer 201 with
// the channel and dispatch THREAD_CREATE (newly_created; GUILDS intent).
// Refused as on Discord: a name outside 1-100 characters or an
// auto_archive_duration outside 60/1440/4320/10080 (50035), a second thread
// from one message (400 160004), an unknown message (10008), a DM or a
// thread (400 50024), a channel ForbidThreads marks (403 50013 Missing
// Permissions). Threads, ThreadByID list them. Messages posted in a thread
// are recorded with its id as channel and its guild; ThreadMessage builds a
// member's message there, and payloads for a thread's channel default to
// its guild (a press carries the thread's channel object, type 11).
//
// Soaks: WithRecordLimit keeps the fake's own memory bounded (counts stay
// exact: MessageCount, RequestCount).
//
// See NOTES.md in this directory for how discordgo v0.29.0 itself behaves on
// disconnects, op 7, op 9, rate limits and server errors.
package discordtest
