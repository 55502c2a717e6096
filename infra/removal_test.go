package main

import "testing"

// TestRemovalPolicies: with removalPolicy retain (the default) every kept
// resource (secrets, KMS keys, log groups) is kept on the stack's deletion
// and on a replacement, but deleted when the stack's first deploy fails
// and rolls back, so that a failed first deploy leaves nothing behind
// (RetainExceptOnCreate). The table alone is kept even then (Retain): its
// deletion protection would refuse the rollback's delete and leave the
// stack in ROLLBACK_FAILED. With destroy, everything goes with the stack.
func TestRemovalPolicies(t *testing.T) {
	type policies struct{ Deletion, UpdateReplace string }
	kept := []string{"AWS::SecretsManager::Secret", "AWS::KMS::Key", "AWS::Logs::LogGroup"}
	for _, tc := range []struct {
		policy      string
		table, rest policies
	}{
		{"retain", policies{"Retain", "Retain"}, policies{"RetainExceptOnCreate", "Retain"}},
		{"destroy", policies{"Delete", "Delete"}, policies{"Delete", "Delete"}},
	} {
		t.Run(tc.policy, func(t *testing.T) {
			p := synthWith(t, map[string]any{CtxRemovalPolicy: tc.policy})
			tables := p.ofType("AWS::DynamoDB::Table")
			if len(tables) != 1 {
				t.Fatalf("%d tables, want 1", len(tables))
			}
			for id, r := range tables {
				if got := (policies{r.DeletionPolicy, r.UpdateReplacePolicy}); got != tc.table {
					t.Errorf("table %s: %+v, want %+v", id, got, tc.table)
				}
			}
			n := 0
			for _, typ := range kept {
				for id, r := range p.ofType(typ) {
					n++
					if got := (policies{r.DeletionPolicy, r.UpdateReplacePolicy}); got != tc.rest {
						t.Errorf("%s %s: %+v, want %+v", typ, id, got, tc.rest)
					}
				}
			}
			// Three secrets, two keys, the API's access logs and one log
			// group per function.
			if n < 6 {
				t.Errorf("only %d secrets, keys and log groups", n)
			}
		})
	}
}
