package bot

import (
	"sync"
	"sync/atomic"
)

// pool runs jobs on a fixed set of workers behind a short queue. When both are
// full, trySubmit refuses the job at once instead of letting memory grow.
type pool struct {
	mu     sync.RWMutex
	closed bool
	jobs   chan func()
	done   sync.WaitGroup
	busy   atomic.Int32 // workers running a job
}

// newPool starts workers goroutines that take jobs from a queue of queue places.
func newPool(workers, queue int) *pool {
	p := &pool{jobs: make(chan func(), queue)}
	p.done.Add(workers)
	for range workers {
		go func() {
			defer p.done.Done()
			for job := range p.jobs {
				p.busy.Add(1)
				job()
				p.busy.Add(-1)
			}
		}()
	}
	return p
}

// trySubmit queues job, and reports false when the pool is full or closed.
// With a queue of 0, a job is taken only if a worker is idle.
func (p *pool) trySubmit(job func()) bool {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.closed {
		return false
	}
	select {
	case p.jobs <- job:
		return true
	default:
		return false
	}
}

// queued returns how many jobs wait for a worker.
func (p *pool) queued() int { return len(p.jobs) }

// close stops taking jobs and waits until every queued job has run.
func (p *pool) close() {
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		close(p.jobs)
	}
	p.mu.Unlock()
	p.done.Wait()
}

// slots is a counting semaphore that never blocks.
type slots chan struct{}

// acquire takes a slot, and reports false when none is free.
func (s slots) acquire() bool {
	select {
	case s <- struct{}{}:
		return true
	default:
		return false
	}
}

// release gives a slot back.
func (s slots) release() { <-s }

// backlog counts the replies waiting to be posted, per channel and in all.
// Discord lets a bot post only a few messages every few seconds in one
// channel; past perChannel waiting replies there, or total in all, a new
// command is not taken, rather than queued behind minutes of replies.
type backlog struct {
	mu                sync.Mutex
	waiting           map[string]int
	total             int
	perChannel, limit int
}

func newBacklog(perChannel, total int) *backlog {
	return &backlog{waiting: map[string]int{}, perChannel: perChannel, limit: total}
}

// reserve takes a place for one reply in channel, and reports false when
// there is none.
func (q *backlog) reserve(channel string) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.waiting[channel] >= q.perChannel || q.total >= q.limit {
		return false
	}
	q.waiting[channel]++
	q.total++
	return true
}

// release gives back a place taken by reserve.
func (q *backlog) release(channel string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.waiting[channel]--; q.waiting[channel] <= 0 {
		delete(q.waiting, channel)
	}
	q.total--
}
