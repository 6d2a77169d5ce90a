package bot

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/components"
	"github.com/sudokubot/sudokubot/bot/internal/edits"
	"github.com/sudokubot/sudokubot/bot/internal/rest"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/render"
)

// A board is edited in place, but once talk has pushed it far up (more
// than boardScrollLimit messages below it in its channel or thread, counted
// by package scroll) the next move posts it again below, records the new
// message as the game's board and deletes the old one (or, where deleting
// is refused, edits it to a note pointing at the new one, without buttons).

// boardScrollLimit is how many messages may be posted below a board before
// a move posts it again: about two screens of a desktop client.
const boardScrollLimit = 25

// boardBelow decides where a move's board goes: it returns g with the
// message to edit, or nil when the board was posted again (or a re-post
// already shows this move).
func (b *Bot) boardBelow(ctx context.Context, log *slog.Logger, g *command.GameRef, channel string, draw func() answer) *command.GameRef {
	to, repost, stale := b.games.scroll.Claim(ctx, channel, g.MessageID, g.Version, boardScrollLimit)
	switch {
	case stale:
		return nil
	case repost:
		b.repostBoard(ctx, log, g, channel, draw)
		return nil
	case to != g.MessageID:
		cp := *g
		cp.MessageID = to
		return &cp
	}
	return g
}

// repostBoard posts g's board again in channel, records it, and deletes
// the old one (or marks it moved).
func (b *Bot) repostBoard(ctx context.Context, log *slog.Logger, g *command.GameRef, channel string, draw func() answer) {
	log = log.With("board", g.MessageID)
	a := draw()
	id, err := b.postBoard(ctx, log, channel, "", boardNonce(g.ID, g.Version), a)
	if err != nil {
		b.games.scroll.Moved(channel, g.MessageID, "", 0)
		log.Warn("board not posted again; editing it where it is", "err", err)
		b.boardEditor().Submit(channel+"/"+g.MessageID, editOf(g, channel, func() answer { return a }, log))
		return
	}
	b.games.scroll.Moved(channel, g.MessageID, id, g.Version)
	if err := b.handler.SetGameMessage(ctx, g.ID, g.ThreadID, id); err != nil {
		// This process sends moves of the old board to the new one; a
		// restart may post the board once more.
		log.Warn("new board not recorded", "new", id, "err", err)
	}
	log.Info("board posted again below", "new", id)
	bk := b.rest.Channels.Get(channel, time.Now())
	err = b.rest.Do(ctx, log, bk, rest.Request{Method: http.MethodDelete, URL: discordgo.EndpointChannelMessage(channel, g.MessageID)})
	b.rest.Channels.Put(channel, time.Now())
	if err == nil {
		return
	}
	log.Info("old board not deleted; marking it moved", "err", err)
	bk = b.rest.Channels.Get(channel, time.Now())
	defer b.rest.Channels.Put(channel, time.Now())
	note := boardMessage{Content: render.Notice(movedNote(g.GuildID, channel, id)), Components: components.Rows(nil),
		Attachments: []attachmentRef{}, AllowedMentions: noMentions()}
	if err := b.rest.Do(ctx, log, bk, rest.Request{Method: http.MethodPatch, URL: discordgo.EndpointChannelMessage(channel, g.MessageID), Payload: note}); err != nil {
		log.Warn("old board neither deleted nor marked moved", "err", err)
	}
}

// movedNote is what an old board says once it was posted again: where the
// game's board is now.
func movedNote(guild, channel, message string) string {
	if guild == "" {
		guild = "@me"
	}
	return fmt.Sprintf("This board moved down ↓ https://discord.com/channels/%s/%s/%s", guild, channel, message)
}

// editOf is the coalescer's edit of g's board in channel showing what
// draw draws.
func editOf(g *command.GameRef, channel string, draw func() answer, log *slog.Logger) edits.Edit[boardEdit] {
	return edits.Edit[boardEdit]{Version: g.Version, Value: boardEdit{channel: channel, message: g.MessageID, draw: draw, log: log}}
}
