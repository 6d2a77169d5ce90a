package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/command"
	"github.com/sudokubot/sudokubot/generate"
	"github.com/sudokubot/sudokubot/internal/picturetest"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/settings"
	"github.com/sudokubot/sudokubot/settings/backend"
	"github.com/sudokubot/sudokubot/settings/storetest"
	"github.com/sudokubot/sudokubot/sudoku"
)

const lc37 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// replies splits console output into the replies it printed.
func replies(out string) []string {
	var rs []string
	for _, r := range strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n") {
		if r != "" {
			rs = append(rs, r)
		}
	}
	return rs
}

func TestConsoleRepliesAsTheBotWould(t *testing.T) {
	h := command.New(command.Config{Prefix: "!"})
	ninelines := "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"
	in := "stray text before any command\n" +
		"!solve " + lc37 + "\r\n" +
		"!check\n" + ninelines +
		"!dance\n" +
		"!solve\n```\n" + ninelines + "\n```\n"
	var out, errw bytes.Buffer
	if err := runConsole(context.Background(), h, strings.NewReader(in), &out, &errw, false, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	// Each reply is exactly what the handler answers for that message.
	want := []string{
		asShown(h.Handle(context.Background(), mustMatch(t, h, "!solve "+lc37)).Text),
		asShown(h.Handle(context.Background(), mustMatch(t, h, "!check\n"+ninelines)).Text),
		asShown(h.Handle(context.Background(), mustMatch(t, h, "!solve\n```\n"+ninelines+"\n```\n")).Text),
	}
	if !strings.Contains(want[0], "[5][3] 4 | 6 [7] 8 | 9  1  2") {
		t.Fatalf("the solve reply is not the solution:\n%s", want[0])
	}
	got := out.String()
	for _, w := range want {
		if !strings.Contains(got, w+"\n\n") {
			t.Errorf("console output lacks the reply\n%s\n--- got ---\n%s", w, got)
		}
	}
	if strings.Count(got, "```")/2 < 3 {
		t.Errorf("expected three replies with code blocks, got:\n%s", got)
	}
	e := errw.String()
	if !strings.Contains(e, "line 1 ignored") || !strings.Contains(e, "!dance") {
		t.Errorf("stderr should say what was not answered, got %q", e)
	}
}

func TestConsoleInteractiveEndsMessageAtEmptyLine(t *testing.T) {
	h := command.New(command.Config{Prefix: "!"})
	var out, errw bytes.Buffer
	in := "!help\n\n!solve " + lc37 + "\n\n"
	if err := runConsole(context.Background(), h, strings.NewReader(in), &out, &errw, true, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), asShown(h.Help())) {
		t.Errorf("first reply is not the help:\n%s", out.String())
	}
	if !strings.Contains(out.String(), asShown(h.Handle(context.Background(), mustMatch(t, h, "!solve "+lc37)).Text)) {
		t.Errorf("second reply missing:\n%s", out.String())
	}
}

func mustMatch(t *testing.T, h *command.Handler, msg string) command.Request {
	t.Helper()
	req, ok := h.Match(msg, "")
	if !ok {
		t.Fatalf("%q is not a command", msg)
	}
	return req
}

func TestRunConsoleWithoutToken(t *testing.T) {
	var out, errw bytes.Buffer
	err := run(context.Background(), testProgram([]string{"-env", ""}, nil, strings.NewReader("!solve "+lc37+"\n"), &out, &errw))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errw.String(), "DISCORD_TOKEN is not set") {
		t.Errorf("no word about console mode on stderr: %q", errw.String())
	}
	if !strings.Contains(out.String(), "```") {
		t.Errorf("no reply printed: %q", out.String())
	}
}

func TestRunBadConfigStops(t *testing.T) {
	var out, errw bytes.Buffer
	err := run(context.Background(), testProgram([]string{"-env", ""}, map[string]string{"SOLVE_WORKERS": "many"}, strings.NewReader(""), &out, &errw))
	if err == nil || !strings.Contains(err.Error(), "SOLVE_WORKERS") {
		t.Errorf("run = %v, want an error naming SOLVE_WORKERS", err)
	}
}

func TestConsoleStopsOnSignalWhileReading(t *testing.T) {
	h := command.New(command.Config{Prefix: "!"})
	r, w := io.Pipe() // a terminal nobody types into
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runConsole(ctx, h, r, io.Discard, io.Discard, true, t.TempDir()) }()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("runConsole = %v, want nil after a signal", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the console did not stop at the signal while waiting for input")
	}
}

func TestConsoleGridRowsDoNotStartMessages(t *testing.T) {
	h := command.New(command.Config{Prefix: "-"})
	in := "-solve\n5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n------+-------+------\n" +
		"8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n------+-------+------\n" +
		". 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n"
	var out, errw bytes.Buffer
	if err := runConsole(context.Background(), h, strings.NewReader(in), &out, &errw, false, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if rs := replies(out.String()); len(rs) != 1 || !strings.Contains(rs[0], "[5][3]") {
		t.Errorf("want one solved reply, got %d:\n%s\nstderr: %s", len(rs), out.String(), errw.String())
	}
}

// TestConsoleShowsWhatDiscordShows: the help's notices are escaped for
// Discord (\- \( \_); the console prints them as Discord shows them, code
// blocks untouched.
func TestConsoleShowsWhatDiscordShows(t *testing.T) {
	h := command.New(command.Config{Prefix: "!"})
	if !strings.Contains(h.Help(), `\-`) {
		t.Fatalf("the help has no escapes to remove:\n%s", h.Help())
	}
	var out, errw bytes.Buffer
	if err := runConsole(context.Background(), h, strings.NewReader("!help\n"), &out, &errw, false, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"- 81 characters on one line", "empty cells as . 0 _ - * x", "(A=10", "```\n!solve\n53..7....\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("console help lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, `\`) || strings.Contains(got, "\u200b") {
		t.Errorf("console help still has escapes:\n%s", got)
	}
	if asShown("```\na\\-b\n```\n\\-x") != "```\na\\-b\n```\n-x" {
		t.Errorf("asShown changed a code block or kept an escape: %q", asShown("```\na\\-b\n```\n\\-x"))
	}
}

// TestConsolePrintsAttachments: through run, as a person would start it: a
// picture is written into -image-dir and its path printed (the PNG decodes
// to the 9×9 size, the given r1c1 in the given colour); an explanation's
// text file is printed whole between lines that name it.
func TestConsolePrintsAttachments(t *testing.T) {
	dir := t.TempDir()
	line, err := os.ReadFile("../../command/testdata/16x16.txt")
	if err != nil {
		t.Fatal(err)
	}
	big, _, _ := strings.Cut(string(line), "\n")
	var out, errw bytes.Buffer
	in := "!solve " + lc37 + " img\n!explain " + big + "\n"
	env := map[string]string{"SOLVE_TIMEOUT": "30s"} // a 16×16 explanation under -race
	err = run(context.Background(), testProgram([]string{"-env", "", "-console", "-image-dir", dir}, env, strings.NewReader(in), &out, &errw))
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	path := filepath.Join(dir, "1-solution.png")
	if !strings.Contains(got, "[attachment solution.png: "+path+", ") {
		t.Fatalf("no picture path printed:\n%s", got)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img := picturetest.Decode(t, data)
	pal := picture.Dark.Palette()
	if img.W != 480 || picturetest.Count(img, picturetest.Cells(t, img, pal, 9)[0], pal.Given) == 0 {
		t.Errorf("%s: %v without the given 5 in r1c1", path, img)
	}
	h := command.New(command.Config{Prefix: "!", SolveTimeout: 30 * time.Second})
	rep := h.Handle(context.Background(), mustMatch(t, h, "!explain "+big))
	if len(rep.Files) != 1 || rep.Files[0].Name != "SPOILER_explanation.txt" {
		t.Fatalf("the explanation of %s comes with %d files (outcome %s), want explanation.txt", big, len(rep.Files), rep.Outcome)
	}
	whole := strings.TrimSuffix(string(rep.Files[0].Data), "\n")
	if !strings.Contains(got, "[attachment SPOILER_explanation.txt]\n"+whole+"\n[end of SPOILER_explanation.txt]\n") {
		t.Errorf("the explanation is not printed whole:\n%s", got)
	}
}

// TestConsoleImageDirMustExist: a -image-dir that is not a directory stops
// the console at start, naming the flag.
func TestConsoleImageDirMustExist(t *testing.T) {
	var out, errw bytes.Buffer
	missing := filepath.Join(t.TempDir(), "nope")
	err := run(context.Background(), testProgram([]string{"-env", "", "-console", "-image-dir", missing}, nil, strings.NewReader("!help\n"), &out, &errw))
	if err == nil || !strings.Contains(err.Error(), "-image-dir") || !strings.Contains(err.Error(), missing) {
		t.Errorf("run = %v, want an error naming -image-dir %s", err, missing)
	}
}

// TestConsoleReplies: ^ before a command makes it a reply to the previous
// reply, so a check after !new is checked against the puzzle, and a hint
// after that check (whose text names the puzzle) is the puzzle's; ^ with
// nothing before it says there is nothing to reply to.
func TestConsoleReplies(t *testing.T) {
	pool, err := generate.NewPool(generate.PoolConfig{Warm: []generate.Kind{}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	h := command.New(command.Config{Prefix: "!", Puzzles: pool})
	p, err := pool.Get(context.Background(), generate.Kind{Shape: sudoku.Classic, Level: generate.Easy})
	if err != nil {
		t.Fatal(err)
	}
	mine := p.Grid // one digit that is not the solution's, on a cell far from the first
	for i := 80; i >= 0 && mine == p.Grid; i-- {
		for d := 1; d <= 9 && p.Grid.At(i) == 0; d++ {
			w := p.Grid
			w.Set(i/9, i%9, d)
			if d != p.Solution.At(i) && sudoku.Validate(w) == nil {
				mine = w
				break
			}
		}
	}
	line := make([]byte, 81)
	for i := range line {
		line[i] = ".123456789"[mine.At(i)]
	}
	in := "^!hint\n!new " + p.Code.String() + "\n^!check " + string(line) + "\n ^!hint\n!hint\n"
	var out, errw bytes.Buffer
	if err := runConsole(context.Background(), h, strings.NewReader(in), &out, &errw, false, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	rs := replies(out.String())
	if len(rs) != 5 {
		t.Fatalf("%d replies, want 5:\n%s\n%s", len(rs), out.String(), errw.String())
	}
	if !strings.Contains(rs[0], "couldn't read the message you replied to") {
		t.Errorf("^!hint with no reply before it:\n%s", rs[0])
	}
	if !strings.Contains(rs[1], p.Code.String()) {
		t.Errorf("!new %s:\n%s", p.Code, rs[1])
	}
	if !strings.Contains(rs[2], "one of your digits is not the solution's") {
		t.Errorf("^!check replying to the puzzle:\n%s", rs[2])
	}
	first := asShown(h.Handle(context.Background(), mustMatch(t, h, "!hint "+lineOf(p.Grid))).Text)
	if !strings.HasPrefix(rs[3], first+"\nPuzzle `"+p.Code.String()+"`.\n[attachment SPOILER_hint.png") {
		t.Errorf("^!hint replying to the check:\n%s\nwant the puzzle's first hint:\n%s", rs[3], first)
	}
	if !strings.Contains(rs[4], "Paste a grid") {
		t.Errorf("!hint without ^ is no reply:\n%s", rs[4])
	}
}

func lineOf(g sudoku.Grid) string {
	b := make([]byte, 81)
	for i := range b {
		b[i] = ".123456789"[g.At(i)]
	}
	return string(b)
}

// TestConsoleServerCommands: the console runs /settings and /daily stats as
// the slash commands would, for the one server it stands for: a change is
// saved in the real database and shown by the next /settings; without a
// store both say that nothing is kept.
func TestConsoleServerCommands(t *testing.T) {
	db, err := backend.Open(context.Background(), storetest.NewSQLite(t))
	if err != nil {
		t.Fatal(err)
	}
	store := settings.NewCache(db, settings.CacheOptions{})
	t.Cleanup(func() { store.Close(); db.Close() })
	h := command.New(command.Config{Prefix: "!", Store: store})
	in := "/settings prefix value=?\n/settings\n/daily stats\n?help\n"
	var out, errw bytes.Buffer
	if err := runConsole(context.Background(), h, strings.NewReader(in), &out, &errw, false, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	rs := replies(out.String())
	if len(rs) != 3 {
		t.Fatalf("%d replies, want 3 (the prefix ? is the server's, not the console's):\n%s\n%s", len(rs), out.String(), errw.String())
	}
	if !strings.Contains(rs[0], "Text commands now start with `?`") || !strings.Contains(rs[1], "Prefix: `?` (the bot's default is `!`)") {
		t.Errorf("the change is not saved and shown:\n%s\n%s", rs[0], rs[1])
	}
	if !strings.Contains(rs[2], "no daily channel, so the day's solvers are not counted") {
		t.Errorf("/daily stats:\n%s", rs[2])
	}
	if g, err := store.Guild(context.Background(), consoleGuild); err != nil || g.Prefix != "?" {
		t.Errorf("stored prefix %q, %v; want ?", g.Prefix, err)
	}

	out.Reset()
	if err := runConsole(context.Background(), command.New(command.Config{}), strings.NewReader("/settings\n"), &out, &errw, false, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "keeps no per-server settings") {
		t.Errorf("/settings without a store:\n%s", out.String())
	}
}
