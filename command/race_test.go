//go:build race

package command

// raceEnabled reports whether the race detector is on: it makes the
// logical solver some ten times slower, and the tests then leave out the
// few grids that take seconds without it (they run without -race).
const raceEnabled = true
