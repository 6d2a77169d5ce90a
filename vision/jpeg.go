package vision

import (
	"errors"
	"fmt"
	"image/color"
	"math"
)

// A baseline JPEG is decoded straight into the working raster, one row of
// blocks at a time, so that a photo of 16 megapixels never takes the 24 to
// 48 MB of its full decoded pixels: the blocks are brought to the size the
// raster needs by the DCT itself where the shrink factor allows (an 8×8
// block's lowest 4×4, 2×2 or 1×1 frequencies give it at a half, a quarter
// or an eighth of its size), and the rest of the shrink is the raster's box
// average, done on the rows as they come. Progressive, arithmetic-coded,
// 12-bit, CMYK and RGB JPEGs are left to image/jpeg ([errJPEGOther]).

// errJPEGOther is returned for a JPEG this decoder leaves to image/jpeg.
var errJPEGOther = errors.New("a JPEG of a kind decoded whole")

// jpegComponent is one colour component of a frame.
type jpegComponent struct {
	id       byte
	h, v     int // sampling factors
	tq       int // quantisation table
	dc, ac   int // Huffman tables of the scan
	pred     int32
	band     []float32 // one row of MCUs of this component, at the scaled size
	stride   int
	blocksX  int // blocks across the component (one component alone)
	blocksY  int
	sampledX int // hmax / h: the picture's columns per sample
	sampledY int
	n        int // samples a side of a decoded block
	perX     int // decoded samples of the first component a sample of this one spans across
	perY     int // and down
}

// jpegHuffman is a Huffman table: a lookup of the codes of up to 8 bits,
// then the canonical codes' bounds per length.
type jpegHuffman struct {
	lut     [256]uint16 // length<<8 | value; 0 when the code is longer
	maxcode [18]int32
	valptr  [17]int32
	mincode [17]int32
	vals    []byte
	defined bool
}

// zigzag maps the position of a coefficient in a JPEG's zigzag order to its
// index, row by row, in the 8×8 block: the anti-diagonals are walked in
// turn, down and up.
var zigzag = func() [64]int {
	var z [64]int
	k := 0
	for s := 0; s < 15; s++ {
		if s%2 == 1 {
			for r := max(0, s-7); r <= min(s, 7); r++ {
				z[k] = r*8 + s - r
				k++
			}
		} else {
			for r := min(s, 7); r >= max(0, s-7); r-- {
				z[k] = r*8 + s - r
				k++
			}
		}
	}
	return z
}()

// idctTables holds, for an output of n samples a side (1, 2, 4 or 8), the
// weights of each frequency u < n at each sample x: C(u)/2 cos((2x+1)uπ/2n),
// C(0) = 1/√2, so that the lowest n×n frequencies of a block give the block
// at n/8 of its size (its mean levels).
var idctTables = func() map[int][]float32 {
	t := map[int][]float32{}
	for _, n := range []int{1, 2, 4, 8} {
		w := make([]float32, n*n)
		for x := range n {
			for u := range n {
				c := 1.0
				if u == 0 {
					c = 1 / math.Sqrt2
				}
				w[x*n+u] = float32(c / 2 * math.Cos(float64(2*x+1)*float64(u)*math.Pi/float64(2*n)))
			}
		}
		t[n] = w
	}
	return t
}()

// jpegBits reads the entropy-coded bits of a scan: 0xFF00 is a 0xFF byte,
// any other marker ends the data (zeros are read past it).
type jpegBits struct {
	data   []byte
	pos    int
	acc    uint64
	n      uint
	marker bool // stopped at a marker
	short  bool // the data ended before any marker: a truncated file
}

func (b *jpegBits) fill() {
	for b.n <= 56 {
		var c byte
		switch {
		case b.marker:
		case b.pos >= len(b.data):
			b.short = true
		case b.data[b.pos] != 0xFF:
			c = b.data[b.pos]
			b.pos++
		case b.pos+1 < len(b.data) && b.data[b.pos+1] == 0:
			c = 0xFF
			b.pos += 2
		default:
			b.marker = true
		}
		b.acc = b.acc<<8 | uint64(c)
		b.n += 8
	}
}

func (b *jpegBits) bits(s uint) int32 {
	if s == 0 {
		return 0
	}
	if b.n < s {
		b.fill()
	}
	v := int32(b.acc>>(b.n-s)) & (1<<s - 1)
	b.n -= s
	return v
}

// receive reads s bits and extends them to a signed value.
func (b *jpegBits) receive(s uint) int32 {
	v := b.bits(s)
	if s > 0 && v < 1<<(s-1) {
		v += -1<<s + 1
	}
	return v
}

func (b *jpegBits) decode(h *jpegHuffman) (byte, error) {
	if b.n < 16 {
		b.fill()
	}
	peek := int(b.acc>>(b.n-8)) & 0xFF
	if e := h.lut[peek]; e != 0 {
		b.n -= uint(e >> 8)
		return byte(e), nil
	}
	code := int32(b.acc>>(b.n-16)) & 0xFFFF
	for l := 9; l <= 16; l++ {
		c := code >> (16 - l)
		if c <= h.maxcode[l] {
			b.n -= uint(l)
			return h.vals[h.valptr[l]+c-h.mincode[l]], nil
		}
	}
	return 0, fmt.Errorf("%w: bad Huffman code", ErrCorrupt)
}

// restart skips a restart marker after the bits of an interval.
func (b *jpegBits) restart() error {
	b.acc, b.n, b.marker = 0, 0, false
	for b.pos+1 < len(b.data) && b.data[b.pos] == 0xFF && b.data[b.pos+1] == 0xFF {
		b.pos++
	}
	if b.pos+1 >= len(b.data) || b.data[b.pos] != 0xFF || b.data[b.pos+1] < 0xD0 || b.data[b.pos+1] > 0xD7 {
		return fmt.Errorf("%w: restart marker missing", ErrCorrupt)
	}
	b.pos += 2
	return nil
}

func buildHuffman(counts [16]int, vals []byte) (jpegHuffman, error) {
	h := jpegHuffman{vals: vals, defined: true}
	code, k := int32(0), int32(0)
	for l := 1; l <= 16; l++ {
		n := int32(counts[l-1])
		h.valptr[l], h.mincode[l] = k, code
		h.maxcode[l] = -1
		if n > 0 {
			h.maxcode[l] = code + n - 1
		}
		for i := range n {
			if l <= 8 {
				c := int(code+i) << (8 - l)
				for f := range 1 << (8 - l) {
					h.lut[c+f] = uint16(l)<<8 | uint16(vals[k+i])
				}
			}
		}
		code += n
		k += n
		if code > 1<<l {
			return h, fmt.Errorf("%w: bad Huffman table", ErrCorrupt)
		}
		code <<= 1
	}
	return h, nil
}

// decodeJPEG decodes the baseline JPEG data of w×h pixels into a raster
// shrunk by k (as [newRaster] shrinks a decoded picture), or returns
// [errJPEGOther] for a JPEG it leaves to image/jpeg, or an error wrapping
// [ErrCorrupt].
func decodeJPEG(data []byte, k int) (*raster, error) {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return nil, errJPEGOther
	}
	var quant [4][64]float32
	var dcT, acT [4]jpegHuffman
	var comps []jpegComponent
	var w, h, restartEvery int
	pos := 2
	segment := func() ([]byte, error) {
		if pos+4 > len(data) {
			return nil, fmt.Errorf("%w: truncated", ErrCorrupt)
		}
		n := int(data[pos+2])<<8 | int(data[pos+3])
		if n < 2 || pos+2+n > len(data) {
			return nil, fmt.Errorf("%w: truncated", ErrCorrupt)
		}
		s := data[pos+4 : pos+2+n]
		pos += 2 + n
		return s, nil
	}
	for {
		for pos < len(data) && data[pos] != 0xFF {
			pos++ // stray bytes between segments
		}
		for pos+1 < len(data) && data[pos+1] == 0xFF {
			pos++
		}
		if pos+1 >= len(data) {
			return nil, fmt.Errorf("%w: no image data", ErrCorrupt)
		}
		marker := data[pos+1]
		switch {
		case marker == 0xD8 || marker >= 0xD0 && marker <= 0xD7 || marker == 0x01:
			pos += 2
			continue
		case marker == 0xD9:
			return nil, fmt.Errorf("%w: no image data", ErrCorrupt)
		}
		s, err := segment()
		if err != nil {
			return nil, err
		}
		switch {
		case marker == 0xDB: // quantisation tables
			for len(s) > 0 {
				p, t := s[0]>>4, int(s[0]&15)
				if t > 3 || p > 1 || len(s) < 1+64*(1+int(p)) {
					return nil, fmt.Errorf("%w: bad quantisation table", ErrCorrupt)
				}
				for i := range 64 {
					if p == 0 {
						quant[t][i] = float32(s[1+i])
					} else {
						quant[t][i] = float32(int(s[1+2*i])<<8 | int(s[2+2*i]))
					}
				}
				s = s[1+64*(1+int(p)):]
			}
		case marker == 0xC4: // Huffman tables
			for len(s) > 0 {
				if len(s) < 17 {
					return nil, fmt.Errorf("%w: bad Huffman table", ErrCorrupt)
				}
				class, t := s[0]>>4, int(s[0]&15)
				var counts [16]int
				total := 0
				for i := range 16 {
					counts[i] = int(s[1+i])
					total += counts[i]
				}
				if class > 1 || t > 3 || total > 256 || len(s) < 17+total {
					return nil, fmt.Errorf("%w: bad Huffman table", ErrCorrupt)
				}
				ht, err := buildHuffman(counts, append([]byte(nil), s[17:17+total]...))
				if err != nil {
					return nil, err
				}
				if class == 0 {
					dcT[t] = ht
				} else {
					acT[t] = ht
				}
				s = s[17+total:]
			}
		case marker == 0xDD: // restart interval
			if len(s) < 2 {
				return nil, fmt.Errorf("%w: bad restart interval", ErrCorrupt)
			}
			restartEvery = int(s[0])<<8 | int(s[1])
		case marker == 0xEE: // Adobe: a transform of 0 is RGB or CMYK
			if len(s) >= 12 && string(s[:5]) == "Adobe" && s[11] == 0 {
				return nil, errJPEGOther
			}
		case marker == 0xC0 || marker == 0xC1: // baseline, extended Huffman
			if len(s) < 6 || s[0] != 8 {
				return nil, errJPEGOther // 12-bit
			}
			h, w = int(s[1])<<8|int(s[2]), int(s[3])<<8|int(s[4])
			nc := int(s[5])
			if h == 0 || w == 0 || (nc != 1 && nc != 3) || len(s) < 6+3*nc {
				return nil, errJPEGOther
			}
			for i := range nc {
				c := s[6+3*i:]
				comps = append(comps, jpegComponent{id: c[0], h: int(c[1] >> 4), v: int(c[1] & 15), tq: int(c[2] & 3)})
			}
			if nc == 3 && comps[0].id == 'R' && comps[1].id == 'G' && comps[2].id == 'B' {
				return nil, errJPEGOther
			}
		case marker >= 0xC2 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
			return nil, errJPEGOther // progressive, lossless, arithmetic
		case marker == 0xDA: // start of scan
			if comps == nil {
				return nil, fmt.Errorf("%w: scan before frame", ErrCorrupt)
			}
			if len(s) < 1 || int(s[0]) != len(comps) || len(s) < 1+2*len(comps)+3 {
				return nil, errJPEGOther // components in scans of their own
			}
			for i := range comps {
				id, tables := s[1+2*i], s[2+2*i]
				j := i
				for j < len(comps) && comps[j].id != id {
					j++
				}
				if j == len(comps) {
					return nil, fmt.Errorf("%w: scan of an unknown component", ErrCorrupt)
				}
				comps[j].dc, comps[j].ac = int(tables>>4)&3, int(tables&3)
			}
			return decodeScan(data[pos:], comps, &quant, &dcT, &acT, w, h, restartEvery, k)
		}
	}
}

// decodeScan decodes the one scan of a baseline frame into the raster.
func decodeScan(data []byte, comps []jpegComponent, quant *[4][64]float32, dcT, acT *[4]jpegHuffman, w, h, restartEvery, k int) (*raster, error) {
	if len(comps) == 1 {
		comps[0].h, comps[0].v = 1, 1 // one component: one block an MCU
	}
	hmax, vmax := 1, 1
	for _, c := range comps {
		if c.h < 1 || c.v < 1 || c.h > 4 || c.v > 4 {
			return nil, fmt.Errorf("%w: bad sampling factors", ErrCorrupt)
		}
		hmax, vmax = max(hmax, c.h), max(vmax, c.v)
	}
	for i := range comps {
		c := &comps[i]
		if hmax%c.h != 0 || vmax%c.v != 0 || i == 0 && (c.h != hmax || c.v != vmax) {
			return nil, errJPEGOther
		}
		if !dcT[c.dc].defined || !acT[c.ac].defined {
			return nil, fmt.Errorf("%w: scan without its Huffman tables", ErrCorrupt)
		}
		c.sampledX, c.sampledY = hmax/c.h, vmax/c.v
	}
	// The DCT gives each block at n samples a side: the largest of 8/8,
	// 4/8, 2/8 and 1/8 whose scale divides the shrink.
	scale := 1
	for scale < 8 && k%(scale*2) == 0 {
		scale *= 2
	}
	n := 8 / scale
	mcuW, mcuH := 8*hmax, 8*vmax
	mcusX, mcusY := (w+mcuW-1)/mcuW, (h+mcuH-1)/mcuH
	for i := range comps {
		c := &comps[i]
		// A subsampled component's block spans sampled blocks of the
		// first: shrunk, it keeps as many samples as it can (up to 8),
		// so that its colour is as fine as the first's where it can be.
		c.n, c.perX, c.perY = n, c.sampledX, c.sampledY
		if c.sampledX == c.sampledY {
			c.n = min(8, n*c.sampledX)
			c.perX = n * c.sampledX / c.n
			c.perY = c.perX
		}
		c.stride = mcusX * c.h * c.n
		c.band = make([]float32, c.stride*c.v*c.n)
	}
	out := newShrinker(w, h, k, scale)
	bits := &jpegBits{data: data}
	var coef [64]float32
	var tmp [64]float32
	mcus := 0
	for my := range mcusY {
		for mx := range mcusX {
			if restartEvery > 0 && mcus > 0 && mcus%restartEvery == 0 {
				if err := bits.restart(); err != nil {
					return nil, err
				}
				for i := range comps {
					comps[i].pred = 0
				}
			}
			mcus++
			for ci := range comps {
				c := &comps[ci]
				q := &quant[c.tq]
				for by := range c.v {
					for bx := range c.h {
						clear(coef[:])
						t, err := bits.decode(&dcT[c.dc])
						if err != nil {
							return nil, err
						}
						if t > 16 {
							return nil, fmt.Errorf("%w: bad DC code", ErrCorrupt)
						}
						c.pred += bits.receive(uint(t))
						coef[0] = float32(c.pred) * q[0]
						for z := 1; z < 64; z++ {
							rs, err := bits.decode(&acT[c.ac])
							if err != nil {
								return nil, err
							}
							r, sz := int(rs>>4), uint(rs&15)
							if sz == 0 {
								if r != 15 {
									break
								}
								z += 15
								continue
							}
							z += r
							if z > 63 {
								return nil, fmt.Errorf("%w: bad AC run", ErrCorrupt)
							}
							v := bits.receive(sz)
							if zi := zigzag[z]; zi/8 < c.n && zi%8 < c.n {
								coef[zi] = float32(v) * q[z]
							}
						}
						idct(&coef, &tmp, idctTables[c.n], c.n, c.band[by*c.n*c.stride+(mx*c.h+bx)*c.n:], c.stride)
					}
				}
			}
			if bits.short {
				return nil, fmt.Errorf("%w: truncated", ErrCorrupt)
			}
		}
		out.mcuRow(comps, my, n*vmax)
	}
	return out.r, nil
}

// idct writes the n×n samples of a block from its lowest n×n frequencies
// (coef, row by row in 8×8) to dst, rows stride apart, levelled at 128.
// Only the frequencies up to the last row and column holding one are
// summed: most blocks of a photo of a page hold a few low ones.
func idct(coef, tmp *[64]float32, table []float32, n int, dst []float32, stride int) {
	rows, cols := 0, 0 // the frequencies' extent
	for v := range n {
		for u := range n {
			if coef[v*8+u] != 0 {
				rows, cols = max(rows, v+1), max(cols, u+1)
			}
		}
	}
	if rows <= 1 && cols <= 1 {
		level := 128 + table[0]*table[0]*coef[0]
		for y := range n {
			d := dst[y*stride : y*stride+n]
			for x := range d {
				d[x] = level
			}
		}
		return
	}
	// Rows of frequencies first: tmp[v*8+x] = Σ_u T[x][u] F[v][u].
	for v := range rows {
		row := coef[v*8 : v*8+cols]
		for x := range n {
			t := table[x*n : x*n+cols]
			s := float32(0)
			for u, f := range row {
				s += t[u] * f
			}
			tmp[v*8+x] = s
		}
	}
	for y := range n {
		t := table[y*n : y*n+rows]
		d := dst[y*stride : y*stride+n]
		for x := range d {
			s := float32(128)
			for v, tv := range t {
				s += tv * tmp[v*8+x]
			}
			d[x] = s
		}
	}
}

// shrinker turns rows of decoded samples (at 1/scale of the picture) into
// the raster's rows, each the box average of k/scale of them each way: the
// levels of the components are averaged, then turned into colour (the
// turn is linear but for its clamping, so this is the colour's average).
type shrinker struct {
	r      *raster
	box    int // k / scale
	sums   [3][]float32
	rows   int // rows summed into sums
	y      int // the next raster row
	height int // sample rows of the decoded picture
	done   int // sample rows seen
}

func newShrinker(w, h, k, scale int) *shrinker {
	rw, rh := max(w/k, 1), max(h/k, 1)
	box := k / scale
	if w/k < 1 || h/k < 1 {
		box = 1 // a picture smaller than the shrink: as newRaster does
	}
	s := &shrinker{
		r:      &raster{w: rw, h: rh, gray: make([]uint8, rw*rh), rgb: make([]uint8, 3*rw*rh)},
		box:    box,
		height: (h + scale - 1) / scale,
	}
	for i := range s.sums {
		s.sums[i] = make([]float32, rw)
	}
	return s
}

// mcuRow adds the rows of one row of MCUs (rows samples high) to the raster.
func (s *shrinker) mcuRow(comps []jpegComponent, my, rows int) {
	for y := range rows {
		if s.done >= s.height || s.y >= s.r.h {
			return
		}
		s.done++
		s.addRow(comps, y)
	}
}

func level(v float32) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}

func (s *shrinker) addRow(comps []jpegComponent, y int) {
	rw, box := s.r.w, s.box
	for ci := range comps {
		c := &comps[ci]
		row := c.band[(y/c.perY)*c.stride:]
		sum := s.sums[ci]
		if c.perX == 1 {
			for x := range rw {
				t := float32(0)
				for _, v := range row[x*box : x*box+box] {
					t += v
				}
				sum[x] += t
			}
			continue
		}
		for x := range rw {
			t := float32(0)
			for dx := range box {
				t += row[(x*box+dx)/c.perX]
			}
			sum[x] += t
		}
	}
	s.rows++
	if s.rows < box {
		return
	}
	nn := 1 / float32(box*box)
	for x := range rw {
		i := s.y*rw + x
		yv := level(s.sums[0][x] * nn)
		r, g, b := yv, yv, yv
		if len(comps) == 3 {
			r, g, b = color.YCbCrToRGB(yv, level(s.sums[1][x]*nn), level(s.sums[2][x]*nn))
		}
		s.r.rgb[3*i], s.r.rgb[3*i+1], s.r.rgb[3*i+2] = r, g, b
		s.r.gray[i] = uint8((299*uint32(r) + 587*uint32(g) + 114*uint32(b)) / 1000)
	}
	for i := range s.sums {
		clear(s.sums[i])
	}
	s.rows = 0
	s.y++
}
