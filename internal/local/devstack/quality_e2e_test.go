package devstack_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/feature/webhook"
	"svc/internal/local/devstack"
	"svc/internal/local/memstore"
	"svc/internal/routes"
	"svc/internal/transport/admin"
)

// qualityEnv is reviewEnv with the clock of the admin function and of the
// template-unpauser driven by the test: a pause ends when the test moves
// the clock and runs the unpauser, never by waiting.
func qualityEnv(t *testing.T, clock *memstore.Clock) *env {
	t.Helper()
	return consumersEnv(t, "qa-", func(o *devstack.Options) {
		o.Clocks = map[string]func() time.Time{routes.Admin.Name: clock.Now, routes.TemplateUnpauser.Name: clock.Now}
	})
}

// change is one webhook delivery's change: its field and value.
type change struct {
	field string
	value map[string]any
}

// changes waits for n more deliveries than seen and returns them in order.
func (r *receiver) changes(t *testing.T, seen *int, n int) []change {
	t.Helper()
	waitFor(t, fmt.Sprintf("%d webhook deliveries", *seen+n), settle, func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return len(r.bodies) >= *seen+n
	})
	r.mu.Lock()
	bodies := append([][]byte(nil), r.bodies[*seen:*seen+n]...)
	r.mu.Unlock()
	*seen += n
	var out []change
	for _, b := range bodies {
		var env struct {
			Entry []struct {
				Changes []struct {
					Field string
					Value map[string]any
				}
			}
		}
		if err := json.Unmarshal(b, &env); err != nil || len(env.Entry) != 1 || len(env.Entry[0].Changes) != 1 {
			t.Fatalf("payload %s", b)
		}
		c := env.Entry[0].Changes[0]
		out = append(out, change{field: c.Field, value: c.Value})
	}
	return out
}

// summary is a change as "field:what": the status event and its
// other_info title, or the quality move.
func (c change) summary() string {
	switch c.field {
	case webhook.FieldQualityUpdate:
		return fmt.Sprintf("quality:%v>%v", c.value["previous_quality_score"], c.value["new_quality_score"])
	case webhook.FieldStatusUpdate:
		title := ""
		if oi, ok := c.value["other_info"].(map[string]any); ok {
			title = fmt.Sprint(oi["title"])
		}
		return fmt.Sprintf("status:%v/%s", c.value["event"], title)
	}
	return c.field
}

func summaries(cs []change) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.summary()
	}
	return out
}

// sameSet compares deliveries regardless of order: the webhook queue does
// not promise one.
func sameSet(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// TestTemplateQualityPausing: outcomes fed through the admin function push
// an approved template to RED; it is paused 3 hours, then 6, and the third
// fall disables it; each pause ends by itself when the unpauser runs after
// the (driven) clock passed its end; the receiver gets every event, signed;
// GET shows the status and score; an edit of the disabled template is a
// 400.
func TestTemplateQualityPausing(t *testing.T) {
	clock := memstore.NewClock(time.Now().UTC())
	e := qualityEnv(t, clock)
	ctx := context.Background()
	key := e.mint(t, "acme", auth.ScopeManagement)
	r := newReceiver(t, 0)
	e.subscribe(t, "acme", r)
	base := fmt.Sprintf(tplPath, "acme")
	if res := e.do(t, "POST", base, key, tplBody("shipped", "en", "UTILITY", "Your order has shipped and will arrive tomorrow.")); res.status != 200 {
		t.Fatalf("create: %d %s", res.status, res.body)
	}
	seen := 0
	if got := r.changes(t, &seen, 1); got[0].summary() != "status:APPROVED/" {
		t.Fatalf("review: %v", got[0].summary())
	}
	feed := func(outcome string, n int) admin.Result {
		t.Helper()
		res, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionRecordOutcome, ZBAID: "acme", Name: "shipped",
			Language: "en", Outcome: outcome, Count: n})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	get := func() fullTemplate {
		t.Helper()
		return decode[fullTemplate](t, e.do(t, "GET", base+"/acme_shipped_en", key, ""))
	}
	unpause := func() {
		t.Helper()
		if err := e.stack.RunSchedule(ctx, routes.TemplateUnpauser.Name); err != nil {
			t.Fatal(err)
		}
	}
	for i, pause := range []struct {
		length time.Duration
		title  string
	}{{3 * time.Hour, webhook.TitleFirstPause}, {6 * time.Hour, webhook.TitleSecondPause}} {
		feed("delivered", 20)
		feed("blocked", 1)
		if res := feed("opted_out", 1); res.Template.Status != "PAUSED" || res.Template.Pauses != i+1 {
			t.Fatalf("fall %d: %+v", i+1, res.Template)
		}
		want := []string{"quality:UNKNOWN>GREEN", "quality:GREEN>YELLOW", "quality:YELLOW>RED", "status:PAUSED/" + pause.title}
		if got := summaries(r.changes(t, &seen, len(want))); !sameSet(got, want) {
			t.Fatalf("fall %d: events %v, want %v", i+1, got, want)
		}
		if got := get(); got.Status != "PAUSED" || got.QualityScore != "RED" {
			t.Fatalf("GET while paused: %s %s", got.Status, got.QualityScore)
		}
		list := e.do(t, "GET", base+"?status=PAUSED", key, "")
		if list.status != 200 || !strings.Contains(string(list.body), `"quality_score":"RED"`) || !strings.Contains(string(list.body), `"status":"PAUSED"`) {
			t.Fatalf("list of paused templates: %d %s", list.status, list.body)
		}
		clock.Advance(pause.length - time.Minute)
		unpause()
		if got := e.template(t, "acme", "shipped", "en"); got.Status != template.StatusPaused {
			t.Fatalf("a minute before its end the pause is over: %+v", got.Status)
		}
		clock.Advance(time.Minute)
		unpause()
		if got := get(); got.Status != "APPROVED" || got.QualityScore != "UNKNOWN" {
			t.Fatalf("after the pause: %s %s", got.Status, got.QualityScore)
		}
		want = []string{"status:APPROVED/" + webhook.TitleUnpause, "quality:RED>UNKNOWN"}
		if got := summaries(r.changes(t, &seen, len(want))); !sameSet(got, want) {
			t.Fatalf("unpause %d: events %v, want %v", i+1, got, want)
		}
	}
	feed("delivered", 20)
	if res := feed("blocked", 2); res.Template.Status != "DISABLED" || res.Template.DisabledAt == nil {
		t.Fatalf("third fall: %+v", res.Template)
	}
	got := r.changes(t, &seen, 4)
	want := []string{"quality:UNKNOWN>GREEN", "quality:GREEN>YELLOW", "quality:YELLOW>RED", "status:DISABLED/" + webhook.TitleDisabled}
	if s := summaries(got); !sameSet(s, want) {
		t.Fatalf("third fall: events %v, want %v", s, want)
	}
	for _, c := range got {
		if c.field == webhook.FieldStatusUpdate {
			if di, ok := c.value["disable_info"].(map[string]any); !ok || di["disable_date"] == nil {
				t.Fatalf("DISABLED without disable_info: %v", c.value)
			}
		}
	}
	clock.Advance(24 * time.Hour)
	unpause()
	if g := get(); g.Status != "DISABLED" {
		t.Fatalf("a disabled template came back: %s", g.Status)
	}
	// The interface lets any status be edited: a disabled template goes
	// back to review.
	edit := e.do(t, "POST", base+"/acme_shipped_en", key, tplBody("shipped", "en", "UTILITY", "Your parcel has left our depot."))
	if edit.status != 200 || !strings.Contains(string(edit.body), `"status":"PENDING"`) {
		t.Fatalf("edit of a disabled template: %d %s", edit.status, edit.body)
	}
	// The reviewer runs here too and may already have decided the new
	// version, so its decision, not a read racing it, shows the review
	// (beside the edit's components update, in either order); the pause
	// count is kept.
	if got := summaries(r.changes(t, &seen, 2)); !slices.Contains(got, "status:APPROVED/") ||
		!slices.Contains(got, webhook.FieldComponentsUpdate) {
		t.Fatalf("review of the edited disabled template: %v", got)
	}
	if g := e.template(t, "acme", "shipped", "en"); g.Pauses != 3 || g.Status != template.StatusApproved {
		t.Fatalf("after the edit's review: %s with %d pauses, want APPROVED with 3", g.Status, g.Pauses)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.badSigns != 0 {
		t.Fatalf("%d deliveries failed signature verification", r.badSigns)
	}
}
