// Package routes is the single source of truth for what the service deploys:
// every HTTP route (its Lambda, method, path, scope and table access), every
// queue and its consumer, and the functions no route serves. infra/ builds
// the stack from it, the local gateway serves it, and tests hold functions/*,
// this table and the synthesized template to each other.
package routes

import (
	"slices"
	"strings"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/platform/config"
)

// Access is the set of DynamoDB operations a function needs on the table
// and its indexes: the least privilege infra grants it.
type Access uint8

// Table operations; combine them with |.
const (
	// TableGet reads single items by key.
	TableGet Access = 1 << iota
	// TableQuery queries the table and its indexes.
	TableQuery
	// TablePut writes whole items, conditionally.
	TablePut
	// TableUpdate updates attributes in place (counters, status changes).
	TableUpdate
	// TableDelete deletes items, alone or in transactions.
	TableDelete

	// TableNone is no access at all.
	TableNone Access = 0
	// TableRead reads items and queries.
	TableRead = TableGet | TableQuery
	// TableWrite is every operation the service uses.
	TableWrite = TableGet | TableQuery | TablePut | TableUpdate | TableDelete
)

// Actions lists the IAM actions the access grants. A transaction needs the
// action of each of its steps, and ConditionCheckItem for its checks.
func (a Access) Actions() []string {
	var out []string
	for _, op := range []struct {
		bit     Access
		actions []string
	}{
		{TableGet, []string{"dynamodb:GetItem"}},
		{TableQuery, []string{"dynamodb:Query"}},
		{TablePut, []string{"dynamodb:PutItem", "dynamodb:ConditionCheckItem"}},
		{TableUpdate, []string{"dynamodb:UpdateItem"}},
		{TableDelete, []string{"dynamodb:DeleteItem"}},
	} {
		if a&op.bit != 0 {
			out = append(out, op.actions...)
		}
	}
	return out
}

// TableGrant is one statement of a function's DynamoDB grant, as infra
// writes it into the function's role. IAM checks each item a request
// touches (each step of a transaction) as its own action, held to the
// statement's partitions when it names any.
type TableGrant struct {
	// Actions are the IAM actions it allows.
	Actions []string
	// Index puts it on the table's indexes rather than on the table.
	Index bool
	// Partitions hold it to these families of partition keys
	// (dynamodb:LeadingKeys); none: every key.
	Partitions []Partition
}

// The actions of the statements beside a function's Table access.
const (
	// RateCountAction is how a rate-limited function counts: one UpdateItem.
	RateCountAction = "dynamodb:UpdateItem"
	// IndexAction is the one action that reads an index.
	IndexAction = "dynamodb:Query"
)

// UsesTable reports whether the function reaches the table at all: by its
// Table access, its rate counters or its index queries.
func (f Function) UsesTable() bool {
	return f.Table != TableNone || f.RateCounter || len(f.Index) > 0
}

// TableGrants lists the statements of the function's DynamoDB grant: its
// Table actions on the table, held to its Partitions; UpdateItem on the
// rate counters alone for RateCounter; and Query on the index, held to its
// Index partitions. infra grants exactly these, and the local end-to-end
// tests hold every store call a function makes to them.
func (f Function) TableGrants() []TableGrant {
	var out []TableGrant
	if actions := f.Table.Actions(); len(actions) > 0 {
		out = append(out, TableGrant{Actions: actions, Partitions: f.Partitions})
	}
	if f.RateCounter {
		out = append(out, TableGrant{Actions: []string{RateCountAction}, Partitions: []Partition{PartitionRateCounter}})
	}
	if len(f.Index) > 0 {
		out = append(out, TableGrant{Actions: []string{IndexAction}, Index: true, Partitions: f.Index})
	}
	return out
}

// Settings of the deployment that the stack, the local gateway and the
// wiring read from here, each written once.
const (
	// APITimeout bounds the routes and the authorizer: well under API
	// Gateway's IntegrationTimeout, so that a slow call ends in the
	// function's own error envelope rather than the gateway's 504.
	APITimeout = 10 * time.Second
	// AdminTimeout bounds admin, which operators invoke directly (no
	// gateway limits it): set_webhook waits on the callback's verification
	// handshake, up to the webhook client's 15 s, and writes around it, so
	// admin must outlast it (a test in wire/accounts holds it so).
	AdminTimeout = 30 * time.Second
	// IntegrationTimeout is API Gateway's limit on a proxy integration; the
	// local gateway enforces it too.
	IntegrationTimeout = 29 * time.Second
	// DefaultMemoryMB sizes every function that names no size: the handlers
	// are small Go binaries, and 256 MB gives them enough CPU for JSON and
	// TLS without paying for idle memory.
	DefaultMemoryMB = 256
	// RequestBudget bounds the work of one request in the functions on the
	// request path (the routes and the authorizer): a store that refuses or
	// hangs ends in a 503 with Retry-After within it, not when API Gateway
	// gives up.
	RequestBudget = time.Second
	// AuthorizerCacheTTL is how long API Gateway (and the local gateway)
	// reuse the authorizer's answer for one Authorization header. Revoking
	// a key flushes the stage's cache (Function.FlushesAuthorizers), so the
	// key is refused from then on; only when that flush fails does a key
	// used before its revocation keep working, for at most this long. The
	// README says so.
	AuthorizerCacheTTL = 300 * time.Second
)

// Function is one Lambda: its name is its folder under functions/.
type Function struct {
	Name  string
	Table Access
	// Timeout is how long one invocation may run; 0 means APITimeout.
	// Consumers take theirs from their queue (see Consumer.Spec).
	Timeout time.Duration
	// MemoryMB is the function's memory; 0 means DefaultMemoryMB.
	MemoryMB int
	// Sends names the queues the function may send to.
	Sends []string
	// DeadLetters names the queues whose dead-letter queue the function may
	// send to itself (when it gives up on a message on its own schedule).
	DeadLetters []string
	// Secrets names the signing secrets the function reads, one per
	// purpose: it is given and granted those alone (see Secret).
	Secrets []Secret
	// Links gives the function the API's public base URL, for the absolute
	// links it writes into responses.
	Links bool
	// Network lets the function send messages through the network: End
	// User Messaging Social in AWS (social-messaging:SendWhatsAppMessage
	// on the account's phone numbers), the network simulator locally.
	Network bool
	// Features names the features (folders under internal/feature) the
	// function may link beyond what this table itself links; a test holds
	// every binary to it.
	Features []string
	// Geocodes links the offline geocoder (internal/platform/geo/gazetteer),
	// whose embedded table adds about 3.4 MB to the binary; a test holds
	// every binary to it, so a function that only needs a geo.Point does
	// not carry the table.
	Geocodes bool
	// Settings are the optional settings (config.Tunables) the function
	// reads beyond the log level and, on the request path, the request
	// budget (see ReadSettings); the stack passes on those its context sets.
	// A test holds them to what each function's cold start reads.
	Settings []string
	// Partitions, when not empty, are the only families of partition keys
	// the function's item operations touch: infra conditions its table
	// grant on them (dynamodb:LeadingKeys), so that, say, a public call
	// page can read no API key. Empty: the whole table.
	Partitions []Partition
	// RateCounter updates the ZBA's management rate counters (one
	// UpdateItem per block of tokens an instance reserves): every
	// rate-limited route's function has it, and infra grants that
	// UpdateItem on the counters' partitions alone, beside its Table
	// access.
	RateCounter bool
	// FlushesAuthorizers lets the function flush the stage's authorizer
	// cache (a revoked key must be refused at once, not once its cached
	// answer expires): it is given the REST API's id and the stage's name,
	// and granted apigateway:DELETE on that stage's cache/authorizers
	// alone.
	FlushesAuthorizers bool
	// Index are the families of index (gsi1) partition keys the function
	// queries: infra grants Query on the index to these alone
	// (dynamodb:LeadingKeys), and none to a function without any. The
	// index holds API keys and every ZBA's phones, which no function
	// reads through it.
	Index []Partition
}

// Secret names one of the service's signing secrets. Each serves one
// purpose, and keys of that purpose derive from it alone
// (platform/secretkey), so that a function reads only the secret of what
// it signs: the public call pages cannot learn the key of every ZBA's
// webhook secret. In AWS each is its own Secrets Manager secret, named by
// its ARNEnv; the local stack gives every purpose one key (under distinct
// derivation labels).
type Secret string

// The secrets.
const (
	// SecretWebhooks is the webhook master key: every ZBA's webhook signing
	// secret and verify token derive from it.
	SecretWebhooks Secret = "webhooks"
	// SecretCallSessions is the key of the call session tokens (call_url,
	// the provider page links).
	SecretCallSessions Secret = "call-sessions"
	// SecretPageCursors is the key of the list pages' cursors.
	SecretPageCursors Secret = "page-cursors"
)

// Secrets lists every secret.
var Secrets = []Secret{SecretWebhooks, SecretCallSessions, SecretPageCursors}

// ARNEnv is the variable that holds the secret's ARN in AWS.
func (s Secret) ARNEnv() string {
	switch s {
	case SecretWebhooks:
		return config.EnvWebhookMasterKeyARN
	case SecretCallSessions:
		return config.EnvCallSessionKeyARN
	case SecretPageCursors:
		return config.EnvPageCursorKeyARN
	}
	panic("routes: unknown secret " + string(s))
}

// Partition names a family of partition keys of the single table, as a
// key builder of internal/adapter/dynamo/table makes them; infra turns it
// into that builder's prefix (the route table links no adapter).
type Partition string

// The partition key families a function may be held to.
const (
	// PartitionAPIKey is KEY#<key id>: one API key.
	PartitionAPIKey Partition = "api-key"
	// PartitionMessage is MESSAGE#<id>: one message record.
	PartitionMessage Partition = "message"
	// PartitionCall is CALL#<id>: one call session.
	PartitionCall Partition = "call"
	// The index partitions: REVIEW#<shard>, the pending reviews;
	// PAUSE#<shard>, the paused templates; OUTBOX#<shard>, the armed
	// dispatches; PCALLS#<zba>#<provider>, one provider's calls.
	PartitionReviewDue    Partition = "review-due"
	PartitionPauseDue     Partition = "pause-due"
	PartitionOutboxDue    Partition = "outbox-due"
	PartitionProviderCall Partition = "provider-calls"
	// PartitionRateCounter is RATE#<zba>: one ZBA's rate counters.
	PartitionRateCounter Partition = "rate-counter"
	// PartitionProviderStatus is PSTATUS#<zba>: the reservations of one
	// ZBA's providers by calls.
	PartitionProviderStatus Partition = "provider-status"
)

// ReadSettings lists every optional setting the function reads from its
// environment, beyond the log level: its Settings, and
// config.EnvRequestBudget for the functions on the request path.
func (f Function) ReadSettings() []string {
	out := slices.Clone(f.Settings)
	if OnRequestPath(f.Name) {
		out = append(out, config.EnvRequestBudget)
	}
	return out
}

// The settings groups of the route table.
var (
	// templateSettings are read by every function built on the template
	// service: the cap of templates per ZBA.
	templateSettings = []string{config.EnvTemplateCap}
	// managementSettings are read by the rate-limited template routes:
	// the template cap and the management rate limit.
	managementSettings = []string{config.EnvTemplateCap, config.EnvMgmtRateLimit, config.EnvMgmtRateWindow, config.EnvMgmtRateBlock}
	// sendSettings are the send limits of send-message.
	sendSettings = []string{config.EnvSenderRateLimit, config.EnvSenderRateBlock, config.EnvMarketingCap, config.EnvMarketingCapWindow}
	// sessionSettings are the ICE servers the call pages are given.
	sessionSettings = []string{config.EnvCallICEServers}
)

// The features, as Function.Features names them.
const (
	FeatureAccount  = "account"
	FeatureTemplate = "template"
	FeatureWebhook  = "webhook"
	FeatureMessage  = "message"
	FeatureCall     = "call"
)

// RunTimeout is how long one invocation may run.
func (f Function) RunTimeout() time.Duration {
	if f.Timeout > 0 {
		return f.Timeout
	}
	return APITimeout
}

// Memory is the function's memory in MB.
func (f Function) Memory() int {
	if f.MemoryMB > 0 {
		return f.MemoryMB
	}
	return DefaultMemoryMB
}

// QueueNames lists every queue the function sends to, dead-letter queues
// included: the queue URLs its environment must carry.
func (f Function) QueueNames() []string {
	out := append([]string(nil), f.Sends...)
	for _, q := range f.DeadLetters {
		out = append(out, Queue{Name: q}.DLQName())
	}
	return out
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
	// RateLimited routes count against the ZBA's management rate limit.
	RateLimited bool
	// Variant names a further route of a function that already has one
	// ("by-id"); "" for the function's first route.
	Variant string
}

// ID names the route: its function's name, and its variant if any.
func (r Route) ID() string {
	if r.Variant == "" {
		return r.Name
	}
	return r.Name + "-" + r.Variant
}

// RoutesOf lists the routes a function serves, from All.
func RoutesOf(function string) []Route {
	var out []Route
	for _, r := range All {
		if r.Name == function {
			out = append(out, r)
		}
	}
	return out
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

// GatewayParams are the route's path parameters under the names API
// Gateway's resource tree gives them (see GatewayPath), in order.
func (r Route) GatewayParams() []string { return Route{Path: r.GatewayPath()}.Params() }

// GatewayNodeParam is the name, in API Gateway's resource tree, of the path
// variable right under BusinessPrefix. A REST API allows one variable
// among a resource's children, and the business routes start with two
// ({zbaId}/message_templates and {phoneNumberId}/messages): a stack with
// both is refused at deploy ("A sibling ... already has a variable path
// part"). In the gateway both are the node the path acts on, as the
// compatible API's paths are node ids; the route keeps the interface's
// name, which handlers read (RouteParams).
const GatewayNodeParam = "node"

// GatewayPath is the route's path as the deployed API's resource tree (and
// the local gateway) holds it: Path with the variable under BusinessPrefix
// named GatewayNodeParam.
func (r Route) GatewayPath() string {
	rest, ok := strings.CutPrefix(r.Path, BusinessPrefix+"/{")
	if !ok {
		return r.Path
	}
	_, after, _ := strings.Cut(rest, "}")
	return BusinessPrefix + "/{" + GatewayNodeParam + "}" + after
}

// RouteParams renames an event's path parameters from the gateway's names
// (GatewayPath) to the route's, position by position.
func (r Route) RouteParams(gateway map[string]string) map[string]string {
	if len(gateway) == 0 {
		return gateway
	}
	names, gw := r.Params(), r.GatewayParams()
	out := make(map[string]string, len(names))
	for i, name := range names {
		if v, ok := gateway[gw[i]]; ok {
			out[name] = v
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
	// OpenAPI serves the OpenAPI document of every route, without a key.
	// It is its own function rather than a second route of versions: the
	// document (tens of kB, embedded) stays out of the versions binary,
	// whose size and cold start are held to the hello-world baseline.
	OpenAPI = Route{
		Function: Function{Name: "openapi"},
		Method:   "GET", Path: "/openapi.json",
	}
	ListTemplates = Route{
		// Its secret signs page cursors, which carry the page's position.
		Function: Function{Name: "list-templates", Table: TableQuery, RateCounter: true, Secrets: []Secret{SecretPageCursors}, Links: true,
			Features: []string{FeatureTemplate}, Settings: managementSettings},
		Method: "GET", Path: templatesPath, Scope: auth.ScopeManagement, RateLimited: true,
	}
	CreateTemplate = Route{
		// TableUpdate: the create's transaction also counts the ZBA's
		// templates (an Update step, which IAM checks as UpdateItem).
		Function: Function{Name: "create-template", Table: TablePut | TableUpdate, RateCounter: true, Sends: []string{ClassifierQueue.Name},
			Features: []string{FeatureTemplate}, Settings: managementSettings},
		Method: "POST", Path: templatesPath, Scope: auth.ScopeManagement, RateLimited: true,
	}
	DeleteTemplates = Route{
		// TableUpdate: the delete's transaction lowers the ZBA's template
		// count, as create raises it.
		Function: Function{Name: "delete-templates", Table: TableQuery | TableDelete | TableUpdate, RateCounter: true, Features: []string{FeatureTemplate},
			Settings: managementSettings},
		Method: "DELETE", Path: templatesPath, Scope: auth.ScopeManagement, RateLimited: true,
	}
	GetTemplate = Route{
		Function: Function{Name: "get-template", Table: TableGet, RateCounter: true, Features: []string{FeatureTemplate},
			Settings: managementSettings},
		Method: "GET", Path: templatePath, Scope: auth.ScopeManagement, RateLimited: true,
	}
	EditTemplate = Route{
		Function: Function{Name: "edit-template", Table: TableGet | TablePut, RateCounter: true, Sends: []string{ClassifierQueue.Name},
			Features: []string{FeatureTemplate}, Settings: managementSettings},
		Method: "POST", Path: templatePath, Scope: auth.ScopeManagement, RateLimited: true,
	}
	// GetTemplateByID and EditTemplateByID are the compatible API's own
	// paths for one template, GET and POST /{version}/{template id}: its
	// client libraries read and edit a template by its id alone. The same
	// functions serve them, for the key's ZBA.
	GetTemplateByID = Route{Function: GetTemplate.Function, Variant: "by-id",
		Method: "GET", Path: templateByIDPath, Scope: auth.ScopeManagement, RateLimited: true}
	EditTemplateByID = Route{Function: EditTemplate.Function, Variant: "by-id",
		Method: "POST", Path: templateByIDPath, Scope: auth.ScopeManagement, RateLimited: true}
)

// SendMessage accepts a message for a recipient from a registered sender
// (interface section 4.6). Its timeout is well under IntegrationTimeout,
// so a send never outlives the gateway's 504 by much, and the
// idempotency lease (bounded by this timeout) ends soon after.
var SendMessage = Route{
	Function: Function{Name: "send-message",
		// Get: the send's checks (one TransactGetItems); Put: the
		// idempotency lease and the message; Update: the throughput
		// counter, the idempotency completion and the marketing count;
		// Delete: releasing a lease of a request that did nothing.
		Table: TableGet | TablePut | TableUpdate | TableDelete, Sends: []string{OutboundQueue.Name},
		Timeout: 10 * time.Second,
		// The sender is an account record, the template a template's (and
		// the account feature links the webhook's subscription types).
		Features: messageFeatures, Settings: sendSettings},
	Method: "POST", Path: BusinessPrefix + "/{" + ParamPhoneNumberID + "}/messages", Scope: auth.ScopeMessaging,
}

// GetMessage returns one message's status and history to its sender's
// ZBA: an svc extension, for clients without a webhook receiver.
var GetMessage = Route{
	Function: Function{Name: "get-message", Table: TableGet, Features: messageFeatures},
	Method:   "GET", Path: BusinessPrefix + "/{" + ParamPhoneNumberID + "}/messages/{" + ParamMessageID + "}", Scope: auth.ScopeMessaging,
}

// ParamMessageID is the path parameter naming one message.
const ParamMessageID = "messageId"

// messageFeatures are what the message functions link: the message
// feature checks sends against the sender's registration (account) and the
// template, and the account feature links the webhook's types.
var messageFeatures = []string{FeatureMessage, FeatureTemplate, FeatureAccount, FeatureWebhook}

// ParamPhoneNumberID is the path parameter naming a sender.
const ParamPhoneNumberID = "phoneNumberId"

const (
	templatesPath = BusinessPrefix + "/{" + ParamZBA + "}/message_templates"
	templatePath  = templatesPath + "/{" + ParamTemplateID + "}"
	// templateByIDPath is one template named by its id alone.
	templateByIDPath = BusinessPrefix + "/{" + ParamTemplateID + "}"
)

// ParamTemplateID is the path parameter naming one template.
const ParamTemplateID = "templateId"

// The call routes (interface section 4.7). A call is an interaction with
// an end user, like a send, so creating one takes the messaging scope (the
// interface leaves it open). It signs the user's session token with the
// call sessions' secret, and writes the absolute call_url (Links).
var (
	CreateCall = Route{
		Function: Function{Name: "create-call", Table: TableQuery | TablePut | TableUpdate, Secrets: []Secret{SecretCallSessions}, Links: true,
			Features: []string{FeatureCall}, Geocodes: true},
		Method: "POST", Path: CallsPrefix + "/calls", Scope: auth.ScopeMessaging,
	}
)

// The call session routes: the pages and the polled signaling. A browser
// holds no API key, so they are public to the authorizer (like /versions):
// the session token in the call URL's metadata parameter is their only
// credential, checked by each function on every request with the call
// sessions' secret, the only secret they read.
var (
	// CallPage is the user's page (call_url).
	CallPage = sessionRoute("call-page", callWrite, "GET", CallPath+"/session")
	// ProviderPage is a provider's page (the link put_provider prints):
	// it reads the provider's status item, whose link generation the
	// link must carry.
	ProviderPage = sessionRoute("provider-page", TableGet, "GET", ProviderSessionPath)
	// ProviderCalls lists a provider's ringing and connected calls: the
	// provider's status item (as ProviderPage), then the index Query of
	// Index.
	ProviderCalls = sessionRoute("provider-calls", TableGet, "GET", ProviderSessionPath+"/calls")
	// CallSignal is a call's state and the other side's description.
	CallSignal = sessionRoute("call-signal", callWrite, "GET", CallPath+"/signal")
	// CallOffer takes the user's complete offer: the call rings.
	CallOffer = sessionRoute("call-offer", callWrite, "POST", CallPath+"/offer")
	// CallAnswer takes the provider's complete answer: the call connects.
	CallAnswer = sessionRoute("call-answer", callWrite, "POST", CallPath+"/answer")
	// CallDecline is the provider declining.
	CallDecline = sessionRoute("call-decline", callWrite, "POST", CallPath+"/decline")
	// CallHangup ends the call for both.
	CallHangup = sessionRoute("call-hangup", callWrite, "POST", CallPath+"/hangup")
)

// Paths of the call session routes.
const (
	// ParamCallID is the path parameter naming one call.
	ParamCallID         = "callId"
	CallPath            = CallsPrefix + "/calls/{" + ParamCallID + "}"
	ProviderSessionPath = CallsPrefix + "/provider-session"
)

// callWrite reads a call and writes it back: a state change is a put of
// the whole call conditional on its version, in one transaction with the
// update of its provider's reservation (held longer, or released), and any
// read may expire a call whose join or ring time passed.
const callWrite = TableGet | TablePut | TableUpdate

// sessionRoute is a public call session route. Those with table access
// touch the call and its provider's status item alone: their grant is held
// to the call and provider status partitions (the provider's page and
// list to the status partitions alone; ProviderCalls reads the calls'
// index entries, held to its provider-calls partitions).
func sessionRoute(name string, table Access, method, path string) Route {
	var partitions []Partition
	switch {
	case path == ProviderSessionPath || strings.HasPrefix(path, ProviderSessionPath+"/"):
		// The provider's routes name no call: its status item alone.
		partitions = []Partition{PartitionProviderStatus}
	case table != TableNone:
		partitions = []Partition{PartitionCall, PartitionProviderStatus}
	}
	var index []Partition
	if name == "provider-calls" {
		index = []Partition{PartitionProviderCall}
	}
	return Route{Function: Function{Name: name, Table: table, Secrets: []Secret{SecretCallSessions}, Features: []string{FeatureCall},
		Settings: sessionSettings, Partitions: partitions, Index: index}, Method: method, Path: path}
}

// CallSessionRoutes lists the call session routes.
var CallSessionRoutes = []Route{CallPage, ProviderPage, ProviderCalls, CallSignal, CallOffer, CallAnswer, CallDecline, CallHangup}

// All lists every HTTP route.
var All = append([]Route{Versions, OpenAPI, ListTemplates, CreateTemplate, DeleteTemplates, GetTemplate, EditTemplate,
	GetTemplateByID, EditTemplateByID, SendMessage, GetMessage, CreateCall}, CallSessionRoutes...)

// OnRequestPath reports whether a client waits on the named function: the
// HTTP routes and the authorizer, which answer within RequestBudget.
func OnRequestPath(name string) bool {
	return name == Authorizer.Name || slices.ContainsFunc(All, func(r Route) bool { return r.Name == name })
}

// Authorizer is the REQUEST authorizer in front of every non-public route.
var Authorizer = Function{Name: "authorizer", Table: TableGet, Features: []string{FeatureAccount},
	Partitions: []Partition{PartitionAPIKey}}

// Admin is the operators' function, invoked directly with a JSON event. It
// sends to the webhook queue the events of the template quality actions.
var Admin = Function{Name: "admin", Table: TableWrite, Sends: []string{WebhookQueue.Name}, Timeout: AdminTimeout,
	// set_webhook returns the ZBA's signing secret; put_provider prints the
	// provider's signed page link.
	Secrets: []Secret{SecretWebhooks, SecretCallSessions}, Links: true,
	// revoke_key flushes the stage's authorizer cache.
	FlushesAuthorizers: true,
	// Operators also read templates and webhook attempts, record marketing
	// opt-outs and (on the local stack) inbound messages, and manage the
	// call directory.
	Features: []string{FeatureAccount, FeatureTemplate, FeatureWebhook, FeatureMessage, FeatureCall},
	// put_provider geocodes the provider's address.
	Geocodes: true}

// Scheduled is a function run on a fixed rate.
type Scheduled struct {
	Function
	Every time.Duration
}

// ReviewSweeper hands templates whose review was never queued (the process
// died between storing and queueing) to the classifier queue again.
var ReviewSweeper = Scheduled{
	Function: Function{Name: "review-sweeper", Table: TableUpdate, Sends: []string{ClassifierQueue.Name},
		Features: []string{FeatureTemplate}, Settings: templateSettings, Index: []Partition{PartitionReviewDue}},
	Every: time.Minute,
}

// OutboundSweeper queues again the dispatch of accepted messages whose
// queued job never came (the process died between storing and queueing).
var OutboundSweeper = Scheduled{
	// It finds them through the index and updates only their records.
	Function: Function{Name: "outbound-sweeper", Table: TableUpdate, Sends: []string{OutboundQueue.Name},
		Features: messageFeatures, Partitions: []Partition{PartitionMessage}, Index: []Partition{PartitionOutboxDue}},
	Every: time.Minute,
}

// TemplateUnpauser returns paused templates to APPROVED when their pause
// ends, found by the pause index, and queues the unpause events. It is its
// own function rather than part of the review sweeper so that each keeps
// least privilege: only this one sends to the webhook queue, only that one
// to the classifier's.
var TemplateUnpauser = Scheduled{
	Function: Function{Name: "template-unpauser", Table: TableGet | TableUpdate, Sends: []string{WebhookQueue.Name},
		Features: []string{FeatureTemplate, FeatureWebhook}, Index: []Partition{PartitionPauseDue}},
	Every: time.Minute,
}

// Schedules lists every scheduled function.
var Schedules = []Scheduled{ReviewSweeper, OutboundSweeper, TemplateUnpauser}

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
	// A webhook batch may wait on slow receivers: five deliveries of up to
	// 15 s each, in sequence.
	WebhookQueue = Queue{Name: "webhooks", ConsumerTimeout: 90 * time.Second}
	// OutboundQueue carries accepted messages to the dispatch function.
	OutboundQueue = Queue{Name: "outbound", ConsumerTimeout: 30 * time.Second}
	// InboundQueue carries the network's events (statuses, users'
	// messages): in AWS subscribed to the End User Messaging Social event
	// topic, locally fed by the network simulator.
	InboundQueue = Queue{Name: "inbound", ConsumerTimeout: 30 * time.Second}
)

// Queues lists every queue.
var Queues = []Queue{ClassifierQueue, WebhookQueue, OutboundQueue, InboundQueue}

// Consumer is a function fed by a queue through an event source mapping that
// reports partial batch failures.
type Consumer struct {
	Function
	Queue     Queue
	BatchSize int
	// MaxBatchingWindow is how long the event source gathers a batch.
	MaxBatchingWindow time.Duration
	// MaxConcurrency is the most invocations the event source runs at once
	// (the mapping's ScalingConfig.MaximumConcurrency, between
	// MinMaxConcurrency and MaxMaxConcurrency): a backlog waits on its
	// queue instead of taking the account's concurrency from the
	// authorizer and the routes. The stack's context may change it.
	MaxConcurrency int
}

// The bounds Lambda puts on an SQS event source's MaximumConcurrency.
const (
	MinMaxConcurrency = 2
	MaxMaxConcurrency = 1000
)

// Spec is the consumer's function with the timeout its queue's visibility
// timeout was sized for.
func (c Consumer) Spec() Function {
	f := c.Function
	f.Timeout = c.Queue.ConsumerTimeout
	return f
}

// The queue consumers.
var (
	// Classifier reviews templates and publishes the review's webhook events.
	Classifier = Consumer{
		Function: Function{Name: "classifier", Table: TableGet | TableUpdate, Sends: []string{WebhookQueue.Name},
			Features: []string{FeatureTemplate, FeatureWebhook}},
		// Reviews follow template writes, held to the management rate
		// limit, and a batch of 10 is classified in milliseconds: 10 at
		// once clears a burst of thousands in seconds.
		Queue: ClassifierQueue, BatchSize: 10, MaxConcurrency: 10,
	}
	// Webhooks delivers webhook events, re-queueing failed ones on the retry
	// schedule and dead-lettering them when it is spent.
	Webhooks = Consumer{
		// Update: a 410 from the receiver ends the subscription.
		Function: Function{Name: "webhooks", Table: TableGet | TablePut | TableUpdate, Sends: []string{WebhookQueue.Name},
			DeadLetters: []string{WebhookQueue.Name}, Secrets: []Secret{SecretWebhooks},
			// A subscription is kept on the ZBA's account record.
			Features: []string{FeatureWebhook, FeatureAccount}},
		// A batch holds its instance while it waits on receivers (up to
		// 90 s when they hang), so a slow receiver's backlog is the one
		// most likely to take the account's concurrency: 50 at once
		// deliver 200 events a second to receivers answering in the 250 ms
		// the compatible API asks of them, and hold no more than 50
		// instances while receivers time out.
		Queue: WebhookQueue, BatchSize: 5, MaxConcurrency: 50,
	}
)

// Dispatch hands accepted messages to the network: one claim (UpdateItem)
// and one status update per message, whose change (sent, or failed on a
// refusal) it sends to the webhook queue.
var Dispatch = Consumer{
	Function: Function{Name: "dispatch", Table: TableUpdate, Network: true, Sends: []string{WebhookQueue.Name}, Features: messageFeatures,
		Partitions: []Partition{PartitionMessage}},
	// Each message is a claim, a network call and an update, about a tenth
	// of a second: 50 at once hand over some 500 messages a second, six
	// senders at their default 80.
	Queue: OutboundQueue, BatchSize: 10, MaxConcurrency: 50,
}

// Inbound handles the network's events: statuses move messages forward
// (Update) and feed template quality (Get, Update); users' messages open
// windows and mark themselves handled (Put), and STOP and START record
// the opt-out or the opt-in (Put). Each change is forwarded to the webhook
// queue.
var Inbound = Consumer{
	Function: Function{Name: "inbound", Table: TableGet | TablePut | TableUpdate, Sends: []string{WebhookQueue.Name},
		Features: messageFeatures},
	// Statuses come about three per message sent, each a few store writes
	// of tens of milliseconds: 50 at once keep up with what dispatch hands
	// over at its 50.
	Queue: InboundQueue, BatchSize: 10, MaxConcurrency: 50,
}

// Consumers lists every queue consumer.
var Consumers = []Consumer{Classifier, Webhooks, Dispatch, Inbound}

// Functions lists every Lambda the stack deploys, each once.
func Functions() []Function {
	out := []Function{Authorizer, Admin}
	for _, r := range All {
		if r.Variant == "" {
			out = append(out, r.Function)
		}
	}
	for _, c := range Consumers {
		out = append(out, c.Spec())
	}
	for _, sc := range Schedules {
		out = append(out, sc.Function)
	}
	return out
}
