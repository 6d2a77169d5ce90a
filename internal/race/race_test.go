package race

import (
	"runtime/debug"
	"testing"
)

// TestEnabledMatchesTheBuild: Enabled says what the binary was built with.
func TestEnabledMatchesTheBuild(t *testing.T) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		t.Skip("no build information in this binary")
	}
	built := false
	for _, s := range info.Settings {
		if s.Key == "-race" {
			built = s.Value == "true"
		}
	}
	if Enabled != built {
		t.Errorf("Enabled = %v, built with -race = %v", Enabled, built)
	}
}
