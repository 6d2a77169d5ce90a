// Package render writes the bot's replies: whole Discord messages, in
// monospace where a grid is shown, each at most [MaxLen] characters.
//
// Unlike the house style's first sketch (bot adds the code fence), render
// produces the complete reply text, code block included, because it alone
// can guarantee Discord's 2,000-character budget for the whole reply: it
// knows how large each grid is and cuts a long list of conflicts with
// "… and N more conflicts". The bot sends the string as it is.
//
// # Replies
//
// [Solved] answers a solve, [Checked] a check of a grid in progress, [Error]
// a parse error or other failure, [Notice] a short notice (busy, rate
// limited, help). [Hint], [Rated] and [Explained] word the logic engine's
// findings (package logic): the next step at two levels, where to look and
// then the conclusion in spoiler bars; the rating with its [Difficulty]
// word; the whole path, condensed to one message, with the full path as
// plain text for an attachment when it does not fit. Their conclusions are
// always inside spoiler bars, and nothing outside them tells which digit of
// the solution goes in which cell. [BadCandidates] answers a hint on pencil
// marks that cannot be used, naming the cell; [HintCells] is what a hint may
// point at outside its spoiler, for a picture of it. [Puzzle] posts a
// puzzle to play (its board, difficulty, code and how to go on), and
// [PuzzleChecked] answers a check of a grid against the puzzle it was
// played from: changed givens named, wrong digits counted, never located.
// [GameBoard] is the board of a game played in Discord (package game): the
// givens [5], the player's digits, the last move (5), wrong digits >5< only
// when the player asked, the board on one line, pencil marks, time, moves
// and hints; [GameChecked] a check during a game.
//
// When a picture of the board goes with the reply ([Options].Picture), a
// 16×16 or 25×25 board is left out of the text, whose legends then point at
// the picture; smaller boards stay in the text. A reply with a grid is a head line, the grid in a code
// block (wrapped in spoiler bars for solutions when [Options].Spoiler is
// set), a legend line, and for conflicts a list in words:
//
//	Solved: the puzzle has exactly one solution.
//	```
//	[5][3] 4 | 6 [7] 8 | 9  1  2
//	[6] 7  2 |[1][9][5]| 3  4  8
//	 1 [9][8]| 3  4  2 | 5 [6] 7
//	---------+---------+---------
//	...
//	```
//	Digits in [brackets] were given; the others are filled in.
//
// # Grids
//
// Up to 16×16 each cell takes three columns: " 5 " for a digit, " . " for an
// empty cell, "[5]" for a given digit in a solution, ">5<" for a digit that
// clashes, "(.)" or "(5)" for a cell of a hint's pattern; boxes are set
// apart by | and by lines of - and +. A 9×9 line is
// 29 columns, so it reads on a phone. A 25×25 grid would not fit 2,000
// characters that way, so its cells take two columns, a mark and the digit:
// " 5", ">5" for a clash, "(." for a pattern cell; givens are not marked
// there. Values above 9 are
// letters, A for 10 up to P for 25. The parser reads every grid written
// here back to the same grid, markers and spoiler bars included.
//
// # Safety
//
// Text that may come from a user (the message given to [Error] and
// [Notice]) is neutralised: Markdown characters are escaped, so it can
// neither open a code fence nor format anything; a zero-width space follows
// every @ and <, so that @everyone, @here and <@id>, <@&id>, <#id> mentions
// do not work; control and direction-override characters are replaced. The
// only ``` in a reply are render's own fences. Grids and conflicts are made
// only of digits, letters and render's own words.
//
// Length is counted as Discord counts it, in UTF-16 code units ([Len]).
package render
