package parser

import (
	"fmt"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Labels: boards printed with coordinates (1-9 above the columns, A-I or
// 1-9 or r1-r9 before the rows, "Row 1:" …) and boards with a line of
// their own above the frame (pzl's "3, 3"). They are read only when the text
// gives no grid as written, so that a grid whose first column happens to
// be 1, 2, 3 … is never cut.

// rowLabel is the label found at the start of a line.
type rowLabel struct {
	kind byte // 'n' number, 'a' letter, 'r' r1 (r or R, then a number), 'w' a word, then a number
	v    int  // the number, or the letter's rank from 1
	keep int  // index of the first token kept before the label (a leading |), or -1
	cut  int  // index of the first token after the label (and its delimiter)
}

// labelOf returns the label at the start of l, if any: a number, a letter,
// r and a number, or a word and a number, with Markdown stars around it,
// followed by a vertical line, a colon or parenthesis, or a gap.
func labelOf(l *line) (rowLabel, bool) {
	toks := l.toks
	i := 0
	lb := rowLabel{keep: -1}
	if i < len(toks) && toks[i].kind == tBar {
		lb.keep = i
		i++
	}
	stars := 0
	for i < len(toks) && toks[i].kind == tCell && toks[i].raw == '*' {
		i++
		stars++
	}
	if i >= len(toks) {
		return rowLabel{}, false
	}
	switch t := toks[i]; {
	case t.kind == tText && t.ch == 'a':
		lb.kind = 'w'
		i++
	case t.kind == tBad && (t.ch == 'r' || t.ch == 'R') && i+1 < len(toks) && toks[i+1].kind == tCell && toks[i+1].col == t.col+1:
		lb.kind = 'r'
		i++
	case t.kind == tCell && t.c >= 'A' && t.c <= 'Z' && t.raw != 'x' && t.raw != 'e':
		lb.kind, lb.v = 'a', int(t.c-'A')+1
		i++
	case t.kind == tCell && t.c >= '1' && t.c <= '9':
		lb.kind = 'n'
	default:
		return rowLabel{}, false
	}
	if lb.kind != 'a' { // a number of one or two digits
		start := i
		for i < len(toks) && toks[i].kind == tCell && toks[i].c >= '0' && toks[i].c <= '9' && toks[i].raw == toks[i].c &&
			(i == start || !toks[i].word) {
			lb.v = lb.v*10 + int(toks[i].c-'0')
			i++
		}
		if i == start || i-start > 2 || lb.v == 0 {
			return rowLabel{}, false
		}
	} else if i < len(toks) && toks[i].kind == tCell && !toks[i].word && toks[i].raw != '*' {
		return rowLabel{}, false // a letter inside a word of cells
	}
	for k := 0; k < stars; k++ {
		if i >= len(toks) || toks[i].kind != tCell || toks[i].raw != '*' {
			return rowLabel{}, false
		}
		i++
	}
	if i >= len(toks) {
		return rowLabel{}, false
	}
	end := toks[i-1].col
	switch t := toks[i]; {
	case t.kind == tBar:
		if lb.keep >= 0 {
			i++ // |A|4|5|: the label's field goes, with its line
		}
	case t.kind == tSep && (t.ch == ':' || t.ch == ')'):
		i++
	case t.col > end+1 && t.kind != tSep: // a gap
	default:
		return rowLabel{}, false
	}
	lb.cut = i
	return lb, true
}

// next reports whether b is the label after a.
func (a rowLabel) next(b rowLabel, down bool) bool {
	if a.kind != b.kind {
		return false
	}
	if !down {
		return b.v == a.v+1 || a.kind == 'a' && a.v == 8 && b.v == 10 // A-H, J: no I
	}
	return b.v == a.v-1
}

// headerOf reports whether l is a line of column labels for a grid of n
// columns: 1 to n (c1 … cn), or the letters a to the n-th.
func headerOf(l *line, n int) bool {
	var vals []int
	letters := 0
	eachWord(l.toks, func(w []tok) {
		if len(w) >= 2 && (w[0].c == 'C') && w[1].c >= '0' && w[1].c <= '9' {
			w = w[1:] // c1
		}
		if isNumber(w) || len(w) == 1 && w[0].c >= '1' && w[0].c <= '9' {
			v := 0
			for _, t := range w {
				v = v*10 + int(t.c-'0')
			}
			vals = append(vals, v)
			return
		}
		for _, t := range w {
			switch {
			case t.c >= 'A' && t.c <= 'Z' && t.raw != 'x':
				letters++
				vals = append(vals, int(t.c-'A')+1)
			case t.c >= '1' && t.c <= '9':
				vals = append(vals, int(t.c-'0'))
			default:
				vals = append(vals, -1)
			}
		}
	})
	for _, t := range l.toks {
		if t.kind == tBad || t.kind == tText {
			if t.kind == tBad && t.ch > 'P' && t.ch <= 'Z' || t.ch >= 'q' && t.ch <= 'z' {
				continue
			}
			return false
		}
	}
	if len(vals) != n || letters != 0 && letters != n {
		return false
	}
	for i, v := range vals {
		if v != i+1 {
			return false
		}
	}
	return true
}

// unlabel returns lines without the row and column labels of a board, and
// false when they have none. A run of consecutive lines (rules and blank
// lines may come between) whose labels count 1 to n, A to the n-th letter
// (skipping I or not), or n down to 1 (chess), n a size, loses them; so does
// the line of column labels just above the run.
func unlabel(lines []line) ([]line, labelRun) {
	labels := make([]rowLabel, len(lines))
	has := make([]bool, len(lines))
	any := false
	for i := range lines {
		if lines[i].kind == lContent || lines[i].kind == lText {
			labels[i], has[i] = labelOf(&lines[i])
			any = any || has[i]
		}
	}
	if !any {
		return nil, labelRun{}
	}
	var out []line
	var found labelRun
	for i := 0; i < len(lines); {
		if !has[i] {
			i++
			continue
		}
		stop := i // the last line of the longest run tried: no run starts inside it
		for _, down := range []bool{false, true} {
			run := []int{i}
			for j := i + 1; j < len(lines); j++ {
				if has[j] {
					if !labels[run[len(run)-1]].next(labels[j], down) {
						break
					}
					run = append(run, j)
					continue
				}
				if k := lines[j].kind; k != lRule && k != lMaybe && k != lBlank && k != lBarEmpty {
					break
				}
			}
			n := len(run)
			stop = max(stop, run[n-1])
			firstV := labels[run[0]].v
			if _, ok := sudoku.ShapeForSize(n); !ok || n < 4 || !down && firstV != 1 || down && firstV != n {
				continue
			}
			if out == nil {
				out = append([]line(nil), lines...)
			}
			for _, k := range run {
				lb := labels[k]
				l := &out[k]
				toks := make([]tok, 0, len(l.toks))
				if lb.keep >= 0 {
					toks = append(toks, l.toks[lb.keep])
				}
				toks = append(toks, l.toks[lb.cut:]...)
				l.toks, l.cells, l.kind, l.part = toks, 0, 0, false
				classify(l)
			}
			// The column labels: the line above the run, rules and blank
			// lines apart.
			for h := i - 1; h >= 0; h-- {
				if k := lines[h].kind; k == lRule || k == lMaybe || k == lBlank || k == lBarEmpty {
					continue
				}
				if headerOf(&lines[h], n) {
					out[h] = line{num: lines[h].num, kind: lBlank}
				}
				break
			}
			if found.first == 0 {
				found = labelRun{lines[run[0]].num, lines[run[n-1]].num, n}
			}
			break
		}
		i = stop + 1
	}
	if found.first == 0 {
		return headerOnly(lines)
	}
	return out, found
}

// headerOnly returns lines without a line of column labels (1 to n) that
// stands above n rows and no row labels.
func headerOnly(lines []line) ([]line, labelRun) {
	// below[h]: the rows after line h, up to a line of text or a fence,
	// counted from the end so that the whole pass is linear.
	below := make([]int, len(lines)+1)
	for j := len(lines) - 1; j >= 0; j-- {
		k := lines[j].kind
		switch {
		case k == lContent:
			below[j] = 1 + below[j+1]
		case k == lRule || k == lMaybe || k == lBlank || k == lBarEmpty:
			below[j] = below[j+1]
		}
		if lines[j].fence {
			below[j] = 0
			if k == lContent {
				below[j] = 1
			}
		}
	}
	for h := range lines {
		if lines[h].kind != lContent || lines[h].cells > 50 || lines[h].fence {
			continue
		}
		rows := below[h+1]
		if _, ok := sudoku.ShapeForSize(rows); ok && headerOf(&lines[h], rows) {
			out := append([]line(nil), lines...)
			out[h] = line{num: lines[h].num, kind: lBlank}
			return out, labelRun{first: lines[h].num, last: lines[h].num} // no rows labelled
		}
	}
	return nil, labelRun{}
}

// unframe returns lines where a line of cells just above a board's top
// border, or just below its bottom one, is set apart as text (pzl writes
// "3, 3" above its boards), with the numbers of those lines; nil when
// there is none.
func unframe(lines []line) ([]line, []int) {
	var out []line
	var moved []int
	for i := range lines {
		l := &lines[i]
		if l.kind != lContent {
			continue
		}
		above := i+1 < len(lines) && lines[i+1].kind == lRule && (i == 0 || !holdsCells(&lines[i-1]))
		below := i > 0 && lines[i-1].kind == lRule && (i+1 == len(lines) || !holdsCells(&lines[i+1]))
		if !above && !below {
			continue
		}
		// The rule must border rows: a line with cells beyond it.
		k := i + 1
		step := 1
		if below {
			k, step = i-1, -1
		}
		for k >= 0 && k < len(lines) && lines[k].kind == lRule {
			k += step
		}
		if k < 0 || k >= len(lines) || lines[k].kind != lContent {
			continue
		}
		if out == nil {
			out = append([]line(nil), lines...)
		}
		out[i].kind = lText
		out[i].toks = append([]tok{{kind: tText, ch: 'a', col: 0, end: 0}}, l.toks...)
		moved = append(moved, l.num)
	}
	return out, moved
}

func holdsCells(l *line) bool { return l.kind == lContent || l.kind == lMaybe }

// readAgain reads lines once more without labels, and then without lines
// outside frames, and returns the grids and failures of the first of those
// readings that finds a grid, with a note saying what was left out.
func readAgain(lines []line) ([]grid, []failure, string, bool, labelRun) {
	unl, run := unlabel(lines)
	labelled := unl != nil
	if labelled {
		if f, x := collect(unl); len(f) > 0 {
			return f, x, "I left out the row and column labels.", true, run
		}
	}
	base := lines
	if labelled {
		base = unl
	}
	if unf, moved := unframe(base); moved != nil {
		note := fmt.Sprintf("I left out %s, outside the board's frame.", lineList(moved))
		if labelled {
			note = "I left out the row and column labels, and " + note[len("I left out "):]
		}
		if f, x := collect(unf); len(f) > 0 {
			return f, x, note, true, run
		}
	}
	return nil, nil, "", false, run
}

// labelRun is the first run of labelled rows unlabel found: its lines and
// the number of rows (0 for a line of column labels alone), or zeros.
type labelRun struct{ first, last, n int }

func lineList(nums []int) string {
	if len(nums) == 1 {
		return fmt.Sprintf("line %d", nums[0])
	}
	s := "lines "
	for i, n := range nums {
		switch {
		case i == len(nums)-1:
			s += " and "
		case i > 0:
			s += ", "
		}
		s += fmt.Sprint(n)
	}
	return s
}
