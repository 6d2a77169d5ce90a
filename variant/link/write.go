package link

import "github.com/sudokubot/sudokubot/variant/internal/lzstring"

// FPuzzlesLink writes an f-puzzles link to the puzzle of an f-puzzles JSON
// text, as f-puzzles' share button does (lz-string compressToBase64).
func FPuzzlesLink(json string) string {
	return "https://www.f-puzzles.com/?load=" + lzstring.CompressToBase64(json)
}
