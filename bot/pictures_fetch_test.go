package bot

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
)

func TestPictureOf(t *testing.T) {
	atts := []*discordgo.MessageAttachment{
		{Filename: "notes.txt", ContentType: "text/plain"},
		{Filename: "IMG_2041.HEIC"},
		{Filename: "grid.png", ContentType: "image/png"},
	}
	if a := pictureOf(atts); a == nil || a.Filename != "IMG_2041.HEIC" {
		t.Errorf("pictureOf = %v, want the HEIC (read to say it is not read)", a)
	}
	if a := pictureOf(atts[:1]); a != nil {
		t.Errorf("pictureOf(a text file) = %v", a)
	}
	reply := &discordgo.Message{Type: discordgo.MessageTypeReply, ReferencedMessage: &discordgo.Message{Attachments: atts[2:]}}
	if a := messagePicture(reply); a == nil || a.Filename != "grid.png" {
		t.Errorf("the picture of the message replied to: %v", a)
	}
}

func TestPictureFetcher(t *testing.T) {
	body := strings.Repeat("x", 1000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/ok.png":
			w.Write([]byte(body))
		case "/big.png":
			w.Write([]byte(body + body))
		case "/slow.png":
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	host, _ := url.Parse(srv.URL)
	// A timeout long enough for a busy machine; the slow download's case
	// has a short one of its own (a busy machine only makes it surer).
	f := pictureFetcher{client: srv.Client(), allowed: func(h string) bool { return h == host.Hostname() },
		max: 1500, timeout: time.Minute}
	short := f
	short.timeout = 200 * time.Millisecond
	log := slog.New(slog.DiscardHandler)
	load := func(img *command.Image) *command.Image {
		if img.Data != nil || img.Err != nil || img.Fetch == nil {
			t.Fatalf("%s: fetched before the command reads it (%d bytes, %v)", img.Name, len(img.Data), img.Err)
		}
		img.Data, img.Err = img.Fetch(context.Background())
		return img
	}
	got := load(f.fetch(context.Background(), log, &discordgo.MessageAttachment{Filename: "ok.png", URL: srv.URL + "/ok.png", Size: 1000}))
	if got.Err != nil || string(got.Data) != body || got.Name != "ok.png" {
		t.Fatalf("fetch ok.png: %d bytes, %v", len(got.Data), got.Err)
	}
	for _, c := range []struct {
		name string
		att  discordgo.MessageAttachment
		is   error
		f    pictureFetcher
	}{
		{"said too large", discordgo.MessageAttachment{URL: srv.URL + "/ok.png", Size: 2000}, nil, f},
		{"larger than said", discordgo.MessageAttachment{URL: srv.URL + "/big.png", Size: 1000}, nil, f},
		{"not found", discordgo.MessageAttachment{URL: srv.URL + "/gone.png", Size: 10}, nil, f},
		{"other host", discordgo.MessageAttachment{URL: "https://example.com/a.png", Size: 10}, errPictureHost, f},
		{"not http", discordgo.MessageAttachment{URL: "file:///etc/passwd", Size: 10}, errPictureHost, f},
		{"too slow", discordgo.MessageAttachment{URL: srv.URL + "/slow.png", Size: 10}, context.DeadlineExceeded, short},
	} {
		got := load(c.f.fetch(context.Background(), log, &c.att))
		if got.Err == nil || got.Data != nil || c.is != nil && !errors.Is(got.Err, c.is) {
			t.Errorf("%s: %d bytes, err %v (want %v)", c.name, len(got.Data), got.Err, c.is)
		}
	}
	if !discordCDN("cdn.discordapp.com") || !discordCDN("media.discordapp.net") || discordCDN("cdn.discordapp.com.evil.example") {
		t.Error("discordCDN allows the wrong hosts")
	}
}
