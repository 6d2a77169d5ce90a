package storetest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/settings"
)

// BenchStats times the statistics of a server where one member finished n
// games, each with a history of 60 steps and two players: MemberStats
// against the FinishedGames read that !stats made before it, and
// FastestSolves against the FinishedGames read of the leaderboard.
func BenchStats(b *testing.B, newDB NewDatabase, n int) {
	s := openGames(b, newDB(b))
	day := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	var h strings.Builder
	for i := range 60 {
		if i > 0 {
			h.WriteByte('\n')
		}
		fmt.Fprintf(&h, "%s %d 0 %d 0 0 0 %d -", gOwner, i, 1+i%9, day.UnixMilli()+int64(i)*1000)
	}
	levels := []string{"Easy", "Medium", "Hard", "Expert"}
	for i := range n {
		g := aGame()
		g.Level, g.Ranked, g.History = levels[i%len(levels)], true, h.String()
		g.Started = day.Add(time.Duration(i) * time.Minute)
		g.Players = []settings.GamePlayer{{UserID: gOwner, Moves: 50}, {UserID: gOther, Moves: 10}}
		status := settings.GameSolved
		if i%10 == 9 {
			status = settings.GameGaveUp
		}
		g = finishedAt(g, status, time.Duration(60+i%997)*time.Second)
		if _, err := s.CreateGame(ctxT(b), g, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("MemberStats", func(b *testing.B) {
		for b.Loop() {
			if st, err := s.MemberStats(ctxT(b), gGuild, gOwner); err != nil || st.Finished != n {
				b.Fatalf("%+v, %v", st, err)
			}
		}
	})
	b.Run("FinishedGamesOfMember", func(b *testing.B) {
		for b.Loop() {
			if gs, err := s.FinishedGames(ctxT(b), gGuild, gOwner, time.Time{}); err != nil || len(gs) != n {
				b.Fatalf("%d, %v", len(gs), err)
			}
		}
	})
	b.Run("FastestSolves", func(b *testing.B) {
		for b.Loop() {
			if gs, err := s.FastestSolves(ctxT(b), gGuild, "", day, 10); err != nil || len(gs) != 10 {
				b.Fatalf("%d, %v", len(gs), err)
			}
		}
	})
	b.Run("FinishedGamesOfServer", func(b *testing.B) {
		for b.Loop() {
			if gs, err := s.FinishedGames(ctxT(b), gGuild, "", day); err != nil || len(gs) != n {
				b.Fatalf("%d, %v", len(gs), err)
			}
		}
	})
}
