package settings

import (
	"fmt"
	"time"
)

// Day is a date in UTC, the unit of the daily puzzle: the number of days
// since 1970-01-01. Consecutive dates are consecutive numbers.
type Day int32

// DayOf returns the UTC date of t.
func DayOf(t time.Time) Day {
	y, m, d := t.UTC().Date()
	return Day(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// ParseDay reads a date written YYYY-MM-DD.
func ParseDay(s string) (Day, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return 0, fmt.Errorf("settings: day %q: want YYYY-MM-DD", s)
	}
	return DayOf(t), nil
}

// Time returns midnight UTC at the start of d.
func (d Day) Time() time.Time { return time.Unix(int64(d)*86400, 0).UTC() }

// String returns d written YYYY-MM-DD.
func (d Day) String() string { return d.Time().Format(time.DateOnly) }

// StreakOf returns the streak that ends at today (or yesterday, while today's
// puzzle is not solved yet) given the days a member solved, latest first:
// the number of consecutive days in it.
func StreakOf(latestFirst []Day, today Day) int {
	if len(latestFirst) == 0 {
		return 0
	}
	next := latestFirst[0]
	if next != today && next != today-1 {
		return 0
	}
	n := 0
	for _, d := range latestFirst {
		if d != next {
			break
		}
		n++
		next--
	}
	return n
}
