// Package components writes the command layer's buttons and forms
// (command.Button, command.Form) as Discord's message components: rows of
// at most five buttons under a message, and a modal's text inputs. It is
// the Discord side of the board's buttons; what a press does is the
// command layer's.
package components

import (
	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
)

// Rows returns Discord's action rows for bs, five buttons a row; an empty
// (not nil) list when there are none, so that an edit with it removes the
// buttons a message had.
func Rows(bs []command.Button) []discordgo.MessageComponent {
	rows := []discordgo.MessageComponent{}
	for _, row := range command.GameButtonRows(bs) {
		var r discordgo.ActionsRow
		for _, bt := range row {
			r.Components = append(r.Components, discordgo.Button{Label: bt.Label, CustomID: bt.CustomID,
				Style: discordgo.ButtonStyle(bt.Style), Disabled: bt.Disabled})
		}
		rows = append(rows, r)
	}
	return rows
}

// Modal is the data of an interaction response that opens a form.
type Modal struct {
	CustomID   string                       `json:"custom_id"`
	Title      string                       `json:"title"`
	Components []discordgo.MessageComponent `json:"components"`
}

// ModalOf writes f as a modal: one row per text field.
func ModalOf(f *command.Form) *Modal {
	m := &Modal{CustomID: f.CustomID, Title: f.Title}
	for _, fl := range f.Fields {
		style := discordgo.TextInputShort
		if fl.Long {
			style = discordgo.TextInputParagraph
		}
		m.Components = append(m.Components, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{
			CustomID: fl.ID, Label: fl.Label, Style: style, Placeholder: fl.Placeholder, Required: true, MaxLength: fl.Max}}})
	}
	return m
}

// Fields returns the values of a submitted modal's text inputs by custom ID.
func Fields(data discordgo.ModalSubmitInteractionData) map[string]string {
	fields := map[string]string{}
	for _, row := range data.Components {
		ar, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range ar.Components {
			if ti, ok := c.(*discordgo.TextInput); ok {
				fields[ti.CustomID] = ti.Value
			}
		}
	}
	return fields
}

// UserID is the member (in a server) or user (in a DM) of an interaction.
func UserID(i *discordgo.Interaction) string {
	switch {
	case i.Member != nil && i.Member.User != nil:
		return i.Member.User.ID
	case i.User != nil:
		return i.User.ID
	}
	return ""
}
