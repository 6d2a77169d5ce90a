package generate

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/sudoku"
)

// Code identifies a generated puzzle so that it can be shared and made
// again: the grid size, the level it was made for, whether its givens are
// symmetric, the base seed of the puzzle before any transform, and the
// transform (0 for none). Written out it reads
//
//	#9H-abb63100
//
// that is '#', the side (4, 6, 8, 9, 12, 16 or 25), the level's letter (E
// Easy, M Medium, H Hard, X Expert, Z Extreme), '-', and eight characters
// of Crockford's base 32 (digits and lower-case letters without i, l, o and
// u) holding the symmetry bit, the 29-bit seed and the 10-bit transform.
//
// The puzzle depends on the size, the symmetry, the seed and the transform
// only; the level letter says what the puzzle was made as. [Decode] makes
// the puzzle and grades it again.
type Code struct {
	Shape     sudoku.Shape
	Level     Level
	Symmetric bool
	Seed      uint32 // below 1<<SeedBits
	Transform uint16 // below 1<<TransformBits; 0 is no transform
}

// The widths of a code's numbers.
const (
	SeedBits      = 29
	TransformBits = 10
	payloadChars  = 8 // (1 + SeedBits + TransformBits) / 5
)

// base32 is Crockford's alphabet, in lower case.
const base32 = "0123456789abcdefghjkmnpqrstvwxyz"

// String writes the code as #9H-abb63100.
func (c Code) String() string {
	x := uint64(c.Transform)&(1<<TransformBits-1) |
		uint64(c.Seed)&(1<<SeedBits-1)<<TransformBits |
		b2u(c.Symmetric)<<(SeedBits+TransformBits)
	var b [payloadChars]byte
	for i := payloadChars - 1; i >= 0; i-- {
		b[i] = base32[x&31]
		x >>= 5
	}
	return "#" + strconv.Itoa(c.Shape.Size()) + string(c.Level.Letter()) + "-" + string(b[:])
}

// ErrCode is wrapped by [ParseCode]'s errors.
var ErrCode = errors.New("not a puzzle code")

// CodeProblem says what is wrong with a text that is no puzzle code.
type CodeProblem uint8

// The problems of [CodeError].
const (
	CodeNoDash CodeProblem = iota + 1 // no '-' between the head (9H) and the rest
	CodeHead                          // the head is not a size and one level letter
	CodeSize                          // a size there are no puzzles of ([CodeError.Size])
	CodeLevel                         // a letter that is no level ([CodeError.Char])
	CodeLength                        // [CodeError.Length] characters after '-', not [PayloadChars]
	CodeChar                          // a character that base 32 does not have ([CodeError.Char])
)

// PayloadChars is the number of characters after the '-' of a code.
const PayloadChars = payloadChars

// CodeError is the error of [ParseCode]: the text read, what is wrong with
// it, and the value that shows it. It wraps [ErrCode]. Its Error text is
// for logs; a reply words the problem from the fields.
type CodeError struct {
	Code    string // the text given to ParseCode
	Problem CodeProblem
	Size    int  // CodeSize: the size read
	Char    byte // CodeLevel, CodeChar: the character read
	Length  int  // CodeLength: the characters after '-'
}

func (e *CodeError) Error() string {
	var what string
	switch e.Problem {
	case CodeNoDash:
		what = "a code reads like #9H-abb63100"
	case CodeHead:
		what = "it starts with the size and a level letter, like #9H"
	case CodeSize:
		what = fmt.Sprintf("no %d×%d puzzles", e.Size, e.Size)
	case CodeLevel:
		what = fmt.Sprintf("%q is not a level letter (E, M, H, X or Z)", e.Char)
	case CodeLength:
		what = fmt.Sprintf("%d characters after '-', not %d", e.Length, payloadChars)
	case CodeChar:
		what = fmt.Sprintf("%q is not a code character", e.Char)
	}
	return fmt.Sprintf("%q: %v: %s", e.Code, ErrCode, what)
}

// Unwrap returns [ErrCode].
func (e *CodeError) Unwrap() error { return ErrCode }

// ParseCode reads a code written by [Code.String]. It accepts any case,
// leaves out the '#' if missing, and reads I and L as 1 and O as 0 (the
// letters base 32 leaves out because they look like digits). The error
// is a [*CodeError], which wraps [ErrCode] and says what is wrong.
func ParseCode(s string) (Code, error) {
	orig := s
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	head, payload, ok := strings.Cut(s, "-")
	if !ok {
		return Code{}, &CodeError{Code: orig, Problem: CodeNoDash}
	}
	i := 0
	for i < len(head) && head[i] >= '0' && head[i] <= '9' {
		i++
	}
	size, err := strconv.Atoi(head[:i])
	if err != nil || len(head) != i+1 {
		return Code{}, &CodeError{Code: orig, Problem: CodeHead}
	}
	shape, ok := sudoku.ShapeForSize(size)
	if !ok {
		return Code{}, &CodeError{Code: orig, Problem: CodeSize, Size: size}
	}
	level := Level(strings.IndexByte(levelLetters, upper(head[i])))
	if !level.valid() {
		return Code{}, &CodeError{Code: orig, Problem: CodeLevel, Char: head[i]}
	}
	if len(payload) != payloadChars {
		return Code{}, &CodeError{Code: orig, Problem: CodeLength, Length: len(payload)}
	}
	var x uint64
	for j := 0; j < len(payload); j++ {
		d := base32Digit(payload[j])
		if d < 0 {
			return Code{}, &CodeError{Code: orig, Problem: CodeChar, Char: payload[j]}
		}
		x = x<<5 | uint64(d)
	}
	return Code{
		Shape:     shape,
		Level:     level,
		Symmetric: x>>(SeedBits+TransformBits) != 0,
		Seed:      uint32(x >> TransformBits & (1<<SeedBits - 1)),
		Transform: uint16(x & (1<<TransformBits - 1)),
	}, nil
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 'a' + 'A'
	}
	return b
}

// base32Digit returns the value of a code character, or -1.
func base32Digit(b byte) int {
	switch b = upper(b); b {
	case 'I', 'L':
		return 1
	case 'O':
		return 0
	}
	for i := 0; i < len(base32); i++ {
		if upper(base32[i]) == b {
			return i
		}
	}
	return -1
}

// FindCode returns the first puzzle code in text, such as the one a puzzle
// message shows, and whether there is one. The bot finds the puzzle a reply
// refers to this way, with nothing stored. A '#' must start the code.
func FindCode(text string) (Code, bool) {
	for i := 0; i < len(text); i++ {
		if text[i] != '#' {
			continue
		}
		end := i + 1
		for end < len(text) && end-i < 4+payloadChars+1 && isCodeByte(text[end]) {
			end++
		}
		if c, err := ParseCode(text[i:end]); err == nil {
			return c, true
		}
	}
	return Code{}, false
}

func isCodeByte(b byte) bool {
	return b == '-' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
