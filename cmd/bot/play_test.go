package main

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/testgrids"
	"github.com/sudokubot/sudokubot/sudoku"
)

// TestConsolePlays plays a whole game in the console, as the README's
// "Playing" section shows: !play with a grid on the lines after it, moves
// (which end the message before them), a check, undo, then the rest; the
// board is printed after each move, its picture written to the image
// directory.
func TestConsolePlays(t *testing.T) {
	games, closeGames, err := openConsoleGames(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer closeGames()
	h := command.New(command.Config{Play: command.PlayConfig{Games: games}})
	const solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	p, s := testgrids.Decode(t, lc37), testgrids.Decode(t, solution)
	var rest []string
	for i := range 81 {
		if p.At(i) == 0 && i != 2 {
			rest = append(rest, game.Move{Action: game.Place, Cell: sudoku.Cell{Row: i / 9, Col: i % 9}, Digit: s.At(i)}.String())
		}
	}
	rows := "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"
	in := "!play\n" + rows + "r1c3 9\ncheck\nundo\nr1c3 4\nnot a move\n" + strings.Join(rest, " ") + "\n"
	dir := t.TempDir()
	var out, errw bytes.Buffer
	if err := runConsole(context.Background(), h, strings.NewReader(in), &out, &errw, false, dir); err != nil {
		t.Fatal(err)
	}
	rs := replies(out.String())
	// !play, r1c3 9, check (board, then the count), undo, r1c3 4, the rest.
	if len(rs) != 7 {
		t.Fatalf("%d replies, want 7:\n%s\nerrors: %s", len(rs), out.String(), errw.String())
	}
	for i, want := range []string{"**Game 1**: 9×9", "Last move: r1c3 9.", "Last move: r1c3 9.", "1 digit is wrong", "Undid 1 move.", "Last move: r1c3 4.", "🎉 **Game 1 solved!**"} {
		if !strings.Contains(rs[i], want) {
			t.Errorf("reply %d lacks %q:\n%s", i+1, want, rs[i])
		}
	}
	if !strings.Contains(rs[6], "52 moves, 0 hints, 1 mistake") {
		t.Errorf("the end:\n%s", rs[6])
	}
	if !strings.Contains(errw.String(), "line 15 ignored") {
		t.Errorf("talk not said to be ignored: %s", errw.String())
	}
	// Each board's picture is written and is a PNG.
	paths, _ := filepath.Glob(filepath.Join(dir, "*-board.png"))
	if len(paths) != 6 {
		t.Fatalf("%d board pictures written, want 6: %v", len(paths), paths)
	}
	data, err := os.ReadFile(paths[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Errorf("%s: %v", paths[0], err)
	}
}

func TestIsMoveLine(t *testing.T) {
	for line, want := range map[string]bool{
		"r3c5 7": true, "e3 7": true, "undo": true, "r12c16 G": true, "r1c1 5, r1c2 3": true,
		"53..7....": false, "5 3 . . 7": false, "r1 5 3 . .": false, "hello": false, "": false,
		"A | . . 7 | . . 2 |": false,
	} {
		if got := isMoveLine(line); got != want {
			t.Errorf("isMoveLine(%q) = %v, want %v", line, got, want)
		}
	}
}
