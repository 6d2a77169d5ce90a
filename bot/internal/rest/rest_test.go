package rest

import (
	"strconv"
	"testing"
	"time"
)

// TestBucketTableForgetsIdleChannels: a channel's bucket is kept while in
// use and for a minute after, then forgotten.
func TestBucketTableForgetsIdleChannels(t *testing.T) {
	tb := NewTable(time.Minute)
	t0 := time.Unix(1_700_000_000, 0)
	for i := range 100 {
		key := strconv.Itoa(i)
		tb.Get(key, t0)
		tb.Put(key, t0)
	}
	busy := tb.Get("busy", t0) // in use for the whole test
	if n := tb.Size(); n != 101 {
		t.Fatalf("%d buckets, want 101", n)
	}
	if again := tb.Get("busy", t0.Add(30*time.Second)); again != busy {
		t.Error("a channel in use got a second bucket")
	}
	tb.Put("busy", t0.Add(30*time.Second))
	tb.Get("late", t0.Add(2*time.Minute))
	if n := tb.Size(); n != 2 {
		t.Errorf("%d buckets after two idle minutes, want 2 (busy, still in use, and late)", n)
	}
	if tb.Get("busy", t0.Add(2*time.Minute)) != busy {
		t.Error("the bucket in use was forgotten")
	}
}
