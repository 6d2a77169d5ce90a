package sudoku

import (
	"errors"
	"fmt"
)

// UnitKind says whether a unit is a row, a column or a box.
type UnitKind uint8

// The three kinds of unit.
const (
	Row UnitKind = iota
	Column
	Box
)

// String returns "row", "column" or "box".
func (k UnitKind) String() string {
	switch k {
	case Row:
		return "row"
	case Column:
		return "column"
	case Box:
		return "box"
	}
	return fmt.Sprintf("UnitKind(%d)", uint8(k))
}

// Unit is one row, column or box. Number counts from 1, as a person does: boxes
// are numbered left to right, then top to bottom.
type Unit struct {
	Kind   UnitKind
	Number int
}

// String names the unit as a person would, for example "row 4" or "box 9".
func (u Unit) String() string { return fmt.Sprintf("%v %d", u.Kind, u.Number) }

// Conflict is one rule violation: Digit appears more than once in Unit, at
// Cells (in reading order, at least two).
type Conflict struct {
	Unit  Unit
	Digit int
	Cells []Cell
}

// String describes the conflict, for example "row 1 has 5 twice: r1c1, r1c4".
func (c Conflict) String() string {
	times := "twice"
	if len(c.Cells) != 2 {
		times = fmt.Sprintf("%d times", len(c.Cells))
	}
	s := fmt.Sprintf("%v has %d %s:", c.Unit, c.Digit, times)
	for i, cell := range c.Cells {
		if i > 0 {
			s += ","
		}
		s += " " + cell.String()
	}
	return s
}

// ErrInvalidGrid is wrapped by [ConflictError]: the grid breaks the rules before
// any solving starts.
var ErrInvalidGrid = errors.New("grid breaks the sudoku rules")

// ConflictError reports the conflicts of an invalid grid. It matches
// [ErrInvalidGrid] with errors.Is.
type ConflictError struct {
	Conflicts []Conflict
}

func (e *ConflictError) Error() string {
	if len(e.Conflicts) == 0 {
		return ErrInvalidGrid.Error()
	}
	return fmt.Sprintf("%v: %v (%d conflicts)", ErrInvalidGrid, e.Conflicts[0], len(e.Conflicts))
}

// Unwrap makes errors.Is(err, ErrInvalidGrid) hold.
func (e *ConflictError) Unwrap() error { return ErrInvalidGrid }

// Validate returns every conflict in g: for each row, then each column, then
// each box, each digit placed more than once there, with all the cells that
// hold it. A grid without conflicts gives nil. Empty cells never conflict.
func Validate(g Grid) []Conflict {
	n := g.Size()
	if n == 0 {
		return nil
	}
	var out []Conflict
	var pos [MaxSize + 1][]Cell
	var count [MaxSize + 1]int
	scan := func(kind UnitKind, u int, cellAt func(k int) Cell) {
		clear(count[:])
		dup := false
		for k := 0; k < n; k++ {
			c := cellAt(k)
			if v := g.Get(c.Row, c.Col); v != 0 {
				count[v]++
				dup = dup || count[v] > 1
			}
		}
		if !dup {
			return
		}
		for d := range pos {
			pos[d] = pos[d][:0]
		}
		for k := 0; k < n; k++ {
			c := cellAt(k)
			if v := g.Get(c.Row, c.Col); v != 0 && count[v] > 1 {
				pos[v] = append(pos[v], c)
			}
		}
		for d := 1; d <= n; d++ {
			if count[d] > 1 {
				out = append(out, Conflict{Unit{kind, u + 1}, d, append([]Cell(nil), pos[d]...)})
			}
		}
	}
	br, bc := int(g.boxRows), int(g.boxCols)
	for u := 0; u < n; u++ {
		scan(Row, u, func(k int) Cell { return Cell{u, k} })
	}
	for u := 0; u < n; u++ {
		scan(Column, u, func(k int) Cell { return Cell{k, u} })
	}
	for u := 0; u < n; u++ {
		r0, c0 := (u/br)*br, (u%br)*bc
		scan(Box, u, func(k int) Cell { return Cell{r0 + k/bc, c0 + k%bc} })
	}
	return out
}
