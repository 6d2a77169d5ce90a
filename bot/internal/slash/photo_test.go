package slash

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestPhoto(t *testing.T) {
	att := &discordgo.MessageAttachment{ID: "77", Filename: "grid.jpg", URL: "https://cdn.discordapp.com/attachments/1/77/grid.jpg"}
	data := discordgo.ApplicationCommandInteractionData{Resolved: &discordgo.ApplicationCommandInteractionDataResolved{
		Attachments: map[string]*discordgo.MessageAttachment{"77": att}}}
	photo := func(id string) *opt {
		return &opt{Name: PhotoOption, Type: discordgo.ApplicationCommandOptionAttachment, Value: id}
	}
	for _, tc := range []struct {
		name  string
		data  discordgo.ApplicationCommandInteractionData
		opts  []*opt
		want  *discordgo.MessageAttachment
		named bool
	}{
		{"resolved", data, []*opt{str("grid", ""), photo("77")}, att, true},
		{"absent", data, []*opt{str("grid", "1.2")}, nil, false},
		{"not resolved", data, []*opt{photo("78")}, nil, true},
		{"no resolved data", discordgo.ApplicationCommandInteractionData{}, []*opt{photo("77")}, nil, true},
		{"a string named photo is not it", data, []*opt{str(PhotoOption, "77")}, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, named := Photo(tc.data, tc.opts)
			if got != tc.want || named != tc.named {
				t.Errorf("Photo = %v, %v; want %v, %v", got, named, tc.want, tc.named)
			}
		})
	}
}

// TestPhotoOptionOnGridCommands: the commands that read a grid take it as
// text or as a photo, neither required (Discord requires the required
// options first, and one of the two is enough).
func TestPhotoOptionOnGridCommands(t *testing.T) {
	reads := map[string]bool{"solve": true, "check": true, "hint": true, "rate": true, "explain": true}
	for _, c := range Commands() {
		var grid, photo *discordgo.ApplicationCommandOption
		for _, o := range c.Options {
			switch o.Name {
			case gridOption:
				grid = o
			case PhotoOption:
				photo = o
			}
		}
		if !reads[c.Name] {
			if photo != nil {
				t.Errorf("/%s has a photo option", c.Name)
			}
			continue
		}
		if grid == nil || grid.Required || photo == nil || photo.Required || photo.Type != discordgo.ApplicationCommandOptionAttachment {
			t.Errorf("/%s: grid %+v, photo %+v; want both, optional, photo an attachment", c.Name, grid, photo)
		}
	}
}
