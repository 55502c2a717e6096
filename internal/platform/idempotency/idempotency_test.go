package idempotency

import "testing"

func TestFingerprint(t *testing.T) {
	const path = "/business/v1.0/15550001111/messages"
	base := Fingerprint("POST", path, []byte(`{"to":"1","type":"text"}`))
	cases := []struct {
		name         string
		method, path string
		body         string
		same         bool
	}{
		{"same request", "POST", path, `{"to":"1","type":"text"}`, true},
		{"keys reordered and spaced", "POST", path, "{ \"type\": \"text\",\n \"to\": \"1\" }", true},
		{"trailing slash the gateway ignores", "POST", path + "/", `{"to":"1","type":"text"}`, true},
		{"two trailing slashes name no route", "POST", path + "//", `{"to":"1","type":"text"}`, false},
		{"another path", "POST", "/business/v1.0/15550002222/messages", `{"to":"1","type":"text"}`, false},
		{"another method", "PUT", path, `{"to":"1","type":"text"}`, false},
		{"another value", "POST", path, `{"to":"2","type":"text"}`, false},
		{"not JSON counts as bytes", "POST", path, `to=1&type=text`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Fingerprint(c.method, c.path, []byte(c.body)) == base; got != c.same {
				t.Errorf("same fingerprint = %v, want %v", got, c.same)
			}
		})
	}
}
