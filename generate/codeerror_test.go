package generate

import (
	"errors"
	"testing"
)

// TestCodeErrorFields: ParseCode's errors are *CodeError values that name
// the problem and the value that shows it, wrap ErrCode, and keep the text
// the logs had.
func TestCodeErrorFields(t *testing.T) {
	tests := []struct {
		in   string
		want CodeError
		text string
	}{
		{"9H3f2a1c9x", CodeError{Problem: CodeNoDash}, `"9H3f2a1c9x": not a puzzle code: a code reads like #9H-abb63100`},
		{"#x9-3f2a1c9x", CodeError{Problem: CodeHead}, `"#x9-3f2a1c9x": not a puzzle code: it starts with the size and a level letter, like #9H`},
		{"#10E-3f2a1c9x", CodeError{Problem: CodeSize, Size: 10}, `"#10E-3f2a1c9x": not a puzzle code: no 10×10 puzzles`},
		{"#9q-3f2a1c9x", CodeError{Problem: CodeLevel, Char: 'q'}, `"#9q-3f2a1c9x": not a puzzle code: 'q' is not a level letter (E, M, H, X or Z)`},
		{"#9H-3f2a1c9x0", CodeError{Problem: CodeLength, Length: 9}, `"#9H-3f2a1c9x0": not a puzzle code: 9 characters after '-', not 8`},
		{"#9H-3f2a1cu9", CodeError{Problem: CodeChar, Char: 'u'}, `"#9H-3f2a1cu9": not a puzzle code: 'u' is not a code character`},
	}
	for _, tt := range tests {
		_, err := ParseCode(tt.in)
		var ce *CodeError
		if !errors.As(err, &ce) || !errors.Is(err, ErrCode) {
			t.Fatalf("ParseCode(%q) = %v, want a *CodeError wrapping ErrCode", tt.in, err)
		}
		tt.want.Code = tt.in
		if *ce != tt.want {
			t.Errorf("ParseCode(%q): %+v, want %+v", tt.in, *ce, tt.want)
		}
		if err.Error() != tt.text {
			t.Errorf("ParseCode(%q): %q, want %q", tt.in, err.Error(), tt.text)
		}
	}
}
