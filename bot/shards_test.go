package bot

import (
	"context"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

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
func shardedConfig() testSetup {
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
	if ids := h.bot.shards.IDs(); !slices.Equal(ids, []int{0, 1, 2, 3}) || h.bot.shards.Count() != count {
		t.Fatalf("shards %v of %d, want 0-3 of 4", ids, h.bot.shards.Count())
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
		for _, id := range h.bot.shards.IDs() {
			if h.bot.shards.GuildCount(id) != want[id] {
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
	h.noMoreMessages(t, len(guilds)+1)
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
			b := newBot(cfg, sessions(t, srv), slog.New(slog.NewJSONHandler(logs, nil)), nil)
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
	b := newBot(cfg, sessions(t, srv), slog.New(slog.NewJSONHandler(&syncBuffer{}, nil)), nil)
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
	b := newBot(cfg, sessions(t, srv), slog.New(slog.NewJSONHandler(&syncBuffer{}, nil)), nil)
	wantFatal(t, b.Run(context.Background()), "4011", "SHARD_COUNT")
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
			checkReidentified(t, h.srv, ids, count, identifyWindow)
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
	poll(t, "the bot to be ready again", func() bool { return h.bot.Ready() == nil })
	// Each shard came back on its first attempt, after the jittered wait
	// alone (its bound is checked in the gateway's tests), not after a
	// failed attempt and a backoff.
	if failed := h.logs.lines("gateway reconnect failed; retrying"); len(failed) > 0 {
		t.Errorf("reconnects failed and were retried: %v", failed)
	}
	if n := len(h.srv.Resumes()); n != count {
		t.Errorf("%d resumes, want one a shard", n)
	}
	t.Logf("the last shard resumed %v after the drop", last.Sub(dropped).Round(time.Millisecond))
}

// TestReidentifyKeepsHeartbeating: Discord invalidates every session of four
// shards in one identify bucket at once (op 9). Each shard identifies anew
// in its turn, one per window, but no shard goes silent meanwhile: a turn
// further off than the shard's next heartbeat is not waited for inside
// discordgo's write lock (which its heartbeats need), the shard reconnects
// in time for it instead. So no connection goes longer than about a
// heartbeat interval without a heartbeat (Discord drops a silent one), every
// shard identifies once, and none too early.
func TestReidentifyKeepsHeartbeating(t *testing.T) {
	t.Parallel()
	// The heartbeat interval is long beside what a busy machine costs a
	// goroutine waiting to run (up to 0.8 s seen at a load of 15 on two
	// cores under -race; an identify 1.15 s after its turn beside two busy
	// loops at a 1 s interval), so that the bound below measures the gate,
	// not the scheduler; the window puts every turn but the first beyond
	// what an identify may wait for on its connection (0.8 of the interval).
	const (
		count    = 4
		interval = 2 * time.Second
		window   = 2500 * time.Millisecond
	)
	cfg := shardedConfig()
	cfg.IdentifyInterval = window
	h := start(t, cfg, nil, discordtest.WithShards(count), discordtest.WithMaxConcurrency(1),
		discordtest.WithIdentifyWindow(window), discordtest.WithHeartbeatInterval(interval))
	h.srv.WaitIdentifies(t, count, wait)
	poll(t, "the bot to be ready", func() bool { return h.bot.Ready() == nil })
	time.Sleep(interval + interval/2) // a heartbeat or two on every connection
	fault := time.Now()
	if n := h.srv.InvalidateSession(false); n != count {
		t.Fatalf("op 9 sent on %d connections, want %d", n, count)
	}
	ids := h.srv.WaitIdentifies(t, 2*count, wait)
	poll(t, "the bot to be ready again", func() bool { return h.bot.Ready() == nil })
	took := ids[len(ids)-1].Time.Sub(fault)

	gap, conn := longestBeatGap(h.srv)
	t.Logf("every shard identified again %v after op 9; longest time without a heartbeat %v (connection %d), heartbeat interval %v",
		took.Round(time.Millisecond), gap.Round(time.Millisecond), conn, interval)
	if gap > interval+interval/2 {
		t.Errorf("connection %d went %v without a heartbeat, heartbeat interval %v", conn, gap.Round(time.Millisecond), interval)
	}
	checkReidentified(t, h.srv, ids, count, window)
}

// longestBeatGap returns the longest time a gateway connection of srv went
// without a heartbeat: from its HELLO or a heartbeat to the next one, or to
// the connection's end (now, while it is open), and that connection.
func longestBeatGap(srv *discordtest.Server) (time.Duration, int) {
	now := time.Now()
	ends := map[int]time.Time{}
	for _, d := range srv.Disconnects() {
		ends[d.Conn] = d.Time
	}
	last := map[int]time.Time{}
	var gap time.Duration
	var conn int
	see := func(c int, at time.Time) {
		if prev, ok := last[c]; ok && at.Sub(prev) > gap {
			gap, conn = at.Sub(prev), c
		}
		last[c] = at
	}
	for _, b := range srv.Beats() {
		see(b.Conn, b.Time)
	}
	for c := range last {
		end, ok := ends[c]
		if !ok {
			end = now
		}
		see(c, end)
	}
	return gap, conn
}

// checkReidentified checks the identifies after a fault that made count
// shards identify anew (ids[count:]): no 4008, each shard once, a window
// apart.
func checkReidentified(t *testing.T, srv *discordtest.Server, ids []discordtest.Identify, count int, window time.Duration) {
	t.Helper()
	if v := srv.IdentifyViolations(); len(v) != 0 {
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
		if gap := ids[i].Time.Sub(ids[i-1].Time); gap < window {
			t.Errorf("identifies %d and %d came %v apart, within the window", i, i+1, gap)
		}
	}
}
