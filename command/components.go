package command

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/sudoku"
)

// Buttons and forms, without transport: a reply carries its buttons as
// [Button] values and a press answers with a [Form] to open or a reply.
// A button's custom ID says everything a press needs, so that any process
// (another replica, the same one after a restart) serves it from the
// database alone:
//
//	sg:<action>:<game>:<step>   a game's button (mv, nt, un, hi, ck, gu)
//	sf:<action>:<game>:<step>   the form a Move (mv) or Notes (nt) button opened
//	sp:<code>                   the Play button under a !new or !daily post
//
// <game> is the game's ID in the store and <step> the game's turn when the
// board was drawn (game.Game.Turn, which every change of the board, undo
// included, moves on): the board's version as the player saw it. An Undo
// pressed on a board that is no longer the game's latest undoes nothing
// (two quick presses undo once; a stale press never undoes a teammate's
// move). Every ID stays within Discord's 100 characters.

// ButtonStyle is how a button looks: Discord's styles.
type ButtonStyle int

// Discord's button styles (the values Discord uses).
const (
	Primary   ButtonStyle = 1
	Secondary ButtonStyle = 2
	Success   ButtonStyle = 3
	Danger    ButtonStyle = 4
)

// Button is a button under a reply; [GameButtonRows] puts a reply's
// buttons in Discord's rows of five.
type Button struct {
	Label    string
	CustomID string // at most 100 characters
	Style    ButtonStyle
	Disabled bool
}

// Form is a dialog a press opens (Discord's modal): its text fields come
// back with [Handler.Submit].
type Form struct {
	CustomID string
	Title    string // at most 45 characters
	Fields   []FormField
}

// FormField is a text field of a [Form].
type FormField struct {
	ID          string // the key of its value in Submit's fields
	Label       string // at most 45 characters
	Placeholder string // at most 100 characters
	Long        bool   // a paragraph rather than one line
	Max         int    // most characters, at most 4,000
}

// maxCustomID is Discord's limit on a component's custom ID.
const maxCustomID = 100

// The actions of a game's buttons.
const (
	actMove   = "mv"
	actNotes  = "nt"
	actUndo   = "un"
	actHint   = "hi"
	actCheck  = "ck"
	actGiveUp = "gu"
)

// FieldMoves is the ID of a move form's first field: moves as typed.
const FieldMoves = "moves"

// ErrUnknownComponent is the error of a custom ID that is none of ours.
var ErrUnknownComponent = errors.New("unknown component")

// ComponentID is a decoded custom ID.
type ComponentID struct {
	Kind   string // "sg" (game button), "sf" (form) or "sp" (Play)
	Action string // a game's button or form: mv, nt, un, hi, ck, gu
	Game   string // the game's ID
	Step   int64  // the board's turn when drawn
	Code   string // Play: the puzzle's code
}

// String encodes the ID.
func (c ComponentID) String() string {
	if c.Kind == "sp" {
		return "sp:" + c.Code
	}
	return c.Kind + ":" + c.Action + ":" + c.Game + ":" + strconv.FormatInt(c.Step, 10)
}

// ParseComponentID decodes a custom ID; an ID that is none of ours gives
// an error wrapping [ErrUnknownComponent].
func ParseComponentID(id string) (ComponentID, error) {
	bad := func(why string) (ComponentID, error) {
		return ComponentID{}, fmt.Errorf("custom ID %q: %s: %w", truncate(id, 40), why, ErrUnknownComponent)
	}
	if len(id) > maxCustomID {
		return bad("longer than 100 characters")
	}
	if code, ok := strings.CutPrefix(id, "sp:"); ok {
		if _, err := generate.ParseCode(code); err != nil {
			return bad("not a puzzle code")
		}
		return ComponentID{Kind: "sp", Code: code}, nil
	}
	parts := strings.Split(id, ":")
	if len(parts) != 4 || parts[0] != "sg" && parts[0] != "sf" {
		return bad("not a game's button or form")
	}
	c := ComponentID{Kind: parts[0], Action: parts[1], Game: parts[2]}
	switch c.Action {
	case actMove, actNotes:
	case actUndo, actHint, actCheck, actGiveUp:
		if c.Kind == "sf" {
			return bad("no form has that action")
		}
	default:
		return bad("unknown action")
	}
	if _, err := strconv.ParseUint(c.Game, 10, 64); err != nil {
		return bad("the game is not a number")
	}
	step, err := strconv.ParseInt(parts[3], 10, 64)
	if err != nil || step < 0 {
		return bad("the step is not a number")
	}
	c.Step = step
	return c, nil
}

// gameButtons are the buttons under a game's board, disabled once the game
// is over.
func gameButtons(rec settings.GameRecord, step int64) []Button {
	over := !rec.Open()
	b := func(label, act string, style ButtonStyle) Button {
		return Button{Label: label, Style: style, Disabled: over,
			CustomID: ComponentID{Kind: "sg", Action: act, Game: rec.ID, Step: step}.String()}
	}
	return []Button{b("Move", actMove, Primary), b("Notes", actNotes, Secondary), b("Undo", actUndo, Secondary),
		b("Hint", actHint, Secondary), b("Check", actCheck, Success), b("Give up", actGiveUp, Danger)}
}

// GameButtonRows splits buttons into Discord's rows of at most five.
func GameButtonRows(bs []Button) [][]Button {
	var rows [][]Button
	for len(bs) > 0 {
		n := min(5, len(bs))
		rows = append(rows, bs[:n])
		bs = bs[n:]
	}
	return rows
}

// PlayButton is the button under a served puzzle that starts a game of it
// for whoever presses it; none for a puzzle without a code.
func PlayButton(code generate.Code) []Button {
	if code == (generate.Code{}) {
		return nil
	}
	id := ComponentID{Kind: "sp", Code: strings.TrimPrefix(code.String(), "#")}.String()
	return []Button{{Label: "Play", CustomID: id, Style: Success}}
}

// Press answers a press of one of the bot's buttons by the member of seat
// at once: [Handler.Pressed] done (its board drawn), for a transport that
// neither budgets nor defers.
func (h *Handler) Press(ctx context.Context, customID string, seat Seat) Reply {
	return h.Pressed(customID, seat, "").Do(ctx).Drawn()
}

// Submit answers a form sent back at once: [Handler.Submitted] done (its
// board drawn).
func (h *Handler) Submit(ctx context.Context, customID string, seat Seat, fields map[string]string) Reply {
	return h.Submitted(customID, seat, "", fields).Do(ctx).Drawn()
}

// msgUnknownButton answers a press of a button that is none of ours.
const msgUnknownButton = "That button is not one I know (perhaps from an older version of the bot)."

// Pressed reads a press of one of the bot's buttons by the member of seat
// (event: the interaction's ID, played once) into its action: a form to
// open (Move, Notes: free), Undo, Check and Give up (moves), Hint and Play
// (a command's work; Play starts a new game as !play does, its answer a
// note for the presser). An unknown button's action answers a short error.
func (h *Handler) Pressed(customID string, seat Seat, event string) Action {
	c, err := ParseComponentID(customID)
	if err != nil || c.Kind == "sf" {
		return Action{Private: true, do: func(context.Context) Reply {
			return Reply{Text: render.Notice(msgUnknownButton), Outcome: "unknown_component", UserError: true, Err: err}
		}}
	}
	if c.Kind == "sp" {
		return Action{Cost: CommandCost, Private: true, do: func(ctx context.Context) Reply {
			return h.play(ctx, Request{Kind: Play, Args: c.Code, Seat: &seat, Settings: seat.Settings, UserID: seat.UserID})
		}}
	}
	play := func(text string, step int64) func(context.Context) Reply {
		return func(ctx context.Context) Reply {
			return h.play1(ctx, moveReq{game: c.Game, seat: seat, text: text, parse: game.Parse, step: step, event: event})
		}
	}
	switch c.Action {
	case actMove, actNotes:
		return Action{Game: c.Game, Form: true, do: func(context.Context) Reply { return Reply{Form: moveForm(c), Outcome: "game_form"} }}
	case actUndo:
		return Action{Game: c.Game, Cost: MoveCost, do: play("undo", c.Step)}
	case actHint:
		return Action{Game: c.Game, Cost: CommandCost, Private: true, do: play("hint", -1)}
	case actCheck:
		return Action{Game: c.Game, Cost: MoveCost, Private: true, do: play("check", -1)}
	default: // actGiveUp
		return Action{Game: c.Game, Cost: MoveCost, do: play("give up", -1)}
	}
}

// moveForm is the form a Move or Notes button opens.
func moveForm(c ComponentID) *Form {
	f := &Form{CustomID: ComponentID{Kind: "sf", Action: c.Action, Game: c.Game, Step: c.Step}.String(), Title: "Your moves"}
	field := FormField{ID: FieldMoves, Label: "Moves, as typed in the channel", Placeholder: "r3c5 7 r1c1 5 (r3c5 - erases, r3c5 +12 marks)", Long: true, Max: 1000}
	if c.Action == actNotes {
		f.Title = "Pencil marks"
		field.Label, field.Placeholder = "Cells and the marks to add (-12 removes)", "r3c5 12 r3c6 -4"
	}
	f.Fields = []FormField{field}
	return f
}

// Submitted reads a form sent back (customID as [Form].CustomID, fields by
// [FormField].ID) by the member of seat (event: the interaction's ID,
// played once) into its action: the moves of its first field played as
// typed (a Notes form reads digits without a sign as marks to add), a move
// or, when they ask for a hint, a command's work.
func (h *Handler) Submitted(customID string, seat Seat, event string, fields map[string]string) Action {
	c, err := ParseComponentID(customID)
	if err != nil || c.Kind != "sf" {
		return Action{Private: true, do: func(context.Context) Reply {
			return Reply{Text: render.Notice("That form is not one I know (perhaps from an older version of the bot)."), Outcome: "unknown_component", UserError: true, Err: err}
		}}
	}
	text := fields[FieldMoves]
	parse := game.Parse
	if c.Action == actNotes {
		parse = game.ParseNotes
	}
	return Action{Game: c.Game, Cost: costOf(text, parse), do: func(ctx context.Context) Reply {
		return h.play1(ctx, moveReq{game: c.Game, seat: seat, text: text, parse: parse, step: -1, event: event})
	}}
}

// costOf is the cost of playing text: a command's when it asks for a hint
// (the logic engine), else a move's (a malformed text is answered at a
// move's cost too).
func costOf(text string, parse func(string, int) ([]game.Move, error)) Cost {
	moves, _ := parse(text, sudoku.MaxSize)
	if slices.ContainsFunc(moves, func(m game.Move) bool { return m.Action == game.Hint }) {
		return CommandCost
	}
	return MoveCost
}
