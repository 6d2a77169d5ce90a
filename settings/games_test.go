package settings

import (
	"strings"
	"testing"
)

// TestGameRecordValidate: each rule of Validate refuses what it should,
// with an error naming the problem, and lets the limits themselves pass.
func TestGameRecordValidate(t *testing.T) {
	ok := func() GameRecord {
		return GameRecord{ChannelID: "222222222222222222", OwnerID: "333333333333333333", Status: GamePlaying,
			Puzzle: "1.", Solution: "12", Board: "1."}
	}
	events := func(n int) []string {
		var ids []string
		for i := range n {
			ids = append(ids, FormatID(1300000000000000000+int64(i)))
		}
		return ids
	}
	good := ok()
	good.Events, good.Turn = events(MaxGameEvents), 0
	if err := good.Validate(); err != nil {
		t.Fatalf("a record with %d events and turn 0: %v", MaxGameEvents, err)
	}
	for _, tc := range []struct {
		name  string
		spoil func(*GameRecord)
		want  string
	}{
		{"too many events", func(g *GameRecord) { g.Events = events(MaxGameEvents + 1) }, "33 event IDs"},
		{"event not an ID", func(g *GameRecord) { g.Events = []string{"1300000000000000001", "01"} }, `event ID "01"`},
		{"empty event", func(g *GameRecord) { g.Events = []string{""} }, `event ID ""`},
		{"turn below zero", func(g *GameRecord) { g.Turn = -1 }, "turn -1"},
	} {
		g := ok()
		tc.spoil(&g)
		if err := g.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}
