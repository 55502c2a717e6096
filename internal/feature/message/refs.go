package message

import (
	"context"
	"errors"
	"strings"

	"svc/internal/platform/apperr"
)

// A send may refer to another message: a reply's context.message_id, a
// reaction's message_id, a mark-as-read's message_id. The network knows
// its own ids (wamid.…, as inbound webhooks carry them), and those pass
// through as given; but a bot ported from the compatible API knows svc's
// ids of the messages it sent (svcmid.…, the send's answer and its status
// webhooks), so such an id is read (one GetItem) and replaced by the
// network's id of that message. Only a message of the same ZBA and sender
// that the network took can be named so; any other is 131009.

// messageRef is one message id a request refers to, with its path for the
// details of a refusal.
type messageRef struct {
	path string
	id   *string
}

// refs lists the message ids r refers to.
func (r *Request) refs() []messageRef {
	var out []messageRef
	if r.IsReceipt() {
		out = append(out, messageRef{"message_id", &r.MessageID})
	}
	if r.Context != nil {
		out = append(out, messageRef{"context.message_id", &r.Context.MessageID})
	}
	if r.Type == TypeReaction && r.Reaction != nil {
		out = append(out, messageRef{"reaction.message_id", &r.Reaction.MessageID})
	}
	return out
}

// resolveRefs replaces each svcmid. id r refers to with the network's id
// of that message, reading each distinct one once; a send without one
// reads nothing. The message must be one the sender phoneID of zbaID sent
// and the network took (it has a network id); otherwise the answer is
// 131009 saying which of these it is not. Another ZBA's message is
// answered as an unknown one, so the answer reveals nothing of it.
func (s Service) resolveRefs(ctx context.Context, zbaID, phoneID string, r *Request) error {
	found := map[string]string{}
	for _, ref := range r.refs() {
		id := *ref.id
		if !strings.HasPrefix(id, IDPrefix) {
			continue
		}
		nid, ok := found[id]
		if !ok {
			var err error
			if nid, err = s.networkIDOf(ctx, zbaID, phoneID, ref.path, id); err != nil {
				return err
			}
			found[id] = nid
		}
		*ref.id = nid
	}
	return nil
}

// networkIDOf is the network's id of the message id that phoneID of zbaID
// sent, read for the reference at path.
func (s Service) networkIDOf(ctx context.Context, zbaID, phoneID, path, id string) (string, error) {
	var m Message
	err := ErrNotFound
	if ValidID(id) {
		m, err = s.Store.GetMessage(ctx, id)
	}
	switch {
	case errors.Is(err, ErrNotFound) || err == nil && m.ZBAID != zbaID:
		return "", apperr.Newf(apperr.CodeInvalidValue, "%s: %s is not a message sent by this business account", path, quote(id))
	case err != nil:
		return "", err
	case m.PhoneNumberID != phoneID:
		return "", apperr.Newf(apperr.CodeInvalidValue, "%s: %s was sent from phone number id %s, not from %s", path, quote(id), m.PhoneNumberID, phoneID)
	case m.NetworkID == "" && m.Status == StatusFailed:
		return "", apperr.Newf(apperr.CodeInvalidValue, "%s: %s was never sent (its status is failed), so the network does not know it", path, quote(id))
	case m.NetworkID == "":
		return "", apperr.Newf(apperr.CodeInvalidValue,
			"%s: %s has not been sent yet (its status is %s); refer to it once its sent status has arrived", path, quote(id), m.Status)
	}
	return m.NetworkID, nil
}
