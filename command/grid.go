package command

import (
	"github.com/sudokubot/sudokubot/parser"
	"github.com/sudokubot/sudokubot/sudoku"
)

// GridOf returns the grid a request carries, read as [Handler.Handle] reads
// it (the picture word left out; a pencil-mark grid gives its placed
// digits), or the parser's error. The bot uses it to tell whether a
// completed !check is the day's puzzle solved.
func (h *Handler) GridOf(req Request) (sudoku.Grid, error) {
	p, err := parser.Read(cutPictureWord(req).Args)
	if err != nil {
		return sudoku.Grid{}, err
	}
	return p.Grid, nil
}
