package command

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/sudoku"
)

// A game's board: its text and picture, and where its message is.

// SetGameMessage records where a game's board is posted (its thread, if
// any, and message), so that the next move edits it and a message in the
// thread finds the game.
func (h *Handler) SetGameMessage(ctx context.Context, gameID, threadID, messageID string) error {
	store := h.cfg.Play.Games
	if store == nil {
		return errors.New("set game message: no games store")
	}
	for attempt := 0; ; attempt++ {
		rec, err := store.Game(ctx, gameID)
		if err != nil {
			return fmt.Errorf("set game message: %w", err)
		}
		rec.ThreadID, rec.MessageID, rec.Updated = threadID, messageID, h.cfg.Now()
		_, err = store.UpdateGame(ctx, rec)
		if errors.Is(err, settings.ErrGameConflict) && attempt < maxGameRetries {
			continue
		}
		if err != nil {
			return fmt.Errorf("set game message: %w", err)
		}
		return nil
	}
}

// gameBoard is gameReply's reply with the board left to be drawn
// ([GameRef].Board): text and picture are made when the board is shown.
func (h *Handler) gameBoard(req Request, rec settings.GameRecord, g *game.Game, note string) Reply {
	rep := Reply{Size: g.Board().Size(), Game: refOf(rec)}
	rep.Game.Board = func() Reply { return h.gameReply(req, rec, g, note) }
	return rep
}

// boardStep is the step a board's buttons carry: the game's turn, which
// every change of the board moves on (a press on an older board does
// nothing, so a stale Undo never undoes a teammate's move).
func boardStep(g *game.Game) int64 { return g.Turn() }

// gameReply is the board of game g (stored as rec): its text and, unless
// pictures are off, its picture (the text cannot show pencil marks in their
// cells, nor colours).
func (h *Handler) gameReply(req Request, rec settings.GameRecord, g *game.Game, note string) Reply {
	n := g.Board().Size()
	v := render.GameView{ID: rec.ID, Code: rec.Code, Level: rec.Level, Now: h.cfg.Now(), Timestamp: h.cfg.Play.Timestamps, Note: note}
	rep := Reply{Size: n, Game: refOf(rec), Buttons: gameButtons(rec, boardStep(g))}
	opt := render.Options{Spoiler: h.cfg.Spoiler}
	text := func(o render.Options) string { return render.GameBoard(g, v, o) }
	var ds []drawing
	if h.wantPicture(req, n, true) {
		ds = append(ds, h.gameDrawing(g))
	}
	h.illustrate(&rep, req, opt, true, text, ds...)
	return rep
}

// gameDrawing is the picture of a game's board: givens bold, the player's
// digits in the entry colour, pencil marks small, the last move shaded,
// wrong digits red when the player asked; the solution once given up or
// closed (a spoiler when solutions are).
func (h *Handler) gameDrawing(g *game.Game) drawing {
	b := picture.Board{Grid: g.Board(), Givens: g.Puzzle()}
	switch g.Status() {
	case game.Playing:
		ms := g.Marks()
		b.Candidates = make([]uint32, len(ms))
		for i, m := range ms {
			b.Candidates[i] = uint32(m)
		}
		if c, ok := g.Last(); ok {
			b.Last = &c
		}
		b.Conflicts = sudoku.Validate(b.Grid) // no secret: shown always
		if g.ShowingMistakes() {
			for _, c := range g.Wrong() {
				if !clashing(b.Conflicts, c) {
					b.Wrong = append(b.Wrong, c)
				}
			}
		}
	case game.GaveUp, game.Closed:
		b.Grid = g.Solution()
		if h.cfg.Spoiler {
			return drawing{spoilerName("board.png"), b}
		}
	}
	return drawing{"board.png", b}
}

// clashing reports whether c is among the cells of the conflicts cs.
func clashing(cs []sudoku.Conflict, c sudoku.Cell) bool {
	for _, cf := range cs {
		if slices.Contains(cf.Cells, c) {
			return true
		}
	}
	return false
}
