package network_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"svc/internal/adapter/socialmsg"
	"svc/internal/feature/message"
	"svc/internal/local/netsim"
	"svc/internal/routes"
	"svc/internal/wire"
	"svc/internal/wire/network"
)

// sender is a function of the test's own that sends through its network,
// as a dispatch function would: the route table has none yet to build.
func sender(spec routes.Function) wire.Function[message.Network] {
	return wire.Function[message.Network]{Spec: spec, Build: func(d *wire.Deps) (message.Network, error) {
		return network.Network(d), nil
	}}
}

var outbound = message.Outbound{PhoneNumberID: "106540352242922", Origination: "phone-number-id-0123456789abcdef0123456789abcdef",
	Body: []byte(`{"messaging_product":"whatsapp","to":"15550001111","type":"text","text":{"body":"hi"}}`)}

func TestInAWSTheFunctionSendsThroughEndUserMessagingSocial(t *testing.T) {
	var mu sync.Mutex
	var got struct {
		path, origination string
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var in struct {
			Origination string `json:"originationPhoneNumberId"`
		}
		_ = json.Unmarshal(raw, &in)
		mu.Lock()
		got.path, got.origination = r.URL.Path, in.Origination
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"messageId":"wamid.fromTheService"}`)
	}))
	defer srv.Close()
	// The environment Lambda gives the function, with the SDK's per-service
	// endpoint variable pointing at the test's service.
	env := map[string]string{"AWS_REGION": "eu-west-1", "AWS_ACCESS_KEY_ID": "AKIDTEST", "AWS_SECRET_ACCESS_KEY": "secret",
		"AWS_ENDPOINT_URL_" + network.EndpointService: srv.URL}

	n, d, err := sender(routes.Function{Name: "sender", Network: true}).New(func(k string) string { return env[k] }, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := n.(*socialmsg.Network); !ok {
		t.Fatalf("network is %T, want the End User Messaging Social adapter", n)
	}
	if unused := d.Unused(); len(unused) != 0 {
		t.Errorf("unused: %v", unused)
	}
	id, err := n.Send(context.Background(), outbound)
	if err != nil || id != "wamid.fromTheService" {
		t.Fatalf("Send = %q, %v", id, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if got.path != "/v1/whatsapp/send" || got.origination != outbound.Origination {
		t.Fatalf("service got %+v", got)
	}
}

func TestOnTheLocalStackTheFunctionSendsThroughTheSimulator(t *testing.T) {
	sim := netsim.New(netsim.Options{})
	n, _, err := sender(routes.Function{Name: "sender", Network: true}).New(func(string) string { return "" },
		func(d *wire.Deps) { d.Tweaks.Network = sim })
	if err != nil {
		t.Fatal(err)
	}
	id, err := n.Send(context.Background(), outbound)
	if err != nil {
		t.Fatal(err)
	}
	if sent := sim.Sent(); len(sent) != 1 || sent[0].NetworkID != id {
		t.Fatalf("simulator kept %+v, want the message sent as %s", sent, id)
	}
}

func TestTheNetworkMustBeDeclaredAndUsed(t *testing.T) {
	cases := []struct {
		name    string
		f       func(routes.Function) wire.Function[message.Network]
		spec    routes.Function
		tweak   func(*wire.Deps)
		wantErr string
		unused  bool
	}{
		{name: "undeclared", f: sender, spec: routes.Function{Name: "sender"}, wantErr: "uses the network, which its route table entry does not declare"},
		{name: "undeclared, on the local stack", f: sender, spec: routes.Function{Name: "sender"},
			tweak: func(d *wire.Deps) { d.Tweaks.Network = netsim.New(netsim.Options{}) }, wantErr: "does not declare"},
		{name: "not a network", f: sender, spec: routes.Function{Name: "sender", Network: true},
			tweak: func(d *wire.Deps) { d.Tweaks.Network = "a string" }, wantErr: "not a message.Network"},
		{name: "declared but never used", spec: routes.Function{Name: "idle", Network: true}, unused: true,
			f: func(spec routes.Function) wire.Function[message.Network] {
				return wire.Function[message.Network]{Spec: spec, Build: func(*wire.Deps) (message.Network, error) {
					return netsim.New(netsim.Options{}), nil
				}}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, d, err := tc.f(tc.spec).New(func(k string) string {
				if k == "AWS_REGION" {
					return "eu-west-1"
				}
				return ""
			}, tc.tweak)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("built: %v; want an error saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := d.Unused(); tc.unused != (len(got) == 1 && got[0] == "the network") {
				t.Fatalf("Unused = %v", got)
			}
		})
	}
}
