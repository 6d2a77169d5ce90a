package gateway

import (
	"net"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// tcpRTT returns the kernel's smoothed round-trip time of a TCP connection
// (TCP_INFO), and false when c is not one or the kernel does not say.
func tcpRTT(c net.Conn) (time.Duration, bool) {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return 0, false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return 0, false
	}
	var info *unix.TCPInfo
	var ierr error
	if err := raw.Control(func(fd uintptr) {
		info, ierr = unix.GetsockoptTCPInfo(int(fd), unix.IPPROTO_TCP, unix.TCP_INFO)
	}); err != nil || ierr != nil || info == nil {
		return 0, false
	}
	return time.Duration(info.Rtt) * time.Microsecond, true
}
