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
		name    string
		body    string
		code    apperr.Code // 0: accepted
		details string
	}{
		{"location", `{` + ok + `,"location":{"latitude":48.85,"longitude":2.35}}`, 0, ""},
		{"address and query", `{` + ok + `,"address":"Lyon, France","query":"plumber","caller_name":"Ana"}`, 0, ""},
		{"integer coordinates", `{` + ok + `,"location":{"latitude":0,"longitude":-180}}`, 0, ""},
		// The body passes the gate every JSON route shares, in its words.
		{"empty body", ``, apperr.CodeInvalidParameter, "request body: expected a JSON object, found an empty body"},
		{"not JSON", `{`, apperr.CodeInvalidParameter, "request body: not valid JSON at byte 1: the body ends before the JSON value is complete"},
		{"cut short", `{"a":`, apperr.CodeInvalidParameter, "request body: not valid JSON at byte 5: the body ends before the JSON value is complete"},
		{"a bad byte", `{'redirect_url':1}`, apperr.CodeInvalidParameter, `request body: not valid JSON at byte 2: unexpected "'"`},
		{"array", `[]`, apperr.CodeInvalidParameter, "request body: expected a JSON object, found an array"},
		{"array of one", `[1]`, apperr.CodeInvalidParameter, "request body: expected a JSON object, found an array"},
		{"two objects", `{` + ok + `,"address":"Lyon, France"}{}`, apperr.CodeInvalidParameter,
			"request body: not valid JSON at byte 69: unexpected data after the JSON value"},
		{"not UTF-8", `{` + ok + `,"address":"Lyon, France","caller_name":"` + "\xff" + `"}`, apperr.CodeInvalidParameter,
			"request body: not valid UTF-8 at byte 84: JSON text must be UTF-8"},
		{"unknown field ignored", `{` + ok + `,"address":"Lyon, France","zba":"x"}`, 0, ""},
		{"no redirect", `{"address":"Lyon, France"}`, apperr.CodeRequiredParameter, "redirect_url: required"},
		{"redirect not a string", `{"redirect_url":5,"address":"Lyon, France"}`, apperr.CodeInvalidParameter, "redirect_url: expected a string"},
		{"relative redirect", `{"redirect_url":"/done","address":"Lyon, France"}`, apperr.CodeInvalidParameter, "redirect_url: must be an absolute URL"},
		{"http redirect", `{"redirect_url":"http://example.com/","address":"Lyon, France"}`, 0, ""},
		{"http loopback", `{"redirect_url":"http://127.0.0.1:8080/","address":"Lyon, France"}`, 0, ""},
		{"ftp redirect", `{"redirect_url":"ftp://example.com/x","address":"Lyon, France"}`, apperr.CodeInvalidParameter, "redirect_url: must be an http or https URL"},
		{"javascript redirect", `{"redirect_url":"javascript:alert(1)","address":"Lyon, France"}`, apperr.CodeInvalidParameter, "redirect_url"},
		{"credentials in redirect", `{"redirect_url":"https://u:p@example.com/","address":"Lyon, France"}`, apperr.CodeInvalidParameter, "credentials"},
		{"neither place", `{` + ok + `}`, apperr.CodeRequiredParameter, "address: required when location is absent"},
		{"null location", `{` + ok + `,"location":null}`, apperr.CodeRequiredParameter, "address: required"},
		{"latitude out of range", `{` + ok + `,"location":{"latitude":91,"longitude":0}}`, apperr.CodeInvalidParameter,
			"location: latitude must be within [-90, 90] and longitude within [-180, 180], found 91 and 0"},
		{"longitude out of range", `{` + ok + `,"location":{"latitude":0,"longitude":-180.5}}`, apperr.CodeInvalidParameter, "found 0 and -180.5"},
		{"coordinates on the limits", `{` + ok + `,"location":{"latitude":-90,"longitude":180}}`, 0, ""},
		{"latitude a string", `{` + ok + `,"location":{"latitude":"1","longitude":0}}`, apperr.CodeInvalidParameter, "location.latitude: expected a number"},
		{"latitude a string out of range", `{` + ok + `,"location":{"latitude":"95","longitude":0}}`, apperr.CodeInvalidParameter, "location.latitude: expected a number"},
		{"longitude missing", `{` + ok + `,"location":{"latitude":1}}`, apperr.CodeRequiredParameter, "location.longitude: required"},
		{"location extra field ignored", `{` + ok + `,"location":{"latitude":1,"longitude":2,"alt":3}}`, 0, ""},
		{"location an array", `{` + ok + `,"location":[1,2]}`, apperr.CodeInvalidParameter, "location: expected an object"},
		{"caller name too long", `{` + ok + `,"address":"Lyon, France","caller_name":"` + strings.Repeat("é", call.MaxCallerNameLen+1) + `"}`, apperr.CodeInvalidParameter, "caller_name: at most 100 characters"},
		{"caller name control char", `{` + ok + `,"address":"Lyon, France","caller_name":"a\u0000b"}`, apperr.CodeInvalidParameter, "caller_name: control characters"},
		{"query too long", `{` + ok + `,"address":"Lyon, France","query":"` + strings.Repeat("a", call.MaxQueryLen+1) + `"}`, apperr.CodeInvalidParameter, "query: at most"},
		{"query a number", `{` + ok + `,"address":"Lyon, France","query":3}`, apperr.CodeInvalidParameter, "query: expected a string"},
		{"address blank", `{` + ok + `,"address":"  "}`, apperr.CodeRequiredParameter, "address: required"},
		{"redirect twice", `{` + ok + `,` + ok + `,"address":"Lyon, France"}`, apperr.CodeInvalidParameter, `request body: names "redirect_url" twice in one object`},
		{"redirect in two spellings", `{` + ok + `,"Redirect_URL":"https://example.com/x","address":"Lyon, France"}`, apperr.CodeInvalidParameter,
			`request body: names "redirect_url" twice in one object (as "redirect_url" and "Redirect_URL")`},
		{"latitude twice", `{` + ok + `,"location":{"latitude":1,"longitude":2,"latitude":3}}`, apperr.CodeInvalidParameter, `location: names "latitude" twice in one object`},
		{"nested too deep", `{` + ok + `,"address":"Lyon, France","x":` + strings.Repeat("[", 64) + strings.Repeat("]", 64) + `}`, apperr.CodeInvalidParameter,
			"request body: nested too deep at byte 136: JSON arrays and objects may nest at most 64 levels"},
		{"nested at the limit", `{` + ok + `,"address":"Lyon, France","x":` + strings.Repeat("[", 63) + strings.Repeat("]", 63) + `}`, 0, ""},
		{"caller name with a lone surrogate", `{` + ok + `,"address":"Lyon, France","caller_name":"Ana \ud83d"}`, apperr.CodeInvalidParameter, "request body: lone UTF-16 surrogate escape \\ud83d at byte 88"},
		{"caller name with an emoji pair", `{` + ok + `,"address":"Lyon, France","caller_name":"Ana \ud83d\ude00"}`, 0, ""},
		{"body too large", `{` + ok + `,"address":"` + strings.Repeat("a", call.MaxBodyBytes) + `"}`, apperr.CodeInvalidParameter, "request body: must be at most 16384 bytes (found 16440)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := call.DecodeCreate([]byte(tc.body))
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

// TestDecodeSDP: an offer's or answer's body passes the gate every JSON
// body does, refused in its words; the description itself is the
// session's to check, so an absent or odd one is read as sent.
func TestDecodeSDP(t *testing.T) {
	cases := []struct {
		name, body, want string
		details          string // "": accepted
	}{
		{"an offer", `{"sdp":"v=0\r\ns=-\r\n"}`, "v=0\r\ns=-\r\n", ""},
		{"no sdp: the session says it is required", `{}`, "", ""},
		{"empty body", ``, "", "request body: expected a JSON object, found an empty body"},
		{"spaces only", "  \n", "", "request body: expected a JSON object, found an empty body"},
		{"not JSON", `sdp=v%3D0`, "", "request body: not valid JSON at byte 1"},
		{"an array", `["v=0"]`, "", "request body: expected a JSON object, found an array"},
		{"sdp a number", `{"sdp":0}`, "", "sdp: expected a string, found a number"},
		{"sdp twice", `{"sdp":"v=0","SDP":"v=0"}`, "", `request body: names "sdp" twice in one object (as "sdp" and "SDP")`},
		{"too large", `{"sdp":"` + strings.Repeat("a", call.MaxSDPBodyBytes) + `"}`, "",
			"request body: must be at most 32768 bytes (found 32778)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sdp, err := call.DecodeSDP([]byte(tc.body))
			if tc.details == "" {
				if err != nil || sdp != tc.want {
					t.Fatalf("got %q, %v; want %q", sdp, err, tc.want)
				}
				return
			}
			if e := apperr.From(err); e.Code != apperr.CodeInvalidParameter || e.Status() != 400 || !strings.HasPrefix(e.Details, tc.details) {
				t.Fatalf("got %v, want 400 code 100 starting %q", err, tc.details)
			}
		})
	}
}

func FuzzDecodeCreate(f *testing.F) {
	f.Add([]byte(`{"redirect_url":"https://a.example/","location":{"latitude":1,"longitude":2}}`))
	f.Add([]byte(`{"redirect_url":"https://a.example/","address":"Lyon, France","query":"x"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := call.DecodeCreate(b)
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
