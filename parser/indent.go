package parser

// Indentation by tabs: a board copied from a text indented by tabs starts
// each line with them, where a spreadsheet's tabs stand between cells.

// tabIndented returns b with the tabs that start its lines taken as
// indentation, as spaces are, when b is a drawn board or a table (a line
// holds a vertical line or a rule) and no line of it has a tab after its
// first character other than a tab: then no tab separates cells. Otherwise
// it returns b itself. The lines it changes are copies; columns stay those
// of the message.
func tabIndented(b []*line) []*line {
	drawn, indented := false, false
	for _, l := range b {
		lead := true
		for _, t := range l.toks {
			switch {
			case t.kind == tTab && !lead:
				return b // a tab between cells: fields of a spreadsheet
			case t.kind == tTab:
				indented = true
			default:
				lead = false
				drawn = drawn || t.kind == tBar || t.kind == tRule
			}
		}
	}
	if !drawn || !indented {
		return b
	}
	out := make([]*line, len(b))
	for i, l := range b {
		k := 0
		for k < len(l.toks) && l.toks[k].kind == tTab {
			k++
		}
		if k == 0 {
			out[i] = l
			continue
		}
		c := *l
		c.toks, c.cells = l.toks[k:], 0
		classify(&c)
		out[i] = &c
	}
	return out
}
