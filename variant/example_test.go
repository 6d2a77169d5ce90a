package variant_test

import (
	"context"
	"fmt"

	"github.com/sudokubot/sudokubot/variant"
)

// A 4×4 killer with a thermometer: two cages and a thermometer down the
// first column decide the grid.
func ExampleSolve() {
	p := &variant.Puzzle{
		Size:   4,
		Givens: make([]int, 16),
		Constraints: []variant.Constraint{
			variant.NewThermo(4, []int{0, 4, 8, 12}),                // r1c1 < r2c1 < r3c1 < r4c1
			variant.NewCage("killer cage", 4, []int{1, 2}, 5, true), // r1c2 + r1c3 = 5
			variant.NewCage("killer cage", 4, []int{5, 6}, 7, true), // r2c2 + r2c3 = 7
		},
	}
	res, err := variant.Solve(context.Background(), p, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status)
	if res.Status == variant.None {
		return
	}
	for r := 0; r < 4; r++ {
		fmt.Println(res.Solutions[0][r*4 : r*4+4])
	}
	// Output:
	// unique
	// [1 3 2 4]
	// [2 4 3 1]
	// [3 1 4 2]
	// [4 2 1 3]
}
