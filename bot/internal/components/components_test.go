package components

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
)

// TestRows: six buttons make two rows (five, then one), each button as
// given; none makes an empty list that JSON writes as [].
func TestRows(t *testing.T) {
	var bs []command.Button
	for i := range 6 {
		bs = append(bs, command.Button{Label: string(rune('A' + i)), CustomID: "id" + string(rune('a'+i)), Style: command.Danger, Disabled: i == 5})
	}
	rows := Rows(bs)
	if len(rows) != 2 || len(rows[0].(discordgo.ActionsRow).Components) != 5 || len(rows[1].(discordgo.ActionsRow).Components) != 1 {
		t.Fatalf("rows %+v", rows)
	}
	last := rows[1].(discordgo.ActionsRow).Components[0].(discordgo.Button)
	if last.Label != "F" || last.CustomID != "idf" || !last.Disabled || last.Style != discordgo.DangerButton {
		t.Errorf("last button %+v", last)
	}
	if b, _ := json.Marshal(Rows(nil)); string(b) != "[]" {
		t.Errorf("no buttons: %s", b)
	}
}

// TestModal: a form's fields become text inputs whose values come back by
// their IDs from a submitted modal as Discord sends it.
func TestModal(t *testing.T) {
	m := ModalOf(&command.Form{CustomID: "sf:mv:1:0", Title: "Your moves", Fields: []command.FormField{{ID: "moves", Label: "Moves", Long: true, Max: 1000}}})
	b, err := json.Marshal(m)
	if err != nil || !strings.Contains(string(b), `"custom_id":"moves"`) || !strings.Contains(string(b), `"style":2`) {
		t.Fatalf("modal %s %v", b, err)
	}
	var i discordgo.Interaction
	payload := `{"type":5,"data":{"custom_id":"sf:mv:1:0","components":[{"type":1,"components":[{"type":4,"custom_id":"moves","value":"r1c1 5"}]}]}}`
	if err := json.Unmarshal([]byte(payload), &i); err != nil {
		t.Fatal(err)
	}
	if got := Fields(i.ModalSubmitData()); got["moves"] != "r1c1 5" {
		t.Errorf("fields %v", got)
	}
}
