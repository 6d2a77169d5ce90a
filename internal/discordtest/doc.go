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
// NoMoreMessages).
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
// message replied to along (or null when it is gone), as Discord does when
// it has it at hand; without it the bot must GET the message.
//
// Interactions endpoint: PublicKey and Sign give the application's Ed25519
// key; PostInteraction posts a signed interaction to a bot's endpoint and
// takes the HTTP answer as the interaction's first response (recorded among
// Messages), so that the bot's later webhook edits are accepted; PostSigned
// posts with any signature, for tests of refusals.
//
// Servers: Command.Permissions sets the member's permissions (Manage Server
// is 32); AddThread makes a thread the fake knows, with its parent channel
// (GET /channels/{id}). ConfigureRemote points a session in another process,
// a test's child, at the fake's Addr.
//
// Soaks: WithRecordLimit keeps the fake's own memory bounded (counts stay
// exact: MessageCount, RequestCount).
//
// See NOTES.md in this directory for how discordgo v0.29.0 itself behaves on
// disconnects, op 7, op 9, rate limits and server errors.
package discordtest
