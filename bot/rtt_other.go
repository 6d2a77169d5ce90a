//go:build !linux

package bot

import (
	"net"
	"time"
)

// tcpRTT is not available outside Linux.
func tcpRTT(net.Conn) (time.Duration, bool) { return 0, false }
