package variant

import (
	"fmt"
	"math/bits"
	"strings"
)

// Digits is a set of digits 1 to 16: bit d-1 stands for digit d.
type Digits uint32

// DigitSet returns the set of the digits given.
func DigitSet(ds ...int) Digits {
	var m Digits
	for _, d := range ds {
		m |= Digit(d)
	}
	return m
}

// Digit returns the set holding d alone (empty for d outside 1..16).
func Digit(d int) Digits {
	if d < 1 || d > 16 {
		return 0
	}
	return 1 << (d - 1)
}

// Range returns the set of the digits lo to hi (empty when lo > hi).
func Range(lo, hi int) Digits {
	lo, hi = max(lo, 1), min(hi, 16)
	if lo > hi {
		return 0
	}
	return Digits((uint32(1)<<(hi-lo+1))-1) << (lo - 1)
}

// Has reports whether d is in the set.
func (m Digits) Has(d int) bool { return m&Digit(d) != 0 }

// Count returns how many digits the set holds.
func (m Digits) Count() int { return bits.OnesCount32(uint32(m)) }

// Single reports whether the set holds exactly one digit.
func (m Digits) Single() bool { return m != 0 && m&(m-1) == 0 }

// Min returns the smallest digit of the set (0 for the empty set).
func (m Digits) Min() int {
	if m == 0 {
		return 0
	}
	return bits.TrailingZeros32(uint32(m)) + 1
}

// Max returns the largest digit of the set (0 for the empty set).
func (m Digits) Max() int { return 32 - bits.LeadingZeros32(uint32(m)) }

// Each calls f for each digit of the set in increasing order.
func (m Digits) Each(f func(d int)) {
	for m != 0 {
		d := bits.TrailingZeros32(uint32(m)) + 1
		m &= m - 1
		f(d)
	}
}

// List returns the digits of the set in increasing order.
func (m Digits) List() []int {
	var ds []int
	m.Each(func(d int) { ds = append(ds, d) })
	return ds
}

// String writes the set as its digits, values above 9 as letters A-G
// ("139", "9ABG"), and "-" for the empty set.
func (m Digits) String() string {
	if m == 0 {
		return "-"
	}
	var b strings.Builder
	m.Each(func(d int) { b.WriteByte(DigitChar(d)) })
	return b.String()
}

// DigitChar is the character a digit is written with: '1'-'9', then 'A'
// for 10 up to 'G' for 16 (as the rest of the project writes 16×16 grids).
func DigitChar(d int) byte {
	if d >= 1 && d <= 9 {
		return byte('0' + d)
	}
	if d >= 10 && d <= 35 {
		return byte('A' + d - 10)
	}
	return '?'
}

// CellName writes a cell of a grid of the given size as people do:
// "r3c7", rows and columns counted from 1.
func CellName(size, cell int) string {
	return fmt.Sprintf("r%dc%d", cell/size+1, cell%size+1)
}
