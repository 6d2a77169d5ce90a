package bot

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
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

// FatalError is a condition that stops the bot for good: Discord refused
// its token, its shard or its intents. Its message names the cause and the
// fix, for the operator; the process should exit non-zero so that its
// supervisor notices.
type FatalError struct {
	Cause string // what Discord said, such as "close 4004: authentication failed"
	Fix   string // what to change
	Err   error  // the error from Discord, if any
}

func (e *FatalError) Error() string {
	return fmt.Sprintf("%s: %s", e.Cause, e.Fix)
}

func (e *FatalError) Unwrap() error { return e.Err }

// fixToken is the fix for a rejected token.
const fixToken = "reset the token in the Developer Portal (Bot > Reset Token) and set DISCORD_TOKEN to the new one"

// fatalGateway returns the FatalError for a fatal gateway close code in
// err, or nil.
func fatalGateway(err error) *FatalError {
	code := closeCode(err)
	var cause, fix string
	switch code {
	case closeAuthenticationFailed:
		cause, fix = "Discord rejected DISCORD_TOKEN (gateway close 4004: authentication failed)", fixToken
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
	return &FatalError{Cause: cause, Fix: fix, Err: err}
}

// fatalREST returns the FatalError for a REST answer that no retry can
// change (401: the token is wrong), or nil.
func fatalREST(err error) *FatalError {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized {
		return &FatalError{Cause: "Discord rejected DISCORD_TOKEN (HTTP 401 Unauthorized)", Fix: fixToken, Err: redact(err)}
	}
	return nil
}
