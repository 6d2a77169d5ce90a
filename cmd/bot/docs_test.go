package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// variables returns the names loadConfig reads, in order.
func variables(t *testing.T) []string {
	t.Helper()
	var names []string
	if _, err := loadConfig(func(k string) string { names = append(names, k); return "" }); err != nil {
		t.Fatal(err)
	}
	if len(names) < 10 {
		t.Fatalf("loadConfig reads only %v", names)
	}
	return names
}

// isDefault reports whether setting name to value gives the default
// configuration: whether a documented default is the real one.
func isDefault(t *testing.T, name, value string) bool {
	t.Helper()
	cfg, err := loadConfig(env(map[string]string{name: value}))
	if err != nil {
		t.Errorf("%s=%s, documented as the default, is refused: %v", name, value, err)
		return false
	}
	return reflect.DeepEqual(cfg, defaultConfig())
}

func readRepoFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestEnvExampleMatchesTheDefaults: .env.example lists every variable; each
// one it sets (uncommented) is set to its default, so that copying it to
// .env changes nothing; the others are commented out with their meaning.
func TestEnvExampleMatchesTheDefaults(t *testing.T) {
	text := readRepoFile(t, ".env.example")
	line := regexp.MustCompile(`(?m)^(#?)([A-Z][A-Z0-9_]+)=(.*)$`)
	listed := map[string]bool{}
	for _, m := range line.FindAllStringSubmatch(text, -1) {
		commented, name, value := m[1] == "#", m[2], strings.TrimSpace(m[3])
		listed[name] = true
		if !commented && name != "DISCORD_TOKEN" && !isDefault(t, name, value) {
			t.Errorf(".env.example sets %s=%s, which is not the default", name, value)
		}
	}
	for _, name := range variables(t) {
		if !listed[name] {
			t.Errorf(".env.example does not list %s", name)
		}
	}
}

// TestReadmeTableMatchesTheDefaults: the README's configuration table has a
// row for every variable, and each default written as a literal (`2s`) is
// the real default.
func TestReadmeTableMatchesTheDefaults(t *testing.T) {
	text := readRepoFile(t, "README.md")
	row := regexp.MustCompile("(?m)^\\| `([A-Z][A-Z0-9_]+)` \\| ([^|]*) \\|")
	rows := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(text, -1) {
		rows[m[1]] = strings.TrimSpace(m[2])
	}
	literal := regexp.MustCompile("^`([^`]*)`$")
	for _, name := range variables(t) {
		def, ok := rows[name]
		if !ok {
			t.Errorf("the README's table has no row for %s", name)
			continue
		}
		if m := literal.FindStringSubmatch(def); m != nil && !isDefault(t, name, m[1]) {
			t.Errorf("the README gives %s the default %s, which is not the real one", name, def)
		}
	}
}

// TestMainDocListsEveryVariable: the doc comment of main.go lists every
// variable, and each "(default X)" with a single-word X is the real default.
func TestMainDocListsEveryVariable(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	doc, _, _ := strings.Cut(string(src), "\npackage main")
	entry := regexp.MustCompile(`(?m)^//\t([A-Z][A-Z0-9_]+) +(.*)$`)
	defWord := regexp.MustCompile(`\(default ([^ ()]+)\)$`)
	listed := map[string]bool{}
	for _, m := range entry.FindAllStringSubmatch(doc, -1) {
		listed[m[1]] = true
		if d := defWord.FindStringSubmatch(m[2]); d != nil && !isDefault(t, m[1], d[1]) {
			t.Errorf("main.go documents %s with default %s, which is not the real one", m[1], d[1])
		}
	}
	for _, name := range variables(t) {
		if !listed[name] {
			t.Errorf("main.go's doc comment does not list %s", name)
		}
	}
}

// TestDockerRunLineInReadme: the run command the Dockerfile suggests is
// the one the README gives, stop timeout included.
func TestDockerRunLineInReadme(t *testing.T) {
	var run string
	for _, l := range strings.Split(readRepoFile(t, "Dockerfile"), "\n") {
		if cmd, ok := strings.CutPrefix(l, "# Run:"); ok {
			run = strings.TrimSpace(cmd)
		}
	}
	if run == "" || !strings.Contains(run, "--stop-timeout") {
		t.Fatalf("the Dockerfile's run line %q has no --stop-timeout", run)
	}
	readme := readRepoFile(t, "README.md")
	if !slices.Contains(strings.Split(readme, "\n"), run) {
		t.Errorf("the README does not give the Dockerfile's run line %q", run)
	}
}
