// Package table defines the single DynamoDB table: its key schema, indexes,
// TTL attribute and the builders of every key. CDK and the local stack
// both create the table from this definition.
package table

// Attribute names shared by every item.
const (
	PartitionKey = "pk"
	SortKey      = "sk"
	// TypeAttribute names the kind of item (see the Type constants).
	TypeAttribute = "type"
	// TTLAttribute holds an epoch second after which DynamoDB deletes the item.
	TTLAttribute = "expires_at"
	// VersionAttribute is the optimistic-concurrency counter.
	VersionAttribute = "version"
	// LinkGenAttribute is a provider's link generation, which its put
	// writes on its record (and copies) and on its status item, where the
	// call stores read it.
	LinkGenAttribute = "link_gen"
)

// Index is a global secondary index with string keys, projecting all attributes.
type Index struct {
	Name         string
	PartitionKey string
	SortKey      string
}

// GSI1 is the overloaded general-purpose index.
var GSI1 = Index{Name: "gsi1", PartitionKey: "gsi1pk", SortKey: "gsi1sk"}

// Indexes lists the table's global secondary indexes.
var Indexes = []Index{GSI1}

// Item types.
const (
	TypeZBA      = "zba"
	TypeAPIKey   = "apikey"
	TypePhone    = "phone"
	TypeTemplate = "template"
	TypeAttempt  = "attempt"
	// TypeRateCounter is a management rate-limit counter of one ZBA and window.
	TypeRateCounter = "ratecounter"
	// TypeMessage is a message record; TypeWindow a 24-hour window;
	// TypeOptOut a marketing opt-out; TypeMarketingCount a recipient's
	// marketing count in one cap window.
	TypeMessage        = "message"
	TypeWindow         = "window"
	TypeOptOut         = "optout"
	TypeMarketingCount = "marketingcount"
	// TypeLastTemplate is the template last delivered to a recipient;
	// TypeInbound marks a user's message as handled.
	TypeLastTemplate = "lasttemplate"
	TypeInbound      = "inbound"
	// TypeIdempotency is an Idempotency-Key record.
	TypeIdempotency = "idempotency"
	// TypeProvider is a provider of a ZBA's call directory.
	TypeProvider = "provider"
	// TypeNearProvider is a provider's copy in the index of a neighbourhood.
	TypeNearProvider = "nearprovider"
	// TypeCall is a call session.
	TypeCall = "call"
	// TypeProviderStatus is a provider's reservation by a call.
	TypeProviderStatus = "providerstatus"
)
