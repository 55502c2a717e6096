package table

// Key builders: the only place where key strings are assembled.
//
//	item        pk              sk                         gsi1pk      gsi1sk
//	ZBA         ZBA#<zba>       PROFILE
//	API key     KEY#<key id>    KEY#<key id>               ZBA#<zba>   KEY#<key id>
//	phone       PHONE#<id>      PHONE#<id>                 ZBA#<zba>   PHONE#<id>
//	template    ZBA#<zba>       TEMPLATE#<name>_<language>

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
