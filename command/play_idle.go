package command

import (
	"context"
)

// Closing games left untouched.

// CloseIdleGames closes the games untouched for longer than the configured
// idle time, and returns how many: for a transport's periodic chores (a
// new game closes them too).
func (h *Handler) CloseIdleGames(ctx context.Context) (int, error) {
	if h.cfg.Play.Games == nil {
		return 0, nil
	}
	now := h.cfg.Now()
	return h.cfg.Play.Games.CloseIdleGames(ctx, now.Add(-h.idle()), now)
}
