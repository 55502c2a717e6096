package localgw

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/platform/headers"
	"svc/internal/transport/authorizer"
)

// authorize runs the authorizer as API Gateway does. It returns the context
// to pass to the integration, or the gateway response type (and its default
// status) to answer with instead.
func (g *Gateway) authorize(ctx context.Context, ev events.APIGatewayProxyRequest) (map[string]any, string, int) {
	// The identity source: without it API Gateway answers 401 itself.
	if headers.Get(ev.Headers, "Authorization") == "" {
		return nil, "UNAUTHORIZED", 401
	}
	// The cache is keyed by every Authorization value sent, so a request
	// that repeats the header (which the authorizer refuses) never reuses
	// the answer for one of its values alone, nor leaves its refusal to it.
	token := strings.Join(headers.Values(ev.Headers, ev.MultiValueHeaders, "Authorization"), "\n")
	arn := methodARN(ev.RequestContext.Stage, ev.HTTPMethod, ev.Path)
	resp, ok := g.cached(token)
	if !ok {
		var err error
		resp, err = g.callAuthorizer(ctx, ev, arn)
		if err != nil {
			if err.Error() == authorizer.ErrUnauthorized.Error() {
				return nil, "UNAUTHORIZED", 401
			}
			g.logError("authorizer failed", "authorizer", ev.RequestContext.RequestID, err)
			return nil, "AUTHORIZER_FAILURE", 500
		}
		g.store(token, resp)
	}
	authCtx := map[string]any{"principalId": resp.PrincipalID}
	for k, v := range resp.Context {
		authCtx[k] = v
	}
	if evaluate(resp.PolicyDocument, arn) != "Allow" {
		return authCtx, "ACCESS_DENIED", 403
	}
	return authCtx, "", 0
}

func (g *Gateway) callAuthorizer(ctx context.Context, ev events.APIGatewayProxyRequest, arn string) (resp events.APIGatewayCustomAuthorizerResponse, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("authorizer panic: %v", p)
		}
	}()
	return g.cfg.Authorizer(ctx, events.APIGatewayCustomAuthorizerRequestTypeRequest{
		Type:                            "REQUEST",
		MethodArn:                       arn,
		Resource:                        ev.Resource,
		Path:                            ev.Path,
		HTTPMethod:                      ev.HTTPMethod,
		Headers:                         ev.Headers,
		MultiValueHeaders:               ev.MultiValueHeaders,
		QueryStringParameters:           ev.QueryStringParameters,
		MultiValueQueryStringParameters: ev.MultiValueQueryStringParameters,
		PathParameters:                  ev.PathParameters,
		RequestContext: events.APIGatewayCustomAuthorizerRequestTypeRequestContext{
			Path: ev.RequestContext.Path, AccountID: accountID, ResourceID: ev.RequestContext.ResourceID,
			Stage: ev.RequestContext.Stage, RequestID: ev.RequestContext.RequestID,
			ResourcePath: ev.Resource, HTTPMethod: ev.HTTPMethod, APIID: apiID,
			Identity: events.APIGatewayCustomAuthorizerRequestTypeRequestIdentity{SourceIP: ev.RequestContext.Identity.SourceIP},
		},
	})
}

// evict makes room for one more answer: every expired one goes, or else the
// one closest to expiring. It runs only on a full cache, so its scan is rare.
func (g *Gateway) evict(now time.Time) {
	var soonest string
	var soonestAt time.Time
	for token, c := range g.cache {
		if !now.Before(c.expires) {
			delete(g.cache, token)
			continue
		}
		if soonest == "" || c.expires.Before(soonestAt) {
			soonest, soonestAt = token, c.expires
		}
	}
	if len(g.cache) >= MaxCachedAuthorizations {
		delete(g.cache, soonest)
	}
}

// cached returns the cached authorizer answer for the identity source value.
func (g *Gateway) cached(token string) (events.APIGatewayCustomAuthorizerResponse, bool) {
	if g.cfg.CacheTTL < 0 {
		return events.APIGatewayCustomAuthorizerResponse{}, false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	c, ok := g.cache[token]
	if !ok || !g.cfg.Now().Before(c.expires) {
		delete(g.cache, token)
		return events.APIGatewayCustomAuthorizerResponse{}, false
	}
	return c.resp, true
}

func (g *Gateway) store(token string, resp events.APIGatewayCustomAuthorizerResponse) {
	if g.cfg.CacheTTL < 0 {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.cfg.Now()
	if _, ok := g.cache[token]; !ok && len(g.cache) >= MaxCachedAuthorizations {
		g.evict(now)
	}
	g.cache[token] = cachedPolicy{resp: resp, expires: now.Add(g.cfg.CacheTTL)}
	if g.cfg.Log != nil {
		g.cfg.Log.Debug("authorizer result cached", slog.Int("entries", len(g.cache)))
	}
}

// evaluate applies an IAM policy to the method ARN: an explicit Deny wins,
// then an Allow; anything else is an implicit deny.
func evaluate(doc events.APIGatewayCustomAuthorizerPolicy, arn string) string {
	effect := ""
	for _, st := range doc.Statement {
		if !covers(st.Action, "execute-api:Invoke") || !covers(st.Resource, arn) {
			continue
		}
		if strings.EqualFold(st.Effect, "Deny") {
			return "Deny"
		}
		if strings.EqualFold(st.Effect, "Allow") {
			effect = "Allow"
		}
	}
	return effect
}

func covers(patterns []string, s string) bool {
	for _, p := range patterns {
		if glob(p, s) {
			return true
		}
	}
	return false
}

// glob matches IAM-style patterns: * is any run of characters, ? one.
func glob(p, s string) bool {
	for len(p) > 0 {
		switch p[0] {
		case '*':
			for i := len(s); i >= 0; i-- {
				if glob(p[1:], s[i:]) {
					return true
				}
			}
			return false
		case '?':
			if s == "" {
				return false
			}
		default:
			if s == "" || p[0] != s[0] {
				return false
			}
		}
		p, s = p[1:], s[1:]
	}
	return s == ""
}
