package pool

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
)

// TestPoolRefusesWhenFull fills the one worker and the one queue place and
// checks that the next job is refused at once, then that Close runs every
// job taken.
func TestPoolRefusesWhenFull(t *testing.T) {
	p := New(1, 1)
	started, release := make(chan struct{}), make(chan struct{})
	var ran atomic.Int32
	if !p.TrySubmit(func() { close(started); <-release; ran.Add(1) }) {
		t.Fatal("the first job was refused by an idle pool")
	}
	<-started
	if got := p.Busy(); got != 1 {
		t.Errorf("Busy = %d while the job runs, want 1", got)
	}
	if !p.TrySubmit(func() { ran.Add(1) }) {
		t.Fatal("the second job was refused with a queue place free")
	}
	if got := p.Queued(); got != 1 {
		t.Errorf("Queued = %d, want 1", got)
	}
	if p.TrySubmit(func() { ran.Add(1) }) {
		t.Error("a third job was taken with the worker and the queue full")
	}
	close(release)
	p.Close()
	if got := ran.Load(); got != 2 {
		t.Errorf("%d jobs ran by Close, want the 2 taken", got)
	}
	if got := p.Busy(); got != 0 {
		t.Errorf("Busy = %d after Close, want 0", got)
	}
}

// With a queue of 0 a job is taken only by an idle worker.
func TestPoolWithoutQueue(t *testing.T) {
	p := New(1, 0)
	defer p.Close()
	started, release := make(chan struct{}), make(chan struct{})
	// The worker may not be waiting yet: try until it takes the job.
	for !p.TrySubmit(func() { close(started); <-release }) {
		runtime.Gosched()
	}
	<-started
	if p.TrySubmit(func() {}) {
		t.Error("a job was taken while the only worker was busy and there is no queue")
	}
	close(release)
}

func TestPoolClosed(t *testing.T) {
	p := New(2, 4)
	p.Close()
	if p.TrySubmit(func() {}) {
		t.Error("a closed pool took a job")
	}
	p.Close() // a second Close returns at once
}

func TestBacklogLimits(t *testing.T) {
	q := NewBacklog(2, 3)
	for i, c := range []struct {
		channel string
		want    bool
	}{
		{"a", true}, {"a", true},
		{"a", false}, // the channel's 2 places are taken
		{"b", true},
		{"c", false}, // the 3 places in all are taken
	} {
		if got := q.Reserve(c.channel); got != c.want {
			t.Errorf("reserve %d in %s: %v, want %v", i, c.channel, got, c.want)
		}
	}
	q.Release("a")
	if !q.Reserve("c") {
		t.Error("no place in c after one was released in a")
	}
	if q.Reserve("a") {
		t.Error("a place in a with all 3 taken again")
	}
	q.Release("b")
	q.Release("c")
	if !q.Reserve("a") {
		t.Error("no place in a after b and c were released (a holds 1 of its 2)")
	}
	if q.Reserve("a") {
		t.Error("a third place in a")
	}
}

// TestSubmitWaitsForRoom: Submit waits for a place in a full queue and
// takes it once a job is done; it gives up when its context ends.
func TestSubmitWaitsForRoom(t *testing.T) {
	p := New(1, 1)
	defer p.Close()
	release := make(chan struct{})
	started := make(chan struct{})
	if !p.TrySubmit(func() { close(started); <-release }) {
		t.Fatal("first job refused")
	}
	<-started
	if !p.TrySubmit(func() {}) {
		t.Fatal("the queue's place refused")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if p.Submit(ctx, func() {}) {
		t.Fatal("Submit with an ended context took a place in a full queue")
	}
	ran := make(chan struct{})
	go close(release)
	if !p.Submit(context.Background(), func() { close(ran) }) {
		t.Fatal("Submit gave up although a place came free")
	}
	<-ran
}
