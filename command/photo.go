package command

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/sudoku"
	"github.com/sudokubot/sudokubot/vision"
)

// Image is a picture attached to a request: on Discord an attachment of the
// message, or of the message it replies to; on the console a file named
// with @. The transport fetches the bytes (within its own size cap and
// deadline), or gives Fetch to fetch them when the command runs; Err says
// why it could not, and the reply says so.
type Image struct {
	Name        string // the file's name, as the person sees it
	ContentType string // the MIME type the transport was told, if any
	Data        []byte
	Err         error // the bytes could not be fetched
	// Fetch, when set and Data and Err are not, fetches the bytes: the
	// handler calls it when it reads the picture, on one of the bot's
	// workers, so that a picture is downloaded only once its command is
	// admitted (a command refused for a full queue downloads nothing,
	// and no more pictures are held at once than there are workers).
	Fetch func(ctx context.Context) ([]byte, error)
}

// DefaultPictureTimeout bounds reading one picture (decoding, finding the
// grid, the model and the rules) when Config.PictureTimeout is zero: about
// half a second of CPU, far less than this.
const DefaultPictureTimeout = 10 * time.Second

// Outcomes of a command on a picture.
const (
	outcomePictureNoGrid   = "picture_no_grid"   // a picture without a grid
	outcomePictureUnread   = "picture_unread"    // a grid whose cells could not be read
	outcomePictureBad      = "picture_bad"       // not a picture, too large, damaged, not fetched
	outcomePictureTimedOut = "picture_timed_out" // reading took too long
)

// fromPicture answers a command that has no grid text but a picture: the
// reply shows the grid as read, then the command's answer on it. It reports
// false when the command has no picture or has a grid of its own (text
// wins).
func (h *Handler) fromPicture(ctx context.Context, req Request) (Reply, bool) {
	if req.Attached == nil {
		return Reply{}, false
	}
	if _, err := parser.Read(req.Args); !errors.Is(err, parser.ErrEmpty) {
		return Reply{}, false
	}
	img := *req.Attached
	if img.Data == nil && img.Err == nil && img.Fetch != nil {
		img.Data, img.Err = img.Fetch(ctx)
	}
	if img.Err != nil {
		return h.pictureProblem(fmt.Sprintf("I couldn't fetch %s, so I couldn't read it.", name(img)), outcomePictureBad), true
	}
	rctx, cancel := context.WithTimeout(ctx, h.pictureTimeout())
	start := time.Now()
	r, err := vision.Read(rctx, img.Data)
	cancel()
	var ue *vision.UnreadableError
	switch {
	case errors.As(err, &ue):
		text := asRead(img, ue.Reading, ue.Cells, false) + "\n" + render.Notice(fmt.Sprintf(
			"I found the grid but couldn't read %s with confidence, and the reading breaks the rules. "+
				"Take the photo again straight on, in good light, the grid filling most of the frame, "+
				"or paste the grid as text (the line above, corrected).", cellList(ue.Cells)))
		return Reply{Text: fitReply(text), Outcome: outcomePictureUnread, UserError: true, Size: 9, SolveTime: time.Since(start)}, true
	case err != nil:
		msg, out := pictureError(img, err)
		rep := h.pictureProblem(msg, out)
		rep.SolveTime = time.Since(start)
		return rep, true
	}
	givens := parser.Puzzle{Grid: r.Givens}
	played := parser.Puzzle{Grid: r.Grid}
	var rep Reply
	note := ""
	switch req.Kind {
	case Solve:
		rep = h.gridOf(ctx, req, givens)
	case Check:
		rep = h.gridOf(ctx, req, played)
		note = wrongDigits(ctx, r, h.cfg.SolveTimeout)
	case Hint:
		rep = h.teachOf(ctx, req, played)
	default: // Rate, Explain
		rep = h.teachOf(ctx, req, givens)
	}
	rep.SolveTime += time.Since(start)
	head := asRead(img, r, r.Uncertain, req.Kind == Solve || req.Kind == Rate || req.Kind == Explain)
	if note != "" {
		head += "\n" + note
	}
	if render.Len(head)+1+render.Len(rep.Text) > render.MaxLen {
		head = compactRead(r)
	}
	rep.Text = head + "\n" + rep.Text
	if render.Len(rep.Text) > render.MaxLen {
		rep.Text = fitReply(rep.Text)
	}
	return rep, true
}

// pictureProblem is the reply to a picture that could not be read at all.
func (h *Handler) pictureProblem(msg, outcome string) Reply {
	return Reply{Text: render.Notice(msg + " You can also paste the grid as text: " + h.cfg.Prefix + "help shows how."), Outcome: outcome, UserError: true}
}

func name(img Image) string {
	if img.Name == "" {
		return "the picture"
	}
	return "`" + strings.ReplaceAll(truncate(img.Name, 60), "`", "'") + "`"
}

// pictureError words the error of reading a picture for the person who sent it.
func pictureError(img Image, err error) (string, string) {
	var fe *vision.FormatError
	var se *vision.SizeError
	switch {
	case errors.Is(err, vision.ErrNoGrid):
		return fmt.Sprintf("I found no sudoku grid in %s. Take the photo straight on, with the whole grid in the frame and in focus.", name(img)), outcomePictureNoGrid
	case errors.As(err, &fe) && fe.Format != "":
		return fmt.Sprintf("%s is %s, which I don't read: send it as %s (a screenshot of it works).", name(img), fe.Format, vision.Formats), outcomePictureBad
	case errors.Is(err, vision.ErrFormat):
		return fmt.Sprintf("%s is not a picture I can read: I read %s.", name(img), vision.Formats), outcomePictureBad
	case errors.As(err, &se):
		return fmt.Sprintf("%s is too large to read (%d×%d pixels; at most %d on a side and %d megapixels).", name(img), se.Width, se.Height, vision.MaxSide, vision.MaxPixels/1_000_000), outcomePictureBad
	case errors.Is(err, vision.ErrTooLarge):
		return fmt.Sprintf("%s is too large to read (at most %d MiB).", name(img), vision.MaxFileBytes>>20), outcomePictureBad
	case errors.Is(err, vision.ErrCorrupt):
		return fmt.Sprintf("%s looks damaged or cut short: I couldn't decode it.", name(img)), outcomePictureBad
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return fmt.Sprintf("Reading %s took too long.", name(img)), outcomePictureTimedOut
	}
	return fmt.Sprintf("I couldn't read %s.", name(img)), outcomePictureBad
}

// asRead shows the grid as read: a board with a ? after each digit read
// with low confidence, the cells named, and the grid in one line to paste
// when a cell is wrong. givensOnly shows the givens alone (what a solve or
// rating works on).
func asRead(img Image, r *vision.Reading, unsure []sudoku.Cell, givensOnly bool) string {
	g := r.Grid
	what := "the grid"
	if givensOnly && r.Givens != r.Grid {
		g, what = r.Givens, "the printed givens"
	}
	marked := map[int]bool{}
	for _, c := range unsure {
		marked[c.Row*9+c.Col] = true
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Read from %s (%s):\n```\n", name(img), what)
	for row := range 9 {
		if row > 0 && row%3 == 0 {
			b.WriteString("------+------+------\n")
		}
		var line strings.Builder
		for col := range 9 {
			if col > 0 && col%3 == 0 {
				line.WriteString("|")
			}
			i := row*9 + col
			d := g.At(i)
			ch := byte('.')
			if d > 0 {
				ch = byte('0' + d)
			}
			line.WriteByte(ch)
			if marked[i] {
				line.WriteByte('?')
			} else {
				line.WriteByte(' ')
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	b.WriteString("```")
	if len(unsure) > 0 {
		fmt.Fprintf(&b, "\nNot sure of %s (marked ?).", cellList(unsure))
	}
	if n := filledCount(r); n > 0 && !givensOnly {
		fmt.Fprintf(&b, " %d of the digits look filled in, %d printed.", n, r.Givens.Filled())
	}
	fmt.Fprintf(&b, "\nIf I misread a cell, paste this line corrected: `%s`", lineOf(g))
	return b.String()
}

// compactRead is the grid as read in one line, for a reply with no room for
// the board.
func compactRead(r *vision.Reading) string {
	s := fmt.Sprintf("Read from the picture: `%s`", r.Line())
	if len(r.Uncertain) > 0 {
		s += fmt.Sprintf(" (not sure of %s)", cellList(r.Uncertain))
	}
	return s
}

func lineOf(g sudoku.Grid) string {
	b := make([]byte, 81)
	for i := range b {
		b[i] = '.'
		if d := g.At(i); d > 0 {
			b[i] = byte('0' + d)
		}
	}
	return string(b)
}

func filledCount(r *vision.Reading) int {
	n := 0
	for _, k := range r.Kinds {
		if k == vision.Filled {
			n++
		}
	}
	return n
}

// cellList names cells as hints do: r1c2, r3c4 and r5c6 (at most ten, then
// how many more).
func cellList(cells []sudoku.Cell) string {
	names := make([]string, 0, len(cells))
	for i, c := range cells {
		if i == 10 {
			names = append(names, fmt.Sprintf("%d more", len(cells)-10))
			break
		}
		names = append(names, c.String())
	}
	switch len(names) {
	case 0:
		return "some cells"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// wrongDigits says how many of the digits filled in are not the solution's
// of the printed givens, when the givens have one solution ("" otherwise,
// or when all are right).
func wrongDigits(ctx context.Context, r *vision.Reading, timeout time.Duration) string {
	if filledCount(r) == 0 {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	res, err := sudoku.Solve(ctx, r.Givens, 2)
	if err != nil || res.Status != sudoku.Unique {
		return ""
	}
	wrong := 0
	for i, k := range r.Kinds {
		if k == vision.Filled && r.Grid.At(i) != res.Solution.At(i) {
			wrong++
		}
	}
	switch wrong {
	case 0:
		return "All your digits agree with the printed puzzle's solution."
	case 1:
		return "1 of your digits is wrong (it is not the printed puzzle's solution)."
	}
	return fmt.Sprintf("%d of your digits are wrong (they are not the printed puzzle's solution).", wrong)
}

// pictureTimeout is the deadline of reading one picture.
func (h *Handler) pictureTimeout() time.Duration {
	if h.cfg.PictureTimeout > 0 {
		return h.cfg.PictureTimeout
	}
	return DefaultPictureTimeout
}
