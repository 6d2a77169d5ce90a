//go:build unix

package main

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system): on a
// busy machine, with -cpu 1, what a solve costs, where its wall time also
// counts the waits for a core.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
