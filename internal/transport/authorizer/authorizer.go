// Package authorizer is the transport of the API Gateway REQUEST authorizer:
// it authenticates the bearer key and answers with a policy for the whole
// API, so that one cached answer serves every route. Scope and ZBA checks
// are the routes' own (package httpapi).
package authorizer

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/account/auth"
	"svc/internal/platform/apperr"
	"svc/internal/platform/headers"
	"svc/internal/routes"
	"svc/internal/transport/gatewayresp"
)

// Handler is the authorizer's Lambda handler.
type Handler func(context.Context, events.APIGatewayCustomAuthorizerRequestTypeRequest) (events.APIGatewayCustomAuthorizerResponse, error)

// ErrUnauthorized is the error whose exact text makes API Gateway answer with
// the UNAUTHORIZED gateway response.
var ErrUnauthorized = errors.New("Unauthorized")

// New returns the handler. A key that does not authenticate gets a Deny that
// carries the reason in its context (rendered by the ACCESS_DENIED gateway
// response as 401); a store failure is returned as an error, which API
// Gateway answers with the AUTHORIZER_FAILURE response (503).
func New(a auth.Authenticator, log *slog.Logger, budget time.Duration) Handler {
	budget = cmp.Or(budget, routes.RequestBudget)
	return func(ctx context.Context, ev events.APIGatewayCustomAuthorizerRequestTypeRequest) (events.APIGatewayCustomAuthorizerResponse, error) {
		header := headers.Get(ev.Headers, "Authorization")
		if header == "" {
			return events.APIGatewayCustomAuthorizerResponse{}, ErrUnauthorized
		}
		resource := wholeAPI(ev.MethodArn)
		// Two Authorization headers are two credentials: the event's
		// single-value map keeps the last, so authenticating it would pick
		// one for the client. Only the multi-value map shows them all.
		if n := len(headers.Values(ev.Headers, ev.MultiValueHeaders, "Authorization")); n > 1 {
			log.Info("authentication refused", slog.String("trace_id", ev.RequestContext.RequestID),
				slog.Int("code", int(auth.ErrRepeatedCredentials.Code)), slog.Int("authorization_headers", n))
			return policy("anonymous", "Deny", resource, gatewayresp.DenyContext(auth.ErrRepeatedCredentials)), nil
		}
		ctx, cancel := context.WithTimeout(ctx, budget)
		defer cancel()
		p, err := a.Authenticate(ctx, header)
		if err == nil {
			return policy(p.KeyID, "Allow", resource, p.Context()), nil
		}
		e := apperr.From(err)
		if e.Status() != 401 {
			log.Error("authorizer failed", slog.String("trace_id", ev.RequestContext.RequestID), slog.String("error", err.Error()))
			return events.APIGatewayCustomAuthorizerResponse{}, err
		}
		log.Info("authentication refused", slog.String("trace_id", ev.RequestContext.RequestID),
			slog.Int("code", int(e.Code)), slog.String("reason", e.Details))
		return policy("anonymous", "Deny", resource, gatewayresp.DenyContext(e)), nil
	}
}

func policy(principal, effect, resource string, ctx map[string]any) events.APIGatewayCustomAuthorizerResponse {
	return events.APIGatewayCustomAuthorizerResponse{
		PrincipalID: principal,
		PolicyDocument: events.APIGatewayCustomAuthorizerPolicy{
			Version: "2012-10-17",
			Statement: []events.IAMPolicyStatement{{
				Action: []string{"execute-api:Invoke"}, Effect: effect, Resource: []string{resource},
			}},
		},
		Context: ctx,
	}
}

// wholeAPI turns arn:...:apiId/stage/METHOD/path into arn:...:apiId/stage/*/*
// so that a cached answer covers every route of the stage.
func wholeAPI(methodArn string) string {
	parts := strings.SplitN(methodArn, "/", 3)
	if len(parts) < 2 {
		return methodArn
	}
	return parts[0] + "/" + parts[1] + "/*/*"
}
