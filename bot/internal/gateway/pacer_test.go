package gateway

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

func TestIdentifyPacer(t *testing.T) {
	const every = 5 * time.Second
	t0 := time.Unix(1_700_000_000, 0)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	p := newIdentifyPacer(2, every, false, t0)
	// Turns are booked in order of asking, one per bucket per window.
	var got []time.Duration
	for _, shard := range []int{0, 1, 2, 3, 4} {
		got = append(got, p.book(shard, t0).Sub(t0))
	}
	if want := []time.Duration{0, 0, every, every, 2 * every}; !slices.Equal(got, want) {
		t.Errorf("turns %v, want %v: one identify per bucket per window, in order", got, want)
	}
	// Asking again gives the same turn.
	if tt := p.book(2, at(time.Second)); !tt.Equal(at(every)) {
		t.Errorf("shard 2 asked again: turn at %v, want %v", tt.Sub(t0), every)
	}
	if tt, ok := p.claim(2, at(time.Second)); ok || !tt.Equal(at(every)) {
		t.Errorf("shard 2 claimed before its turn: %v %v", tt.Sub(t0), ok)
	}
	if _, ok := p.claim(0, t0); !ok {
		t.Error("shard 0 could not claim its turn")
	}
	// An identify answered late (READY) moves the turns after it, in order.
	p.identified(0, at(7*time.Second))
	if tt, _ := p.turnOf(2); !tt.Equal(at(12 * time.Second)) {
		t.Errorf("shard 2's turn at %v, want 5 s after the READY", tt.Sub(t0))
	}
	if tt, _ := p.turnOf(4); !tt.Equal(at(17 * time.Second)) {
		t.Errorf("shard 4's turn at %v, want a window after shard 2's", tt.Sub(t0))
	}
	// A shard away at its turn keeps its place: shard 4 takes its own turn
	// when it comes, and shard 2's moves a window after it.
	if _, ok := p.claim(4, at(17*time.Second)); !ok {
		t.Error("shard 4 could not claim its turn")
	}
	if tt, _ := p.turnOf(2); !tt.Equal(at(22 * time.Second)) {
		t.Errorf("shard 2, away at its turn, now has it at %v, want 22 s", tt.Sub(t0))
	}
	if _, ok := p.claim(2, at(20*time.Second)); ok {
		t.Error("shard 2 identified within a window of shard 4")
	}
	// A turn given up is gone; the next booking comes after the others.
	p.cancel(2)
	if _, ok := p.turnOf(2); ok {
		t.Error("shard 2 kept its turn after giving it up")
	}
	if tt := p.book(6, at(18*time.Second)); !tt.Equal(at(22 * time.Second)) {
		t.Errorf("shard 6's turn at %v, want 22 s", tt.Sub(t0))
	}
	later := newIdentifyPacer(1, every, true, t0)
	if tt := later.book(0, t0); !tt.Equal(at(every)) {
		t.Errorf("a partial process identifies %v after start, want a window", tt.Sub(t0))
	}
}

// TestIdentifyPacerFirstComeFirstServed: shards of one bucket that ask for
// their turn one after the other, from goroutines of their own, get
// distinct turns a window apart, in order of asking; each learns its turn
// when it asks, and takes it when it comes: no shard loses its turn to one
// that asked later, however many wait.
func TestIdentifyPacerFirstComeFirstServed(t *testing.T) {
	const (
		n     = 16
		every = 5 * time.Second
	)
	t0 := time.Unix(1_700_000_000, 0)
	p := newIdentifyPacer(1, every, false, t0)
	turns := make([]time.Time, n)
	first := make([]bool, n)
	var wg sync.WaitGroup
	prev := make(chan struct{})
	close(prev)
	for i := range n {
		next := make(chan struct{})
		wg.Add(1)
		go func(asked <-chan struct{}) {
			defer wg.Done()
			<-asked
			// Shard i asks (and, but for shard 0, is told to wait) i ms
			// after the first.
			turns[i], first[i] = p.claim(i, t0.Add(time.Duration(i)*time.Millisecond))
			close(next)
		}(prev)
		prev = next
	}
	wg.Wait()
	for i := range n {
		if want := t0.Add(time.Duration(i) * every); !turns[i].Equal(want) {
			t.Errorf("shard %d (asked %d.) has its turn at %v, want %v", i, i+1, turns[i].Sub(t0), want.Sub(t0))
		}
		if first[i] != (i == 0) {
			t.Errorf("shard %d took a turn at once: %v", i, first[i])
		}
	}
	// Each wakes at its turn and takes it; one that asks again early is
	// told the same turn.
	for i := 1; i < n; i++ {
		if tt, ok := p.claim(i, turns[i].Add(-time.Millisecond)); ok || !tt.Equal(turns[i]) {
			t.Errorf("shard %d, a millisecond early: turn %v, taken %v", i, tt.Sub(t0), ok)
		}
		if _, ok := p.claim(i, turns[i]); !ok {
			t.Errorf("shard %d could not take its turn when it came", i)
		}
	}
}

// TestIsIdentifyFrame: the gate knows an identify from the other frames
// gorilla writes, masked as a client's are, at every payload length.
func TestIsIdentifyFrame(t *testing.T) {
	identify := []byte(`{"op":2,"d":{"token":"Bot x","properties":{},"intents":1}}` + "\n")
	for _, tc := range []struct {
		name    string
		op      byte
		payload []byte
		want    bool
	}{
		{"identify", websocket.TextMessage, identify, true},
		{"long identify", websocket.TextMessage, append(append([]byte{}, identify[:len(identify)-1]...), strings.Repeat(" ", 300)...), true},
		{"very long identify", websocket.TextMessage, append(append([]byte{}, identify[:len(identify)-1]...), strings.Repeat(" ", 70000)...), true},
		{"resume", websocket.TextMessage, []byte(`{"op":6,"d":{"token":"Bot x","session_id":"s","seq":3}}`), false},
		{"heartbeat", websocket.TextMessage, []byte(`{"op":1,"d":12}`), false},
		{"close", websocket.CloseMessage, identify, false},
		{"short", websocket.TextMessage, []byte(`{"op":2`), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			frame := clientFrame(tc.op, tc.payload, [4]byte{0x9a, 0x01, 0x7f, 0xe3})
			if got := isIdentifyFrame(frame); got != tc.want {
				t.Errorf("isIdentifyFrame = %v, want %v", got, tc.want)
			}
		})
	}
	if isIdentifyFrame(nil) || isIdentifyFrame([]byte{0x81}) {
		t.Error("a truncated frame is no identify")
	}
}

// clientFrame encodes a final client frame as RFC 6455 §5.2 describes it.
func clientFrame(op byte, payload []byte, key [4]byte) []byte {
	f := []byte{0x80 | op}
	switch n := len(payload); {
	case n < 126:
		f = append(f, 0x80|byte(n))
	case n <= 0xffff:
		f = append(f, 0x80|126, byte(n>>8), byte(n))
	default:
		f = append(f, 0x80|127, 0, 0, 0, 0, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	}
	f = append(f, key[:]...)
	for i, c := range payload {
		f = append(f, c^key[i%4])
	}
	return f
}

func TestFirstReconnectDelay(t *testing.T) {
	seen := map[time.Duration]bool{}
	for range 200 {
		d := firstReconnectDelay(time.Minute)
		if d < 0 || d > FirstReconnectJitter {
			t.Fatalf("first attempt waits %v, want within [0, %v]", d, FirstReconnectJitter)
		}
		seen[d] = true
	}
	if len(seen) < 150 {
		t.Errorf("%d distinct waits in 200 draws: no jitter", len(seen))
	}
	if d := firstReconnectDelay(200 * time.Millisecond); d > 200*time.Millisecond {
		t.Errorf("with ReconnectMax 200 ms the first attempt waits %v", d)
	}
}

// wait bounds every wait for an event in these tests: long, so that a busy
// machine does not fail them; an event that comes returns at once.
const wait = 10 * time.Second

// poll waits until cond holds, for state that changes on another goroutine
// with no event to wait on.
func poll(t *testing.T, desc string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(wait); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", wait, desc)
		}
	}
}

// removals records the servers a shard passes on as removed.
type removals struct {
	Handler // the other events are not sent here
	ids     []string
}

func (r *removals) GuildRemoved(id string) { r.ids = append(r.ids, id) }

// TestGuildDeletePassesOnRemovalsOnly: GUILD_DELETE for a server the bot
// was removed from is passed on (its data is deleted) and no longer
// counted; one for a server only unavailable (an outage at Discord) is not
// passed on, and the server still counts.
func TestGuildDeletePassesOnRemovalsOnly(t *testing.T) {
	r := &removals{}
	sh := &shard{gw: &Gateway{cfg: Config{Handler: r}}, guilds: map[string]struct{}{"1": {}, "2": {}}}
	sh.onGuildDelete(&discordgo.GuildDelete{Guild: &discordgo.Guild{ID: "1", Unavailable: true}})
	sh.onGuildDelete(&discordgo.GuildDelete{Guild: &discordgo.Guild{ID: "2"}})
	if !slices.Equal(r.ids, []string{"2"}) {
		t.Errorf("removed %v, want only the server the bot was removed from", r.ids)
	}
	if n := sh.guildCount(); n != 1 {
		t.Errorf("%d servers counted, want 1 (the unavailable one)", n)
	}
}
