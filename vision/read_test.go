package vision

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/internal/race"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/sudoku"
)

// puzzle is Wikipedia's example and its solution, for the drawn boards.
const (
	puzzleLine   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	solutionLine = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func gridOf(tb testing.TB, line string) sudoku.Grid {
	tb.Helper()
	cells := make([]int, 81)
	for i := range cells {
		if c := line[i]; c >= '1' && c <= '9' {
			cells[i] = int(c - '0')
		}
	}
	g, err := sudoku.FromCells(sudoku.Classic, cells)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// boardPNG draws the puzzle with some cells of the solution filled in, as
// the bot's replies do.
func boardPNG(tb testing.TB, theme picture.Theme, size int, filled int, seed uint64) ([]byte, string, string) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	line := []byte(puzzleLine)
	kinds := []byte(strings.Map(func(r rune) rune {
		if r == '.' {
			return '.'
		}
		return 'g'
	}, puzzleLine))
	for _, i := range rng.Perm(81) {
		if filled == 0 {
			break
		}
		if line[i] == '.' {
			line[i], kinds[i] = solutionLine[i], 'f'
			filled--
		}
	}
	var buf bytes.Buffer
	b := picture.Board{Grid: gridOf(tb, string(line)), Givens: gridOf(tb, puzzleLine)}
	if err := picture.Encode(&buf, b, picture.Options{Theme: theme, Size: size}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes(), string(line), string(kinds)
}

// TestReadsBotBoards reads the bot's own pictures, in both themes and at
// several sizes, givens told from the digits filled in. (The dark theme at
// 320 pixels is not read yet: its thin lines are too faint for the grid
// finder, which then takes one box for the grid.)
func TestReadsBotBoards(t *testing.T) {
	for _, theme := range []picture.Theme{picture.Dark, picture.Light} {
		for _, c := range []struct{ size, filled int }{{480, 0}, {480, 20}, {480, 35}, {900, 10}} {
			data, want, kinds := boardPNG(t, theme, c.size, c.filled, uint64(c.size+c.filled))
			r, err := Read(context.Background(), data)
			if err != nil {
				t.Fatalf("%v %d px, %d filled: %v", theme, c.size, c.filled, err)
			}
			if r.Line() != want || r.KindLine() != kinds {
				t.Errorf("%v %d px, %d filled:\n got  %s %s\n want %s %s", theme, c.size, c.filled, r.Line(), r.KindLine(), want, kinds)
			}
		}
	}
}

// sample is a photo of testdata/photos with its truth (see its README).
type sample struct {
	name, want string
	data       []byte
}

func loadSamples(tb testing.TB) []sample {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "photos", "*.jpg"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no sample photos: %v", err)
	}
	var out []sample
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(f, ".jpg") + ".txt")
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, sample{filepath.Base(f), strings.TrimSpace(string(want)), data})
	}
	return out
}

// sampleFloors is, per sample photo, the cells the reading must get right:
// every cell where the whole photo is read right today, and the figure
// measured where it is not (a curved page, handwriting), so that a change
// that reads worse fails.
var sampleFloors = map[string]int{
	"kubiesa-03_09_honor_view_10_1.jpg": 80,
	"wicht-image11.jpg":                 74,
	"wicht-image23.jpg":                 81,
	"wicht-image178.jpg":                80,
	"wicht-image180.jpg":                81,
	"wicht-mixed-image11.jpg":           68,
}

// TestReadsSamplePhotos reads the sample photos in testdata (held-out
// puzzles of the shared sets: the model never trained on them).
func TestReadsSamplePhotos(t *testing.T) {
	samples := loadSamples(t)
	if len(samples) != len(sampleFloors) {
		t.Errorf("%d samples, %d floors", len(samples), len(sampleFloors))
	}
	for _, s := range samples {
		t.Run(s.name, func(t *testing.T) {
			r, err := Read(context.Background(), s.data)
			var ue *UnreadableError
			if errors.As(err, &ue) {
				r = ue.Reading
			} else if err != nil {
				t.Fatal(err)
			}
			got, right := r.Line(), 0
			for i := range got {
				if got[i] == s.want[i] {
					right++
				}
			}
			floor, ok := sampleFloors[s.name]
			if !ok || right < floor || floor == 81 && err != nil {
				t.Errorf("%d cells right, floor %d (err %v)\ngot  %s\nwant %s", right, floor, err, got, s.want)
			}
		})
	}
}

func TestReadHonoursContext(t *testing.T) {
	data, _, _ := boardPNG(t, picture.Light, 480, 0, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Read(ctx, data); !errors.Is(err, context.Canceled) {
		t.Fatalf("Read with a cancelled context = %v", err)
	}
}

// FuzzRead feeds any bytes to the picture path: an error or a reading of
// 81 cells, never a panic.
func FuzzRead(f *testing.F) {
	data, _, _ := boardPNG(f, picture.Dark, 300, 5, 2)
	f.Add(data)
	f.Add(data[:len(data)/3])
	f.Add([]byte("GIF89a\x01\x00\x01\x00"))
	f.Add([]byte("BM"))
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8 "))
	f.Add(pngHeader(f, 3000, 3000))
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := Read(context.Background(), b)
		var ue *UnreadableError
		if errors.As(err, &ue) {
			r = ue.Reading
		} else if err != nil {
			return
		}
		if len(r.Line()) != 81 || len(r.KindLine()) != 81 {
			t.Fatalf("reading of %d and %d cells", len(r.Line()), len(r.KindLine()))
		}
	})
}

// BenchmarkRead reads the sample photos and a board of the bot's: the CPU
// per picture of the README.
func BenchmarkRead(b *testing.B) {
	samples := loadSamples(b)
	board, _, _ := boardPNG(b, picture.Dark, 480, 10, 3)
	samples = append(samples, sample{name: "board.png", data: board})
	for _, s := range samples {
		b.Run(s.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Read(context.Background(), s.data); err != nil && !errors.Is(err, ErrUnreadable) {
					b.Fatal(err)
				}
			}
		})
	}
}

// largePhoto is a 12-megapixel JPEG (4000×3000) of the bot's board, as a
// phone's photo of a screen would be, the board 2,700 pixels across.
func largePhoto(tb testing.TB) ([]byte, string) {
	tb.Helper()
	data, want, _ := boardPNG(tb, picture.Light, 900, 0, 4)
	small, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	big := image.NewRGBA(image.Rect(0, 0, 4000, 3000))
	for i := range big.Pix {
		big.Pix[i] = 230
	}
	sb := small.Bounds()
	for y := range 2700 {
		for x := range 2700 {
			big.Set(650+x, 150+y, small.At(sb.Min.X+x/3, sb.Min.Y+y/3))
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, big, &jpeg.Options{Quality: 90}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes(), want
}

// TestReadsLargePhoto reads a 12 MP photo, in bounded memory: the bytes
// allocated in all (an upper bound of the peak) stay under 200 MiB.
func TestReadsLargePhoto(t *testing.T) {
	if race.Enabled || testing.Short() {
		t.Skip("decoding 12 MP is slow under the race detector")
	}
	data, want := largePhoto(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	r, err := Read(context.Background(), data)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if r.Line() != want {
		t.Errorf("got  %s\nwant %s", r.Line(), want)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 200<<20 {
		t.Errorf("reading a 12 MP photo allocated %d MiB, over 200", alloc>>20)
	} else {
		t.Logf("12 MP photo: %d MiB allocated in all", alloc>>20)
	}
}

// BenchmarkRead12MP reads a 12-megapixel JPEG.
func BenchmarkRead12MP(b *testing.B) {
	data, _ := largePhoto(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Read(context.Background(), data); err != nil {
			b.Fatal(err)
		}
	}
}
