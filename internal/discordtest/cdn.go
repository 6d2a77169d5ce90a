package discordtest

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// CDN is a fake of Discord's attachment CDN (cdn.discordapp.com and
// media.discordapp.net) on 127.0.0.1: files put on it are served at the
// https URLs Discord gives attachments, through the round tripper its
// Transport returns. Attachment builds the attachment object of a message
// or of an interaction's resolved data; WithAttachments and WithPhoto put
// them into the payloads of MessagePayload and CommandPayload.
type CDN struct {
	http *httptest.Server
	next atomic.Int64 // attachment ids

	mu      sync.Mutex
	files   map[string]cdnFile // by URL path
	fetches []CDNFetch
}

type cdnFile struct {
	data        []byte
	contentType string
	release     <-chan struct{}
}

// CDNFetch is one request the CDN received.
type CDNFetch struct {
	Host   string // the host asked for (cdn.discordapp.com, media.discordapp.net)
	Path   string
	Status int
}

// CDNHosts are the hosts the CDN's Transport answers for.
var CDNHosts = []string{"cdn.discordapp.com", "media.discordapp.net"}

// NewCDN starts a fake CDN, closed when the test ends.
func NewCDN(tb testing.TB) *CDN {
	c := &CDN{files: map[string]cdnFile{}}
	c.next.Store(1577000000000000000)
	c.http = httptest.NewServer(http.HandlerFunc(c.serve))
	tb.Cleanup(c.http.Close)
	return c
}

// Attachment describes a file attached to a message or to a slash command.
type Attachment struct {
	Filename    string
	ContentType string // empty: none sent, as for a file Discord does not recognise
	Data        []byte
	// Size is the size Discord announces; 0 means len(Data). A different
	// value tests a bot that trusts it.
	Size int
	// Width and Height are the dimensions Discord announces for a picture
	// (0: absent, as for a file it could not decode).
	Width, Height int
	// Release, when set, holds every download of the file until it is
	// closed (or the request is given up), for a test to decide when a
	// download ends.
	Release <-chan struct{}
}

// Put serves a under a fresh attachment id of channelID and returns its
// attachment object, as Discord sends it in a message's attachments and
// in an interaction's data.resolved.attachments.
func (c *CDN) Put(channelID string, a Attachment) map[string]any {
	id := fmt.Sprint(c.next.Add(1))
	path := "/attachments/" + channelID + "/" + id + "/" + a.Filename
	c.mu.Lock()
	c.files[path] = cdnFile{data: a.Data, contentType: a.ContentType, release: a.Release}
	c.mu.Unlock()
	size := a.Size
	if size == 0 {
		size = len(a.Data)
	}
	obj := map[string]any{
		"id": id, "filename": a.Filename, "size": size,
		"url":       "https://cdn.discordapp.com" + path + "?ex=0&is=0&hm=0",
		"proxy_url": "https://media.discordapp.net" + path + "?ex=0&is=0&hm=0",
	}
	if a.ContentType != "" {
		obj["content_type"] = a.ContentType
	}
	if a.Width > 0 {
		obj["width"], obj["height"] = a.Width, a.Height
	}
	return obj
}

// WithAttachments sets the attachments of a MESSAGE_CREATE payload (from
// MessagePayload) and returns it.
func WithAttachments(p map[string]any, atts ...map[string]any) map[string]any {
	list := make([]any, len(atts))
	for i, a := range atts {
		list[i] = a
	}
	p["attachments"] = list
	return p
}

// WithPhoto adds to a slash command's payload (from CommandPayload) an
// ATTACHMENT option named option holding att's id, and att to the
// interaction's data.resolved.attachments, as Discord sends a file given
// to a slash command. It returns p.
func WithPhoto(p map[string]any, option string, att map[string]any) map[string]any {
	data := p["data"].(map[string]any)
	opts, _ := data["options"].([]any)
	if typed, ok := data["options"].([]*discordgo.ApplicationCommandInteractionDataOption); ok {
		for _, o := range typed {
			opts = append(opts, o)
		}
	}
	opts = append(opts, map[string]any{"name": option, "type": 11, "value": att["id"]})
	data["options"] = opts
	resolved, _ := data["resolved"].(map[string]any)
	if resolved == nil {
		resolved = map[string]any{}
		data["resolved"] = resolved
	}
	atts, _ := resolved["attachments"].(map[string]any)
	if atts == nil {
		atts = map[string]any{}
		resolved["attachments"] = atts
	}
	atts[att["id"].(string)] = att
	return p
}

// Transport returns a round tripper that sends the requests for Discord's
// CDN hosts to this CDN over plain HTTP on 127.0.0.1, and every other
// request to next (a Server's Transport, say).
func (c *CDN) Transport(next http.RoundTripper) http.RoundTripper {
	return &cdnTransport{c: c, next: next, base: &http.Transport{
		Proxy: nil,
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, c.http.Listener.Addr().String())
		},
		IdleConnTimeout: 30 * time.Second,
	}}
}

type cdnTransport struct {
	c    *CDN
	next http.RoundTripper
	base http.RoundTripper
}

func (t *cdnTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	host := strings.ToLower(req.URL.Hostname())
	for _, h := range CDNHosts {
		if host == h {
			r2 := req.Clone(req.Context())
			r2.URL.Scheme = "http"
			r2.URL.Host = t.c.http.Listener.Addr().String()
			r2.Host = ""
			r2.Header.Set("X-Discordtest-Original-Host", req.URL.Host)
			return t.base.RoundTrip(r2)
		}
	}
	return t.next.RoundTrip(req)
}

func (c *CDN) serve(w http.ResponseWriter, r *http.Request) {
	c.mu.Lock()
	f, ok := c.files[r.URL.Path]
	c.mu.Unlock()
	status := http.StatusOK
	switch {
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		status = http.StatusMethodNotAllowed
		http.Error(w, "method not allowed", status)
	case !ok:
		status = http.StatusNotFound
		http.Error(w, "404: Not Found", status)
	default:
		if f.release != nil {
			select {
			case <-f.release:
			case <-r.Context().Done():
				status = 0 // given up by the client
			}
		}
		if status == 0 {
			break
		}
		if f.contentType != "" {
			w.Header().Set("Content-Type", f.contentType)
		}
		w.Header().Set("Content-Length", fmt.Sprint(len(f.data)))
		w.Write(f.data)
	}
	c.mu.Lock()
	c.fetches = append(c.fetches, CDNFetch{Host: r.Header.Get("X-Discordtest-Original-Host"), Path: r.URL.Path, Status: status})
	c.mu.Unlock()
}

// Fetches returns the requests the CDN received, in order.
func (c *CDN) Fetches() []CDNFetch {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]CDNFetch(nil), c.fetches...)
}
