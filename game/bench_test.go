package game

import (
	"testing"
)

// BenchmarkParse reads a message of five moves.
func BenchmarkParse(b *testing.B) {
	const text = "r1c3 4, r1c4=6 e3 +12 r2c2 -7 undo 2"
	for b.Loop() {
		if _, err := Parse(text, 9); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlay plays one move on a game 40 moves in, and takes it back
// (the copy that makes a message all or nothing included).
func BenchmarkPlay(b *testing.B) {
	g := newGame(&testing.T{}, classic, classicSol, false)
	ms, _ := Parse(remaining(g), 9)
	if _, err := g.Play(ms[:40], "ann", t0); err != nil {
		b.Fatal(err)
	}
	move, _ := Parse(remaining(g)[:6]+" undo", 9)
	for b.Loop() {
		if _, err := g.Play(move, "ann", t0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSaveLoad writes a game 40 moves in as a store keeps it and
// reads it back, as every move does.
func BenchmarkSaveLoad(b *testing.B) {
	g := newGame(&testing.T{}, classic, classicSol, false)
	ms, _ := Parse(remaining(g), 9)
	if _, err := g.Play(ms[:40], "ann", t0); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Load(g.Save()); err != nil {
			b.Fatal(err)
		}
	}
}
