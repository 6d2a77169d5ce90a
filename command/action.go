package command

import "context"

// Cost is the budget a transport counts an [Action] on, decided before the
// action is done (nothing is played, and nothing saved, over the limit).
type Cost uint8

// The costs of actions.
const (
	// Free is an action that only opens a form (Move, Notes) or refuses a
	// button that is none of ours: it reads and writes nothing, and is not
	// counted.
	Free Cost = iota
	// MoveCost is a play on a game that costs milliseconds (moves, pencil
	// marks, undo, a check, showing mistakes, giving up): counted per game
	// and player, on a budget generous enough for the fastest player.
	MoveCost
	// CommandCost is work like a command's (a hint runs the logic engine;
	// Play starts a game): counted on the command budget.
	CommandCost
)

// String returns the cost's name for logs and metrics: free, move or
// command.
func (c Cost) String() string {
	switch c {
	case Free:
		return "free"
	case MoveCost:
		return "move"
	}
	return "command"
}

// Action is a play on a game (or a press of one of the bot's buttons) read
// but not yet done: the transport admits it by its Cost (per Game and
// player for [MoveCost]), answers first as Form and Private say, then calls
// [Action.Do], on its worker pool.
type Action struct {
	// Game is the ID of the game acted on, "" for none (Play, a button
	// that is none of ours).
	Game string
	Cost Cost
	// Form: Do only opens a form ([Reply].Form), at once.
	Form bool
	// Private: the answer is for the member alone (a hint, a check, Play's
	// note), so a transport that must answer at once defers it privately.
	Private bool

	do func(ctx context.Context) Reply
}

// Do does the action and returns its reply: for a play, the board after
// it, left to be drawn when shown ([GameRef].Board), with the answers for
// the player alone in [GameRef].Aside; a play against the rules, a stale
// or repeated one, or one that could not be done gets a short reply for the
// member alone ([Reply].UserError), the game unchanged.
func (a Action) Do(ctx context.Context) Reply {
	if a.do == nil {
		return Reply{}
	}
	return a.do(ctx)
}
