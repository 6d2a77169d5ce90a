package postgres_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/postgres"
	"github.com/sudokubot/sudokubot/settings/storetest"
)

func TestMain(m *testing.M) { storetest.Main(m) }

// TestStore runs the shared suite on a real PostgreSQL server (see
// storetest.PostgresEnv), in a new database for each test.
func TestStore(t *testing.T) {
	storetest.PostgresURL(t) // skip once, saying why, without a server
	storetest.Run(t, storetest.NewPostgres)
}

// TestGames runs the games store's shared suite on a real PostgreSQL
// server, in a new database for each test.
func TestGames(t *testing.T) {
	storetest.PostgresURL(t)
	storetest.RunGames(t, storetest.NewPostgres)
}

// TestGamesMigration: what migration 5 makes of the games of a schema 4
// database.
func TestGamesMigration(t *testing.T) {
	storetest.PostgresURL(t)
	storetest.RunGamesMigration(t, func(t testing.TB, games []settings.GameRecord) (string, []string) {
		url := storetest.NewPostgres(t)
		d, err := postgres.OpenAt(context.Background(), url, 4)
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		var ids []string
		for _, g := range games {
			id, err := d.InsertGameV4(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		return url, ids
	})
}

// TestGamesPlans: indexes of migration 5 can serve the statistics' queries.
func TestGamesPlans(t *testing.T) {
	storetest.PostgresURL(t)
	ctx := context.Background()
	d, err := postgres.Open(ctx, storetest.NewPostgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, tc := range []struct {
		name, query string
		args        []any
		want        []string
	}{
		{"fastest solves", postgres.FastestSolvesQuery, []any{int64(1), time.Time{}, "", 10}, []string{"Index Only Scan using games_ranked_solves"}},
		{"fastest solves of a level", postgres.FastestSolvesQuery, []any{int64(1), time.Time{}, "Hard", 10}, []string{"Index Only Scan using games_ranked_solves"}},
		{"member stats", postgres.MemberStatsQuery, []any{int64(1), int64(2)}, []string{"games_owner_finished", "game_players_user"}},
	} {
		p, err := d.Plan(ctx, tc.query, tc.args...)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for _, w := range tc.want {
			if !strings.Contains(p, w) {
				t.Errorf("%s: plan without %s:\n%s", tc.name, w, p)
			}
		}
	}
}

// BenchmarkStats: a member's statistics and the leaderboard of a server
// with 10,000 finished games (see storetest.BenchStats).
func BenchmarkStats(b *testing.B) {
	storetest.PostgresURL(b)
	storetest.BenchStats(b, storetest.NewPostgres, 10000)
}
