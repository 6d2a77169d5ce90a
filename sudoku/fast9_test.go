package sudoku

import "testing"

// TestPermHashDistinct checks that permHash gives each of the 512 sets of
// triplets of a band its own index of the permutation table, and that the
// table then agrees with the permutations counted directly.
func TestPermHashDistinct(t *testing.T) {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	seen := map[uint32]int{}
	for occ := 0; occ < 512; occ++ {
		// A word with the middle cell of every occupied triplet.
		var x uint32
		var want uint32
		for j := 0; j < 9; j++ {
			x |= uint32(occ>>j&1) << (3*j + 1)
		}
		for _, p := range perms {
			fits := true
			for r, k := range p {
				fits = fits && occ>>(r*3+k)&1 != 0
			}
			for r, k := range p {
				if fits {
					want |= 7 << (r*9 + 3*k)
				}
			}
		}
		h := permHash(x)
		if o, ok := seen[h]; ok {
			t.Fatalf("triplet sets %09b and %09b share index %d", o, occ, h)
		}
		seen[h] = occ
		if got := tab9.perm[h]; got != want {
			t.Errorf("triplet set %09b: table gives %027b, want %027b", occ, got, want)
		}
	}
}
