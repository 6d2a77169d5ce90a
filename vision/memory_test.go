package vision

import (
	"context"
	"errors"
	"os"
	"sync"
	"syscall"
	"testing"
	"time"
)

// BenchmarkReadSixteenAtOnce reads 16 copies of the photo VISION_LARGE
// names (a phone's photo of 16 megapixels, say; skipped without it) at
// once, as 16 commands with a photo each would, and reports the process's
// peak resident memory (getrusage's high-water mark, so run it alone:
// go test -run '^$' -bench ReadSixteen -benchtime 1x) and the CPU per photo.
func BenchmarkReadSixteenAtOnce(b *testing.B) {
	path := os.Getenv("VISION_LARGE")
	if path == "" {
		b.Skip("VISION_LARGE names no photo")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	photos := make([][]byte, 16)
	for i := range photos {
		photos[i] = append([]byte(nil), data...)
	}
	usage := func() syscall.Rusage {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			b.Fatal(err)
		}
		return ru
	}
	start := usage()
	n := 0
	for b.Loop() {
		var wg sync.WaitGroup
		errs := make([]error, len(photos))
		for i, p := range photos {
			wg.Go(func() {
				_, errs[i] = Read(context.Background(), p)
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil && !errors.Is(err, ErrUnreadable) && !errors.Is(err, ErrNoGrid) {
				b.Fatal(err)
			}
		}
		n += len(photos)
	}
	end := usage()
	cpu := time.Duration(end.Utime.Nano() + end.Stime.Nano() - start.Utime.Nano() - start.Stime.Nano())
	b.ReportMetric(float64(end.Maxrss)/1024, "peak-RSS-MiB")
	b.ReportMetric(float64(cpu)/float64(n)/1e6, "cpu-ms/photo")
}
