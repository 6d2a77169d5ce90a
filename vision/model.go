package vision

import (
	_ "embed"
	"encoding/binary"
	"fmt"
	"math"
	"sync"
)

// The digit model: a small convolutional network trained by
// training/train.py on the cells training/cutcells cuts (see
// training/README.md). Layers:
//
//	input: two planes of 28×28, the cell and its ink framed (Cut.Zoom)
//	conv 3×3, 2→16, ReLU, max pool 2 (28×28 → 14×14)
//	conv 3×3, 16→32, ReLU, max pool 2 (14×14 → 7×7)
//	dense 1568→64, ReLU
//	dense 64→11 (empty, 1-9, pencil marks) and dense 64→2 (printed, filled)
//
// model.bin is "sdkcnn01" then each layer's weights and biases as
// little-endian float32, in that order, in PyTorch's layout.
//
// Two networks of that shape are embedded and their probabilities averaged:
// model.bin, trained on the shared photos and drawn grids, and
// model_hand.bin, trained on those with handwriting written in (MNIST's
// digits pasted into the photos' empty cells and drawn grids): the second
// reads handwriting far better, the first keeps the printed pages read as
// well as they were (each alone misreads a few the other does not).
//
//go:embed model.bin
var modelBin []byte

//go:embed model_hand.bin
var modelHandBin []byte

// Classes of a cell, as the model numbers them: 0 empty, 1-9 the digit, and
// classMarks for pencil marks only.
const (
	numClasses = 11
	classMarks = 10
)

type network struct {
	conv1W, conv1B, conv2W, conv2B, fcW, fcB, digitW, digitB, kindW, kindB []float32
}

var (
	netOnce sync.Once
	netVal  []*network
	netErr  error
)

// models returns the embedded networks, read once.
func models() ([]*network, error) {
	netOnce.Do(func() {
		for _, b := range [][]byte{modelBin, modelHandBin} {
			n, err := parseModel(b)
			if err != nil {
				netVal, netErr = nil, err
				return
			}
			netVal = append(netVal, n)
		}
	})
	return netVal, netErr
}

func parseModel(b []byte) (*network, error) {
	const magic = "sdkcnn01"
	if len(b) < len(magic) || string(b[:len(magic)]) != magic {
		return nil, fmt.Errorf("vision: model: bad header")
	}
	b = b[len(magic):]
	n := &network{}
	sizes := []struct {
		dst *[]float32
		n   int
	}{
		{&n.conv1W, 16 * 2 * 9}, {&n.conv1B, 16},
		{&n.conv2W, 32 * 16 * 9}, {&n.conv2B, 32},
		{&n.fcW, 64 * 32 * 7 * 7}, {&n.fcB, 64},
		{&n.digitW, numClasses * 64}, {&n.digitB, numClasses},
		{&n.kindW, 2 * 64}, {&n.kindB, 2},
	}
	want := 0
	for _, s := range sizes {
		want += 4 * s.n
	}
	if len(b) != want {
		return nil, fmt.Errorf("vision: model: %d bytes of weights, want %d", len(b), want)
	}
	for _, s := range sizes {
		v := make([]float32, s.n)
		for i := range v {
			v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
		}
		*s.dst = v
		b = b[4*s.n:]
	}
	return n, nil
}

// convPool is a 3×3 convolution with padding 1, ReLU and a 2×2 max pool, of
// in (cin planes of side×side) into cout planes of (side/2)×(side/2).
func convPool(in []float32, cin, side int, w, bias []float32, cout int) []float32 {
	conv := make([]float32, side*side)
	half := side / 2
	out := make([]float32, cout*half*half)
	for o := range cout {
		for i := range conv {
			conv[i] = bias[o]
		}
		for c := range cin {
			plane := in[c*side*side : (c+1)*side*side]
			k := w[(o*cin+c)*9 : (o*cin+c)*9+9]
			for y := range side {
				for ky := -1; ky <= 1; ky++ {
					sy := y + ky
					if sy < 0 || sy >= side {
						continue
					}
					row := plane[sy*side : sy*side+side]
					dst := conv[y*side : y*side+side]
					k0, k1, k2 := k[(ky+1)*3], k[(ky+1)*3+1], k[(ky+1)*3+2]
					dst[0] += k1*row[0] + k2*row[1]
					for x := 1; x < side-1; x++ {
						dst[x] += k0*row[x-1] + k1*row[x] + k2*row[x+1]
					}
					dst[side-1] += k0*row[side-2] + k1*row[side-1]
				}
			}
		}
		po := out[o*half*half : (o+1)*half*half]
		for y := range half {
			for x := range half {
				m := max(conv[2*y*side+2*x], conv[2*y*side+2*x+1], conv[(2*y+1)*side+2*x], conv[(2*y+1)*side+2*x+1])
				po[y*half+x] = max(m, 0)
			}
		}
	}
	return out
}

// dense is w·in + bias for w of len(bias) rows.
func dense(in, w, bias []float32) []float32 {
	out := make([]float32, len(bias))
	n := len(in)
	for o := range out {
		row := w[o*n : o*n+n]
		s := bias[o]
		for i, v := range in {
			s += row[i] * v
		}
		out[o] = s
	}
	return out
}

// logits runs the network on one cell: the class logits and the kind
// logits (printed, filled).
func (n *network) logits(cell, zoom *[CellSide * CellSide]float32) ([numClasses]float32, [2]float32) {
	in := make([]float32, 0, 2*CellSide*CellSide)
	in = append(append(in, cell[:]...), zoom[:]...)
	a := convPool(in, 2, CellSide, n.conv1W, n.conv1B, 16)
	a = convPool(a, 16, CellSide/2, n.conv2W, n.conv2B, 32)
	h := dense(a, n.fcW, n.fcB)
	for i, v := range h {
		h[i] = max(v, 0)
	}
	var d [numClasses]float32
	var k [2]float32
	copy(d[:], dense(h, n.digitW, n.digitB))
	copy(k[:], dense(h, n.kindW, n.kindB))
	return d, k
}

// softmax turns logits into probabilities.
func softmax(l []float32) []float64 {
	m := float64(l[0])
	for _, v := range l {
		m = max(m, float64(v))
	}
	p := make([]float64, len(l))
	sum := 0.0
	for i, v := range l {
		p[i] = math.Exp(float64(v) - m)
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p
}
