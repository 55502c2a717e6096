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

// UserPage serves the user's page of a call.
func (s Sessions) UserPage(ctx context.Context, req httpapi.Request) (int, any, error) {
	tok, err := token(req)
	if err == nil {
		err = s.Sessions.Page(ctx, callID(req), tok, call.RoleUser)
	}
	if err != nil {
		return 0, nil, pageError(req, err)
	}
	return 200, userPage, nil
}

// ProviderPage serves a provider's page.
func (s Sessions) ProviderPage(ctx context.Context, req httpapi.Request) (int, any, error) {
	tok, err := token(req)
	if err == nil {
		err = s.Sessions.Page(ctx, "", tok, call.RoleProvider)
	}
	if err != nil {
		return 0, nil, pageError(req, err)
	}
	return 200, providerPage, nil
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
	tok, err := token(req)
	if err != nil {
		return 0, nil, err
	}
	calls, err := s.Sessions.Incoming(ctx, tok)
	if err != nil {
		return 0, nil, err
	}
	return 200, map[string]any{"data": calls}, nil
}

// Signal is the call's state as the token's holder sees it.
func (s Sessions) Signal(ctx context.Context, req httpapi.Request) (int, any, error) {
	tok, err := token(req)
	if err != nil {
		return 0, nil, err
	}
	return answer(s.Sessions.State(ctx, callID(req), tok))
}

// Offer takes the user's offer.
func (s Sessions) Offer(ctx context.Context, req httpapi.Request) (int, any, error) {
	tok, err := token(req)
	if err != nil {
		return 0, nil, err
	}
	sdp, err := sdpBody(req)
	if err != nil {
		return 0, nil, err
	}
	return answer(s.Sessions.Offer(ctx, callID(req), tok, sdp))
}

// Answer takes the provider's answer.
func (s Sessions) Answer(ctx context.Context, req httpapi.Request) (int, any, error) {
	tok, err := token(req)
	if err != nil {
		return 0, nil, err
	}
	sdp, err := sdpBody(req)
	if err != nil {
		return 0, nil, err
	}
	return answer(s.Sessions.Answer(ctx, callID(req), tok, sdp))
}

// Decline is the provider declining.
func (s Sessions) Decline(ctx context.Context, req httpapi.Request) (int, any, error) {
	tok, err := token(req)
	if err != nil {
		return 0, nil, err
	}
	return answer(s.Sessions.Decline(ctx, callID(req), tok))
}

// Hangup ends the call for both.
func (s Sessions) Hangup(ctx context.Context, req httpapi.Request) (int, any, error) {
	tok, err := token(req)
	if err != nil {
		return 0, nil, err
	}
	return answer(s.Sessions.Hangup(ctx, callID(req), tok))
}

func answer(v call.View, err error) (int, any, error) {
	if err != nil {
		return 0, nil, err
	}
	return 200, v, nil
}

// sdpBody is the session description an offer or an answer carries.
func sdpBody(req httpapi.Request) (string, error) {
	raw, err := httpapi.RawBody(req)
	if err != nil {
		return "", err
	}
	return call.DecodeSDP(raw)
}
