package authorizer_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/account/auth"
	"svc/internal/transport/authorizer"
)

type memKeys map[string]auth.Key

func (m memKeys) GetKey(_ context.Context, id string) (auth.Key, error) {
	if k, ok := m[id]; ok {
		return k, nil
	}
	return auth.Key{}, auth.ErrKeyNotFound
}

// fixture loads the REQUEST authorizer event in events/ with the given
// Authorization header ("" removes it).
func fixture(t testing.TB, header string) events.APIGatewayCustomAuthorizerRequestTypeRequest {
	t.Helper()
	if header == "" {
		return fixtureWith(t)
	}
	return fixtureWith(t, header)
}

// fixtureWith loads the event with one Authorization header per value, as
// API Gateway gives them: every value in the multi-value map, the last in
// the single-value one.
func fixtureWith(t testing.TB, values ...string) events.APIGatewayCustomAuthorizerRequestTypeRequest {
	t.Helper()
	b, err := os.ReadFile("../../../events/authorizer-request.json")
	if err != nil {
		t.Fatal(err)
	}
	var ev events.APIGatewayCustomAuthorizerRequestTypeRequest
	if err := json.Unmarshal(b, &ev); err != nil {
		t.Fatal(err)
	}
	delete(ev.Headers, "Authorization")
	delete(ev.MultiValueHeaders, "Authorization")
	if len(values) > 0 {
		// API Gateway keeps the client's case
		ev.Headers["authorization"], ev.MultiValueHeaders["authorization"] = values[len(values)-1], values
	}
	return ev
}

func TestAuthorizer(t *testing.T) {
	now := time.Now()
	plain, key, err := auth.MintKey("acme-1", []auth.Scope{auth.ScopeManagement}, now, nil)
	if err != nil {
		t.Fatal(err)
	}
	h := authorizer.New(auth.Authenticator{Keys: memKeys{key.ID: key}, Now: time.Now},
		slog.New(slog.NewTextHandler(io.Discard, nil)), 0)
	const wholeAPI = "arn:aws:execute-api:eu-west-1:123456789012:abc123defg/prod/*/*"

	t.Run("valid key is allowed on the whole API", func(t *testing.T) {
		resp, err := h(context.Background(), fixture(t, "Bearer "+plain))
		if err != nil {
			t.Fatal(err)
		}
		st := resp.PolicyDocument.Statement
		if len(st) != 1 || st[0].Effect != "Allow" || st[0].Resource[0] != wholeAPI || st[0].Action[0] != "execute-api:Invoke" {
			t.Fatalf("policy %+v", resp.PolicyDocument)
		}
		if resp.Context["zbaId"] != "acme-1" || resp.Context["keyId"] != key.ID || resp.Context["scopes"] != "svc_business_management" {
			t.Fatalf("context %v", resp.Context)
		}
		for k, v := range resp.Context {
			switch v.(type) {
			case string, int, bool, float64:
			default:
				t.Errorf("context %s is %T; API Gateway takes scalars only", k, v)
			}
		}
	})
	t.Run("unknown key is denied with the reason", func(t *testing.T) {
		other, _, _ := auth.MintKey("acme-1", []auth.Scope{auth.ScopeManagement}, now, nil)
		resp, err := h(context.Background(), fixture(t, "Bearer "+other))
		if err != nil {
			t.Fatal(err)
		}
		if resp.PolicyDocument.Statement[0].Effect != "Deny" || resp.PolicyDocument.Statement[0].Resource[0] != wholeAPI {
			t.Fatalf("policy %+v", resp.PolicyDocument)
		}
		if resp.Context["errorCode"] != 190 || resp.Context["errorDetails"] != auth.ErrUnknownKey.Details {
			t.Fatalf("context %v", resp.Context)
		}
	})
	t.Run("two Authorization headers are denied, whichever they hold", func(t *testing.T) {
		other, otherKey, _ := auth.MintKey("acme-2", []auth.Scope{auth.ScopeManagement}, now, nil)
		two := authorizer.New(auth.Authenticator{Keys: memKeys{key.ID: key, otherKey.ID: otherKey}, Now: time.Now},
			slog.New(slog.NewTextHandler(io.Discard, nil)), 0)
		for _, tc := range []struct {
			name string
			ev   events.APIGatewayCustomAuthorizerRequestTypeRequest
		}{
			{"two valid keys", fixtureWith(t, "Bearer "+plain, "Bearer "+other)},
			{"the same key twice", fixtureWith(t, "Bearer "+plain, "Bearer "+plain)},
			{"a valid key after a bad one", fixtureWith(t, "Bearer nope", "Bearer "+plain)},
			{"two spellings of the name", func() events.APIGatewayCustomAuthorizerRequestTypeRequest {
				ev := fixtureWith(t, "Bearer "+plain)
				ev.MultiValueHeaders["AUTHORIZATION"] = []string{"Bearer " + other}
				return ev
			}()},
		} {
			t.Run(tc.name, func(t *testing.T) {
				resp, err := two(context.Background(), tc.ev)
				if err != nil {
					t.Fatal(err)
				}
				if st := resp.PolicyDocument.Statement; len(st) != 1 || st[0].Effect != "Deny" || st[0].Resource[0] != wholeAPI {
					t.Fatalf("policy %+v", resp.PolicyDocument)
				}
				if resp.Context["errorCode"] != 0 || resp.Context["errorDetails"] != auth.ErrRepeatedCredentials.Details ||
					resp.Context["zbaId"] != nil || resp.PrincipalID != "anonymous" {
					t.Fatalf("principal %s, context %v", resp.PrincipalID, resp.Context)
				}
			})
		}
	})
	t.Run("missing header is Unauthorized", func(t *testing.T) {
		_, err := h(context.Background(), fixture(t, ""))
		if err == nil || err.Error() != "Unauthorized" {
			t.Fatalf("err %v", err)
		}
	})
}
