// Package scroll tells how far a game's board has scrolled up: it counts
// the messages posted in a channel or thread after each board message it
// tracks, so that a board that is many messages up can be posted again
// below, and it remembers which boards were replaced by which, so that a
// late move or edit of an old board goes to its successor.
//
// Counts are kept in memory: a board this process has not seen posted (it
// was posted before a restart, or by another process) is counted from the
// first time it is asked about. Messages are told apart by their snowflake
// ids, which grow with time: a message counts for every tracked board of
// its channel with a smaller id, whatever order the events arrive in.
package scroll

import (
	"context"
	"strconv"
	"sync"
)

// maxBoards bounds the boards tracked; past it every count starts over
// (at worst a board is re-posted later than it could be).
const maxBoards = 20000

// Counter counts the messages below boards. The zero value is ready to use.
type Counter struct {
	mu     sync.Mutex
	boards map[string]map[string]*mark // by channel, then board message id
	n      int                         // boards tracked
}

// mark is one tracked board.
type mark struct {
	id    uint64 // the board's snowflake, 0 if it is not a number
	below int    // messages posted after it
	// moving is closed once a re-post of the board has ended; to is then
	// its successor ("" if the re-post failed) and version the game's
	// version shown there.
	moving  chan struct{}
	to      string
	version int64
}

func snowflake(id string) uint64 {
	n, _ := strconv.ParseUint(id, 10, 64)
	return n
}

// Track starts counting the messages after board in channel (one just
// posted: none yet).
func (c *Counter) Track(channel, board string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.track(channel, board)
}

func (c *Counter) track(channel, board string) *mark {
	if m := c.boards[channel][board]; m != nil {
		return m
	}
	if c.boards == nil || c.n >= maxBoards {
		for _, in := range c.boards {
			for _, m := range in {
				if m.moving != nil && m.to == "" {
					close(m.moving) // re-posts under way: their waiters edit the old board
				}
			}
		}
		c.boards, c.n = map[string]map[string]*mark{}, 0
	}
	in := c.boards[channel]
	if in == nil {
		in = map[string]*mark{}
		c.boards[channel] = in
	}
	m := &mark{id: snowflake(board)}
	in[board] = m
	c.n++
	return m
}

// Seen counts message id, posted in channel, below every tracked board of
// channel older than it.
func (c *Counter) Seen(channel, id string) {
	n := snowflake(id)
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.boards[channel] {
		if m.moving == nil && (n == 0 || m.id == 0 || n > m.id) {
			m.below++
		}
	}
}

// Below returns how many messages were counted after board in channel (0
// for a board not tracked so far, which is tracked from now on).
func (c *Counter) Below(channel, board string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.track(channel, board).below
}

// Claim decides what a move does with board, the game's board in channel
// as the move read it, when the move's board shows version. When board was
// re-posted (or is being re-posted, which Claim waits for), it returns its
// successor, and stale true when the successor already shows version or a
// newer one (the move then need not edit it). Otherwise, when more than
// limit messages are below board, it claims the re-post (repost true): the
// caller posts the board again and calls [Counter.Moved]. Else it returns
// board: edit it in place.
func (c *Counter) Claim(ctx context.Context, channel, board string, version int64, limit int) (to string, repost, stale bool) {
	for {
		c.mu.Lock()
		m := c.track(channel, board)
		switch {
		case m.moving == nil && m.below > limit:
			m.moving = make(chan struct{})
			c.mu.Unlock()
			return board, true, false
		case m.moving == nil:
			c.mu.Unlock()
			return board, false, false
		}
		wait := m.moving
		c.mu.Unlock()
		select {
		case <-wait:
		case <-ctx.Done():
			return board, false, false
		}
		c.mu.Lock()
		to, v := m.to, m.version
		c.mu.Unlock()
		if to == "" {
			return board, false, false // the re-post failed: the old board stays
		}
		if version <= v {
			return to, false, true
		}
		board = to // that one may have moved on too
	}
}

// Moved ends a re-post claimed by [Counter.Claim]: board in channel was
// posted again as to (showing the game's version), or to is "" when
// posting failed and board stays the game's board (counted on, so that
// the next move tries again).
func (c *Counter) Moved(channel, board, to string, version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.boards[channel][board]
	if m == nil || m.moving == nil || m.to != "" {
		return // forgotten meanwhile (see maxBoards), or not claimed
	}
	if to == "" {
		close(m.moving)
		m.moving = nil
		return
	}
	m.to, m.version = to, version
	close(m.moving)
	c.track(channel, to)
}

// Replaced reports whether board in channel was posted again: its edits
// are then dropped (it is deleted, or marks where the game went).
func (c *Counter) Replaced(channel, board string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	m := c.boards[channel][board]
	return m != nil && m.to != ""
}
