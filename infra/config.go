package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/constructs-go/constructs/v10"

	"svc/internal/routes"
)

// Context keys the app reads, set in cdk.json or with `cdk -c key=value`.
// The CLI passes -c values as strings, cdk.json as JSON types: the getters
// accept both.
const (
	// CtxStackName names the stack and prefixes every physical name, so that
	// several stacks (one per developer) fit in one account and region.
	CtxStackName = "stackName"
	// CtxStage is the API Gateway stage name, the last segment of ApiUrl.
	CtxStage = "stage"
	// CtxLogLevel is the functions' application log level: DEBUG, INFO,
	// WARN or ERROR (the levels Lambda and log/slog share).
	CtxLogLevel = "logLevel"
	// CtxLogRetentionDays is how long every log group keeps its events; one
	// of the values CloudWatch Logs accepts (1, 3, 5, 7, 14, 30, 60, ...).
	CtxLogRetentionDays = "logRetentionDays"
	// CtxRemovalPolicy is "retain" (keep the table, secrets, keys and logs
	// when the stack is deleted or they are replaced, and protect the table
	// from deletion; all but the table go when the first deploy rolls back)
	// or "destroy" (for throw-away development stacks).
	CtxRemovalPolicy = "removalPolicy"
	// CtxThrottleRate is the steady request rate per second each method
	// accepts before answering 429.
	CtxThrottleRate = "throttleRateLimit"
	// CtxThrottleBurst is the burst each method accepts above the rate.
	CtxThrottleBurst = "throttleBurstLimit"
	// CtxSendThrottleRate and CtxSendThrottleBurst replace the throttle
	// above for the send route, the one the service's volume goes through.
	CtxSendThrottleRate  = "sendThrottleRateLimit"
	CtxSendThrottleBurst = "sendThrottleBurstLimit"
	// CtxCallPollThrottleRate and CtxCallPollThrottleBurst replace it for
	// each of the routes the call pages poll (call-signal, provider-calls).
	CtxCallPollThrottleRate  = "callPollThrottleRateLimit"
	CtxCallPollThrottleBurst = "callPollThrottleBurstLimit"
	// CtxTracing turns on X-Ray tracing of the API stage.
	CtxTracing = "tracing"
	// CtxAlarmEmail, when set, subscribes that address to the alarm topic.
	CtxAlarmEmail = "alarmEmail"
	// CtxAPIGatewayCloudWatchRole makes the stack set the account's API
	// Gateway logging role, which stage logging needs once per account and
	// region. Turn it off where the account already has one.
	CtxAPIGatewayCloudWatchRole = "apiGatewayCloudWatchRole"
	// CtxPublicBaseURL is the URL clients reach the API at when it is not
	// the stage's execute-api URL (a custom domain, with its base path if
	// any): the functions that write absolute links build them from it.
	// Empty, the default, means the stage's URL.
	CtxPublicBaseURL = "publicBaseUrl"
	// CtxAssetDir is the directory holding <function>/bootstrap, relative to
	// the working directory; the Makefile's build target fills it.
	CtxAssetDir = "assetDir"
	// CtxWAFRateLimit, when above 0, puts an AWS WAF web ACL in front of
	// the stage that blocks a source IP address sending more than this
	// many requests in wafWindow; 0, the default, creates no web ACL (it
	// is billed by the month and by the request).
	CtxWAFRateLimit = "wafRateLimit"
)

// MaxConcurrencyKey is the context key bounding how many invocations the
// named queue consumer runs at once, "<consumer>MaxConcurrency" (e.g.
// webhooksMaxConcurrency); its default is the route table's
// routes.Consumer.MaxConcurrency.
func MaxConcurrencyKey(consumer string) string { return consumer + "MaxConcurrency" }

// Context keys that tune the functions (see functionSettings): each sets
// one variable of config.Tunables on the functions that read it. Empty,
// the default, leaves the variable unset and the functions' own default
// applies.
const (
	CtxMgmtRateLimit      = "mgmtRateLimit"
	CtxMgmtRateWindow     = "mgmtRateWindow"
	CtxMgmtRateBlock      = "mgmtRateBlock"
	CtxTemplateCap        = "templateCap"
	CtxSenderRateLimit    = "senderRateLimit"
	CtxSenderRateBlock    = "senderRateBlock"
	CtxMarketingCap       = "marketingCap"
	CtxMarketingCapWindow = "marketingCapWindow"
	CtxCallICEServers     = "callIceServers"
	CtxRequestBudget      = "requestBudget"
)

// Defaults of the context keys. cdk.json repeats them so that they are
// visible where they are changed; a test keeps the two equal.
var contextDefaults = withConsumerDefaults(map[string]any{
	CtxStackName:                "Svc",
	CtxStage:                    "prod",
	CtxLogLevel:                 "INFO",
	CtxLogRetentionDays:         30,
	CtxRemovalPolicy:            "retain",
	CtxThrottleRate:             50,
	CtxThrottleBurst:            100,
	CtxSendThrottleRate:         500,
	CtxSendThrottleBurst:        1000,
	CtxCallPollThrottleRate:     250,
	CtxCallPollThrottleBurst:    500,
	CtxTracing:                  false,
	CtxAlarmEmail:               "",
	CtxAPIGatewayCloudWatchRole: true,
	CtxAssetDir:                 "dist",
	CtxPublicBaseURL:            "",
	CtxWAFRateLimit:             0,
	CtxMgmtRateLimit:            "",
	CtxMgmtRateWindow:           "",
	CtxMgmtRateBlock:            "",
	CtxTemplateCap:              "",
	CtxSenderRateLimit:          "",
	CtxSenderRateBlock:          "",
	CtxMarketingCap:             "",
	CtxMarketingCapWindow:       "",
	CtxCallICEServers:           "",
	CtxRequestBudget:            "",
})

// withConsumerDefaults adds each consumer's MaxConcurrencyKey, defaulting to
// its route table entry, to the defaults m.
func withConsumerDefaults(m map[string]any) map[string]any {
	for _, c := range routes.Consumers {
		m[MaxConcurrencyKey(c.Name)] = c.MaxConcurrency
	}
	return m
}

// settings is the validated context the stack is built from.
type settings struct {
	// StackName is the stack's name, not read from the context here: main
	// reads CtxStackName to name the stack, and the stack passes its name on.
	StackName string
	// MetricsNamespace is the CloudWatch namespace of the stack's functions,
	// which its alarms and dashboard read: metrics.StackNamespace of its
	// name, set with StackName.
	MetricsNamespace string
	Stage            string
	LogLevel         string
	LogRetention     awslogs.RetentionDays
	RemovalPolicy    awscdk.RemovalPolicy
	// Destroy is true for a throw-away stack (removalPolicy=destroy).
	Destroy                  bool
	ThrottleRate             float64
	ThrottleBurst            float64
	SendThrottleRate         float64
	SendThrottleBurst        float64
	CallPollThrottleRate     float64
	CallPollThrottleBurst    float64
	Tracing                  bool
	AlarmEmail               string
	APIGatewayCloudWatchRole bool
	AssetDir                 string
	// PublicBaseURL is CtxPublicBaseURL without a trailing "/"; empty for
	// the stage's URL.
	PublicBaseURL string
	// WAFRateLimit is the requests one source IP address may send in
	// wafWindow before the web ACL blocks it; 0 for no web ACL.
	WAFRateLimit int
	// FunctionSettings are the functions' settings the context sets, by
	// variable, each valid for the functions that read it.
	FunctionSettings map[string]string
	// MaxConcurrency bounds each queue consumer's concurrent invocations,
	// by consumer name.
	MaxConcurrency map[string]int
}

// retentionByDays maps the retention periods CloudWatch Logs accepts to
// CDK's enum, whose Go values are names rather than numbers.
var retentionByDays = map[int]awslogs.RetentionDays{
	1: awslogs.RetentionDays_ONE_DAY, 3: awslogs.RetentionDays_THREE_DAYS,
	5: awslogs.RetentionDays_FIVE_DAYS, 7: awslogs.RetentionDays_ONE_WEEK,
	14: awslogs.RetentionDays_TWO_WEEKS, 30: awslogs.RetentionDays_ONE_MONTH,
	60: awslogs.RetentionDays_TWO_MONTHS, 90: awslogs.RetentionDays_THREE_MONTHS,
	120: awslogs.RetentionDays_FOUR_MONTHS, 150: awslogs.RetentionDays_FIVE_MONTHS,
	180: awslogs.RetentionDays_SIX_MONTHS, 365: awslogs.RetentionDays_ONE_YEAR,
	400: awslogs.RetentionDays_THIRTEEN_MONTHS, 545: awslogs.RetentionDays_EIGHTEEN_MONTHS,
	731: awslogs.RetentionDays_TWO_YEARS, 1096: awslogs.RetentionDays_THREE_YEARS,
	1827: awslogs.RetentionDays_FIVE_YEARS, 2192: awslogs.RetentionDays_SIX_YEARS,
	2557: awslogs.RetentionDays_SEVEN_YEARS, 2922: awslogs.RetentionDays_EIGHT_YEARS,
	3288: awslogs.RetentionDays_NINE_YEARS, 3653: awslogs.RetentionDays_TEN_YEARS,
}

// logLevels are the levels both Lambda's log filter and log/slog know.
var logLevels = []string{"DEBUG", "INFO", "WARN", "ERROR"}

// loadSettings reads and validates every context key, so that a typo in a
// -c flag fails the synth with the key's name instead of deploying a
// default.
func loadSettings(node constructs.Node) (settings, error) {
	var s settings
	var errs []string
	str := func(key string) string {
		v, err := contextString(node, key, contextDefaults[key].(string))
		if err != nil {
			errs = append(errs, err.Error())
		}
		return v
	}
	num := func(key string) float64 {
		v, err := contextNumber(node, key, float64(contextDefaults[key].(int)))
		if err != nil {
			errs = append(errs, err.Error())
		}
		return v
	}
	flag := func(key string) bool {
		v, err := contextBool(node, key, contextDefaults[key].(bool))
		if err != nil {
			errs = append(errs, err.Error())
		}
		return v
	}

	s.Stage = str(CtxStage)
	s.LogLevel = strings.ToUpper(str(CtxLogLevel))
	s.AlarmEmail = str(CtxAlarmEmail)
	s.AssetDir = str(CtxAssetDir)
	if base := str(CtxPublicBaseURL); base != "" {
		if err := checkPublicBaseURL(base); err != nil {
			errs = append(errs, fmt.Sprintf("context %s: %v", CtxPublicBaseURL, err))
		}
		s.PublicBaseURL = strings.TrimSuffix(base, "/")
	}
	s.ThrottleRate = num(CtxThrottleRate)
	s.ThrottleBurst = num(CtxThrottleBurst)
	s.SendThrottleRate = num(CtxSendThrottleRate)
	s.SendThrottleBurst = num(CtxSendThrottleBurst)
	s.CallPollThrottleRate = num(CtxCallPollThrottleRate)
	s.CallPollThrottleBurst = num(CtxCallPollThrottleBurst)
	s.Tracing = flag(CtxTracing)
	s.APIGatewayCloudWatchRole = flag(CtxAPIGatewayCloudWatchRole)

	if s.Stage == "" || s.AssetDir == "" {
		errs = append(errs, fmt.Sprintf("context %s and %s must not be empty", CtxStage, CtxAssetDir))
	}
	if !slices.Contains(logLevels, s.LogLevel) {
		errs = append(errs, fmt.Sprintf("context %s: %q is not one of %s", CtxLogLevel, s.LogLevel, strings.Join(logLevels, ", ")))
	}
	days := num(CtxLogRetentionDays)
	if r, ok := retentionByDays[int(days)]; ok && days == float64(int(days)) {
		s.LogRetention = r
	} else {
		errs = append(errs, fmt.Sprintf("context %s: %v is not a retention CloudWatch Logs accepts (1, 3, 5, 7, 14, 30, 60, 90, ... 3653)", CtxLogRetentionDays, days))
	}
	switch policy := strings.ToLower(str(CtxRemovalPolicy)); policy {
	case "retain":
		// Kept on deletion and replacement, but not when the stack's
		// first deploy fails: a rollback of its creation deletes what it
		// made (RetainExceptOnCreate), where Retain would leave orphans
		// behind after every failed first deploy. The table keeps Retain
		// (newTable).
		s.RemovalPolicy = awscdk.RemovalPolicy_RETAIN_ON_UPDATE_OR_DELETE
	case "destroy":
		s.RemovalPolicy, s.Destroy = awscdk.RemovalPolicy_DESTROY, true
	default:
		errs = append(errs, fmt.Sprintf("context %s: %q is neither retain nor destroy", CtxRemovalPolicy, policy))
	}
	for _, t := range []struct {
		rate, burst string
		values      [2]float64
	}{
		{CtxThrottleRate, CtxThrottleBurst, [2]float64{s.ThrottleRate, s.ThrottleBurst}},
		{CtxSendThrottleRate, CtxSendThrottleBurst, [2]float64{s.SendThrottleRate, s.SendThrottleBurst}},
		{CtxCallPollThrottleRate, CtxCallPollThrottleBurst, [2]float64{s.CallPollThrottleRate, s.CallPollThrottleBurst}},
	} {
		if t.values[0] <= 0 || t.values[1] <= 0 {
			errs = append(errs, fmt.Sprintf("context %s and %s must be positive", t.rate, t.burst))
		}
	}
	if n := num(CtxWAFRateLimit); n != 0 && (n != float64(int(n)) || n < wafMinRateLimit || n > wafMaxRateLimit) {
		errs = append(errs, fmt.Sprintf("context %s: %v is neither 0 (no web ACL) nor a whole number of requests per source IP "+
			"address in %d minutes from %d to %d (AWS WAF's bounds)",
			CtxWAFRateLimit, n, int(wafWindow.Minutes()), wafMinRateLimit, wafMaxRateLimit))
	} else {
		s.WAFRateLimit = int(n)
	}
	s.MaxConcurrency = map[string]int{}
	for _, c := range routes.Consumers {
		key := MaxConcurrencyKey(c.Name)
		n := num(key)
		if n != float64(int(n)) || n < routes.MinMaxConcurrency || n > routes.MaxMaxConcurrency {
			errs = append(errs, fmt.Sprintf("context %s: %v is not a whole number from %d to %d (Lambda's bounds)",
				key, n, routes.MinMaxConcurrency, routes.MaxMaxConcurrency))
		}
		s.MaxConcurrency[c.Name] = int(n)
	}
	s.FunctionSettings = map[string]string{}
	for _, fs := range functionSettings {
		v, err := contextSetting(node, fs.Key)
		if err == nil && v != "" {
			err = checkFunctionSetting(fs.Key, fs.Env, v)
		}
		if err != nil {
			errs = append(errs, err.Error())
		} else if v != "" {
			s.FunctionSettings[fs.Env] = v
		}
	}
	if len(errs) > 0 {
		return s, fmt.Errorf("invalid context: %s", strings.Join(errs, "; "))
	}
	return s, nil
}

// checkPublicBaseURL accepts what links can be built on by appending a
// route's path: an absolute https URL with a host, and no query or
// fragment.
func checkPublicBaseURL(base string) error {
	u, err := url.Parse(base)
	switch {
	case err != nil:
		return err
	case u.Scheme != "https" || u.Host == "":
		return fmt.Errorf("%q is not an https URL with a host (https://api.example.com, or with the base path mapping's path)", base)
	case u.RawQuery != "" || u.Fragment != "" || strings.HasSuffix(base, "?") || strings.HasSuffix(base, "#"):
		return fmt.Errorf("%q has a query or a fragment, which links cannot follow with a path", base)
	}
	return nil
}

// contextString reads a string context value, or def when it is unset.
func contextString(node constructs.Node, key, def string) (string, error) {
	switch v := node.TryGetContext(&key).(type) {
	case nil:
		return def, nil
	case string:
		return v, nil
	default:
		return def, fmt.Errorf("context %s: want a string, got %v", key, v)
	}
}

// contextSetting reads a function setting as the text its variable holds:
// a string as it is, a number in decimal, a JSON array or object (the ICE
// servers, written in cdk.json) as JSON; "" when unset.
func contextSetting(node constructs.Node, key string) (string, error) {
	switch v := node.TryGetContext(&key).(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	case []any, map[string]any:
		b, err := json.Marshal(v)
		if err != nil {
			return "", fmt.Errorf("context %s: %v", key, err)
		}
		return string(b), nil
	default:
		return "", fmt.Errorf("context %s: want a string, a number or JSON, got %v", key, v)
	}
}

// contextNumber reads a number given as JSON or as a -c string.
func contextNumber(node constructs.Node, key string, def float64) (float64, error) {
	switch v := node.TryGetContext(&key).(type) {
	case nil:
		return def, nil
	case float64:
		return v, nil
	case string:
		n, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return def, fmt.Errorf("context %s: %q is not a number", key, v)
		}
		return n, nil
	default:
		return def, fmt.Errorf("context %s: want a number, got %v", key, v)
	}
}

// contextBool reads a boolean given as JSON or as a -c string.
func contextBool(node constructs.Node, key string, def bool) (bool, error) {
	switch v := node.TryGetContext(&key).(type) {
	case nil:
		return def, nil
	case bool:
		return v, nil
	case string:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return def, fmt.Errorf("context %s: %q is not true or false", key, v)
		}
		return b, nil
	default:
		return def, fmt.Errorf("context %s: want true or false, got %v", key, v)
	}
}
