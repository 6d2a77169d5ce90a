package bot

import (
	"net/http"
	"strings"
	"testing"

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
