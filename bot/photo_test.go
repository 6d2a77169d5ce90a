package bot

import (
	"bytes"
	"context"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/slash"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/picture"
)

// Pictures attached to commands, end to end: the fake Discord sends the
// message or the interaction, the fake CDN serves the file, the bot's real
// fetcher downloads it (Discord's CDN hosts only: the CDN answers for them)
// and the reply is checked.

// photoWait bounds the wait for a reply to a photo: reading one takes
// seconds under -race on a busy machine, and testConfig's reading deadline
// is as far. These tests are not parallel, so that they run before the
// parallel ones, alone.
const photoWait = testPictureTimeout

// withCDN routes the bot's sessions' requests for Discord's CDN hosts to
// cdn, the others to the fake Discord as before.
func withCDN(cdn *discordtest.CDN) func(*Bot) {
	return func(b *Bot) {
		sessions := b.sessions
		b.sessions = func() (*discordgo.Session, error) {
			s, err := sessions()
			if err == nil {
				s.Client.Transport = cdn.Transport(s.Client.Transport)
			}
			return s, err
		}
	}
}

// boardPNG is the bot's own picture of lc37, as a screenshot of a reply.
func boardPNG(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	g := testgrids.Decode(t, lc37)
	if err := picture.Encode(&buf, picture.Board{Grid: g, Givens: g}, picture.Options{Theme: picture.Light}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// noGridPNG is a picture without a grid: a smooth gradient.
func noGridPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 400, 300))
	for y := range 300 {
		for x := range 400 {
			img.SetGray(x, y, color.Gray{Y: uint8((x + y) * 255 / 700)})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// hugePNG is a small valid PNG whose header claims w×h pixels (its IHDR
// rewritten, with its checksum): a decompression bomb's shape.
func hugePNG(t *testing.T, w, h uint32) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	// signature (8), IHDR length (4), "IHDR" (4), width, height, ...; CRC
	// over the type and the 13 bytes of data.
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

// expectedPhoto is the handler's reply to the text command content with
// the picture name/data attached: what the bot must post.
func expectedPhoto(t *testing.T, cfg testSetup, content, name string, data []byte) command.Reply {
	t.Helper()
	h := command.New(cfg.commandConfig)
	req, ok := h.Match(content, "")
	if !ok {
		t.Fatalf("%q is not a command", content)
	}
	req.Attached = &command.Image{Name: name, Data: data}
	return h.Handle(context.Background(), req)
}

func TestPhotoAttachedToAMessage(t *testing.T) {
	cfg := testConfig()
	cdn := discordtest.NewCDN(t)
	h := start(t, cfg, withCDN(cdn))
	board, gradient := boardPNG(t), noGridPNG(t)
	for _, tc := range []struct {
		name string
		att  discordtest.Attachment
		want []string // in the reply
	}{
		{"a board", discordtest.Attachment{Filename: "grid.png", ContentType: "image/png", Data: board},
			[]string{"Read from `grid.png`", "[5][3]"}},
		{"no grid", discordtest.Attachment{Filename: "sky.png", ContentType: "image/png", Data: gradient},
			[]string{"I found no sudoku grid in `sky.png`"}},
		{"corrupt", discordtest.Attachment{Filename: "cut.jpg", ContentType: "image/jpeg", Data: []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00 and then nothing")},
			[]string{"`cut.jpg` looks damaged"}},
		{"huge", discordtest.Attachment{Filename: "bomb.png", ContentType: "image/png", Data: hugePNG(t, 60000, 60000)},
			[]string{"`bomb.png` is too large to read (60000×60000 pixels"}},
		{"not a picture", discordtest.Attachment{Filename: "notes.png", ContentType: "image/png", Data: []byte("just some text, named .png")},
			[]string{"`notes.png` is not a picture I can read"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(h.srv.Messages())
			att := cdn.Put(discordtest.DefaultChannelID, tc.att)
			p := discordtest.WithAttachments(h.srv.MessagePayload(discordtest.Message{Content: "!solve"}), att)
			h.srv.Dispatch("MESSAGE_CREATE", p)
			m := h.srv.WaitMessages(t, before+1, photoWait)[before]
			want := expectedPhoto(t, cfg, "!solve", tc.att.Filename, tc.att.Data)
			if m.Content != want.Text {
				t.Errorf("reply %q, want the handler's %q", m.Content, want.Text)
			}
			shown := strings.ReplaceAll(m.Content, `\`, "") // as Discord shows the escaped notice
			for _, w := range tc.want {
				if !strings.Contains(shown, w) {
					t.Errorf("reply %q, want it to say %q", m.Content, w)
				}
			}
			checkSafeReply(t, m, p["id"].(string))
		})
	}
	for _, f := range cdn.Fetches() {
		if f.Host != "cdn.discordapp.com" || f.Status != 200 {
			t.Errorf("fetch %+v, want the attachment's URL on cdn.discordapp.com", f)
		}
	}
	if n := len(cdn.Fetches()); n != 5 {
		t.Errorf("%d downloads, want one per message", n)
	}
	h.srv.AssertClean(t)
}

// TestPhotoOfTheMessageRepliedTo: "!solve" in reply to someone's photo
// reads that photo.
func TestPhotoOfTheMessageRepliedTo(t *testing.T) {
	cfg := testConfig()
	cdn := discordtest.NewCDN(t)
	h := start(t, cfg, withCDN(cdn))
	board := boardPNG(t)
	att := cdn.Put(discordtest.DefaultChannelID, discordtest.Attachment{Filename: "IMG_0042.png", ContentType: "image/png", Data: board})
	photo := discordtest.WithAttachments(h.srv.MessagePayload(discordtest.Message{Content: "can anyone solve this?"}), att)
	p := h.srv.MessagePayload(discordtest.Message{Content: "!solve", ReplyTo: photo["id"].(string)})
	p["referenced_message"] = photo
	h.srv.Dispatch("MESSAGE_CREATE", p)
	m := h.srv.WaitMessages(t, 1, photoWait)[0]
	if want := expectedPhoto(t, cfg, "!solve", "IMG_0042.png", board).Text; m.Content != want || !strings.Contains(m.Content, "[5][3]") {
		t.Errorf("reply %q, want the solution of the photo %q", m.Content, want)
	}
	if n := len(cdn.Fetches()); n != 1 {
		t.Errorf("%d downloads, want 1", n)
	}
	h.srv.AssertClean(t)
}

// TestSlashPhotoOption: /solve photo: over the gateway and /check photo:
// over the interactions endpoint read the attachment Discord resolved; a
// photo option naming no resolved attachment is said.
func TestSlashPhotoOption(t *testing.T) {
	cfg := testConfig()
	cdn := discordtest.NewCDN(t)
	board := boardPNG(t)
	want := expectedPhoto(t, cfg, "!solve", "grid.png", board).Text
	if !strings.Contains(want, "[5][3]") {
		t.Fatalf("the handler's reply %q is not the solution", want)
	}
	t.Run("gateway", func(t *testing.T) {
		h := start(t, cfg, withCDN(cdn))
		att := cdn.Put(discordtest.DefaultChannelID, discordtest.Attachment{Filename: "grid.png", ContentType: "image/png", Data: board})
		p := discordtest.WithPhoto(h.srv.CommandPayload(discordtest.Command{Name: "solve"}), slash.PhotoOption, att)
		h.srv.Dispatch("INTERACTION_CREATE", p)
		if got := photoAnswer(t, h, p["id"].(string)); got.Content != want {
			t.Errorf("answer %v, want %q", got, want)
		}
		h.srv.AssertClean(t)
	})
	t.Run("endpoint", func(t *testing.T) {
		h := startHTTP(t, cfg, withCDN(cdn))
		att := cdn.Put(discordtest.DefaultChannelID, discordtest.Attachment{Filename: "grid.png", ContentType: "image/png", Data: board})
		p := discordtest.WithPhoto(h.srv.CommandPayload(discordtest.Command{Name: "check"}), slash.PhotoOption, att)
		ans, err := h.srv.PostInteraction(h.endpoint, p)
		if err != nil {
			t.Fatal(err)
		}
		wantCheck := expectedPhoto(t, cfg, "!check", "grid.png", board).Text
		if ans.Status != 200 || ans.Message == nil {
			t.Fatalf("endpoint answered %+v", ans)
		}
		if got := photoAnswer(t, h.harness, p["id"].(string)); got.Content != wantCheck {
			t.Errorf("answer %v, want %q", got, wantCheck)
		}
	})
	t.Run("unresolved", func(t *testing.T) {
		h := start(t, cfg, withCDN(cdn))
		p := h.srv.CommandPayload(discordtest.Command{Name: "solve"})
		p = discordtest.WithPhoto(p, slash.PhotoOption, map[string]any{"id": "1"})
		delete(p["data"].(map[string]any), "resolved")
		h.srv.Dispatch("INTERACTION_CREATE", p)
		h.srv.WaitMessages(t, 1, photoWait)
		ms := h.srv.InteractionMessages(p["id"].(string))
		if len(ms) != 1 || !strings.Contains(ms[0].Content, "I couldn't fetch") || !strings.Contains(ms[0].Content, "photo") || ms[0].Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Errorf("answers %v, want one saying the photo was not fetched, to its user only", ms)
		}
		h.waitLog(t, "photo option names no resolved attachment", 1)
	})
}

// photoAnswer waits for the answer to the interaction id: the first answer,
// or after a deferral (reading a photo under -race can outlast AckWait),
// the edit that follows it.
func photoAnswer(t *testing.T, h *harness, id string) discordtest.SentMessage {
	t.Helper()
	deadline := time.Now().Add(photoWait)
	for {
		if ms := h.srv.InteractionMessages(id); len(ms) > 0 && !ms[len(ms)-1].Deferred() {
			return ms[len(ms)-1]
		}
		if time.Now().After(deadline) {
			t.Fatalf("no answer to interaction %s after %v", id, photoWait)
		}
		time.Sleep(10 * time.Millisecond) // polling, not an assertion
	}
}

// TestSlashPhotoSlowDownloadIsDeferred: a download that outlasts the first
// answer's deadline defers the interaction; the answer is the edit.
func TestSlashPhotoSlowDownloadIsDeferred(t *testing.T) {
	cfg := testConfig()
	cfg.AckWait = 20 * time.Millisecond
	cdn := discordtest.NewCDN(t)
	h := start(t, cfg, withCDN(cdn))
	board := boardPNG(t)
	release := make(chan struct{})
	att := cdn.Put(discordtest.DefaultChannelID, discordtest.Attachment{Filename: "grid.png", ContentType: "image/png", Data: board, Release: release})
	p := discordtest.WithPhoto(h.srv.CommandPayload(discordtest.Command{Name: "solve"}), slash.PhotoOption, att)
	h.srv.Dispatch("INTERACTION_CREATE", p)
	h.srv.WaitMessages(t, 1, photoWait) // the deferral, while the download is held
	close(release)
	h.srv.WaitMessages(t, 2, photoWait)
	ms := h.srv.InteractionMessages(p["id"].(string))
	want := expectedPhoto(t, cfg, "!solve", "grid.png", board).Text
	if len(ms) != 2 || !ms[0].Deferred() || ms[1].Kind != discordtest.KindOriginalEdit || ms[1].Content != want {
		t.Errorf("answers %v, want a deferral then the edit %q", ms, want)
	}
	h.srv.AssertClean(t)
}
