package template_test

import (
	"errors"
	"slices"
	"testing"

	"svc/internal/feature/template"
	"svc/internal/platform/apperr"
)

// TestDeleteParameters: name deletes every language of the name, hsm_id
// alone the one template (the interface's section 4.3), and name with
// hsm_id (the compatible API's form for one template, which its client
// libraries send) the one template when the name is its own, and a
// language beside a name that language only; any other
// combination is a 4xx that deletes nothing.
func TestDeleteParameters(t *testing.T) {
	tests := []struct {
		name, byName, language, hsmID string
		wantDeleted                   int
		wantStatus, code              int // of the refusal; 0 when it succeeds
		left                          []string
	}{
		{name: "neither", wantStatus: 400, code: int(apperr.CodeRequiredParameter),
			left: []string{"acme_order_de", "acme_order_en", "acme_other_en"}},
		{name: "name: every language", byName: "order", wantDeleted: 2, left: []string{"acme_other_en"}},
		{name: "hsm_id alone: that one", hsmID: "acme_order_de", wantDeleted: 1, left: []string{"acme_order_en", "acme_other_en"}},
		{name: "hsm_id with its own name: that one", byName: "order", hsmID: "acme_order_de", wantDeleted: 1,
			left: []string{"acme_order_en", "acme_other_en"}},
		{name: "hsm_id with another name", byName: "other", hsmID: "acme_order_de", wantStatus: 400, code: int(apperr.CodeInvalidParameter),
			left: []string{"acme_order_de", "acme_order_en", "acme_other_en"}},
		{name: "name with a language: that language only", byName: "order", language: "de", wantDeleted: 1,
			left: []string{"acme_order_en", "acme_other_en"}},
		{name: "name with a language it lacks", byName: "order", language: "fr", wantStatus: 404, code: int(apperr.CodeInvalidParameter),
			left: []string{"acme_order_de", "acme_order_en", "acme_other_en"}},
		{name: "hsm_id with its own language", hsmID: "acme_order_de", language: "de", wantDeleted: 1,
			left: []string{"acme_order_en", "acme_other_en"}},
		{name: "hsm_id with another language", hsmID: "acme_order_de", language: "en", wantStatus: 400, code: int(apperr.CodeInvalidParameter),
			left: []string{"acme_order_de", "acme_order_en", "acme_other_en"}},
		{name: "language alone", language: "de", wantStatus: 400, code: int(apperr.CodeRequiredParameter),
			left: []string{"acme_order_de", "acme_order_en", "acme_other_en"}},
		{name: "hsm_id of another ZBA", byName: "order", hsmID: "rival_order_de", wantStatus: 404, code: int(apperr.CodeInvalidParameter),
			left: []string{"acme_order_de", "acme_order_en", "acme_other_en"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newSweepFixture()
			ctx := t.Context()
			for _, c := range [][2]string{{"order", "en"}, {"order", "de"}, {"other", "en"}} {
				if _, err := f.svc.Create(ctx, "acme", createBody(c[0], c[1])); err != nil {
					t.Fatal(err)
				}
			}
			n, err := f.svc.Delete(ctx, "acme", template.DeleteQuery{Name: tc.byName, Language: tc.language, HSMID: tc.hsmID})
			var ae *apperr.Error
			switch {
			case tc.wantStatus == 0 && (err != nil || n != tc.wantDeleted):
				t.Fatalf("deleted %d, %v; want %d", n, err, tc.wantDeleted)
			case tc.wantStatus != 0 && (!errors.As(err, &ae) || ae.Status() != tc.wantStatus || int(ae.Code) != tc.code):
				t.Fatalf("error %v, want %d with code %d", err, tc.wantStatus, tc.code)
			}
			var left []string
			for _, id := range []string{"acme_order_de", "acme_order_en", "acme_other_en"} {
				ref, _ := template.ParseID(id)
				if _, err := f.store.Templates.GetTemplate(ctx, ref); err == nil {
					left = append(left, id)
				}
			}
			if !slices.Equal(left, tc.left) {
				t.Fatalf("left %v, want %v", left, tc.left)
			}
		})
	}
}
