package vision

import "math"

// homography maps grid coordinates (u, v), 0..9 across and down, to picture
// coordinates: x = (h0 u + h1 v + h2) / (h6 u + h7 v + 1), y likewise with h3..h5.
type homography [8]float64

func (h homography) apply(u, v float64) (float64, float64) {
	d := h[6]*u + h[7]*v + 1
	return (h[0]*u + h[1]*v + h[2]) / d, (h[3]*u + h[4]*v + h[5]) / d
}

// quadHomography is the homography taking the corners of the 9×9 square to q.
func quadHomography(q Quad) (homography, bool) {
	src := [4]Point{{0, 0}, {9, 0}, {9, 9}, {0, 9}}
	var a [8][9]float64
	for i := range 4 {
		u, v, x, y := src[i].X, src[i].Y, q[i].X, q[i].Y
		a[2*i] = [9]float64{u, v, 1, 0, 0, 0, -u * x, -v * x, x}
		a[2*i+1] = [9]float64{0, 0, 0, u, v, 1, -u * y, -v * y, y}
	}
	for col := range 8 {
		piv := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if math.Abs(a[piv][col]) < 1e-12 {
			return homography{}, false
		}
		a[col], a[piv] = a[piv], a[col]
		for r := range 8 {
			if r == col {
				continue
			}
			f := a[r][col] / a[col][col]
			for k := col; k < 9; k++ {
				a[r][k] -= f * a[col][k]
			}
		}
	}
	var h homography
	for i := range 8 {
		h[i] = a[i][8] / a[i][i]
	}
	return h, true
}
