package httpapi_test

import (
	"errors"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/platform/apperr"
	"svc/internal/transport/httpapi"
)

func TestRawBody(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		base64  bool
		want    string
		wantErr string
	}{
		{"plain", `{"a":1}`, false, `{"a":1}`, ""},
		{"plain that looks like base64", "eyJhIjoxfQ==", false, "eyJhIjoxfQ==", ""},
		{"base64", "eyJhIjoxfQ==", true, `{"a":1}`, ""},
		{"empty base64", "", true, "", ""},
		{"bad base64", "{not base64", true, "", "request body: not valid base64"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httpapi.Request{APIGatewayProxyRequest: events.APIGatewayProxyRequest{Body: tt.body, IsBase64Encoded: tt.base64}}
			got, err := httpapi.RawBody(req)
			if tt.wantErr != "" {
				var e *apperr.Error
				if !errors.As(err, &e) || e.Code != apperr.CodeInvalidParameter || e.Details != tt.wantErr {
					t.Fatalf("RawBody error = %v, want code %d %q", err, apperr.CodeInvalidParameter, tt.wantErr)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Fatalf("RawBody = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}
