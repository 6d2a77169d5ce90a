package discordtest

import (
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// guildOnShard returns a guild id that ShardFor puts on shard of count.
func guildOnShard(shard, count int) string {
	for i := uint64(1); ; i++ {
		id := strconv.FormatUint(i<<22, 10)
		if ShardFor(id, count) == shard {
			return id
		}
	}
}

// TestShardRouting: two sessions identify as shards 0 and 1 of 2; a guild's
// events reach only the shard Discord's formula names, DMs only shard 0;
// READY lists only the shard's guilds.
func TestShardRouting(t *testing.T) {
	t.Parallel()
	g0, g1 := guildOnShard(0, 2), guildOnShard(1, 2)
	srv := New(t, WithGuilds(g0, g1), WithShards(2))
	got := make([]*collector[string], 2)
	readyGuilds := make([]*collector[int], 2)
	for shard := range 2 {
		s := srv.Session(t, discordgo.IntentsGuildMessages|discordgo.IntentsDirectMessages|discordgo.IntentsMessageContent)
		s.ShardID, s.ShardCount = shard, 2
		got[shard], readyGuilds[shard] = newCollector[string](), newCollector[int]()
		s.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { got[shard].add(m.Content) })
		s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { readyGuilds[shard].add(len(r.Guilds)) })
		if err := s.Open(); err != nil {
			t.Fatal(err)
		}
	}
	for shard := range 2 {
		if n := readyGuilds[shard].next(t, "READY"); n != 1 {
			t.Errorf("shard %d: READY with %d guilds, want 1", shard, n)
		}
	}
	srv.SendMessage(Message{GuildID: g0, ChannelID: "3100000000000000001", Content: "to shard 0"})
	srv.SendMessage(Message{GuildID: g1, ChannelID: "3100000000000000002", Content: "to shard 1"})
	srv.SendMessage(Message{DM: true, Content: "a DM"})
	// discordgo runs handlers on goroutines of their own: in any order.
	on0 := map[string]bool{got[0].next(t, "shard 0's first message"): true, got[0].next(t, "shard 0's second message"): true}
	if !on0["to shard 0"] || !on0["a DM"] {
		t.Errorf("shard 0 got %v, want its guild's message and the DM", on0)
	}
	if m := got[1].next(t, "shard 1's message"); m != "to shard 1" {
		t.Errorf("shard 1 got %q", m)
	}
	got[0].none(t, 100*time.Millisecond)
	got[1].none(t, 100*time.Millisecond)
	ids := srv.Identifies()
	for _, id := range ids {
		if id.Shard == nil || id.Shard[1] != 2 {
			t.Errorf("identify %+v without shard [n, 2]", id.Shard)
		}
	}
}

func TestShardIdentifyRules(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		opts      []Option
		id, count int
		code      int
	}{
		{"shard id out of range", nil, 2, 2, closeInvalidShard},
		{"too few shards", []Option{WithRequiredShards(4)}, 0, 2, closeShardingRequired},
		{"enough shards", []Option{WithRequiredShards(2)}, 1, 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := New(t, tc.opts...)
			s := srv.Session(t, discordgo.IntentsGuildMessages)
			// Without ShardCount discordgo sends Identify.Shard as it is (it
			// checks the bounds itself otherwise).
			s.Identify.Shard = &[2]int{tc.id, tc.count}
			err := s.Open()
			if tc.code == 0 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if ids := srv.Identifies(); len(ids) != 1 || ids[0].CloseCode != tc.code || err == nil {
				t.Errorf("Open = %v, identifies %+v: want close %d", err, ids, tc.code)
			}
		})
	}
}

// TestIdentifyWindow: with max_concurrency 2 and a window, two identifies of
// the same bucket (shards 0 and 2) too close together are refused with
// 4008 and recorded; shards of different buckets may identify together.
func TestIdentifyWindow(t *testing.T) {
	t.Parallel()
	srv := New(t, WithShards(4), WithMaxConcurrency(2), WithIdentifyWindow(time.Hour))
	open := func(shard int) error {
		s := srv.Session(t, discordgo.IntentsGuildMessages)
		s.ShardID, s.ShardCount = shard, 4
		return s.Open()
	}
	for _, shard := range []int{0, 1} {
		if err := open(shard); err != nil {
			t.Fatalf("shard %d: %v", shard, err)
		}
	}
	if err := open(2); err == nil {
		t.Fatal("shard 2 identified in bucket 0 right after shard 0")
	}
	v := srv.IdentifyViolations()
	if len(v) != 1 || v[0].Shard == nil || v[0].Shard[0] != 2 || v[0].CloseCode != 0 && v[0].CloseCode != closeRateLimited {
		t.Errorf("violations %+v, want shard 2's", v)
	}
}

func TestDropShardLeavesTheOthers(t *testing.T) {
	t.Parallel()
	srv := New(t, WithShards(2))
	for shard := range 2 {
		s := srv.Session(t, discordgo.IntentsGuildMessages)
		s.ShardID, s.ShardCount = shard, 2
		if err := s.Open(); err != nil {
			t.Fatal(err)
		}
	}
	if n := srv.DropShard(1); n != 1 {
		t.Errorf("dropped %d connections, want 1", n)
	}
	srv.WaitUntil(t, wait, "the dropped connection to end", func() bool { return len(srv.Disconnects()) >= 1 })
	if d := srv.Disconnects(); len(d) != 1 || d[0].Reason != "shard 1 dropped by test" {
		t.Errorf("disconnects %+v", d)
	}
}
