// Package race tells tests whether the race detector is on (go test
// -race). It slows pure-CPU work some ten times, and the heaviest tests then
// check a spread of their inputs instead of every one; without -race they
// check them all.
package race
