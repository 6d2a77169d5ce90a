// Package boards keeps, without any transport, what the bot must remember
// about where games' boards go: the first board of a game on its way (so
// that a move played while it is being posted edits that board rather than
// posting another), and the channels already told that a game's thread
// could not be started there (so that it is said once).
package boards

import (
	"context"
	"sync"
	"time"
)

// FirstWait bounds how long a move waits for its game's first board.
const FirstWait = 10 * time.Second

// BeginWait bounds how long [Starting.First] waits for a game to be begun:
// a move can be played on a game as soon as it is saved, a moment before
// the process that saved it begins posting its board.
const BeginWait = 2 * time.Second

// Starting holds the games whose first board is being posted. The zero
// value is ready to use.
type Starting struct {
	mu       sync.Mutex
	starting map[string]*firstBoard
	begun    chan struct{} // closed and replaced at each Begin
}

// firstBoard is a game's first board on its way: done is closed once it is
// posted and recorded (message "" if that failed).
type firstBoard struct {
	done            chan struct{}
	message, thread string
	at              time.Time
}

// Begin notes that game id's first board is being posted, and returns the
// function that says where it went (message "" if it was not posted).
// Games begun more than a minute ago are forgotten: their boards are on
// record long since.
func (bs *Starting) Begin(id string) func(message, thread string) {
	fb := &firstBoard{done: make(chan struct{}), at: time.Now()}
	bs.mu.Lock()
	if bs.starting == nil {
		bs.starting = map[string]*firstBoard{}
	}
	for k, v := range bs.starting {
		if time.Since(v.at) > time.Minute {
			delete(bs.starting, k) // recorded long since: the database knows
		}
	}
	bs.starting[id] = fb
	if bs.begun != nil {
		close(bs.begun)
		bs.begun = nil
	}
	bs.mu.Unlock()
	return func(message, thread string) {
		fb.message, fb.thread = message, thread
		close(fb.done)
	}
}

// First waits for game id's first board when it is being posted by this
// process, and returns where it went. A game not begun yet is waited for
// up to [BeginWait] (it may have been saved a moment ago). It reports false
// when the game was not begun, when its board was not posted, or after
// [FirstWait] or the end of ctx.
func (bs *Starting) First(ctx context.Context, id string) (message, thread string, ok bool) {
	fb := bs.begunGame(ctx, id)
	if fb == nil {
		return "", "", false
	}
	select {
	case <-fb.done:
		return fb.message, fb.thread, fb.message != ""
	case <-ctx.Done():
	case <-time.After(FirstWait):
	}
	return "", "", false
}

// Told remembers the channels already told something (that a thread could
// not be started there), up to Max of them; past that, it forgets them all
// and starts again. The zero value, with Max set, is ready to use.
type Told struct {
	Max int

	mu   sync.Mutex
	told map[string]bool
}

// First records channel and reports whether it is the first time.
func (t *Told) First(channel string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.told == nil {
		t.told = map[string]bool{}
	}
	said := t.told[channel]
	if len(t.told) > t.Max {
		clear(t.told)
	}
	t.told[channel] = true
	return !said
}

// begunGame returns game id's first board once it is begun, waiting up to
// BeginWait (or the end of ctx); nil if it is not.
func (bs *Starting) begunGame(ctx context.Context, id string) *firstBoard {
	timeout := time.NewTimer(BeginWait)
	defer timeout.Stop()
	for {
		bs.mu.Lock()
		fb := bs.starting[id]
		if fb != nil {
			bs.mu.Unlock()
			return fb
		}
		if bs.begun == nil {
			bs.begun = make(chan struct{})
		}
		begun := bs.begun
		bs.mu.Unlock()
		select {
		case <-begun:
		case <-timeout.C:
			return nil
		case <-ctx.Done():
			return nil
		}
	}
}
