package bot

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestStoppingTellsNewCommandsAndFinishesInFlight: once a stop signal came,
// a new command gets the restarting notice (within the user's rate limit)
// while the command in flight is still answered.
func TestStoppingTellsNewCommandsAndFinishesInFlight(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.UserRate, cfg.UserBurst = 1, 2
	running := make(chan struct{}, 1)
	release := make(chan struct{})
	h := start(t, cfg, func(b *Bot) {
		b.beforeHandle = func(_ context.Context, r command.Request) {
			running <- struct{}{}
			<-release
		}
	})
	held := h.srv.SendMessage(discordtest.Message{Content: "!solve " + lc37})
	<-running
	h.cancel()
	h.waitLog(t, "stopping: finishing commands in flight", 1)
	// The user has one command left in the burst, then one notice, then silence.
	for range 6 {
		h.srv.SendMessage(discordtest.Message{Content: "!help"})
	}
	notices := h.srv.WaitMessages(t, 2, wait)
	for _, m := range notices {
		if !strings.Contains(m.Content, "restarting") {
			t.Errorf("reply %v, want the restarting notice", m)
		}
	}
	close(release)
	select {
	case err := <-h.done:
		h.done <- err
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(wait):
		t.Fatal("bot did not stop")
	}
	msgs := h.srv.Messages()
	if len(msgs) != 3 || msgs[2].Reference.MessageID != held["id"] || !strings.Contains(msgs[2].Content, "[5]") {
		t.Errorf("messages %v: want two notices, then the solution to the held command", msgs)
	}
}

// TestGraceExpiryCancelsWork: a solve still running when the grace period
// ends is cancelled, its user is told the command was not finished, and the
// bot stops on time.
func TestGraceExpiryCancelsWork(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.SolveTimeout = 20 * time.Second
	cfg.ShutdownGrace = time.Second
	running := make(chan struct{}, 1)
	h := start(t, cfg, func(b *Bot) {
		b.beforeHandle = func(_ context.Context, _ command.Request) { running <- struct{}{} }
	})
	msg := h.srv.SendMessage(discordtest.Message{Content: "!solve " + slowGrid})
	<-running
	begin := time.Now()
	if err := h.stop(t); err != nil {
		t.Fatal(err)
	}
	// The outcome below proves the solve was cancelled; the stop must not
	// have waited for the solve's own deadline either.
	if d := time.Since(begin); d >= cfg.SolveTimeout {
		t.Errorf("stopping took %v with a 1 s grace: it waited for the solve's %v deadline", d, cfg.SolveTimeout)
	}
	h.waitLog(t, "grace period nearly over: cancelling commands still in flight; their users are told where Discord allows", 1)
	if rec := h.waitLog(t, "command", 1)[0]; rec["outcome"] != outcomeNotFinished {
		t.Errorf("command logged as %v, want %s", rec["outcome"], outcomeNotFinished)
	}
	msgs := h.srv.Messages()
	if len(msgs) != 1 || msgs[0].Reference.MessageID != msg["id"] || !strings.Contains(msgs[0].Content, "could not finish") {
		t.Errorf("messages %v: want the not-finished notice to the solve", msgs)
	}
}

// TestChannelBacklogBoundsWaitingReplies: when Discord is slow to take the
// replies of one channel, at most ChannelBacklog replies wait there; further
// commands there are logged and not taken, and other channels go on.
func TestChannelBacklogBoundsWaitingReplies(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.ChannelBacklog = 5
	h := start(t, cfg, nil)
	// The first reply hangs until the other channel is answered; the bot
	// holds the channel's bucket meanwhile, so the channel's other replies
	// wait behind it.
	release := make(chan struct{})
	h.srv.InjectFault(discordtest.RouteCreateMessage, 1, discordtest.Fault{Release: release})
	const n = 40
	for i := range n {
		u := &discordgo.User{ID: strconv.Itoa(4100000000000000000 + i), Username: "u" + strconv.Itoa(i)}
		h.srv.SendMessage(discordtest.Message{Author: u, Content: "!help"})
	}
	dropped := h.waitLog(t, "command dropped: too many replies already waiting to be posted in this channel", n-cfg.ChannelBacklog)
	if len(dropped) != n-cfg.ChannelBacklog {
		t.Errorf("%d commands dropped, want %d", len(dropped), n-cfg.ChannelBacklog)
	}
	other := h.srv.SendMessage(discordtest.Message{DM: true, Content: "!help"})
	msgs := h.srv.WaitMessages(t, 1, wait)
	if msgs[0].Reference.MessageID != other["id"] {
		t.Errorf("first reply %v, want the one in the other channel", msgs[0])
	}
	close(release)
	h.srv.WaitMessages(t, cfg.ChannelBacklog+1, wait)
	h.noMoreMessages(t, cfg.ChannelBacklog+1)
}

// TestBusyShutdownKeepsToTheGrace: a stop signal while replies wait behind
// a channel's rate limit (2 messages per 5 s) and slash commands are still
// solving. Run returns within SHUTDOWN_GRACE; the slash commands' users are
// told their commands were not finished (their edits have buckets of their
// own); the text replies that Discord's rate limit holds back are logged as
// lost. discordgo's bucket waits ignore the context: a reply waiting there
// would hold the shutdown until the bucket resets.
func TestBusyShutdownKeepsToTheGrace(t *testing.T) {
	t.Parallel()
	cfg := testConfig()
	cfg.ShutdownGrace = 2 * time.Second
	cfg.SolveTimeout = time.Minute
	cfg.AckWait = 50 * time.Millisecond
	held := make(chan struct{}, 2)
	h := start(t, cfg, func(b *Bot) {
		b.beforeHandle = func(ctx context.Context, r command.Request) {
			if r.Kind == command.Solve {
				held <- struct{}{}
				<-ctx.Done() // solving until the shutdown cancels it
			}
		}
	})
	h.srv.SetRateLimit(discordtest.RouteCreateMessage, 2, 5*time.Second)
	var slash []discordtest.Interaction
	for range 2 {
		slash = append(slash, h.srv.SendCommand(discordtest.Command{Name: "solve", Options: opts("grid", lc37)}))
	}
	<-held
	<-held
	const texts = 12
	for i := range texts {
		u := &discordgo.User{ID: strconv.Itoa(4300000000000000000 + i), Username: "t" + strconv.Itoa(i)}
		h.srv.SendMessage(discordtest.Message{Author: u, Content: "!help"})
	}
	// Both deferrals and the two text replies the bucket allows.
	h.srv.WaitMessages(t, 4, wait)

	begin := time.Now()
	late := timerLateness()
	if err := h.stop(t); err != nil {
		t.Fatal(err)
	}
	took := time.Since(begin)
	lateBy := late()
	t.Logf("stopped in %v with a grace of %v (timers here fired up to %v late)", took.Round(time.Millisecond), cfg.ShutdownGrace, lateBy)
	// The bot's deadlines are timers too: on a starved machine they fire
	// late, by as much as a timer of the test's own.
	if took > cfg.ShutdownGrace+300*time.Millisecond+lateBy {
		t.Errorf("stopping took %v, over the %v grace", took, cfg.ShutdownGrace)
	}
	for _, ix := range slash {
		ms := h.srv.InteractionMessages(ix.ID)
		if len(ms) != 2 || !ms[0].Deferred() || !strings.Contains(ms[1].Content, "could not finish") {
			t.Errorf("interaction %s got %v, want the deferral then the not-finished notice", ix.ID, ms)
		}
	}
	lost := h.logs.lines("reply lost")
	if len(lost) != texts-2 {
		t.Errorf("%d replies logged as lost, want the %d the rate limit held", len(lost), texts-2)
	}
	for _, rec := range lost {
		if err, _ := rec["err"].(string); !strings.Contains(err, "context canceled") || rec["channel"] == nil {
			t.Errorf("lost reply logged as %v", rec)
		}
	}
	if n := len(h.srv.RequestsFor(discordtest.RouteCreateMessage)); n != 2 {
		t.Errorf("%d message requests, want the 2 the bucket allowed (no 429)", n)
	}
}

// timerLateness starts measuring how late 10 ms timers fire in this process
// (the machine's and scheduler's delay); the function it returns stops and
// returns the worst seen.
func timerLateness() func() time.Duration {
	stop := make(chan struct{})
	worst := make(chan time.Duration)
	go func() {
		var w time.Duration
		for {
			start := time.Now()
			select {
			case <-stop:
				worst <- w
				return
			case <-time.After(10 * time.Millisecond):
				w = max(w, time.Since(start)-10*time.Millisecond)
			}
		}
	}()
	return func() time.Duration {
		close(stop)
		return <-worst
	}
}
