package parser

// Lists of lists written over many lines (json.dumps with indent, a
// Python board): their rows are found by the brackets.

// bracketRows returns the rows of a list of lists written over many lines,
// one line per innermost list (or one line for a flat list), or nil when b
// is no such list: no brackets, brackets that do not close, cells outside
// the innermost lists, items not apart by commas, or lines of a board.
func bracketRows(b []*line) []*line {
	deepest, depth := 0, 0
	lines := 0
	for _, l := range b {
		if l.cells > 0 {
			lines++
			if l.kind != lContent {
				return nil // a rule of dashes: a board, not a list
			}
		}
		for _, t := range l.toks {
			switch t.kind {
			case tOpen:
				depth++
			case tClose:
				if depth--; depth < 0 {
					return nil
				}
			case tCell:
				deepest = max(deepest, depth)
			case tBar:
				return nil
			}
		}
	}
	if deepest == 0 || lines < 2 || depth != 0 {
		return nil // no list, or brackets that do not close: not a list
	}
	var rows []*line
	var cur *line
	depth = 0
	prevLine, wordLine := 0, 0
	crowded := false
	for _, l := range b {
		for _, t := range l.toks {
			switch t.kind {
			case tOpen:
				depth++
				if depth == deepest {
					cur = &line{num: l.num, kind: lContent}
					rows = append(rows, cur)
				}
				continue
			case tClose:
				if depth == deepest {
					cur = nil
				}
				depth--
				continue
			}
			if cur == nil {
				if t.kind == tCell {
					return nil
				}
				continue
			}
			if t.kind == tCell {
				t.word = true // a new line of the text starts a new word
				if n := len(cur.toks); n > 0 && cur.toks[n-1].kind == tCell && cur.toks[n-1].col+1 == t.col && prevLine == l.num {
					t.word = false
				}
				if t.word {
					if wordLine == l.num {
						crowded = true // two items on one line
					}
					wordLine = l.num
				}
				cur.cells++
			}
			cur.toks = append(cur.toks, t)
			prevLine = l.num
		}
	}
	if len(rows) < 1 || len(rows) == lines {
		return nil // one list per line: the lines were the rows already
	}
	if len(rows) == 1 && crowded {
		// A flat list over many lines is one item per line (json.dumps with
		// indent); lines of several items in one pair of brackets are not.
		return nil
	}
	for _, r := range rows {
		// The items of a list are apart by commas: "5", "3" or 5, 3.
		words, commas := 0, 0
		eachWord(r.toks, func([]tok) { words++ })
		for _, t := range r.toks {
			if t.kind == tSep && t.ch == ',' {
				commas++
			}
		}
		if commas < words-1 {
			return nil
		}
	}
	return rows
}
