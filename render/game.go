package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/sudoku"
)

// GameView is what a game's board says beside the game itself.
type GameView struct {
	ID    string // the game's number
	Code  string // the puzzle's code ("#9H-abb63100"), "" for a pasted grid
	Level string // the puzzle's difficulty word, or ""
	// Now is the time of the reply, for the time played so far.
	Now time.Time
	// Timestamp writes when the game began as a Discord timestamp
	// (<t:1764619200:R>, which Discord shows as "5 minutes ago" and keeps
	// up to date) instead of the time played so far.
	Timestamp bool
	// Note is a line about the last play, such as "Undid 2 moves." or the
	// day's puzzle counted, shown under the grid: the bot's own words,
	// which may mention members (<@id>), never a person's text.
	Note string
}

// GameBoard renders the board of a game: a head line (the game, the
// puzzle's size, level and code, where the game stands: time, moves,
// hints, and mistakes when the player asked to see them or the game is
// over), the board as a monospace grid, the board on one line (the
// message's only grid on one line, to copy), the pencil marks, the last
// move, and how to play.
//
// In the grid, givens are [5], the player's digits plain, the last move's
// cell (5), clashing digits >5< and, when the player asked to see
// mistakes, wrong digits >5< too. A
// game given up or closed shows the solution behind spoiler bars when
// opt.Spoiler is set. Large boards are left to the picture as other boards
// are (opt.Picture).
func GameBoard(g *game.Game, v GameView, opt Options) string {
	b := g.Board()
	n := b.Size()
	marks := make([]mark, n*n)
	puzzle := g.Puzzle()
	for i := range n * n {
		if puzzle.At(i) != 0 {
			marks[i] = given
		}
	}
	if c, ok := g.Last(); ok && g.Status() == game.Playing {
		marks[c.Row*n+c.Col] = pattern
	}
	showWrong := g.ShowingMistakes() || g.Status().Over()
	if showWrong {
		for _, c := range g.Wrong() {
			marks[c.Row*n+c.Col] = conflict
		}
	}
	// Clashes are no secret: the same digit twice in a unit shows always.
	clashes := sudoku.Validate(b)
	for _, cf := range clashes {
		for _, c := range cf.Cells {
			marks[c.Row*n+c.Col] = conflict
		}
	}
	head := gameHead(g, v, n)
	grid := b
	spoiler := false
	if st := g.Status(); st == game.GaveUp || st == game.Closed {
		grid, spoiler = g.Solution(), opt.Spoiler
		for i := range n * n {
			if puzzle.At(i) == 0 {
				marks[i] = plain
			}
		}
	}
	var lines []string
	if v.Note != "" {
		lines = append(lines, v.Note)
	}
	if len(clashes) > 0 && g.Status() == game.Playing {
		lines = append(lines, fmt.Sprintf("Clashing digits are marked >%c< (the same digit twice in a row, column or box).", symbolIn(opt.Symbols, clashes[0].Digit)))
	}
	// The lines under the grid, the least needed last: they are dropped
	// from the end until the reply fits (25×25 loses its one-line grid
	// without a picture, as a puzzle's post does).
	extra := []string{"On one line: `" + oneLine(b, opt.Symbols) + "`"}
	if g.Status() == game.Playing {
		if pm := marksLine(g, opt.Symbols); pm != "" {
			extra = append(extra, pm)
		}
		if c, ok := g.Last(); ok {
			h := g.History()
			last := h[len(h)-1]
			what := fmt.Sprintf("Last move: %v %c", c, symbolIn(opt.Symbols, last.After))
			if last.After == 0 {
				what = fmt.Sprintf("Last move: %v erased", c)
				if last.Before == 0 {
					what = fmt.Sprintf("Last move: pencil marks in %v", c)
				}
			}
			if g.Team() {
				what += fmt.Sprintf(" by <@%s>", last.Player)
			}
			extra = append(extra, what+".")
		}
		extra = append(extra, howToPlay)
	} else if players := g.Players(); g.Team() && len(players) > 0 {
		extra = append(extra, "Played by "+playerList(players)+".")
	}
	r := opt.with(reply{head: head, grid: grid, marks: marks, spoiler: spoiler, symbols: opt.Symbols})
	if r.noBoard {
		pic := inPicture
		if showWrong && len(g.Wrong()) > 0 {
			pic = "The grid is in the attached picture; wrong digits are red."
		}
		lines = append([]string{pic}, lines...)
	}
	legend := func(k int) string { return strings.Join(append(append([]string{}, lines...), extra[:k]...), "\n") }
	r.legend = legend(len(extra))
	// Drop the extra lines from the end until the reply fits.
	for k := len(extra); r.String() == tooLong && k > 0; k-- {
		r.legend = legend(k - 1)
	}
	return r.String()
}

// howToPlay is the last line of a game's board being played.
const howToPlay = "Moves: `r3c5 7` (or `e3 7`: letter = row), `r3c5 -` erase, `r3c5 +12` / `-12` pencil marks, `undo`, `check`, `hint`, `mistakes`, `give up`."

func gameHead(g *game.Game, v GameView, n int) string {
	var b strings.Builder
	what := fmt.Sprintf("%d×%d", n, n)
	if v.Level != "" {
		what += " " + v.Level
	}
	if v.Code != "" {
		what += ", code `" + v.Code + "`"
	}
	name := "Game"
	if v.ID != "" {
		name = "Game " + v.ID
	}
	if g.Team() {
		name = "Team game" + strings.TrimPrefix(name, "Game")
	}
	elapsed := Duration(g.Elapsed(v.Now))
	switch g.Status() {
	case game.Solved:
		fmt.Fprintf(&b, "🎉 **%s solved!** %s in %s: %s.", name, what, elapsed, tally(g, true))
	case game.GaveUp:
		fmt.Fprintf(&b, "**%s given up** after %s (%s): %s. The solution:", name, elapsed, what, tally(g, true))
	case game.Closed:
		fmt.Fprintf(&b, "**%s closed**: untouched for too long (%s, %s). The solution:", name, what, tally(g, true))
	default:
		since := "time " + elapsed
		if v.Timestamp {
			since = fmt.Sprintf("started <t:%d:R>", g.Started().Unix())
		}
		fmt.Fprintf(&b, "**%s**: %s, %s, %s; %d empty %s.", name, what, since, tally(g, g.ShowingMistakes()), g.Empty(), plural(g.Empty(), "cell", "cells"))
	}
	return b.String()
}

// tally counts moves and hints, and mistakes when asked.
func tally(g *game.Game, mistakes bool) string {
	s := fmt.Sprintf("%d %s, %d %s", g.Moves(), plural(g.Moves(), "move", "moves"), g.Hints(), plural(g.Hints(), "hint", "hints"))
	if mistakes {
		s += fmt.Sprintf(", %d %s", g.Mistakes(), plural(g.Mistakes(), "mistake", "mistakes"))
	}
	return s
}

func playerList(ps []game.Player) string {
	items := make([]string, len(ps))
	for i, p := range ps {
		items[i] = fmt.Sprintf("<@%s> (%d %s)", p.ID, p.Moves, plural(p.Moves, "move", "moves"))
	}
	return and(items)
}

// maxMarksListed is how many cells' pencil marks a board lists in words.
const maxMarksListed = 24

// marksLine lists the pencil marks of the empty cells: "Pencil marks: r2c2
// 247, r3c1 12 and 5 more cells".
func marksLine(g *game.Game, syms string) string {
	b := g.Board()
	n := b.Size()
	ms := g.Marks()
	var items []string
	more := 0
	for i, m := range ms {
		if m == 0 || b.At(i) != 0 {
			continue
		}
		if len(items) == maxMarksListed {
			more++
			continue
		}
		var ds strings.Builder
		for _, d := range m.Digits() {
			ds.WriteRune(symbolIn(syms, d))
		}
		items = append(items, fmt.Sprintf("%v %s", sudoku.Cell{Row: i / n, Col: i % n}, ds.String()))
	}
	if len(items) == 0 {
		return ""
	}
	s := "Pencil marks: " + strings.Join(items, ", ")
	if more > 0 {
		s += fmt.Sprintf(" and %d more %s (in the picture)", more, plural(more, "cell", "cells"))
	}
	return s + "."
}

// Duration writes a time played as people say it: "45 s", "12 min 3 s",
// "2 h 5 min", "3 days 4 h".
func Duration(d time.Duration) string {
	d = d.Round(time.Second)
	switch {
	case d < 0:
		return "0 s"
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%d min %d s", int(d.Minutes()), int(d.Seconds())%60)
	case d < 24*time.Hour:
		return fmt.Sprintf("%d h %d min", int(d.Hours()), int(d.Minutes())%60)
	}
	days := int(d.Hours()) / 24
	return fmt.Sprintf("%d %s %d h", days, plural(days, "day", "days"), int(d.Hours())%24)
}

// GameChecked renders the answer to a check during a game: how many digits
// are wrong, never which, and how many cells are left.
func GameChecked(wrong, empty int) string {
	switch {
	case wrong == 0 && empty == 0:
		return "Every digit is right."
	case wrong == 0:
		return fmt.Sprintf("No digit is wrong so far: %d %s to go.", empty, plural(empty, "cell", "cells"))
	}
	return fmt.Sprintf("%d %s wrong (I won't say which; send `mistakes` to see them in red). %d %s to go.",
		wrong, plural(wrong, "digit is", "digits are"), empty, plural(empty, "cell", "cells"))
}
