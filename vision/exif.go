package vision

import "encoding/binary"

// exifTurns is the quarter turns clockwise that a JPEG's EXIF orientation
// asks for to show the picture upright (orientation 6: one, 3: two, 8:
// three), or 0 when it has none, a mirrored one, or the bytes are not a
// JPEG with EXIF. Only the markers before the first scan are looked at.
func exifTurns(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 0
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			return 0
		}
		marker := data[i+1]
		if marker == 0xDA || marker == 0xD9 { // start of scan, end of image
			return 0
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 0
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) > 6 && string(seg[:6]) == "Exif\x00\x00" {
			return turnsOf(tiffOrientation(seg[6:]))
		}
		i += 2 + n
	}
	return 0
}

// tiffOrientation reads tag 0x0112 of a TIFF header's first directory, or
// returns 0.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 0
	}
	var bo binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 0
	}
	off := int(bo.Uint32(t[4:]))
	if off < 8 || off+2 > len(t) {
		return 0
	}
	count := int(bo.Uint16(t[off:]))
	for k := range count {
		e := off + 2 + 12*k
		if e+12 > len(t) {
			return 0
		}
		if bo.Uint16(t[e:]) == 0x0112 {
			return int(bo.Uint16(t[e+8:]))
		}
	}
	return 0
}

func turnsOf(orientation int) int {
	switch orientation {
	case 6:
		return 1
	case 3:
		return 2
	case 8:
		return 3
	}
	return 0
}
