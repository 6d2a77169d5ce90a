package command

import (
	"context"
	"path/filepath"
	"testing"
)

// BenchmarkMove is one typed move's whole round trip on a real SQLite
// file: find the game of the channel, read it, play the move, save it
// (versioned, synchronous), and render the board: in text only, and with
// its picture.
func BenchmarkMove(b *testing.B) {
	for _, tc := range []struct {
		name string
		mode PictureMode
	}{{"text", PicturesNever}, {"picture", PicturesAuto}} {
		b.Run(tc.name, func(b *testing.B) {
			c := &clock{t: testDay}
			h := playHandler(b, openStore(b, filepath.Join(b.TempDir(), "g.db")), c, Config{Pictures: tc.mode})
			req, _ := h.Match("!play "+playPuzzle, "")
			s := seatOf(ann)
			req.Seat = &s
			if rep := h.Handle(context.Background(), req); rep.Game == nil {
				b.Fatal(rep.Text)
			}
			// r1c3 placed and erased in turn: every call is a move.
			moves := []string{"r1c3 4", "r1c3 -"}
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				rep, ok := h.MoveIn(context.Background(), seatOf(ann), moves[i%2])
				if !ok || rep.Outcome != outcomeGameMove {
					b.Fatalf("%v %s", ok, rep.Text)
				}
			}
		})
	}
}
