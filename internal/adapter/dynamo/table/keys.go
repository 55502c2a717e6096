package table

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"
)

// Key builders: the only place where key strings are assembled.
//
//	item        pk              sk                         gsi1pk      gsi1sk
//	ZBA         ZBA#<zba>       PROFILE
//	API key     KEY#<key id>    KEY#<key id>               ZBA#<zba>   KEY#<key id>
//	phone       PHONE#<id>      PHONE#<id>                 ZBA#<zba>   PHONE#<id>
//	template    ZBA#<zba>       TEMPLATE#<name>_<language>  REVIEW#<n>  <due>#<zba>#<name>_<language>  (while a review is due)
//	                                                        PAUSE#<n>   <end>#<zba>#<name>_<language>  (while PAUSED)
//	count       ZBA#<zba>       COUNT#TEMPLATES            (how many templates the ZBA holds)
//	attempt     ZBA#<zba>       ATTEMPT#<event id>#<nn>     (a webhook delivery attempt)
//	rate count  RATE#<zba>      RATE#<window start, epoch s>
//	message     MESSAGE#<id>    MESSAGE#<id>               OUTBOX#<n>  <due>#<id>  (while its dispatch is armed)
//	window      RECIPIENT#<zba>#<to>  WINDOW#<phone id>
//	opt-out     RECIPIENT#<zba>#<to>  OPTOUT
//	mkt count   RECIPIENT#<zba>#<to>  MKTCAP#<window start, epoch s>
//	last tmpl   RECIPIENT#<zba>#<to>  LASTTEMPLATE  (the template last delivered to the recipient)
//	inbound     INBOUND#<phone id>#<network message id>  INBOUND  (a user's message, handled)
//	idempotency IDEMPOTENCY#<zba>#<key>  IDEMPOTENCY
//	provider    ZBA#<zba>       PROVIDER#<id>
//	near copy   NEAR#<zba>#<cell>  PROVIDER#<id>  (a provider whose cell at len(<cell>) is <cell> or a neighbour)
//	call        CALL#<id>       CALL                       PCALLS#<zba>#<provider>  <created at>
//	prov status PSTATUS#<zba>   PROVIDER#<id>  (the provider's link generation; the call that holds it, until when)

const (
	zbaPrefix      = "ZBA#"
	keyPrefix      = "KEY#"
	phonePrefix    = "PHONE#"
	templatePrefix = "TEMPLATE#"

	// ProfileSK is the sort key of a ZBA's own item.
	ProfileSK = "PROFILE"
)

// ZBA is the partition key of a ZBA and everything it owns.
func ZBA(id string) string { return zbaPrefix + id }

// APIKey is the partition and sort key of an API key.
func APIKey(id string) string { return keyPrefix + id }

// Phone is the partition and sort key of a registered sender number.
func Phone(id string) string { return phonePrefix + id }

// Template is the sort key of one template under its ZBA.
func Template(name, language string) string { return templatePrefix + name + "_" + language }

// TemplatePrefix starts every template sort key; queries use it with begins_with.
const TemplatePrefix = templatePrefix

// TemplateNamePrefix starts the sort keys of every language of a name (and
// of longer names that begin with it: callers filter on the name itself).
func TemplateNamePrefix(name string) string { return templatePrefix + name + "_" }

// TemplateOf is the "<name>_<language>" a template sort key ends with, and
// false for any other sort key. Where the name ends is for the caller to
// tell (languages hold underscores too); key order needs only the whole.
func TemplateOf(sk string) (string, bool) {
	rest, ok := strings.CutPrefix(sk, templatePrefix)
	return rest, ok && strings.Contains(rest, "_")
}

// TemplateCountSK is the sort key of the item counting a ZBA's templates.
// It lives in the ZBA's partition, so that the count and the templates it
// counts change in one transaction without a second partition, and it
// does not begin with TemplatePrefix, so template queries never read it.
const TemplateCountSK = "COUNT#TEMPLATES"

// AttemptPrefix starts the sort keys of the delivery attempts of one event
// (every event when eventID is empty).
func AttemptPrefix(eventID string) string {
	if eventID == "" {
		return "ATTEMPT#"
	}
	return "ATTEMPT#" + eventID + "#"
}

// Attempt is the sort key of attempt n of an event; two digits keep them in order.
func Attempt(eventID string, n int) string { return AttemptPrefix(eventID) + fmt.Sprintf("%02d", n) }

// ReviewShards spreads pending reviews over this many index partitions, so
// that a burst of creates does not write to one hot key.
const ReviewShards = 8

// ReviewShard is the index partition key of the pending reviews of shard n.
func ReviewShard(n int) string { return ReviewShardPrefix + strconv.Itoa(n) }

// The prefixes of the index partition keys, which the index grants are held
// to (dynamodb:LeadingKeys): pending reviews, pauses, armed dispatches and
// providers' calls.
const (
	ReviewShardPrefix   = "REVIEW#"
	PauseShardPrefix    = "PAUSE#"
	OutboxShardPrefix   = "OUTBOX#"
	ProviderCallsPrefix = "PCALLS#"
)

// providerStatusPrefix starts the partitions of the providers' status.
const providerStatusPrefix = "PSTATUS#"

// ReviewShardOf picks a template's review shard from its identity.
func ReviewShardOf(zbaID, name, language string) int {
	h := fnv.New32a()
	h.Write([]byte(zbaID + "/" + name + "/" + language))
	return int(h.Sum32() % ReviewShards)
}

// reviewTimeLayout has a fixed width, so index sort keys order by time.
const reviewTimeLayout = "2006-01-02T15:04:05.000000000Z"

// ReviewDue is the index sort key of a template whose review is due at due.
func ReviewDue(due time.Time, zbaID, name, language string) string {
	return due.UTC().Format(reviewTimeLayout) + "#" + zbaID + "#" + name + "_" + language
}

// ReviewDueBy is an upper bound for the sort keys of reviews due at or
// before t ('$' sorts just after the '#' that follows the time).
func ReviewDueBy(t time.Time) string { return t.UTC().Format(reviewTimeLayout) + "$" }

// PauseShard is the index partition key of the paused templates of shard
// n (shards as ReviewShardOf picks them). A template is never both pending
// review and paused, so the two markers share the index attributes.
func PauseShard(n int) string { return PauseShardPrefix + strconv.Itoa(n) }

// PauseEnd is the index sort key of a template paused until end.
func PauseEnd(end time.Time, zbaID, name, language string) string {
	return ReviewDue(end, zbaID, name, language)
}

// PauseEndBy is an upper bound for the sort keys of pauses ended at or
// before t.
func PauseEndBy(t time.Time) string { return ReviewDueBy(t) }

// ratePrefix starts both keys of a rate-limit counter.
const ratePrefix = "RATE#"

// RateCounter is the partition key of a ZBA's rate-limit counters. They get a
// partition of their own rather than ZBA#<zba>: every management request,
// refused ones included, writes the counter, so it is the ZBA's hottest item,
// and keeping it apart keeps that write traffic (and any throttling it draws)
// off the partition holding the ZBA's profile and templates, and keeps
// short-lived bookkeeping out of the ZBA's item collection.
func RateCounter(zba string) string { return ratePrefix + zba }

// RateWindow is the sort key of the counter of one window; start is the
// window's first epoch second in decimal, so every Lambda names the same
// window alike.
func RateWindow(start string) string { return ratePrefix + start }

// Message is the partition and sort key of a message record. A message is
// read by its id alone (dispatch, statuses), so it has a partition of its
// own rather than one under its ZBA, which a busy sender would make hot.
func Message(id string) string { return "MESSAGE#" + id }

// OutboxShards spreads armed dispatches over this many index partitions.
const OutboxShards = 8

// OutboxShard is the index partition key of the armed dispatches of shard n.
func OutboxShard(n int) string { return OutboxShardPrefix + strconv.Itoa(n) }

// OutboxShardOf picks a message's outbox shard from its id.
func OutboxShardOf(id string) int {
	h := fnv.New32a()
	h.Write([]byte(id))
	return int(h.Sum32() % OutboxShards)
}

// OutboxDue is the index sort key of a message whose dispatch is due at due.
func OutboxDue(due time.Time, id string) string { return due.UTC().Format(reviewTimeLayout) + "#" + id }

// OutboxDueBy bounds the sort keys of dispatches due at or before t.
func OutboxDueBy(t time.Time) string { return t.UTC().Format(reviewTimeLayout) + "$" }

// Recipient is the partition of what a ZBA keeps about one recipient: its
// windows with the ZBA's senders, its marketing opt-out and counts. A send
// reads them together.
func Recipient(zba, to string) string { return "RECIPIENT#" + zba + "#" + to }

// Window is the sort key of a sender's 24-hour window with the recipient.
func Window(phoneID string) string { return "WINDOW#" + phoneID }

// OptOutSK is the sort key of the recipient's marketing opt-out.
const OptOutSK = "OPTOUT"

// MarketingCount is the sort key of the recipient's marketing count in the
// cap window starting at start (epoch seconds).
func MarketingCount(start int64) string { return "MKTCAP#" + strconv.FormatInt(start, 10) }

// LastTemplateSK is the sort key of the template a ZBA last delivered to
// the recipient, which a STOP reply is counted against.
const LastTemplateSK = "LASTTEMPLATE"

// Inbound is the partition key of the marker of a user's message that was
// handled, by the sender and the network's message id, which a redelivery
// carries again. The phone id holds no '#'; the network id is last.
func Inbound(phoneID, networkID string) string { return "INBOUND#" + phoneID + "#" + networkID }

// InboundSK is the sort key of every inbound marker.
const InboundSK = "INBOUND"

// Idempotency is the partition key of an idempotency record: the key is
// scoped to the ZBA, whose ids hold no '#', so the pair is unambiguous.
func Idempotency(zba, key string) string { return "IDEMPOTENCY#" + zba + "#" + key }

// IdempotencySK is the sort key of every idempotency record.
const IdempotencySK = "IDEMPOTENCY"

// providerPrefix starts the sort keys of a ZBA's providers.
const providerPrefix = "PROVIDER#"

// ProviderPrefix starts every provider sort key; the directory of a ZBA is
// queried with it.
const ProviderPrefix = providerPrefix

// Provider is the sort key of a provider under its ZBA.
func Provider(id string) string { return providerPrefix + id }

// NearProviders is the partition of the provider index around a geohash
// cell of a ZBA: it holds a copy (sort key Provider(id)) of every provider
// whose cell at that precision, len(cell), is the cell or one of its
// neighbours, so that one Query reads a whole neighbourhood. Cells of
// different precisions differ in length, so their partitions never meet.
func NearProviders(zbaID, cell string) string { return "NEAR#" + zbaID + "#" + cell }

// Call is the partition key of a call; CallSK its sort key. A call has a
// partition of its own: the pages read it by id alone, from the token.
func Call(id string) string { return "CALL#" + id }

// CallSK is the sort key of a call's item.
const CallSK = "CALL"

// ProviderCalls is the index partition key of one provider's calls.
func ProviderCalls(zbaID, providerID string) string {
	return ProviderCallsPrefix + zbaID + "#" + providerID
}

// CallCreated is the index sort key of a call created at t (fixed width,
// so keys order by time).
func CallCreated(t time.Time, callID string) string {
	return t.UTC().Format(reviewTimeLayout) + "#" + callID
}

// CallsSince is the lower bound of the sort keys of calls created at or
// after t.
func CallsSince(t time.Time) string { return t.UTC().Format(reviewTimeLayout) }

// ProviderStatus is the partition of the status of a ZBA's providers
// (sort key Provider(id)): the generation of each provider's page links,
// and the call that holds it, until when.
// It is apart from the ZBA's own partition, which holds its templates, so
// that the public call session functions, which reserve and release
// providers, reach these items and nothing else of the ZBA; and one Query
// reads which of the ZBA's providers are busy.
func ProviderStatus(zbaID string) string { return providerStatusPrefix + zbaID }
