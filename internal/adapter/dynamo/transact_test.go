package dynamo_test

import (
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
)

// TestTransactUpdate runs TransactUpdate's steps on DynamoDB Local: an
// unset condition always applies, a set one cancels the transaction with
// the step's ConditionalCheckFailed when it does not hold.
func TestTransactUpdate(t *testing.T) {
	tb := fresh(t)
	k := dynamo.Key("TEST#transact", "COUNT")
	n := expression.Name("n")
	below := func(v int) expression.ConditionBuilder {
		return n.AttributeNotExists().Or(n.LessThan(expression.Value(v)))
	}
	var unset expression.ConditionBuilder
	type count struct {
		N int `dynamodbav:"n"`
	}
	tests := []struct {
		name       string
		cond       expression.ConditionBuilder
		wantReason string // "" when the step applies
		wantN      int
	}{
		{"no condition, no item", unset, "", 1},
		{"condition holds", below(2), "", 2},
		{"condition fails", below(2), dynamo.ConditionCheckFailed, 2},
		{"no condition over a count past the cap", unset, "", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			step, err := tb.TransactUpdate(k, expression.Add(n, expression.Value(1)), tt.cond, "test")
			if err != nil {
				t.Fatal(err)
			}
			err = tb.TransactWrite(t.Context(), []types.TransactWriteItem{step})
			if got := dynamo.CancelReasons(err); tt.wantReason != "" && !slices.Equal(got, []string{tt.wantReason}) {
				t.Fatalf("cancel reasons = %v (err %v), want [%s]", got, err, tt.wantReason)
			} else if tt.wantReason == "" && err != nil {
				t.Fatalf("TransactWrite: %v", err)
			}
			c, found, err := dynamo.GetItem[count](t.Context(), tb, k, true, "test")
			if err != nil || !found || c.N != tt.wantN {
				t.Fatalf("count = %+v, found %v, err %v; want %d", c, found, err, tt.wantN)
			}
		})
	}
}
