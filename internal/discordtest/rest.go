package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"mime"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Route names: the method and Discord's documented path template. They are
// the Route field of recorded requests and the route argument of
// RequestsFor, WaitRequests and InjectFault.
const (
	RouteGetGateway                  = "GET /gateway"
	RouteGetGatewayBot               = "GET /gateway/bot"
	RouteGetCurrentUser              = "GET /users/@me"
	RouteCreateDM                    = "POST /users/@me/channels"
	RouteGetCurrentApplication       = "GET /applications/@me"
	RouteGetOAuth2Application        = "GET /oauth2/applications/@me"
	RouteGetGlobalCommands           = "GET /applications/{application_id}/commands"
	RouteBulkOverwriteGlobalCommands = "PUT /applications/{application_id}/commands"
	RouteCreateGlobalCommand         = "POST /applications/{application_id}/commands"
	RouteDeleteGlobalCommand         = "DELETE /applications/{application_id}/commands/{command_id}"
	RouteGetGuildCommands            = "GET /applications/{application_id}/guilds/{guild_id}/commands"
	RouteBulkOverwriteGuildCommands  = "PUT /applications/{application_id}/guilds/{guild_id}/commands"
	RouteCreateGuildCommand          = "POST /applications/{application_id}/guilds/{guild_id}/commands"
	RouteDeleteGuildCommand          = "DELETE /applications/{application_id}/guilds/{guild_id}/commands/{command_id}"
	RouteCreateMessage               = "POST /channels/{channel_id}/messages"
	RouteEditMessage                 = "PATCH /channels/{channel_id}/messages/{message_id}"
	RouteDeleteMessage               = "DELETE /channels/{channel_id}/messages/{message_id}"
	RouteTriggerTyping               = "POST /channels/{channel_id}/typing"
	RouteGetChannel                  = "GET /channels/{channel_id}"
	RouteGetMessage                  = "GET /channels/{channel_id}/messages/{message_id}"
	RouteAddOwnReaction              = "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
	RouteDeleteOwnReaction           = "DELETE /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
	RouteInteractionCallback         = "POST /interactions/{interaction_id}/{interaction_token}/callback"
	RouteGetOriginalResponse         = "GET /webhooks/{application_id}/{interaction_token}/messages/@original"
	RouteEditOriginalResponse        = "PATCH /webhooks/{application_id}/{interaction_token}/messages/@original"
	RouteDeleteOriginalResponse      = "DELETE /webhooks/{application_id}/{interaction_token}/messages/@original"
	RouteCreateFollowup              = "POST /webhooks/{application_id}/{interaction_token}"
	RouteEditFollowup                = "PATCH /webhooks/{application_id}/{interaction_token}/messages/{message_id}"
	RouteDeleteFollowup              = "DELETE /webhooks/{application_id}/{interaction_token}/messages/{message_id}"
)

type route struct {
	name    string
	method  string
	segs    []string
	noAuth  bool // interaction and webhook routes authenticate by token in the path
	handler func(s *Server, x *exchange)
}

var routes = func() []*route {
	defs := []struct {
		name    string
		handler func(s *Server, x *exchange)
	}{
		{RouteGetGateway, (*Server).hGateway},
		{RouteGetGatewayBot, (*Server).hGatewayBot},
		{RouteGetCurrentUser, (*Server).hCurrentUser},
		{RouteCreateDM, (*Server).hCreateDM},
		{RouteGetCurrentApplication, (*Server).hApplication},
		{RouteGetOAuth2Application, (*Server).hApplication},
		{RouteGetGlobalCommands, (*Server).hGetCommands},
		{RouteBulkOverwriteGlobalCommands, (*Server).hBulkOverwrite},
		{RouteCreateGlobalCommand, (*Server).hCreateCommand},
		{RouteDeleteGlobalCommand, (*Server).hDeleteCommand},
		{RouteGetGuildCommands, (*Server).hGetCommands},
		{RouteBulkOverwriteGuildCommands, (*Server).hBulkOverwrite},
		{RouteCreateGuildCommand, (*Server).hCreateCommand},
		{RouteDeleteGuildCommand, (*Server).hDeleteCommand},
		{RouteCreateMessage, (*Server).hCreateMessage},
		{RouteEditMessage, (*Server).hEditMessage},
		{RouteDeleteMessage, (*Server).hDeleteMessage},
		{RouteTriggerTyping, (*Server).hNoContent},
		{RouteGetChannel, (*Server).hGetChannel},
		{RouteGetMessage, (*Server).hGetMessage},
		{RouteAddOwnReaction, (*Server).hNoContent},
		{RouteDeleteOwnReaction, (*Server).hNoContent},
		{RouteStartThreadFromMessage, (*Server).hStartThreadFromMessage},
		{RouteStartThread, (*Server).hStartThread},
		{RouteInteractionCallback, (*Server).hCallback},
		{RouteGetOriginalResponse, (*Server).hGetOriginal},
		{RouteEditOriginalResponse, (*Server).hEditWebhookMessage},
		{RouteDeleteOriginalResponse, (*Server).hDeleteWebhookMessage},
		{RouteCreateFollowup, (*Server).hFollowup},
		{RouteEditFollowup, (*Server).hEditWebhookMessage},
		{RouteDeleteFollowup, (*Server).hDeleteWebhookMessage},
	}
	out := make([]*route, 0, len(defs))
	for _, d := range defs {
		method, path, _ := strings.Cut(d.name, " ")
		out = append(out, &route{
			name:    d.name,
			method:  method,
			segs:    strings.Split(strings.Trim(path, "/"), "/"),
			noAuth:  strings.HasPrefix(path, "/interactions/") || strings.HasPrefix(path, "/webhooks/"),
			handler: d.handler,
		})
	}
	return out
}()

// match returns the route for method and path segments; pathOK reports
// whether some route matched the path with another method.
func match(method string, segs []string) (r *route, params map[string]string, pathOK bool) {
	for _, rt := range routes {
		p, ok := matchSegs(rt.segs, segs)
		if !ok {
			continue
		}
		if rt.method != method {
			pathOK = true
			continue
		}
		return rt, p, true
	}
	return nil, nil, pathOK
}

func matchSegs(tmpl, segs []string) (map[string]string, bool) {
	if len(tmpl) != len(segs) {
		return nil, false
	}
	params := map[string]string{}
	for i, t := range tmpl {
		if strings.HasPrefix(t, "{") {
			if segs[i] == "" || segs[i] == "@original" || segs[i] == "@me" {
				return nil, false
			}
			params[strings.Trim(t, "{}")] = segs[i]
			continue
		}
		if t != segs[i] {
			return nil, false
		}
	}
	return params, true
}

// exchange is one request being answered.
type exchange struct {
	rec     *Request
	params  map[string]string
	status  int
	resp    any // JSON-encoded unless nil
	headers http.Header
	msg     *SentMessage
	echo    json.RawMessage // dispatch to send if echo is on
	// echoEvent names echo: MESSAGE_CREATE, MESSAGE_UPDATE, MESSAGE_DELETE
	echoEvent string
	bucket    *bucketState // rate limit bucket counted, if any
}

func (x *exchange) reply(status int, body any) { x.status, x.resp = status, body }

// discordError answers with Discord's JSON error shape.
func (x *exchange) fail(status, code int, message string) {
	x.rec.Error = message
	x.reply(status, map[string]any{"message": message, "code": code})
}

// formError answers 400 Invalid Form Body with an error under field.
func (x *exchange) formError(field, errCode, message string) {
	x.rec.Error = "Invalid Form Body: " + field + ": " + message
	errs := map[string]any{"_errors": []any{map[string]any{"code": errCode, "message": message}}}
	parts := strings.Split(field, ".")
	for i := len(parts) - 1; i >= 0; i-- {
		errs = map[string]any{parts[i]: errs}
	}
	x.reply(http.StatusBadRequest, map[string]any{"message": "Invalid Form Body", "code": 50035, "errors": errs})
}

var apiPrefix = regexp.MustCompile(`^/api/v(\d+)(/.*)$`)

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	gateway := r.URL.Path == "/ws" || r.URL.Path == "/ws/"
	s.mu.Lock()
	down := s.outage
	if gateway {
		s.gatewayAttempts = append(s.gatewayAttempts, GatewayAttempt{Time: time.Now(), Refused: down})
		s.notifyLocked()
	}
	s.mu.Unlock()
	if down {
		// As Discord's edge does in an outage: 503 for everything.
		if !gateway {
			s.recordRefusedInOutage(r)
		}
		http.Error(w, "503 Service Unavailable", http.StatusServiceUnavailable)
		return
	}
	if gateway {
		s.serveGateway(w, r)
		return
	}
	rec := &Request{
		Time:          time.Now(),
		Method:        r.Method,
		Path:          r.URL.Path,
		Query:         r.URL.Query(),
		Authorization: r.Header.Get("Authorization"),
		Header:        r.Header.Clone(),
		ContentType:   r.Header.Get("Content-Type"),
	}
	x := &exchange{rec: rec, headers: http.Header{}}
	var rt *route
	if m := apiPrefix.FindStringSubmatch(r.URL.Path); m != nil {
		rec.APIVersion, rec.Path = m[1], m[2]
	}
	if err := s.readBody(r, rec); err != nil {
		x.fail(http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
	} else if rec.APIVersion == "" {
		rec.Unexpected = true
		x.fail(http.StatusNotFound, 0, "404: Not Found")
	} else {
		var pathOK bool
		rt, x.params, pathOK = match(r.Method, strings.Split(strings.Trim(rec.Path, "/"), "/"))
		switch {
		case rt == nil && pathOK:
			rec.Unexpected = true
			x.fail(http.StatusMethodNotAllowed, 0, "405: Method Not Allowed")
		case rt == nil:
			rec.Unexpected = true
			x.fail(http.StatusNotFound, 0, "404: Not Found")
		default:
			rec.Route, rec.Params = rt.name, x.params
		}
	}

	var fault *Fault
	if rec.Status == 0 && x.status == 0 {
		fault = s.takeFault(rec.Route)
	}
	if fault != nil && (fault.Delay > 0 || fault.Release != nil) {
		var delay <-chan time.Time
		if fault.Delay > 0 {
			delay = time.After(fault.Delay)
		}
		select {
		case <-delay:
		case <-fault.Release:
		case <-r.Context().Done():
		case <-s.done:
		}
	}

	s.mu.Lock()
	limited := false
	switch {
	case x.status != 0:
	case fault != nil && fault.Status != 0:
		rec.Fault = true
		s.faultResponse(x, *fault)
	case s.overLimitLocked(x, rt):
		limited = true
	case !rt.noAuth && (rec.Authorization != "Bot "+s.cfg.token || s.revoked):
		x.fail(http.StatusUnauthorized, 0, "401: Unauthorized")
	default:
		rt.handler(s, x)
	}
	if x.status == 0 {
		x.status = http.StatusOK
	}
	s.reqSeq++
	rec.Seq = s.reqSeq
	rec.Status = x.status
	s.recordLocked(rec)
	if x.msg != nil && x.status < 300 {
		x.msg.Request = *rec
		if s.cfg.onMessage != nil {
			s.cfg.onMessage(*x.msg)
		}
		s.messages = append(s.messages, *x.msg)
		s.msgTotal++
		if n := s.cfg.recordLimit; n > 0 && len(s.messages) > 2*n {
			s.messages = append(s.messages[:0:0], s.messages[len(s.messages)-n:]...)
		}
	}
	if x.echo != nil && s.everReady {
		s.dispatchAllLocked(x.echoEvent, x.echo)
	}
	if rt != nil && !rec.Fault && !limited {
		s.rateLimitHeaders(x, rt.name)
	}
	s.notifyLocked()
	s.mu.Unlock()
	s.logf("%s", rec.String())

	for k, v := range x.headers {
		w.Header()[k] = v
	}
	if x.status == http.StatusNoContent || x.resp == nil {
		w.WriteHeader(x.status)
		return
	}
	var body []byte
	switch v := x.resp.(type) {
	case rawBody:
		body = v
	default:
		body = mustJSON(x.resp)
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(x.status)
	_, _ = w.Write(body)
}

// recordLocked keeps rec (the last recordLimit requests, if set) and counts
// it under its route.
func (s *Server) recordLocked(rec *Request) {
	s.requests = append(s.requests, rec)
	s.routeTotals[rec.Route]++
	if n := s.cfg.recordLimit; n > 0 && len(s.requests) > 2*n {
		s.requests = append(s.requests[:0:0], s.requests[len(s.requests)-n:]...)
	}
}

// rawBody is a non-JSON response body.
type rawBody []byte

// rateLimitHeaders sets X-RateLimit-* headers on a normal answer: the real
// state of a bucket configured with SetRateLimit, else a generous one.
func (s *Server) rateLimitHeaders(x *exchange, routeName string) {
	limit, remaining, resetAfter := 50, 49, time.Second
	if b := x.bucket; b != nil {
		limit, remaining, resetAfter = b.limit, b.limit-b.used, time.Until(b.resetAt)
	}
	h := fnv.New64a()
	_, _ = h.Write([]byte(routeName))
	x.headers.Set("X-RateLimit-Bucket", fmt.Sprintf("%016x", h.Sum64()))
	x.headers.Set("X-RateLimit-Limit", strconv.Itoa(limit))
	x.headers.Set("X-RateLimit-Remaining", strconv.Itoa(remaining))
	x.headers.Set("X-RateLimit-Reset", fmt.Sprintf("%.3f", float64(time.Now().Add(resetAfter).UnixMilli())/1000))
	x.headers.Set("X-RateLimit-Reset-After", secondsUp(resetAfter))
}

// secondsUp formats d in seconds with millisecond precision, rounded up so
// that a client never wakes before the fake's bucket resets.
func secondsUp(d time.Duration) string {
	return fmt.Sprintf("%.3f", math.Ceil(float64(d)/float64(time.Millisecond))/1000)
}

type rateLimit struct {
	limit  int
	window time.Duration
}

type bucketState struct {
	limit   int
	used    int
	resetAt time.Time
}

// SetRateLimit makes the fake enforce a Discord-like bucket on route: at
// most limit requests per window for each value of the route's major
// parameter (channel_id, guild_id, interaction or webhook token; the whole
// route if it has none). Answers carry accurate X-RateLimit-Remaining and
// X-RateLimit-Reset-After headers, which discordgo uses to wait before the
// bucket is exhausted; a request over the limit gets a 429 (recorded, and
// listed by Rejected). limit 0 removes the rule.
func (s *Server) SetRateLimit(route string, limit int, window time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.limits == nil {
		s.limits = map[string]rateLimit{}
		s.buckets = map[string]*bucketState{}
	}
	if limit <= 0 {
		delete(s.limits, route)
		return
	}
	s.limits[route] = rateLimit{limit: limit, window: window}
}

// overLimitLocked counts the request against its bucket and answers 429 if
// the bucket is exhausted.
func (s *Server) overLimitLocked(x *exchange, rt *route) bool {
	rl, ok := s.limits[rt.name]
	if !ok {
		return false
	}
	key := rt.name
	for _, p := range []string{"channel_id", "guild_id", "interaction_token", "interaction_id"} {
		if v := x.params[p]; v != "" {
			key += "|" + v
			break
		}
	}
	now := time.Now()
	b := s.buckets[key]
	if b == nil || !now.Before(b.resetAt) {
		b = &bucketState{limit: rl.limit, resetAt: now.Add(rl.window)}
		s.buckets[key] = b
	}
	if b.used >= b.limit {
		s.faultResponse(x, Fault{Status: http.StatusTooManyRequests, RetryAfter: b.resetAt.Sub(now)})
		x.headers.Set("X-RateLimit-Limit", strconv.Itoa(b.limit))
		return true
	}
	b.used++
	x.bucket = b
	return false
}

func (s *Server) readBody(r *http.Request, rec *Request) error {
	data, err := io.ReadAll(io.LimitReader(r.Body, 32<<20))
	if err != nil {
		return err
	}
	if len(data) == 0 {
		return nil
	}
	mt, params, _ := mime.ParseMediaType(rec.ContentType)
	if mt == "multipart/form-data" {
		mr := multipart.NewReader(bytes.NewReader(data), params["boundary"])
		for {
			p, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				return err
			}
			b, err := io.ReadAll(p)
			if err != nil {
				return err
			}
			if p.FormName() == "payload_json" {
				rec.Body = b
				continue
			}
			rec.Files = append(rec.Files, File{Field: p.FormName(), Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: b})
		}
	} else {
		rec.Body = data
	}
	if len(rec.Body) > 0 {
		return json.Unmarshal(rec.Body, &rec.JSON)
	}
	return nil
}

// recordRefusedInOutage records a REST request answered 503 by an outage.
func (s *Server) recordRefusedInOutage(r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqSeq++
	path := r.URL.Path
	if m := apiPrefix.FindStringSubmatch(path); m != nil {
		path = m[2]
	}
	s.recordLocked(&Request{Seq: s.reqSeq, Time: time.Now(), Method: r.Method, Path: path, Status: http.StatusServiceUnavailable,
		Fault: true, Error: "outage"})
	s.notifyLocked()
}

func (s *Server) recordRefused(req *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqSeq++
	s.recordLocked(&Request{
		Seq: s.reqSeq, Time: time.Now(), Method: req.Method, Path: req.URL.Redacted(),
		Query: req.URL.Query(), Header: req.Header.Clone(), Unexpected: true,
		Authorization: req.Header.Get("Authorization"),
		Error:         "refused by Transport: not a Discord host",
	})
	s.notifyLocked()
}

// ---- faults ----

// Fault is an injected failure for InjectFault.
type Fault struct {
	// Status is the HTTP status to answer (429, 500, 502, 503, 400...). Zero
	// with a Delay means: wait, then answer normally.
	Status int
	// RetryAfter is sent for 429s: body retry_after (seconds, float),
	// Retry-After header (whole seconds, rounded up) and
	// X-RateLimit-Reset-After. Default 100 ms.
	RetryAfter time.Duration
	// Global marks a 429 as a global rate limit (body "global": true,
	// X-RateLimit-Global and X-RateLimit-Scope: global).
	Global bool
	// Message overrides the JSON error message.
	Message string
	// Delay holds the answer back (e.g. to test client timeouts or slow
	// Discord); the wait ends early if the client gives up.
	Delay time.Duration
	// Release, when set, holds the answer back until it is closed (as Delay
	// does, but until the test says so, however busy the machine).
	Release <-chan struct{}
}

type faultRule struct {
	route string
	left  int
	f     Fault
}

// InjectFault makes the next n requests to route (a Route constant; "" for
// any request) be answered with f instead of being processed; the faulted
// requests are recorded with Fault set and produce no SentMessage. Rules
// are consumed in the order they were added.
func (s *Server) InjectFault(route string, n int, f Fault) {
	if f.Status == http.StatusTooManyRequests && f.RetryAfter == 0 {
		f.RetryAfter = 100 * time.Millisecond
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &faultRule{route: route, left: n, f: f})
}

// FailNext answers the next n requests to route with status (429 with
// Retry-After retryAfter, or 5xx...). It is InjectFault with a bucket
// (non-global) fault.
func (s *Server) FailNext(route string, n, status int, retryAfter time.Duration) {
	s.InjectFault(route, n, Fault{Status: status, RetryAfter: retryAfter})
}

// ClearFaults removes every pending fault.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = nil
}

func (s *Server) takeFault(routeName string) *Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, fr := range s.faults {
		if fr.route != "" && fr.route != routeName {
			continue
		}
		f := fr.f
		fr.left--
		if fr.left <= 0 {
			s.faults = append(s.faults[:i:i], s.faults[i+1:]...)
		}
		return &f
	}
	return nil
}

func (s *Server) faultResponse(x *exchange, f Fault) {
	msg := f.Message
	if f.Status == http.StatusTooManyRequests {
		if msg == "" {
			msg = "You are being rate limited."
		}
		secs := f.RetryAfter.Seconds()
		h := fnv.New64a()
		_, _ = h.Write([]byte(x.rec.Route))
		x.headers.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
		x.headers.Set("X-RateLimit-Limit", "5")
		x.headers.Set("X-RateLimit-Remaining", "0")
		x.headers.Set("X-RateLimit-Reset", fmt.Sprintf("%.3f", float64(time.Now().Add(f.RetryAfter).UnixMilli())/1000))
		x.headers.Set("X-RateLimit-Reset-After", secondsUp(f.RetryAfter))
		x.headers.Set("X-RateLimit-Bucket", fmt.Sprintf("%016x", h.Sum64()))
		if f.Global {
			x.headers.Set("X-RateLimit-Global", "true")
			x.headers.Set("X-RateLimit-Scope", "global")
		} else {
			x.headers.Set("X-RateLimit-Scope", "user")
		}
		x.rec.Error = msg
		x.reply(f.Status, map[string]any{"message": msg, "retry_after": math.Ceil(secs*1000) / 1000, "global": f.Global, "code": 0})
		return
	}
	if msg == "" {
		msg = fmt.Sprintf("%d: %s", f.Status, http.StatusText(f.Status))
	}
	x.fail(f.Status, 0, msg)
}

// ---- handlers (called with s.mu held) ----

func (s *Server) hGateway(x *exchange) { x.reply(200, map[string]any{"url": s.GatewayURL()}) }

func (s *Server) hGatewayBot(x *exchange) {
	x.reply(200, map[string]any{
		"url":    s.GatewayURL(),
		"shards": s.cfg.shards,
		"session_start_limit": map[string]any{
			"total": 1000, "remaining": 999, "reset_after": 86400000, "max_concurrency": s.cfg.maxConcurrency,
		},
	})
}

func (s *Server) hCurrentUser(x *exchange) { x.reply(200, userJSON(s.BotUser())) }

func (s *Server) hApplication(x *exchange) {
	x.reply(200, map[string]any{
		"id": s.cfg.appID, "name": s.cfg.botName, "description": "", "icon": nil,
		"bot_public": true, "bot_require_code_grant": false, "flags": 0,
		"bot": userJSON(s.BotUser()),
	})
}

func (s *Server) hCreateDM(x *exchange) {
	var b struct {
		RecipientID string `json:"recipient_id"`
	}
	if x.rec.Decode(&b) != nil || b.RecipientID == "" {
		x.formError("recipient_id", "BASE_TYPE_REQUIRED", "This field is required")
		return
	}
	id, ok := s.dmChannels[b.RecipientID]
	if !ok {
		id = s.NewID()
		s.dmChannels[b.RecipientID] = id
	}
	s.channelGuild[id] = ""
	x.reply(200, map[string]any{
		"id": id, "type": 1, "last_message_id": nil, "flags": 0,
		"recipients": []any{map[string]any{"id": b.RecipientID, "username": "user" + b.RecipientID, "discriminator": "0", "avatar": nil}},
	})
}

func (s *Server) hNoContent(x *exchange) { x.reply(http.StatusNoContent, nil) }

// hGetChannel answers for channels the fake knows: the defaults, DM
// channels it created, and channels seen in dispatched payloads.
func (s *Server) hGetChannel(x *exchange) {
	id := x.params["channel_id"]
	g, ok := s.channelGuild[id]
	if !ok {
		x.fail(http.StatusNotFound, 10003, "Unknown Channel")
		return
	}
	if g == "" {
		x.reply(200, map[string]any{"id": id, "type": 1, "last_message_id": nil, "flags": 0, "recipients": []any{}})
		return
	}
	if th := s.threads[id]; th != nil {
		x.reply(200, s.threadJSON(th))
		return
	}
	x.reply(200, map[string]any{"id": id, "type": 0, "guild_id": g, "name": "channel-" + id, "position": 0,
		"permission_overwrites": []any{}, "nsfw": false, "topic": nil, "last_message_id": nil})
}

// AddThread makes the fake know a public thread (type 11) of parentID in
// guildID: GET /channels/{threadID} answers with its parent_id, as Discord
// does. Messages and commands in the thread carry threadID as their
// channel_id.
func (s *Server) AddThread(threadID, parentID, guildID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.addThreadLocked(&Thread{ID: threadID, ParentID: parentID, GuildID: guildID, Name: "thread-" + threadID,
		Type: discordgo.ChannelTypeGuildPublicThread, OwnerID: DefaultUserID, AutoArchive: 1440, Created: time.Now()})
}

// hGetMessage answers with the current state of a message the bot sent.
func (s *Server) hGetMessage(x *exchange) {
	if m, ok := s.sentMessageJSON(x.params["channel_id"], x.params["message_id"]); ok {
		x.reply(200, m)
		return
	}
	x.fail(http.StatusNotFound, 10008, "Unknown Message")
}

// channelMessageLocked returns the bot's message id in channel ch as
// Discord lets it be read or edited through the channel routes: not
// deleted, not ephemeral.
func (s *Server) channelMessageLocked(ch, id string) *MessageState {
	m := s.store[id]
	if m == nil || m.Deleted || m.ChannelID != ch || m.Ephemeral() {
		return nil
	}
	return m
}

// sentMessageJSON returns a message the bot sent, as Discord shows it now,
// and whether there is one with that id in that channel. s.mu must be held.
func (s *Server) sentMessageJSON(ch, id string) (map[string]any, bool) {
	if m := s.channelMessageLocked(ch, id); m != nil {
		return s.stateJSON(m), true
	}
	return nil, false
}

// messageBody is the JSON body of message create/edit, interaction
// callback data, webhook execute and webhook edit.
type messageBody struct {
	Content         *string                           `json:"content"`
	TTS             bool                              `json:"tts"`
	Embeds          []*discordgo.MessageEmbed         `json:"embeds"`
	Components      []json.RawMessage                 `json:"components"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	Reference       *discordgo.MessageReference       `json:"message_reference"`
	StickerIDs      []string                          `json:"sticker_ids"`
	Flags           discordgo.MessageFlags            `json:"flags"`
	Poll            json.RawMessage                   `json:"poll"`
	// Attachments is nil when absent or null, else the list sent (ids of
	// attachments to keep, or files[n] indexes).
	Attachments *[]json.RawMessage `json:"attachments"`
	// Nonce is a string or an integer; EnforceNonce asks Discord to create
	// one message per nonce and author (see Server.enforceNonceLocked).
	Nonce        json.RawMessage `json:"nonce"`
	EnforceNonce bool            `json:"enforce_nonce"`

	present map[string]bool // top-level fields present in the body
}

// has reports whether field was present in the body (null included).
func (b *messageBody) has(field string) bool { return b.present[field] }

func (b *messageBody) content() string {
	if b.Content == nil {
		return ""
	}
	return *b.Content
}

// validate applies Discord's basic message rules; it reports false after
// answering with an error.
func (b *messageBody) validate(x *exchange, create bool, files int) bool {
	if create && strings.TrimSpace(b.content()) == "" && len(b.Embeds) == 0 && files == 0 &&
		len(b.Components) == 0 && len(b.StickerIDs) == 0 && len(b.Poll) == 0 {
		x.fail(http.StatusBadRequest, 50006, "Cannot send an empty message")
		return false
	}
	if utf8.RuneCountInString(b.content()) > 2000 {
		x.formError("content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length.")
		return false
	}
	if len(b.Embeds) > 10 {
		x.formError("embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
		return false
	}
	if files > 10 {
		x.formError("files", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
		return false
	}
	return validateComponents(x, b.Components, b.Flags)
}

// maxNonce is Discord's limit on a nonce written as a string.
const maxNonce = 25

// nonce returns the body's nonce as text ("" when none); it reports false
// after answering 400 for a nonce Discord refuses (over 25 characters,
// neither a string nor an integer).
func (b *messageBody) nonce(x *exchange) (string, bool) {
	raw := strings.TrimSpace(string(b.Nonce))
	if raw == "" || raw == "null" {
		return "", true
	}
	var text string
	if err := json.Unmarshal(b.Nonce, &text); err == nil {
		if utf8.RuneCountInString(text) > maxNonce {
			x.formError("nonce", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
			return "", false
		}
		return text, true
	}
	var n json.Number
	if err := json.Unmarshal(b.Nonce, &n); err == nil {
		if _, err := n.Int64(); err == nil {
			return n.String(), true
		}
	}
	x.formError("nonce", "NONCE_TYPE_INVALID", "Nonce must be an integer or a string.")
	return "", false
}

// nonceEntry is a message created with an enforced nonce, and when.
type nonceEntry struct {
	id, channel string
	at          time.Time
}

// rememberNonceLocked keeps an enforced nonce for the nonce window. With
// WithRecordLimit, only the last max(2n, 4096) are kept, as the other
// records are, so that a soak test measures the bot's memory.
func (s *Server) rememberNonceLocked(key string, e nonceEntry) {
	s.nonces[key] = e
	s.nonceOrder = append(s.nonceOrder, key)
	keep := 2 * max(s.cfg.recordLimit, 2048)
	if s.cfg.recordLimit <= 0 || len(s.nonceOrder) <= 2*keep {
		return
	}
	for _, k := range s.nonceOrder[:len(s.nonceOrder)-keep] {
		delete(s.nonces, k)
	}
	s.nonceOrder = append(s.nonceOrder[:0:0], s.nonceOrder[len(s.nonceOrder)-keep:]...)
}

// ReusedNonces returns how many message creates named an enforced nonce
// already used within the nonce window, and so were answered with the first
// message, creating nothing (Request.NonceReused marks them).
func (s *Server) ReusedNonces() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reusedNonces
}

// decodeBody decodes a message body from data, noting which fields are
// present; it reports false after answering 400.
func decodeBody(x *exchange, data []byte, b *messageBody) bool {
	if len(data) == 0 || string(data) == "null" {
		return true
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		x.fail(http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return false
	}
	if err := json.Unmarshal(data, b); err != nil {
		x.fail(http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return false
	}
	b.present = map[string]bool{}
	for k := range fields {
		b.present[k] = true
	}
	return true
}

func (s *Server) decodeMessage(x *exchange) (*messageBody, bool) {
	var b messageBody
	if !decodeBody(x, x.rec.Body, &b) {
		return nil, false
	}
	return &b, true
}

func (s *Server) sentMessage(kind MessageKind, id, channelID string, b *messageBody, files []File) *SentMessage {
	return &SentMessage{
		Kind: kind, ID: id, ChannelID: channelID, GuildID: s.channelGuild[channelID],
		Content: b.content(), ContentSet: b.Content != nil, Flags: b.Flags, Embeds: b.Embeds,
		Components: b.Components, AllowedMentions: b.AllowedMentions, Reference: b.Reference, Files: files,
	}
}

// messageJSON is the message object the fake answers for a message it does
// not keep (an edit of a message id a test made up for a component).
func (s *Server) messageJSON(id, channelID string, b *messageBody, files []File, webhookID string, typ int) map[string]any {
	m := &MessageState{ID: id, ChannelID: channelID, GuildID: s.channelGuild[channelID], WebhookID: webhookID, Type: typ,
		Content: b.content(), Embeds: b.Embeds, Components: b.Components, Flags: b.Flags, Reference: b.Reference,
		Attachments: s.newAttachments(channelID, files), Created: time.Now()}
	return s.stateJSON(m)
}

func (s *Server) hCreateMessage(x *exchange) {
	b, ok := s.decodeMessage(x)
	if !ok || !b.validate(x, true, len(x.rec.Files)) {
		return
	}
	nonce, ok := b.nonce(x)
	if !ok {
		return
	}
	ch := x.params["channel_id"]
	key := ""
	if nonce != "" && b.EnforceNonce {
		// Only the bot creates messages over REST here: the author is it.
		key = s.cfg.botID + "/" + nonce
		if e, seen := s.nonces[key]; seen && time.Since(e.at) < s.cfg.nonceWindow {
			// Discord creates nothing and returns the first message.
			s.reusedNonces++
			x.rec.NonceReused = true
			msg := map[string]any{"id": e.id, "channel_id": e.channel, "nonce": nonce}
			if m := s.store[e.id]; m != nil {
				msg = s.stateJSON(m)
			}
			x.reply(200, msg)
			return
		}
	}
	m := s.createStateLocked(s.NewID(), ch, s.channelGuild[ch], 0, b, x.rec.Files)
	msg := s.stateJSON(m)
	if key != "" {
		s.rememberNonceLocked(key, nonceEntry{id: m.ID, channel: ch, at: time.Now()})
	}
	x.msg = s.sentMessage(KindChannelMessage, m.ID, ch, b, x.rec.Files)
	if s.cfg.echo {
		x.echo, x.echoEvent = mustJSON(msg), "MESSAGE_CREATE"
	}
	x.reply(200, msg)
}

func (s *Server) hEditMessage(x *exchange) {
	b, ok := s.decodeMessage(x)
	if !ok || !b.validate(x, false, len(x.rec.Files)) {
		return
	}
	ch, id := x.params["channel_id"], x.params["message_id"]
	m := s.channelMessageLocked(ch, id)
	if m == nil {
		x.fail(http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	if s.editLimitedLocked(x, id) || !s.applyEditLocked(x, m, b, x.rec.Files, x.rec.APIVersion) {
		return
	}
	s.recordEditLocked(m, RouteEditMessage)
	msg := s.stateJSON(m)
	x.msg = s.sentMessage(KindMessageEdit, id, ch, b, x.rec.Files)
	if s.cfg.echo {
		x.echo, x.echoEvent = mustJSON(msg), "MESSAGE_UPDATE"
	}
	x.reply(200, msg)
}

func (s *Server) hDeleteMessage(x *exchange) {
	ch, id := x.params["channel_id"], x.params["message_id"]
	if m := s.store[id]; m != nil {
		if s.channelMessageLocked(ch, id) == nil {
			x.fail(http.StatusNotFound, 10008, "Unknown Message")
			return
		}
		m.Deleted = true
		if s.cfg.echo {
			d := map[string]any{"id": id, "channel_id": ch}
			if m.GuildID != "" {
				d["guild_id"] = m.GuildID
			}
			x.echo, x.echoEvent = mustJSON(d), "MESSAGE_DELETE"
		}
	}
	// A message the fake does not keep (a member's) is deleted as asked.
	x.reply(http.StatusNoContent, nil)
}

// interactionState tracks an interaction dispatched through the fake.
type interactionState struct {
	id, token, appID, channelID, guildID string
	typ                                  int
	created                              time.Time
	acked                                bool
	ackType                              discordgo.InteractionResponseType
	originalID                           string
	messageID                            string          // message carrying the component, for type 3 (and 5 from a component)
	user                                 json.RawMessage // the user who acted (member.user or user)
	submitted                            bool            // a modal answered to it was submitted
}

func (s *Server) hCallback(x *exchange) {
	st := s.interactions[x.params["interaction_id"]]
	if st == nil || st.token != x.params["interaction_token"] ||
		(s.cfg.interactionTTL > 0 && time.Since(st.created) > s.cfg.interactionTTL) {
		x.fail(http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	if st.acked {
		x.fail(http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	var cb struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := x.rec.Decode(&cb); err != nil {
		x.fail(http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	if s.answerLocked(x, st, cb.Type, cb.Data, x.rec.Files, RouteInteractionCallback) {
		x.reply(http.StatusNoContent, nil)
	}
}

// responseAllowed reports whether callback type typ may answer an
// interaction like st, as Discord decides: messages (4, 5) and modals (9)
// for commands and components, updates of the message (6, 7) for
// components and for modals opened from one, choices (8) for autocomplete.
func responseAllowed(st *interactionState, typ discordgo.InteractionResponseType) bool {
	switch discordgo.InteractionType(st.typ) {
	case discordgo.InteractionApplicationCommand:
		return typ == 4 || typ == 5 || typ == 9
	case discordgo.InteractionMessageComponent:
		return typ == 4 || typ == 5 || typ == 6 || typ == 7 || typ == 9
	case discordgo.InteractionApplicationCommandAutocomplete:
		return typ == 8
	case discordgo.InteractionModalSubmit:
		return typ == 4 || typ == 5 || ((typ == 6 || typ == 7) && st.messageID != "")
	}
	return true
}

// answerLocked takes a response of type typ with data (and files) to st, as
// Discord does; route is how it came (RouteInteractionCallback or
// RouteEndpointAnswer). It reports false after answering an error.
func (s *Server) answerLocked(x *exchange, st *interactionState, typ discordgo.InteractionResponseType, data json.RawMessage, files []File, route string) bool {
	b := &messageBody{}
	if !decodeBody(x, data, b) {
		return false
	}
	switch typ {
	case discordgo.InteractionResponseChannelMessageWithSource:
		if !b.validate(x, true, len(files)) {
			return false
		}
	case discordgo.InteractionResponseUpdateMessage:
		if !b.validate(x, false, len(files)) {
			return false
		}
	case discordgo.InteractionResponseDeferredChannelMessageWithSource, discordgo.InteractionResponseDeferredMessageUpdate,
		discordgo.InteractionApplicationCommandAutocompleteResult, discordgo.InteractionResponseModal:
	default:
		x.formError("type", "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of {4, 5, 6, 7, 8, 9}, got %d.", typ))
		return false
	}
	if !responseAllowed(st, typ) {
		x.formError("type", "INTERACTION_RESPONSE_TYPE_INVALID",
			fmt.Sprintf("Interaction response type %d is not valid for an interaction of type %d.", typ, st.typ))
		return false
	}
	var modal *Modal
	if typ == discordgo.InteractionResponseModal {
		if modal = s.parseModal(x, st, data); modal == nil {
			return false
		}
	}
	if typ == discordgo.InteractionResponseUpdateMessage {
		if m := s.store[st.messageID]; m != nil && !m.Deleted {
			if !s.applyEditLocked(x, m, b, files, x.rec.APIVersion) {
				return false
			}
			s.recordEditLocked(m, route)
		}
	}
	st.acked, st.ackType = true, typ
	switch typ {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		st.originalID = s.NewID()
		msgType := 0
		if st.typ == int(discordgo.InteractionApplicationCommand) {
			msgType = 20
		}
		mb := *b
		if typ == discordgo.InteractionResponseDeferredChannelMessageWithSource {
			mb = messageBody{Flags: b.Flags&discordgo.MessageFlagsEphemeral | loadingFlag}
			files = nil
		}
		m := s.createStateLocked(st.originalID, st.channelID, st.guildID, msgType, &mb, files)
		m.WebhookID, m.InteractionID, m.token = s.cfg.appID, st.id, st.token
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		st.originalID = st.messageID
	case discordgo.InteractionResponseModal:
		s.modals = append(s.modals, *modal)
		if n := s.cfg.recordLimit; n > 0 && len(s.modals) > 2*n {
			s.modals = append(s.modals[:0:0], s.modals[len(s.modals)-n:]...)
		}
	}
	m := s.sentMessage(KindInteractionResponse, st.originalID, st.channelID, b, files)
	if typ == discordgo.InteractionResponseModal {
		m.ID = ""
	}
	m.GuildID = st.guildID
	m.InteractionID, m.InteractionToken, m.ResponseType = st.id, st.token, typ
	x.msg = m
	return true
}

// webhookInteraction resolves {application_id}/{interaction_token}.
func (s *Server) webhookInteraction(x *exchange) *interactionState {
	st := s.byToken[x.params["interaction_token"]]
	if st == nil || x.params["application_id"] != s.cfg.appID {
		x.fail(http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	return st
}

func (s *Server) hGetOriginal(x *exchange) {
	st := s.webhookInteraction(x)
	if st == nil {
		return
	}
	if st.originalID == "" {
		x.fail(http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	if m := s.store[st.originalID]; m != nil {
		if m.Deleted {
			x.fail(http.StatusNotFound, 10008, "Unknown Message")
			return
		}
		x.reply(200, s.stateJSON(m))
		return
	}
	x.reply(200, s.messageJSON(st.originalID, st.channelID, &messageBody{}, nil, s.cfg.appID, 20))
}

// webhookMessageLocked finds the message a webhook route of st names: the
// original response (which, for a component, is the message pressed) or a
// followup of the same interaction. known is false for an original the
// fake does not keep (a message id a test made up for a component).
func (s *Server) webhookMessageLocked(x *exchange, st *interactionState) (id string, m *MessageState, known bool) {
	id = x.params["message_id"]
	original := strings.HasSuffix(x.rec.Path, "/@original")
	if original {
		id = st.originalID
		if id == "" {
			x.fail(http.StatusNotFound, 10008, "Unknown Message")
			return "", nil, false
		}
	}
	m = s.store[id]
	switch {
	case m == nil && original:
		return id, nil, false
	case m == nil || m.Deleted || (!original && m.token != st.token):
		x.fail(http.StatusNotFound, 10008, "Unknown Message")
		return "", nil, false
	}
	return id, m, true
}

func (s *Server) hEditWebhookMessage(x *exchange) {
	st := s.webhookInteraction(x)
	if st == nil {
		return
	}
	kind, route := KindFollowupEdit, RouteEditFollowup
	if strings.HasSuffix(x.rec.Path, "/@original") {
		kind, route = KindOriginalEdit, RouteEditOriginalResponse
	}
	b, ok := s.decodeMessage(x)
	if !ok || !b.validate(x, false, len(x.rec.Files)) {
		return
	}
	id, m, known := s.webhookMessageLocked(x, st)
	if id == "" {
		return
	}
	var msg map[string]any
	if known {
		if s.editLimitedLocked(x, id) || !s.applyEditLocked(x, m, b, x.rec.Files, x.rec.APIVersion) {
			return
		}
		s.recordEditLocked(m, route)
		msg = s.stateJSON(m)
	} else {
		msg = s.messageJSON(id, st.channelID, b, x.rec.Files, s.cfg.appID, 20)
		msg["edited_timestamp"] = time.Now().UTC().Format(time.RFC3339Nano)
	}
	sm := s.sentMessage(kind, id, st.channelID, b, x.rec.Files)
	sm.GuildID = st.guildID
	sm.InteractionID, sm.InteractionToken = st.id, st.token
	x.msg = sm
	x.reply(200, msg)
}

func (s *Server) hDeleteWebhookMessage(x *exchange) {
	st := s.webhookInteraction(x)
	if st == nil {
		return
	}
	id, m, known := s.webhookMessageLocked(x, st)
	if id == "" {
		return
	}
	if known {
		m.Deleted = true
	}
	if strings.HasSuffix(x.rec.Path, "/@original") {
		st.originalID = ""
	}
	x.reply(http.StatusNoContent, nil)
}

func (s *Server) hFollowup(x *exchange) {
	st := s.webhookInteraction(x)
	if st == nil {
		return
	}
	if !st.acked {
		x.fail(http.StatusNotFound, 10015, "Unknown Webhook")
		return
	}
	b, ok := s.decodeMessage(x)
	if !ok || !b.validate(x, true, len(x.rec.Files)) {
		return
	}
	m := s.createStateLocked(s.NewID(), st.channelID, st.guildID, 0, b, x.rec.Files)
	m.WebhookID, m.InteractionID, m.token = s.cfg.appID, st.id, st.token
	sm := s.sentMessage(KindFollowup, m.ID, st.channelID, b, x.rec.Files)
	sm.GuildID = st.guildID
	sm.InteractionID, sm.InteractionToken = st.id, st.token
	x.msg = sm
	if x.rec.Query.Get("wait") == "true" {
		x.reply(200, s.stateJSON(m))
		return
	}
	x.reply(http.StatusNoContent, nil)
}

// ---- application commands ----

var commandName = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

func (s *Server) commandScope(x *exchange) (string, bool) {
	if x.params["application_id"] != s.cfg.appID {
		x.fail(http.StatusForbidden, 50001, "Missing Access")
		return "", false
	}
	return x.params["guild_id"], true
}

func (s *Server) hGetCommands(x *exchange) {
	g, ok := s.commandScope(x)
	if !ok {
		return
	}
	cmds := s.commands[g]
	if cmds == nil {
		cmds = []*discordgo.ApplicationCommand{}
	}
	x.reply(200, cmds)
}

// validateCommand checks Discord's rules for a command; field is the form
// path prefix for errors.
func validateCommand(x *exchange, c *discordgo.ApplicationCommand, field string) bool {
	if c.Type == 0 {
		c.Type = discordgo.ChatApplicationCommand
	}
	if !commandName.MatchString(c.Name) || (c.Type == discordgo.ChatApplicationCommand && strings.ToLower(c.Name) != c.Name) {
		x.formError(field+"name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
		return false
	}
	if c.Type == discordgo.ChatApplicationCommand {
		if n := utf8.RuneCountInString(c.Description); n < 1 || n > 100 {
			x.formError(field+"description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
			return false
		}
	}
	return validateOptions(x, c.Options, field+"options.")
}

func validateOptions(x *exchange, opts []*discordgo.ApplicationCommandOption, field string) bool {
	if len(opts) > 25 {
		x.formError(strings.TrimSuffix(field, "."), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		return false
	}
	seen := map[string]bool{}
	optional := false
	subs := 0
	for _, o := range opts {
		if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
			subs++
		}
	}
	if subs > 0 && subs < len(opts) {
		// Discord: a command (or group) has either subcommands or options.
		x.formError(strings.TrimSuffix(field, "."), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
			"Sub-command and sub-command group option types are mutually exclusive to all other types")
		return false
	}
	for i, o := range opts {
		f := fmt.Sprintf("%s%d.", field, i)
		if !commandName.MatchString(o.Name) || strings.ToLower(o.Name) != o.Name || seen[o.Name] {
			x.formError(f+"name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
			return false
		}
		seen[o.Name] = true
		if n := utf8.RuneCountInString(o.Description); n < 1 || n > 100 {
			x.formError(f+"description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
			return false
		}
		if o.Type != discordgo.ApplicationCommandOptionSubCommand && o.Type != discordgo.ApplicationCommandOptionSubCommandGroup {
			if o.Required && optional {
				x.formError(f+"required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options")
				return false
			}
			if !o.Required {
				optional = true
			}
		}
		if len(o.Choices) > 25 {
			x.formError(f+"choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
			return false
		}
		if !validateOptions(x, o.Options, f+"options.") {
			return false
		}
	}
	return true
}

func (s *Server) storeCommandLocked(guildID string, c *discordgo.ApplicationCommand, old []*discordgo.ApplicationCommand) {
	c.ID = ""
	for _, o := range old {
		if o.Name == c.Name && o.Type == c.Type {
			c.ID = o.ID
		}
	}
	if c.ID == "" {
		c.ID = s.NewID()
	}
	c.ApplicationID = s.cfg.appID
	c.GuildID = guildID
	c.Version = s.NewID()
}

func (s *Server) hBulkOverwrite(x *exchange) {
	g, ok := s.commandScope(x)
	if !ok {
		return
	}
	var cmds []*discordgo.ApplicationCommand
	if err := x.rec.Decode(&cmds); err != nil {
		x.fail(http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return
	}
	if len(cmds) > 100 {
		x.formError("_", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
		return
	}
	names := map[string]bool{}
	for i, c := range cmds {
		if c == nil || !validateCommand(x, c, fmt.Sprintf("%d.", i)) {
			if c == nil {
				x.formError(strconv.Itoa(i), "MODEL_TYPE_REQUIRED", "This field is required")
			}
			return
		}
		key := fmt.Sprintf("%d/%s", c.Type, c.Name)
		if names[key] {
			x.formError(fmt.Sprintf("%d.name", i), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
			return
		}
		names[key] = true
	}
	old := s.commands[g]
	for _, c := range cmds {
		s.storeCommandLocked(g, c, old)
	}
	if cmds == nil {
		cmds = []*discordgo.ApplicationCommand{}
	}
	s.commands[g] = cmds
	x.reply(200, cmds)
}

func (s *Server) hCreateCommand(x *exchange) {
	g, ok := s.commandScope(x)
	if !ok {
		return
	}
	var c discordgo.ApplicationCommand
	if err := x.rec.Decode(&c); err != nil {
		x.fail(http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
		return
	}
	if !validateCommand(x, &c, "") {
		return
	}
	old := s.commands[g]
	s.storeCommandLocked(g, &c, old)
	status := http.StatusCreated
	kept := old[:0:0]
	for _, o := range old {
		if o.ID == c.ID {
			status = http.StatusOK
			continue
		}
		kept = append(kept, o)
	}
	s.commands[g] = append(kept, &c)
	x.reply(status, &c)
}

func (s *Server) hDeleteCommand(x *exchange) {
	g, ok := s.commandScope(x)
	if !ok {
		return
	}
	id := x.params["command_id"]
	old := s.commands[g]
	for i, c := range old {
		if c.ID == id {
			s.commands[g] = append(old[:i:i], old[i+1:]...)
			x.reply(http.StatusNoContent, nil)
			return
		}
	}
	x.fail(http.StatusNotFound, 10063, "Unknown application command")
}

// Commands returns the application commands currently registered for
// guildID ("" for global commands), as the fake stored them (with ids).
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*discordgo.ApplicationCommand, len(s.commands[guildID]))
	for i, c := range s.commands[guildID] {
		cp := *c
		out[i] = &cp
	}
	return out
}
