package generate

import "testing"

// FuzzParseCode: ParseCode never panics, and a code it reads writes back as
// a code that reads the same.
func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"#9H-3f2a1c9x", "16z-zzzzzzzz", "#4E-00000000", " #9h-OIL10000 ", "#9H-", "#-", "#25X-abcdefgh"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCode(s)
		if err != nil {
			return
		}
		again, err := ParseCode(c.String())
		if err != nil || again != c {
			t.Fatalf("%q reads as %+v, written %q, read again %+v (%v)", s, c, c.String(), again, err)
		}
	})
}
