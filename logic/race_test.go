//go:build race

package logic

// raceEnabled is set under the race detector, which slows the engine some
// tenfold: the tests over the whole shared file then take every tenth puzzle.
const raceEnabled = true
