//go:build !race

package vision

const raceEnabled = false
