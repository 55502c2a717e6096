// Package messageapi is the HTTP transport of the send route: it hands the
// request's sender, body and Idempotency-Key to the message service and
// writes its answer as it is, byte for byte on a replay.
package messageapi

import (
	"context"
	"net/http"

	"svc/internal/feature/message"
	"svc/internal/platform/headers"
	"svc/internal/platform/idempotency"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
)

// Endpoints are the message routes' endpoints over one service.
type Endpoints struct {
	Messages message.Service
}

// Send is POST /business/v1.0/{phoneNumberId}/messages.
func (e Endpoints) Send(ctx context.Context, req httpapi.Request) (int, any, error) {
	body, err := httpapi.RawBody(req)
	if err != nil {
		return 0, nil, err
	}
	key, hasKey := headers.Lookup(req.Headers, req.MultiValueHeaders, idempotency.Header)
	out, err := e.Messages.Send(ctx, message.SendInput{ZBAID: req.Principal.ZBAID,
		PhoneNumberID: req.PathParameters[routes.ParamPhoneNumberID], Method: http.MethodPost, Path: req.Path,
		Body: body, IdempotencyKey: key, HasKey: hasKey,
		KeyRepeated: len(headers.Values(req.Headers, req.MultiValueHeaders, idempotency.Header)) > 1})
	if err != nil {
		return 0, nil, err
	}
	enc := httpapi.Encoded{Body: string(out.Body)}
	if out.Replayed {
		enc.Headers = map[string]string{idempotency.ReplayedHeader: "true"}
	}
	return out.Status, enc, nil
}

// Get is GET /business/v1.0/{phoneNumberId}/messages/{messageId}: the
// message's status and history (an svc extension).
func (e Endpoints) Get(ctx context.Context, req httpapi.Request) (int, any, error) {
	v, err := e.Messages.Get(ctx, req.Principal.ZBAID, req.PathParameters[routes.ParamPhoneNumberID], req.PathParameters[routes.ParamMessageID])
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, v, nil
}
