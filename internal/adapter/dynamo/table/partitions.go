package table

import "svc/internal/routes"

// PartitionPrefixes are the prefixes of the partition key families that the
// route table names (routes.Partition), from the key builders themselves:
// infra holds a function's grant to them (dynamodb:LeadingKeys), and the
// local end-to-end tests hold its store calls to them.
var PartitionPrefixes = map[routes.Partition]string{
	routes.PartitionAPIKey:         APIKey(""),
	routes.PartitionMessage:        Message(""),
	routes.PartitionCall:           Call(""),
	routes.PartitionRateCounter:    RateCounter(""),
	routes.PartitionProviderStatus: ProviderStatus(""),
	// The index's partitions.
	routes.PartitionReviewDue:    ReviewShardPrefix,
	routes.PartitionPauseDue:     PauseShardPrefix,
	routes.PartitionOutboxDue:    OutboxShardPrefix,
	routes.PartitionProviderCall: ProviderCallsPrefix,
}
