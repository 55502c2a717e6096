package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"

	"svc/internal/platform/config"
)

// TestCDKJSON keeps cdk.json, where the defaults are documented and
// changed, equal to the defaults the getters fall back to.
func TestCDKJSON(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "cdk.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cdk struct {
		App     string
		Context map[string]any
	}
	if err := json.Unmarshal(b, &cdk); err != nil {
		t.Fatal(err)
	}
	if cdk.App != "go run ./infra" {
		t.Errorf(`app = %q, want "go run ./infra"`, cdk.App)
	}
	want := map[string]any{}
	for k, v := range contextDefaults {
		if n, ok := v.(int); ok {
			v = float64(n) // JSON numbers decode as float64
		}
		want[k] = v
	}
	if !reflect.DeepEqual(cdk.Context, want) {
		t.Errorf("cdk.json context = %v, want the defaults %v", cdk.Context, want)
	}
}

func TestLoadSettings(t *testing.T) {
	tests := []struct {
		name    string
		context map[string]any
		check   func(t *testing.T, s settings)
		wantErr string
	}{
		{name: "defaults", check: func(t *testing.T, s settings) {
			if s.Stage != "prod" || s.LogLevel != "INFO" || s.LogRetention != awslogs.RetentionDays_ONE_MONTH ||
				s.RemovalPolicy != awscdk.RemovalPolicy_RETAIN_ON_UPDATE_OR_DELETE || s.Destroy || s.ThrottleRate != 50 ||
				s.ThrottleBurst != 100 || s.Tracing || s.AlarmEmail != "" || !s.APIGatewayCloudWatchRole || s.AssetDir != "dist" || s.PublicBaseURL != "" ||
				s.SendThrottleRate != 500 || s.SendThrottleBurst != 1000 || s.CallPollThrottleRate != 250 || s.CallPollThrottleBurst != 500 ||
				len(s.FunctionSettings) != 0 || s.MaxConcurrency["webhooks"] != 50 || s.MaxConcurrency["classifier"] != 10 || s.WAFRateLimit != 0 {
				t.Errorf("defaults = %+v", s)
			}
		}},
		{name: "-c flags arrive as strings", context: map[string]any{
			CtxRemovalPolicy: "destroy", CtxLogLevel: "debug", CtxLogRetentionDays: "7",
			CtxThrottleRate: "10", CtxTracing: "true", CtxAPIGatewayCloudWatchRole: "false",
		}, check: func(t *testing.T, s settings) {
			if !s.Destroy || s.RemovalPolicy != awscdk.RemovalPolicy_DESTROY || s.LogLevel != "DEBUG" ||
				s.LogRetention != awslogs.RetentionDays_ONE_WEEK || s.ThrottleRate != 10 || !s.Tracing || s.APIGatewayCloudWatchRole {
				t.Errorf("settings = %+v", s)
			}
		}},
		{name: "public base URL", context: map[string]any{CtxPublicBaseURL: "https://api.example.com/"}, check: func(t *testing.T, s settings) {
			if s.PublicBaseURL != "https://api.example.com" {
				t.Errorf("PublicBaseURL = %q, want it without the trailing /", s.PublicBaseURL)
			}
		}},
		{name: "WAF rate limit from a -c string", context: map[string]any{CtxWAFRateLimit: "2000"}, check: func(t *testing.T, s settings) {
			if s.WAFRateLimit != 2000 {
				t.Errorf("WAFRateLimit = %d, want 2000", s.WAFRateLimit)
			}
		}},
		{name: "WAF rate limit at WAF's bounds", context: map[string]any{CtxWAFRateLimit: float64(10)}, check: func(t *testing.T, s settings) {
			if s.WAFRateLimit != 10 {
				t.Errorf("WAFRateLimit = %d, want 10", s.WAFRateLimit)
			}
		}},
		{name: "WAF rate limit below WAF's 10", context: map[string]any{CtxWAFRateLimit: 9}, wantErr: CtxWAFRateLimit},
		{name: "WAF rate limit above WAF's bound", context: map[string]any{CtxWAFRateLimit: "2000000001"}, wantErr: CtxWAFRateLimit},
		{name: "WAF rate limit not whole", context: map[string]any{CtxWAFRateLimit: 100.5}, wantErr: CtxWAFRateLimit},
		{name: "public base URL not https", context: map[string]any{CtxPublicBaseURL: "http://api.example.com"}, wantErr: CtxPublicBaseURL},
		{name: "public base URL without a scheme", context: map[string]any{CtxPublicBaseURL: "api.example.com"}, wantErr: CtxPublicBaseURL},
		{name: "public base URL with a query", context: map[string]any{CtxPublicBaseURL: "https://api.example.com/?a=1"}, wantErr: CtxPublicBaseURL},
		{name: "unknown log level", context: map[string]any{CtxLogLevel: "TRACE"}, wantErr: CtxLogLevel},
		{name: "retention CloudWatch refuses", context: map[string]any{CtxLogRetentionDays: 10}, wantErr: CtxLogRetentionDays},
		{name: "unknown removal policy", context: map[string]any{CtxRemovalPolicy: "snapshot"}, wantErr: CtxRemovalPolicy},
		{name: "rate not a number", context: map[string]any{CtxThrottleRate: "fast"}, wantErr: CtxThrottleRate},
		{name: "negative burst", context: map[string]any{CtxThrottleBurst: -1}, wantErr: CtxThrottleBurst},
		{name: "send route throttle zero", context: map[string]any{CtxSendThrottleRate: "0"}, wantErr: CtxSendThrottleRate},
		{name: "call poll throttle burst negative", context: map[string]any{CtxCallPollThrottleBurst: -5}, wantErr: CtxCallPollThrottleBurst},
		{name: "flag not a boolean", context: map[string]any{CtxTracing: "yes please"}, wantErr: CtxTracing},
		{name: "consumer concurrency below Lambda's 2", context: map[string]any{MaxConcurrencyKey("webhooks"): 1}, wantErr: "webhooksMaxConcurrency"},
		{name: "consumer concurrency above Lambda's 1000", context: map[string]any{MaxConcurrencyKey("dispatch"): "1001"}, wantErr: "dispatchMaxConcurrency"},
		{name: "consumer concurrency not whole", context: map[string]any{MaxConcurrencyKey("inbound"): 2.5}, wantErr: "inboundMaxConcurrency"},
		{name: "function settings, from -c strings and cdk.json JSON", context: map[string]any{
			CtxMgmtRateLimit: "5", CtxMgmtRateWindow: "1h", CtxTemplateCap: float64(100), CtxMarketingCapWindow: "12h",
			CtxCallICEServers: []any{map[string]any{"urls": []any{"turn:turn.example:3478"}, "username": "u", "credential": "p"}},
			CtxRequestBudget:  "2s", CtxSenderRateLimit: "",
		}, check: func(t *testing.T, s settings) {
			want := map[string]string{config.EnvMgmtRateLimit: "5", config.EnvMgmtRateWindow: "1h", config.EnvTemplateCap: "100",
				config.EnvMarketingCapWindow: "12h", config.EnvRequestBudget: "2s",
				config.EnvCallICEServers: `[{"credential":"p","urls":["turn:turn.example:3478"],"username":"u"}]`}
			if !reflect.DeepEqual(s.FunctionSettings, want) {
				t.Errorf("FunctionSettings = %v, want %v", s.FunctionSettings, want)
			}
		}},
		// A value a function's cold start refuses fails the synth, naming the key.
		{name: "rate limit not a number", context: map[string]any{CtxMgmtRateLimit: "many"}, wantErr: CtxMgmtRateLimit},
		{name: "rate window not whole seconds", context: map[string]any{CtxMgmtRateWindow: "1500ms"}, wantErr: CtxMgmtRateWindow},
		{name: "rate block below 1", context: map[string]any{CtxMgmtRateBlock: 0}, wantErr: CtxMgmtRateBlock},
		{name: "template cap negative", context: map[string]any{CtxTemplateCap: -3}, wantErr: CtxTemplateCap},
		{name: "sender rate zero", context: map[string]any{CtxSenderRateLimit: "0"}, wantErr: CtxSenderRateLimit},
		{name: "sender block not a number", context: map[string]any{CtxSenderRateBlock: "big"}, wantErr: CtxSenderRateBlock},
		{name: "marketing cap zero", context: map[string]any{CtxMarketingCap: 0}, wantErr: CtxMarketingCap},
		{name: "marketing window not a duration", context: map[string]any{CtxMarketingCapWindow: "a day"}, wantErr: CtxMarketingCapWindow},
		{name: "ICE servers without urls", context: map[string]any{CtxCallICEServers: `[{"username":"u"}]`}, wantErr: CtxCallICEServers},
		{name: "ICE servers not JSON", context: map[string]any{CtxCallICEServers: "stun:x"}, wantErr: CtxCallICEServers},
		{name: "request budget negative", context: map[string]any{CtxRequestBudget: "-1s"}, wantErr: CtxRequestBudget},
		{name: "setting of a type no variable holds", context: map[string]any{CtxTemplateCap: true}, wantErr: CtxTemplateCap},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := tt.context
			app := awscdk.NewApp(&awscdk.AppProps{Context: &ctx})
			s, err := loadSettings(app.Node())
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one naming %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, s)
		})
	}
}
