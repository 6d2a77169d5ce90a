package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"sync"
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
		if parent, perr := b.parents.parent(ctx, channelID); perr != nil {
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

// parentCache finds the parent channel of a thread. The bot runs without
// discordgo's state cache (its memory would grow with every server), and
// neither a message nor a slash command says whether its channel is a
// thread, so the parent comes from Discord (GET /channels/{id}) the first
// time a channel's settings depend on it, and is remembered: a thread
// never changes parent, and a channel never becomes a thread. The memory is
// bounded (the oldest entries go first); concurrent lookups of one channel
// share one request; failures are not remembered.
type parentCache struct {
	fetch func(ctx context.Context, channelID string) (parent string, err error)

	mu      sync.Mutex
	known   map[string]string // channel: its parent, "" for a channel that is no thread
	ring    []string          // the known channels, oldest at next
	next    int
	pending map[string]*parentFetch
}

type parentFetch struct {
	done   chan struct{}
	parent string
	err    error
}

func newParentCache(capacity int, fetch func(context.Context, string) (string, error)) *parentCache {
	return &parentCache{fetch: fetch, known: map[string]string{}, ring: make([]string, capacity), pending: map[string]*parentFetch{}}
}

// parent returns the parent of channelID if it is a thread, "" if it is
// not, waiting at most settingsWait.
func (p *parentCache) parent(ctx context.Context, channelID string) (string, error) {
	p.mu.Lock()
	if parent, ok := p.known[channelID]; ok {
		p.mu.Unlock()
		return parent, nil
	}
	f := p.pending[channelID]
	if f == nil {
		f = &parentFetch{done: make(chan struct{})}
		p.pending[channelID] = f
		go p.run(channelID, f)
	}
	p.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, settingsWait)
	defer cancel()
	select {
	case <-f.done:
		return f.parent, f.err
	case <-ctx.Done():
		return "", fmt.Errorf("find the parent of channel %s: %w", channelID, ctx.Err())
	}
}

// run fetches a channel under its own deadline (a caller that stops waiting
// leaves it to the others) and remembers the answer.
func (p *parentCache) run(channelID string, f *parentFetch) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	f.parent, f.err = p.fetch(ctx, channelID)
	cancel()
	p.mu.Lock()
	delete(p.pending, channelID)
	if f.err == nil {
		if old := p.ring[p.next]; old != "" {
			delete(p.known, old)
		}
		p.ring[p.next] = channelID
		p.next = (p.next + 1) % len(p.ring)
		p.known[channelID] = f.parent
	}
	p.mu.Unlock()
	close(f.done)
}

// size returns how many channels are remembered.
func (p *parentCache) size() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.known)
}

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
