package bot

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/bot/internal/daily"
	"github.com/sudokubot/sudokubot/bot/internal/rest"
	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/settings"
)

// dailyPuzzles is what the daily poster needs of the command layer: the
// post of a day's puzzle at a server's level, with its settings.
type dailyPuzzles interface {
	DailyFor(ctx context.Context, day time.Time, level settings.Level, s *command.Settings) command.Reply
}

var _ dailyPuzzles = (*command.Handler)(nil)

// kickDaily asks the poster to look for due posts now (after /settings
// daily), without waiting for its next minute.
func (b *Bot) kickDaily() {
	select {
	case b.dailyKick <- struct{}{}:
	default:
	}
}

// runDaily posts the daily puzzles of the servers on this process's shards
// (of every server, in a process without a gateway) until ctx ends: at once,
// then every daily.Every and whenever kicked. Posts use reply, which outlives
// ctx by the shutdown grace.
func (b *Bot) runDaily(ctx, reply context.Context) {
	daily.Run(ctx, daily.Every, b.dailyKick, func() { b.dailyRound(ctx, reply) })
}

// dailyRound posts every due daily puzzle of this process's servers. The
// database decides which process posts (ClaimDaily), not timing: two
// processes, or a restart in the same minute, make one post.
func (b *Bot) dailyRound(ctx, reply context.Context) {
	store := b.cfg.Settings
	now := b.now()
	due, err := store.DueDaily(ctx, now, daily.Lease)
	if err != nil {
		if ctx.Err() == nil {
			b.log.Warn("daily puzzles: cannot list the servers whose post is due; trying again in a minute", "err", err)
		}
		return
	}
	sem := make(chan struct{}, daily.Posters)
	var wg sync.WaitGroup
	mine := 0
	defer func() {
		wg.Wait()
		b.log.Debug("daily puzzles: round done", "due", len(due), "on_these_shards", mine)
	}()
	for _, g := range due {
		if !b.ownsGuild(g.ID) {
			continue
		}
		mine++
		if !b.begin() { // stopping
			break
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done(); b.inflight.Done() }()
			defer b.recoverEvent("daily post")
			b.postDaily(ctx, reply, g, now)
		}()
	}
}

// postDaily claims a server's daily post for now's day and, if this process
// won the claim, posts the puzzle and confirms the post with its message.
// A post that fails leaves the claim to expire: the server's puzzle is
// posted by the first round after the lease.
func (b *Bot) postDaily(ctx, reply context.Context, g settings.Guild, now time.Time) {
	store := b.cfg.Settings
	day := settings.DayOf(now)
	level := g.Daily.Level.Or(settings.DefaultDailyLevel)
	log := b.log.With("guild", g.ID, "channel", g.Daily.ChannelID, "day", day.String(), "level", level.String())
	won, err := store.ClaimDaily(ctx, g.ID, day, now, daily.Lease)
	switch {
	case err != nil:
		log.Warn("daily puzzle: claim failed; trying again in a minute", "err", err)
		return
	case !won:
		log.Debug("daily puzzle: posted or being posted by another process")
		return
	}
	// The post follows the settings of its channel (pictures, spoilers)
	// and shows the server's prefix.
	rep := b.daily.DailyFor(reply, day.Time(), level, b.commandSettings(g.In(g.Daily.ChannelID, b.defaults())))
	if rep.UserError || (rep.Text == "" && len(rep.Files) == 0) {
		// No puzzle (no pool, or none made in time): nothing worth posting.
		log.Error("daily puzzle: none to post; trying again after the lease", "outcome", rep.Outcome, "err", rep.Err, "lease", daily.Lease)
		b.metrics.DailyPost("failed")
		return
	}
	footer := daily.Footer(b.prefixOf(g), b.shards != nil)
	a := answer{text: command.WithFooter(rep.Text, footer), files: rep.Files, fallback: command.WithFooter(rep.Fallback, footer)}
	post := &channelPost{rest: b.rest, channelID: g.Daily.ChannelID, nonce: daily.Nonce(g.ID, day)}
	start := time.Now()
	if err := b.post(reply, &call{log: log, resp: post}, a); err != nil {
		log.Error("daily puzzle not posted; trying again after the lease", "lease", daily.Lease, "err", err)
		b.metrics.DailyPost("failed")
		return
	}
	p := settings.DailyPost{ChannelID: g.Daily.ChannelID, MessageID: post.messageID()}
	if err := store.DailyPosted(reply, g.ID, day, p); err != nil {
		// Posted, but not on record: another process may post again once
		// the lease has passed.
		log.Error("daily puzzle posted but not confirmed in the database", "message", p.MessageID, "err", err)
		b.metrics.DailyPost("unconfirmed")
		return
	}
	b.metrics.DailyPost("posted")
	log.Info("daily puzzle posted", "message", p.MessageID, "took", time.Since(start).Round(time.Millisecond))
}

// ownsGuild reports whether the server is on one of this process's shards
// (see [gateway.Gateway.Owns]). A process without a gateway owns every
// server.
func (b *Bot) ownsGuild(guildID string) bool {
	if b.shards == nil {
		_, err := strconv.ParseUint(guildID, 10, 64)
		return err == nil && b.cfg.HTTPOnly
	}
	return b.shards.Owns(guildID)
}

// channelPost posts a message in a channel (not a reply to anything): the
// daily puzzle. It keeps the ID of the message it posted.
type channelPost struct {
	rest      *rest.Client
	channelID string
	nonce     string

	mu sync.Mutex
	id string
}

var _ responder = (*channelPost)(nil)

func (p *channelPost) transport() string                                     { return "daily" }
func (p *channelPost) mustAnswer() bool                                      { return false }
func (p *channelPost) deferrable() bool                                      { return false }
func (p *channelPost) deferAnswer(context.Context, *slog.Logger, bool) error { return nil }

func (p *channelPost) send(ctx context.Context, log *slog.Logger, a answer) error {
	payload := replyPayload{
		MessageSend:  &discordgo.MessageSend{Content: a.text, AllowedMentions: noMentions()},
		Attachments:  attachmentRefs(a.files),
		Nonce:        p.nonce,
		EnforceNonce: true,
	}
	var msg struct {
		ID string `json:"id"`
	}
	bk := p.rest.Channels.Get(p.channelID, time.Now())
	defer p.rest.Channels.Put(p.channelID, time.Now())
	req := rest.Request{Method: http.MethodPost, URL: discordgo.EndpointChannelMessages(p.channelID), Payload: payload, Files: a.files, Into: &msg}
	if err := p.rest.Do(ctx, log, bk, req); err != nil {
		return fmt.Errorf("post in channel %s: %w", p.channelID, err)
	}
	p.mu.Lock()
	p.id = msg.ID
	p.mu.Unlock()
	return nil
}

func (p *channelPost) messageID() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.id
}
