package discordtest

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// RouteEndpointAnswer is the Route of the Request recorded for an answer
// the bot's interactions endpoint gave (see PostInteraction): Discord takes
// the HTTP response to its POST as the interaction's first response.
const RouteEndpointAnswer = "ANSWER interactions endpoint"

// PublicKey returns the application's public key in hex, as the Developer
// Portal shows it (DISCORD_PUBLIC_KEY): the fake signs what it posts to an
// interactions endpoint with the matching private key.
func (s *Server) PublicKey() string {
	return hex.EncodeToString(s.signer().Public().(ed25519.PublicKey))
}

func (s *Server) signer() ed25519.PrivateKey {
	s.keyOnce.Do(func() {
		_, priv, err := ed25519.GenerateKey(nil)
		if err != nil {
			panic(fmt.Sprintf("discordtest: ed25519 key: %v", err))
		}
		s.key = priv
	})
	return s.key
}

// Sign returns the X-Signature-Ed25519 (hex) of body sent at timestamp, as
// Discord computes it: the signature of timestamp followed by the body.
func (s *Server) Sign(timestamp string, body []byte) string {
	return hex.EncodeToString(ed25519.Sign(s.signer(), append([]byte(timestamp), body...)))
}

// EndpointAnswer is what an interactions endpoint answered to one POST.
type EndpointAnswer struct {
	Status  int           // HTTP status
	Latency time.Duration // from sending the request to the whole answer
	// Type is the interaction response type of a 200 answer (1 PONG, 4
	// message, 5 deferred, 6 deferred update, 7 update, 9 modal), 0
	// otherwise.
	Type discordgo.InteractionResponseType
	// Message is the answer as recorded among Messages (a message, a
	// deferral, an update, a modal), nil for a PONG, an HTTP error, or an
	// answer the fake refused as Discord would (too late, a second one,
	// invalid: recorded with Rejected's requests).
	Message *SentMessage
	Body    []byte // the raw answer (the payload_json part of a multipart one)
}

// PostInteraction sends payload (an interaction, such as CommandPayload
// returns) to the interactions endpoint at endpoint, signed as Discord signs
// it, and takes the answer as Discord does: the HTTP response is the
// interaction's first response (JSON, or multipart with files), recorded
// among Messages as KindInteractionResponse; edits and followups then go
// through the fake's webhook routes. An answer later than
// WithInteractionDeadline is refused (recorded with Rejected's requests).
// endpoint must be on the loopback interface.
func (s *Server) PostInteraction(endpoint string, payload map[string]any) (EndpointAnswer, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return EndpointAnswer{}, fmt.Errorf("discordtest: encode interaction: %w", err)
	}
	s.mu.Lock()
	s.learnLocked("INTERACTION_CREATE", raw)
	s.mu.Unlock()
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	return s.PostSigned(endpoint, raw, ts, s.Sign(ts, raw))
}

// PostSigned posts body to the endpoint with the given timestamp and
// signature headers (for tests of bad signatures), and records the answer
// as PostInteraction does.
func (s *Server) PostSigned(endpoint string, body []byte, timestamp, signature string) (EndpointAnswer, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return EndpointAnswer{}, err
	}
	if host := u.Hostname(); host != "127.0.0.1" && host != "localhost" && host != "::1" {
		return EndpointAnswer{}, fmt.Errorf("%w: %s", ErrRefusedHost, endpoint)
	}
	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return EndpointAnswer{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	req.Header.Set("X-Signature-Ed25519", signature)
	req.Header.Set("X-Signature-Timestamp", timestamp)
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		Proxy:       nil,
		DialContext: (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
	}}
	begin := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return EndpointAnswer{}, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 32<<20))
	ans := EndpointAnswer{Status: resp.StatusCode, Latency: time.Since(begin), Body: data}
	if err != nil {
		return ans, err
	}
	if resp.StatusCode != http.StatusOK {
		return ans, nil
	}
	var p struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(body, &p)
	return s.recordEndpointAnswer(p.ID, ans, resp.Header.Get("Content-Type"), data)
}

// recordEndpointAnswer takes a 200 answer as the interaction's response.
func (s *Server) recordEndpointAnswer(interactionID string, ans EndpointAnswer, contentType string, data []byte) (EndpointAnswer, error) {
	rec := &Request{Time: time.Now(), Method: "ANSWER", Path: "/interactions endpoint", Route: RouteEndpointAnswer,
		ContentType: contentType, Status: http.StatusOK, Params: map[string]string{"interaction_id": interactionID}}
	mt, params, _ := mime.ParseMediaType(contentType)
	if mt == "multipart/form-data" {
		mr := multipart.NewReader(bytes.NewReader(data), params["boundary"])
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return ans, fmt.Errorf("discordtest: endpoint answer: %w", err)
			}
			b, err := io.ReadAll(part)
			if err != nil {
				return ans, err
			}
			if part.FormName() == "payload_json" {
				rec.Body = b
				continue
			}
			rec.Files = append(rec.Files, File{Field: part.FormName(), Name: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: b})
		}
	} else {
		rec.Body = data
	}
	ans.Body = rec.Body
	var cb struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := json.Unmarshal(rec.Body, &cb); err != nil {
		return ans, fmt.Errorf("discordtest: endpoint answer is not an interaction response: %w: %q", err, truncate(string(rec.Body), 200))
	}
	_ = json.Unmarshal(rec.Body, &rec.JSON)
	ans.Type = cb.Type
	if cb.Type == discordgo.InteractionResponsePong {
		return ans, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reqSeq++
	rec.Seq = s.reqSeq
	x := &exchange{rec: rec, headers: http.Header{}}
	st := s.interactions[interactionID]
	switch {
	case st == nil:
		x.fail(http.StatusNotFound, 10062, "Unknown interaction")
	case st.acked:
		x.fail(http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
	case s.cfg.interactionTTL > 0 && time.Since(st.created) > s.cfg.interactionTTL:
		x.fail(http.StatusNotFound, 10062, "Unknown interaction (answered too late)")
	default:
		s.answerLocked(x, st, cb.Type, cb.Data, rec.Files, RouteEndpointAnswer)
	}
	if x.status != 0 {
		rec.Status = x.status
	}
	s.recordLocked(rec)
	s.notifyLocked()
	if rec.Status != http.StatusOK || x.msg == nil {
		return ans, nil
	}
	m := x.msg
	m.Request = *rec
	s.messages = append(s.messages, *m)
	s.msgTotal++
	ans.Message = m
	return ans, nil
}
