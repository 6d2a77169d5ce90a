package command

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/sudoku"
)

// PictureMode says when a reply that shows a board carries a picture of it
// (a PNG drawn by package picture) as an attachment. It is the settings'
// type ([settings.PictureMode]): the one the operator sets (IMAGE_REPLIES)
// and a server chooses (/settings pictures), read by one parser
// ([settings.ParsePictureMode]). It is defined in package settings, the
// lower of the two layers (settings imports only the standard library;
// command may import settings, not the other way round). Its zero value,
// settings.PicturesDefault, works as [PicturesAuto].
type PictureMode = settings.PictureMode

// The picture modes, in the command layer's words.
const (
	// PicturesAuto attaches the picture where the text falls short: boards
	// of 12×12 and larger, and what a monospace board cannot mark (a hint's
	// eliminations and placements, pencil marks).
	PicturesAuto = settings.PicturesAuto
	// PicturesAlways attaches a picture to every reply that shows a board.
	PicturesAlways = settings.PicturesAlways
	// PicturesNever attaches none, even when a person asks for one (the
	// reply then says so).
	PicturesNever = settings.PicturesOff
)

// DefaultPictures is the picture mode of a zero [Config].
const DefaultPictures = PicturesAuto

// PictureChoice is what one command asks about the picture of its reply.
type PictureChoice uint8

// The choices. A text command asks for a picture with the word [PictureWord];
// a slash command with its image option, true or false.
const (
	PictureAsConfigured PictureChoice = iota // as the Handler's PictureMode says
	PictureOn                                // a picture with every board (unless the mode is never)
	PictureOff                               // no picture: text only
)

// PictureWord asks for a picture of the board when it is the last word of a
// text command, or the first after the command word: "!solve <grid> img".
// It is never read as part of the grid.
const PictureWord = "img"

// autoPictureSize is the side of the smallest board that gets a picture in
// PicturesAuto mode.
const autoPictureSize = 12

// cutPictureWord takes the picture word off the start or the end of
// req.Args (see [PictureWord]) and records the choice in req. A word at the
// start moves the position of Args past it.
func cutPictureWord(req Request) Request {
	found := false
	args := req.Args
	// First, right after the command word: whitespace, the word, then
	// whitespace or the end.
	lead := strings.TrimLeftFunc(args, unicode.IsSpace)
	if w, rest := splitWord(lead); strings.EqualFold(w, PictureWord) {
		if r, _ := utf8.DecodeRuneInString(rest); rest == "" || unicode.IsSpace(r) {
			if req.Line > 0 {
				req.Line, req.Col = advance(req.Line, req.Col, args[:len(args)-len(rest)])
			}
			args, found = rest, true
		}
	}
	// Then at the end: whitespace, the word, then only whitespace.
	trimmed := strings.TrimRightFunc(args, unicode.IsSpace)
	if i := strings.LastIndexFunc(trimmed, unicode.IsSpace); i >= 0 {
		_, n := utf8.DecodeRuneInString(trimmed[i:])
		if strings.EqualFold(trimmed[i+n:], PictureWord) {
			args, found = trimmed[:i], true
		}
	}
	req.Args = args
	if found && req.Picture == PictureAsConfigured {
		req.Picture = PictureOn
	}
	return req
}

// advance returns the position (line and column from 1) just after text
// that starts at line, col.
func advance(line, col int, text string) (int, int) {
	if k := strings.Count(text, "\n"); k > 0 {
		return line + k, 1 + utf8.RuneCountInString(text[strings.LastIndexByte(text, '\n')+1:])
	}
	return line, col + utf8.RuneCountInString(text)
}

// wantPicture decides whether a reply whose board has side n gets a
// picture: needed says the text cannot show what matters.
func (h *Handler) wantPicture(req Request, n int, needed bool) bool {
	switch {
	case n == 0 || h.cfg.Pictures == PicturesNever || req.Picture == PictureOff:
		return false
	case req.Picture == PictureOn || h.cfg.Pictures == PicturesAlways:
		return true
	}
	return n >= autoPictureSize || needed
}

// pictureNote is the note of a reply that was asked for a picture and has
// none, or "" when it needs none.
func (h *Handler) pictureNote(req Request, attached bool) string {
	switch {
	case req.Picture != PictureOn || attached:
		return ""
	case h.cfg.Pictures == PicturesNever:
		return "Pictures are turned off on this bot."
	}
	return "This reply shows no board, so it comes without a picture."
}

// A drawing is one picture to attach: its file name and what it shows.
type drawing struct {
	name  string
	board picture.Board
}

// illustrate attaches the drawings to rep and writes its text with them in
// mind: text(opt) is the reply's text for render options opt. The text
// leaves a large board to the picture (opt.Picture), when boardDrawn says
// the board itself is among the drawings; then the text with the board is
// kept as rep.Fallback, for when the files cannot be posted. A picture that
// cannot be drawn leaves the text board, and the error in rep.Err.
func (h *Handler) illustrate(rep *Reply, req Request, opt render.Options, boardDrawn bool, text func(render.Options) string, ds ...drawing) {
	files := make([]File, 0, len(ds))
	for _, d := range ds {
		f, err := h.draw(d, opt.Symbols)
		if err != nil {
			rep.Err = err
			rep.Text = text(opt)
			return
		}
		files = append(files, f)
	}
	plain := text(opt)
	if note := h.pictureNote(req, len(files) > 0); note != "" {
		opt.Notes = append(opt.Notes[:len(opt.Notes):len(opt.Notes)], note)
		plain = text(opt)
	}
	rep.Text = plain
	if len(files) == 0 {
		return
	}
	rep.Files = append(rep.Files, files...)
	if boardDrawn {
		opt.Picture = true
		if short := text(opt); short != plain {
			rep.Text, rep.Fallback = short, plain
		}
	}
}

// draw encodes one drawing as a PNG file, in the Handler's theme, with the
// rows and columns numbered as hints and conflicts name cells (r3c5), and
// the digits written with syms as the text writes them (see
// render.Options.Symbols).
func (h *Handler) draw(d drawing, syms string) (File, error) {
	var buf bytes.Buffer
	if err := picture.Encode(&buf, d.board, picture.Options{Theme: h.cfg.Theme, Coordinates: true, Symbols: syms}); err != nil {
		return File{}, fmt.Errorf("draw %s: %w", d.name, err)
	}
	return File{Name: d.name, ContentType: "image/png", Data: buf.Bytes()}, nil
}

// spoilerName is the name Discord hides behind a spoiler until clicked.
func spoilerName(name string) string { return "SPOILER_" + name }

// solvedDrawing is the picture of a solve's reply: the solution with the
// givens marked (a spoiler when the text is one), the puzzle, or the puzzle
// with its conflicts; false when the reply shows no board.
func (h *Handler) solvedDrawing(puzzle sudoku.Grid, res sudoku.Result) (drawing, bool) {
	switch res.Status {
	case sudoku.Unique, sudoku.Multiple:
		if res.Solution.Size() == 0 {
			return drawing{}, false
		}
		b := picture.Board{Grid: res.Solution}
		if puzzle.Shape() == res.Solution.Shape() {
			b.Givens = puzzle
		}
		name := "solution.png"
		if h.cfg.Spoiler {
			name = spoilerName(name)
		}
		return drawing{name, b}, true
	case sudoku.None:
		return drawing{"puzzle.png", picture.Board{Grid: puzzle}}, true
	case sudoku.Invalid:
		return drawing{"conflicts.png", picture.Board{Grid: puzzle, Conflicts: res.Conflicts}}, true
	}
	return drawing{}, false
}
