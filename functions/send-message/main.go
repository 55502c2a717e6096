// Command send-message is the Lambda behind the send-message route (internal/routes.SendMessage).
// It is built by internal/wire/messages.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/messages"
)

func main() { wire.Main(messages.SendMessage) }
