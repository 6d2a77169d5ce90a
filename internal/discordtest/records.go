package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Identify is an identify (gateway op 2) the fake received.
type Identify struct {
	Conn           int              // connection number, 1-based, in order of connection
	Time           time.Time        // when it was received
	Token          string           // token as sent (discordgo sends "Bot <token>")
	Intents        discordgo.Intent // requested intents
	Properties     map[string]any   // connection properties as sent ("$os", "$browser", ...)
	Compress       bool             // the compress flag
	LargeThreshold int              // large_threshold
	Shard          *[2]int          // [shard_id, num_shards] if sent
	GatewayVersion string           // the v query parameter of the connection URL
	Encoding       string           // the encoding query parameter of the connection URL
	Accepted       bool             // READY was sent
	SessionID      string           // session created, if Accepted
	CloseCode      int              // close code sent instead of READY, if not Accepted
	Raw            json.RawMessage  // the d field as received
}

// Resume is a resume (gateway op 6) the fake received.
type Resume struct {
	Conn      int
	Time      time.Time
	Token     string
	SessionID string
	Seq       int64 // last sequence number the client says it received
	Accepted  bool  // missed events were replayed and RESUMED sent; otherwise op 9 (false) was sent
	Replayed  int   // number of dispatches replayed
	Raw       json.RawMessage
}

// GatewayFrame is a client frame other than heartbeat, identify and resume
// (for example op 3 presence update or op 8 request guild members).
type GatewayFrame struct {
	Conn int
	Time time.Time
	Op   int
	Data json.RawMessage
}

// Beat is a heartbeat (op 1) the fake received on a gateway connection, or
// the HELLO (op 10) it sent there, which starts the connection's heartbeat
// clock: Discord expects a heartbeat at least every heartbeat interval from
// then on.
type Beat struct {
	Conn  int
	Time  time.Time
	Hello bool // the HELLO, not a heartbeat
}

// GatewayAttempt is one request to the gateway's websocket URL.
type GatewayAttempt struct {
	Time    time.Time
	Refused bool // answered 503 during an outage (StartOutage)
}

// Disconnect records the end of a gateway connection.
type Disconnect struct {
	Conn int
	Time time.Time
	// CloseCode is the code of a close frame the client sent (e.g. 1012 after
	// op 7), 0 if none. 1000 and 1001 end the session (no resume), as on
	// Discord.
	CloseCode int
	ByServer  bool   // the fake ended it (test fault, protocol error, Close)
	Reason    string // human-readable reason
}

// File is a file uploaded in a multipart request.
type File struct {
	Field       string // form field, e.g. "files[0]"
	Name        string // file name
	ContentType string
	Data        []byte
}

// Request is one HTTP request the fake received (or, with Unexpected set
// and Status 0, one Transport refused to send).
type Request struct {
	Seq           int               // 1-based order of arrival
	Time          time.Time         // arrival time
	Method        string            // HTTP method
	Path          string            // Discord API path without /api/vN, e.g. "/channels/1/messages"
	APIVersion    string            // N of the /api/vN prefix
	Query         url.Values        // query parameters
	Route         string            // one of the Route constants, "" if unknown
	Params        map[string]string // path parameters of Route, e.g. "channel_id"
	Authorization string            // Authorization header as sent
	Header        http.Header       // all request headers
	ContentType   string            // Content-Type header
	Body          []byte            // JSON body (the payload_json part of a multipart body)
	JSON          any               // Body decoded (map[string]any, []any, ...), nil if none
	Files         []File            // multipart file parts
	Status        int               // status code answered
	Fault         bool              // answered by an injected fault
	Unexpected    bool              // unknown route, wrong method, or refused by Transport
	Error         string            // Discord error message answered, if any
	// NonceReused marks a message create whose enforced nonce was used
	// already: answered with the first message, nothing created.
	NonceReused bool
}

// Decode unmarshals the request's JSON body into v.
func (r Request) Decode(v any) error {
	if len(r.Body) == 0 {
		return fmt.Errorf("discordtest: %s %s has no body", r.Method, r.Path)
	}
	return json.Unmarshal(r.Body, v)
}

// String returns a one-line description for failure messages.
func (r Request) String() string {
	s := fmt.Sprintf("#%d %s %s -> %d", r.Seq, r.Method, r.Path, r.Status)
	if r.Fault {
		s += " (injected fault)"
	}
	if r.Unexpected {
		s += " (unexpected)"
	}
	if r.Error != "" {
		s += " " + r.Error
	}
	if len(r.Body) > 0 {
		s += " body=" + truncate(string(r.Body), 200)
	}
	return s
}

// MessageKind says through which route a SentMessage was sent.
type MessageKind string

// Kinds of SentMessage.
const (
	KindChannelMessage      MessageKind = "channel_message"      // POST /channels/{channel_id}/messages
	KindMessageEdit         MessageKind = "message_edit"         // PATCH /channels/{channel_id}/messages/{message_id}
	KindInteractionResponse MessageKind = "interaction_response" // POST /interactions/{id}/{token}/callback (any type, incl. deferred)
	KindOriginalEdit        MessageKind = "original_edit"        // PATCH /webhooks/{app}/{token}/messages/@original
	KindFollowup            MessageKind = "followup"             // POST /webhooks/{app}/{token}
	KindFollowupEdit        MessageKind = "followup_edit"        // PATCH /webhooks/{app}/{token}/messages/{message_id}
)

// SentMessage is one message-like payload the bot sent and the fake
// accepted (2xx): a channel message, an edit, an interaction response
// (including deferred ones, which have no content), an edit of the original
// response, or a followup.
type SentMessage struct {
	Kind             MessageKind
	ID               string // id of the created or edited message ("" for deferred responses and type 6)
	ChannelID        string
	GuildID          string // "" for DMs or when unknown
	InteractionID    string // for interaction responses
	InteractionToken string // for interaction responses, original edits and followups
	// ResponseType is the interaction callback type (4 message, 5 deferred,
	// 6 deferred update, 7 update, 8 autocomplete, 9 modal); 0 otherwise.
	ResponseType    discordgo.InteractionResponseType
	Content         string // content, "" if absent
	ContentSet      bool   // content was present in the body (matters for edits)
	Flags           discordgo.MessageFlags
	Embeds          []*discordgo.MessageEmbed
	Components      []json.RawMessage
	AllowedMentions *discordgo.MessageAllowedMentions
	Reference       *discordgo.MessageReference
	Files           []File
	Request         Request // the request that carried it
}

// Ephemeral reports whether the ephemeral flag (64) is set.
func (m SentMessage) Ephemeral() bool { return m.Flags&discordgo.MessageFlagsEphemeral != 0 }

// Deferred reports whether this is a deferred interaction response (type 5 or 6).
func (m SentMessage) Deferred() bool {
	return m.ResponseType == discordgo.InteractionResponseDeferredChannelMessageWithSource ||
		m.ResponseType == discordgo.InteractionResponseDeferredMessageUpdate
}

// String returns a one-line description for failure messages.
func (m SentMessage) String() string {
	s := string(m.Kind)
	if m.ResponseType != 0 {
		s += fmt.Sprintf("(type %d)", m.ResponseType)
	}
	if m.ChannelID != "" {
		s += " channel=" + m.ChannelID
	}
	if m.InteractionID != "" {
		s += " interaction=" + m.InteractionID
	}
	if m.Flags != 0 {
		s += fmt.Sprintf(" flags=%d", m.Flags)
	}
	if m.Reference != nil {
		s += " reply_to=" + m.Reference.MessageID
	}
	if len(m.Files) > 0 {
		s += fmt.Sprintf(" files=%d", len(m.Files))
	}
	return s + fmt.Sprintf(" content=%q", truncate(m.Content, 200))
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Requests returns a copy of every request recorded so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.requests))
	for i, r := range s.requests {
		out[i] = *r
	}
	return out
}

// RequestsFor returns the recorded requests whose Route is route.
func (s *Server) RequestsFor(route string) []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requestsForLocked(route)
}

func (s *Server) requestsForLocked(route string) []Request {
	var out []Request
	for _, r := range s.requests {
		if r.Route == route {
			out = append(out, *r)
		}
	}
	return out
}

// Unexpected returns requests to unknown routes or with a wrong method, and
// requests Transport refused to send to non-Discord hosts.
func (s *Server) Unexpected() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if r.Unexpected {
			out = append(out, *r)
		}
	}
	return out
}

// Rejected returns requests the fake answered with a 4xx status of its own
// (bad token, empty or too long message, unknown or already acknowledged
// interaction, invalid command...), not counting injected faults.
func (s *Server) Rejected() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Request
	for _, r := range s.requests {
		if !r.Fault && !r.Unexpected && r.Status >= 400 && r.Status < 500 {
			out = append(out, *r)
		}
	}
	return out
}

// AssertClean fails the test if any request was Unexpected or Rejected.
func (s *Server) AssertClean(tb testing.TB) {
	tb.Helper()
	bad := append(s.Unexpected(), s.Rejected()...)
	if len(bad) == 0 {
		return
	}
	var b strings.Builder
	for _, r := range bad {
		b.WriteString("\n  " + r.String())
	}
	tb.Errorf("discordtest: %d unexpected or rejected request(s):%s", len(bad), b.String())
}

// WaitRequests waits until at least n requests with the given Route were
// recorded (whatever their status) and returns all of them; it fails the
// test after timeout.
func (s *Server) WaitRequests(tb testing.TB, route string, n int, timeout time.Duration) []Request {
	tb.Helper()
	s.WaitUntil(tb, timeout, fmt.Sprintf("%d request(s) to %s", n, route), func() bool {
		return s.RequestCount(route) >= n
	})
	return s.RequestsFor(route)
}

// RequestCount returns how many requests with the given Route were ever
// recorded, including those WithRecordLimit no longer keeps.
func (s *Server) RequestCount(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.routeTotals[route]
}

// MessageCount returns how many SentMessages were ever recorded, including
// those WithRecordLimit no longer keeps.
func (s *Server) MessageCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.msgTotal
}

// Messages returns every SentMessage recorded so far, in order.
func (s *Server) Messages() []SentMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]SentMessage(nil), s.messages...)
}

// InteractionMessages returns the SentMessages that belong to the given
// interaction (its response, original edits and followups).
func (s *Server) InteractionMessages(interactionID string) []SentMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.interactions[interactionID]
	var out []SentMessage
	for _, m := range s.messages {
		if m.InteractionID == interactionID || (st != nil && m.InteractionToken == st.token) {
			out = append(out, m)
		}
	}
	return out
}

// WaitMessages waits until at least n SentMessages were recorded and returns
// all of them (len >= n); it fails the test after timeout, listing what was
// received.
func (s *Server) WaitMessages(tb testing.TB, n int, timeout time.Duration) []SentMessage {
	tb.Helper()
	s.WaitUntil(tb, timeout, fmt.Sprintf("%d sent message(s)", n), func() bool { return s.MessageCount() >= n })
	return s.Messages()
}

// NoMoreMessages fails the test if more than n SentMessages are recorded,
// already or at any time during window. Use it after WaitMessages to check
// that nothing else follows (for example no double reply).
func (s *Server) NoMoreMessages(tb testing.TB, n int, window time.Duration) {
	tb.Helper()
	if s.waitFor(window, func() bool { return s.MessageCount() > n }) {
		s.mu.Lock()
		total, got := s.msgTotal, append([]SentMessage(nil), s.messages...)
		s.mu.Unlock()
		var b strings.Builder
		if extra := total - n; extra <= len(got) {
			for _, m := range got[len(got)-extra:] {
				b.WriteString("\n  " + m.String())
			}
		}
		tb.Fatalf("discordtest: expected no more than %d sent message(s), got %d; extra:%s", n, total, b.String())
	}
}

// Summary describes the fake's recorded state, for failure messages.
func (s *Server) Summary() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	fmt.Fprintf(&b, "fake discord state: %d connection(s), %d identify, %d resume, %d heartbeat(s), %d live session(s)\n",
		s.connCount, len(s.identifies), len(s.resumes), s.heartbeats, s.liveSessionsLocked())
	fmt.Fprintf(&b, "requests (%d):\n", len(s.requests))
	from := 0
	if len(s.requests) > 30 {
		from = len(s.requests) - 30
		b.WriteString("  …\n")
	}
	for _, r := range s.requests[from:] {
		b.WriteString("  " + r.String() + "\n")
	}
	fmt.Fprintf(&b, "sent messages (%d):\n", len(s.messages))
	from = 0
	if len(s.messages) > 30 {
		from = len(s.messages) - 30
		b.WriteString("  …\n")
	}
	for _, m := range s.messages[from:] {
		b.WriteString("  " + m.String() + "\n")
	}
	fmt.Fprintf(&b, "edits: %d (refused by WithEditRateLimit: %d); modals: %d; threads: %d\n",
		len(s.edits), s.editViolations, len(s.modals), len(s.threads))
	return b.String()
}
