// Package admin is the transport of the operators' function: a JSON event
// names an action on a ZBA (create it, mint or revoke a key, register a
// sender number, set the webhook URL) and gets a JSON result. In AWS it is
// invoked directly and protected by IAM; locally the svc-local command
// invokes the same handler.
package admin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/call"
	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/platform/geo"
	"svc/internal/platform/logging"
	"svc/internal/routes"
)

// Actions.
const (
	ActionCreateZBA     = "create_zba"
	ActionMintKey       = "mint_key"
	ActionRevokeKey     = "revoke_key"
	ActionRegisterPhone = "register_phone"
	ActionSetWebhook    = "set_webhook"
	ActionGetReview     = "get_review"
	ActionListAttempts  = "list_webhook_attempts"
	// ActionSetDisplayNameStatus changes a sender's display name status.
	ActionSetDisplayNameStatus = "set_display_name_status"
	// ActionMarketingOptOut records (or, with opted_out false, withdraws) a
	// recipient's opt-out of a ZBA's marketing messages.
	ActionMarketingOptOut = "marketing_opt_out"
	// ActionRecordInbound records a message a recipient sent a sender,
	// opening their 24-hour window, through the use case the inbound
	// consumer calls (`make inbound` on the local stack).
	ActionRecordInbound = "record_inbound"
	// The template quality actions (zba_id, name, language).
	ActionPauseTemplate   = "pause_template"
	ActionUnpauseTemplate = "unpause_template"
	ActionDisableTemplate = "disable_template"
	// ActionRecordOutcome feeds delivery outcomes to a template's quality,
	// for operators and tests, as the delivery statuses do.
	ActionRecordOutcome = "record_template_outcome"
	// The call directory: a provider is written whole, listed, removed.
	ActionPutProvider    = "put_provider"
	ActionListProviders  = "list_providers"
	ActionRemoveProvider = "remove_provider"
)

// Event is the admin function's input.
type Event struct {
	Action string `json:"action"`
	ZBAID  string `json:"zba_id,omitempty"`
	// Name is a ZBA's display name (create_zba), or a template's name (the
	// template quality actions).
	Name string `json:"name,omitempty"`
	// Language is a template's language (the template quality actions).
	Language string `json:"language,omitempty"`
	// Outcome is delivered, read, failed, blocked or opted_out, and Count
	// how many of it to record (1 when 0; at most quality.MaxOutcomes)
	// (record_template_outcome).
	Outcome string `json:"outcome,omitempty"`
	Count   int    `json:"count,omitempty"`
	// Scopes of a new key (mint_key): scope names, each may be a comma list.
	Scopes []string `json:"scopes,omitempty"`
	// ExpiresAt is an optional RFC 3339 expiry of a new key (mint_key).
	ExpiresAt *time.Time `json:"expires_at,omitempty"`
	// CreateZBA creates the ZBA first when it does not exist (mint_key).
	CreateZBA bool `json:"create_zba,omitempty"`
	// Key is the plain key or its id (revoke_key).
	Key string `json:"key,omitempty"`
	// PhoneNumberID and PhoneNumber register a sender (register_phone).
	PhoneNumberID string `json:"phone_number_id,omitempty"`
	PhoneNumber   string `json:"phone_number,omitempty"`
	// DisplayNameStatus is APPROVED (the default), PENDING or REJECTED
	// (register_phone, set_display_name_status).
	DisplayNameStatus string `json:"display_name_status,omitempty"`
	// OriginationARN is the sender's origination phone number ARN in AWS
	// End User Messaging Social (register_phone).
	OriginationARN string `json:"origination_arn,omitempty"`
	// Recipient and OptedOut are a marketing opt-out (marketing_opt_out);
	// OptedOut defaults to true.
	Recipient string `json:"recipient,omitempty"`
	OptedOut  *bool  `json:"opted_out,omitempty"`
	// From and Text are an inbound message to PhoneNumberID
	// (record_inbound).
	From string `json:"from,omitempty"`
	Text string `json:"text,omitempty"`
	// URL is the webhook URL (set_webhook).
	URL string `json:"url,omitempty"`
	// VerifyToken is what the callback expects in the verification
	// handshake (set_webhook); one is generated when empty.
	VerifyToken string `json:"verify_token,omitempty"`
	// Fields are the webhook fields the subscription receives (set_webhook),
	// each one of webhook.Fields; absent or empty, every field.
	Fields []string `json:"fields,omitempty"`
	// TemplateID names a template (get_review).
	TemplateID string `json:"template_id,omitempty"`
	// EventID narrows list_webhook_attempts to one event.
	EventID string `json:"event_id,omitempty"`
	// ProviderID names a provider (put_provider, remove_provider); Name is
	// its display name, and the fields below its record (put_provider).
	ProviderID   string        `json:"provider_id,omitempty"`
	Skills       []string      `json:"skills,omitempty"`
	Languages    []string      `json:"languages,omitempty"`
	Description  string        `json:"description,omitempty"`
	Location     *Location     `json:"location,omitempty"`
	Address      string        `json:"address,omitempty"`
	Availability *Availability `json:"availability,omitempty"`
}

// Location is a point, as the call body writes it.
type Location struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

// Availability is when a provider takes calls: never when Active is
// false; else always, or within Hours in TimeZone. Absent, a provider is
// always available.
type Availability struct {
	Active   bool    `json:"active"`
	TimeZone string  `json:"time_zone,omitempty"`
	Hours    []Hours `json:"hours,omitempty"`
}

// Hours is a weekly window: days ("mon".."sun"), start and end ("09:00").
type Hours struct {
	Days  []string `json:"days"`
	Start string   `json:"start"`
	End   string   `json:"end"`
}

// ProviderRecord is a provider as operators read it.
type ProviderRecord struct {
	ProviderID   string       `json:"provider_id"`
	Name         string       `json:"name"`
	Skills       []string     `json:"skills"`
	Languages    []string     `json:"languages"`
	Description  string       `json:"description,omitempty"`
	Location     Location     `json:"location"`
	Availability Availability `json:"availability"`
	UpdatedAt    time.Time    `json:"updated_at"`
}

// Result is the admin function's output. Key holds a minted key's plain text:
// the only time it is ever shown.
type Result struct {
	Action    string     `json:"action"`
	ZBAID     string     `json:"zba_id,omitempty"`
	KeyID     string     `json:"key_id,omitempty"`
	Key       string     `json:"key,omitempty"`
	Scopes    []string   `json:"scopes,omitempty"`
	ExpiresAt *time.Time `json:"expires_at,omitempty"`
	RevokedAt *time.Time `json:"revoked_at,omitempty"`
	// AuthorizerCache is what a revocation did to the gateway's cached
	// authorizer answers (revoke_key): flushed, flush_failed, or none (no
	// gateway caches them); Note says what that means for the key.
	AuthorizerCache string `json:"authorizer_cache,omitempty"`
	Note            string `json:"note,omitempty"`
	PhoneNumberID   string `json:"phone_number_id,omitempty"`
	// DisplayNameStatus is a sender's status as stored.
	DisplayNameStatus string `json:"display_name_status,omitempty"`
	// WindowUntil is when the window record_inbound opened closes.
	WindowUntil *time.Time `json:"window_until,omitempty"`
	WebhookURL  string     `json:"webhook_url,omitempty"`
	// WebhookFields are the fields a new subscription receives; absent,
	// every field.
	WebhookFields []string `json:"webhook_fields,omitempty"`
	// SigningSecret and VerifyToken of a new subscription: shown once.
	SigningSecret string `json:"signing_secret,omitempty"`
	VerifyToken   string `json:"verify_token,omitempty"`
	// Review is a template's status and last review decision (get_review).
	Review *ReviewRecord `json:"review,omitempty"`
	// Attempts are recorded webhook deliveries (list_webhook_attempts).
	Attempts []delivery.AttemptRecord `json:"attempts,omitempty"`
	// Template is a template's status and quality after a template quality
	// action.
	Template *TemplateRecord `json:"template,omitempty"`
	// Provider is the stored record and ProviderURL its signed page link
	// (put_provider); Providers the directory (list_providers).
	Provider    *ProviderRecord  `json:"provider,omitempty"`
	ProviderURL string           `json:"provider_url,omitempty"`
	Providers   []ProviderRecord `json:"providers,omitempty"`
}

// TemplateRecord is a template's status and quality as operators read them.
type TemplateRecord struct {
	TemplateID   string     `json:"template_id"`
	Version      int        `json:"version"`
	Status       string     `json:"status"`
	QualityScore string     `json:"quality_score"`
	Pauses       int        `json:"pauses"`
	PausedUntil  *time.Time `json:"paused_until,omitempty"`
	DisabledAt   *time.Time `json:"disabled_at,omitempty"`
}

// TemplateOps are the operators' actions on a template's status and
// quality (package template/quality's Service).
type TemplateOps interface {
	Pause(ctx context.Context, r template.Ref) (template.Template, error)
	Unpause(ctx context.Context, r template.Ref) (template.Template, error)
	Disable(ctx context.Context, r template.Ref) (template.Template, error)
	RecordOutcomes(ctx context.Context, r template.Ref, o template.Outcome, n int) (template.Template, error)
}

// Directory is the call directory operators manage, and the signer of a
// provider's page link (under BaseURL).
type Directory struct {
	Calls   call.Service
	BaseURL string
}

// ReviewRecord is a template's review as operators read it: the outcome and
// what the classifier based it on.
type ReviewRecord struct {
	TemplateID        string          `json:"template_id"`
	Version           int             `json:"version"`
	Status            string          `json:"status"`
	Category          string          `json:"category"`
	CorrectCategory   string          `json:"correct_category,omitempty"`
	RejectionReason   string          `json:"rejection_reason,omitempty"`
	ClassifierVersion string          `json:"classifier_version,omitempty"`
	Signals           json.RawMessage `json:"signals,omitempty"`
	DecidedAt         *time.Time      `json:"decided_at,omitempty"`
}

// Records is what operators may inspect.
type Records interface {
	GetTemplate(ctx context.Context, r template.Ref) (template.Template, error)
	ListAttempts(ctx context.Context, zbaID, eventID string) ([]delivery.AttemptRecord, error)
}

// Messages is what the message actions need (message.Service).
type Messages interface {
	RecordInbound(ctx context.Context, phoneID, from string, at time.Time) (message.Window, error)
	SetMarketingOptOut(ctx context.Context, zbaID, recipient string, optedOut bool) error
}

// Parts are the use cases the actions run. Accounts and Records serve every
// function that builds the handler; an action whose part is nil answers
// that it is not available there.
type Parts struct {
	Accounts  account.Service
	Records   Records
	Templates TemplateOps
	Messages  Messages
	// Directory runs the call directory's actions.
	Directory Directory
}

// Handler is the admin function's Lambda handler.
type Handler func(context.Context, Event) (Result, error)

// New returns the handler. Errors come back as the invocation's error, with
// a message meant for the operator. Secrets never reach the log.
func New(p Parts, log *slog.Logger) Handler {
	return func(ctx context.Context, ev Event) (Result, error) {
		res, err := dispatch(ctx, p, ev)
		attrs := []any{slog.String("action", ev.Action), slog.String("zba_id", ev.ZBAID)}
		if res.KeyID != "" {
			attrs = append(attrs, slog.String("key_id", res.KeyID))
		}
		for name, number := range map[string]string{"phone_number": ev.PhoneNumber, "recipient": ev.Recipient, "from": ev.From} {
			if number != "" {
				attrs = append(attrs, slog.String(name, logging.MaskPhone(number)))
			}
		}
		if err != nil {
			log.Warn("admin action failed", append(attrs, slog.String("error", err.Error()))...)
			return Result{}, err
		}
		if res.AuthorizerCache == string(account.CacheFlushFailed) {
			log.Warn("authorizer cache flush failed", append(attrs, slog.String("error", res.Note))...)
			return res, nil
		}
		log.Info("admin action", attrs...)
		return res, nil
	}
}

func dispatch(ctx context.Context, p Parts, ev Event) (Result, error) {
	svc, records, msgs, ops := p.Accounts, p.Records, p.Messages, p.Templates
	res := Result{Action: ev.Action, ZBAID: ev.ZBAID}
	switch ev.Action {
	case ActionCreateZBA:
		_, err := svc.CreateZBA(ctx, ev.ZBAID, ev.Name)
		return res, describe(err, ev)
	case ActionMintKey:
		scopes, err := auth.ParseScopes(strings.Join(ev.Scopes, ","))
		if err != nil {
			return res, err
		}
		plain, key, err := svc.MintKey(ctx, account.MintRequest{ZBAID: ev.ZBAID, Scopes: scopes,
			ExpiresAt: ev.ExpiresAt, CreateZBA: ev.CreateZBA})
		if err != nil {
			return res, describe(err, ev)
		}
		res.KeyID, res.Key, res.ExpiresAt = key.ID, plain, key.ExpiresAt
		for _, s := range key.Scopes {
			res.Scopes = append(res.Scopes, string(s))
		}
		return res, nil
	case ActionRevokeKey:
		rev, err := svc.RevokeKey(ctx, ev.Key)
		if err != nil {
			return res, describe(err, ev)
		}
		res.ZBAID, res.KeyID, res.RevokedAt = rev.Key.ZBAID, rev.Key.ID, rev.Key.RevokedAt
		res.AuthorizerCache, res.Note = string(rev.Cache), revocationNote(rev)
		return res, nil
	case ActionRegisterPhone:
		p, err := svc.Register(ctx, account.PhoneRegistration{ZBAID: ev.ZBAID, PhoneID: ev.PhoneNumberID, Number: ev.PhoneNumber,
			DisplayNameStatus: ev.DisplayNameStatus, Origination: ev.OriginationARN})
		res.PhoneNumberID, res.DisplayNameStatus = p.ID, string(p.DisplayNameStatus)
		return res, describe(err, ev)
	case ActionSetDisplayNameStatus:
		p, err := svc.SetDisplayNameStatus(ctx, ev.PhoneNumberID, ev.DisplayNameStatus)
		res.ZBAID, res.PhoneNumberID, res.DisplayNameStatus = p.ZBAID, ev.PhoneNumberID, string(p.DisplayNameStatus)
		return res, describe(err, ev)
	case ActionMarketingOptOut, ActionRecordInbound:
		if msgs == nil {
			return res, fmt.Errorf("action %s is not available here", ev.Action)
		}
		if ev.Action == ActionMarketingOptOut {
			optedOut := ev.OptedOut == nil || *ev.OptedOut
			return res, msgs.SetMarketingOptOut(ctx, ev.ZBAID, ev.Recipient, optedOut)
		}
		w, err := msgs.RecordInbound(ctx, ev.PhoneNumberID, ev.From, svc.Now())
		if err != nil {
			return res, err
		}
		res.ZBAID, res.PhoneNumberID, res.WindowUntil = w.ZBAID, w.PhoneNumberID, &w.Until
		return res, nil
	case ActionSetWebhook:
		sub, err := svc.SetWebhook(ctx, ev.ZBAID, ev.URL, ev.VerifyToken, ev.Fields)
		if err != nil {
			return res, describe(err, ev)
		}
		res.WebhookURL, res.WebhookFields, res.SigningSecret, res.VerifyToken = sub.URL, sub.Fields, sub.Secret, sub.VerifyToken
		return res, nil
	case ActionGetReview:
		ref, ok := template.ParseID(ev.TemplateID)
		if !ok || ref.ZBAID != ev.ZBAID {
			return res, fmt.Errorf("template %s is not a template id of zba %s", ev.TemplateID, ev.ZBAID)
		}
		t, err := records.GetTemplate(ctx, ref)
		if err != nil {
			return res, err
		}
		res.Review = &ReviewRecord{TemplateID: t.ID(), Version: t.Version, Status: string(t.Status), Category: t.Category,
			CorrectCategory: t.CorrectCategory, RejectionReason: t.RejectionReason}
		if d := t.Decision; d != nil {
			at := d.DecidedAt
			res.Review.ClassifierVersion, res.Review.Signals, res.Review.DecidedAt = d.ClassifierVersion, d.Signals, &at
		}
		return res, nil
	case ActionListAttempts:
		var err error
		res.Attempts, err = records.ListAttempts(ctx, ev.ZBAID, ev.EventID)
		return res, err
	case ActionPutProvider, ActionListProviders, ActionRemoveProvider:
		if p.Directory.Calls.Providers == nil {
			return res, fmt.Errorf("action %s is not available here", ev.Action)
		}
		return p.Directory.dispatch(ctx, ev)
	case ActionPauseTemplate, ActionUnpauseTemplate, ActionDisableTemplate, ActionRecordOutcome:
		if ops == nil {
			return res, fmt.Errorf("action %s is not available here", ev.Action)
		}
		return templateAction(ctx, ops, ev, res)
	}
	return res, fmt.Errorf("unknown action %q (known: %s)", ev.Action, strings.Join([]string{ActionCreateZBA, ActionMintKey,
		ActionRevokeKey, ActionRegisterPhone, ActionSetWebhook, ActionGetReview, ActionListAttempts, ActionSetDisplayNameStatus,
		ActionMarketingOptOut, ActionRecordInbound,
		ActionPauseTemplate, ActionUnpauseTemplate, ActionDisableTemplate, ActionRecordOutcome,
		ActionPutProvider, ActionListProviders, ActionRemoveProvider}, ", "))
}

// templateAction runs a template quality action on the template zba_id,
// name and language name, and returns the template as it is after.
func templateAction(ctx context.Context, ops TemplateOps, ev Event, res Result) (Result, error) {
	if ev.ZBAID == "" || ev.Name == "" || ev.Language == "" {
		return res, fmt.Errorf("%s needs zba_id, name and language", ev.Action)
	}
	r := template.Ref{ZBAID: ev.ZBAID, Name: ev.Name, Language: ev.Language}
	var t template.Template
	var err error
	switch ev.Action {
	case ActionPauseTemplate:
		t, err = ops.Pause(ctx, r)
	case ActionUnpauseTemplate:
		t, err = ops.Unpause(ctx, r)
	case ActionDisableTemplate:
		t, err = ops.Disable(ctx, r)
	case ActionRecordOutcome:
		n := ev.Count
		if n == 0 { // count left out
			n = 1
		}
		t, err = ops.RecordOutcomes(ctx, r, template.Outcome(ev.Outcome), n)
	}
	if err != nil {
		return res, err
	}
	res.Template = &TemplateRecord{TemplateID: t.ID(), Version: t.Version, Status: string(t.Status),
		QualityScore: t.QualityScore, Pauses: t.Pauses, PausedUntil: optionalTime(t.PausedUntil), DisabledAt: optionalTime(t.DisabledAt)}
	return res, nil
}

func optionalTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// dispatch runs the call directory's actions.
func (dir Directory) dispatch(ctx context.Context, ev Event) (Result, error) {
	res := Result{Action: ev.Action, ZBAID: ev.ZBAID}
	providers := dir.Calls.Providers
	switch ev.Action {
	case ActionPutProvider:
		req := call.PutProviderRequest{Provider: call.Provider{ZBAID: ev.ZBAID, ID: ev.ProviderID, Name: ev.Name,
			Skills: ev.Skills, Languages: ev.Languages, Description: ev.Description,
			Availability: call.Availability{Active: true}}, Address: ev.Address}
		if ev.Location != nil {
			req.HasLocation, req.Location = true, geo.Point{Lat: ev.Location.Latitude, Lon: ev.Location.Longitude}
		}
		if a := ev.Availability; a != nil {
			req.Availability = call.Availability{Active: a.Active, TimeZone: a.TimeZone}
			for _, h := range a.Hours {
				req.Availability.Hours = append(req.Availability.Hours, call.Hours{Days: h.Days, Start: h.Start, End: h.End})
			}
		}
		p, err := dir.Calls.PutProvider(ctx, req)
		if err != nil {
			return res, err
		}
		rec := providerRecord(p)
		res.Provider = &rec
		res.ProviderURL, err = dir.Calls.ProviderLink(ctx, dir.BaseURL, p)
		return res, err
	case ActionListProviders:
		ps, err := providers.ListProviders(ctx, ev.ZBAID)
		for _, p := range ps {
			res.Providers = append(res.Providers, providerRecord(p))
		}
		return res, err
	case ActionRemoveProvider:
		err := providers.RemoveProvider(ctx, ev.ZBAID, ev.ProviderID)
		if errors.Is(err, call.ErrProviderNotFound) {
			return res, fmt.Errorf("zba %s has no provider %s", ev.ZBAID, ev.ProviderID)
		}
		return res, err
	}
	return res, fmt.Errorf("unknown call directory action %q", ev.Action)
}

func providerRecord(p call.Provider) ProviderRecord {
	r := ProviderRecord{ProviderID: p.ID, Name: p.Name, Skills: p.Skills, Languages: p.Languages, Description: p.Description,
		Location: Location{Latitude: p.Location.Lat, Longitude: p.Location.Lon}, UpdatedAt: p.UpdatedAt,
		Availability: Availability{Active: p.Availability.Active, TimeZone: p.Availability.TimeZone}}
	for _, h := range p.Availability.Hours {
		r.Availability.Hours = append(r.Availability.Hours, Hours{Days: h.Days, Start: h.Start, End: h.End})
	}
	return r
}

// revocationNote says when a revoked key stops working.
func revocationNote(r account.Revocation) string {
	switch r.Cache {
	case account.CacheFlushed:
		return "revoked; the gateway's cached authorizer answers were flushed: the key is refused from now on"
	case account.CacheFlushFailed:
		return fmt.Sprintf("revoked, but flushing the gateway's cached authorizer answers failed (%v): the key stops working "+
			"within %s at most, when the answer cached for it expires; revoke it again to retry the flush", r.FlushErr, routes.AuthorizerCacheTTL)
	}
	return "revoked; no gateway caches authorizer answers here: the key is refused from now on"
}

// describe turns store sentinels into messages that name what was asked.
func describe(err error, ev Event) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, account.ErrZBAExists):
		return fmt.Errorf("zba %s already exists", ev.ZBAID)
	case errors.Is(err, account.ErrZBANotFound):
		return fmt.Errorf("zba %s does not exist (create it first, or pass create_zba)", ev.ZBAID)
	case errors.Is(err, account.ErrKeyNotFound):
		return errors.New("no such key")
	case errors.Is(err, account.ErrConflict):
		return fmt.Errorf("the webhook of zba %s was set by another request meanwhile; retry", ev.ZBAID)
	case errors.Is(err, account.ErrPhoneNotFound):
		return fmt.Errorf("phone number id %s is not registered", ev.PhoneNumberID)
	case errors.Is(err, account.ErrPhoneTaken):
		return fmt.Errorf("phone number id %s is registered to another zba", ev.PhoneNumberID)
	}
	return err
}
