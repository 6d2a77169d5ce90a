package bot

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/internal/race"
)

var (
	loadPlayers = flag.Int("players", 200, "TestPlayLoad with -load: how many players")
	loadSeconds = flag.Int("seconds", 60, "TestPlayLoad with -load: for how long, a move a second each")
)

// boardSeen is a board of a game as the fake recorded it: when, and how
// many moves it shows.
type boardSeen struct {
	at    time.Time
	moves int
}

var boardMoves = regexp.MustCompile(`^\*\*(?:Team game|Game) (\d+)\*\*[^\n]*?, (\d+) moves?,`)

// heapMiB returns the heap in use after a collection, in MiB.
func heapMiB() float64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return float64(ms.HeapInuse) / (1 << 20)
}

// TestPlayLoad: players, each with a game of their own in its thread, type
// a move a second at once on one process (pencil marks, each once, so
// that a move played twice is refused and seen, and moves that overtake one
// another are still valid). Every move is saved
// once, nothing is refused or throttled, Discord's edit limit (5 edits in
// 5 s per message) is never passed, and the time from a move to the first
// edit that shows it is measured. Scaled down in the normal run (20
// players, 5 s); with -load, the figure: 200 players for 60 s,
// printing latency percentiles and RSS (go test ./bot -run TestPlayLoad
// -load -v).
func TestPlayLoad(t *testing.T) {
	t.Parallel()
	players, seconds := 20, 5
	if race.Enabled {
		players = 10 // the race detector's tenfold cost, on a busy machine
	}
	if *loadFlag {
		players, seconds = *loadPlayers, *loadSeconds
	}
	var mu sync.Mutex
	seen := map[string][]boardSeen{} // by game
	var others []string              // the bot's messages that are no board: notices, errors
	hook := func(m discordtest.SentMessage) {
		if m.Kind != discordtest.KindMessageEdit && m.Kind != discordtest.KindChannelMessage {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if sm := boardMoves.FindStringSubmatch(m.Content); sm != nil {
			n, _ := strconv.Atoi(sm[2])
			seen[sm[1]] = append(seen[sm[1]], boardSeen{at: m.Request.Time, moves: n})
		} else if m.Kind == discordtest.KindChannelMessage {
			others = append(others, m.Content)
		}
	}
	db := openGames(t, filepath.Join(t.TempDir(), "games.db"))
	cfg := playConfig(db)
	d := DefaultConfig()
	cfg.MoveRate, cfg.MoveBurst = d.MoveRate, d.MoveBurst
	h := start(t, cfg, nil, discordtest.WithEditRateLimit(5, 5*time.Second), discordtest.WithRecordLimit(500), discordtest.WithMessageHook(hook))
	srv := h.srv
	ctx := context.Background()

	type player struct {
		user         *discordgo.User
		game, thread string
		sent         []time.Time
	}
	ps := make([]*player, players)
	for i := range ps {
		u := &discordgo.User{ID: strconv.Itoa(4200000000000000000 + i), Username: "player" + strconv.Itoa(i)}
		srv.SendMessage(discordtest.Message{Content: "!play " + gamePuzzle, Author: u, ChannelID: strconv.Itoa(3200000000000000000 + i)})
		var p player
		pollWithin(t, time.Minute, "the game of player "+strconv.Itoa(i), func() bool {
			gs, err := db.OpenGames(ctx, discordtest.DefaultGuildID, u.ID)
			if err != nil || len(gs) != 1 || gs[0].MessageID == "" || gs[0].ThreadID == "" {
				return false
			}
			p = player{user: u, game: gs[0].ID, thread: gs[0].ThreadID}
			return true
		})
		ps[i] = &p
	}
	var empty []int
	for c := range gamePuzzle {
		if gamePuzzle[c] == '.' {
			empty = append(empty, c)
		}
	}
	runtime.GC()
	rssStart := rssMiB()
	begin := time.Now()
	var wg sync.WaitGroup
	var rssQuarter, rssMid, heapQuarter, heapMid float64
	var heaps []string // every 10 s
	for i, p := range ps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			phase := time.Duration(i) * time.Second / time.Duration(players)
			for k := 1; k <= seconds; k++ {
				// Pacing the players, as people type: not synchronisation.
				time.Sleep(time.Until(begin.Add(phase + time.Duration(k-1)*time.Second)))
				// Pencil marks on the empty cells in turn, each (cell,
				// mark) once: in any order valid, played twice refused.
				c := empty[(k-1)%len(empty)]
				move := fmt.Sprintf("r%dc%d +%d", c/9+1, c%9+1, (k-1)/len(empty)+1)
				p.sent = append(p.sent, time.Now())
				srv.Dispatch("MESSAGE_CREATE", srv.ThreadMessage(p.thread, move, p.user))
				if i == 0 && k%10 == 0 {
					heaps = append(heaps, fmt.Sprintf("%.0f", heapMiB()))
				}
				switch {
				case i == 0 && k == max(seconds/4, 1):
					rssQuarter, heapQuarter = rssMiB(), heapMiB()
				case i == 0 && k == seconds/2:
					rssMid, heapMid = rssMiB(), heapMiB()
				}
			}
		}()
	}
	wg.Wait()
	pollWithin(t, 5*time.Minute, "the bot done with every move", func() bool {
		return h.bot.handledEvents.Load() >= int64(srv.Dispatched("MESSAGE_CREATE", "INTERACTION_CREATE"))
	})
	mu.Lock()
	for _, o := range others {
		t.Errorf("a move answered %q, want only its board", o)
	}
	mu.Unlock()
	for _, p := range ps {
		if g, err := db.Game(ctx, p.game); err != nil || g.Moves != seconds {
			t.Fatalf("game %s: %d moves saved (%v), want %d", p.game, g.Moves, err, seconds)
		}
		pollWithin(t, time.Minute, "every move of game "+p.game+" on its board", func() bool {
			mu.Lock()
			defer mu.Unlock()
			b := seen[p.game]
			return len(b) > 0 && b[len(b)-1].moves == seconds
		})
	}
	took := time.Since(begin)
	rssEnd, heapEnd := rssMiB(), heapMiB()
	var lat []time.Duration
	for _, p := range ps {
		mu.Lock()
		b := seen[p.game]
		mu.Unlock()
		for k, at := range p.sent {
			i := slices.IndexFunc(b, func(s boardSeen) bool { return s.moves >= k+1 && !s.at.Before(at) })
			if i < 0 {
				t.Fatalf("game %s: move %d never shown", p.game, k+1)
			}
			lat = append(lat, b[i].at.Sub(at))
		}
	}
	if n := srv.EditViolations(); n != 0 {
		t.Errorf("%d edits over Discord's edit limit", n)
	}
	slices.Sort(lat)
	q := func(f float64) time.Duration {
		return lat[min(len(lat)-1, int(f*float64(len(lat))))].Round(time.Millisecond)
	}
	t.Logf("%d players × %d moves (a move a second each) in %v: every move saved once; move to edit p50 %v, p90 %v, p99 %v, max %v; "+
		"RSS %.0f MiB before, %.0f at a quarter of the time, %.0f at half-time, %.0f at the end; heap in use after a collection %.0f, %.0f, %.0f MiB "+
		"(the fake Discord and its last 500 records included); heap every 10 s: %s MiB",
		players, seconds, took.Round(time.Millisecond), q(0.5), q(0.9), q(0.99), q(1), rssStart, rssQuarter, rssMid, rssEnd, heapQuarter, heapMid, heapEnd,
		strings.Join(heaps, ", "))
}
