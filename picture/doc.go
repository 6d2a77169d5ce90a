// Package picture draws sudoku boards as pictures: a [Board] and [Options]
// in, an image out ([Draw]), or straight to PNG ([Encode]). It is pure Go
// on golang.org/x/image with the embedded Go fonts: no system font, no cgo,
// no I/O but the writer it is given.
//
// # What a picture shows
//
// Thin lines between cells, thick lines between boxes and around the grid.
// Digits in bold where they were given and in medium weight, another
// colour, where they were filled in; a digit that clashes is red on a red
// cell. A hint's pattern is shaded, and the rows, columns and boxes it is
// about are tinted more lightly around it (the box of a hidden single, the
// rows of an X-Wing), so that the eye finds the unit first and the pattern
// in it; the candidates it eliminates are struck through on a small disc;
// the digit it places is circled. Pencil marks are
// small digits, each in its own place in the cell (1 2 3 / 4 5 6 / 7 8 9
// for 9×9; the shape of a box for the other sizes, but 3×3 for 8×8). Digits above 9 are letters, as in the text
// replies: A for 10 up to P for 25, or the symbols [Options].Symbols names
// (0–F for a 16×16 grid written that way). [Options].Coordinates numbers the rows
// and columns from 1, as hints name cells (r3c5).
//
// Every supported shape, 4×4 to 25×25, can be drawn, in the [Dark] theme
// (the default, as most Discord users use dark mode) or the [Light] one.
// The default sizes ([DefaultSize]: 480 pixels for 9×9, 900 for 25×25) keep
// digits legible when Discord shrinks the picture to a phone's width of
// about 400 pixels.
//
// # Cost
//
// Pictures are paletted (at most 256 colours: the theme's and eight steps
// of anti-aliasing between each ink and each background), which keeps them
// small and quick to encode. On one core of the reference machine a 9×9
// board takes about 0.7 ms to draw and encode into about 17-20 KB, a 16×16
// one 1.8 ms and 43 KB, a 25×25 one 3.1 ms and 85 KB (BenchmarkEncode).
// Glyphs are rasterized once per layout and kept (a bounded cache), and
// [Encode] reuses its picture and encoder buffers through pools, so a
// steady stream of pictures allocates next to nothing. Everything here is
// safe for concurrent use.
package picture
