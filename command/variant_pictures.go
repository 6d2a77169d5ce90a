package command

import (
	"bytes"
	"fmt"

	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/link"
)

// variantPictures draws a variant puzzle (its givens and rules) and, when
// there is one, its solution behind a spoiler, as PNG files.
func (h *Handler) variantPictures(p *variant.Puzzle, info *link.Info, solution []int) ([]File, error) {
	b := picture.VariantBoard{Size: p.Size, Digits: p.Givens, Givens: p.Givens, Regions: p.Regions}
	for _, s := range info.Shapes {
		b.Marks = append(b.Marks, picture.Mark{Kind: s.Kind, Cells: s.Cells, Label: s.Label, Bulb: s.Bulb,
			Row: s.Row, Col: s.Col, DR: s.DR, DC: s.DC})
	}
	encode := func(name string, b picture.VariantBoard) (File, error) {
		img, err := picture.DrawVariant(b, picture.Options{Theme: h.cfg.Theme})
		if err != nil {
			return File{}, fmt.Errorf("draw %s: %w", name, err)
		}
		var buf bytes.Buffer
		if err := picture.EncodeImage(&buf, img); err != nil {
			return File{}, fmt.Errorf("encode %s: %w", name, err)
		}
		return File{Name: name, ContentType: "image/png", Data: buf.Bytes()}, nil
	}
	f, err := encode("puzzle.png", b)
	if err != nil {
		return nil, err
	}
	files := []File{f}
	if solution != nil {
		b.Digits = solution
		f, err := encode(spoilerName("solution.png"), b)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}
