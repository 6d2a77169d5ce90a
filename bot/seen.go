package bot

import "sync"

// seenSet remembers the last IDs it was given, so an event that Discord
// delivers twice (a resumed session replays what it missed) is answered once.
type seenSet struct {
	mu   sync.Mutex
	ids  map[string]struct{}
	ring []string
	next int
}

func newSeenSet(capacity int) *seenSet {
	return &seenSet{ids: make(map[string]struct{}, capacity), ring: make([]string, capacity)}
}

// firstTime records id and reports whether it was new.
func (s *seenSet) firstTime(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.ids[id]; ok {
		return false
	}
	if old := s.ring[s.next]; old != "" {
		delete(s.ids, old)
	}
	s.ring[s.next] = id
	s.next = (s.next + 1) % len(s.ring)
	s.ids[id] = struct{}{}
	return true
}
