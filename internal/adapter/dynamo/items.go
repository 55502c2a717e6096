package dynamo

import (
	"time"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
)

// Item structs: the table's layout, kept apart from the domain types and
// converted at this edge. Times are RFC 3339 strings; the TTL attribute is
// epoch seconds, as DynamoDB requires.

// keyRetention is how long an expired or revoked key stays readable, so that
// its holder is told "revoked" or "expired" rather than "not recognised".
const keyRetention = 30 * 24 * time.Hour

type zbaItem struct {
	PK         string `dynamodbav:"pk"`
	SK         string `dynamodbav:"sk"`
	Type       string `dynamodbav:"type"`
	ID         string `dynamodbav:"zba_id"`
	Name       string `dynamodbav:"name"`
	WebhookURL string `dynamodbav:"webhook_url,omitempty"`
	WebhookGen int    `dynamodbav:"webhook_generation,omitempty"`
	CreatedAt  string `dynamodbav:"created_at"`
}

func toZBAItem(z account.ZBA) zbaItem {
	return zbaItem{PK: table.ZBA(z.ID), SK: table.ProfileSK, Type: table.TypeZBA, ID: z.ID, Name: z.Name,
		WebhookURL: z.WebhookURL, CreatedAt: formatTime(z.CreatedAt)}
}

func (i zbaItem) asDomain() account.ZBA {
	return account.ZBA{ID: i.ID, Name: i.Name, WebhookURL: i.WebhookURL, WebhookGeneration: i.WebhookGen,
		CreatedAt: parseTime(i.CreatedAt)}
}

type keyItem struct {
	PK         string   `dynamodbav:"pk"`
	SK         string   `dynamodbav:"sk"`
	Type       string   `dynamodbav:"type"`
	GSI1PK     string   `dynamodbav:"gsi1pk"`
	GSI1SK     string   `dynamodbav:"gsi1sk"`
	ID         string   `dynamodbav:"key_id"`
	ZBAID      string   `dynamodbav:"zba_id"`
	Scopes     []string `dynamodbav:"scopes"`
	SecretHash []byte   `dynamodbav:"secret_sha256"`
	CreatedAt  string   `dynamodbav:"created_at"`
	KeyExpires string   `dynamodbav:"key_expires_at,omitempty"`
	RevokedAt  string   `dynamodbav:"revoked_at,omitempty"`
	TTL        int64    `dynamodbav:"expires_at,omitempty"`
}

func toKeyItem(k auth.Key) keyItem {
	it := keyItem{PK: table.APIKey(k.ID), SK: table.APIKey(k.ID), Type: table.TypeAPIKey,
		GSI1PK: table.ZBA(k.ZBAID), GSI1SK: table.APIKey(k.ID),
		ID: k.ID, ZBAID: k.ZBAID, SecretHash: k.SecretHash, CreatedAt: formatTime(k.CreatedAt)}
	for _, s := range k.Scopes {
		it.Scopes = append(it.Scopes, string(s))
	}
	if k.ExpiresAt != nil {
		it.KeyExpires = formatTime(*k.ExpiresAt)
		it.TTL = k.ExpiresAt.Add(keyRetention).Unix()
	}
	return it
}

func (i keyItem) asDomain() auth.Key {
	k := auth.Key{ID: i.ID, ZBAID: i.ZBAID, SecretHash: i.SecretHash, CreatedAt: parseTime(i.CreatedAt)}
	for _, s := range i.Scopes {
		k.Scopes = append(k.Scopes, auth.Scope(s))
	}
	if i.KeyExpires != "" {
		t := parseTime(i.KeyExpires)
		k.ExpiresAt = &t
	}
	if i.RevokedAt != "" {
		t := parseTime(i.RevokedAt)
		k.RevokedAt = &t
	}
	return k
}

type phoneItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	Type      string `dynamodbav:"type"`
	GSI1PK    string `dynamodbav:"gsi1pk"`
	GSI1SK    string `dynamodbav:"gsi1sk"`
	ID        string `dynamodbav:"phone_number_id"`
	Number    string `dynamodbav:"number"`
	ZBAID     string `dynamodbav:"zba_id"`
	CreatedAt string `dynamodbav:"created_at"`
}

func toPhoneItem(p account.Phone) phoneItem {
	return phoneItem{PK: table.Phone(p.ID), SK: table.Phone(p.ID), Type: table.TypePhone,
		GSI1PK: table.ZBA(p.ZBAID), GSI1SK: table.Phone(p.ID),
		ID: p.ID, Number: p.Number, ZBAID: p.ZBAID, CreatedAt: formatTime(p.CreatedAt)}
}

type templateItem struct {
	PK              string `dynamodbav:"pk"`
	SK              string `dynamodbav:"sk"`
	Type            string `dynamodbav:"type"`
	ZBAID           string `dynamodbav:"zba_id"`
	Name            string `dynamodbav:"name"`
	Language        string `dynamodbav:"language"`
	Category        string `dynamodbav:"category"`
	CorrectCategory string `dynamodbav:"correct_category,omitempty"`
	Status          string `dynamodbav:"status"`
	QualityScore    string `dynamodbav:"quality_score"`
	RejectionReason string `dynamodbav:"rejection_reason,omitempty"`
	ParameterFormat string `dynamodbav:"parameter_format"`
	Components      string `dynamodbav:"components"`
	CreatedAt       string `dynamodbav:"created_at"`
	UpdatedAt       string `dynamodbav:"updated_at"`
	Version         int    `dynamodbav:"version"`
	// The review marker: while a review is due, the template sits in the
	// index under its shard and due time, where the sweeper finds it.
	GSI1PK    string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK    string `dynamodbav:"gsi1sk,omitempty"`
	ReviewDue string `dynamodbav:"review_due,omitempty"`
	// The last decision's record.
	ClassifierVersion string `dynamodbav:"classifier_version,omitempty"`
	ReviewSignals     string `dynamodbav:"review_signals,omitempty"`
	DecidedAt         string `dynamodbav:"decided_at,omitempty"`
	DeclaredCategory  string `dynamodbav:"declared_category,omitempty"`
	EventsPending     bool   `dynamodbav:"events_pending,omitempty"`
}

// toTemplateItem converts a template; a non-zero reviewDue arms its review.
func toTemplateItem(t template.Template, reviewDue time.Time) templateItem {
	it := templateItem{PK: table.ZBA(t.ZBAID), SK: table.Template(t.Name, t.Language), Type: table.TypeTemplate,
		ZBAID: t.ZBAID, Name: t.Name, Language: t.Language, Category: t.Category,
		CorrectCategory: t.CorrectCategory, Status: string(t.Status), QualityScore: t.QualityScore,
		RejectionReason: t.RejectionReason, ParameterFormat: t.ParameterFormat, Components: string(t.Components),
		CreatedAt: formatTime(t.CreatedAt), UpdatedAt: formatTime(t.UpdatedAt), Version: t.Version}
	if !reviewDue.IsZero() {
		it.GSI1PK = table.ReviewShard(table.ReviewShardOf(t.ZBAID, t.Name, t.Language))
		it.GSI1SK = table.ReviewDue(reviewDue, t.ZBAID, t.Name, t.Language)
		it.ReviewDue = formatTime(reviewDue)
	}
	return it
}

func (i templateItem) asDomain() template.Template {
	t := template.Template{ZBAID: i.ZBAID, Name: i.Name, Language: i.Language, Category: i.Category,
		CorrectCategory: i.CorrectCategory, Status: template.Status(i.Status), QualityScore: i.QualityScore,
		RejectionReason: i.RejectionReason, ParameterFormat: i.ParameterFormat, Components: []byte(i.Components),
		CreatedAt: parseTime(i.CreatedAt), UpdatedAt: parseTime(i.UpdatedAt), Version: i.Version}
	if i.ClassifierVersion != "" {
		t.Decision = &template.DecisionRecord{ClassifierVersion: i.ClassifierVersion, Signals: []byte(i.ReviewSignals),
			DecidedAt: parseTime(i.DecidedAt), DeclaredCategory: i.DeclaredCategory, EventsPending: i.EventsPending}
	}
	return t
}

func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

func parseTime(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s) // written by formatTime only
	return t
}

type attemptItem struct {
	PK         string `dynamodbav:"pk"`
	SK         string `dynamodbav:"sk"`
	Type       string `dynamodbav:"type"`
	EventID    string `dynamodbav:"event_id"`
	Attempt    int    `dynamodbav:"attempt"`
	At         string `dynamodbav:"at"`
	StatusCode int    `dynamodbav:"status_code"`
	LatencyMS  int64  `dynamodbav:"latency_ms"`
	Error      string `dynamodbav:"error,omitempty"`
	Response   string `dynamodbav:"response,omitempty"`
	RemoteAddr string `dynamodbav:"remote_addr,omitempty"`
	TTL        int64  `dynamodbav:"expires_at"`
}
