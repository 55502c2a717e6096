package dynamo_test

import (
	"errors"
	"slices"
	"strconv"
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

// TestDeletes runs TransactDelete's steps and ConditionalDelete on
// DynamoDB Local: an unset condition deletes whatever is there (nothing
// included); a set one deletes only when it holds, and otherwise cancels
// the transaction with ConditionalCheckFailed, or returns the caller's
// error, leaving the item.
func TestDeletes(t *testing.T) {
	tb := fresh(t)
	errFailed := errors.New("condition failed")
	type item struct {
		PK string `dynamodbav:"pk"`
		SK string `dynamodbav:"sk"`
		N  int    `dynamodbav:"n"`
	}
	var unset expression.ConditionBuilder
	tests := []struct {
		name     string
		transact bool
		// stored is the item there before the delete (n), or none (0).
		stored  int
		cond    expression.ConditionBuilder
		deleted bool // false: the condition fails
	}{
		{"step, no condition", true, 1, unset, true},
		{"step, no condition, no item", true, 0, unset, true},
		{"step, condition holds", true, 1, dynamo.ItemPresent, true},
		{"step, condition fails: no item", true, 0, dynamo.ItemPresent, false},
		{"step, condition fails: another value", true, 2, expression.Name("n").Equal(expression.Value(1)), false},
		{"single, no condition", false, 1, unset, true},
		{"single, condition holds", false, 1, expression.Name("n").Equal(expression.Value(1)), true},
		{"single, condition fails", false, 2, expression.Name("n").Equal(expression.Value(1)), false},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := dynamo.Key("TEST#delete", strconv.Itoa(i))
			if tt.stored > 0 {
				if err := tb.Put(t.Context(), "test", item{PK: "TEST#delete", SK: strconv.Itoa(i), N: tt.stored}); err != nil {
					t.Fatal(err)
				}
			}
			var err error
			if tt.transact {
				step, serr := tb.TransactDelete(k, tt.cond, "test")
				if serr != nil {
					t.Fatal(serr)
				}
				err = tb.TransactWrite(t.Context(), []types.TransactWriteItem{step})
				if !tt.deleted && !slices.Equal(dynamo.CancelReasons(err), []string{dynamo.ConditionCheckFailed}) {
					t.Fatalf("TransactWrite = %v, want cancelled by the step's condition", err)
				}
			} else {
				err = tb.ConditionalDelete(t.Context(), "test", k, tt.cond, errFailed)
				if !tt.deleted && !errors.Is(err, errFailed) {
					t.Fatalf("ConditionalDelete = %v, want the caller's error", err)
				}
			}
			if tt.deleted && err != nil {
				t.Fatalf("delete: %v", err)
			}
			_, found, err := dynamo.GetItem[item](t.Context(), tb, k, true, "test")
			if err != nil || found != (tt.stored > 0 && !tt.deleted) {
				t.Fatalf("found %v (%v) after the delete; stored %d, deleted %v", found, err, tt.stored, tt.deleted)
			}
		})
	}
}
