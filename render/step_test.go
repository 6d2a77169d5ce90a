package render

import (
	"reflect"
	"strings"
	"testing"
	"unicode"

	"github.com/sudokubot/sudokubot/logic"
	"github.com/sudokubot/sudokubot/sudoku"
)

func cell(r, c int) sudoku.Cell { return sudoku.Cell{Row: r - 1, Col: c - 1} }

func row(n int) sudoku.Unit { return sudoku.Unit{Kind: sudoku.Row, Number: n} }
func col(n int) sudoku.Unit { return sudoku.Unit{Kind: sudoku.Column, Number: n} }
func box(n int) sudoku.Unit { return sudoku.Unit{Kind: sudoku.Box, Number: n} }

// TestDescribeStepGivesNoPlacementAway checks the first level of a hint:
// which digits it names and which cells it marks, for the techniques where
// naming both would tell a digit of the solution.
func TestDescribeStepGivesNoPlacementAway(t *testing.T) {
	tests := []struct {
		name   string
		step   logic.Step
		where  string
		digits string
		marks  []sudoku.Cell
	}{
		{"hidden single names unit and digit, not the cell",
			logic.Step{Technique: logic.HiddenSingle, Name: "Hidden Single", Cells: []sudoku.Cell{cell(3, 5)}, Units: []sudoku.Unit{row(3)}, Digits: []int{7},
				Placements: []logic.Candidate{{Cell: cell(3, 5), Digit: 7}}},
			"row 3", "7", nil},
		{"naked single names the cell, not the digit",
			logic.Step{Technique: logic.NakedSingle, Name: "Naked Single", Cells: []sudoku.Cell{cell(3, 5)}, Digits: []int{7},
				Placements: []logic.Candidate{{Cell: cell(3, 5), Digit: 7}}},
			"r3c5", "", []sudoku.Cell{cell(3, 5)}},
		{"full house names no digit",
			logic.Step{Technique: logic.FullHouse, Name: "Full House", Cells: []sudoku.Cell{cell(3, 5)}, Units: []sudoku.Unit{box(2)}, Digits: []int{7},
				Placements: []logic.Candidate{{Cell: cell(3, 5), Digit: 7}}},
			"box 2", "", []sudoku.Cell{cell(3, 5)}},
		{"BUG+1: one cell, no digit",
			logic.Step{Technique: logic.BUG, Name: "BUG type 1", Cells: []sudoku.Cell{cell(5, 5)}, Digits: []int{4},
				Eliminations: []logic.Candidate{{Cell: cell(5, 5), Digit: 2}, {Cell: cell(5, 5), Digit: 8}}},
			"r5c5", "", []sudoku.Cell{cell(5, 5)}},
		{"direct hidden pair names its pair, marks its cells",
			logic.Step{Technique: logic.DirectHiddenPair, Name: "Direct Hidden Pair", Cells: []sudoku.Cell{cell(8, 7), cell(8, 9)}, Units: []sudoku.Unit{box(9)},
				Digits: []int{6, 7}, Placements: []logic.Candidate{{Cell: cell(7, 8), Digit: 5}}},
			"box 9", "6 and 7", []sudoku.Cell{cell(8, 7), cell(8, 9)}},
		{"a placing chain names no digit",
			logic.Step{Technique: logic.MultipleForcingChain, Name: "Cell Forcing Chains", Cells: []sudoku.Cell{cell(1, 1), cell(1, 2), cell(4, 4)}, Digits: []int{3, 5},
				Placements: []logic.Candidate{{Cell: cell(4, 4), Digit: 3}}},
			"r1c1, r1c2 and r4c4", "", []sudoku.Cell{cell(1, 1), cell(1, 2), cell(4, 4)}},
		{"skyscraper",
			logic.Step{Technique: logic.TurbotFish, Name: "Skyscraper", Cells: []sudoku.Cell{cell(2, 4), cell(7, 4), cell(3, 7), cell(7, 7)},
				Units: []sudoku.Unit{col(4), row(7), col(7)}, Digits: []int{4}, Eliminations: []logic.Candidate{{Cell: cell(3, 5), Digit: 4}}},
			"columns 4 and 7, row 7", "4", []sudoku.Cell{cell(2, 4), cell(7, 4), cell(3, 7), cell(7, 7)}},
		{"many cells are counted, not named",
			logic.Step{Technique: logic.DynamicForcingChain, Name: "Dynamic Forcing Chains", Cells: []sudoku.Cell{cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 3)},
				Digits: []int{1}, Eliminations: []logic.Candidate{{Cell: cell(9, 9), Digit: 1}}},
			"the 7 marked cells", "1", []sudoku.Cell{cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 3)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := describeStep(tt.step, "")
			if got.where != tt.where || got.digits != tt.digits || !reflect.DeepEqual(got.marks, tt.marks) {
				t.Errorf("describeStep = where %q digits %q marks %v; want %q %q %v", got.where, got.digits, got.marks, tt.where, tt.digits, tt.marks)
			}
		})
	}
}

func TestConclusions(t *testing.T) {
	tests := []struct {
		name string
		step logic.Step
		want string
	}{
		{"placement", logic.Step{Placements: []logic.Candidate{{Cell: cell(9, 7), Digit: 6}}}, "r9c7 is 6"},
		{"one digit in two cells", logic.Step{Eliminations: []logic.Candidate{{Cell: cell(4, 9), Digit: 4}, {Cell: cell(8, 7), Digit: 4}}},
			"r4c9 and r8c7 can't be 4"},
		{"cells losing the same digits go together", logic.Step{Eliminations: []logic.Candidate{
			{Cell: cell(8, 1), Digit: 5}, {Cell: cell(9, 1), Digit: 5}, {Cell: cell(8, 1), Digit: 6}, {Cell: cell(8, 1), Digit: 7}, {Cell: cell(2, 1), Digit: 5}}},
			"r8c1 can't be 5, 6 or 7; r9c1 and r2c1 can't be 5"},
		{"16×16 digits are letters", logic.Step{Placements: []logic.Candidate{{Cell: cell(12, 14), Digit: 16}}, Eliminations: []logic.Candidate{{Cell: cell(1, 1), Digit: 10}}},
			"r12c14 is G; r1c1 can't be A"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := conclusions(tt.step, MaxLen, ""); got != tt.want {
				t.Errorf("conclusions = %q, want %q", got, tt.want)
			}
		})
	}
	// Too long for the budget: the compact notation, cut between conclusions.
	var s logic.Step
	for c := 1; c <= 9; c++ {
		for d := 1; d <= 9; d++ {
			s.Eliminations = append(s.Eliminations, logic.Candidate{Cell: cell(1, c), Digit: d})
		}
	}
	got := conclusions(s, 60, "")
	if Len(got) > 60 || !strings.HasPrefix(got, "r1c1<>1 r1c1<>2") || !strings.HasSuffix(got, " more") {
		t.Errorf("cut conclusions = %q (%d)", got, Len(got))
	}
}

func TestDisplayName(t *testing.T) {
	for name, want := range map[string]string{
		"Skyscraper":                        "Skyscraper",
		"Grouped Skyscraper 01":             "Grouped Skyscraper",
		"WXYZ-Wing 132":                     "WXYZ-Wing",
		"Unique Loop 6 type 2":              "Unique Loop 6 type 2",
		"3 Strong links (including blocks)": "3 Strong links",
		"3 Skyscrapers 0111 (Using 2 grouped strong links)":       "3 Skyscrapers",
		"Dynamic Forcing Chains (+)":                              "Dynamic Forcing Chains (+)",
		"Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)": "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
	} {
		if got := displayName(logic.Step{Name: name}); got != want {
			t.Errorf("displayName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestArticle(t *testing.T) {
	for name, want := range map[string]string{
		"Skyscraper": "a ", "X-Wing": "an ", "XY-Wing": "an ", "Unique Rectangle type 1": "a ", "Aligned Pair Exclusion": "",
		"Pointing": "", "Direct Claiming": "a ", "3 Skyscrapers": "", "Dynamic Forcing Chains": "", "Empty Rectangle": "an ",
		"Hidden Single": "a ", "BUG type 1": "a ", "Two-string Kite": "a ",
		"Alternating Inference Chain": "an ", "W-Wing": "a ", "XY-Chain": "an ", "Continuous Nice Loop": "a ",
	} {
		if got := article(name); got != want {
			t.Errorf("article(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestAboutNamesNoDigit: the sentence on a technique is the same for every
// puzzle, so it may name no cell and no digit (a figure, or a capital letter
// alone, as digits above 9 are written).
func TestAboutNamesNoDigit(t *testing.T) {
	texts := map[string]string{}
	for tech, text := range about {
		texts[tech.String()] = text
	}
	for k, text := range aboutPattern {
		texts[k.String()] = text
	}
	for k, text := range aboutPlacing {
		texts[k.String()+" placing"] = text
	}
	for tech, text := range texts {
		for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if strings.ContainsAny(w, "0123456789") || len(w) == 1 && unicode.IsUpper(rune(w[0])) {
				t.Errorf("%v: %q has the word %q", tech, text, w)
			}
		}
	}
}

func TestUnitList(t *testing.T) {
	for _, tt := range []struct {
		units []sudoku.Unit
		want  string
	}{
		{[]sudoku.Unit{box(1), row(3)}, "box 1 and row 3"},
		{[]sudoku.Unit{col(4), row(7), col(9)}, "columns 4 and 9, row 7"},
		{[]sudoku.Unit{row(2), row(7), col(3), col(8)}, "rows 2 and 7, columns 3 and 8"},
		{[]sudoku.Unit{box(1), box(4), row(3)}, "boxes 1 and 4, row 3"},
		{[]sudoku.Unit{row(3), row(3)}, "row 3"},
	} {
		if got := unitList(tt.units); got != tt.want {
			t.Errorf("unitList(%v) = %q, want %q", tt.units, got, tt.want)
		}
	}
}
