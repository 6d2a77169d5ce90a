package command

import (
	"errors"
	"fmt"

	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/link"
)

// problemSentence words err, an error a person caused in a package below (a
// grid the parser cannot read, a word that is no puzzle code), as the
// sentence of the reply: the one place where such errors, values with
// fields, become text for people. req places a parse error in the whole
// message, where the person counts lines and columns (a zero Request leaves
// it where it is). What the parser says of the grid itself is the text of
// its error's detail, written for people by the parser (it quotes the
// characters it names safely). Any other error is no fault of the person's:
// it gets a sentence that says so, never its text.
func problemSentence(err error, req Request) string {
	var ce *generate.CodeError
	var pe *parser.Error
	var le *variant.LimitError
	switch {
	case errors.As(err, &le):
		return limitSentence(le)
	case errors.Is(err, link.ErrTooLarge):
		return fmt.Sprintf("That link holds more than any puzzle needs: over %d characters once unpacked, "+
			"four times the largest published puzzle. I don't read it.", link.MaxJSON)
	case errors.As(err, &ce):
		return fmt.Sprintf("I can't read the puzzle code %s. %s", truncate(ce.Code, 30), codeProblem(ce))
	case errors.As(inMessage(err, req), &pe):
		switch {
		case pe.Line > 0 && pe.Col > 0:
			return fmt.Sprintf("line %d, column %d: %v", pe.Line, pe.Col, pe.Err)
		case pe.Line > 0:
			return fmt.Sprintf("line %d: %v", pe.Line, pe.Err)
		}
		return pe.Err.Error()
	}
	return "Something went wrong. Please try again."
}

// limitSentence says which of the variant engine's limits a puzzle passes.
func limitSentence(e *variant.LimitError) string {
	switch {
	case errors.Is(e, variant.ErrTooManyRules):
		return fmt.Sprintf("That puzzle has %d rules; I solve puzzles of up to %d.", e.Got, e.Limit)
	case errors.Is(e, variant.ErrTooManyGroups):
		return fmt.Sprintf("That puzzle has %d groups of cells whose digits may not repeat (cages, extra regions, …); I take up to %d.", e.Got, e.Limit)
	}
	return fmt.Sprintf("The %s of that puzzle names %d cells, more than the grid's %d.", e.Where, e.Got, e.Limit)
}

// codeProblem says what is wrong with a code, as a sentence.
func codeProblem(e *generate.CodeError) string {
	switch e.Problem {
	case generate.CodeNoDash:
		return "A code reads like #9H-abb63100."
	case generate.CodeHead:
		return "It starts with the size and a level letter, like #9H."
	case generate.CodeSize:
		return fmt.Sprintf("No %d×%d puzzles.", e.Size, e.Size)
	case generate.CodeLevel:
		return fmt.Sprintf("%q is not a level letter (E, M, H, X or Z).", e.Char)
	case generate.CodeLength:
		return fmt.Sprintf("%d characters after '-', not %d.", e.Length, generate.PayloadChars)
	case generate.CodeChar:
		return fmt.Sprintf("%q is not a code character.", e.Char)
	}
	return ""
}
