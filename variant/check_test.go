package variant

import (
	"slices"
	"testing"
)

func TestCheckNamesBrokenRules(t *testing.T) {
	p := &Puzzle{Size: 4, Givens: make([]int, 16), Constraints: []Constraint{
		NewCage("killer cage", 4, []int{0, 1}, 5, true),
		NewThermo(4, []int{4, 5, 6}),
	}}
	vals := []int{
		1, 3, 0, 0,
		3, 2, 4, 0,
		0, 0, 0, 0,
		0, 0, 0, 3,
	}
	got, err := Check(p, vals)
	if err != nil {
		t.Fatal(err)
	}
	var rules []string
	for _, b := range got {
		rules = append(rules, b.Rule)
	}
	want := []string{
		"region 1 has 2 3s",
		"killer cage 5 at r1c1 r1c2: sums to 4, not 5",
		"thermometer r2c1→r2c2→r2c3: not increasing at r2c1→r2c2 (3, 2)",
	}
	if !slices.Equal(rules, want) {
		t.Errorf("broken %q,\nwant %q", rules, want)
	}
	// The same rules on a right grid: nothing broken.
	right := []int{1, 4, 3, 2, 2, 3, 4, 1, 3, 1, 2, 4, 4, 2, 1, 3}
	if got, _ := Check(&Puzzle{Size: 4, Givens: make([]int, 16), Constraints: []Constraint{NewCage("killer cage", 4, []int{0, 1}, 5, true), NewThermo(4, []int{4, 5, 6})}}, right); len(got) != 0 {
		t.Errorf("a right grid breaks %v", got)
	}
}
