package vision

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// TestGolden pins the Go inference against the trainer's: training/train.py
// writes testdata/golden.json (held-out cells and the logits PyTorch gives
// them) with the weights it writes to model.bin; the handwriting model's
// are testdata/golden_hand.json and model_hand.bin.
func TestGolden(t *testing.T) {
	nets, err := models()
	if err != nil {
		t.Fatal(err)
	}
	if len(nets) != 2 {
		t.Fatalf("%d networks, want 2", len(nets))
	}
	for n, file := range []string{"testdata/golden.json", "testdata/golden_hand.json"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var cases []struct {
			Label int       `json:"label"`
			Input []float32 `json:"input"`
			Digit []float32 `json:"digit"`
			Kind  []float32 `json:"kind"`
		}
		if err := json.Unmarshal(b, &cases); err != nil {
			t.Fatal(err)
		}
		if len(cases) < 5 {
			t.Fatalf("%s: %d golden cases, want at least 5", file, len(cases))
		}
		net := nets[n]
		for _, c := range cases {
			var cell, zoom [CellSide * CellSide]float32
			if len(c.Input) != 2*len(cell) || len(c.Digit) != numClasses || len(c.Kind) != 2 {
				t.Fatalf("%s: golden case of label %d: sizes %d, %d, %d", file, c.Label, len(c.Input), len(c.Digit), len(c.Kind))
			}
			copy(cell[:], c.Input)
			copy(zoom[:], c.Input[len(cell):])
			d, k := net.logits(&cell, &zoom)
			for i := range d {
				if math.Abs(float64(d[i]-c.Digit[i])) > 1e-3 {
					t.Errorf("%s: label %d: class %d logit %v, PyTorch %v", file, c.Label, i, d[i], c.Digit[i])
				}
			}
			for i := range k {
				if math.Abs(float64(k[i]-c.Kind[i])) > 1e-3 {
					t.Errorf("%s: label %d: kind %d logit %v, PyTorch %v", file, c.Label, i, k[i], c.Kind[i])
				}
			}
		}
	}
}

func TestParseModelRejectsBadWeights(t *testing.T) {
	for name, b := range map[string][]byte{
		"empty":     nil,
		"no magic":  []byte("xxxxxxxx1234"),
		"truncated": modelBin[:len(modelBin)-4],
		"too long":  append(append([]byte{}, modelBin...), 0, 0, 0, 0),
	} {
		if _, err := parseModel(b); err == nil {
			t.Errorf("%s: parsed", name)
		}
	}
}
