// Package classify reviews message templates the way the compatible API's
// template review does: it approves a template, rejects it with one of the
// compatible API's rejection reasons, or approves it in another category.
// It is deterministic and explainable: the same Input always gives the same
// Decision, and every Decision carries the rules version and the signals
// (rule, matched text or measure, weight) that drove it. It imports nothing
// from AWS; the SQS consumer reads the template, calls Classify and stores
// the Decision.
//
// # Precedence
//
// The checks run in this order and the first that fires decides:
//
//  1. ABUSIVE_CONTENT: a word or phrase of the abuse list (abuse.go).
//  2. SCAM: a request to relay a password, PIN or code (send, share, tell,
//     forward, read out, ...; asked by question, typed into the chat, put
//     in a reply, handed to a named agent, or said to be sent by mistake;
//     not when negated, as an authentication text's warning is; in
//     AUTHENTICATION no qualifier makes the code shareable); money promised
//     per day or task with the bait of an effortless job; a threat to an
//     account, subscription or licence together with a payment demand and
//     a deadline, or with a credential to enter; a refund with a credential
//     to enter; an infected device; a prize claim; a fee with a pretext; a
//     link shortener, or a domain built to pass for a brand's or an
//     authority's, in a text, an example value or a URL button; a
//     premium-rate number given as the line of a bank, an authority, a
//     refund or a parcel, or a mobile or foreign one as a bank's fraud
//     line or an authority's, in a text, an example value or a call
//     button; a pressed payment, or one in an example value, to a private
//     payee (a personal e-mail address, handle or mobile, a person's
//     account, a CPF, a foreign IBAN); a charge to
//     disown by calling a number the message gives; a credential asked for
//     to receive money or release something held; a wallet's recovery
//     phrase or an identity number asked for; gift cards paid with,
//     windfalls from strangers, money "sent by mistake" to send back,
//     extortion, refunds and rebates to claim, safe accounts, recovery
//     fees, stranger openers, pyramids and money-mule jobs (scam.go); then,
//     when none of these fired, the intent layer: a combination of generic
//     slots (a benefit with a fee, with secrets asked for, or offered to a
//     recipient singled out under a deadline; a relative on a new number
//     asking for money; effortless day pay; a guaranteed return per period;
//     and the others intent.go lists), whose signal names every slot.
//  3. INVALID_FORMAT: in the BODY text, a parameter at the very start (not
//     in AUTHENTICATION, whose preset text starts with the code) or at the
//     very end, two parameters with only spaces or punctuation between them,
//     or fewer than 2×n+1 words for n parameters (format.go).
//  4. Category checks (category.go, language.go): a text written in
//     another supported language than the declared one is rejected
//     TAG_CONTENT_MISMATCH; a HEADER about one topic (shipping,
//     billing, an appointment) over a BODY about another is rejected
//     TAG_CONTENT_MISMATCH; a one-time-code message declared
//     MARKETING or UTILITY is rejected INCORRECT_CATEGORY, correct category
//     AUTHENTICATION; promotional content declared UTILITY is approved as
//     MARKETING; a UTILITY template that is a greeting or general content
//     with nothing about a transaction or account is rejected
//     TAG_CONTENT_MISMATCH; an AUTHENTICATION template with promotional
//     content, or that is not a one-time-code message, is rejected
//     INCORRECT_CATEGORY with the category it belongs to.
//  5. Otherwise APPROVED in the declared category.
//
// Abuse comes first because it is never acceptable whatever else holds; a
// scam is worse than a broken form, and a template that is both should be
// reported as what endangers recipients; form problems are cheap for the
// owner to fix and are judged before the content's category, as the
// compatible API rejects them before categorising.
//
// PROMOTIONAL is part of the reason set but this classifier never returns
// it: promotional content declared UTILITY is recategorised and declared
// AUTHENTICATION is rejected INCORRECT_CATEGORY, which is what the
// compatible API does today.
package classify

import (
	"encoding/json"
	"fmt"

	"svc/internal/feature/template"
)

// Version identifies the rules; stored with each decision. Bump it when
// rules, word lists, weights or thresholds change, so that stored decisions
// can be told apart from ones the current rules would make.
const Version = "rules-2026.11.102"

// Statuses a Decision can have.
const (
	StatusApproved = "APPROVED"
	StatusRejected = "REJECTED"
)

// Rejection reasons of the compatible API.
const (
	ReasonAbusive           = "ABUSIVE_CONTENT"
	ReasonInvalidFormat     = "INVALID_FORMAT"
	ReasonPromotional       = "PROMOTIONAL"
	ReasonTagMismatch       = "TAG_CONTENT_MISMATCH"
	ReasonScam              = "SCAM"
	ReasonIncorrectCategory = "INCORRECT_CATEGORY"
)

// Input is what the classifier sees: the template's declared category,
// language, parameter format and components.
type Input struct {
	Name, Language, Category, ParameterFormat string
	Components                                []template.Component
}

// FromTemplate builds the Input of a stored template, decoding its
// canonical components JSON.
func FromTemplate(t template.Template) (Input, error) {
	in := Input{Name: t.Name, Language: t.Language, Category: t.Category, ParameterFormat: t.ParameterFormat}
	if len(t.Components) > 0 {
		if err := json.Unmarshal(t.Components, &in.Components); err != nil {
			return Input{}, fmt.Errorf("template %s: components: %w", t.ID(), err)
		}
	}
	return in, nil
}

// Decision is the result of a review.
type Decision struct {
	// Status is StatusApproved or StatusRejected.
	Status string `json:"status"`
	// Category is the category the template ends with: the declared one,
	// or MARKETING for a UTILITY template approved as MARKETING.
	Category string `json:"category"`
	// CorrectCategory is the category the content belongs to when that is
	// not the declared one, "" otherwise.
	CorrectCategory string `json:"correct_category,omitempty"`
	// RejectionReason is one of the Reason constants when Status is
	// StatusRejected, "" otherwise.
	RejectionReason string `json:"rejection_reason,omitempty"`
	// Signals are what drove the decision, sorted by rule then detail.
	Signals []Signal `json:"signals"`
	// Version is the rules version that decided.
	Version string `json:"version"`
}

// Signal is one piece of evidence: the rule that fired (as "promo.discount"
// or "format.adjacent"), what it matched or measured (quoted text and where
// it was found, or a count), and its weight. Weights add up within the
// promo and otp families against their thresholds, and "promo.score" and
// "otp.score" give the totals; a rule that counts by its presence (abuse,
// scam and format rules, which decide alone, and the category.transaction
// and category.general_content markers) has weight 1; the "decision"
// signal, which states the outcome in words, has weight 0.
type Signal struct {
	Rule   string  `json:"rule"`
	Detail string  `json:"detail"`
	Weight float64 `json:"weight"`
}

// Label is the decision's outcome for evaluation: "APPROVED",
// "REJECTED:<reason>", or "RECATEGORISED:<category>" for a template approved
// in another category than the declared one (a UTILITY template approved as
// MARKETING). A rejected template that belongs to another category is
// labelled by its reason, "REJECTED:INCORRECT_CATEGORY".
func (d Decision) Label() string {
	switch {
	case d.Status == StatusRejected:
		return StatusRejected + ":" + d.RejectionReason
	case d.CorrectCategory != "":
		return "RECATEGORISED:" + d.CorrectCategory
	}
	return StatusApproved
}
