package devstack_test

import (
	"context"
	"strings"
	"testing"

	"svc/internal/local/devstack"
	"svc/internal/local/netsim"
)

// TestLocalStackScriptsItsNetworkFromItsEnvironment: make run's
// environment scripts the simulator's recipients, and a script it cannot
// read stops the stack naming the variable.
func TestLocalStackScriptsItsNetworkFromItsEnvironment(t *testing.T) {
	cases := []struct {
		script  string
		want    map[string]netsim.Script
		wantErr bool
	}{
		{script: "", want: map[string]netsim.Script{"15550001111": {}}},
		{script: "15550009999=refuse,15550008888=fail:2", want: map[string]netsim.Script{
			"15550009999": {Refuse: true}, "15550008888": {FailTimes: 2}, "15550001111": {}}},
		{script: "15550009999=sometimes", wantErr: true},
	}
	for _, tc := range cases {
		t.Run(tc.script, func(t *testing.T) {
			name := "netsim-" + randomSuffix()
			process := map[string]string{netsim.EnvScript: tc.script}
			st, err := devstack.Open(context.Background(), devstack.Options{
				DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint, TableName: name, QueuePrefix: name + "-",
				Log: quietLog(), Getenv: func(k string) string { return process[k] },
			})
			if tc.wantErr {
				if err == nil || !strings.Contains(err.Error(), netsim.EnvScript) {
					t.Fatalf("Open = %v, want an error naming %s", err, netsim.EnvScript)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if st.Network == nil {
				t.Fatal("the stack has no network")
			}
			for number, want := range tc.want {
				if got := st.Network.ScriptOf(number); got != want {
					t.Errorf("script of %s = %+v, want %+v", number, got, want)
				}
			}
		})
	}
}
