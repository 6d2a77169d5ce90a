package link

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/internal/lzstring"
)

// tinyZipped is a 4×4 puzzle in SudokuPad's zipped form, written by hand
// from its zipper's rules: bare keys, short names (ce cells, v value, re
// regions, ca cages), single quotes, empty objects left out, t for true.
const tinyZipped = `{ce:[[{v:1},,,],[,,,],[,{v:2},,],[,,,]],re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],ca:[{ce:[[0,1],[0,2]],v:7},{v:'title: Tiny'},{v:'author: Someone\'s'}],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:'#FF0000'}],metadata:{antiknight:t}}`

func TestUnzipJSON(t *testing.T) {
	var v map[string]any
	if err := json.Unmarshal([]byte(unzipJSON(tinyZipped)), &v); err != nil {
		t.Fatalf("unzipped %s: %v", unzipJSON(tinyZipped), err)
	}
	row := v["ce"].([]any)[0].([]any)
	if len(row) != 4 {
		t.Errorf("first row %v, want 4 cells", row)
	}
	if v["metadata"].(map[string]any)["antiknight"] != true {
		t.Errorf("metadata %v", v["metadata"])
	}
}

func TestSudokuPadFormat(t *testing.T) {
	plain := `{"cells":[[{"value":1},{},{},{}],[{},{},{},{}],[{},{"value":"2"},{},{}],[{},{},{},{}]],` +
		`"cages":[{"cells":["r1c2","r1c3"],"value":"7"},{"value":"title: Tiny"},{"value":"author: Someone's"}],` +
		`"lines":[{"wayPoints":[[0.5,0.5],[1.5,1.5]]}],"metadata":{"antiknight":true}}`
	for name, link := range map[string]string{
		"zipped scl": "https://sudokupad.app/scl" + lzstring.CompressToBase64(tinyZipped),
		"zipped ctc": "https://sudokupad.app/ctc" + lzstring.CompressToBase64(tinyZipped),
		"plain scl":  "https://sudokupad.app/scl" + lzstring.CompressToBase64(plain),
		"app":        "https://app.crackingthecryptic.com/sudoku/scl" + url.PathEscape(lzstring.CompressToBase64(plain)),
		"unpacked":   "https://sudokupad.app/scl" + url.PathEscape(plain),
		"puzzleid":   "https://sudokupad.app/?puzzleid=scl" + url.QueryEscape(lzstring.CompressToBase64(tinyZipped)),
	} {
		t.Run(name, func(t *testing.T) {
			p, info, err := Read(link)
			if err != nil {
				t.Fatal(err)
			}
			if info.Title != "Tiny" || info.Author != "Someone's" || info.Source != "SudokuPad" {
				t.Errorf("title %q author %q source %q", info.Title, info.Author, info.Source)
			}
			if got := strings.Join(info.Read, ", "); got != "1 killer cage, anti-knight" {
				t.Errorf("read %q", got)
			}
			if got := strings.Join(info.LeftAside, ", "); got != "1 line" {
				t.Errorf("left aside %q", got)
			}
			if p.Size != 4 || p.Givens[0] != 1 || p.Givens[9] != 2 {
				t.Errorf("size %d givens %v", p.Size, p.Givens)
			}
			res, err := variant.Solve(context.Background(), p, 50)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Solutions) == 0 {
				t.Fatal("no solution")
			}
			for _, s := range res.Solutions {
				if s[1]+s[2] != 7 {
					t.Errorf("solution %v breaks the cage", s)
				}
				if broken, _ := variant.Check(p, s); len(broken) > 0 {
					t.Errorf("solution %v breaks %v", s, broken)
				}
			}
		})
	}
}
