package sudoku

import (
	"fmt"
	"time"
)

// Status is the outcome of [Solve] or [Check].
type Status uint8

// The outcomes of a solve. The zero Status is never returned.
const (
	_         Status = iota
	Unique           // exactly one solution; Result.Solution holds it
	Multiple         // at least Limit solutions (two by default); Result.Solution holds one
	None             // no solution although no rule is broken yet
	Invalid          // the grid breaks the rules; Result.Conflicts lists how
	TimedOut         // the context's deadline passed before the search ended
	Cancelled        // the context was cancelled before the search ended
)

var statusNames = [...]string{"", "unique", "multiple", "none", "invalid", "timeout", "cancelled"}

// String returns a lower-case word for the status, as `sudoku solve` prints it.
func (s Status) String() string {
	if int(s) < len(statusNames) && s != 0 {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Stats describes the work a search did.
type Stats struct {
	Guesses int64         // candidates tried at branch points (a two-way branch explored both ways counts 2)
	Elapsed time.Duration // wall time of the whole call
}

// Result is what [Solve] found.
type Result struct {
	Status    Status
	Solution  Grid       // set for Unique and Multiple: complete, consistent, keeping every given
	Count     int        // solutions found, at most the limit asked for
	Conflicts []Conflict // set for Invalid
	Stats     Stats
}
