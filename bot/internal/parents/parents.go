// Package parents provides the parent channels of threads, as the bot
// needs them to read a thread's settings (those of its parent channel):
// fetched once per channel however many ask at once, remembered within a
// bound, failures not remembered. How a channel is fetched is given to it.
package parents

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Cache finds the parent channel of a thread. The bot runs without
// discordgo's state cache (its memory would grow with every server), and
// neither a message nor a slash command says whether its channel is a
// thread, so the parent comes from Discord (GET /channels/{id}) the first
// time a channel's settings depend on it, and is remembered: a thread
// never changes parent, and a channel never becomes a thread. The memory is
// bounded (the oldest entries go first); concurrent lookups of one channel
// share one request; failures are not remembered.
type Cache struct {
	fetch func(ctx context.Context, channelID string) (parent string, err error)
	wait  time.Duration

	mu      sync.Mutex
	known   map[string]string // channel: its parent, "" for a channel that is no thread
	ring    []string          // the known channels, oldest at next
	next    int
	pending map[string]*lookup
}

type lookup struct {
	done   chan struct{}
	parent string
	err    error
}

// New returns a cache of the parents of at most capacity channels, found
// by fetch, each lookup waiting at most wait.
func New(capacity int, wait time.Duration, fetch func(context.Context, string) (string, error)) *Cache {
	return &Cache{fetch: fetch, wait: wait, known: map[string]string{}, ring: make([]string, capacity), pending: map[string]*lookup{}}
}

// Parent returns the parent of channelID if it is a thread, "" if it is
// not, waiting at most the cache's wait.
func (p *Cache) Parent(ctx context.Context, channelID string) (string, error) {
	p.mu.Lock()
	if parent, ok := p.known[channelID]; ok {
		p.mu.Unlock()
		return parent, nil
	}
	f := p.pending[channelID]
	if f == nil {
		f = &lookup{done: make(chan struct{})}
		p.pending[channelID] = f
		go p.run(channelID, f)
	}
	p.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, p.wait)
	defer cancel()
	select {
	case <-f.done:
		return f.parent, f.err
	case <-ctx.Done():
		return "", fmt.Errorf("find the parent of channel %s: %w", channelID, ctx.Err())
	}
}

// run fetches a channel under its own deadline (a caller that stops waiting
// leaves it to the others) and remembers the answer.
func (p *Cache) run(channelID string, f *lookup) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	f.parent, f.err = p.fetch(ctx, channelID)
	cancel()
	p.mu.Lock()
	delete(p.pending, channelID)
	if f.err == nil {
		if old := p.ring[p.next]; old != "" {
			delete(p.known, old)
		}
		p.ring[p.next] = channelID
		p.next = (p.next + 1) % len(p.ring)
		p.known[channelID] = f.parent
	}
	p.mu.Unlock()
	close(f.done)
}

// Size returns how many channels are remembered.
func (p *Cache) Size() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.known)
}
