//go:build race

package generate

// raceEnabled reports whether the race detector is on: it makes the search
// of 16×16 grids some ten times slower, and those tests then cover 12×12.
const raceEnabled = true
