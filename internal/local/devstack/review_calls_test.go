package devstack_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/local/devstack"
	"svc/internal/routes"
)

// TestReviewPipelineStoreCalls holds the DynamoDB calls from a template
// create to its status webhook: the create's transaction (and the key read
// and rate-limit block a request may need); the classifier's decision,
// written without reading the template (the queue message carries its
// content), and the clearing of its pending events; the webhooks
// consumer's attempt record, after a subscription read only when its
// instance holds no fresh copy. The webhooks function's clock stands still,
// so its copy of the subscription never expires here.
func TestReviewPipelineStoreCalls(t *testing.T) {
	counter, endpoint := countingDynamo(t)
	frozen := time.Now()
	e := consumersEnv(t, "rc-", func(o *devstack.Options) {
		o.DynamoEndpoint = endpoint
		o.Clocks = map[string]func() time.Time{routes.Webhooks.Name: func() time.Time { return frozen }}
	})
	key := e.mint(t, "acme", auth.ScopeManagement)
	r := newReceiver(t, 0)
	e.subscribe(t, "acme", r)
	counter.calls()

	steps := []struct {
		name string
		want []string
	}{
		{"first create: key read, a block of 1; the subscription read",
			[]string{"GetItem", "UpdateItem", "TransactWriteItems", "UpdateItem", "UpdateItem", "GetItem", "PutItem"}},
		{"second create: a block of 2; the subscription kept",
			[]string{"UpdateItem", "TransactWriteItems", "UpdateItem", "UpdateItem", "PutItem"}},
		{"third create: a held token",
			[]string{"TransactWriteItems", "UpdateItem", "UpdateItem", "PutItem"}},
	}
	for i, s := range steps {
		name := fmt.Sprintf("order_update_%d", i)
		if res := e.do(t, "POST", fmt.Sprintf(tplPath, "acme"), key,
			tplBody(name, "en_US", "UTILITY", "Your order {{1}} has shipped.")); res.status != 200 {
			t.Fatalf("%s: create %d %s", s.name, res.status, res.body)
		}
		waitFor(t, "the status webhook", settle, func() bool {
			r.mu.Lock()
			defer r.mu.Unlock()
			return len(r.bodies) == i+1
		})
		// A message is deleted after its handler returned: with both
		// queues empty, the consumers' calls are all made.
		waitFor(t, "idle consumers", settle, func() bool {
			return e.queueEmpty(t, routes.ClassifierQueue.Name) && e.queueEmpty(t, routes.WebhookQueue.Name)
		})
		got := counter.calls()
		slices.Sort(got)
		want := slices.Clone(s.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: DynamoDB calls %s, want %s", s.name, strings.Join(got, ","), strings.Join(want, ","))
		}
	}
}
