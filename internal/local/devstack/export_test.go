package devstack

import (
	"context"
	"fmt"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/feature/call"
	"svc/internal/feature/template"
	"svc/internal/routes"
)

// Calls is the store of call sessions, for tests that look at a call.
func (d *Deps) Calls() call.Calls { return d.calls }

// Templates is the template service with every dependency a template
// function may have: the classifier queue and the page-cursor key.
func (d *Deps) Templates() template.Service {
	return template.Service{Store: d.Store, Now: time.Now, Log: d.Log,
		Queue:   template.PublishingQueue{Publisher: d.Queues[routes.ClassifierQueue.Name]},
		Cursors: template.SignedCursors{Key: d.master.Derived("page-cursors"), Now: time.Now}}
}

// Authenticator verifies API keys against the local table.
func (d *Deps) Authenticator() auth.Authenticator {
	return auth.Authenticator{Keys: d.Store, Now: time.Now}
}

// RunSchedule runs the named scheduled function once, as one EventBridge
// trigger would (tests that drive the clock run it after each step).
func (s *Stack) RunSchedule(ctx context.Context, name string) error {
	h, ok := s.schedules[name]
	if !ok {
		return fmt.Errorf("devstack: no schedule %s", name)
	}
	return h(ctx)
}
