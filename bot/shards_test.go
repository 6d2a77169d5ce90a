package bot

import (
	"context"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// guildsOnShards returns n guild ids spread over count shards (at least one
// on each), as Discord assigns them.
func guildsOnShards(n, count int) []string {
	var ids []string
	for i := uint64(1); len(ids) < n; i++ {
		ids = append(ids, strconv.FormatUint(i<<22|i, 10))
	}
	return ids
}

const identifyWindow = 300 * time.Millisecond

// shardedConfig is testConfig with a short identify window (the fake
// enforces the same).
func shardedConfig() Config {
	cfg := testConfig()
	cfg.IdentifyInterval = identifyWindow
	return cfg
}

// TestShardsServeTheirGuildsAndDMsOnShardZero: four shards (Discord's
// recommendation), max_concurrency 2. Each shard serves the guilds Discord's
// formula gives it (count per shard), each guild's command is answered once
// by its shard, a DM by shard 0; identifies go two at a time, one per bucket
// per window, never faster.
func TestShardsServeTheirGuildsAndDMsOnShardZero(t *testing.T) {
	t.Parallel()
	const count = 4
	guilds := guildsOnShards(12, count)
	begin := time.Now()
	h := start(t, shardedConfig(), nil, discordtest.WithShards(count), discordtest.WithMaxConcurrency(2),
		discordtest.WithIdentifyWindow(identifyWindow), discordtest.WithGuilds(guilds...))
	if ids := h.bot.shardIDs(); !slices.Equal(ids, []int{0, 1, 2, 3}) || h.bot.shardCount() != count {
		t.Fatalf("shards %v of %d, want 0-3 of 4", ids, h.bot.shardCount())
	}
	if v := h.srv.IdentifyViolations(); len(v) != 0 {
		t.Errorf("identifies faster than allowed: %+v", v)
	}
	first := map[int]time.Time{}
	for _, id := range h.srv.WaitIdentifies(t, count, wait) {
		if id.Shard == nil || id.Shard[1] != count || !id.Accepted {
			t.Fatalf("identify %+v", id)
		}
		first[id.Shard[0]] = id.Time
	}
	if d := first[2].Sub(first[0]); d < identifyWindow {
		t.Errorf("shards 0 and 2 (bucket 0) identified %v apart, want at least %v", d, identifyWindow)
	}
	if d := first[3].Sub(first[1]); d < identifyWindow {
		t.Errorf("shards 1 and 3 (bucket 1) identified %v apart", d)
	}
	if d := first[1].Sub(first[0]); d < 0 {
		d = -d
	} else if d >= identifyWindow {
		t.Errorf("buckets 0 and 1 did not identify together (%v apart): max_concurrency unused", d)
	}
	t.Logf("4 shards connected in %v", time.Since(begin).Round(time.Millisecond))

	want := map[int]int{}
	for _, g := range guilds {
		want[discordtest.ShardFor(g, count)]++
	}
	poll(t, "every shard to count its servers", func() bool {
		for _, sh := range h.bot.shards {
			if sh.guildCount() != want[sh.id] {
				return false
			}
		}
		return true
	})

	for i, g := range guilds {
		h.srv.SendMessage(discordtest.Message{GuildID: g, ChannelID: strconv.Itoa(3300000000000000000 + i), Content: "!solve " + lc37})
	}
	h.srv.SendMessage(discordtest.Message{DM: true, Content: "!help"})
	h.srv.WaitMessages(t, len(guilds)+1, wait)
	h.srv.NoMoreMessages(t, len(guilds)+1, 200*time.Millisecond)
	for _, rec := range h.waitLog(t, "command", len(guilds)+1) {
		guild, _ := rec["guild"].(string)
		if got, want := rec["shard"], float64(discordtest.ShardFor(guild, count)); got != want {
			t.Errorf("command in guild %q answered by shard %v, want %v", guild, got, want)
		}
	}
}

// TestShardSubsetAndRegistration: a process running shards 1 and 3 of 4
// (one of several) identifies only those, waits one identify window before
// its first identify, and does not register the commands (the process with
// shard 0 does), unless told to.
func TestShardSubsetAndRegistration(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		register Registration
		want     int
	}{{"default", RegisterAuto, 0}, {"REGISTER_COMMANDS=true", RegisterAlways, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := discordtest.New(t, discordtest.WithShards(4), discordtest.WithIdentifyWindow(identifyWindow))
			cfg := shardedConfig()
			cfg.ShardCount, cfg.ShardIDs, cfg.Register = 4, []int{1, 3}, tc.register
			logs := &syncBuffer{}
			b := New(cfg, sessions(t, srv), slog.New(slog.NewJSONHandler(logs, nil)), nil)
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			begin := time.Now()
			go func() { done <- b.Run(ctx) }()
			t.Cleanup(func() { cancel(); <-done })
			ids := srv.WaitIdentifies(t, 2, wait)
			var shards []int
			for _, id := range ids {
				shards = append(shards, id.Shard[0])
			}
			slices.Sort(shards)
			if !slices.Equal(shards, []int{1, 3}) {
				t.Errorf("identified shards %v, want 1 and 3", shards)
			}
			if d := ids[0].Time.Sub(begin); d < identifyWindow {
				t.Errorf("first identify %v after start, want a window (%v) first", d, identifyWindow)
			}
			poll(t, "the bot to be ready", func() bool { return b.Ready() == nil })
			if n := len(srv.RequestsFor(discordtest.RouteBulkOverwriteGlobalCommands)); n != tc.want {
				t.Errorf("%d registrations, want %d", n, tc.want)
			}
		})
	}
}

// TestShardReconnectsAlone: one shard's connection drops; it resumes by
// itself and the other shards keep their connections.
func TestShardReconnectsAlone(t *testing.T) {
	t.Parallel()
	h := start(t, shardedConfig(), nil, discordtest.WithShards(3), discordtest.WithMaxConcurrency(3))
	h.srv.WaitIdentifies(t, 3, wait)
	h.srv.WaitUntil(t, wait, "every shard to send a heartbeat", func() bool { return h.srv.Heartbeats() >= 3 })
	poll(t, "the bot to be ready", func() bool { return h.bot.Ready() == nil })
	conns := h.srv.Connections()
	if h.srv.DropShard(1) != 1 {
		t.Fatal("shard 1 had no connection")
	}
	resumes := h.srv.WaitResumes(t, 1, wait)
	if len(resumes) != 1 {
		t.Errorf("%d resumes, want shard 1's only", len(resumes))
	}
	if n := h.srv.Connections(); n != conns+1 {
		t.Errorf("%d connections after the drop, want %d (one new, for shard 1)", n, conns+1)
	}
	poll(t, "the bot to be ready again", func() bool { return h.bot.Ready() == nil })
	if d := h.srv.Disconnects(); len(d) != 1 || !strings.Contains(d[0].Reason, "shard 1") {
		t.Errorf("disconnects %+v, want shard 1's only", d)
	}
}

func TestShardIDsOutOfRange(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	cfg := shardedConfig()
	cfg.ShardCount, cfg.ShardIDs = 4, []int{2, 5}
	b := New(cfg, sessions(t, srv), slog.New(slog.NewJSONHandler(&syncBuffer{}, nil)), nil)
	err := b.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "shard 5") || !strings.Contains(err.Error(), "SHARD_IDS") {
		t.Errorf("Run = %v, want an error naming shard 5 and SHARD_IDS", err)
	}
	if n := len(srv.Identifies()); n != 0 {
		t.Errorf("%d identifies", n)
	}
}

func TestShardingRequiredIsFatal(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t, discordtest.WithRequiredShards(4))
	cfg := shardedConfig()
	cfg.ShardCount = 2
	b := New(cfg, sessions(t, srv), slog.New(slog.NewJSONHandler(&syncBuffer{}, nil)), nil)
	wantFatal(t, b.Run(context.Background()), "4011", "SHARD_COUNT")
}

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

// TestShardsFallBackWithoutMessageContentOnce: Discord refuses the message
// content intent; the first shard identifies again without it, in its turn,
// and the other shards identify without it at once: no identify faster than
// allowed, one warning.
func TestShardsFallBackWithoutMessageContentOnce(t *testing.T) {
	t.Parallel()
	h := start(t, shardedConfig(), nil, discordtest.WithShards(2), discordtest.WithIdentifyWindow(identifyWindow),
		discordtest.WithDisallowedIntents(discordgo.IntentsMessageContent))
	ids := h.srv.WaitIdentifies(t, 2, wait)
	if len(ids) != 3 || ids[0].Accepted || !ids[1].Accepted || !ids[2].Accepted {
		t.Fatalf("identifies %+v: want one refused with message content, then one per shard without", ids)
	}
	for i, id := range ids[1:] {
		if id.Intents&discordgo.IntentsMessageContent != 0 {
			t.Errorf("identify %d asks for message content again", i+2)
		}
		if gap := id.Time.Sub(ids[i].Time); gap < identifyWindow {
			t.Errorf("identify %d came %v after the previous one, within the window", i+2, gap)
		}
	}
	if v := h.srv.IdentifyViolations(); len(v) != 0 {
		t.Errorf("identifies too fast: %+v", v)
	}
	if n := strings.Count(h.logs.String(), "Message Content intent is not enabled"); n != 1 {
		t.Errorf("the fallback is logged %d times, want once", n)
	}
}

// TestShardsReidentifyInTheirTurn: four shards, max_concurrency 1; Discord
// invalidates every session (op 9, not resumable), or drops every
// connection and refuses the resumes. Each shard identifies anew, one per
// identify window, never two in a window: no 4008 and no retry storm, and
// every shard comes back. "gateway reconnected" is logged once per shard,
// when Discord accepted it (READY), not before.
func TestShardsReidentifyInTheirTurn(t *testing.T) {
	t.Parallel()
	const count = 4
	for _, tc := range []struct {
		name  string
		fault func(*discordtest.Server)
	}{
		{"op 9", func(srv *discordtest.Server) { srv.InvalidateSession(false) }},
		{"close 4000 then op 9 on resume", func(srv *discordtest.Server) {
			srv.InvalidateSession(false) // no connection is told: they drop below first
			srv.CloseConnections(4000, "Unknown error")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := start(t, shardedConfig(), nil, discordtest.WithShards(count), discordtest.WithMaxConcurrency(1),
				discordtest.WithIdentifyWindow(identifyWindow))
			h.srv.WaitIdentifies(t, count, wait)
			h.srv.WaitUntil(t, wait, "every shard to send a heartbeat", func() bool { return h.srv.Heartbeats() >= count })
			poll(t, "the bot to be ready", func() bool { return h.bot.Ready() == nil })
			tc.fault(h.srv)
			ids := h.srv.WaitIdentifies(t, 2*count, wait)
			poll(t, "the bot to be ready again", func() bool { return h.bot.Ready() == nil })
			if v := h.srv.IdentifyViolations(); len(v) != 0 {
				t.Errorf("%d identifies faster than allowed (closed with 4008)", len(v))
			}
			per := map[int]int{}
			for _, id := range ids[count:] {
				per[id.Shard[0]]++
			}
			for sh := range count {
				if per[sh] != 1 {
					t.Errorf("shard %d identified %d times after the fault, want once (all: %v)", sh, per[sh], per)
				}
			}
			for i := count + 1; i < len(ids); i++ {
				if gap := ids[i].Time.Sub(ids[i-1].Time); gap < identifyWindow {
					t.Errorf("identifies %d and %d came %v apart, within the window", i, i+1, gap)
				}
			}
			recs := h.waitLog(t, "gateway reconnected", count)
			if len(recs) != count {
				t.Errorf("%d reconnected lines, want %d", len(recs), count)
			}
		})
	}
}

// TestShardsReconnectJittered: Discord drops every connection at once (a
// gateway restart). The shards do not all dial back in the same instant:
// their first attempts are spread over up to a second, and all resume.
func TestShardsReconnectJittered(t *testing.T) {
	t.Parallel()
	const count = 6
	h := start(t, shardedConfig(), nil, discordtest.WithShards(count), discordtest.WithMaxConcurrency(count))
	h.srv.WaitIdentifies(t, count, wait)
	h.srv.WaitUntil(t, wait, "every shard to send a heartbeat", func() bool { return h.srv.Heartbeats() >= count })
	poll(t, "the bot to be ready", func() bool { return h.bot.Ready() == nil })
	dropped := time.Now()
	if n := h.srv.DropConnections(); n != count {
		t.Fatalf("dropped %d connections, want %d", n, count)
	}
	resumes := h.srv.WaitResumes(t, count, wait)
	first, last := resumes[0].Time, resumes[0].Time
	for _, r := range resumes {
		if r.Time.Before(first) {
			first = r.Time
		}
		if r.Time.After(last) {
			last = r.Time
		}
	}
	// Six draws in [0, 1 s] all fall within 100 ms of each other once in
	// about 200,000 runs.
	if spread := last.Sub(first); spread < 100*time.Millisecond {
		t.Errorf("%d shards resumed within %v of each other: no jitter", count, spread)
	}
	if back := last.Sub(dropped); back > firstReconnectJitter+2*time.Second {
		t.Errorf("the last shard resumed %v after the drop, want within about %v", back, firstReconnectJitter)
	}
	poll(t, "the bot to be ready again", func() bool { return h.bot.Ready() == nil })
}

func TestFirstReconnectDelay(t *testing.T) {
	seen := map[time.Duration]bool{}
	for range 200 {
		d := firstReconnectDelay(time.Minute)
		if d < 0 || d > firstReconnectJitter {
			t.Fatalf("first attempt waits %v, want within [0, %v]", d, firstReconnectJitter)
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
