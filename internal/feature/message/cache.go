package message

import (
	"sync"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/template"
)

// MaxCached bounds each of a Cache's maps, so an instance's memory stays
// bounded whatever the number of senders, templates and recipients.
const MaxCached = 1024

// Cache holds, in one function instance, what its sends read and what
// rarely changes, so that a warm instance's send reads nothing before it
// writes. It never decides a send on its own:
//
//   - A sender or a template is kept only after a send checked against it
//     was written, and every send's write is conditional on the sender and
//     the template being unchanged in the store (Acceptance.Sender and
//     Template). A stale entry therefore cannot accept a send the store
//     would refuse: the write fails with ErrStale, the entry is dropped, and
//     the send reads them again and is decided once more. A send refused on
//     a held entry (a template's parameters, say) is decided again on a
//     fresh read too, so a refusal never comes from the cache either.
//   - A 24-hour window is kept only while open. A window's end never moves
//     back (Store.OpenWindow) and its record outlives it, so an open window
//     held here is open in the store too; a closed or unknown window is
//     always read, so a window that has just opened is seen at once.
//   - Opt-outs and marketing counts are never held: they are conditions of
//     the write itself.
//
// Nothing is read to fill it at start: the first send of each sender and
// template fills it. A nil *Cache holds nothing.
type Cache struct {
	mu        sync.Mutex
	phones    map[string]account.Phone
	templates map[template.Ref]template.Template
	windows   map[windowKey]time.Time
}

// windowKey names the window of a sender with a recipient.
type windowKey struct{ zbaID, phoneID, recipient string }

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{phones: map[string]account.Phone{}, templates: map[template.Ref]template.Template{}, windows: map[windowKey]time.Time{}}
}

// phone returns the held registration of phoneID.
func (c *Cache) phone(phoneID string) (account.Phone, bool) {
	if c == nil {
		return account.Phone{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.phones[phoneID]
	return p, ok
}

// template returns the held template r.
func (c *Cache) template(r template.Ref) (template.Template, bool) {
	if c == nil {
		return template.Template{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.templates[r]
	return t, ok
}

// window returns the end of the held window k when it is still open at now.
func (c *Cache) window(k windowKey, now time.Time) (time.Time, bool) {
	if c == nil {
		return time.Time{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	until, ok := c.windows[k]
	if ok && !until.After(now) {
		delete(c.windows, k)
		return time.Time{}, false
	}
	return until, ok
}

// keep holds what an accepted send was checked against: the sender, the
// template (when t is not nil) and the window while open at now.
func (c *Cache) keep(p account.Phone, r *template.Ref, t *template.Template, k *windowKey, until, now time.Time) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	put(c.phones, p.ID, p)
	if r != nil && t != nil {
		put(c.templates, *r, *t)
	}
	if k != nil && until.After(now) {
		put(c.windows, *k, until)
	}
}

// forget drops what a send found stale or refused: the sender, the
// template and the window it used.
func (c *Cache) forget(phoneID string, r *template.Ref, k *windowKey) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.phones, phoneID)
	if r != nil {
		delete(c.templates, *r)
	}
	if k != nil {
		delete(c.windows, *k)
	}
}

// put stores v under k, first dropping some other entry when m is full.
func put[K comparable, V any](m map[K]V, k K, v V) {
	if _, ok := m[k]; !ok && len(m) >= MaxCached {
		for old := range m {
			delete(m, old)
			break
		}
	}
	m[k] = v
}
