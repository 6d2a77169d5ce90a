package bot

import (
	"errors"
	"strconv"
	"strings"
)

// ParseShardGroup reads a SHARD_GROUP, INDEX/GROUPS, where INDEX may be a
// StatefulSet pod's name, whose trailing number is its ordinal
// ("sudokubot-gateway-2/4" is group 2 of 4).
func ParseShardGroup(s string) (index, groups int, err error) {
	i, g, ok := strings.Cut(s, "/")
	if !ok {
		return 0, 0, errors.New("no /")
	}
	if dash := strings.LastIndexByte(i, '-'); dash >= 0 {
		i = i[dash+1:]
	}
	index, err1 := strconv.Atoi(strings.TrimSpace(i))
	groups, err2 := strconv.Atoi(strings.TrimSpace(g))
	if err1 != nil || err2 != nil || groups < 1 || index < 0 || index >= groups {
		return 0, 0, errors.New("want an index from 0 to GROUPS-1")
	}
	return index, groups, nil
}

// GroupShards returns the shards of group index when count shards are split
// in groups processes: a contiguous share, the first groups taking one more
// when they do not divide evenly. The groups cover every shard once.
func GroupShards(index, groups, count int) []int {
	per, extra := count/groups, count%groups
	start := index*per + min(index, extra)
	n := per
	if index < extra {
		n++
	}
	ids := make([]int, n)
	for i := range ids {
		ids[i] = start + i
	}
	return ids
}
