// Package config names the environment variables the functions read. The
// route table says which of them each function is deployed with
// (routes.Environment); internal/wire reads them, and fails a cold start
// that lacks one, naming it.
package config

import (
	"fmt"
	"strconv"
	"strings"
)

// Environment variables.
const (
	// EnvTableName is the DynamoDB table's name.
	EnvTableName = "SVC_TABLE_NAME"
	// EnvLogLevel is debug, info, warn or error (default info).
	EnvLogLevel = "SVC_LOG_LEVEL"
	// EnvMetricsNamespace is the CloudWatch namespace of the function's
	// metrics: the stack sets metrics.StackNamespace of its name, so two
	// stacks in one account and region keep theirs apart; unset, the local
	// stack's, metrics.Namespace. A bad namespace fails the cold start.
	EnvMetricsNamespace = "SVC_METRICS_NAMESPACE"
	// EnvWebhookMasterKeyARN names the Secrets Manager secret holding the
	// webhook master key (deployed stacks), which every ZBA's webhook
	// signing secret and verify token derive from (platform/secretkey).
	EnvWebhookMasterKeyARN = "SVC_WEBHOOK_MASTER_KEY_ARN"
	// EnvCallSessionKeyARN names the secret the call session tokens' key
	// derives from.
	EnvCallSessionKeyARN = "SVC_CALL_SESSION_KEY_ARN"
	// EnvPageCursorKeyARN names the secret the page cursors' key derives
	// from.
	EnvPageCursorKeyARN = "SVC_PAGE_CURSOR_KEY_ARN"
	// EnvWebhookMasterKey is a key itself, at least MinMasterKeyLength
	// characters, standing for each of the secrets above: for local stacks
	// only, which have no Secrets Manager. Every purpose derives its keys
	// from it under its own label.
	EnvWebhookMasterKey = "SVC_WEBHOOK_MASTER_KEY"
	// EnvWebhookAllowLoopback, "true" on local stacks only, lets webhooks go
	// to plain-http and loopback callbacks.
	EnvWebhookAllowLoopback = "SVC_WEBHOOK_ALLOW_LOOPBACK"
	// EnvMgmtRateLimit is the number of management requests a ZBA may make
	// per window, an integer > 0 (see platform/ratelimit).
	EnvMgmtRateLimit = "SVC_MGMT_RATE_LIMIT"
	// EnvMgmtRateWindow is that window, a Go duration of whole seconds, at
	// least 1s (e.g. "60s", "1m", "1h").
	EnvMgmtRateWindow = "SVC_MGMT_RATE_WINDOW"
	// EnvMgmtRateBlock is the largest block of management tokens a warm
	// function instance reserves for one ZBA at a time, an integer >= 1
	// (default ratelimit.DefaultBlock; 1 is one store write per request).
	EnvMgmtRateBlock = "SVC_MGMT_RATE_BLOCK"
	// EnvPublicBaseURL is the API's public base URL, stage included
	// (https://<api>.execute-api.<region>.amazonaws.com/<stage>): absolute
	// links in responses (page links) are built from it, never from the
	// request's Host. The stack and make run set it; where it is unset the
	// request's host is used.
	EnvPublicBaseURL = "SVC_PUBLIC_BASE_URL"
	// EnvRestAPIID and EnvStageName name the REST API and its stage: the
	// admin function flushes that stage's authorizer cache when it revokes
	// a key (API Gateway's FlushStageAuthorizersCache).
	EnvRestAPIID = "SVC_REST_API_ID"
	EnvStageName = "SVC_STAGE_NAME"
	// EnvTemplateCap is the most templates one ZBA may hold, an integer > 0
	// (default template.DefaultMaxTemplates, 250).
	EnvTemplateCap = "SVC_TEMPLATE_CAP"
	envQueueURL    = "SVC_QUEUE_URL_"
)

// EnvRequestBudget replaces routes.RequestBudget, a Go duration: how long
// a function on the request path waits on the store before answering 503.
// The default suits DynamoDB; the local stack's tests on a loaded machine
// give DynamoDB Local more.
const EnvRequestBudget = "SVC_REQUEST_BUDGET"

// EnvCallICEServers is the ICE servers the call pages are given, as the
// JSON array RTCPeerConnection takes ([{"urls":["turn:turn.example:3478"],
// "username":"u","credential":"p"}]); default a public STUN server.
const EnvCallICEServers = "SVC_CALL_ICE_SERVERS"

// Tunables are the optional settings a function reads from its environment
// beyond its dependencies. The local stack passes each one from its own
// environment to every function, so make run honours what a deployment
// would.
var Tunables = []string{EnvLogLevel, EnvMgmtRateLimit, EnvMgmtRateWindow, EnvMgmtRateBlock, EnvTemplateCap, EnvRequestBudget,
	EnvSenderRateLimit, EnvSenderRateBlock, EnvMarketingCap, EnvMarketingCapWindow, EnvCallICEServers}

// Send limits (read by the send-message function).
const (
	// EnvSenderRateLimit is how many messages one sender may send per
	// second, an integer > 0 (default 80, the compatible API's default).
	EnvSenderRateLimit = "SVC_SENDER_RATE_LIMIT"
	// EnvSenderRateBlock is the largest block of a sender's throughput
	// tokens a warm instance reserves at a time, an integer >= 1 (default
	// ratelimit.DefaultBlock, capped at a tenth of the sender's limit; 1 is
	// one counter update per send).
	EnvSenderRateBlock = "SVC_SENDER_RATE_BLOCK"
	// EnvMarketingCap is how many marketing templates one recipient may get
	// from one ZBA per EnvMarketingCapWindow, an integer > 0 (default 2).
	EnvMarketingCap = "SVC_MARKETING_CAP"
	// EnvMarketingCapWindow is that window, a Go duration of whole
	// seconds (default 24h).
	EnvMarketingCapWindow = "SVC_MARKETING_CAP_WINDOW"
)

// QueueURLEnv is the variable holding the URL of the named queue.
func QueueURLEnv(queue string) string {
	return envQueueURL + strings.ToUpper(strings.ReplaceAll(queue, "-", "_"))
}

// MinMasterKeyLength is the shortest master key accepted, in bytes.
const MinMasterKeyLength = 32

// PositiveInt reads the variable name through getenv as an integer > 0:
// def when it is unset or empty. A value that is set but not such an
// integer is an error naming the variable, so a typo in a deployment fails
// the cold start rather than running with the default.
func PositiveInt(getenv func(string) string, name string, def int) (int, error) {
	v := getenv(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s=%q: want an integer greater than 0", name, v)
	}
	return n, nil
}
