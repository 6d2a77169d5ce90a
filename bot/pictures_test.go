package bot

import (
	"bufio"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/slash"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/internal/picturetest"
	"github.com/sudokubot/sudokubot/picture"
)

// big16 returns a 16×16 puzzle of command's samples, on one line.
func big16(t *testing.T) string {
	t.Helper()
	f, err := os.Open("../command/testdata/16x16.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		t.Fatal("no puzzle in 16x16.txt")
	}
	return strings.TrimSpace(sc.Text())
}

// answerTo waits for the answer to interaction ix (after a deferral, the
// edit) and returns it.
func answerTo(t *testing.T, srv *discordtest.Server, ix discordtest.Interaction) discordtest.SentMessage {
	t.Helper()
	var last discordtest.SentMessage
	srv.WaitUntil(t, 4*wait, "the answer to interaction "+ix.ID, func() bool {
		ms := srv.InteractionMessages(ix.ID)
		if len(ms) == 0 || ms[len(ms)-1].Deferred() {
			return false
		}
		last = ms[len(ms)-1]
		return true
	})
	return last
}

// fileNames returns the names of files.
func fileNames(files []discordtest.File) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Name)
	}
	return out
}

// TestSlashLogicCommands: /hint, /rate and /explain are registered with the
// grid option (and /hint with image), go through the solve path, and are
// answered as the handler answers their text commands: the hint's spoiler
// picture and the explanation's file are posted with the text.
func TestSlashLogicCommands(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.SolveTimeout = 30 * time.Second // a 16×16 explanation under -race
	h := start(t, cfg, nil)
	for _, c := range h.srv.Commands("") {
		if c.Name == slash.Settings { // subcommands, tested in settings_test.go
			continue
		}
		var opts []string
		for _, o := range c.Options {
			opts = append(opts, o.Name)
			if o.Name == "image" && (o.Type != discordgo.ApplicationCommandOptionBoolean || o.Required) {
				t.Errorf("/%s image: type %v required %v, want an optional boolean", c.Name, o.Type, o.Required)
			}
			if o.Name == "grid" && (o.Type != discordgo.ApplicationCommandOptionString || o.Required) {
				t.Errorf("/%s grid: type %v required %v, want an optional string (or photo:)", c.Name, o.Type, o.Required)
			}
			if o.Name == slash.PhotoOption && (o.Type != discordgo.ApplicationCommandOptionAttachment || o.Required) {
				t.Errorf("/%s photo: type %v required %v, want an optional attachment", c.Name, o.Type, o.Required)
			}
		}
		want := map[string]string{"solve": "grid,photo,image", "check": "grid,photo,image,code", "hint": "grid,photo,image,code", "rate": "grid,photo", "explain": "grid,photo", "help": "",
			"new": "level,size,symmetric,code,image", "daily": "today,stats",
			"play": "level,size,symmetric,code,grid,together", "stats": "", "leaderboard": "level"}[c.Name]
		if strings.Join(opts, ",") != want {
			t.Errorf("/%s options %v, want %s", c.Name, opts, want)
		}
	}
	big := big16(t)
	hint := h.srv.SendCommand(discordtest.Command{Name: "hint", Options: opts("grid", lc37)})
	rate := h.srv.SendCommand(discordtest.Command{Name: "rate", DM: true, Options: opts("grid", lc37)})
	explain := h.srv.SendCommand(discordtest.Command{Name: "explain", Options: opts("grid", big)})
	for _, tc := range []struct {
		name  string
		ix    discordtest.Interaction
		msg   string
		files []string
	}{
		{"hint", hint, "!hint " + lc37, []string{"SPOILER_hint.png"}},
		{"rate", rate, "!rate " + lc37, nil},
		{"explain", explain, "!explain " + big, []string{"SPOILER_explanation.txt"}},
	} {
		m := answerTo(t, h.srv, tc.ix)
		want := expected(t, cfg, tc.msg)
		if m.Content != want.Text {
			t.Errorf("/%s: %q\nwant %q", tc.name, m.Content, want.Text)
		}
		if !slices.Equal(fileNames(m.Files), tc.files) {
			t.Errorf("/%s: files %v, want %v", tc.name, fileNames(m.Files), tc.files)
			continue
		}
		checkSafeReply(t, m, "")
		for i, f := range m.Files {
			if f.Name == "SPOILER_explanation.txt" && string(f.Data) != string(want.Files[i].Data) {
				t.Errorf("/explain: explanation.txt is not the whole path:\n%s", f.Data)
			}
			if f.ContentType == "image/png" {
				picturetest.Decode(t, f.Data)
			}
		}
	}
	if !strings.Contains(h.logs.String(), `"cmd":"/hint"`) {
		t.Error("no log line names /hint")
	}
	h.srv.AssertClean(t)
}

// checkSolutionPicture decodes the attached solution of lc37 and reads it:
// 480 pixels square, r1c1 (a given 5) in the given colour, r1c3 (a 4 filled
// in) in the filled colour.
func checkSolutionPicture(t *testing.T, f discordtest.File) {
	t.Helper()
	if f.ContentType != "image/png" {
		t.Fatalf("%s: content type %q", f.Name, f.ContentType)
	}
	img := picturetest.Decode(t, f.Data)
	if img.W != 480 || img.H != 480 {
		t.Errorf("%s: %v, want 480×480", f.Name, img)
	}
	pal := picture.Dark.Palette()
	cells := picturetest.Cells(t, img, pal, 9)
	if picturetest.Count(img, cells[0], pal.Given) == 0 || picturetest.Count(img, cells[0], pal.Filled) != 0 {
		t.Errorf("%s: r1c1 is not drawn as a given digit", f.Name)
	}
	if picturetest.Count(img, cells[2], pal.Filled) == 0 || picturetest.Count(img, cells[2], pal.Given) != 0 {
		t.Errorf("%s: r1c3 is not drawn as a filled digit", f.Name)
	}
}

// TestAskingForAPicture: image:True and the img word get the solution's
// picture in the reply's one request; image:False turns it down even when
// every board gets one.
func TestAskingForAPicture(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	h := start(t, cfg, nil)
	on := h.srv.SendCommand(discordtest.Command{Name: "solve", Options: []*discordgo.ApplicationCommandInteractionDataOption{
		discordtest.Opt("grid", lc37), discordtest.Opt("image", true)}})
	m := answerTo(t, h.srv, on)
	if !slices.Equal(fileNames(m.Files), []string{"solution.png"}) || !strings.Contains(m.Content, "[5][3]") {
		t.Fatalf("/solve image:True: files %v, content\n%s", fileNames(m.Files), m.Content)
	}
	checkSolutionPicture(t, m.Files[0])

	msg := h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37 + " img"})
	h.srv.WaitRequests(t, discordtest.RouteCreateMessage, 1, wait)
	reqs := h.srv.RequestsFor(discordtest.RouteCreateMessage)
	if len(reqs) != 1 || len(reqs[0].Files) != 1 {
		t.Fatalf("!solve … img: requests %v, want the text and the picture in one", reqs)
	}
	sent := h.srv.WaitMessages(t, 2, wait)
	for _, s := range sent {
		if s.Kind != discordtest.KindChannelMessage {
			continue
		}
		checkSafeReply(t, s, msg["id"].(string))
		if want := expectedReply(t, cfg, "!solve "+lc37); s.Content != want {
			t.Errorf("!solve … img: %q\nwant the reply without img %q", s.Content, want)
		}
		checkSolutionPicture(t, s.Files[0])
	}

	always := testConfig()
	always.Pictures = command.PicturesAlways
	h2 := start(t, always, nil)
	off := h2.srv.SendCommand(discordtest.Command{Name: "check", Options: []*discordgo.ApplicationCommandInteractionDataOption{
		discordtest.Opt("grid", conflict), discordtest.Opt("image", false)}})
	plain := h2.srv.SendCommand(discordtest.Command{Name: "check", Options: opts("grid", conflict)})
	if m := answerTo(t, h2.srv, off); len(m.Files) != 0 {
		t.Errorf("/check image:False: files %v", fileNames(m.Files))
	}
	if m := answerTo(t, h2.srv, plain); !slices.Equal(fileNames(m.Files), []string{"grid.png"}) {
		t.Errorf("/check with IMAGE_REPLIES=always: files %v", fileNames(m.Files))
	}
}

// TestLargeBoardFallsBackToText: a 16×16 solution's text leaves the board
// to the picture; when Discord refuses the upload, the board comes back in
// monospace, not a reply that points at a picture that is not there.
func TestLargeBoardFallsBackToText(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	h := start(t, cfg, nil)
	big := big16(t)
	want := expected(t, cfg, "!solve "+big)
	if want.Fallback == "" || strings.Contains(want.Text, "```") {
		t.Fatalf("the handler does not leave the 16×16 board to the picture:\n%s", want.Text)
	}
	h.srv.InjectFault(discordtest.RouteCreateMessage, 1, discordtest.Fault{Status: http.StatusRequestEntityTooLarge, Message: "Request entity too large"})
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + big})
	m := h.srv.WaitMessages(t, 1, wait)[0]
	if m.Content != want.Fallback || len(m.Files) != 0 {
		t.Errorf("after a refused upload: files %v, content\n%s\nwant the fallback\n%s", fileNames(m.Files), m.Content, want.Fallback)
	}
	reqs := h.srv.RequestsFor(discordtest.RouteCreateMessage)
	if len(reqs) != 2 || len(reqs[0].Files) != 1 {
		t.Errorf("requests %v, want the picture refused, then the text", reqs)
	}
	h.srv.SendMessage(discordtest.Message{Content: "!solve " + big})
	m = h.srv.WaitMessages(t, 2, wait)[1]
	if m.Content != want.Text || !slices.Equal(fileNames(m.Files), []string{"solution.png"}) {
		t.Errorf("without a fault: files %v, content\n%s", fileNames(m.Files), m.Content)
	}
}

// TestHTTPEndpointPostsPictures: over the interactions endpoint, /solve
// image:True's solution and /hint's spoiler picture reach Discord with the
// answer (in the HTTP answer, or in the edit of a deferral).
func TestHTTPEndpointPostsPictures(t *testing.T) {
	t.Parallel()
	h := startHTTP(t, testConfig(), nil, discordtest.WithInteractionDeadline(interactionWindow))
	ix, _ := h.post(t, discordtest.Command{Name: "solve", Options: []*discordgo.ApplicationCommandInteractionDataOption{
		discordtest.Opt("grid", lc37), discordtest.Opt("image", true)}})
	m := answerTo(t, h.srv, ix)
	if !slices.Equal(fileNames(m.Files), []string{"solution.png"}) || !strings.Contains(m.Content, "[5][3]") {
		t.Fatalf("/solve image:True over HTTP: files %v, content\n%s", fileNames(m.Files), m.Content)
	}
	checkSolutionPicture(t, m.Files[0])
	ix, _ = h.post(t, discordtest.Command{Name: "hint", Options: opts("grid", lc37)})
	m = answerTo(t, h.srv, ix)
	if !slices.Equal(fileNames(m.Files), []string{"SPOILER_hint.png"}) || !strings.Contains(m.Content, "||") {
		t.Fatalf("/hint over HTTP: files %v, content\n%s", fileNames(m.Files), m.Content)
	}
	picturetest.Decode(t, m.Files[0].Data)
}
