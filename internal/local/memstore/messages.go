package memstore

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"

	"svc/internal/feature/message"
	"svc/internal/platform/idempotency"
)

// messageTables is what the message and idempotency stores keep in a DB.
type messageTables struct {
	messages map[string]messageRow
	windows  map[windowKey]message.Window
	// optOuts holds each recipient's latest opt-out change, opt-ins too,
	// as the adapter keeps them.
	optOuts map[recipientKey]optChange
	// marketing counts per recipient and cap window start.
	marketing map[marketingKey]int
	idem      map[idemKey]idempotency.Record
	// inbound marks handled users' messages; lastTemplate the template
	// last delivered to a recipient.
	inbound      map[inboundKey]bool
	lastTemplate map[recipientKey]message.TemplateRef
}

func newMessageTables() messageTables {
	return messageTables{messages: map[string]messageRow{}, windows: map[windowKey]message.Window{},
		optOuts: map[recipientKey]optChange{}, marketing: map[marketingKey]int{}, idem: map[idemKey]idempotency.Record{},
		inbound: map[inboundKey]bool{}, lastTemplate: map[recipientKey]message.TemplateRef{}}
}

type (
	windowKey    struct{ zba, recipient, phone string }
	recipientKey struct{ zba, recipient string }
	marketingKey struct {
		zba, recipient string
		start          int64
	}
	idemKey    struct{ scope, key string }
	inboundKey struct{ phone, networkID string }
)

// optChange is an opt-out change and its time.
type optChange struct {
	optedOut bool
	at       time.Time
}

// messageRow is a message with its dispatch marker (due zero: disarmed)
// and its claim.
type messageRow struct {
	m          message.Message
	due        time.Time
	leaseUntil time.Time
}

// Messages stores messages, windows, opt-outs and marketing counts, as
// messagestore.Store does; its Lookup reads the sender and the template
// from the same DB, as the adapter's batched read does from the table.
type Messages struct{ db *DB }

// NewMessages returns the message store over db.
func NewMessages(db *DB) *Messages { return &Messages{db: db} }

var _ message.InboundStore = (*Messages)(nil)

func cloneMessage(m message.Message) message.Message {
	m.Body = cloneBytes(m.Body)
	m.StatusTimes = maps.Clone(m.StatusTimes)
	m.Owed = slices.Clone(m.Owed)
	for k, v := range m.StatusTimes {
		m.StatusTimes[k] = instant(v)
	}
	m.Content.Buttons = slices.Clone(m.Content.Buttons)
	if m.Template != nil {
		t := *m.Template
		m.Template = &t
	}
	if m.Failure != nil {
		f := *m.Failure
		m.Failure = &f
	}
	m.CreatedAt, m.UpdatedAt = instant(m.CreatedAt), instant(m.UpdatedAt)
	return m
}

// Lookup implements message.Store.
func (s *Messages) Lookup(_ context.Context, l message.Lookup) (message.Found, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	var f message.Found
	if p, ok := s.db.phones[l.PhoneNumberID]; ok && l.Sender {
		f.Phone = &p
	}
	if l.Template != nil {
		if row, ok := s.db.templates[*l.Template]; ok {
			t := row.read()
			f.Template = &t
		}
	}
	if l.Window {
		f.WindowUntil = s.db.msgs.windows[windowKey{l.ZBAID, l.Recipient, l.PhoneNumberID}].Until
	}
	f.OptedOut = l.OptOut && s.db.msgs.optOuts[recipientKey{l.ZBAID, l.Recipient}].optedOut
	return f, nil
}

// Accept implements message.Store: all or nothing, as the adapter's
// transaction, failing on the first of its conditions that does not hold
// in the adapter's order.
func (s *Messages) Accept(_ context.Context, a message.Acceptance) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	m := a.Message
	if _, ok := s.db.msgs.messages[m.ID]; ok {
		return message.ErrExists
	}
	var ik idemKey
	if c := a.Idempotency; c != nil {
		ik = idemKey{c.Scope, c.Key}
		if r, ok := s.db.msgs.idem[ik]; !ok || r.Status != idempotency.StatusInProgress || r.Token != c.Token {
			return idempotency.ErrNoClaim
		}
	}
	if a.CheckOptOut && s.db.msgs.optOuts[recipientKey{m.ZBAID, m.To}].optedOut {
		return message.ErrOptedOut
	}
	var mk marketingKey
	if a.Marketing != nil {
		mk = marketingKey{m.ZBAID, m.To, a.Marketing.WindowStart.Unix()}
		if s.db.msgs.marketing[mk] >= a.Marketing.Cap {
			return message.ErrMarketingCap
		}
		s.db.msgs.marketing[mk]++
	}
	if c := a.Idempotency; c != nil {
		r := s.db.msgs.idem[ik]
		r.Status = idempotency.StatusCompleted
		r.ExpiresAt = instant(c.ExpiresAt)
		r.Response = &idempotency.Response{Status: c.Response.Status, Body: cloneBytes(c.Response.Body)}
		s.db.msgs.idem[ik] = r
	}
	s.db.msgs.messages[m.ID] = messageRow{m: cloneMessage(m), due: instant(a.DispatchDue)}
	return nil
}

// GetMessage implements message.Store.
func (s *Messages) GetMessage(_ context.Context, id string) (message.Message, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	row, ok := s.db.msgs.messages[id]
	if !ok {
		return message.Message{}, message.ErrNotFound
	}
	return cloneMessage(row.m), nil
}

// Claim implements message.Store.
func (s *Messages) Claim(_ context.Context, id string, now, leaseUntil time.Time) (message.Message, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	row, ok := s.db.msgs.messages[id]
	switch {
	case !ok:
		return message.Message{}, message.ErrNotFound
	case row.m.Status != message.StatusAccepted, row.leaseUntil.After(now):
		return cloneMessage(row.m), message.ErrNotClaimable
	}
	row.leaseUntil = instant(leaseUntil)
	row.m.DispatchAttempts++
	s.db.msgs.messages[id] = row
	return cloneMessage(row.m), nil
}

// move applies a status change to an accepted message; see transition.
func (s *Messages) move(id string, to message.Status, at time.Time, change func(m *message.Message)) (bool, error) {
	return s.transition(id, func(st message.Status) bool { return st == message.StatusAccepted }, to, at, change)
}

// transition moves a message whose status satisfies may to status to at
// at, owing the move's webhook and disarming the dispatch, with change's
// further changes (nil: none), as messagestore's transition.
func (s *Messages) transition(id string, may func(message.Status) bool, to message.Status, at time.Time, change func(m *message.Message)) (bool, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	row, ok := s.db.msgs.messages[id]
	if !ok {
		return false, message.ErrNotFound
	}
	if !may(row.m.Status) {
		return false, nil
	}
	if change != nil {
		change(&row.m)
	}
	row.m.Status = to
	row.m.StatusTimes[to] = instant(at)
	row.m.UpdatedAt = instant(at)
	row.m.Owed = owe(row.m.Owed, to)
	row.due, row.leaseUntil = time.Time{}, time.Time{}
	s.db.msgs.messages[id] = row
	return true, nil
}

// MarkSent implements message.Store.
func (s *Messages) MarkSent(_ context.Context, id, networkID string, at time.Time) (bool, error) {
	if moved, err := s.move(id, message.StatusSent, at, func(m *message.Message) { m.NetworkID = networkID }); moved || err != nil {
		return moved, err
	}
	// As messagestore: a message a status moved on first gets its network
	// id alone, once.
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	if row, ok := s.db.msgs.messages[id]; ok && row.m.NetworkID == "" {
		row.m.NetworkID = networkID
		s.db.msgs.messages[id] = row
	}
	return false, nil
}

// MarkFailed implements message.Store.
func (s *Messages) MarkFailed(_ context.Context, id string, f message.Failure, at time.Time) (bool, error) {
	return s.move(id, message.StatusFailed, at, func(m *message.Message) { m.Failure, m.Body = &f, nil })
}

// Advance implements message.Store.
func (s *Messages) Advance(_ context.Context, id string, to message.Status, at time.Time, f *message.Failure) (bool, error) {
	var change func(m *message.Message)
	if f != nil {
		fc := *f
		change = func(m *message.Message) { m.Failure = &fc }
	}
	return s.transition(id, func(st message.Status) bool { return st.CanMoveTo(to) }, to, at, change)
}

// owe adds status to an owed set, as the adapter's ADD to a string set.
func owe(owed []message.Status, status message.Status) []message.Status {
	if slices.Contains(owed, status) {
		return owed
	}
	owed = append(slices.Clone(owed), status)
	message.SortStatuses(owed)
	return owed
}

// Settle implements message.Store.
func (s *Messages) Settle(_ context.Context, id string, status message.Status) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	row, ok := s.db.msgs.messages[id]
	if !ok || !row.m.Owes(status) {
		return nil
	}
	// An emptied set is no set, as DynamoDB drops it.
	row.m.Owed = slices.DeleteFunc(slices.Clone(row.m.Owed), func(o message.Status) bool { return o == status })
	if len(row.m.Owed) == 0 {
		row.m.Owed = nil
	}
	s.db.msgs.messages[id] = row
	return nil
}

// DueDispatches implements message.Store, oldest due first.
func (s *Messages) DueDispatches(_ context.Context, now time.Time, limit int) ([]string, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	type due struct {
		id string
		at time.Time
	}
	var all []due
	for id, row := range s.db.msgs.messages {
		if !row.due.IsZero() && !row.due.After(now) {
			all = append(all, due{id, row.due})
		}
	}
	slices.SortFunc(all, func(a, b due) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		if a.id < b.id {
			return -1
		}
		return 1
	})
	var out []string
	for _, d := range all[:min(limit, len(all))] {
		out = append(out, d.id)
	}
	return out, nil
}

// RearmDispatch implements message.Store.
func (s *Messages) RearmDispatch(_ context.Context, id string, due time.Time) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	row, ok := s.db.msgs.messages[id]
	if !ok || row.due.IsZero() {
		return nil
	}
	row.due = instant(due)
	s.db.msgs.messages[id] = row
	return nil
}

// OpenWindow implements message.Store.
func (s *Messages) OpenWindow(_ context.Context, w message.Window) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	w.LastInbound, w.Until = instant(w.LastInbound), instant(w.Until)
	k := windowKey{w.ZBAID, w.Recipient, w.PhoneNumberID}
	if old, ok := s.db.msgs.windows[k]; ok && old.Until.After(w.Until) {
		return nil
	}
	s.db.msgs.windows[k] = w
	return nil
}

// SetMarketingOptOut implements message.Store.
func (s *Messages) SetMarketingOptOut(_ context.Context, zbaID, recipient string, optedOut bool, at time.Time) (bool, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	k := recipientKey{zbaID, recipient}
	if old, ok := s.db.msgs.optOuts[k]; ok && old.at.After(at) {
		return false, nil
	}
	s.db.msgs.optOuts[k] = optChange{optedOut: optedOut, at: instant(at)}
	return true, nil
}

// MarkInboundSeen implements message.InboundStore.
func (s *Messages) MarkInboundSeen(_ context.Context, phoneID, networkID string, _ time.Time) (bool, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	k := inboundKey{phoneID, networkID}
	if s.db.msgs.inbound[k] {
		return false, nil
	}
	s.db.msgs.inbound[k] = true
	return true, nil
}

// SetLastTemplate implements message.InboundStore.
func (s *Messages) SetLastTemplate(_ context.Context, zbaID, recipient string, t message.TemplateRef, _ time.Time) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	s.db.msgs.lastTemplate[recipientKey{zbaID, recipient}] = t
	return nil
}

// LastTemplate implements message.InboundStore.
func (s *Messages) LastTemplate(_ context.Context, zbaID, recipient string) (*message.TemplateRef, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	t, ok := s.db.msgs.lastTemplate[recipientKey{zbaID, recipient}]
	if !ok {
		return nil, nil
	}
	return &t, nil
}

// Idempotency stores idempotency records, as idemstore.Store does.
type Idempotency struct{ db *DB }

// NewIdempotency returns the idempotency store over db.
func NewIdempotency(db *DB) *Idempotency { return &Idempotency{db: db} }

var _ idempotency.Store = (*Idempotency)(nil)

// Begin implements idempotency.Store.
func (s *Idempotency) Begin(_ context.Context, r idempotency.Record, now time.Time) (*idempotency.Record, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	k := idemKey{r.Scope, r.Key}
	if old, ok := s.db.msgs.idem[k]; ok && old.ExpiresAt.After(now) &&
		(old.Status == idempotency.StatusCompleted || old.LeaseUntil.After(now)) {
		return &old, nil
	}
	r.LeaseUntil, r.ExpiresAt = instant(r.LeaseUntil), instant(r.ExpiresAt)
	s.db.msgs.idem[k] = r
	return nil, nil
}

// Release implements idempotency.Store.
func (s *Idempotency) Release(_ context.Context, scope, key, token string) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	k := idemKey{scope, key}
	if r, ok := s.db.msgs.idem[k]; ok && r.Status == idempotency.StatusInProgress && r.Token == token {
		delete(s.db.msgs.idem, k)
	}
	return nil
}

// Network is a recording network for unit tests of dispatch: it keeps what
// it was handed and answers with FailWith's error while one is set. The
// local stack uses the network simulator, never this.
type Network struct {
	mu   sync.Mutex
	sent []message.Outbound
	err  error
}

var _ message.Network = (*Network)(nil)

// Send implements message.Network.
func (n *Network) Send(_ context.Context, m message.Outbound) (string, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.err != nil {
		return "", n.err
	}
	m.Body = cloneBytes(m.Body)
	n.sent = append(n.sent, m)
	return "net-" + m.PhoneNumberID + "-" + strconv.Itoa(len(n.sent)), nil
}

// FailWith makes every send fail with err (nil: succeed again).
func (n *Network) FailWith(err error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.err = err
}

// Sent returns what the network was handed, in order.
func (n *Network) Sent() []message.Outbound {
	n.mu.Lock()
	defer n.mu.Unlock()
	return slices.Clone(n.sent)
}
