package message

import (
	"strings"

	"svc/internal/feature/template"
	"svc/internal/feature/webhook"
)

// PricingModel is the compatible API's per-message pricing model, the only
// one its status webhooks report since July 2025.
const PricingModel = "PMP"

// Price types of the per-message model.
const (
	PriceRegular             = "regular"
	PriceFreeCustomerService = "free_customer_service"
)

// pricing is the pricing a status webhook of m to status carries, or nil:
// the compatible API reports it on sent and on one of delivered or read,
// so a read carries it only when the message never reached delivered
// (m is the record as it stood before the move, or, for an owed webhook,
// after it: either way delivered's time is there only if delivered was).
//
// The price follows the per-message model: a template is billed as its
// category, except a utility template sent inside the recipient's open
// 24-hour window, which is free; a free-form message (only ever sent inside
// the window) is a free service message.
func pricing(m Message, status Status) *webhook.Pricing {
	switch status {
	case StatusSent, StatusDelivered:
	case StatusRead:
		if !m.StatusTimes[StatusDelivered].IsZero() {
			return nil
		}
	default:
		return nil
	}
	if m.Template == nil {
		return &webhook.Pricing{Billable: false, Model: PricingModel, Type: PriceFreeCustomerService, Category: "service"}
	}
	p := &webhook.Pricing{Billable: true, Model: PricingModel, Type: PriceRegular, Category: strings.ToLower(m.Template.Category)}
	if m.Template.Category == template.CategoryUtility && m.InWindow {
		p.Billable, p.Type = false, PriceFreeCustomerService
	}
	return p
}
