package callapi

import (
	"context"

	"svc/internal/feature/call"
	"svc/internal/platform/headers"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
)

// Sessions are the call session routes' endpoints: the pages and the
// signaling. The token is the metadata query parameter of every request.
type Sessions struct {
	Sessions call.Sessions
}

// token is the request's session token; given twice, it is refused as
// every parameter that takes one value is.
func token(req httpapi.Request) (string, error) {
	return httpapi.OneValue(req, call.TokenParam, "a call session request")
}

func callID(req httpapi.Request) string { return req.PathParameters[routes.ParamCallID] }

// withToken reads the request's session token and serves the route with
// it: the one place a session route takes its credential, before anything
// else of the request is read.
func withToken(req httpapi.Request, serve func(tok string) (int, any, error)) (int, any, error) {
	tok, err := token(req)
	if err != nil {
		return 0, nil, err
	}
	return serve(tok)
}

// UserPage serves the user's page of a call.
func (s Sessions) UserPage(ctx context.Context, req httpapi.Request) (int, any, error) {
	return s.page(ctx, req, callID(req), call.RoleUser, userPage)
}

// ProviderPage serves a provider's page.
func (s Sessions) ProviderPage(ctx context.Context, req httpapi.Request) (int, any, error) {
	return s.page(ctx, req, "", call.RoleProvider, providerPage)
}

// page serves a role's page once the token opens it; every refusal, the
// token's own included, goes through pageError.
func (s Sessions) page(ctx context.Context, req httpapi.Request, id string, role call.Role, p httpapi.Page) (int, any, error) {
	status, body, err := withToken(req, func(tok string) (int, any, error) {
		if err := s.Sessions.Page(ctx, id, tok, role); err != nil {
			return 0, nil, err
		}
		return 200, p, nil
	})
	if err != nil {
		return 0, nil, pageError(req, err)
	}
	return status, body, nil
}

// pageError is a page route's error: a browser, which asks for HTML, is
// shown a page saying what went wrong; any other client gets the envelope.
func pageError(req httpapi.Request, err error) error {
	if !wantsHTML(headers.Get(req.Headers, "Accept")) {
		return err
	}
	return &httpapi.PageError{Err: err, Page: errorPage}
}

// ProviderCalls lists the provider's ringing and connected calls.
func (s Sessions) ProviderCalls(ctx context.Context, req httpapi.Request) (int, any, error) {
	return withToken(req, func(tok string) (int, any, error) {
		calls, err := s.Sessions.Incoming(ctx, tok)
		if err != nil {
			return 0, nil, err
		}
		return 200, map[string]any{"data": calls}, nil
	})
}

// Signal is the call's state as the token's holder sees it.
func (s Sessions) Signal(ctx context.Context, req httpapi.Request) (int, any, error) {
	return signal(ctx, req, s.Sessions.State)
}

// Offer takes the user's offer.
func (s Sessions) Offer(ctx context.Context, req httpapi.Request) (int, any, error) {
	return signal(ctx, req, withSDP(req, s.Sessions.Offer))
}

// Answer takes the provider's answer.
func (s Sessions) Answer(ctx context.Context, req httpapi.Request) (int, any, error) {
	return signal(ctx, req, withSDP(req, s.Sessions.Answer))
}

// Decline is the provider declining.
func (s Sessions) Decline(ctx context.Context, req httpapi.Request) (int, any, error) {
	return signal(ctx, req, s.Sessions.Decline)
}

// Hangup ends the call for both.
func (s Sessions) Hangup(ctx context.Context, req httpapi.Request) (int, any, error) {
	return signal(ctx, req, s.Sessions.Hangup)
}

// step is one signaling step on a call, taken with a session token; its
// answer is the call as the token's holder then sees it.
type step func(ctx context.Context, callID, token string) (call.View, error)

// signal serves a signaling route: the step on the path's call, with the
// request's token, answered by the step's view.
func signal(ctx context.Context, req httpapi.Request, take step) (int, any, error) {
	return withToken(req, func(tok string) (int, any, error) {
		v, err := take(ctx, callID(req), tok)
		if err != nil {
			return 0, nil, err
		}
		return 200, v, nil
	})
}

// withSDP makes a step of one that carries a session description: the body
// is read after the token, so a request without a good token is refused
// for that, whatever its body.
func withSDP(req httpapi.Request, take func(ctx context.Context, callID, token, sdp string) (call.View, error)) step {
	return func(ctx context.Context, callID, token string) (call.View, error) {
		sdp, err := sdpBody(req)
		if err != nil {
			return call.View{}, err
		}
		return take(ctx, callID, token, sdp)
	}
}

// sdpBody is the session description an offer or an answer carries.
func sdpBody(req httpapi.Request) (string, error) {
	raw, err := httpapi.RawBody(req)
	if err != nil {
		return "", err
	}
	return call.DecodeSDP(raw)
}
