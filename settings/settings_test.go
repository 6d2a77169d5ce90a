package settings

import (
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"
)

func TestSetPrefix(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"?", "?", true},
		{"  s!  ", "s!", true},
		{"!!!!!", "!!!!!", true},
		{"数独", "数独", true},
		{"", "", true},
		{"default", "", true},
		{"DEFAULT", "", true},
		{"a b", "", false},
		{"toolong", "", false},
		{"`", "", false},
		{"@bot", "", false},
		{"/", "", false},
		{"x\u200b", "", false},
		{"a\tb", "", false},
		{"\x00", "", false},
	} {
		g := Guild{ID: "1", Prefix: "old"}
		err := g.SetPrefix(tc.in)
		if tc.ok {
			if err != nil || g.Prefix != tc.want {
				t.Errorf("SetPrefix(%q): prefix %q, err %v; want %q", tc.in, g.Prefix, err, tc.want)
			}
			continue
		}
		var se *Error
		if !errors.As(err, &se) || se.Setting != "prefix" || g.Prefix != "old" {
			t.Errorf("SetPrefix(%q): prefix %q, err %v; want an *Error about prefix and the old prefix kept", tc.in, g.Prefix, err)
		}
	}
}

func TestErrorText(t *testing.T) {
	g := Guild{ID: "1"}
	err := g.SetPrefix("s o")
	if got, want := err.Error(), `prefix "s o": use 1 to 5 characters, without spaces, backticks or @`; got != want {
		t.Errorf("error text = %q, want %q", got, want)
	}
	err = g.SetDaily("5", 24, LevelHard)
	if got, want := err.Error(), `daily hour "24": choose an hour from 0 to 23 (UTC)`; got != want {
		t.Errorf("error text = %q, want %q", got, want)
	}
}

func TestParseWords(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want SpoilerMode
	}{{"off", SpoilersOff}, {" ON ", SpoilersOn}, {"channels", SpoilersInChannels}, {"per-channel", SpoilersInChannels}, {"default", SpoilersDefault}} {
		if got, err := ParseSpoilerMode(tc.in); err != nil || got != tc.want {
			t.Errorf("ParseSpoilerMode(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	if _, err := ParseSpoilerMode("sometimes"); err == nil {
		t.Error("ParseSpoilerMode(sometimes): no error")
	}
	for _, tc := range []struct {
		in   string
		want PictureMode
	}{{"off", PicturesOff}, {"never", PicturesOff}, {"Auto", PicturesAuto}, {"always", PicturesAlways}, {"default", PicturesDefault}} {
		if got, err := ParsePictureMode(tc.in); err != nil || got != tc.want {
			t.Errorf("ParsePictureMode(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	if _, err := ParsePictureMode("big"); err == nil {
		t.Error("ParsePictureMode(big): no error")
	}
	for l := LevelDefault; l <= LevelExtreme; l++ {
		if got, err := ParseLevel(l.String()); err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, err)
		}
	}
	if _, err := ParseLevel("insane"); err == nil {
		t.Error("ParseLevel(insane): no error")
	}
	if LevelDefault.Or(DefaultDailyLevel) != LevelHard || LevelEasy.Or(LevelHard) != LevelEasy {
		t.Error("Level.Or")
	}
}

func TestChannels(t *testing.T) {
	g := Guild{ID: "1"}
	if err := g.RemoveChannel("5"); err == nil {
		t.Error("RemoveChannel with every channel allowed: no error")
	}
	for _, ch := range []string{"5", "6", "5"} {
		if err := g.AllowChannel(ch); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(g.Channels, []string{"5", "6"}) {
		t.Fatalf("channels = %v", g.Channels)
	}
	if err := g.AllowChannel("general"); err == nil {
		t.Error("AllowChannel(general): no error")
	}
	if err := g.RemoveChannel("7"); err == nil {
		t.Error("RemoveChannel of a channel not listed: no error")
	}
	if err := g.RemoveChannel("5"); err != nil || !slices.Equal(g.Channels, []string{"6"}) {
		t.Fatalf("RemoveChannel(5): %v, channels %v", err, g.Channels)
	}
	if err := g.RemoveChannel("6"); err == nil {
		t.Error("removing the last channel (which would mean every channel): no error")
	}
	g.AllowAllChannels()
	if len(g.Channels) != 0 {
		t.Errorf("after AllowAllChannels: %v", g.Channels)
	}
	for i := range MaxChannels {
		if err := g.AllowChannel(strconv.Itoa(1000 + i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.AllowChannel("9"); err == nil {
		t.Errorf("channel %d: no error", MaxChannels+1)
	}
	if err := g.Validate(); err != nil {
		t.Errorf("Validate with %d channels: %v", MaxChannels, err)
	}
}

// TestSettersDoNotAlias: a Guild changed through its setters shares no list
// with the value it was copied from (the Cache hands out copies of what it
// holds).
func TestSettersDoNotAlias(t *testing.T) {
	orig := Guild{ID: "1", Channels: make([]string, 0, 8), SpoilerChannels: []string{"3", "4"}}
	orig.Channels = append(orig.Channels, "1", "2")
	c := orig
	if err := c.AllowChannel("9"); err != nil {
		t.Fatal(err)
	}
	if err := c.RemoveSpoilerChannel("3"); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(orig.Channels, []string{"1", "2"}) || !slices.Equal(orig.SpoilerChannels, []string{"3", "4"}) ||
		orig.Channels[:3][2] == "9" {
		t.Fatalf("the original changed: %+v", orig)
	}
}

func TestIn(t *testing.T) {
	def := Defaults{Prefix: "!", Spoilers: true, Pictures: PicturesAuto}
	var g Guild
	if got := g.In("5", def); got != (Channel{Answers: true, Prefix: "!", Spoilers: true, Pictures: PicturesAuto}) {
		t.Errorf("zero Guild in a channel = %+v, want the defaults", got)
	}
	g = Guild{ID: "1", Prefix: "?", Spoilers: SpoilersInChannels, SpoilerChannels: []string{"7"}, Pictures: PicturesOff, Channels: []string{"7", "8"}}
	for _, tc := range []struct {
		ch   string
		want Channel
	}{
		{"7", Channel{Answers: true, Prefix: "?", Spoilers: true, Pictures: PicturesOff}},
		{"8", Channel{Answers: true, Prefix: "?", Spoilers: false, Pictures: PicturesOff}},
		{"9", Channel{Answers: false, Prefix: "?", Spoilers: false, Pictures: PicturesOff}},
	} {
		if got := g.In(tc.ch, def); got != tc.want {
			t.Errorf("In(%s) = %+v, want %+v", tc.ch, got, tc.want)
		}
	}
	g = Guild{ID: "1", Spoilers: SpoilersOff}
	if g.In("1", def).Spoilers {
		t.Error("spoilers off still on")
	}
	g.Spoilers = SpoilersOn
	if !g.In("1", Defaults{}).Spoilers {
		t.Error("spoilers on still off")
	}
}

func TestValidID(t *testing.T) {
	for _, s := range []string{"1", "123456789012345678", "9223372036854775807"} {
		if !ValidID(s) {
			t.Errorf("ValidID(%q) = false", s)
		}
		if n, err := ParseID(s); err != nil || FormatID(n) != s {
			t.Errorf("ParseID(%q) = %d, %v", s, n, err)
		}
	}
	for _, s := range []string{"", "0", "01", "-1", "+1", "1e5", "9223372036854775808", "12345678901234567890", "１"} {
		if ValidID(s) {
			t.Errorf("ValidID(%q) = true", s)
		}
	}
}

func TestDay(t *testing.T) {
	d := DayOf(time.Date(2026, 11, 30, 23, 59, 59, 0, time.UTC))
	if d.String() != "2026-11-30" {
		t.Errorf("DayOf = %s", d)
	}
	// A time in another zone counts by its UTC date.
	if got := DayOf(time.Date(2026, 12, 1, 0, 30, 0, 0, time.FixedZone("CET", 3600))); got != d {
		t.Errorf("00:30 CET on Dec 1 is %s, want 2026-11-30", got)
	}
	if p, err := ParseDay("2026-11-30"); err != nil || p != d {
		t.Errorf("ParseDay = %v, %v", p, err)
	}
	if _, err := ParseDay("30/11/2026"); err == nil {
		t.Error("ParseDay(30/11/2026): no error")
	}
	if (d+1).String() != "2026-12-01" || DayOf(d.Time()) != d {
		t.Error("Day arithmetic")
	}
}

func TestStreakOf(t *testing.T) {
	const today = Day(100)
	for _, tc := range []struct {
		days []Day
		want int
	}{
		{nil, 0},
		{[]Day{100}, 1},
		{[]Day{99}, 1},
		{[]Day{98}, 0},
		{[]Day{100, 99, 98, 96}, 3},
		{[]Day{99, 98, 97}, 3},
		{[]Day{100, 98}, 1},
	} {
		if got := StreakOf(tc.days, today); got != tc.want {
			t.Errorf("StreakOf(%v) = %d, want %d", tc.days, got, tc.want)
		}
	}
}

func TestLeaseStart(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	if got := LeaseStart(now, time.Minute); !got.Equal(now.Add(-time.Minute)) {
		t.Errorf("LeaseStart = %v", got)
	}
	if got := LeaseStart(now, 0); !got.IsZero() {
		t.Errorf("LeaseStart with no lease = %v, want the zero time", got)
	}
}
