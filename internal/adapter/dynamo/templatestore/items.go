package templatestore

import (
	"strconv"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"time"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/template"
)

// The template item: the table's layout, kept apart from the domain type
// and converted at this edge. Times are RFC 3339 strings.

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
	// Quality: the pause count, the current pause's end, when it was
	// disabled, and the outcome window (see outcomesAttribute).
	Pauses      int                         `dynamodbav:"pauses,omitempty"`
	PausedUntil string                      `dynamodbav:"paused_until,omitempty"`
	DisabledAt  string                      `dynamodbav:"disabled_at,omitempty"`
	Outcomes    map[string]map[string]int64 `dynamodbav:"outcomes"`
	// PendingEvents: the last quality transition's events until queued.
	PendingEvents string `dynamodbav:"pending_events,omitempty"`
}

// outcomesAttribute holds a template's outcome window: a map from slot
// number ("0".."23") to {"hour": <hours since epoch>, <outcome>: <count>...}.
// Every write of a whole template writes it (empty for a new version), so
// an outcome's update finds the map in place.
const (
	outcomesAttribute = "outcomes"
	slotHour          = "hour"
)

func toOutcomes(slots []template.OutcomeSlot) map[string]map[string]int64 {
	out := map[string]map[string]int64{}
	for _, s := range slots {
		m := map[string]int64{slotHour: s.Hour}
		for o, n := range s.Counts {
			m[string(o)] = int64(n)
		}
		out[strconv.Itoa(template.SlotOf(s.Hour))] = m
	}
	return out
}

func fromOutcomes(in map[string]map[string]int64) []template.OutcomeSlot {
	var out []template.OutcomeSlot
	for slot := range template.OutcomeSlots {
		m, ok := in[strconv.Itoa(slot)]
		if !ok {
			continue
		}
		s := template.OutcomeSlot{Hour: m[slotHour], Counts: map[template.Outcome]int{}}
		for k, n := range m {
			if k != slotHour && n != 0 {
				s.Counts[template.Outcome(k)] = int(n)
			}
		}
		out = append(out, s)
	}
	return out
}

func formatOptional(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return dynamo.FormatTime(t)
}

func parseOptional(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	return dynamo.ParseTime(s)
}

// toTemplateItem converts a template; a non-zero reviewDue arms its review.
func toTemplateItem(t template.Template, reviewDue time.Time) templateItem {
	it := templateItem{PK: table.ZBA(t.ZBAID), SK: table.Template(t.Name, t.Language), Type: table.TypeTemplate,
		ZBAID: t.ZBAID, Name: t.Name, Language: t.Language, Category: t.Category,
		CorrectCategory: t.CorrectCategory, Status: string(t.Status), QualityScore: t.QualityScore,
		RejectionReason: t.RejectionReason, ParameterFormat: t.ParameterFormat, Components: string(t.Components),
		CreatedAt: dynamo.FormatTime(t.CreatedAt), UpdatedAt: dynamo.FormatTime(t.UpdatedAt), Version: t.Version,
		Pauses: t.Pauses, PausedUntil: formatOptional(t.PausedUntil), DisabledAt: formatOptional(t.DisabledAt),
		Outcomes: toOutcomes(t.Outcomes), PendingEvents: string(t.PendingEvents)}
	if t.Status == template.StatusPaused && !t.PausedUntil.IsZero() {
		it.GSI1PK = table.PauseShard(table.ReviewShardOf(t.ZBAID, t.Name, t.Language))
		it.GSI1SK = table.PauseEnd(t.PausedUntil, t.ZBAID, t.Name, t.Language)
	}
	if !reviewDue.IsZero() {
		it.GSI1PK = table.ReviewShard(table.ReviewShardOf(t.ZBAID, t.Name, t.Language))
		it.GSI1SK = table.ReviewDue(reviewDue, t.ZBAID, t.Name, t.Language)
		it.ReviewDue = dynamo.FormatTime(reviewDue)
	}
	return it
}

// asSummary is the template of an item read with the list's projection:
// the summary fields alone.
func (i templateItem) asSummary() template.Template {
	return template.Template{ZBAID: i.ZBAID, Name: i.Name, Language: i.Language, Category: i.Category,
		CorrectCategory: i.CorrectCategory, Status: template.Status(i.Status), QualityScore: i.QualityScore,
		RejectionReason: i.RejectionReason}
}

// The item counting a ZBA's templates: its count attribute and its type.
const (
	countAttribute    = "templates"
	typeTemplateCount = "templatecount"
)

func (i templateItem) asDomain() template.Template {
	t := template.Template{ZBAID: i.ZBAID, Name: i.Name, Language: i.Language, Category: i.Category,
		CorrectCategory: i.CorrectCategory, Status: template.Status(i.Status), QualityScore: i.QualityScore,
		RejectionReason: i.RejectionReason, ParameterFormat: i.ParameterFormat, Components: []byte(i.Components),
		CreatedAt: dynamo.ParseTime(i.CreatedAt), UpdatedAt: dynamo.ParseTime(i.UpdatedAt), Version: i.Version,
		Pauses: i.Pauses, PausedUntil: parseOptional(i.PausedUntil), DisabledAt: parseOptional(i.DisabledAt),
		Outcomes: fromOutcomes(i.Outcomes)}
	if i.PendingEvents != "" {
		t.PendingEvents = []byte(i.PendingEvents)
	}
	if i.ClassifierVersion != "" {
		t.Decision = &template.DecisionRecord{ClassifierVersion: i.ClassifierVersion, Signals: []byte(i.ReviewSignals),
			DecidedAt: dynamo.ParseTime(i.DecidedAt), DeclaredCategory: i.DeclaredCategory, EventsPending: i.EventsPending}
	}
	return t
}

// DecodeTemplate turns a template item read by another store (the message
// store's batched read) into the domain's Template.
func DecodeTemplate(av map[string]types.AttributeValue) (template.Template, error) {
	var it templateItem
	if err := attributevalue.UnmarshalMap(av, &it); err != nil {
		return template.Template{}, err
	}
	return it.asDomain(), nil
}
