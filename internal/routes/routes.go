// Package routes is the single source of truth for what the service deploys:
// every HTTP route (its Lambda, method, path, scope and table access), every
// queue and its consumer, and the functions no route serves. infra/ builds
// the stack from it, the local gateway serves it, and tests hold functions/*,
// this table and the synthesized template to each other.
package routes

import (
	"strings"
	"time"

	"svc/internal/auth"
)

// Access is the least DynamoDB access a function needs.
type Access int

// Table access levels, from none to read-write.
const (
	TableNone Access = iota
	// TableGet reads single items by key.
	TableGet
	// TableRead reads items and queries the table and its indexes.
	TableRead
	// TableWrite reads and writes items, including conditional and
	// transactional writes.
	TableWrite
)

// Actions lists the IAM actions the access level grants on the table and
// its indexes.
func (a Access) Actions() []string {
	switch a {
	case TableGet:
		return []string{"dynamodb:GetItem"}
	case TableRead:
		return []string{"dynamodb:GetItem", "dynamodb:Query"}
	case TableWrite:
		return []string{"dynamodb:GetItem", "dynamodb:Query", "dynamodb:PutItem", "dynamodb:UpdateItem",
			"dynamodb:DeleteItem", "dynamodb:ConditionCheckItem", "dynamodb:BatchWriteItem"}
	}
	return nil
}

// Function is one Lambda: its name is its folder under functions/.
type Function struct {
	Name  string
	Table Access
	// Sends names the queues the function may send to.
	Sends []string
}

// Route is an HTTP endpoint served by its own Lambda.
type Route struct {
	Function
	Method string
	// Path is in API Gateway syntax: /a/{param}/b.
	Path string
	// Scope is the scope a key needs; empty for a public route, which is
	// served without the authorizer.
	Scope auth.Scope
}

// Public reports whether the route is served without the authorizer.
func (r Route) Public() bool { return r.Scope == "" }

// Pattern is the route as a net/http ServeMux pattern, e.g.
// "GET /business/v1.0/{zbaId}/message_templates".
func (r Route) Pattern() string { return r.Method + " " + r.Path }

// Params lists the path parameters in order of appearance.
func (r Route) Params() []string {
	var out []string
	for _, seg := range strings.Split(r.Path, "/") {
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			out = append(out, strings.TrimSuffix(seg[1:len(seg)-1], "+"))
		}
	}
	return out
}

// ParamZBA is the path parameter that binds a route to the key's ZBA.
const ParamZBA = "zbaId"

// Path prefixes of the interface's versions (section 9).
const (
	BusinessPrefix = "/business/v1.0"
	CallsPrefix    = "/v1"
)

// The HTTP routes.
var (
	Versions = Route{
		Function: Function{Name: "versions"},
		Method:   "GET", Path: "/versions",
	}
	ListTemplates = Route{
		Function: Function{Name: "list-templates", Table: TableRead},
		Method:   "GET", Path: BusinessPrefix + "/{" + ParamZBA + "}/message_templates",
		Scope: auth.ScopeManagement,
	}
)

// All lists every HTTP route.
var All = []Route{Versions, ListTemplates}

// Authorizer is the REQUEST authorizer in front of every non-public route.
var Authorizer = Function{Name: "authorizer", Table: TableGet}

// Admin is the operators' function, invoked directly with a JSON event.
var Admin = Function{Name: "admin", Table: TableWrite}

// MaxReceiveCount is how many times a queue delivers a message before moving
// it to the queue's dead-letter queue.
const MaxReceiveCount = 5

// Queue is an SQS queue with a dead-letter queue.
type Queue struct {
	Name string
	// ConsumerTimeout is the timeout of the function that consumes the queue.
	ConsumerTimeout time.Duration
}

// VisibilityTimeout is six times the consumer's timeout, as Lambda's event
// source mapping advises, so a slow batch is not delivered twice.
func (q Queue) VisibilityTimeout() time.Duration { return 6 * q.ConsumerTimeout }

// DLQName is the name of the queue's dead-letter queue.
func (q Queue) DLQName() string { return q.Name + "-dlq" }

// The queues.
var (
	ClassifierQueue = Queue{Name: "classifier", ConsumerTimeout: 30 * time.Second}
	WebhookQueue    = Queue{Name: "webhooks", ConsumerTimeout: 30 * time.Second}
)

// Queues lists every queue.
var Queues = []Queue{ClassifierQueue, WebhookQueue}

// Consumer is a function fed by a queue through an event source mapping that
// reports partial batch failures.
type Consumer struct {
	Function
	Queue     Queue
	BatchSize int
	// MaxBatchingWindow is how long the event source gathers a batch.
	MaxBatchingWindow time.Duration
}

// Consumers lists every queue consumer. The classifier and webhook
// consumers arrive with the review issue; their queues exist already.
var Consumers = []Consumer{}

// Functions lists every Lambda the stack deploys, each once.
func Functions() []Function {
	out := []Function{Authorizer, Admin}
	for _, r := range All {
		out = append(out, r.Function)
	}
	for _, c := range Consumers {
		out = append(out, c.Function)
	}
	return out
}
