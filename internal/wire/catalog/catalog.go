// Package catalog lists every function's constructor, by kind, for what
// builds them all: the local stack and the wiring test. No function imports
// it (the import-rule test would see it link every feature).
package catalog

import (
	"context"

	"svc/internal/transport/admin"
	"svc/internal/transport/authorizer"
	"svc/internal/transport/consumer"
	"svc/internal/wire"
	"svc/internal/wire/accounts"
	"svc/internal/wire/authn"
	"svc/internal/wire/calls"
	"svc/internal/wire/calls/session"
	"svc/internal/wire/messages"
	"svc/internal/wire/review"
	"svc/internal/wire/templates"
	"svc/internal/wire/templates/handoff"
	"svc/internal/wire/templates/paging"
	"svc/internal/wire/templates/pausing"
	"svc/internal/wire/versions"
	"svc/internal/wire/webhooks"
)

// Routes are the HTTP routes' functions.
var Routes = concat(versions.Routes, templates.Routes, handoff.Routes, paging.Routes, messages.Routes, calls.Routes, session.Routes)

// Consumers are the queue consumers.
var Consumers = []wire.Function[consumer.Handler]{review.Classifier, webhooks.Webhooks, messages.Dispatch, messages.Inbound}

// Schedules are the scheduled functions.
var Schedules = []wire.Function[func(context.Context) error]{handoff.ReviewSweeper, messages.OutboundSweeper, pausing.Unpauser}

// Authorizer is the REQUEST authorizer; Admin the operators' function.
var (
	Authorizer wire.Function[authorizer.Handler] = authn.Authorizer
	Admin      wire.Function[admin.Handler]      = accounts.Admin
)

// All is every function, each once.
func All() []wire.Builder {
	var out []wire.Builder
	for _, list := range [][]wire.Builder{versions.Functions, templates.Functions, handoff.Functions, paging.Functions, review.Functions,
		webhooks.Functions, pausing.Functions, accounts.Functions, authn.Functions, messages.Functions, calls.Functions, session.Functions} {
		out = append(out, list...)
	}
	return out
}

func concat[T any](lists ...[]T) []T {
	var out []T
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
