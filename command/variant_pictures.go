package command

import (
	"bytes"
	"fmt"

	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/link"
)

// variantBoard is a variant puzzle as it is drawn: its givens and rules.
func variantBoard(p *variant.Puzzle, info *link.Info) picture.VariantBoard {
	b := picture.VariantBoard{Size: p.Size, Digits: p.Givens, Givens: p.Givens, Regions: p.Regions}
	for _, s := range info.Shapes {
		b.Marks = append(b.Marks, picture.Mark{Kind: s.Kind, Cells: s.Cells, Label: s.Label, Bulb: s.Bulb,
			Row: s.Row, Col: s.Col, DR: s.DR, DC: s.DC})
	}
	return b
}

// encodeVariant draws b as the PNG file name.
func (h *Handler) encodeVariant(name string, b picture.VariantBoard) (File, error) {
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

// variantPictures draws a variant puzzle (its givens and rules) and, when
// there is one, its solution behind a spoiler, as PNG files.
func (h *Handler) variantPictures(p *variant.Puzzle, info *link.Info, solution []int) ([]File, error) {
	b := variantBoard(p, info)
	f, err := h.encodeVariant("puzzle.png", b)
	if err != nil {
		return nil, err
	}
	files := []File{f}
	if solution != nil {
		b.Digits = solution
		f, err := h.encodeVariant(spoilerName("solution.png"), b)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// checkPicture draws a variant puzzle with the digits checked, the cells
// of the rules they break on the conflict background (the digits that
// are merely not the solution's are not shown: the reply only counts
// them).
func (h *Handler) checkPicture(p *variant.Puzzle, info *link.Info, vals []int, broken []variant.Broken) (File, error) {
	b := variantBoard(p, info)
	b.Digits = vals
	for _, br := range broken {
		b.Clash = append(b.Clash, br.Cells...)
	}
	return h.encodeVariant("check.png", b)
}

// candidatesPicture draws a variant puzzle with its true candidates as
// pencil marks in the cells without a given.
func (h *Handler) candidatesPicture(p *variant.Puzzle, info *link.Info, cands []variant.Digits) (File, error) {
	b := variantBoard(p, info)
	b.Candidates = make([]uint32, len(cands))
	for i, m := range cands {
		b.Candidates[i] = uint32(m)
	}
	return h.encodeVariant("candidates.png", b)
}
