package parser

// Grouping: the lines of a message are cut into blocks, each read on its
// own (block.go).

// A block is a run of lines that hold cells, with the cells of the lines
// of text around it: a row may share its line with a label before it
// (Puzzle: 53..7....) or a comment after it (....8..79 <- last row).
type block struct {
	lines  []*line
	before *line // the cells after the last word of the line of text just above, if any
	after  *line // the cells before the first word of the line of text just below, if any
}

// group cuts lines into blocks: runs of lines that hold cells, broken by
// lines of text, code fences and lines of stray characters (blank lines do
// not break a block). The cells on a line of text form blocks of their own,
// parts; a part that opens a bracket it does not close (board = [[…) starts
// the block of the lines after it.
func group(lines []line) (blocks []block, parts [][]*line) {
	var cur []*line
	var before *line // the trailing part of the line of text just above cur
	flush := func(after *line) {
		for _, l := range cur {
			if l.cells > 0 {
				b := block{lines: cur, before: before}
				if last := cur[len(cur)-1]; after != nil && last.num == after.num-1 && last.cells > 0 {
					b.after = after
				}
				blocks = append(blocks, b)
				break
			}
		}
		cur, before = nil, nil
	}
	for i := range lines {
		l := &lines[i]
		switch l.kind {
		case lText:
			ps, lead, trail := textParts(l)
			var first *line
			if lead {
				first = ps[0]
			}
			flush(first)
			for j, p := range ps {
				if j == len(ps)-1 && trail && l.open > 0 && !l.fence {
					cur = []*line{p}
					continue
				}
				parts = append(parts, []*line{p})
			}
			if trail && cur == nil && !l.fence {
				before = ps[len(ps)-1]
			}
		case lJunk:
			flush(nil)
		default:
			if len(cur) == 0 && before != nil && (l.num != before.num+1 || l.cells == 0) {
				before = nil
			}
			cur = append(cur, l)
		}
		if l.fence {
			flush(nil)
		}
	}
	flush(nil)
	return blocks, parts
}

// textParts returns the runs of cells between the words of a line of text,
// each as a line of its own, and whether the first starts the line (cells
// before any word) and the last ends it (cells after every word).
func textParts(l *line) (parts []*line, lead, trail bool) {
	start := 0
	add := func(end int) {
		toks := l.toks[start:end]
		for _, t := range toks {
			if t.kind == tCell {
				lead = lead || start == 0
				trail = end == len(l.toks)
				p := &line{num: l.num, toks: toks, spaces: true, part: true}
				if len(toks) > 0 {
					p.width = toks[len(toks)-1].col
				}
				classify(p)
				parts = append(parts, p)
				return
			}
		}
	}
	for i, t := range l.toks {
		if t.kind == tText {
			add(i)
			start = i + 1
		}
	}
	// After the last word, what follows an = is the value of a label
	// (board = [[…]], int grid[9][9] = {…}, ?bd=…).
	for i := len(l.toks) - 1; i >= start; i-- {
		if l.toks[i].kind == tRule && l.toks[i].ch == '=' {
			add(i)
			start = i + 1
			break
		}
	}
	add(len(l.toks))
	return parts, lead, trail
}
