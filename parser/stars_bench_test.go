package parser

import (
	"fmt"
	"strings"
	"testing"
)

// adversarial returns inputs of n bytes made to defeat a parser that scans
// a run of marks once per mark: one line of '*' next to a digit, '*'
// between pipes (a field of stars), and stars around separators.
func adversarial(n int) map[string]string {
	return map[string]string{
		"stars":      "5" + strings.Repeat("*", n-1),
		"pipes":      "|" + strings.Repeat("*", n-3) + "5|",
		"separators": strings.Repeat("**5**,", n/6),
		"bold-run":   strings.Repeat("*", n/2) + "5" + strings.Repeat("*", n/2-1),
	}
}

// BenchmarkStarRuns reads adversarial inputs of 4 to 32 KiB: the time per
// byte must stay flat as the input doubles.
func BenchmarkStarRuns(b *testing.B) {
	for _, kb := range []int{4, 8, 16, 32} {
		inputs := adversarial(kb << 10)
		for _, name := range []string{"stars", "pipes", "separators", "bold-run"} {
			text := inputs[name]
			b.Run(fmt.Sprintf("%s/%dKiB", name, kb), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(text)))
				for range b.N {
					_, _ = Read(text)
				}
			})
		}
	}
}
