// Package messageapi is the HTTP transport of the send route: it hands the
// request's sender, body and Idempotency-Key to the message service and
// writes its answer as it is, byte for byte on a replay.
package messageapi

import (
	"context"
	"encoding/base64"
	"net/http"
	"strings"

	"svc/internal/feature/message"
	"svc/internal/platform/apperr"
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
	body := []byte(req.Body)
	if req.IsBase64Encoded {
		b, err := base64.StdEncoding.DecodeString(req.Body)
		if err != nil {
			return 0, nil, apperr.New(apperr.CodeInvalidParameter, "request body: not valid base64")
		}
		body = b
	}
	key, hasKey := header(req.Headers, req.MultiValueHeaders, idempotency.Header)
	out, err := e.Messages.Send(ctx, message.SendInput{ZBAID: req.Principal.ZBAID,
		PhoneNumberID: req.PathParameters[routes.ParamPhoneNumberID], Method: http.MethodPost, Path: req.Path,
		Body: body, IdempotencyKey: key, HasKey: hasKey})
	if err != nil {
		return 0, nil, err
	}
	enc := httpapi.Encoded{Body: string(out.Body)}
	if out.Replayed {
		enc.Headers = map[string]string{idempotency.ReplayedHeader: "true"}
	}
	return out.Status, enc, nil
}

// header reads a header case-insensitively, as HTTP names are; ok reports
// that it was sent at all (an empty key is then refused, not ignored).
func header(single map[string]string, multi map[string][]string, name string) (string, bool) {
	for k, v := range single {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	for k, v := range multi {
		if strings.EqualFold(k, name) && len(v) > 0 {
			return v[0], true
		}
	}
	return "", false
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
