//go:build race

package render_test

// raceEnabled reports whether the race detector is on: it makes the
// rendering of the worst-case explanations some ten times slower, and the
// tests then render them for fewer statuses.
const raceEnabled = true
