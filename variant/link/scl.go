package link

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/sudokubot/sudokubot/variant"
)

// zipKeys are SudokuPad's short keys for its JSON properties (its "zipped"
// form), short to long.
var zipKeys = map[string]string{
	"c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
	"ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays", "w": "width",
	"h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded", "re": "regions",
	"fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints", "t": "title",
	"te": "text", "d": "duration",
}

var (
	zipKeyRE   = regexp.MustCompile(`([,{\[])([a-zA-Z0-9]+):`)
	zipFalseRE = regexp.MustCompile(`:f([,}\]])`)
	zipTrueRE  = regexp.MustCompile(`:t([,}\]])`)
	zipBlackRE = regexp.MustCompile(`:#0([,}\]])`)
	zipWhiteRE = regexp.MustCompile(`:#F([,}\]])`)
	zipHexRE   = regexp.MustCompile(`:([0-9a-fA-F]{6})([,}\]])`)
)

// unzipJSON turns SudokuPad's zipped JSON (bare keys, single quotes, t and
// f, colours without quotes, empty objects left out) into JSON.
func unzipJSON(z string) string {
	if !strings.Contains(z, `"`) {
		const ph = "\x00"
		z = strings.ReplaceAll(z, `\'`, ph)
		z = strings.ReplaceAll(z, `'`, `"`)
		z = strings.ReplaceAll(z, ph, `'`)
	}
	z = zipKeyRE.ReplaceAllString(z, `$1"$2":`)
	// An empty slot after , { or [ is an empty object; {} stays {}.
	var b strings.Builder
	inStr := false
	for i := 0; i < len(z); i++ {
		ch := z[i]
		b.WriteByte(ch)
		if inStr {
			if ch == '\\' && i+1 < len(z) {
				i++
				b.WriteByte(z[i])
			} else if ch == '"' {
				inStr = false
			}
			continue
		}
		if ch == '"' {
			inStr = true
			continue
		}
		if (ch == ',' || ch == '{' || ch == '[') && i+1 < len(z) && strings.IndexByte(",}]", z[i+1]) >= 0 && !(ch == '{' && z[i+1] == '}') {
			b.WriteString("{}")
		}
	}
	z = b.String()
	for range 2 { // a replaced value's delimiter can start the next match
		z = zipFalseRE.ReplaceAllString(z, `:false$1`)
		z = zipTrueRE.ReplaceAllString(z, `:true$1`)
		z = zipBlackRE.ReplaceAllString(z, `:"#000000"$1`)
		z = zipWhiteRE.ReplaceAllString(z, `:"#FFFFFF"$1`)
		z = zipHexRE.ReplaceAllString(z, `:"#$1"$2`)
	}
	return z
}

// unshort renames short keys to long ones, all through a decoded value.
func unshort(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			if long, ok := zipKeys[k]; ok {
				k = long
			}
			out[k] = unshort(val)
		}
		return out
	case []any:
		for i := range x {
			x[i] = unshort(x[i])
		}
		return x
	}
	return v
}

type sclCell struct {
	Value flex `json:"value"`
}

type sclCage struct {
	Cells  []json.RawMessage `json:"cells"`
	Value  flex              `json:"value"`
	Sum    flex              `json:"sum"`
	Unique *bool             `json:"unique"`
	Hidden bool              `json:"hidden"`
}

type sclPuzzle struct {
	Cells     [][]sclCell         `json:"cells"`
	Regions   [][]json.RawMessage `json:"regions"`
	Cages     []sclCage           `json:"cages"`
	Lines     []json.RawMessage   `json:"lines"`
	Arrows    []json.RawMessage   `json:"arrows"`
	Overlays  []json.RawMessage   `json:"overlays"`
	Underlays []json.RawMessage   `json:"underlays"`
	Metadata  map[string]any      `json:"metadata"`
	MetaData  map[string]any      `json:"metaData"`
}

func decodeSCL(data string) (*variant.Puzzle, *Info, int, error) {
	text, used, err := decompress(data)
	if err != nil || len(text) < len(data)/2 {
		// SudokuPad takes data that does not decompress as written out.
		if t := strings.TrimSpace(data); strings.HasPrefix(t, "{") {
			text, used, err = t, len(data), nil
		} else if err != nil {
			return nil, nil, 0, err
		}
	}
	p, info, err := FromSudokuPadJSON([]byte(text))
	return p, info, used, err
}

// FromSudokuPadJSON reads a puzzle in SudokuPad's own format, plain or
// zipped. It reads what that format states: givens, regions, cages with
// sums (killer cages), anti-knight and anti-king, title, author, rules and
// solution; lines, arrows and shapes are left aside (their meaning is in
// the rules text). Errors are those of [FromFPuzzlesJSON].
func FromSudokuPadJSON(data []byte) (*variant.Puzzle, *Info, error) {
	if len(data) > MaxJSON {
		return nil, nil, tooLarge()
	}
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		unz := unzipJSON(string(data))
		if err2 := json.Unmarshal([]byte(unz), &raw); err2 != nil {
			return nil, nil, jsonErr(data, err)
		}
	}
	clean, err := json.Marshal(unshort(raw))
	if err != nil {
		return nil, nil, &Error{Where: "the puzzle's JSON", Err: ErrJSON, Detail: err.Error()}
	}
	var sp sclPuzzle
	if err := json.Unmarshal(clean, &sp); err != nil {
		return nil, nil, jsonErr(clean, err)
	}
	n := len(sp.Cells)
	if n < variant.MinSize || n > variant.MaxSize {
		return nil, nil, puzzleErr("cells", "%d rows: the size must be 4 to 16", n)
	}
	b := &builder{n: n, p: &variant.Puzzle{Size: n, Givens: make([]int, n*n)},
		info:   &Info{Source: "SudokuPad"},
		counts: map[string]int{}, aside: map[string]int{}, dots: map[[2]int][]string{}, dotVals: map[string][]int{}}
	for r, row := range sp.Cells {
		if len(row) != n {
			return nil, nil, puzzleErr(fmt.Sprintf("cells row %d", r+1), "%d cells in a grid of %d rows", len(row), n)
		}
		for c, cell := range row {
			if cell.Value == "" {
				continue
			}
			v, ok := cell.Value.int()
			if !ok || v < 1 || v > n {
				return nil, nil, puzzleErr(fmt.Sprintf("cell r%dc%d", r+1, c+1), "value %q is not a digit from 1 to %d", cell.Value, n)
			}
			b.p.Givens[r*n+c] = v
		}
	}
	b.regionOf = make([]int, n*n)
	if len(sp.Regions) > 0 {
		b.p.Regions = [][]int{}
		for i, reg := range sp.Regions {
			cs, err := b.sclCells(fmt.Sprintf("region %d", i+1), reg)
			if err != nil {
				return nil, nil, err
			}
			b.p.Regions = append(b.p.Regions, cs)
		}
		if !standard(n, b.p.Regions) {
			b.count("irregular region")
			b.counts["irregular region"] = len(b.p.Regions)
		}
	}
	for _, meta := range []map[string]any{sp.Metadata, sp.MetaData} {
		for k, v := range meta {
			s := fmt.Sprint(v)
			switch strings.ToLower(k) {
			case "title", "author", "rules", "solution":
				b.meta(strings.ToLower(k), s)
			}
		}
	}
	for i, cg := range sp.Cages {
		if err := b.sclCage(fmt.Sprintf("cage %d", i+1), cg); err != nil {
			return nil, nil, err
		}
	}
	globals := map[string]bool{}
	for _, meta := range []map[string]any{sp.Metadata, sp.MetaData} {
		for _, g := range []string{"antiknight", "antiking"} {
			if on, ok := meta[g].(bool); ok && on {
				globals[g] = true
			}
		}
	}
	b.globals(globals, nil)
	for _, d := range []struct {
		n    int
		what string
	}{{len(sp.Lines), "line"}, {len(sp.Arrows), "arrow drawing"}, {len(sp.Overlays) + len(sp.Underlays), "shape"}} {
		for range d.n {
			b.leave(d.what)
		}
	}
	b.info.Read = b.summary()
	for _, what := range b.asideOrd {
		b.info.LeftAside = append(b.info.LeftAside, plural(b.aside[what], what))
	}
	if err := b.p.Validate(); err != nil {
		return nil, nil, &Error{Where: "the puzzle", Err: ErrPuzzle, Detail: err.Error(), cause: err}
	}
	return b.p, b.info, nil
}

// standard reports whether regions are the standard boxes.
func standard(n int, regions [][]int) bool {
	std := variant.StandardRegions(n)
	if len(std) != len(regions) {
		return false
	}
	h, w := variant.BoxShape(n)
	for _, reg := range regions {
		if len(reg) == 0 {
			return false
		}
		box := reg[0]/n/h*(n/w) + reg[0]%n/w
		for _, c := range reg {
			if c/n/h*(n/w)+c%n/w != box {
				return false
			}
		}
	}
	return true
}

// sclCells reads cells written [r, c] (from 0) or "r1c1".
func (b *builder) sclCells(where string, raws []json.RawMessage) ([]int, error) {
	var out []int
	for _, raw := range raws {
		var rc []int
		if json.Unmarshal(raw, &rc) == nil && len(rc) == 2 {
			if rc[0] < 0 || rc[0] >= b.n || rc[1] < 0 || rc[1] >= b.n {
				return nil, puzzleErr(where, "cell [%d,%d] is outside the %d×%d grid", rc[0], rc[1], b.n, b.n)
			}
			out = append(out, rc[0]*b.n+rc[1])
			continue
		}
		var name string
		if json.Unmarshal(raw, &name) != nil {
			return nil, puzzleErr(where, "%s is not a cell", raw)
		}
		c, err := b.cell(where, name)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func (b *builder) sclCage(where string, cg sclCage) error {
	if kv, ok := metaValue(string(cg.Value)); ok && len(cg.Cells) == 0 || ok && cg.Hidden {
		b.meta(kv[0], kv[1])
		return nil
	}
	if len(cg.Cells) == 0 {
		if cg.Value != "" {
			b.leave("note")
		}
		return nil
	}
	cs, err := b.sclCells(where, cg.Cells)
	if err != nil {
		return err
	}
	distinct := cg.Unique == nil || *cg.Unique
	sumText := cg.Sum
	if sumText == "" {
		sumText = cg.Value
	}
	sum, isSum := sumText.int()
	switch {
	case cg.Hidden:
		return nil // SudokuPad's cage for cells outside every region
	case isSum:
		if distinct {
			b.p.Groups = append(b.p.Groups, variant.Group{Name: "killer cage at " + names(b.n, cs), Cells: cs})
		}
		b.add(variant.NewCage("killer cage", b.n, cs, sum, distinct))
		b.count("killer cage")
		b.shape(Shape{Kind: "killer cage", Cells: cs, Label: fmt.Sprint(sum)})
	case sumText == "" && cg.Unique != nil && *cg.Unique:
		b.p.Groups = append(b.p.Groups, variant.Group{Name: "killer cage at " + names(b.n, cs), Cells: cs})
		b.count("killer cage without a sum")
	default:
		b.leave("cage without a rule")
	}
	return nil
}
