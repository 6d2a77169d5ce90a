package bot

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestHTTPEndpointNumberInAStringOption: a signed interaction whose string
// option holds a number (discordgo's StringValue panics on it, and net/http
// would drop the connection) is answered with an error naming the option,
// and the endpoint goes on serving.
func TestHTTPEndpointNumberInAStringOption(t *testing.T) {
	t.Parallel()
	h := startHTTP(t, testConfig(), nil)
	for _, c := range []discordtest.Command{
		{Name: "solve", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "grid", Type: discordgo.ApplicationCommandOptionString, Value: 12345.0}}},
		{Name: "new", Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: levelOption, Type: discordgo.ApplicationCommandOptionString, Value: 3.0}}},
	} {
		_, ans := h.post(t, c)
		if ans.Status != http.StatusOK || ans.Message == nil {
			t.Fatalf("/%s with a number for a string: answered %d (%s), want 200 with a message", c.Name, ans.Status, ans.Body)
		}
		if m := ans.Message; !strings.Contains(m.Content, "must be text") || !strings.Contains(m.Content, c.Options[0].Name) || !m.Ephemeral() {
			t.Errorf("/%s: %q (ephemeral %v), want an ephemeral error naming the option", c.Name, m.Content, m.Ephemeral())
		}
	}
	_, ans := h.post(t, discordtest.Command{Name: "solve", Options: opts("grid", lc37)})
	if ans.Status != http.StatusOK || ans.Message == nil || !strings.Contains(ans.Message.Content, "[5][3] 4 | 6 [7] 8") {
		t.Errorf("a good /solve afterwards: answered %d %+v", ans.Status, ans.Message)
	}
}

// TestSolveBesideForgedCodes: with the default limits (2 workers, queue
// 8), one user sends four !new with forged codes of a seed that takes
// seconds to make, then another user sends an easy !solve. The solve is
// answered before any forged code gets an answer other than "try again":
// the forged codes hold one worker at most, for a deadline of their own.
func TestSolveBesideForgedCodes(t *testing.T) {
	t.Parallel()
	h := start(t, testConfig(), withPuzzles(t, nil))
	forger := &discordgo.User{ID: "4400000000000000001", Username: "forger"}
	solver := &discordgo.User{ID: "4400000000000000002", Username: "solver"}
	forged := map[string]bool{}
	for _, end := range []string{"v0", "v1", "v2", "v3"} {
		p := h.srv.SendMessage(discordtest.Message{Author: forger, Content: "!new #16E-5najk4" + end})
		forged[p["id"].(string)] = true
	}
	// Every forged code taken by the bot: refused, running or queued.
	h.srv.WaitUntil(t, time.Minute, "the forged codes taken", func() bool {
		replied := 0
		for _, m := range h.srv.Messages() {
			if m.Reference != nil && forged[m.Reference.MessageID] {
				replied++
			}
		}
		return replied+int(h.bot.pool.busy.Load())+h.bot.pool.queued() == len(forged)
	})
	sent := time.Now()
	solve := h.srv.SendMessage(discordtest.Message{Author: solver, Content: "!solve " + lc37})["id"].(string)
	var answered []discordtest.SentMessage
	h.srv.WaitUntil(t, time.Minute, "the solve's answer", func() bool {
		answered = nil
		for _, m := range h.srv.Messages() {
			if m.Reference == nil {
				continue
			}
			answered = append(answered, m)
			if m.Reference.MessageID == solve {
				return true
			}
		}
		return false
	})
	t.Logf("the solve was answered %v after it was sent", time.Since(sent))
	for _, m := range answered {
		if forged[m.Reference.MessageID] && !strings.Contains(m.Content, "again in a few seconds") {
			t.Errorf("a forged code was answered before the solve, not with a refusal: %q", m.Content)
		}
	}
}
