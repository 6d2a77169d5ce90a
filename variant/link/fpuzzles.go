package link

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/variant"
)

// flex is a JSON value f-puzzles writes as a number or a string ("15",
// "X"); null and "" are empty.
type flex string

// UnmarshalJSON reads a number, a string, a boolean or null.
func (f *flex) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*f = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = flex(strings.TrimSpace(s))
	case bytes.Equal(b, []byte("true")), bytes.Equal(b, []byte("false")):
		*f = flex(b)
	default:
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return err
		}
		*f = flex(n.String())
	}
	return nil
}

// int reads the value as a whole number.
func (f flex) int() (int, bool) {
	n, err := strconv.Atoi(string(f))
	return n, err == nil
}

type fpCell struct {
	Value            flex            `json:"value"`
	Given            bool            `json:"given"`
	Region           json.RawMessage `json:"region"`
	GivenPencilMarks []flex          `json:"givenPencilMarks"`
}

type fpEntry struct {
	Cell       string     `json:"cell"`
	Cells      []string   `json:"cells"`
	Lines      [][]string `json:"lines"`
	Value      flex       `json:"value"`
	Values     []flex     `json:"values"`
	Direction  string     `json:"direction"`
	CloneCells []string   `json:"cloneCells"`
	// FromConstraint names the rule a cosmetic entry draws (the lines and
	// shapes Rangsk's userscript adds beside the rule's own key).
	FromConstraint string `json:"fromConstraint"`
	kindKey        string // the key the entry was listed under
}

// builder turns f-puzzles JSON into a puzzle.
type builder struct {
	n        int
	p        *variant.Puzzle
	info     *Info
	counts   map[string]int
	order    []string
	aside    map[string]int
	asideOrd []string
	regionOf []int               // region number of each cell, -1 for none
	dots     map[[2]int][]string // the dot kinds between neighbours a < c
	dotVals  map[string][]int    // the values used by the dots of each kind
	minmax   []minMaxCell
}

func (b *builder) count(kind string) {
	if b.counts[kind] == 0 {
		b.order = append(b.order, kind)
	}
	b.counts[kind]++
}

func (b *builder) leave(what string) {
	if b.aside[what] == 0 {
		b.asideOrd = append(b.asideOrd, what)
	}
	b.aside[what]++
}

func (b *builder) shape(sh Shape) { b.info.Shapes = append(b.info.Shapes, sh) }

func (b *builder) add(k variant.Constraint) {
	b.p.Constraints = append(b.p.Constraints, k)
}

// puzzleErr is an error in an entry of the JSON.
func puzzleErr(where, format string, args ...any) error {
	return &Error{Where: where, Err: ErrPuzzle, Detail: fmt.Sprintf(format, args...)}
}

// rc reads a cell name such as R3C7 into 0-based row and column; with
// outside set, row or column may be 0 or size+1 (clues beside the grid).
func (b *builder) rc(where, name string, outside bool) (int, int, error) {
	s := strings.ToUpper(strings.TrimSpace(name))
	rs, cs, ok := strings.Cut(strings.TrimPrefix(s, "R"), "C")
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if !strings.HasPrefix(s, "R") || !ok || err1 != nil || err2 != nil {
		return 0, 0, puzzleErr(where, "%q is not a cell (cells are written R1C1)", name)
	}
	lo, hi := 1, b.n
	if outside {
		lo, hi = 0, b.n+1
	}
	if r < lo || r > hi || c < lo || c > hi {
		return 0, 0, puzzleErr(where, "cell %s is outside the %d×%d grid", s, b.n, b.n)
	}
	return r - 1, c - 1, nil
}

func (b *builder) cell(where, name string) (int, error) {
	r, c, err := b.rc(where, name, false)
	return r*b.n + c, err
}

func (b *builder) cells(where string, names []string) ([]int, error) {
	out := make([]int, 0, len(names))
	for _, nm := range names {
		c, err := b.cell(where, nm)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func decodeFPuzzles(data string) (*variant.Puzzle, *Info, int, error) {
	text, used, err := decompress(data)
	if err != nil {
		return nil, nil, 0, err
	}
	p, info, err := FromFPuzzlesJSON([]byte(text))
	if err != nil {
		return nil, nil, used, err
	}
	return p, info, used, nil
}

// jsonErr positions a JSON syntax error.
func jsonErr(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &Error{Where: fmt.Sprintf("byte %d of the puzzle's JSON", se.Offset), Err: ErrJSON, Detail: se.Error()}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return &Error{Where: "the puzzle's JSON", Err: ErrJSON, Detail: fmt.Sprintf("%s holds a %s", te.Field, te.Value)}
	}
	return &Error{Where: "the puzzle's JSON", Err: ErrJSON, Detail: err.Error()}
}

// empty reports a JSON value that holds nothing: null, false, "", [] or {}.
func empty(raw json.RawMessage) bool {
	switch string(bytes.TrimSpace(raw)) {
	case "null", "false", `""`, "[]", "{}", "0":
		return true
	}
	return false
}

// lineRules are the f-puzzles keys of lines, each made into rules by its
// function (one call per drawn line).
var lineRules = map[string]struct {
	kind string
	make func(b *builder, cells []int)
}{
	"thermometer":     {"thermometer", func(b *builder, cs []int) { b.add(variant.NewThermo(b.n, cs)) }},
	"slowthermometer": {"slow thermometer", func(b *builder, cs []int) { b.add(variant.NewSlowThermo(b.n, cs)) }},
	"palindrome":      {"palindrome", func(b *builder, cs []int) { b.add(variant.NewPalindrome(b.n, cs)) }},
	"whispers":        {"German whispers line", func(b *builder, cs []int) { b.add(variant.NewWhispers(b.n, cs)) }},
	"betweenline":     {"between line", func(b *builder, cs []int) { b.add(variant.NewBetween(b.n, cs)) }},
	"doublearrow":     {"double arrow", func(b *builder, cs []int) { b.add(variant.NewDoubleArrow(b.n, cs)) }},
	"zipperline":      {"zipper line", func(b *builder, cs []int) { b.add(variant.NewZipper(b.n, cs)) }},
	"modularline":     {"modular line", func(b *builder, cs []int) { b.add(variant.NewModular(b.n, cs)) }},
	"nabner":          {"nabner line", func(b *builder, cs []int) { b.add(variant.NewNabner(b.n, cs)) }},
	"renban": {"renban line", func(b *builder, cs []int) {
		b.p.Groups = append(b.p.Groups, variant.Group{Name: "renban line " + names(b.n, cs), Cells: cs})
		b.add(variant.NewRenban(b.n, cs))
	}},
	"lockout":      {"lockout line", func(b *builder, cs []int) { b.add(variant.NewLockout(b.n, cs, variant.LockoutGap(b.n))) }},
	"entropicline": {"entropic line", func(b *builder, cs []int) { b.add(variant.NewEntropic(b.n, cs)) }},
	"regionsumline": {"region sum line", func(b *builder, cs []int) {
		var segs [][]int
		for i, c := range cs {
			if i == 0 || b.regionOf[c] != b.regionOf[cs[i-1]] || b.regionOf[c] < 0 {
				segs = append(segs, nil)
			}
			segs[len(segs)-1] = append(segs[len(segs)-1], c)
		}
		b.add(variant.NewRegionSum(b.n, segs))
	}},
}

// cosmetic are the f-puzzles keys with no rule: what they are for people.
var cosmetic = map[string]string{
	"line": "line", "cage": "cage without a rule", "text": "text", "circle": "circle", "rectangle": "rectangle",
}

// ignored are keys that hold no rule and need no mention.
var ignored = map[string]bool{
	"size": true, "title": true, "author": true, "ruleset": true, "grid": true, "solution": true,
	"disabledlogic": true, "truecandidatesoptions": true, "negative": true, "highlightConflicts": true,
	"diagonal+": true, "diagonal-": true, "antiknight": true, "antiking": true, "disjointgroups": true,
	"nonconsecutive": true, "version": true, "successMessage": true,
}

// FromFPuzzlesJSON reads an f-puzzles puzzle from its JSON (what a link's
// data decompresses to). Errors are [*Error] values wrapping [ErrJSON] or
// [ErrPuzzle], naming the key and entry, or [ErrTooLarge] beyond MaxJSON
// bytes.
func FromFPuzzlesJSON(data []byte) (*variant.Puzzle, *Info, error) {
	if len(data) > MaxJSON {
		return nil, nil, tooLarge()
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, nil, jsonErr(data, err)
	}
	var meta struct {
		Size     int        `json:"size"`
		Title    string     `json:"title"`
		Author   string     `json:"author"`
		Ruleset  string     `json:"ruleset"`
		Grid     [][]fpCell `json:"grid"`
		Negative []string   `json:"negative"`
		Solution json.RawMessage
		Globals  map[string]bool
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		return nil, nil, jsonErr(data, err)
	}
	n := meta.Size
	if n == 0 {
		n = len(meta.Grid)
	}
	if n < variant.MinSize || n > variant.MaxSize {
		return nil, nil, puzzleErr("size", "%d is outside 4 to 16", n)
	}
	if len(meta.Grid) != n {
		return nil, nil, puzzleErr("grid", "%d rows for size %d", len(meta.Grid), n)
	}
	b := &builder{n: n, p: &variant.Puzzle{Size: n, Givens: make([]int, n*n)},
		info:   &Info{Source: "f-puzzles", Title: meta.Title, Author: meta.Author, Rules: meta.Ruleset},
		counts: map[string]int{}, aside: map[string]int{}, dots: map[[2]int][]string{}, dotVals: map[string][]int{}}
	if err := b.grid(meta.Grid); err != nil {
		return nil, nil, err
	}
	if raw, ok := top["solution"]; ok {
		b.info.Solution = readSolution(raw, n)
	}
	keys := make([]string, 0, len(top))
	for k := range top {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, key := range keys {
		raw := top[key]
		if ignored[key] {
			continue
		}
		if what, ok := cosmetic[key]; ok {
			if err := b.cosmetic(key, what, raw); err != nil {
				return nil, nil, err
			}
			continue
		}
		var entries []fpEntry
		if !empty(raw) {
			if err := json.Unmarshal(raw, &entries); err != nil {
				if _, known := entryRules[key]; known || lineRules[key].make != nil {
					return nil, nil, puzzleErr(key, "not a list of entries")
				}
			}
		}
		if err := b.entries(key, raw, entries); err != nil {
			return nil, nil, err
		}
	}
	globals := map[string]bool{}
	for _, g := range []string{"diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive"} {
		if raw, ok := top[g]; ok {
			var on bool
			if json.Unmarshal(raw, &on) != nil {
				return nil, nil, puzzleErr(g, "not true or false")
			}
			globals[g] = on
		}
	}
	b.globals(globals, meta.Negative)
	b.info.Read = b.summary()
	for _, what := range b.asideOrd {
		b.info.LeftAside = append(b.info.LeftAside, plural(b.aside[what], what))
	}
	if err := b.p.Validate(); err != nil {
		return nil, nil, &Error{Where: "the puzzle", Err: ErrPuzzle, Detail: err.Error(), cause: err}
	}
	return b.p, b.info, nil
}

func (b *builder) summary() []string {
	var out []string
	for _, k := range b.order {
		switch k {
		case "anti-knight", "anti-king", "disjoint groups", "nonconsecutive", "positive diagonal", "negative diagonal",
			"negative kropki", "negative XV":
			out = append(out, k)
		default:
			out = append(out, plural(b.counts[k], k))
		}
	}
	return out
}

// plural writes "1 thermometer", "3 thermometers", "2 boxes".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	switch {
	case strings.HasSuffix(what, "x"), strings.HasSuffix(what, "ss"):
		return fmt.Sprintf("%d %ses", n, what)
	case strings.HasPrefix(what, "German whispers"), strings.HasPrefix(what, "X-sum"), strings.HasPrefix(what, "given pencil"):
		return fmt.Sprintf("%d %s", n, what)
	}
	if i := strings.Index(what, " without"); i >= 0 {
		return fmt.Sprintf("%d %ss%s", n, what[:i], what[i:])
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func names(n int, cells []int) string {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = variant.CellName(n, c)
	}
	return strings.Join(s, " ")
}

func readSolution(raw json.RawMessage, n int) []int {
	var ds []flex
	if json.Unmarshal(raw, &ds) != nil {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return nil
		}
		for _, ch := range s {
			ds = append(ds, flex(string(ch)))
		}
	}
	if len(ds) != n*n {
		return nil
	}
	sol := make([]int, n*n)
	for i, d := range ds {
		v, ok := d.int()
		if !ok || v < 1 || v > n {
			return nil
		}
		sol[i] = v
	}
	return sol
}

func (b *builder) grid(rows [][]fpCell) error {
	n := b.n
	b.regionOf = make([]int, n*n)
	byRegion := map[int][]int{}
	custom := false
	var filled []int
	for r, row := range rows {
		if len(row) != n {
			return puzzleErr(fmt.Sprintf("grid row %d", r+1), "%d cells for size %d", len(row), n)
		}
		for c, cell := range row {
			i := r*n + c
			where := fmt.Sprintf("grid cell R%dC%d", r+1, c+1)
			if cell.Value != "" {
				v, ok := cell.Value.int()
				if !ok || v < 1 || v > n {
					return puzzleErr(where, "value %q is not a digit from 1 to %d", cell.Value, n)
				}
				if cell.Given {
					b.p.Givens[i] = v
				} else {
					if filled == nil {
						filled = make([]int, n*n)
					}
					filled[i] = v
				}
			}
			if len(cell.GivenPencilMarks) > 0 {
				var set variant.Digits
				for _, pm := range cell.GivenPencilMarks {
					v, ok := pm.int()
					if !ok || v < 1 || v > n {
						return puzzleErr(where, "pencil mark %q is not a digit from 1 to %d", pm, n)
					}
					set |= variant.Digit(v)
				}
				b.add(variant.NewMask("given pencil marks", n, i, set))
				b.count("given pencil marks")
			}
			switch reg := bytes.TrimSpace(cell.Region); {
			case len(reg) == 0:
				h, w := variant.BoxShape(n)
				b.regionOf[i] = r/h*(n/w) + c/w
			case string(reg) == "null":
				b.regionOf[i] = -1
				custom = true
			default:
				k, err := strconv.Atoi(string(reg))
				if err != nil || k < 0 {
					return puzzleErr(where, "region %s is not a region number", reg)
				}
				b.regionOf[i] = k
				custom = true
			}
			if b.regionOf[i] >= 0 {
				byRegion[b.regionOf[i]] = append(byRegion[b.regionOf[i]], i)
			}
		}
	}
	b.info.Filled = filled
	if custom {
		ids := make([]int, 0, len(byRegion))
		for k := range byRegion {
			ids = append(ids, k)
		}
		slices.Sort(ids)
		b.p.Regions = [][]int{}
		for _, k := range ids {
			if len(byRegion[k]) != n {
				return puzzleErr(fmt.Sprintf("region %d", k+1), "%d cells, not %d", len(byRegion[k]), n)
			}
			b.p.Regions = append(b.p.Regions, byRegion[k])
		}
		b.count("irregular region")
		b.counts["irregular region"] = len(b.p.Regions)
	}
	return nil
}

func (b *builder) cosmetic(key, what string, raw json.RawMessage) error {
	if empty(raw) {
		return nil
	}
	var entries []fpEntry
	if err := json.Unmarshal(raw, &entries); err != nil {
		b.leave(what)
		return nil
	}
	for _, e := range entries {
		if e.FromConstraint != "" {
			continue // the picture of a rule read (or named unknown) under its own key
		}
		if key == "cage" {
			if title, ok := metaValue(string(e.Value)); ok {
				b.meta(title[0], title[1])
				continue
			}
		}
		b.leave(what)
	}
	return nil
}

// metaValue reads SudokuPad's "title: ..." cage values.
func metaValue(v string) ([2]string, bool) {
	k, val, ok := strings.Cut(v, ":")
	k = strings.ToLower(strings.TrimSpace(k))
	switch k {
	case "title", "author", "rules", "solution", "msgcorrect":
		return [2]string{k, strings.TrimSpace(val)}, ok
	}
	return [2]string{}, false
}

func (b *builder) meta(k, v string) {
	switch k {
	case "title":
		if b.info.Title == "" {
			b.info.Title = v
		}
	case "author":
		if b.info.Author == "" {
			b.info.Author = v
		}
	case "rules":
		if b.info.Rules == "" {
			b.info.Rules = v
		}
	case "solution":
		if b.info.Solution == nil {
			b.info.Solution = readSolution(json.RawMessage(strconv.Quote(v)), b.n)
		}
	}
}
