package gateway

import (
	"github.com/sudokubot/sudokubot/bot/internal/rest"
)

// Gateway close codes after which Discord will not take the session back:
// reconnecting cannot help, a person must change something.
const (
	closeAuthenticationFailed = 4004
	closeInvalidShard         = 4010
	closeShardingRequired     = 4011
	closeInvalidAPIVersion    = 4012
	closeInvalidIntents       = 4013
	closeDisallowedIntents    = 4014
)

// FatalClose returns the FatalError for a fatal gateway close code in
// err, or nil.
func FatalClose(err error) *rest.FatalError {
	code := closeCode(err)
	var cause, fix string
	switch code {
	case closeAuthenticationFailed:
		cause, fix = "Discord rejected DISCORD_TOKEN (gateway close 4004: authentication failed)", rest.FixToken
	case closeInvalidShard:
		cause, fix = "Discord rejected the shard (gateway close 4010: invalid shard)",
			"SHARD_IDS must name shards below SHARD_COUNT"
	case closeShardingRequired:
		cause, fix = "Discord requires more shards (gateway close 4011: sharding required)",
			"set SHARD_COUNT=auto, or raise SHARD_COUNT so that no shard serves more than 2,500 servers"
	case closeInvalidAPIVersion:
		cause, fix = "Discord no longer accepts this gateway API version (close 4012: invalid API version)",
			"upgrade the bot (its discordgo dependency)"
	case closeInvalidIntents:
		cause, fix = "Discord rejected the gateway intents (close 4013: invalid intents)",
			"this is a bug in the bot: report it"
	case closeDisallowedIntents:
		cause, fix = "Discord refused a privileged intent (gateway close 4014: disallowed intents)",
			"enable Message Content Intent under Bot > Privileged Gateway Intents in the Developer Portal, or set MESSAGE_CONTENT_INTENT=false"
	default:
		return nil
	}
	return &rest.FatalError{Cause: cause, Fix: fix, Err: err}
}
