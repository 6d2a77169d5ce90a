package picture

import (
	"errors"
	"fmt"
	"image/color"
	"strings"
	"sync"
)

// Theme is a set of colours for the picture. The zero Theme is [Dark].
type Theme uint8

// The themes.
const (
	// Dark is the default: light digits on a dark board, the look of
	// Discord's dark mode, which most of its users use.
	Dark Theme = iota
	// Light is dark digits on a white board.
	Light
)

// Themes lists every theme, in the order of their values.
var Themes = []Theme{Dark, Light}

// String returns "dark" or "light".
func (t Theme) String() string {
	switch t {
	case Dark:
		return "dark"
	case Light:
		return "light"
	}
	return fmt.Sprintf("Theme(%d)", uint8(t))
}

// ErrTheme is wrapped by [ParseTheme]'s errors and by [Draw]'s for a
// Theme that is not one of [Themes].
var ErrTheme = errors.New("unknown theme (known: dark, light)")

// ParseTheme returns the theme named s ("dark" or "light", in any case,
// surrounding spaces ignored), or an error wrapping [ErrTheme].
func ParseTheme(s string) (Theme, error) {
	for _, t := range Themes {
		if strings.EqualFold(strings.TrimSpace(s), t.String()) {
			return t, nil
		}
	}
	return 0, fmt.Errorf("theme %q: %w", s, ErrTheme)
}

// Palette is the colours of a theme.
type Palette struct {
	Background color.RGBA // the board and the margin around it
	ThinLine   color.RGBA // lines between cells
	ThickLine  color.RGBA // lines between boxes and around the grid
	Conflict   color.RGBA // the background of a cell whose digit clashes
	Pattern    color.RGBA // the background of a cell of a hint's pattern
	Unit       color.RGBA // the background of a cell of a unit a hint is about, lighter than Pattern
	Given      color.RGBA // a digit of the puzzle
	Filled     color.RGBA // a digit filled in (solved or placed by the player)
	Clash      color.RGBA // a digit that clashes with another
	Pencil     color.RGBA // a candidate (pencil mark)
	Eliminated color.RGBA // a candidate struck out, and its stroke
	Struck     color.RGBA // the disc behind a candidate struck out
	Placed     color.RGBA // a digit a hint places, and its circle
	Label      color.RGBA // row and column numbers
}

// Palette returns the colours of t; an unknown theme gets Dark's.
func (t Theme) Palette() Palette {
	if t == Light {
		return Palette{
			Background: rgb(0xffffff),
			ThinLine:   rgb(0xb8bcc4),
			ThickLine:  rgb(0x1e1f22),
			Conflict:   rgb(0xffd2d2),
			Pattern:    rgb(0xfff0b3),
			Unit:       rgb(0xfff8da),
			Given:      rgb(0x111214),
			Filled:     rgb(0x1c5bd6),
			Clash:      rgb(0xd0021b),
			Pencil:     rgb(0x5c5e66),
			Eliminated: rgb(0xc2300a),
			Struck:     rgb(0xffcfba),
			Placed:     rgb(0x13883a),
			Label:      rgb(0x6d6f78),
		}
	}
	return Palette{
		Background: rgb(0x1e1f22),
		ThinLine:   rgb(0x4e5058),
		ThickLine:  rgb(0xc4c9d0),
		Conflict:   rgb(0x6b2226),
		Pattern:    rgb(0x4d4324),
		Unit:       rgb(0x34311f),
		Given:      rgb(0xf2f3f5),
		Filled:     rgb(0x72b4ff),
		Clash:      rgb(0xff6b6b),
		Pencil:     rgb(0xa3a7b0),
		Eliminated: rgb(0xff9466),
		Struck:     rgb(0x66301f),
		Placed:     rgb(0x5be38c),
		Label:      rgb(0x8e929b),
	}
}

func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// levels is how many steps of coverage an anti-aliased edge has: a mask
// pixel is 0 (untouched) to levels (fully covered). Eight steps look smooth
// at these sizes and keep the palette small (and the PNG small).
const levels = 8

// The base colours, in palette order: the backgrounds first (background is
// index 0, so a cleared buffer is an empty board), then the lines, then the
// inks.
type tone uint8

const (
	background tone = iota
	conflictCell
	patternCell
	unitCell
	struckDisc
	thinLine
	thickLine
	given
	filled
	clash
	pencil
	eliminated
	placed
	label
	disc // the struck disc drawn over a background; fully covered, it is struckDisc
	numTones
)

// The cell backgrounds a mask can be drawn on, and the inks it can be drawn
// in: every ink has a ramp of blends with every background.
const (
	numBgs   = struckDisc + 1
	firstInk = given
	numInks  = numTones - firstInk
)

// colours is a theme's palette for the PNG with its blend tables.
type colours struct {
	palette color.Palette
	// ramp[ink][bg][l] is the index of ink at coverage l over bg: l = 0 is
	// bg itself, l = levels the ink.
	ramp [numInks][numBgs][levels + 1]uint8
	// blend describes each palette index: the ink, background and coverage
	// it is a blend of (bases have coverage 0, or levels for an ink).
	blend [256]blendOf
}

// blendOf is what a palette index shows. A background has level 0; a line
// has level levels and is no ink, so that no ink is drawn over it.
type blendOf struct {
	ink, bg, level uint8
	isInk          bool
}

func (p Palette) tones() [numTones]color.RGBA {
	return [numTones]color.RGBA{
		background: p.Background, conflictCell: p.Conflict, patternCell: p.Pattern, unitCell: p.Unit, struckDisc: p.Struck,
		thinLine: p.ThinLine, thickLine: p.ThickLine,
		given: p.Given, filled: p.Filled, clash: p.Clash, pencil: p.Pencil,
		eliminated: p.Eliminated, placed: p.Placed, label: p.Label, disc: p.Struck,
	}
}

func newColours(p Palette) *colours {
	c := &colours{}
	base := p.tones()
	// The palette holds color.NRGBA values (the same as RGBA, all being
	// opaque): the PNG encoder converts each entry to NRGBA, which costs an
	// allocation per entry for any other type.
	for _, t := range base {
		c.palette = append(c.palette, color.NRGBA(t))
	}
	for bg := range tone(numBgs) {
		c.blend[bg] = blendOf{bg: uint8(bg)}
	}
	c.blend[thinLine] = blendOf{level: levels}
	c.blend[thickLine] = blendOf{level: levels}
	for ink := range tone(numInks) {
		c.blend[firstInk+ink] = blendOf{ink: uint8(ink), level: levels, isInk: true}
		for bg := range tone(numBgs) {
			r := &c.ramp[ink][bg]
			r[0], r[levels] = uint8(bg), uint8(firstInk+ink)
			if firstInk+ink == disc {
				// A disc is a background where it covers a pixel fully, so
				// that an eliminated candidate blends with it.
				r[levels] = uint8(struckDisc)
			}
			if !drawnOn(firstInk+ink, bg) {
				// Blends never drawn would only take palette entries.
				for l := 1; l < levels; l++ {
					r[l] = r[levels]
				}
				continue
			}
			for l := 1; l < levels; l++ {
				r[l] = uint8(len(c.palette))
				c.blend[len(c.palette)] = blendOf{ink: uint8(ink), bg: uint8(bg), level: uint8(l), isInk: true}
				c.palette = append(c.palette, color.NRGBA(mix(base[bg], base[firstInk+ink], l)))
			}
		}
	}
	return c
}

// drawnOn reports whether ink is ever drawn over background bg: labels
// only in the margin, only the eliminated candidate over its disc, and no
// clashing digit on a unit's tint (a conflict's background wins there).
func drawnOn(ink, bg tone) bool {
	switch {
	case ink == label:
		return bg == background
	case bg == struckDisc:
		return ink == eliminated
	case bg == unitCell:
		return ink != clash
	}
	return true
}

// mix is fg over bg at coverage l of levels, in sRGB as most text
// renderers blend.
func mix(bg, fg color.RGBA, l int) color.RGBA {
	m := func(a, b uint8) uint8 { return uint8((int(a)*(levels-l) + int(b)*l + levels/2) / levels) }
	return color.RGBA{m(bg.R, fg.R), m(bg.G, fg.G), m(bg.B, fg.B), 0xff}
}

var themeColours = sync.OnceValue(func() [2]*colours {
	return [2]*colours{newColours(Dark.Palette()), newColours(Light.Palette())}
})
