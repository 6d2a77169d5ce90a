package bot

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// explanation is a generic attachment, as the logic engine's !explain (a
// .txt file) and the picture renderer (PNG) will add to replies.
var explanation = command.File{
	Name:        "SPOILER_explanation.txt",
	ContentType: "text/plain; charset=utf-8",
	Data:        []byte("Step 1: r1c3 can only be 4.\nStep 2: …\n"),
}

// attaching returns a setup that adds files to every solve reply.
func attaching(files ...command.File) func(*Bot) {
	return func(b *Bot) {
		b.decorate = func(req command.Request, rep command.Reply) command.Reply {
			if req.Kind == command.Solve {
				rep.Files = files
			}
			return rep
		}
	}
}

// checkFiles asserts that m carries exactly want, in order, byte for byte.
func checkSentFiles(t *testing.T, m discordtest.SentMessage, want ...command.File) {
	t.Helper()
	if len(m.Files) != len(want) {
		t.Fatalf("%d files, want %d: %v", len(m.Files), len(want), m)
	}
	for i, f := range m.Files {
		w := want[i]
		if f.Name != w.Name || f.ContentType != w.ContentType || !bytes.Equal(f.Data, w.Data) {
			t.Errorf("file %d = %s (%s, %d bytes), want %s (%s, %d bytes)", i, f.Name, f.ContentType, len(f.Data), w.Name, w.ContentType, len(w.Data))
		}
	}
	type refs struct {
		Attachments []struct {
			ID       string `json:"id"`
			Filename string `json:"filename"`
		} `json:"attachments"`
	}
	var body struct {
		refs
		Data *refs `json:"data"` // an interaction callback's message
	}
	if err := m.Request.Decode(&body); err != nil {
		t.Fatal(err)
	}
	if body.Data != nil {
		body.refs = *body.Data
	}
	if len(body.Attachments) != len(want) || body.Attachments[0].ID != "0" || body.Attachments[0].Filename != want[0].Name {
		t.Errorf("payload attachments %+v, want one per file, by index", body.Attachments)
	}
}

func TestTextReplyCarriesItsFilesInOneRequest(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	h := start(t, cfg, attaching(explanation))
	msg := h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	m := h.srv.WaitMessages(t, 1, wait)[0]
	h.noMoreMessages(t, 1)
	if want := expectedReply(t, cfg, "!solve "+lc37); m.Content != want || !strings.Contains(m.Content, "[5][3]") {
		t.Errorf("content %q, want the solution %q", m.Content, want)
	}
	checkSafeReply(t, m, msg["id"].(string))
	checkSentFiles(t, m, explanation)
	if n := len(h.srv.RequestsFor(discordtest.RouteCreateMessage)); n != 1 {
		t.Errorf("%d requests, want the text and the file in one", n)
	}
	if rec := h.waitLog(t, "command", 1)[0]; rec["files"] != float64(1) {
		t.Errorf("log line %v, want files=1", rec)
	}
	h.srv.AssertClean(t)
}

func TestSlashReplyCarriesItsFiles(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	png := command.File{Name: "grid.png", ContentType: "image/png", Data: []byte("\x89PNG\r\n\x1a\n not really")}
	h := start(t, cfg, attaching(explanation, png))
	ix := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", lc37)})
	h.srv.WaitMessages(t, 1, wait)
	ms := h.srv.InteractionMessages(ix.ID)
	if len(ms) != 1 || ms[0].ResponseType != discordgo.InteractionResponseChannelMessageWithSource {
		t.Fatalf("want one direct answer, got %v", ms)
	}
	if !strings.Contains(ms[0].Content, "[5][3]") {
		t.Errorf("content %q, want the solution", ms[0].Content)
	}
	checkSentFiles(t, ms[0], explanation, png)
	h.srv.AssertClean(t)
}

func TestDeferredSlashReplyEditCarriesItsFiles(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.SolveTimeout = 200 * time.Millisecond
	cfg.AckWait = 20 * time.Millisecond
	h := start(t, cfg, attaching(explanation))
	ix := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", slowGrid)})
	h.srv.WaitMessages(t, 2, wait)
	ms := h.srv.InteractionMessages(ix.ID)
	if len(ms) != 2 || !ms[0].Deferred() || ms[1].Kind != discordtest.KindOriginalEdit {
		t.Fatalf("want a deferral then an edit, got %v", ms)
	}
	if !strings.Contains(ms[1].Content, "gave up after 200ms") {
		t.Errorf("edit %q, want the timeout reply", ms[1].Content)
	}
	checkSentFiles(t, ms[1], explanation)
	h.srv.AssertClean(t)
}

// TestFailedUploadFallsBackToText: Discord refuses the upload (413, too
// large for the server); the reply goes out again without its files.
func TestFailedUploadFallsBackToText(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	h := start(t, cfg, attaching(explanation))
	h.srv.InjectFault(discordtest.RouteCreateMessage, 1, discordtest.Fault{Status: http.StatusRequestEntityTooLarge, Message: "Request entity too large"})
	h.srv.InjectFault(discordtest.RouteInteractionCallback, 1, discordtest.Fault{Status: http.StatusRequestEntityTooLarge, Message: "Request entity too large"})
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	ix := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", lc37)})
	msgs := h.srv.WaitMessages(t, 2, wait)
	h.noMoreMessages(t, 2)
	for _, m := range msgs {
		if len(m.Files) != 0 || !strings.Contains(m.Content, "[5][3]") {
			t.Errorf("%v: want the solution without files", m)
		}
	}
	for _, route := range []string{discordtest.RouteCreateMessage, discordtest.RouteInteractionCallback} {
		reqs := h.srv.RequestsFor(route)
		if len(reqs) != 2 || len(reqs[0].Files) != 1 || len(reqs[1].Files) != 0 {
			t.Errorf("%s: requests %v, want the upload then the text alone", route, reqs)
		}
	}
	if len(h.srv.InteractionMessages(ix.ID)) != 1 {
		t.Error("the slash command was not answered once")
	}
	if n := len(h.waitLog(t, "attachments not posted; sending the text alone", 2)); n != 2 {
		t.Errorf("%d fallbacks logged, want 2", n)
	}
}

// TestOversizedFilesAreNotUploaded: files over Discord's limit are not sent
// at all; the text goes out in the one request.
func TestOversizedFilesAreNotUploaded(t *testing.T) {
	t.Parallel()
	big := command.File{Name: "huge.png", ContentType: "image/png", Data: make([]byte, maxFileBytes+1)}
	h := start(t, testConfig(), attaching(big))
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	m := h.srv.WaitMessages(t, 1, wait)[0]
	if len(m.Files) != 0 || !strings.Contains(m.Content, "[5][3]") {
		t.Errorf("%v: want the text alone", m)
	}
	if n := len(h.srv.RequestsFor(discordtest.RouteCreateMessage)); n != 1 {
		t.Errorf("%d requests, want one", n)
	}
	h.waitLog(t, "attachments not posted; sending the text alone", 1)
}

// TestUploadRetriedAfterServerError: the retry policy applies to replies
// with files: a 500 is retried, with the same files.
func TestUploadRetriedAfterServerError(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), attaching(explanation))
	h.srv.FailNext(discordtest.RouteCreateMessage, 1, http.StatusInternalServerError, 0)
	h.srv.FailNext(discordtest.RouteCreateMessage, 1, http.StatusTooManyRequests, 100*time.Millisecond)
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	m := h.srv.WaitMessages(t, 1, wait)[0]
	checkSentFiles(t, m, explanation)
	reqs := h.srv.RequestsFor(discordtest.RouteCreateMessage)
	if len(reqs) != 3 {
		t.Fatalf("requests %v, want a 500, a 429 and the reply", reqs)
	}
	for _, r := range reqs {
		if len(r.Files) != 1 || !bytes.Equal(r.Files[0].Data, explanation.Data) {
			t.Errorf("attempt %v did not carry the file", r)
		}
	}
}
