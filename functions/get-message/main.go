// Command get-message is the Lambda behind GET /business/v1.0/{phoneNumberId}/messages/{messageId} (internal/routes.GetMessage).
// It is built by internal/wire/messages.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/messages"
)

func main() { wire.Main(messages.GetMessage) }
