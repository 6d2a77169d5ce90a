package vision

import (
	"math"
	"slices"
)

// CellSide is the side, in samples, of a cell as the model sees it.
const CellSide = 28

// cellMargin is the share of a cell's side left out on each edge, where the
// grid's lines run.
const cellMargin = 0.08

// cellSamples is the number of sub-samples on a side averaged into one sample.
const cellSamples = 3

// cut is one cell as the model sees it, and the colour of its ink.
type cut struct {
	ink [CellSide * CellSide]float32 // 0 background to 1 full ink
	// zoom is the cell's ink, framed: the square around its ink (within the
	// cell) sampled again at CellSide×CellSide, so that a small digit is as
	// large as a big one; zero for a cell without ink.
	zoom [CellSide * CellSide]float32
	// chroma is how coloured the cell's ink is (0 grey to 1 saturated), and
	// rgb its mean colour; both are zero for a cell with little ink.
	chroma float64
	rgb    [3]float64
	// inked is the share of samples over half ink.
	inked float64
}

// bilinear samples the grey level of r at (x, y).
func (r *raster) bilinear(x, y float64) float64 {
	x = min(max(x, 0), float64(r.w-1))
	y = min(max(y, 0), float64(r.h-1))
	x0, y0 := int(x), int(y)
	x1, y1 := min(x0+1, r.w-1), min(y0+1, r.h-1)
	fx, fy := x-float64(x0), y-float64(y0)
	g := r.gray
	top := float64(g[y0*r.w+x0])*(1-fx) + float64(g[y0*r.w+x1])*fx
	bot := float64(g[y1*r.w+x0])*(1-fx) + float64(g[y1*r.w+x1])*fx
	return top*(1-fy) + bot*fy
}

// cutCells cuts the 81 cells of the grid mapped by hm out of r, as grey
// levels (0 black, 255 white) of CellSide×CellSide samples, then normalises
// them to ink.
func cutCells(r *raster, hm gridMap) [81]cut {
	var raw [81][CellSide * CellSide]float64
	var cells [81]cut
	span := 1 - 2*cellMargin
	for c := range 81 {
		row, col := c/9, c%9
		for j := range CellSide {
			for i := range CellSide {
				sum := 0.0
				for sj := range cellSamples {
					v := float64(row) + cellMargin + span*(float64(j)+(float64(sj)+0.5)/cellSamples)/CellSide
					for si := range cellSamples {
						u := float64(col) + cellMargin + span*(float64(i)+(float64(si)+0.5)/cellSamples)/CellSide
						x, y := hm.apply(u, v)
						sum += r.bilinear(x, y)
					}
				}
				raw[c][j*CellSide+i] = sum / (cellSamples * cellSamples)
			}
		}
	}
	// Each cell's background is a high percentile of its own samples; the
	// ink's depth is measured against the deepest cells of the grid, so an
	// empty cell's noise stays faint while pencil stays visible.
	var bg, depth [81]float64
	tmp := make([]float64, CellSide*CellSide)
	for c := range 81 {
		copy(tmp, raw[c][:])
		slices.Sort(tmp)
		bg[c] = tmp[len(tmp)*3/4]
		depth[c] = bg[c] - tmp[len(tmp)/100]
	}
	ds := depth
	slices.Sort(ds[:])
	full := max(ds[72], 40) // the 90th percentile cell: one with a digit
	for c := range 81 {
		scale := max(depth[c], full/2)
		n := 0
		for k, g := range raw[c] {
			v := (bg[c] - g) / scale
			v = min(max(v, 0), 1)
			cells[c].ink[k] = float32(v)
			if v > 0.5 {
				n++
			}
		}
		cells[c].inked = float64(n) / float64(len(raw[c]))
		zoomCell(r, hm, c, bg[c], scale, &cells[c])
	}
	inkColours(r, hm, &cells)
	return cells
}

// zoomCell samples the square around the ink of cell c again, filling its
// zoom: the bounding box of the samples over 0.4 away from the cell's edge,
// made square with a margin, normalised as the cell is.
func zoomCell(r *raster, hm gridMap, c int, bg, scale float64, cell *cut) {
	lo, hi := [2]int{CellSide, CellSide}, [2]int{-1, -1}
	const edge = 2
	for j := edge; j < CellSide-edge; j++ {
		for i := edge; i < CellSide-edge; i++ {
			if cell.ink[j*CellSide+i] > 0.4 {
				lo[0], lo[1] = min(lo[0], i), min(lo[1], j)
				hi[0], hi[1] = max(hi[0], i), max(hi[1], j)
			}
		}
	}
	if hi[0] < 0 {
		return
	}
	span := 1 - 2*cellMargin
	// The box in cell units (0..1 across the cell).
	toCell := func(k int) float64 { return cellMargin + span*(float64(k)+0.5)/CellSide }
	x0, x1 := toCell(lo[0]), toCell(hi[0])
	y0, y1 := toCell(lo[1]), toCell(hi[1])
	side := max(x1-x0, y1-y0, 0.12) * 1.3
	cx, cy := (x0+x1)/2, (y0+y1)/2
	row, col := c/9, c%9
	for j := range CellSide {
		for i := range CellSide {
			sum := 0.0
			for sj := range 2 {
				v := float64(row) + cy + side*((float64(j)+(float64(sj)+0.5)/2)/CellSide-0.5)
				for si := range 2 {
					u := float64(col) + cx + side*((float64(i)+(float64(si)+0.5)/2)/CellSide-0.5)
					x, y := hm.apply(u, v)
					sum += r.bilinear(x, y)
				}
			}
			v := (bg - sum/4) / scale
			cell.zoom[j*CellSide+i] = float32(min(max(v, 0), 1))
		}
	}
}

// inkColours measures the colour of each cell's ink in r.
func inkColours(r *raster, hm gridMap, cells *[81]cut) {
	span := 1 - 2*cellMargin
	for c := range cells {
		cell := &cells[c]
		row, col := c/9, c%9
		var sum [3]float64
		n := 0
		// The core of the strokes, where the ink is deepest: their edges
		// are blended with the background (a highlighted cell's tint
		// included), which a thin face's strokes are mostly.
		// A digit faint against its cell (an entry on a highlighted
		// cell: blue on light blue is little darker than its
		// background) has too few samples of deep ink: its core is then
		// its deepest samples, against its own deepest.
		deep, mid, core := 0, 0, float32(0.6)
		deepest := float32(0)
		for _, v := range cell.ink {
			if v >= 0.9 {
				deep++
			}
			if v >= 0.6 {
				mid++
			}
			deepest = max(deepest, v)
		}
		switch {
		case deep >= 8:
			core = 0.9
		case mid < 8 && deepest >= 0.35:
			core = 0.75 * deepest
		}
		for k, v := range cell.ink {
			if v < core {
				continue
			}
			j, i := k/CellSide, k%CellSide
			u := float64(col) + cellMargin + span*(float64(i)+0.5)/CellSide
			vv := float64(row) + cellMargin + span*(float64(j)+0.5)/CellSide
			x, y := hm.apply(u, vv)
			xi, yi := int(math.Round(x)), int(math.Round(y))
			if xi < 0 || yi < 0 || xi >= r.w || yi >= r.h {
				continue
			}
			p := r.rgb[3*(yi*r.w+xi):]
			sum[0] += float64(p[0])
			sum[1] += float64(p[1])
			sum[2] += float64(p[2])
			n++
		}
		if n < 8 {
			continue
		}
		for i := range sum {
			cell.rgb[i] = sum[i] / float64(n)
		}
		hi := max(cell.rgb[0], cell.rgb[1], cell.rgb[2])
		lo := min(cell.rgb[0], cell.rgb[1], cell.rgb[2])
		if hi > 0 {
			cell.chroma = (hi - lo) / max(hi, 64)
		}
	}
}
