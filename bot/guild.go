package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/rest"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/settings"
)

// settingsWait bounds the read of a server's settings before a command runs
// (a server not in memory costs one query): a slash command must be answered
// within Discord's 3 s, so the rest of the window stays for the command.
// The same bound holds for finding a thread's parent channel.
const settingsWait = time.Second

// msgSettingsUnavailable heads the replies of commands that ran with the
// bot's defaults because the server's settings could not be read.
const msgSettingsUnavailable = "Settings unavailable, using defaults."

// where is what a command knows about the place it came from: the server's
// settings (the defaults in a DM or when they could not be read) and what
// its channel runs with.
type where struct {
	guild settings.Guild
	ch    settings.Channel
	// err is set when the server's settings could not be read: the command
	// runs with the defaults, and its reply says so.
	err error
}

// defaults are the bot's own settings, for servers that chose nothing.
func (b *Bot) defaults() settings.Defaults { return b.handler.Defaults() }

// guildSettings returns a server's settings, the defaults in a DM (no
// guildID) or without a store; on a failure, the defaults and the error
// (which wraps settings.ErrUnavailable when the database is at fault).
func (b *Bot) guildSettings(ctx context.Context, guildID string) (settings.Guild, error) {
	if guildID == "" || b.cfg.Settings == nil {
		return settings.Guild{ID: guildID}, nil
	}
	ctx, cancel := context.WithTimeout(ctx, settingsWait)
	defer cancel()
	g, err := b.cfg.Settings.Guild(ctx, guildID)
	if err != nil {
		return settings.Guild{ID: guildID}, err
	}
	return g, nil
}

// prefixOf returns the prefix of text commands in a server whose settings
// are g: it does not depend on the channel.
func (b *Bot) prefixOf(g settings.Guild) string {
	return g.In("", b.defaults()).Prefix
}

// place returns what a command in channelID of g's server runs with. A
// thread runs with its parent channel's settings: when they depend on the
// channel, the parent is found (a REST call, remembered; see parents).
func (b *Bot) place(ctx context.Context, log *slog.Logger, g settings.Guild, channelID string, err error) where {
	if g.ID != "" && channelSpecific(g, channelID) {
		if parent, perr := b.parents.Parent(ctx, channelID); perr != nil {
			log.Warn("parent of the channel unknown; its own settings apply", "err", perr)
		} else if parent != "" {
			channelID = parent
		}
	}
	return where{guild: g, ch: g.In(channelID, b.defaults()), err: err}
}

// channelSpecific reports whether channelID might be a thread whose
// settings are not its own: the server lists channels (to answer in, or for
// spoilers) and channelID is not among them. Servers that list nothing never
// cost a lookup.
func channelSpecific(g settings.Guild, channelID string) bool {
	return (len(g.Channels) > 0 && !slices.Contains(g.Channels, channelID)) ||
		(g.Spoilers == settings.SpoilersInChannels && !slices.Contains(g.SpoilerChannels, channelID))
}

// forgetGuild deletes everything kept about a server the bot was removed
// from.
func (b *Bot) forgetGuild(ctx context.Context, guildID string) {
	if b.cfg.Settings == nil || !settings.ValidID(guildID) {
		return
	}
	log := b.log.With("guild", guildID)
	if err := b.cfg.Settings.DeleteGuild(ctx, guildID); err != nil {
		log.Error("removed from a server, but its settings and daily puzzles could not be deleted", "err", err)
		return
	}
	log.Info("removed from a server: its settings and daily puzzles are deleted")
}

// commandSettings returns what a channel runs with, for the command layer.
func (b *Bot) commandSettings(ch settings.Channel) *command.Settings {
	s := &command.Settings{Prefix: ch.Prefix, Spoiler: ch.Spoilers, Pictures: ch.Pictures}
	if b.cfg.HTTPOnly {
		s.Prefix = command.SlashPrefix // no message reaches the bot: point to slash commands
	}
	return s
}

// Discord's channel types of threads.
var threadTypes = []discordgo.ChannelType{
	discordgo.ChannelTypeGuildNewsThread,
	discordgo.ChannelTypeGuildPublicThread,
	discordgo.ChannelTypeGuildPrivateThread,
}

// maxParents bounds the channels whose parent the bot remembers: about 100
// bytes each.
const maxParents = 20000

// fetchParent asks Discord for a channel and returns its parent if it is a
// thread, "" otherwise.
func (b *Bot) fetchParent(ctx context.Context, channelID string) (string, error) {
	if b.rest == nil {
		return "", errors.New("not connected to discord")
	}
	var ch struct {
		Type     discordgo.ChannelType `json:"type"`
		ParentID string                `json:"parent_id"`
	}
	key := "get " + channelID
	bk := b.rest.Channels.Get(key, time.Now())
	defer b.rest.Channels.Put(key, time.Now())
	req := rest.Request{Method: http.MethodGet, URL: discordgo.EndpointChannel(channelID), Into: &ch}
	if err := b.rest.Do(ctx, b.log, bk, req); err != nil {
		return "", fmt.Errorf("get channel %s: %w", channelID, err)
	}
	if slices.Contains(threadTypes, ch.Type) {
		return ch.ParentID, nil
	}
	return "", nil
}
