package command

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

const (
	photoPuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	photoSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// boardPicture is the bot's own PNG of the puzzle with the cells of
// filled (a line of 81, '.' for none) filled in.
func boardPicture(t *testing.T, filled string) []byte {
	t.Helper()
	grid := []byte(photoPuzzle)
	for i := range grid {
		if filled[i] != '.' {
			grid[i] = filled[i]
		}
	}
	var buf bytes.Buffer
	b := picture.Board{Grid: testgrids.Decode(t, string(grid)), Givens: testgrids.Decode(t, photoPuzzle)}
	if err := picture.Encode(&buf, b, picture.Options{Theme: picture.Light}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func handlePhoto(t *testing.T, content string, img *Image) Reply {
	t.Helper()
	h := New(Config{Prefix: "!", Pictures: PicturesNever, PictureTimeout: 10 * time.Minute})
	req, ok := h.Match(content, "")
	if !ok {
		t.Fatalf("%q is no command", content)
	}
	req.Attached = img
	return h.Handle(context.Background(), req)
}

func TestPhotoSolve(t *testing.T) {
	rep := handlePhoto(t, "!solve", &Image{Name: "board.png", ContentType: "image/png", Data: boardPicture(t, strings.Repeat(".", 81))})
	if rep.Outcome != sudoku.Unique.String() || rep.UserError {
		t.Fatalf("outcome %q (user error %v):\n%s", rep.Outcome, rep.UserError, rep.Text)
	}
	read := strings.Index(rep.Text, "Read from `board.png`")
	line := strings.Index(rep.Text, "`"+photoPuzzle+"`")
	if read != 0 || line < 0 {
		t.Errorf("the reply does not start with the grid as read, in one line to paste:\n%s", rep.Text)
	}
	// The solution's first row, after the grid as read.
	if i := strings.Index(rep.Text, "5"); i < 0 || !strings.Contains(rep.Text[line:], "9") {
		t.Errorf("no solution after the reading:\n%s", rep.Text)
	}
}

// TestPhotoFetchedWhenRead: a picture given to fetch is fetched when the
// command reads it (once), and a failed fetch is said as one.
func TestPhotoFetchedWhenRead(t *testing.T) {
	data := boardPicture(t, strings.Repeat(".", 81))
	calls := 0
	rep := handlePhoto(t, "!solve", &Image{Name: "board.png", Fetch: func(context.Context) ([]byte, error) {
		calls++
		return data, nil
	}})
	if calls != 1 || rep.Outcome != sudoku.Unique.String() || rep.UserError {
		t.Fatalf("%d fetches, outcome %q (user error %v):\n%s", calls, rep.Outcome, rep.UserError, rep.Text)
	}
	rep = handlePhoto(t, "!solve", &Image{Name: "gone.png", Fetch: func(context.Context) ([]byte, error) {
		return nil, errors.New("HTTP 404")
	}})
	if rep.Outcome != outcomePictureBad || !strings.Contains(rep.Text, "couldn't fetch") {
		t.Errorf("a failed fetch: outcome %q:\n%s", rep.Outcome, rep.Text)
	}
}

func TestPhotoCheckCountsWrongDigits(t *testing.T) {
	filled := []byte(strings.Repeat(".", 81))
	copy(filled, "..4") // r1c3 = 4, the solution's
	filled[3] = '2'     // r1c4 = 2, the solution has 6
	rep := handlePhoto(t, "!check", &Image{Name: "progress.png", Data: boardPicture(t, string(filled))})
	if rep.UserError {
		t.Fatalf("user error:\n%s", rep.Text)
	}
	if !strings.Contains(rep.Text, "1 of your digits is wrong") || !strings.Contains(rep.Text, "2 of the digits look filled in") {
		t.Errorf("check of a photo with one wrong digit of two:\n%s", rep.Text)
	}
}

func TestPhotoProblems(t *testing.T) {
	var blank bytes.Buffer
	if err := png.Encode(&blank, image.NewGray(image.Rect(0, 0, 200, 200))); err != nil {
		t.Fatal(err)
	}
	huge := blank.Bytes()[:33:33]
	huge = append([]byte{}, huge...)
	huge[16], huge[17], huge[18], huge[19] = 0, 1, 0, 0 // width 65536
	cases := []struct {
		name, outcome, says string
		img                 Image
	}{
		{"no grid", outcomePictureNoGrid, "no sudoku grid", Image{Name: "cat.png", Data: blank.Bytes()}},
		{"not a picture", outcomePictureBad, "JPEG, PNG, WebP, GIF and BMP", Image{Name: "grid.jpg", Data: []byte(photoPuzzle)}},
		{"HEIC", outcomePictureBad, "HEIC", Image{Name: "IMG_1.heic", Data: append([]byte("\x00\x00\x00\x18ftypheic"), make([]byte, 20)...)}},
		{"damaged", outcomePictureBad, "damaged", Image{Name: "cut.png", Data: blank.Bytes()[:60]}},
		{"not fetched", outcomePictureBad, "couldn't fetch", Image{Name: "gone.png", Err: errors.New("404")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep := handlePhoto(t, "!solve", &c.img)
			if rep.Outcome != c.outcome || !rep.UserError || !strings.Contains(rep.Text, c.says) {
				t.Errorf("outcome %q (user error %v), want %q saying %q:\n%s", rep.Outcome, rep.UserError, c.outcome, c.says, rep.Text)
			}
		})
	}
	// A header claiming 65536 pixels across: PNG's decoder refuses it as damaged
	// before the size check; either way, a clear reply and no decoding.
	rep := handlePhoto(t, "!solve", &Image{Name: "bomb.png", Data: huge})
	if rep.Outcome != outcomePictureBad || !rep.UserError {
		t.Errorf("huge picture: outcome %q:\n%s", rep.Outcome, rep.Text)
	}
}

func TestPhotoGridTextWins(t *testing.T) {
	rep := handlePhoto(t, "!solve "+photoPuzzle, &Image{Name: "cat.png", Data: []byte("not a picture")})
	if rep.Outcome != sudoku.Unique.String() || strings.Contains(rep.Text, "Read from") {
		t.Errorf("a grid in the text with a picture attached: outcome %q:\n%s", rep.Outcome, rep.Text)
	}
}

func TestHelpMentionsPhotos(t *testing.T) {
	if h := New(Config{Prefix: "!"}).Help(); !strings.Contains(h, "photo or screenshot") {
		t.Errorf("help does not mention photos:\n%s", h)
	}
}

// A reading that outlasts Config.PictureTimeout is said, not waited for.
func TestPhotoReadingDeadline(t *testing.T) {
	h := New(Config{Prefix: "!", Pictures: PicturesNever, PictureTimeout: time.Nanosecond})
	req, ok := h.Match("!solve", "")
	if !ok {
		t.Fatal("!solve is no command")
	}
	req.Attached = &Image{Name: "board.png", Data: boardPicture(t, strings.Repeat(".", 81))}
	rep := h.Handle(context.Background(), req)
	if rep.Outcome != outcomePictureTimedOut || !strings.Contains(rep.Text, "took too long") {
		t.Fatalf("outcome %q:\n%s", rep.Outcome, rep.Text)
	}
}
