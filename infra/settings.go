package main

import (
	"fmt"
	"strings"

	"svc/internal/platform/config"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
	"svc/internal/wire"
	"svc/internal/wire/calls/session"
	"svc/internal/wire/messages"
	"svc/internal/wire/templates"
)

// functionSettings pairs each context key that tunes the functions with
// the variable it sets; routes.Environment gives the variable to the
// functions that read it (routes.Function.ReadSettings).
var functionSettings = []struct{ Key, Env string }{
	{CtxMgmtRateLimit, config.EnvMgmtRateLimit},
	{CtxMgmtRateWindow, config.EnvMgmtRateWindow},
	{CtxMgmtRateBlock, config.EnvMgmtRateBlock},
	{CtxTemplateCap, config.EnvTemplateCap},
	{CtxSenderRateLimit, config.EnvSenderRateLimit},
	{CtxSenderRateBlock, config.EnvSenderRateBlock},
	{CtxMarketingCap, config.EnvMarketingCap},
	{CtxMarketingCapWindow, config.EnvMarketingCapWindow},
	{CtxCallICEServers, config.EnvCallICEServers},
	{CtxRequestBudget, config.EnvRequestBudget},
}

// settingsReader runs the readers the functions' cold starts run over their
// optional settings, so that the synth refuses exactly the values a
// function would refuse at its cold start, and no rule is written twice.
var settingsReader = wire.Function[struct{}]{Spec: routes.Function{Name: "settings"},
	Build: func(d *wire.Deps) (struct{}, error) {
		_, err := ratelimit.PolicyFromEnv(ratelimit.ManagementPolicy, d.Getenv)
		d.Invalid(err)
		_, err = ratelimit.BlockFromEnv(d.Getenv)
		d.Invalid(err)
		_, err = templates.TemplateCap(d.Getenv)
		d.Invalid(err)
		_, err = messages.Limits(d.Getenv)
		d.Invalid(err)
		session.ICEServers(d)
		d.RequestBudget()
		return struct{}{}, nil
	}}

// checkFunctionSetting fails when the functions would refuse value as env,
// naming the context key.
func checkFunctionSetting(key, env, value string) error {
	_, _, err := settingsReader.New(func(name string) string {
		if name == env {
			return value
		}
		return ""
	}, nil)
	if err != nil {
		return fmt.Errorf("context %s: %s", key, strings.TrimPrefix(err.Error(), "function "+settingsReader.Spec.Name+": "))
	}
	return nil
}
