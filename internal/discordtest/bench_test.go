package discordtest

import (
	"fmt"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// BenchmarkRoundTrip measures one MESSAGE_CREATE dispatched through the fake
// gateway and answered through its REST API by a real discordgo session,
// spread over 50 channels (discordgo serialises requests per channel).
func BenchmarkRoundTrip(b *testing.B) {
	srv := New(b, WithoutIntentFiltering())
	sess := srv.OpenSession(b, discordgo.IntentsGuildMessages|discordgo.IntentsMessageContent)
	sess.AddHandler(func(s *discordgo.Session, m *discordgo.MessageCreate) {
		if _, err := s.ChannelMessageSend(m.ChannelID, "re: "+m.Content); err != nil {
			b.Errorf("send: %v", err)
		}
	})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		srv.Dispatch("MESSAGE_CREATE", srv.MessagePayload(Message{
			ChannelID: fmt.Sprintf("30000000000000%05d", i%50),
			Content:   fmt.Sprint(i),
		}))
	}
	srv.WaitMessages(b, b.N, 60e9)
}
