package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/routes"
)

// newTable creates the service's single table from the schema in
// internal/adapter/dynamo/table, the same definition the local stack creates its table from.
func newTable(scope constructs.Construct, s settings) awsdynamodb.Table {
	t := awsdynamodb.NewTable(scope, jsii.String("Table"), &awsdynamodb.TableProps{
		PartitionKey: stringKey(table.PartitionKey),
		SortKey:      stringKey(table.SortKey),
		BillingMode:  awsdynamodb.BillingMode_PAY_PER_REQUEST,
		PointInTimeRecoverySpecification: &awsdynamodb.PointInTimeRecoverySpecification{
			PointInTimeRecoveryEnabled: jsii.Bool(true),
		},
		TimeToLiveAttribute: jsii.String(table.TTLAttribute),
		// The AWS-managed key: encrypted at rest with an auditable KMS key,
		// and no key policy for the functions' roles to maintain.
		Encryption: awsdynamodb.TableEncryption_AWS_MANAGED,
		// Protection follows the removal policy: a retained table must not
		// be deleted by hand either, a development table must go with its
		// stack.
		DeletionProtection: jsii.Bool(!s.Destroy),
		RemovalPolicy:      tableRemovalPolicy(s),
	})
	for _, idx := range table.Indexes {
		t.AddGlobalSecondaryIndex(&awsdynamodb.GlobalSecondaryIndexProps{
			IndexName:      jsii.String(idx.Name),
			PartitionKey:   stringKey(idx.PartitionKey),
			SortKey:        stringKey(idx.SortKey),
			ProjectionType: awsdynamodb.ProjectionType_ALL,
		})
	}
	return t
}

// tableRemovalPolicy is the table's removal policy: it goes with a
// destroy stack, and is otherwise kept even when the stack's first deploy
// rolls back (Retain, not the RetainExceptOnCreate of the other kept
// resources), because its deletion protection would refuse the rollback's
// delete and leave the stack in ROLLBACK_FAILED.
func tableRemovalPolicy(s settings) awscdk.RemovalPolicy {
	if s.Destroy {
		return awscdk.RemovalPolicy_DESTROY
	}
	return awscdk.RemovalPolicy_RETAIN
}

// indexResources lists each index's ARN, written out so that grants never
// use a wildcard.
func indexResources(t awsdynamodb.Table) []*string {
	var out []*string
	for _, idx := range table.Indexes {
		out = append(out, jsii.String(*t.TableArn()+"/index/"+idx.Name))
	}
	return out
}

// leadingKeys is the condition key holding the partition keys a request
// touches.
const leadingKeys = "dynamodb:LeadingKeys"

// partitionPatterns are the StringLike patterns of the partition keys of
// ps: each family's prefix (table.PartitionPrefixes), then anything. A
// condition value, not a resource: the grant stays on the table's own ARN.
func partitionPatterns(ps []routes.Partition) []string {
	var out []string
	for _, p := range ps {
		out = append(out, table.PartitionPrefixes[p]+"*")
	}
	return out
}

func stringKey(name string) *awsdynamodb.Attribute {
	return &awsdynamodb.Attribute{Name: jsii.String(name), Type: awsdynamodb.AttributeType_STRING}
}
