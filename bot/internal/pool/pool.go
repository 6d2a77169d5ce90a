// Package pool provides the bot's bounded work: a [Pool] of workers behind a
// short queue that refuses a job at once when both are full, and a
// [Backlog] of replies waiting to be posted, bounded per channel and in
// all, so that a flood of commands is refused rather than queued behind
// minutes of work.
package pool

import (
	"context"
	"sync"
	"sync/atomic"
)

// Pool runs jobs on a fixed set of workers behind a short queue. When both
// are full, TrySubmit refuses the job at once instead of letting memory grow.
type Pool struct {
	mu     sync.RWMutex
	closed bool
	jobs   chan func()
	done   sync.WaitGroup
	busy   atomic.Int32 // workers running a job
}

// New starts workers goroutines that take jobs from a queue of queue places.
func New(workers, queue int) *Pool {
	p := &Pool{jobs: make(chan func(), queue)}
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

// TrySubmit queues job, and reports false when the pool is full or closed.
// With a queue of 0, a job is taken only if a worker is idle.
func (p *Pool) TrySubmit(job func()) bool {
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

// Submit queues job, waiting for a place in the queue until ctx ends, and
// reports false when it did not get one (or the pool is closed): for work
// of milliseconds that a burst may briefly outrun, where a refusal at once
// would be worse than a short wait.
func (p *Pool) Submit(ctx context.Context, job func()) bool {
	p.mu.RLock()
	defer p.mu.RUnlock()
	if p.closed {
		return false
	}
	select {
	case p.jobs <- job:
		return true
	case <-ctx.Done():
		return false
	}
}

// Queued returns how many jobs wait for a worker.
func (p *Pool) Queued() int { return len(p.jobs) }

// Busy returns how many workers are running a job.
func (p *Pool) Busy() int { return int(p.busy.Load()) }

// Close stops taking jobs and waits until every queued job has run.
func (p *Pool) Close() {
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		close(p.jobs)
	}
	p.mu.Unlock()
	p.done.Wait()
}

// Backlog counts the replies waiting to be posted, per channel and in all.
// Discord lets a bot post only a few messages every few seconds in one
// channel; past perChannel waiting replies there, or total in all, a new
// command is not taken, rather than queued behind minutes of replies.
type Backlog struct {
	mu                sync.Mutex
	waiting           map[string]int
	total             int
	perChannel, limit int
}

// NewBacklog returns a backlog of at most perChannel waiting replies in one
// channel and total in all.
func NewBacklog(perChannel, total int) *Backlog {
	return &Backlog{waiting: map[string]int{}, perChannel: perChannel, limit: total}
}

// Reserve takes a place for one reply in channel, and reports false when
// there is none.
func (q *Backlog) Reserve(channel string) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.waiting[channel] >= q.perChannel || q.total >= q.limit {
		return false
	}
	q.waiting[channel]++
	q.total++
	return true
}

// Release gives back a place taken by Reserve.
func (q *Backlog) Release(channel string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.waiting[channel]--; q.waiting[channel] <= 0 {
		delete(q.waiting, channel)
	}
	q.total--
}
