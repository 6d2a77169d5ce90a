// Package vision reads a sudoku from a picture: a photo of a newspaper or a
// book, a screenshot of an app or of the bot's own board. It is pure Go (the
// standard library and golang.org/x/image), so it runs in a static binary.
//
// [Read] takes the bytes of a JPEG, PNG, WebP, GIF or BMP file and returns a
// [Reading]: the grid, each cell's kind (a printed given, a digit filled in
// by hand or in an app's entry colour, pencil marks only, or empty) and how
// sure the reading of each cell is. The steps, each a small pure function:
//
//   - decoding, with the dimensions checked from the header first (a
//     decompression bomb is refused before it takes memory) and the picture
//     shrunk by a whole factor to about a megapixel as it is read: a
//     baseline JPEG (a phone's photo) a row of blocks at a time, its blocks
//     shrunk by the DCT itself where the factor allows, so that its full
//     pixels are never held; other pictures whole, within a budget of
//     memory that those decodes share;
//   - an adaptive threshold (ink is darker than its neighbourhood), so
//     shadows and uneven light do not matter;
//   - finding the grid: the largest connected region of ink whose largest
//     inscribed quadrilateral is square-ish and shows the ten lines each way
//     of a 9×9 grid, so page text, a number pad or a picture beside it are
//     passed over, and a turned or slanted grid is found;
//   - cutting along the grid's own lines: the homography of its four
//     corners says where each line should be, each line is looked for span
//     by span near there, a smooth field is fitted to what was found (spans
//     that disagree dropped; the outline alone when too few lines are
//     found), and each cell is cut between the crossings, so a curved page
//     or an outline off at one side still cuts true; each cell is cut to
//     28×28 grey levels normalised for ink;
//   - two small convolutional networks, their weights embedded in the
//     binary (one trained with handwriting pasted into photos), whose
//     averaged probabilities give each cell the probability of empty, 1 to
//     9 and pencil marks, and whether its digit looks printed or written;
//   - a decoding step that uses the rules: when the most likely reading breaks
//     a rule, or its givens do not have one solution, the next most likely
//     readings of the least certain cells are tried before giving up.
//
// The errors are values: [ErrFormat] (with a [FormatError] naming a format
// recognised but not read, such as HEIC), [ErrTooLarge] (a [SizeError]),
// [ErrCorrupt] and [ErrNoGrid].
package vision
