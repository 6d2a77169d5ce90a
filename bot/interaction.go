package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/render"
)

// interactionWindow is how long Discord waits for the first answer to an
// interaction.
const interactionWindow = 3 * time.Second

// gridOptionMax is the longest grid text a slash command takes: the one-line
// form of a 25×25 grid is 625 characters, with room for separators.
const gridOptionMax = 1500

// Commands returns the slash commands the bot registers: /solve grid:,
// /check grid: and /help, usable in servers and in DMs with the bot.
func Commands() []*discordgo.ApplicationCommand {
	contexts := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	installs := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	minLen := 16
	grid := func(desc string) []*discordgo.ApplicationCommandOption {
		return []*discordgo.ApplicationCommandOption{{
			Type:        discordgo.ApplicationCommandOptionString,
			Name:        "grid",
			Description: desc,
			Required:    true,
			MinLength:   &minLen,
			MaxLength:   gridOptionMax,
		}}
	}
	return []*discordgo.ApplicationCommand{
		{
			Name:             "solve",
			Description:      "Solve a Sudoku and say whether its solution is unique",
			Options:          grid("The puzzle on one line: 81 characters for 9×9, '.' or 0 for empty (4×4 to 25×25)"),
			Contexts:         &contexts,
			IntegrationTypes: &installs,
		},
		{
			Name:             "check",
			Description:      "Check a Sudoku in progress for mistakes, without giving the solution away",
			Options:          grid("The grid on one line: 81 characters for 9×9, '.' or 0 for empty (4×4 to 25×25)"),
			Contexts:         &contexts,
			IntegrationTypes: &installs,
		},
		{
			Name:             "help",
			Description:      "What the Sudoku bot does and the grid formats it reads",
			Options:          []*discordgo.ApplicationCommandOption{},
			Contexts:         &contexts,
			IntegrationTypes: &installs,
		},
	}
}

// registerCommands overwrites the application's slash commands in one call,
// globally or in the development guild.
func (b *Bot) registerCommands(ctx context.Context) error {
	app := b.applicationID()
	if app == "" {
		return fmt.Errorf("register slash commands: no application id in READY")
	}
	cmds, err := b.s.ApplicationCommandBulkOverwrite(app, b.cfg.DevGuildID, Commands(), discordgo.WithContext(ctx))
	if err != nil {
		return fmt.Errorf("register slash commands: %w", err)
	}
	scope := "global"
	if b.cfg.DevGuildID != "" {
		scope = "guild " + b.cfg.DevGuildID
	}
	b.log.Info("slash commands registered", "count", len(cmds), "scope", scope)
	return nil
}

// onInteraction answers one slash command within Discord's 3-second limit:
// directly when the result is ready in time, otherwise deferred, then edited.
func (b *Bot) onInteraction(ctx context.Context, i *discordgo.InteractionCreate) {
	defer b.recoverEvent("INTERACTION_CREATE")
	if i.Type != discordgo.InteractionApplicationCommand {
		return
	}
	data := i.ApplicationCommandData()
	userID := ""
	if i.Member != nil && i.Member.User != nil {
		userID = i.Member.User.ID
	} else if i.User != nil {
		userID = i.User.ID
	}
	log := b.log.With("guild", i.GuildID, "channel", i.ChannelID, "user", userID, "interaction", i.ID, "cmd", "/"+data.Name)
	if !b.seen.firstTime("i" + i.ID) {
		log.Info("interaction delivered again; already answered")
		return
	}
	start := time.Now()
	// The first answer must reach Discord within 3 s of the interaction, or
	// it is refused: retries stop there.
	ackCtx, cancelAck := context.WithDeadline(ctx, start.Add(interactionWindow))
	defer cancelAck()
	if b.limits.check(userID, start) != allow {
		// A slash command must be answered; the notice is seen only by the user.
		b.respondNotice(ackCtx, log, i, "rate_limited", msgRateLimit)
		return
	}
	kind, ok := command.KindOf(data.Name)
	if !ok {
		b.respondNotice(ackCtx, log, i, "unknown_command", msgUnknownCmd)
		return
	}
	if !b.begin() {
		b.respondNotice(ackCtx, log, i, "stopping", msgStopping)
		return
	}
	defer b.inflight.Done()
	deferred := false
	defer b.recoverCommand(log, func() {
		if deferred {
			b.respondResult(ctx, log, i, command.Reply{Text: render.Notice(msgApology), Outcome: "panic"}, start, true)
			return
		}
		b.respondNotice(ackCtx, log, i, "panic", msgApology)
	})
	req := command.Request{Kind: kind}
	for _, o := range data.Options {
		if o.Name == "grid" && o.Type == discordgo.ApplicationCommandOptionString {
			req.Args = o.StringValue()
		}
	}
	if kind == command.Help {
		b.respondResult(ackCtx, log, i, b.handle(ctx, req), start, false)
		return
	}
	result := b.solve(ctx, log, req)
	if result == nil {
		b.respondNotice(ackCtx, log, i, "busy", msgBusy)
		return
	}
	timer := time.NewTimer(b.cfg.AckWait)
	defer timer.Stop()
	select {
	case rep := <-result:
		b.respondResult(ackCtx, log, i, rep, start, false)
	case <-timer.C:
		err := deliver(ackCtx, log, func(opts ...discordgo.RequestOption) error {
			return acknowledged(b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			}, opts...))
		})
		var re *discordgo.RESTError
		if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode < http.StatusInternalServerError {
			// Discord refused the interaction (expired, unknown): no edit can follow.
			log.Error("reply lost", "outcome", (<-result).Outcome, "err", err)
			return
		}
		if err != nil {
			log.Error("defer interaction; trying the edit anyway", "err", err)
		}
		deferred = true
		b.respondResult(ctx, log, i, <-result, start, true)
	}
}

// respondResult answers i with rep (ephemeral for the user's own mistakes), or
// edits the deferred answer, and logs the command's line.
func (b *Bot) respondResult(ctx context.Context, log *slog.Logger, i *discordgo.InteractionCreate, rep command.Reply, start time.Time, deferred bool) {
	var err error
	if deferred {
		// discordgo's InteractionResponseEdit puts the edits of every
		// interaction in one rate-limit bucket, one at a time; the original
		// response's own URL is its bucket here.
		uri := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
		edit := &discordgo.WebhookEdit{Content: &rep.Text, AllowedMentions: noMentions()}
		err = deliver(ctx, log, func(opts ...discordgo.RequestOption) error {
			_, err := b.s.RequestWithBucketID(http.MethodPatch, uri, edit, uri, opts...)
			return err
		})
	} else {
		err = b.respond(ctx, log, i, rep.Text, rep.UserError)
	}
	attrs := []any{"size", rep.Size, "outcome", rep.Outcome, "solve", rep.SolveTime, "latency", time.Since(start), "deferred", deferred}
	if err != nil {
		log.Error("reply lost", append(attrs, "err", err)...)
		return
	}
	log.Info("command", attrs...)
}

// respondNotice answers i with a short notice only its user sees. When too
// many notices are already on their way, it logs instead of piling up requests.
func (b *Bot) respondNotice(ctx context.Context, log *slog.Logger, i *discordgo.InteractionCreate, outcome, text string) {
	if !b.notices.acquire() {
		log.Warn("notice not sent: too many notices in flight", "outcome", outcome)
		return
	}
	defer b.notices.release()
	if err := b.respond(ctx, log, i, render.Notice(text), true); err != nil {
		log.Error("reply lost", "outcome", outcome, "err", err)
		return
	}
	log.Info("command", "outcome", outcome)
}

func (b *Bot) respond(ctx context.Context, log *slog.Logger, i *discordgo.InteractionCreate, text string, ephemeral bool) error {
	data := &discordgo.InteractionResponseData{Content: text, AllowedMentions: noMentions()}
	if ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return deliver(ctx, log, func(opts ...discordgo.RequestOption) error {
		return acknowledged(b.s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: data,
		}, opts...))
	})
}

// codeAlreadyAcknowledged is Discord's error code for a second answer to an
// interaction: after a retry, it means the first answer did arrive.
const codeAlreadyAcknowledged = 40060

// acknowledged treats "already acknowledged" as success.
func acknowledged(err error) error {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil && re.Message.Code == codeAlreadyAcknowledged {
		return nil
	}
	return err
}
