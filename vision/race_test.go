//go:build race

package vision

// raceEnabled reports whether the race detector is on: it makes reading a
// photo some ten times slower, and the tests over the shared photos then
// read one photo in forty.
const raceEnabled = true
