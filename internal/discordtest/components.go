package discordtest

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Button is a button of a message's components, as the fake read it.
type Button struct {
	Row      int // 0-based index of its action row
	CustomID string
	Label    string
	Style    discordgo.ButtonStyle
	Disabled bool
	URL      string // link buttons (style 5)
	Emoji    string // the emoji's name (or id for a custom one), "" if none
}

// rawComponent is any component as sent, with the fields the fake checks.
type rawComponent struct {
	Type       discordgo.ComponentType    `json:"type"`
	CustomID   *string                    `json:"custom_id"`
	Label      *string                    `json:"label"`
	Style      int                        `json:"style"`
	Disabled   bool                       `json:"disabled"`
	URL        string                     `json:"url"`
	SKUID      string                     `json:"sku_id"`
	Emoji      *struct{ ID, Name string } `json:"emoji"`
	Options    []json.RawMessage          `json:"options"`
	Components []json.RawMessage          `json:"components"`
	// text inputs (modals)
	MinLength   *int    `json:"min_length"`
	MaxLength   *int    `json:"max_length"`
	Required    *bool   `json:"required"`
	Value       *string `json:"value"`
	Placeholder *string `json:"placeholder"`
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// ButtonsOf returns the buttons in components (action rows as a message
// carries them), row by row.
func ButtonsOf(components []json.RawMessage) []Button {
	var out []Button
	for i, raw := range components {
		var row rawComponent
		if json.Unmarshal(raw, &row) != nil || row.Type != discordgo.ActionsRowComponent {
			continue
		}
		for _, cr := range row.Components {
			var c rawComponent
			if json.Unmarshal(cr, &c) != nil || c.Type != discordgo.ButtonComponent {
				continue
			}
			b := Button{Row: i, CustomID: str(c.CustomID), Label: str(c.Label), Style: discordgo.ButtonStyle(c.Style), Disabled: c.Disabled, URL: c.URL}
			if c.Emoji != nil {
				b.Emoji = c.Emoji.Name
				if b.Emoji == "" {
					b.Emoji = c.Emoji.ID
				}
			}
			out = append(out, b)
		}
	}
	return out
}

// findButton returns the button with customID among components.
func findButton(components []json.RawMessage, customID string) (Button, bool) {
	for _, b := range ButtonsOf(components) {
		if b.CustomID == customID {
			return b, true
		}
	}
	return Button{}, false
}

// isComponentsV2 is the message flag (1 << 15) that lets a message use the
// layout components instead of content and action rows.
const isComponentsV2 = discordgo.MessageFlags(1 << 15)

// validateComponents applies Discord's rules for a message's components
// (action rows of buttons and select menus): at most 5 rows, each of width
// at most 5 (a button takes 1, a select menu the whole row), custom_id of 1
// to 100 characters and unique within the message, labels of at most 80,
// link buttons with a url and no custom_id. Messages flagged
// IS_COMPONENTS_V2 are not checked. It reports false after answering 400
// (code 50035, the field named).
func validateComponents(x *exchange, comps []json.RawMessage, flags discordgo.MessageFlags) bool {
	if flags&isComponentsV2 != 0 {
		return true
	}
	if len(comps) > 5 {
		x.formError("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
		return false
	}
	seen := map[string]bool{}
	for i, raw := range comps {
		f := fmt.Sprintf("components.%d", i)
		var row rawComponent
		if err := json.Unmarshal(raw, &row); err != nil {
			x.formError(f, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
			return false
		}
		if row.Type != discordgo.ActionsRowComponent {
			x.formError(f+".type", "UNION_TYPE_CHOICES", fmt.Sprintf("Value of field \"type\" must be one of (1,) without the IS_COMPONENTS_V2 flag, got %d.", row.Type))
			return false
		}
		if len(row.Components) == 0 {
			x.formError(f+".components", "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
			return false
		}
		if len(row.Components) > 5 {
			x.formError(f+".components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
			return false
		}
		width := 0
		for j, cr := range row.Components {
			cf := fmt.Sprintf("%s.components.%d", f, j)
			var c rawComponent
			if err := json.Unmarshal(cr, &c); err != nil {
				x.formError(cf, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
				return false
			}
			switch c.Type {
			case discordgo.ButtonComponent:
				width++
				if !validateButton(x, cf, c) {
					return false
				}
			case discordgo.SelectMenuComponent, discordgo.UserSelectMenuComponent, discordgo.RoleSelectMenuComponent,
				discordgo.MentionableSelectMenuComponent, discordgo.ChannelSelectMenuComponent:
				width += 5
				if n := utf8.RuneCountInString(str(c.CustomID)); n < 1 || n > 100 {
					x.formError(cf+".custom_id", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
					return false
				}
				if c.Type == discordgo.SelectMenuComponent && (len(c.Options) < 1 || len(c.Options) > 25) {
					x.formError(cf+".options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
					return false
				}
			default:
				x.formError(cf+".type", "COMPONENT_TYPE_INVALID", fmt.Sprintf("Component type %d is not valid in an action row of a message.", c.Type))
				return false
			}
			if width > 5 {
				x.formError(cf, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
				return false
			}
			if id := str(c.CustomID); id != "" {
				if seen[id] {
					x.formError(cf+".custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
					return false
				}
				seen[id] = true
			}
		}
	}
	return true
}

func validateButton(x *exchange, f string, c rawComponent) bool {
	if c.Style < 1 || c.Style > 6 {
		x.formError(f+".style", "BASE_TYPE_CHOICES", fmt.Sprintf("Value must be one of {1, 2, 3, 4, 5, 6}, got %d.", c.Style))
		return false
	}
	if n := utf8.RuneCountInString(str(c.Label)); n > 80 {
		x.formError(f+".label", "BASE_TYPE_MAX_LENGTH", "Must be 80 or fewer in length.")
		return false
	}
	switch discordgo.ButtonStyle(c.Style) {
	case discordgo.LinkButton:
		if c.URL == "" {
			x.formError(f+".url", "BUTTON_COMPONENT_URL_REQUIRED", "A url is required")
			return false
		}
		if c.CustomID != nil {
			x.formError(f+".custom_id", "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A custom id cannot be specified for a link button")
			return false
		}
	case discordgo.PremiumButton:
		if c.SKUID == "" {
			x.formError(f+".sku_id", "BUTTON_COMPONENT_SKU_ID_REQUIRED", "A sku id is required")
			return false
		}
	default:
		if c.CustomID == nil {
			x.formError(f+".custom_id", "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", "A custom id is required")
			return false
		}
		if n := utf8.RuneCountInString(*c.CustomID); n < 1 || n > 100 {
			x.formError(f+".custom_id", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
			return false
		}
		if c.URL != "" {
			x.formError(f+".url", "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A url can only be specified for a link button")
			return false
		}
	}
	if discordgo.ButtonStyle(c.Style) != discordgo.PremiumButton && str(c.Label) == "" && c.Emoji == nil {
		x.formError(f, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or an emoji is required")
		return false
	}
	return true
}
