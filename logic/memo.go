package logic

// Several techniques look at one digit at a time: Turbot Fish, 3 strong
// links, Nishio chains and X-chains read only the candidates of the digit
// they work on. When such a technique found nothing for a digit, it finds
// nothing again as long as that digit's candidates stay the same; a rating
// searches the same grid again after every step, so a memo of those digits
// saves most of the work on the steps that change other digits.

// digitMemo remembers, per digit, the candidates of the digit (the cells
// holding it) on which a technique found nothing.
type digitMemo struct {
	valid [9]bool
	cells [9]cellSet81
}

// memo returns the memo of the technique name, for 9×9 grids.
func (s *search) memo(name string) *digitMemo {
	if s.memos == nil {
		s.memos = map[string]*digitMemo{}
	}
	m := s.memos[name]
	if m == nil {
		m = &digitMemo{}
		s.memos[name] = m
	}
	return m
}

// digitCells returns the cells holding candidate d (1-9); with multi set,
// only those holding at least one other candidate too.
func digitCells(g *Grid, d int, multi bool) cellSet81 {
	var s cellSet81
	bit := uint32(1) << (d - 1)
	for c := 0; c < 81; c++ {
		if m := g.cands[c]; m&bit != 0 && (!multi || m != bit) {
			s.add(c)
		}
	}
	return s
}

// skip returns, per digit, whether the technique is known to find nothing
// for it, and the digits' current cells.
func (m *digitMemo) skip(g *Grid, multi bool) (skip [9]bool, cells [9]cellSet81) {
	for d := 1; d <= 9; d++ {
		cells[d-1] = digitCells(g, d, multi)
		skip[d-1] = m.valid[d-1] && m.cells[d-1] == cells[d-1]
	}
	return skip, cells
}

// record notes the digits (bit d-1 of found clear) where the technique,
// run on every digit, found nothing.
func (m *digitMemo) record(cells [9]cellSet81, found uint32) {
	for d := 0; d < 9; d++ {
		m.valid[d] = found&(1<<d) == 0
		m.cells[d] = cells[d]
	}
}
