package classify

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"svc/internal/feature/template"
)

// Classify reviews one template and returns the decision, applying the
// checks in the order the package documentation gives. It never fails: an
// Input that Stage A would have refused (an unknown category) is rejected
// INVALID_FORMAT.
func Classify(in Input) Decision {
	category := strings.ToUpper(strings.TrimSpace(in.Category))
	lang := template.PrimaryLanguage(in.Language)
	d := newDoc(in)
	r := review{dec: Decision{Status: StatusApproved, Category: category, Version: Version}}

	if sigs := abuse(d); len(sigs) > 0 {
		return r.reject(ReasonAbusive, "", sigs, "abusive content")
	}
	if sigs := scam(d, lang, category); len(sigs) > 0 {
		return r.reject(ReasonScam, "", sigs, "scam pattern")
	}
	switch category {
	case template.CategoryMarketing, template.CategoryUtility, template.CategoryAuthentication:
	default:
		sig := Signal{Rule: "format.category", Detail: fmt.Sprintf("unknown category %s", quote(in.Category)), Weight: 1}
		return r.reject(ReasonInvalidFormat, "", []Signal{sig}, "unknown category")
	}
	if sigs := formatProblems(d.body, category); len(sigs) > 0 {
		return r.reject(ReasonInvalidFormat, "", sigs, "a form the review turns down")
	}
	return r.categorise(d, category, lang)
}

// review builds a decision and its signals.
type review struct {
	dec     Decision
	signals []Signal
}

func (r *review) reject(reason, correct string, sigs []Signal, why string) Decision {
	r.dec.Status, r.dec.RejectionReason, r.dec.CorrectCategory = StatusRejected, reason, correct
	r.signals = append(r.signals, sigs...)
	outcome := "rejected " + reason
	if correct != "" {
		outcome += ", belongs to " + correct
	}
	return r.finish(why + ": " + outcome)
}

func (r *review) approve(correct string, why string) Decision {
	outcome := "approved as " + r.dec.Category
	if correct != "" {
		r.dec.Category, r.dec.CorrectCategory = correct, correct
		outcome = "approved as " + correct
	}
	return r.finish(why + ": " + outcome)
}

// finish adds the decision signal and sorts the signals, so that their
// order depends on nothing but the input.
func (r *review) finish(sentence string) Decision {
	sigs := append(r.signals, Signal{Rule: "decision", Detail: sentence})
	for i := range sigs {
		sigs[i].Weight = round2(sigs[i].Weight)
	}
	slices.SortStableFunc(sigs, func(a, b Signal) int {
		return cmp.Or(cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.Detail, b.Detail), cmp.Compare(a.Weight, b.Weight))
	})
	r.dec.Signals = sigs
	return r.dec
}

// categorise runs the category checks of category.go.
func (r *review) categorise(d *doc, category, lang string) Decision {
	promo := promotion(d, lang)
	otp := oneTimeCode(d, lang)
	isPromo := reaches(promo.score, promoThreshold)
	isOTP := reaches(otp.score, otpThreshold) && !isPromo
	r.addScored("promo.score", promo, promoThreshold)
	r.addScored("otp.score", otp, otpThreshold)
	transaction, hasTransaction := firstHit(transactionLexicon, d, lang)
	if hasTransaction {
		r.signals = append(r.signals, transaction)
	}
	general, hasGeneral := firstHit(generalContentLexicon, d, lang)
	newsletter, isNewsletter := firstHit(newsletterLexicon, d, lang)
	if isNewsletter {
		general, hasGeneral = newsletter, true
	}
	if hasGeneral {
		r.signals = append(r.signals, general)
	}
	// A non-OTP AUTHENTICATION text belongs to UTILITY when it is about a
	// transaction or account, to MARKETING otherwise.
	other := template.CategoryMarketing
	if hasTransaction {
		other = template.CategoryUtility
	}

	if sig, ok := languageMismatch(d, lang); ok {
		return r.reject(ReasonTagMismatch, "", []Signal{sig}, "text in another language than the declared one")
	}
	if sig, ok := variantMismatch(d, lang); ok {
		return r.reject(ReasonTagMismatch, "", []Signal{sig}, "text in another variety than the declared one")
	}
	if category != template.CategoryAuthentication {
		if sig, ok := headerMismatch(d, lang); ok {
			return r.reject(ReasonTagMismatch, "", []Signal{sig}, "a HEADER about another topic than the BODY")
		}
		if sig, ok := promoHeaderOverNotice(d, lang); ok && category == template.CategoryUtility {
			return r.reject(ReasonTagMismatch, "", []Signal{sig}, "a promotional HEADER over a BODY about a transaction")
		}
		if sig, ok := noticeHeaderOverPromo(d, lang); ok {
			return r.reject(ReasonTagMismatch, "", []Signal{sig}, "a HEADER about a transaction over a BODY that only promotes")
		}
	}
	switch category {
	case template.CategoryAuthentication:
		switch {
		case isPromo:
			return r.reject(ReasonIncorrectCategory, template.CategoryMarketing, nil, "AUTHENTICATION with promotional content")
		case !reaches(otp.score, otpThreshold):
			return r.reject(ReasonIncorrectCategory, other, nil, "AUTHENTICATION that is not a one-time-code message")
		}
		return r.approve("", "one-time-code message")
	case template.CategoryUtility:
		switch {
		case isOTP:
			return r.reject(ReasonIncorrectCategory, template.CategoryAuthentication, nil, "one-time-code message declared UTILITY")
		case isPromo:
			return r.approve(template.CategoryMarketing, "UTILITY with promotional content")
		case !hasTransaction && hasGeneral:
			return r.reject(ReasonTagMismatch, "", nil, "UTILITY with general content and nothing about a transaction or account")
		case isNewsletter:
			return r.reject(ReasonTagMismatch, "", nil, "UTILITY that calls itself a newsletter")
		}
		return r.approve("", "utility content")
	}
	if isOTP {
		return r.reject(ReasonIncorrectCategory, template.CategoryAuthentication, nil, "one-time-code message declared MARKETING")
	}
	return r.approve("", "marketing content")
}

// addScored adds a family's signals and, when anything fired, its total
// against the threshold.
func (r *review) addScored(rule string, s scored, threshold float64) {
	if len(s.signals) == 0 {
		return
	}
	r.signals = append(r.signals, s.signals...)
	r.signals = append(r.signals, Signal{Rule: rule, Weight: s.score,
		Detail: fmt.Sprintf("%.2f against a threshold of %.2f", round2(s.score), threshold)})
}

// reaches compares a sum of weights with a threshold, tolerating the
// rounding of float addition (0.6 + 0.4 must reach 1.0).
func reaches(score, threshold float64) bool { return score >= threshold-1e-9 }

func round2(x float64) float64 { return math.Round(x*100) / 100 }
