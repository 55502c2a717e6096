package accounts

import (
	"testing"
	"time"

	"svc/internal/adapter/webhookhttp"
	"svc/internal/routes"
)

// handshakeMargin is the time set_webhook needs beyond the handshake: the
// account read before it and the subscription's write after it, each
// bounded by the store's own timeouts.
const handshakeMargin = 5 * time.Second

// TestAdminOutlastsTheHandshake: set_webhook waits on the callback's
// verification handshake, which the client this function is built with
// gives up on after webhookhttp.DefaultTimeout. The admin function's timeout
// must leave room for it and the writes around it; were it shorter, Lambda
// would end the invocation first, and the operator would read a timeout in
// place of the handshake's reason.
func TestAdminOutlastsTheHandshake(t *testing.T) {
	if got, least := routes.Admin.RunTimeout(), webhookhttp.DefaultTimeout+handshakeMargin; got < least {
		t.Errorf("admin times out after %v, want at least the handshake's %v and %v more", got, webhookhttp.DefaultTimeout, handshakeMargin)
	}
}
