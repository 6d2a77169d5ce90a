package settings

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Guild is one server's settings. The zero value (with an ID) is a server that
// changed nothing: every field then means "the bot's default". Change it with
// its setters, which check their input; [Guild.Validate] checks a whole value.
//
// Slices in a Guild returned by a [Store] belong to the caller.
type Guild struct {
	// ID is the server's Discord snowflake.
	ID string
	// Prefix of text commands; "" means the bot's COMMAND_PREFIX.
	Prefix string
	// Spoilers says whether solutions are hidden behind spoiler bars.
	Spoilers SpoilerMode
	// SpoilerChannels are the channels where Spoilers == SpoilersInChannels
	// turns spoilers on. Kept when the mode changes, so switching back restores
	// the list.
	SpoilerChannels []string
	// Pictures says when boards are sent as pictures.
	Pictures PictureMode
	// Channels the bot answers commands in; empty means every channel.
	Channels []string
	// Daily is the daily puzzle post; a zero ChannelID means off.
	Daily Daily
	// NoThreads keeps games' boards in the channel where they are started,
	// for servers that do not allow threads; by default each game gets a
	// thread of its own.
	NoThreads bool
	// Version is the store's change number of the last write to this server's
	// settings: 0 for a server never written. A later write has a larger one.
	Version int64
}

// Daily says where and when the daily puzzle is posted in a server.
type Daily struct {
	ChannelID string // "" when the daily post is off
	Hour      int    // hour of the day, UTC, 0 to 23
	Level     Level  // LevelDefault means DefaultDailyLevel
}

// On reports whether the server wants the daily puzzle posted.
func (d Daily) On() bool { return d.ChannelID != "" }

// DefaultDailyLevel is the level of a daily post whose level was not chosen,
// the daily puzzle's default level.
const DefaultDailyLevel = LevelHard

// MaxChannels is the most channels a server may list in Channels, and also in
// SpoilerChannels.
const MaxChannels = 100

// SpoilerMode says whether solutions are hidden behind spoiler bars.
type SpoilerMode uint8

// The spoiler modes.
const (
	SpoilersDefault    SpoilerMode = iota // the bot's SPOILER_SOLUTIONS
	SpoilersOff                           // never
	SpoilersOn                            // in every channel
	SpoilersInChannels                    // in the channels of Guild.SpoilerChannels only
)

var spoilerNames = []string{"default", "off", "on", "channels"}

// String returns the mode's word: default, off, on or channels.
func (m SpoilerMode) String() string {
	if int(m) < len(spoilerNames) {
		return spoilerNames[m]
	}
	return "SpoilerMode(" + strconv.Itoa(int(m)) + ")"
}

// ParseSpoilerMode reads a spoiler mode as a person types it: off, on,
// channels (or "per-channel"), or default. Case and surrounding spaces do not
// matter. The error is an [*Error].
func ParseSpoilerMode(s string) (SpoilerMode, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	switch w {
	case "per-channel", "per channel", "channel":
		return SpoilersInChannels, nil
	case "no", "false":
		return SpoilersOff, nil
	case "yes", "true":
		return SpoilersOn, nil
	}
	if i := slices.Index(spoilerNames, w); i >= 0 {
		return SpoilerMode(i), nil
	}
	return 0, &Error{Setting: "spoilers", Value: s, Problem: "choose off, on, channels or default"}
}

// PictureMode says when the bot sends a board as a picture.
type PictureMode uint8

// The picture modes.
const (
	PicturesDefault PictureMode = iota // the bot's IMAGE_REPLIES
	PicturesOff                        // never: text boards only
	PicturesAuto                       // when the board is large or the text cannot mark what matters
	PicturesAlways                     // with every board
)

var pictureNames = []string{"default", "off", "auto", "always"}

// String returns the mode's word: default, off, auto or always.
func (m PictureMode) String() string {
	if int(m) < len(pictureNames) {
		return pictureNames[m]
	}
	return "PictureMode(" + strconv.Itoa(int(m)) + ")"
}

// ParsePictureMode reads a picture mode as a person types it: off (or never),
// auto, always, or default. The error is an [*Error].
func ParsePictureMode(s string) (PictureMode, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	if w == "never" {
		return PicturesOff, nil
	}
	if i := slices.Index(pictureNames, w); i >= 0 {
		return PictureMode(i), nil
	}
	return 0, &Error{Setting: "pictures", Value: s, Problem: "choose off, auto, always or default"}
}

// Level is the difficulty of the daily puzzle, in the words of the puzzle
// generator: easy, medium, hard, expert, extreme.
type Level uint8

// The levels.
const (
	LevelDefault Level = iota // DefaultDailyLevel
	LevelEasy
	LevelMedium
	LevelHard
	LevelExpert
	LevelExtreme
)

var levelNames = []string{"default", "easy", "medium", "hard", "expert", "extreme"}

// String returns the level's word, such as "hard".
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "Level(" + strconv.Itoa(int(l)) + ")"
}

// ParseLevel reads a level: easy, medium, hard, expert, extreme, or default.
// The error is an [*Error].
func ParseLevel(s string) (Level, error) {
	if i := slices.Index(levelNames, strings.ToLower(strings.TrimSpace(s))); i >= 0 {
		return Level(i), nil
	}
	return 0, &Error{Setting: "daily level", Value: s, Problem: "choose easy, medium, hard, expert or extreme"}
}

// Or returns l, or def when l is LevelDefault.
func (l Level) Or(def Level) Level {
	if l == LevelDefault {
		return def
	}
	return l
}

// Error is a setting a person got wrong. Its text is written for that person
// (the command layer may show it as it is), and names the setting and the value:
//
//	prefix "s o": use 1 to 5 characters, without spaces, backticks or @
type Error struct {
	Setting string // the setting, as the /settings command names it: "prefix", "daily hour", ...
	Value   string // what was given, "" when there is nothing to quote
	Problem string // what is wrong or what to do instead
}

func (e *Error) Error() string {
	if e.Value == "" {
		return e.Setting + ": " + e.Problem
	}
	return fmt.Sprintf("%s %q: %s", e.Setting, e.Value, e.Problem)
}

// ValidID reports whether s is a Discord snowflake that the stores can keep:
// digits only, a positive number that fits in 63 bits.
func ValidID(s string) bool {
	if s == "" || len(s) > 19 || s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

// ParseID returns the snowflake s as a number, as the stores keep it.
func ParseID(s string) (int64, error) {
	if !ValidID(s) {
		return 0, fmt.Errorf("settings: %q is not a Discord ID", s)
	}
	return strconv.ParseInt(s, 10, 64)
}

// FormatID returns the snowflake id as Discord writes it.
func FormatID(id int64) string { return strconv.FormatInt(id, 10) }

func checkPrefix(p string) error {
	bad := func() error {
		return &Error{Setting: "prefix", Value: p, Problem: "use 1 to 5 characters, without spaces, backticks or @"}
	}
	if p == "" || utf8.RuneCountInString(p) > 5 || !utf8.ValidString(p) {
		return bad()
	}
	for _, r := range p {
		if unicode.IsSpace(r) || unicode.IsControl(r) || r == '`' || r == '@' || r == '\u200b' || r == '\ufeff' {
			return bad()
		}
	}
	if strings.HasPrefix(p, "/") {
		return &Error{Setting: "prefix", Value: p, Problem: "must not start with /, which Discord keeps for slash commands"}
	}
	return nil
}

func checkChannel(setting, id string) error {
	if !ValidID(id) {
		return &Error{Setting: setting, Value: id, Problem: "is not a channel"}
	}
	return nil
}

// SetPrefix sets the prefix of text commands, trimmed of surrounding spaces;
// "" or "default" goes back to the bot's prefix. A mention of the bot works as
// a prefix whatever this is, so a forgotten prefix can be recovered.
func (g *Guild) SetPrefix(p string) error {
	p = strings.TrimSpace(p)
	if p == "" || strings.EqualFold(p, "default") {
		g.Prefix = ""
		return nil
	}
	if err := checkPrefix(p); err != nil {
		return err
	}
	g.Prefix = p
	return nil
}

// SetSpoilers sets the spoiler mode. SpoilersInChannels needs at least one
// spoiler channel, added before or after with AddSpoilerChannel; until then it
// behaves as off.
func (g *Guild) SetSpoilers(m SpoilerMode) error {
	if m > SpoilersInChannels {
		return &Error{Setting: "spoilers", Value: m.String(), Problem: "choose off, on, channels or default"}
	}
	g.Spoilers = m
	return nil
}

// AddSpoilerChannel adds a channel to the spoiler channels and turns the
// spoiler mode to SpoilersInChannels. Adding a channel already there is not
// an error.
func (g *Guild) AddSpoilerChannel(channelID string) error {
	var err error
	g.SpoilerChannels, err = addChannel("spoiler channels", g.SpoilerChannels, channelID)
	if err == nil {
		g.Spoilers = SpoilersInChannels
	}
	return err
}

// RemoveSpoilerChannel removes a channel from the spoiler channels; it is an
// error if the channel is not in the list.
func (g *Guild) RemoveSpoilerChannel(channelID string) error {
	i := slices.Index(g.SpoilerChannels, channelID)
	if i < 0 {
		return &Error{Setting: "spoiler channels", Value: channelID, Problem: "is not one of the spoiler channels"}
	}
	g.SpoilerChannels = slices.Delete(slices.Clone(g.SpoilerChannels), i, i+1)
	return nil
}

// SetPictures sets when boards are sent as pictures.
func (g *Guild) SetPictures(m PictureMode) error {
	if m > PicturesAlways {
		return &Error{Setting: "pictures", Value: m.String(), Problem: "choose off, auto, always or default"}
	}
	g.Pictures = m
	return nil
}

// SetThreads says whether games get threads of their own (on, the
// default) or are played in the channel (off).
func (g *Guild) SetThreads(on bool) { g.NoThreads = !on }

// AllowChannel adds a channel to those the bot answers in. The first channel
// added turns "every channel" into "these channels only". Adding a channel
// already there is not an error.
func (g *Guild) AllowChannel(channelID string) error {
	var err error
	g.Channels, err = addChannel("channels", g.Channels, channelID)
	return err
}

// RemoveChannel removes a channel from those the bot answers in. It is an
// error if the channel is not in the list, or if it is the last one: an empty
// list means every channel, so use AllowAllChannels for that.
func (g *Guild) RemoveChannel(channelID string) error {
	i := slices.Index(g.Channels, channelID)
	switch {
	case len(g.Channels) == 0:
		return &Error{Setting: "channels", Value: channelID, Problem: "the bot answers in every channel; add the channels it should answer in instead"}
	case i < 0:
		return &Error{Setting: "channels", Value: channelID, Problem: "is not one of the channels the bot answers in"}
	case len(g.Channels) == 1:
		return &Error{Setting: "channels", Value: channelID, Problem: "is the only channel the bot answers in; choose all channels instead"}
	}
	g.Channels = slices.Delete(slices.Clone(g.Channels), i, i+1)
	return nil
}

// AllowAllChannels makes the bot answer in every channel.
func (g *Guild) AllowAllChannels() { g.Channels = nil }

// SetDaily turns the daily post on, in channelID at hour (UTC, 0 to 23), at
// level (LevelDefault for DefaultDailyLevel).
func (g *Guild) SetDaily(channelID string, hour int, level Level) error {
	d := Daily{ChannelID: channelID, Hour: hour, Level: level}
	if err := d.check(); err != nil {
		return err
	}
	g.Daily = d
	return nil
}

// DailyOff turns the daily post off.
func (g *Guild) DailyOff() { g.Daily = Daily{} }

func (d Daily) check() error {
	if d.ChannelID == "" {
		if d != (Daily{}) {
			return &Error{Setting: "daily channel", Problem: "choose the channel to post the daily puzzle in"}
		}
		return nil
	}
	if err := checkChannel("daily channel", d.ChannelID); err != nil {
		return err
	}
	if d.Hour < 0 || d.Hour > 23 {
		return &Error{Setting: "daily hour", Value: strconv.Itoa(d.Hour), Problem: "choose an hour from 0 to 23 (UTC)"}
	}
	if d.Level > LevelExtreme {
		return &Error{Setting: "daily level", Value: d.Level.String(), Problem: "choose easy, medium, hard, expert or extreme"}
	}
	return nil
}

func addChannel(setting string, list []string, id string) ([]string, error) {
	if err := checkChannel(setting, id); err != nil {
		return list, err
	}
	if slices.Contains(list, id) {
		return list, nil
	}
	if len(list) >= MaxChannels {
		return list, &Error{Setting: setting, Value: id, Problem: fmt.Sprintf("at most %d channels can be listed", MaxChannels)}
	}
	return append(slices.Clip(list), id), nil
}

// Validate checks a whole Guild, as stores do before they save one, and
// returns the first problem as an [*Error]. A value changed only through the
// setters is always valid.
func (g Guild) Validate() error {
	if !ValidID(g.ID) {
		return &Error{Setting: "server", Value: g.ID, Problem: "is not a Discord server ID"}
	}
	if g.Prefix != "" {
		if err := checkPrefix(g.Prefix); err != nil {
			return err
		}
	}
	if g.Spoilers > SpoilersInChannels {
		return &Error{Setting: "spoilers", Value: g.Spoilers.String(), Problem: "choose off, on, channels or default"}
	}
	if g.Pictures > PicturesAlways {
		return &Error{Setting: "pictures", Value: g.Pictures.String(), Problem: "choose off, auto, always or default"}
	}
	for _, l := range []struct {
		setting string
		ids     []string
	}{{"channels", g.Channels}, {"spoiler channels", g.SpoilerChannels}} {
		if len(l.ids) > MaxChannels {
			return &Error{Setting: l.setting, Problem: fmt.Sprintf("at most %d channels can be listed", MaxChannels)}
		}
		for i, id := range l.ids {
			if err := checkChannel(l.setting, id); err != nil {
				return err
			}
			if slices.Contains(l.ids[:i], id) {
				return &Error{Setting: l.setting, Value: id, Problem: "is listed twice"}
			}
		}
	}
	return g.Daily.check()
}

// Clone returns a copy of g that shares no memory with it.
func (g Guild) Clone() Guild {
	g.Channels = slices.Clone(g.Channels)
	g.SpoilerChannels = slices.Clone(g.SpoilerChannels)
	return g
}

// Defaults are the bot's own settings (from its environment), used where a
// server has not chosen.
type Defaults struct {
	Prefix   string      // COMMAND_PREFIX
	Spoilers bool        // SPOILER_SOLUTIONS
	Pictures PictureMode // IMAGE_REPLIES
}

// Channel is what a command in one channel of a server runs with.
type Channel struct {
	Answers  bool        // the bot answers commands here
	Prefix   string      // prefix of text commands
	Spoilers bool        // hide solutions behind spoiler bars
	Pictures PictureMode // when to send boards as pictures
}

// In returns what a command in channelID runs with, from the server's settings
// and the bot's defaults d. For a thread, pass the ID of its parent channel:
// the lists name channels, not threads. Slash commands by members who may
// change the settings should be served even where Answers is false, so a
// server cannot lock itself out.
func (g Guild) In(channelID string, d Defaults) Channel {
	c := Channel{
		Answers:  len(g.Channels) == 0 || slices.Contains(g.Channels, channelID),
		Prefix:   g.Prefix,
		Spoilers: d.Spoilers,
		Pictures: d.Pictures,
	}
	if c.Prefix == "" {
		c.Prefix = d.Prefix
	}
	switch g.Spoilers {
	case SpoilersOff:
		c.Spoilers = false
	case SpoilersOn:
		c.Spoilers = true
	case SpoilersInChannels:
		c.Spoilers = slices.Contains(g.SpoilerChannels, channelID)
	}
	if g.Pictures != PicturesDefault {
		c.Pictures = g.Pictures
	}
	return c
}
