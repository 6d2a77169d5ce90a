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
// thread is a move for the game it is meant for, or talk, which is never
// answered. A message is meant for a game when it replies to the game's
// board, when it is in the game's own thread, or, in a channel, when the
// member has a game there whose board is in the channel itself (theirs, or a
// team game; the one touched last) and the message reads whole as moves. A
// malformed move is answered where the message was meant for the game (a
// reply to its board, its thread); in a channel it is talk.

// Typed is a message typed without the prefix where games may be played.
type Typed struct {
	Seat Seat
	Text string
	// ID is the message's ID: a message delivered again (a resumed
	// session's replay, another process's) is played once.
	ID string
	// ReplyTo is the message it replies to, "" for none: a reply to a
	// game's board plays that game.
	ReplyTo string
	// Direct says every message there is meant for the member's game, as
	// in a game's thread (the console, which stands for one): a malformed
	// move is answered, not taken for talk.
	Direct bool
}

// TypedMove finds the game a typed message is meant for (see above) and
// returns its play, not yet played; false when it is meant for none (talk),
// which the transport leaves alone. The error says the games could not be
// read (for the log; the message is then left alone too).
func (h *Handler) TypedMove(ctx context.Context, t Typed) (Action, bool, error) {
	store, seat := h.cfg.Play.Games, t.Seat
	if store == nil || seat.ChannelID == "" || !settings.ValidID(seat.ChannelID) {
		return Action{}, false, nil
	}
	// Talk is told apart before the database is asked: what is no move on
	// the largest board (every cell and digit of the smaller ones is one of
	// its) is no move on any.
	if _, err := game.Parse(t.Text, sudoku.MaxSize); errors.Is(err, game.ErrNotMove) {
		return Action{}, false, nil
	}
	games, err := store.GamesIn(ctx, seat.ChannelID)
	if err != nil {
		return Action{}, false, fmt.Errorf("games in channel %s: %w", seat.ChannelID, err)
	}
	pick, meant := pickGame(games, t)
	if pick == nil {
		return Action{}, false, nil
	}
	sh, ok := sudoku.ShapeForCells(len(pick.Board))
	if !ok {
		return Action{}, false, fmt.Errorf("game %s: a board of %d cells", pick.ID, len(pick.Board))
	}
	_, err = game.Parse(t.Text, sh.Size())
	var se *game.SyntaxError
	if errors.Is(err, game.ErrNotMove) || errors.As(err, &se) && !meant {
		return Action{}, false, nil
	}
	read := *pick
	return Action{Game: read.ID, Cost: costOf(t.Text, game.Parse), do: func(ctx context.Context) Reply {
		return h.play1(ctx, moveReq{game: read.ID, seat: seat, text: t.Text, parse: game.Parse, step: -1, event: t.ID, read: &read})
	}}, true, nil
}

// pickGame is the game of games (the open ones of the message's channel or
// thread, the one touched last first) that t is meant for, and whether t
// was meant for it alone (a reply to its board, its thread), nil for none.
func pickGame(games []settings.GameRecord, t Typed) (*settings.GameRecord, bool) {
	if t.ReplyTo != "" {
		for i := range games {
			if games[i].MessageID == t.ReplyTo {
				return &games[i], true
			}
		}
	}
	for i := range games {
		if games[i].ThreadID == t.Seat.ChannelID { // a game's own thread: its game, whoever speaks
			return &games[i], true
		}
	}
	for i := range games {
		// In a channel, a game whose board is there (a game with a thread
		// of its own is played in the thread).
		if g := &games[i]; g.ThreadID == "" && (g.OwnerID == t.Seat.UserID || g.Team) {
			return g, t.Direct
		}
	}
	return nil, false
}

// MoveIn plays a message typed without the prefix at once, the console's
// way (no budget, no deferral; every message meant for the member's game
// there, see [Typed].Direct), when it is meant for a game
// ([Handler.TypedMove]); it reports false when it is not. The Reply may
// then still carry Err, for the log, when the games could not be read.
func (h *Handler) MoveIn(ctx context.Context, seat Seat, text string) (Reply, bool) {
	a, ok, err := h.TypedMove(ctx, Typed{Seat: seat, Text: text, Direct: true})
	if err != nil {
		return Reply{Outcome: outcomeGameDown, Err: err}, false
	}
	if !ok {
		return Reply{}, false
	}
	return a.Do(ctx).Drawn(), true
}
