package call_test

import (
	"errors"
	"strings"
	"testing"

	"svc/internal/feature/call"
	"svc/internal/platform/apperr"
)

func TestDecodeCreate(t *testing.T) {
	const ok = `"redirect_url":"https://example.com/done"`
	cases := []struct {
		name     string
		body     string
		loopback bool
		code     apperr.Code // 0: accepted
		details  string
	}{
		{"location", `{` + ok + `,"location":{"latitude":48.85,"longitude":2.35}}`, false, 0, ""},
		{"address and query", `{` + ok + `,"address":"Lyon, France","query":"plumber","caller_name":"Ana"}`, false, 0, ""},
		{"integer coordinates", `{` + ok + `,"location":{"latitude":0,"longitude":-180}}`, false, 0, ""},
		{"empty body", ``, false, apperr.CodeRequiredParameter, "request body"},
		{"not JSON", `{`, false, apperr.CodeInvalidParameter, "request body: not valid JSON"},
		{"array", `[]`, false, apperr.CodeInvalidParameter, "request body: expected a JSON object"},
		{"two objects", `{` + ok + `,"address":"Lyon, France"}{}`, false, apperr.CodeInvalidParameter, "more after it"},
		{"unknown field", `{` + ok + `,"address":"Lyon, France","zba":"x"}`, false, apperr.CodeInvalidParameter, "zba: unknown field"},
		{"no redirect", `{"address":"Lyon, France"}`, false, apperr.CodeRequiredParameter, "redirect_url: required"},
		{"redirect not a string", `{"redirect_url":5,"address":"Lyon, France"}`, false, apperr.CodeInvalidParameter, "redirect_url: expected a string"},
		{"relative redirect", `{"redirect_url":"/done","address":"Lyon, France"}`, false, apperr.CodeInvalidParameter, "redirect_url: must be an absolute URL"},
		{"http redirect", `{"redirect_url":"http://example.com/","address":"Lyon, France"}`, false, apperr.CodeInvalidParameter, "redirect_url: must use https"},
		{"http loopback, deployed", `{"redirect_url":"http://127.0.0.1:8080/","address":"Lyon, France"}`, false, apperr.CodeInvalidParameter, "redirect_url: must use https"},
		{"http loopback, local", `{"redirect_url":"http://127.0.0.1:8080/","address":"Lyon, France"}`, true, 0, ""},
		{"http localhost, local", `{"redirect_url":"http://localhost/x","address":"Lyon, France"}`, true, 0, ""},
		{"http elsewhere, local", `{"redirect_url":"http://example.com/","address":"Lyon, France"}`, true, apperr.CodeInvalidParameter, "plain http only to loopback"},
		{"javascript redirect", `{"redirect_url":"javascript:alert(1)","address":"Lyon, France"}`, false, apperr.CodeInvalidParameter, "redirect_url"},
		{"credentials in redirect", `{"redirect_url":"https://u:p@example.com/","address":"Lyon, France"}`, false, apperr.CodeInvalidParameter, "credentials"},
		{"neither place", `{` + ok + `}`, false, apperr.CodeRequiredParameter, "address: required when location is absent"},
		{"null location", `{` + ok + `,"location":null}`, false, apperr.CodeRequiredParameter, "address: required"},
		{"latitude out of range", `{` + ok + `,"location":{"latitude":91,"longitude":0}}`, false, apperr.CodeInvalidParameter, "location.latitude: must be within -90 and 90"},
		{"longitude out of range", `{` + ok + `,"location":{"latitude":0,"longitude":-180.5}}`, false, apperr.CodeInvalidParameter, "location.longitude"},
		{"latitude a string", `{` + ok + `,"location":{"latitude":"1","longitude":0}}`, false, apperr.CodeInvalidParameter, "location.latitude: expected a number"},
		{"longitude missing", `{` + ok + `,"location":{"latitude":1}}`, false, apperr.CodeRequiredParameter, "location.longitude: required"},
		{"location extra field", `{` + ok + `,"location":{"latitude":1,"longitude":2,"alt":3}}`, false, apperr.CodeInvalidParameter, "location.alt: unknown field"},
		{"location an array", `{` + ok + `,"location":[1,2]}`, false, apperr.CodeInvalidParameter, "location: expected an object"},
		{"caller name too long", `{` + ok + `,"address":"Lyon, France","caller_name":"` + strings.Repeat("é", call.MaxCallerNameLen+1) + `"}`, false, apperr.CodeInvalidParameter, "caller_name: at most 100 characters"},
		{"caller name control char", `{` + ok + `,"address":"Lyon, France","caller_name":"a\u0000b"}`, false, apperr.CodeInvalidParameter, "caller_name: control characters"},
		{"query too long", `{` + ok + `,"address":"Lyon, France","query":"` + strings.Repeat("a", call.MaxQueryLen+1) + `"}`, false, apperr.CodeInvalidParameter, "query: at most"},
		{"query a number", `{` + ok + `,"address":"Lyon, France","query":3}`, false, apperr.CodeInvalidParameter, "query: expected a string"},
		{"address blank", `{` + ok + `,"address":"  "}`, false, apperr.CodeRequiredParameter, "address: required"},
		{"body too large", `{` + ok + `,"address":"` + strings.Repeat("a", call.MaxBodyBytes) + `"}`, false, apperr.CodeInvalidParameter, "request body: at most"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := call.DecodeCreate([]byte(tc.body), tc.loopback)
			if tc.code == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var e *apperr.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want an apperr.Error", err)
			}
			if e.Code != tc.code || e.Status() != 400 || !strings.Contains(e.Details, tc.details) {
				t.Fatalf("got %d/%d %q, want %d/400 containing %q", e.Code, e.Status(), e.Details, tc.code, tc.details)
			}
		})
	}
}

func FuzzDecodeCreate(f *testing.F) {
	f.Add([]byte(`{"redirect_url":"https://a.example/","location":{"latitude":1,"longitude":2}}`))
	f.Add([]byte(`{"redirect_url":"https://a.example/","address":"Lyon, France","query":"x"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := call.DecodeCreate(b, false)
		if err != nil {
			var e *apperr.Error
			if !errors.As(err, &e) || e.Status() != 400 {
				t.Fatalf("refusal %v is not a 400", err)
			}
			return
		}
		if req.RedirectURL == "" || (req.Location == nil && req.Address == "") {
			t.Fatalf("accepted an incomplete request: %+v", req)
		}
		if req.Location != nil && !req.Location.Valid() {
			t.Fatalf("accepted an invalid location: %+v", req.Location)
		}
	})
}
