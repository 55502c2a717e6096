// Package message holds the send use cases: checking a send against the
// sender, the template, the 24-hour window, opt-outs and limits, storing the
// accepted message, and dispatching it through the network.
package message

import (
	"context"
	"fmt"
)

// Network is the port messages leave through: AWS End User Messaging Social
// in AWS, the project's network simulator on the local stack.
type Network interface {
	// Send hands one message to the network and returns the network's own id
	// for it. A *NetworkError says the network refused the message.
	Send(ctx context.Context, m Outbound) (string, error)
}

// Outbound is one message as the network takes it.
type Outbound struct {
	// PhoneNumberID is svc's id of the sender (the send path's phoneNumberId).
	PhoneNumberID string
	// Origination is the sender's origination phone number id or ARN in the
	// network, kept on the sender's registration.
	Origination string
	// Body is the message in the compatible API's JSON (messaging_product,
	// to, type and the type's object), as the network expects it.
	Body []byte
	// Receipt marks a read receipt (status read and a message_id, no to
	// or type): the network may answer it without a message id, and the
	// id returned, if any, is not used.
	Receipt bool
}

// NetworkError is the network's verdict on a message it will not deliver.
type NetworkError struct {
	// Permanent errors fail the message; others may succeed on a retry.
	Permanent bool
	// Code is the interface's error code (for example 131026, undeliverable).
	Code    int
	Title   string
	Details string
}

// Error is the refusal in one line, for logs and wrapped errors; the
// sender sees its fields in the message's failed status.
func (e *NetworkError) Error() string {
	return fmt.Sprintf("network refused the message: %d %s: %s", e.Code, e.Title, e.Details)
}
