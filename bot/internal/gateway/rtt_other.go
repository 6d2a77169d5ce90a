//go:build !linux

package gateway

import (
	"net"
	"time"
)

// tcpRTT is not available outside Linux.
func tcpRTT(net.Conn) (time.Duration, bool) { return 0, false }
