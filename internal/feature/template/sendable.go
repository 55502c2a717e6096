package template

import (
	"time"

	"svc/internal/platform/apperr"
)

// Sendable is what the send route asks before sending with a template: nil
// for an APPROVED one; 132015 for a PAUSED one, 132016 for a DISABLED one;
// 132001 for any other status (the compatible API's "does not exist or is
// not approved").
func (t Template) Sendable() error {
	switch t.Status {
	case StatusApproved:
		return nil
	case StatusPaused:
		return apperr.Newf(apperr.CodeTemplatePaused, "template %s (%s) is paused for low quality until %s",
			t.Name, t.Language, t.PausedUntil.UTC().Format(time.RFC3339))
	case StatusDisabled:
		return apperr.Newf(apperr.CodeTemplateDisabled, "template %s (%s) is disabled (paused too often for low quality, or by an operator); edit it to submit it for review again",
			t.Name, t.Language)
	default:
		// The compatible API's code; the details say which half of "does
		// not exist or is not approved" applies, since it exists.
		return apperr.Newf(apperr.CodeTemplateMissing, "template name (%s) in %s is not approved (status %s)", t.Name, t.Language, t.Status)
	}
}
