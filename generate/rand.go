package generate

import "math/bits"

// rng is the generator's source of randomness: SplitMix64, written out here
// rather than taken from math/rand so that a seed gives the same puzzle on
// every Go version, forever. Codes handed to people depend on it.
type rng struct{ state uint64 }

// newRNG returns a generator whose stream is fixed by the words given: each
// is mixed into the state in turn.
func newRNG(words ...uint64) *rng {
	r := &rng{state: 0x5d6f_c0de_2a1b_9e37}
	for _, w := range words {
		r.state ^= mix64(w + 0x9e37_79b9_7f4a_7c15)
		r.next()
	}
	return r
}

// next returns the next 64 random bits.
func (r *rng) next() uint64 {
	r.state += 0x9e37_79b9_7f4a_7c15
	return mix64(r.state)
}

// mix64 is SplitMix64's finaliser: a bijection of 64-bit words whose output
// bits each depend on every input bit.
func mix64(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58_476d_1ce4_e5b9
	z = (z ^ z>>27) * 0x94d0_49bb_1331_11eb
	return z ^ z>>31
}

// intn returns a uniform integer in [0, n), n > 0 (Lemire's multiply and
// reject).
func (r *rng) intn(n int) int {
	un := uint64(n)
	hi, lo := bits.Mul64(r.next(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.next(), un)
		}
	}
	return int(hi)
}

// shuffle puts s in a uniformly random order (Fisher-Yates).
func shuffle[T any](r *rng, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}
