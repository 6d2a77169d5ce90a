package parser

import (
	"math/bits"

	"github.com/sudokubot/sudokubot/sudoku"
)

// sukaku reads SukakuExplainer's pencil marks written with nine characters
// per cell (729 for a 9×9 grid): the k-th is the digit k when it is a
// candidate, and . or 0 when it is not.
func sukaku(b []*line) (grid, bool) {
	const per = 9
	var cells []cellIn
	k := 0
	var m uint32
	for _, l := range b {
		if l.kind != lContent && l.kind != lMaybe {
			continue
		}
		for _, t := range l.toks {
			if t.kind != tCell {
				continue
			}
			if len(cells) == sudoku.Classic.Cells() {
				return grid{}, false
			}
			switch {
			case t.raw == '.' || t.c == '0':
			case t.c == byte('1'+k) && t.raw == t.c:
				m |= 1 << k
			default:
				return grid{}, false
			}
			if k++; k == per {
				c := cellIn{line: l.num, col: t.col - per + 1, kind: kCands, v: m}
				if m&(m-1) == 0 && m != 0 {
					c = cellIn{line: l.num, col: c.col, kind: kSym, c: byte('1' + bits.TrailingZeros32(m))}
				}
				cells = append(cells, c)
				k, m = 0, 0
			}
		}
	}
	if len(cells) != sudoku.Classic.Cells() || k != 0 {
		return grid{}, false
	}
	g, err := decode(sudoku.Classic, cells)
	if err != nil {
		return grid{}, false
	}
	if g.cands == nil { // every cell placed: still written as marks
		g.cands = make([]uint32, len(cells))
		for i := range cells {
			g.cands[i] = 1 << (g.g.At(i) - 1)
		}
	}
	return g, true
}
