package migrations

import (
	"testing"
	"testing/fstest"
)

func TestLoad(t *testing.T) {
	for _, tc := range []struct {
		name     string
		files    []string
		versions int
		wantErr  bool
	}{
		{"in order", []string{"0001_a.sql", "0002_b.sql", "README.md"}, 2, false},
		{"gap", []string{"0001_a.sql", "0003_c.sql"}, 0, true},
		{"repeat", []string{"0001_a.sql", "0001_b.sql"}, 0, true},
		{"starts at 2", []string{"0002_a.sql"}, 0, true},
		{"bad name", []string{"1_a.sql"}, 0, true},
		{"none", []string{"README.md"}, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for _, f := range tc.files {
				fsys["m/"+f] = &fstest.MapFile{Data: []byte("-- " + f)}
			}
			ms, err := Load(fsys, "m")
			if (err != nil) != tc.wantErr {
				t.Fatalf("Load: err = %v, want error %v", err, tc.wantErr)
			}
			if len(ms) != tc.versions {
				t.Fatalf("Load: %d migrations, want %d", len(ms), tc.versions)
			}
			for i, m := range ms {
				if m.Version != i+1 || m.SQL != "-- "+m.Name {
					t.Errorf("migration %d = %+v", i, m)
				}
			}
		})
	}
}
