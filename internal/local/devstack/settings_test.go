package devstack_test

import (
	"context"
	"fmt"
	"testing"

	"svc/internal/feature/account/auth"
	"svc/internal/local/devstack"
	"svc/internal/platform/config"
)

// TestLocalStackHonoursTheFunctionsSettings: a setting the deployed
// functions read (here the management rate limit) set in the local stack's
// own environment reaches every function, as make run is started with it.
func TestLocalStackHonoursTheFunctionsSettings(t *testing.T) {
	name := "settings-" + randomSuffix()
	process := map[string]string{config.EnvMgmtRateLimit: "2", config.EnvMgmtRateWindow: "1h"}
	st, err := devstack.Open(context.Background(), devstack.Options{
		DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint, TableName: name, QueuePrefix: name + "-",
		Log: quietLog(), Getenv: func(k string) string { return process[k] },
	})
	if err != nil {
		t.Fatal(err)
	}
	e := serve(t, st)
	key := e.mint(t, "acme", auth.ScopeManagement)
	path := fmt.Sprintf(listPath, "acme")
	for i, want := range []int{200, 200, 429} {
		if got := e.call(t, "GET", path, "Bearer "+key).status; got != want {
			t.Fatalf("request %d: status %d, want %d (limit 2 an hour from the stack's environment)", i+1, got, want)
		}
	}
}
