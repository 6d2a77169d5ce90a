package command

import (
	"context"
	"errors"
	"fmt"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/sudoku"
)

// Routing typed messages: a message without the prefix in a channel or
// thread is a move for the game it is meant for, or talk.

// MoveIn plays a message typed in a channel or thread without the prefix,
// when it is for a game there: the game of the thread, or the member's own
// (or a team game) in the channel, the one touched last. It reports false
// when no game is there or the message is no move at all, which the
// transport then ignores silently (people talk in game threads too); the
// Reply may then still carry Err, for the log, when the games could not be
// read. A malformed move or one against the rules is answered.
func (h *Handler) MoveIn(ctx context.Context, seat Seat, text string) (Reply, bool) {
	store := h.cfg.Play.Games
	if store == nil || seat.ChannelID == "" || !settings.ValidID(seat.ChannelID) {
		return Reply{}, false
	}
	// Talk is told apart before the database is asked: what is no move on
	// the largest board (every cell and digit of the smaller ones is one of
	// its) is no move on any.
	if _, err := game.Parse(text, sudoku.MaxSize); errors.Is(err, game.ErrNotMove) {
		return Reply{}, false
	}
	games, err := store.GamesIn(ctx, seat.ChannelID)
	if err != nil {
		return Reply{Outcome: outcomeGameDown, Err: err}, false
	}
	var pick *settings.GameRecord
	for i := range games {
		g := &games[i]
		if g.ThreadID == seat.ChannelID { // a game's own thread: its game, whoever speaks
			pick = g
			break
		}
		if pick == nil && (g.OwnerID == seat.UserID || g.Team) {
			pick = g
		}
	}
	if pick == nil {
		return Reply{}, false
	}
	sh, ok := sudoku.ShapeForCells(len(pick.Board))
	if !ok {
		return Reply{Outcome: "error", Err: fmt.Errorf("game %s: a board of %d cells", pick.ID, len(pick.Board))}, false
	}
	if _, err := game.Parse(text, sh.Size()); errors.Is(err, game.ErrNotMove) {
		return Reply{}, false
	}
	return h.Move(ctx, pick.ID, seat, text), true
}
