package bot

import (
	"strconv"
	"testing"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestServersCostNoCache: the bot counts the servers of each shard but
// keeps nothing of their channels and roles, so its memory does not grow
// with the number of servers. discordgo's default state cache would keep
// every channel and role of the 500 servers below (about 4 MiB).
func TestServersCostNoCache(t *testing.T) {
	// A short replay buffer, so that the fake does not keep the payloads.
	h := start(t, testConfig(), nil, discordtest.WithReplayBuffer(64))
	shards := h.bot.shards
	heap0 := heapInUse()
	const n = 500
	for i := range n {
		id := strconv.Itoa(2100000000000000000 + i)
		h.srv.Dispatch("GUILD_CREATE", h.srv.GuildPayload(id, 20, 10))
	}
	poll(t, "the bot to count every server", func() bool { return shards.GuildCount(0) == n+1 })
	heap1 := heapInUse()
	st := shards.Session(0).State
	st.RLock()
	cached := len(st.Guilds)
	st.RUnlock()
	if cached != 0 {
		t.Errorf("discordgo caches %d servers", cached)
	}
	t.Logf("%d servers with 20 channels and 10 roles each: heap %+.2f MiB", n, (float64(heap1)-float64(heap0))/(1<<20))
	if heap1 > heap0+2<<20 {
		t.Errorf("heap grew by %d bytes for %d servers", heap1-heap0, n)
	}

	// A server that leaves is no longer counted; one in an outage still is
	// (strictly: gateway.TestGuildDeletePassesOnRemovalsOnly).
	h.srv.Dispatch("GUILD_DELETE", map[string]any{"id": strconv.Itoa(2100000000000000001), "unavailable": true})
	h.srv.Dispatch("GUILD_DELETE", map[string]any{"id": strconv.Itoa(2100000000000000000)})
	poll(t, "the bot to drop the server that left", func() bool { return shards.GuildCount(0) == n })
}
