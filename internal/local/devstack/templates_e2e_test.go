package devstack_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"svc/internal/adapter/sqsqueue"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/local/devstack"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
)

// do sends a request with a key and a body.
func (e *env) do(t *testing.T, method, path, key, body string) response {
	t.Helper()
	return e.request(t, method, path, "Bearer "+key, body)
}

func tplBody(name, lang, category, text string) string {
	b, _ := json.Marshal(map[string]any{"name": name, "language": lang, "category": category,
		"components": []any{map[string]any{"type": "BODY", "text": text}}})
	return string(b)
}

const tplPath = "/business/v1.0/%s/message_templates"

func decode[T any](t *testing.T, r response) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(r.body, &v); err != nil {
		t.Fatalf("%d %s: %v", r.status, r.body, err)
	}
	return v
}

type state struct {
	ID, Status, Category string
}

type fullTemplate struct {
	ID              string          `json:"id"`
	Name            string          `json:"name"`
	Language        string          `json:"language"`
	Category        string          `json:"category"`
	CorrectCategory *string         `json:"correct_category"`
	Status          string          `json:"status"`
	QualityScore    string          `json:"quality_score"`
	RejectionReason *string         `json:"rejection_reason"`
	ZBAID           string          `json:"zba_id"`
	ParameterFormat string          `json:"parameter_format"`
	Components      json.RawMessage `json:"components"`
	CreatedAt       string          `json:"created_at"`
	UpdatedAt       string          `json:"updated_at"`
}

// reviews drains the classifier queue and returns the reviews in it.
func (e *env) reviews(t *testing.T) []template.Review {
	t.Helper()
	cfg, _ := awsConfig()
	client := sqsqueue.NewClient(cfg, sqsEndpoint)
	var out []template.Review
	for {
		res, err := client.ReceiveMessage(context.Background(), &sqs.ReceiveMessageInput{
			QueueUrl: aws.String(e.stack.QueueURLs[routes.ClassifierQueue.Name]), MaxNumberOfMessages: 10, WaitTimeSeconds: 0})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Messages) == 0 {
			return out
		}
		for _, m := range res.Messages {
			var r template.Review
			if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &r); err != nil {
				t.Fatal(err)
			}
			out = append(out, r)
			_, _ = client.DeleteMessage(context.Background(), &sqs.DeleteMessageInput{
				QueueUrl: aws.String(e.stack.QueueURLs[routes.ClassifierQueue.Name]), ReceiptHandle: m.ReceiptHandle})
		}
	}
}

func TestTemplateLifecycle(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme", auth.ScopeManagement)
	base := fmt.Sprintf(tplPath, "acme")

	r := e.do(t, "POST", base, key, tplBody("order_update", "en_US", "UTILITY", "Your order has shipped."))
	if r.status != 200 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	if got := decode[state](t, r); got != (state{"acme_order_update_en_US", "PENDING", "UTILITY"}) {
		t.Fatalf("create answer %+v", got)
	}
	if rv := e.reviews(t); len(rv) != 1 || rv[0] != (template.Review{ZBAID: "acme", Name: "order_update", Language: "en_US", Version: 1}) {
		t.Fatalf("review queued: %+v", rv)
	}

	r = e.do(t, "GET", base+"/acme_order_update_en_US", key, "")
	full := decode[fullTemplate](t, r)
	if r.status != 200 || full.ID != "acme_order_update_en_US" || full.ZBAID != "acme" || full.Status != "PENDING" ||
		full.QualityScore != template.QualityUnknown || full.ParameterFormat != "POSITIONAL" || full.CorrectCategory != nil ||
		full.RejectionReason != nil || !strings.Contains(string(full.Components), "Your order has shipped.") || full.CreatedAt == "" {
		t.Fatalf("read: %d %s", r.status, r.body)
	}

	t.Run("validation failure stores nothing", func(t *testing.T) {
		r := e.do(t, "POST", base, key, tplBody("Bad Name", "en_US", "UTILITY", "x"))
		checkEnvelope(t, r, 400, 100, "")
		if !strings.Contains(r.errBody.Error.ErrorData.Details, "name") {
			t.Errorf("details name the field: %s", r.body)
		}
		if l := decode[struct{ Data []any }](t, e.do(t, "GET", base, key, "")); len(l.Data) != 1 {
			t.Errorf("a failed create stored something: %+v", l)
		}
	})
	t.Run("duplicate", func(t *testing.T) {
		r := e.do(t, "POST", base, key, tplBody("order_update", "en_US", "MARKETING", "Another text."))
		checkEnvelope(t, r, 400, 100, "")
		if string(r.errBody.Error.Subcode) != strconv.Itoa(template.SubcodeDuplicate) {
			t.Errorf("subcode %s", r.errBody.Error.Subcode)
		}
	})
	t.Run("read missing and foreign", func(t *testing.T) {
		for _, id := range []string{"acme_nothing_en_US", "rival_order_update_en_US", "garbage", "acme_" + strings.Repeat("a", 1100) + "_en"} {
			checkEnvelope(t, e.do(t, "GET", base+"/"+id, key, ""), 404, 100, "")
		}
	})
	t.Run("edit", func(t *testing.T) {
		body := `{"name":"renamed","language":"de","category":"MARKETING","components":[{"type":"BODY","text":"Now 20% off everything."}]}`
		r := e.do(t, "POST", base+"/acme_order_update_en_US", key, body)
		if r.status != 200 || string(r.body) != `{"id":"acme_order_update_en_US","status":"PENDING","category":"MARKETING","name":"order_update","success":true}` {
			t.Fatalf("edit: %d %s", r.status, r.body)
		}
		full := decode[fullTemplate](t, e.do(t, "GET", base+"/acme_order_update_en_US", key, ""))
		if full.Name != "order_update" || full.Language != "en_US" || full.Category != "MARKETING" ||
			!strings.Contains(string(full.Components), "20% off") {
			t.Fatalf("after edit: %+v", full)
		}
		if rv := e.reviews(t); len(rv) != 1 || rv[0].Version != 2 {
			t.Fatalf("edit hands version 2 to review: %+v", rv)
		}
		checkEnvelope(t, e.do(t, "POST", base+"/acme_missing_en_US", key, body), 404, 100, "")
	})
}

func TestConcurrentWrites(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme", auth.ScopeManagement)
	base := fmt.Sprintf(tplPath, "acme")
	race := func(n int, do func(i int) response) map[int]int {
		statuses := map[int]int{}
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := do(i)
				mu.Lock()
				statuses[r.status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		return statuses
	}
	got := race(8, func(i int) response {
		return e.do(t, "POST", base, key, tplBody("promo", "en", "MARKETING", fmt.Sprintf("Offer number %d.", i)))
	})
	if got[200] != 1 || got[400] != 7 {
		t.Fatalf("concurrent duplicate creates: %v, want exactly one winner", got)
	}
	got = race(6, func(i int) response {
		return e.do(t, "POST", base+"/acme_promo_en", key, tplBody("promo", "en", "MARKETING", fmt.Sprintf("Edit %d.", i)))
	})
	if got[200] < 1 || got[200]+got[409] != 6 {
		t.Fatalf("concurrent edits: %v, want winners and clean 409s only", got)
	}
	stored, err := e.stack.Deps.Store.GetTemplate(context.Background(), template.Ref{ZBAID: "acme", Name: "promo", Language: "en"})
	if err != nil || stored.Version != 1+got[200] {
		t.Fatalf("version %d after %d successful edits: no edit may be lost silently (%v)", stored.Version, got[200], err)
	}
}

func TestDelete(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme", auth.ScopeManagement)
	base := fmt.Sprintf(tplPath, "acme")
	for _, c := range [][2]string{{"order", "en_US"}, {"order", "de"}, {"order_update", "en_US"}, {"other", "fr"}} {
		if r := e.do(t, "POST", base, key, tplBody(c[0], c[1], "UTILITY", "Your order has shipped.")); r.status != 200 {
			t.Fatalf("create %v: %d %s", c, r.status, r.body)
		}
	}
	checkEnvelope(t, e.do(t, "DELETE", base, key, ""), 400, 131008, "")
	// With hsm_id, a name must be the template's own (the compatible API's form).
	checkEnvelope(t, e.do(t, "DELETE", base+"?name=other&hsm_id=acme_order_de", key, ""), 400, 100, "")
	checkEnvelope(t, e.do(t, "DELETE", base+"?name=nothing", key, ""), 404, 100, "")
	// A repeated name or hsm_id is refused: the gateway's single-value map
	// would keep the last one, a template nobody chose.
	checkEnvelope(t, e.do(t, "DELETE", base+"?name=order&name=other", key, ""), 400, 100, "")
	checkEnvelope(t, e.do(t, "DELETE", base+"?hsm_id=acme_order_de&hsm_id=acme_other_fr", key, ""), 400, 100, "")
	checkEnvelope(t, e.do(t, "DELETE", base+"?name="+strings.Repeat("a", 1100), key, ""), 400, 100, "")

	// A language beside the name deletes that language only (client
	// libraries send it to delete one translation).
	checkEnvelope(t, e.do(t, "DELETE", base+"?name=order&language=fr", key, ""), 404, 100, "")
	checkEnvelope(t, e.do(t, "DELETE", base+"?name=order&language=de&language=en_US", key, ""), 400, 100, "")
	// An empty language (or hsm_id) is refused, never read as left out:
	// that would delete every language.
	checkEnvelope(t, e.do(t, "DELETE", base+"?name=order&language=", key, ""), 400, 100, "")
	checkEnvelope(t, e.do(t, "DELETE", base+"?name=order&hsm_id=", key, ""), 400, 100, "")
	r := e.do(t, "DELETE", base+"?name=order&language=de", key, "")
	if r.status != 200 || string(r.body) != `{"success":true,"deleted":1}` {
		t.Fatalf("delete by name and language: %d %s", r.status, r.body)
	}
	if r := e.do(t, "GET", base+"/acme_order_en_US", key, ""); r.status != 200 {
		t.Fatalf("the other language survives: %d %s", r.status, r.body)
	}
	if r := e.do(t, "POST", base, key, tplBody("order", "de", "UTILITY", "Your order has shipped.")); r.status != 200 {
		t.Fatalf("create again: %d %s", r.status, r.body)
	}
	r = e.do(t, "DELETE", base+"?name=order", key, "")
	if r.status != 200 || string(r.body) != `{"success":true,"deleted":2}` {
		t.Fatalf("delete by name: %d %s", r.status, r.body)
	}
	if r := e.do(t, "GET", base+"/acme_order_update_en_US", key, ""); r.status != 200 {
		t.Fatalf("a longer name survives: %d %s", r.status, r.body)
	}
	r = e.do(t, "DELETE", base+"?name=order_update&hsm_id=acme_order_update_en_US", key, "")
	if r.status != 200 || string(r.body) != `{"success":true}` {
		t.Fatalf("delete by id with its name: %d %s", r.status, r.body)
	}
	r = e.do(t, "DELETE", base+"?hsm_id=acme_other_fr", key, "")
	if r.status != 200 || string(r.body) != `{"success":true}` {
		t.Fatalf("delete by id: %d %s", r.status, r.body)
	}
	checkEnvelope(t, e.do(t, "DELETE", base+"?hsm_id=acme_other_fr", key, ""), 404, 100, "")
	checkEnvelope(t, e.do(t, "DELETE", base+"?hsm_id=rival_order_update_en_US", key, ""), 404, 100, "")
}

func TestPagination(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme", auth.ScopeManagement)
	rivalKey := e.mint(t, "rival", auth.ScopeManagement)
	base := fmt.Sprintf(tplPath, "acme")
	var want []string
	for i := 0; i < 7; i++ {
		for _, c := range []struct{ lang, cat string }{{"en_US", "UTILITY"}, {"de", "MARKETING"}} {
			name := fmt.Sprintf("tpl_%02d", i)
			if r := e.do(t, "POST", base, key, tplBody(name, c.lang, c.cat, "Your order has shipped.")); r.status != 200 {
				t.Fatalf("create: %d %s", r.status, r.body)
			}
			if c.cat == "MARKETING" {
				want = append(want, "acme_"+name+"_"+c.lang)
			}
		}
	}
	type page struct {
		Data   []struct{ ID string }
		Paging *struct {
			Cursors  struct{ Before, After string }
			Next     string
			Previous string
		}
	}
	get := func(query string) page {
		r := e.do(t, "GET", base+"?"+query, key, "")
		if r.status != 200 {
			t.Fatalf("%s: %d %s", query, r.status, r.body)
		}
		return decode[page](t, r)
	}
	filter := "category=marketing&limit=3"
	var got []string
	p := get(filter)
	var pages []page
	for {
		pages = append(pages, p)
		for _, d := range p.Data {
			got = append(got, d.ID)
		}
		if p.Paging == nil || p.Paging.Next == "" {
			break
		}
		next, _ := url.Parse(p.Paging.Next)
		p = get(next.RawQuery)
	}
	if strings.Join(got, ",") != strings.Join(want, ",") || len(pages) != 3 {
		t.Fatalf("pages gave %v in %d pages, want %v in 3", got, len(pages), want)
	}
	if pages[0].Paging.Previous != "" || pages[2].Paging.Next != "" || pages[2].Paging.Cursors.Before == "" {
		t.Fatalf("first page has no previous, last no next: %+v %+v", pages[0].Paging, pages[2].Paging)
	}
	back := get(filter + "&before=" + url.QueryEscape(pages[2].Paging.Cursors.Before))
	if len(back.Data) != 3 || back.Data[0].ID != want[3] {
		t.Fatalf("before the last page: %+v", back.Data)
	}
	// order=DESC (as @kapso/whatsapp-cloud-api sends it): the same
	// templates from the other end, its next links carrying the order.
	var desc []string
	p = get(filter + "&order=DESC")
	for n := 0; ; n++ {
		for _, d := range p.Data {
			desc = append(desc, d.ID)
		}
		if p.Paging == nil || p.Paging.Next == "" || n > 5 {
			break
		}
		next, _ := url.Parse(p.Paging.Next)
		if next.Query().Get("order") != "DESC" {
			t.Fatalf("next link %s drops the order", p.Paging.Next)
		}
		p = get(next.RawQuery)
	}
	rev := slices.Clone(want)
	slices.Reverse(rev)
	if !slices.Equal(desc, rev) || p.Paging.Previous == "" {
		t.Fatalf("order=DESC gave %v, want %v; last paging %+v", desc, rev, p.Paging)
	}

	after := url.QueryEscape(pages[0].Paging.Cursors.After)
	// blames is the parameter a bad filter's details name.
	blames := map[string]string{"unknown status in a JSON array": "status", "unterminated JSON array": "status",
		"JSON array of unquoted words": "category", "JSON array holding a number": "quality_score",
		"malformed array beside a value": "language"}
	for name, c := range map[string]struct {
		query, key string
	}{
		"tampered cursor":                {filter + "&after=" + after + "x", key},
		"other filters":                  {"category=utility&limit=3&after=" + after, key},
		"another ZBA's":                  {filter + "&after=" + after, rivalKey},
		"both cursors":                   {filter + "&after=" + after + "&before=" + after, key},
		"limit zero":                     {"limit=0", key},
		"limit not a number":             {"limit=ten", key},
		"unknown status":                 {"status=LIVE", key},
		"unknown category":               {"category=SPAM", key},
		"unknown quality":                {"quality_score=BLUE", key},
		"unknown status in a JSON array": {"status=" + url.QueryEscape(`["APPROVED","LIVE"]`), key},
		"unterminated JSON array":        {"status=" + url.QueryEscape(`["APPROVED","PENDING"`), key},
		"JSON array of unquoted words":   {"category=" + url.QueryEscape(`[UTILITY]`), key},
		"JSON array holding a number":    {"quality_score=" + url.QueryEscape(`["GREEN",1]`), key},
		"malformed array beside a value": {"language=de&language=" + url.QueryEscape(`["en_US"`), key},
	} {
		t.Run(name, func(t *testing.T) {
			zba := "acme"
			if c.key == rivalKey {
				zba = "rival"
			}
			r := e.do(t, "GET", fmt.Sprintf(tplPath, zba)+"?"+c.query, c.key, "")
			checkEnvelope(t, r, 400, 100, "")
			if param := blames[name]; param != "" && (r.errBody.Error.ErrorData == nil || !strings.HasPrefix(r.errBody.Error.ErrorData.Details, param+": ")) {
				t.Errorf("details do not name %s: %s", param, r.body)
			}
		})
	}
	t.Run("filters", func(t *testing.T) {
		if p := get("name=tpl_03"); len(p.Data) != 2 {
			t.Errorf("name: %+v", p.Data)
		}
		// A page larger than the cap is served at the cap, not refused.
		if p := get("language=de&status=pending&limit=1000"); len(p.Data) != 7 {
			t.Errorf("limit=1000: %d templates, want 7", len(p.Data))
		}
		// One page: paging is there with the page's cursors, without links.
		if p := get("language=de&status=pending&limit=100"); len(p.Data) != 7 || p.Paging == nil || p.Paging.Cursors.Before == "" ||
			p.Paging.Cursors.After == "" || p.Paging.Next != "" || p.Paging.Previous != "" {
			t.Errorf("language and status: %d, paging %+v", len(p.Data), p.Paging)
		}
		// Nothing: paging is there, empty.
		if p := get("status=APPROVED"); len(p.Data) != 0 || p.Paging == nil || p.Paging.Cursors != (struct{ Before, After string }{}) ||
			p.Paging.Next != "" || p.Paging.Previous != "" {
			t.Errorf("approved: %+v, paging %+v", p.Data, p.Paging)
		}
		if p := get("quality_score=GREEN,RED"); len(p.Data) != 0 {
			t.Errorf("quality GREEN or RED: %+v", p.Data)
		}
		if p := get("quality_score=unknown&category=marketing&limit=100"); len(p.Data) != len(want) {
			t.Errorf("quality UNKNOWN and marketing: %d, want %d", len(p.Data), len(want))
		}
	})
	t.Run("statuses svc never stores match nothing", func(t *testing.T) {
		for _, query := range []string{"status=IN_APPEAL", "status=pending_deletion,DELETED", "status=LIMIT_EXCEEDED&status=archived",
			"status=" + url.QueryEscape(`["IN_APPEAL","ARCHIVED"]`) + "&category=marketing"} {
			if p := get(query); len(p.Data) != 0 || p.Paging == nil || p.Paging.Next != "" {
				t.Errorf("%s: %+v, paging %+v", query, p.Data, p.Paging)
			}
		}
		if p := get("status=IN_APPEAL,PENDING&category=marketing&limit=100"); len(p.Data) != len(want) {
			t.Errorf("IN_APPEAL or PENDING: %d, want the %d pending", len(p.Data), len(want))
		}
	})
	// A list filter's alternatives as a comma list, the parameter
	// repeated or a JSON array of strings (as one client of the compatible
	// API sends them): the same list, and next links that carry them.
	for name, query := range map[string]string{
		"repeated":   "status=APPROVED&status=PENDING&category=marketing&limit=3",
		"JSON array": "status=" + url.QueryEscape(`["APPROVED","PENDING"]`) + "&category=" + url.QueryEscape(`["MARKETING"]`) + "&limit=3",
		"JSON array beside a repeated value": "status=" + url.QueryEscape(`["APPROVED"]`) + "&status=PENDING" +
			"&category=" + url.QueryEscape(`["marketing"]`) + "&language=" + url.QueryEscape(`["de","en_US"]`) + "&limit=3",
	} {
		t.Run("alternatives across pages, "+name, func(t *testing.T) {
			var got []string
			for p := get(query); ; {
				for _, d := range p.Data {
					got = append(got, d.ID)
				}
				if p.Paging == nil || p.Paging.Next == "" {
					break
				}
				next, _ := url.Parse(p.Paging.Next)
				if next.Query()["status"][0] != "APPROVED,PENDING" {
					t.Fatalf("next link %s does not carry both statuses", p.Paging.Next)
				}
				p = get(next.RawQuery)
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Fatalf("%s gave %v, want %v", query, got, want)
			}
		})
	}
}

// TestBodyIsJSONWhateverTheContentType: a request body is read as JSON
// whatever its Content-Type says, so `curl -d '{...}'` without a
// Content-Type header (curl then sends application/x-www-form-urlencoded)
// works as the client libraries' application/json does; a body that is not
// JSON is 400 code 100 whatever it is labelled.
func TestBodyIsJSONWhateverTheContentType(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme", auth.ScopeManagement)
	base := fmt.Sprintf(tplPath, "acme")
	for i, c := range []struct {
		contentType string
		form        bool // a form-encoded body rather than JSON
		status      int
	}{
		{"application/json", false, 200},
		{"application/x-www-form-urlencoded", false, 200}, // curl -d
		{"text/plain", false, 200},
		{"", false, 200},
		{"application/x-www-form-urlencoded", true, 400},
		{"application/json", true, 400},
	} {
		t.Run(fmt.Sprintf("%q form=%v", c.contentType, c.form), func(t *testing.T) {
			name := "ct_" + strconv.Itoa(i)
			body := tplBody(name, "en", "UTILITY", "Your order has shipped.")
			if c.form {
				body = url.Values{"name": {name}, "language": {"en"}, "category": {"UTILITY"}}.Encode()
			}
			r := e.requestAs(t, "POST", base, "Bearer "+key, c.contentType, body)
			if c.status != 200 {
				checkEnvelope(t, r, c.status, 100, "")
				return
			}
			if got := decode[state](t, r); r.status != 200 || got.ID != "acme_"+name+"_en" {
				t.Fatalf("%d %s", r.status, r.body)
			}
		})
	}
}

func TestRateLimit(t *testing.T) {
	policy := ratelimit.Policy{Limit: 3, Window: 2 * time.Second}
	st, err := devstack.Open(context.Background(), devstack.Options{DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint,
		TableName: "rate-" + randomSuffix(), QueuePrefix: "rate-" + randomSuffix() + "-",
		RatePolicy: policy, Log: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	e := serve(t, st)
	// The three allowed calls and the refused one must share a window. A run
	// that straddles a window boundary is not judged but repeated, on a fresh
	// ZBA so that it starts from a fresh count.
	var (
		key, path string
		refused   response
		refusedAt time.Time
		windowEnd time.Time
	)
	for attempt := 1; ; attempt++ {
		zba := "acme" + strconv.Itoa(attempt)
		key, path = e.mint(t, zba, auth.ScopeManagement), fmt.Sprintf(tplPath, zba)
		window := policy.WindowStart(time.Now())
		var rs []response
		for range 4 {
			rs = append(rs, e.do(t, "GET", path, key, ""))
		}
		refusedAt = time.Now()
		if policy.WindowStart(refusedAt) != window {
			if attempt == 5 {
				t.Fatal("five runs of four calls each straddled a window boundary")
			}
			continue
		}
		for i, r := range rs[:3] {
			left := 2 - i
			if r.status != 200 || !strings.Contains(r.header.Get("RateLimit"), fmt.Sprintf("r=%d", left)) || r.header.Get("RateLimit-Policy") == "" {
				t.Fatalf("call with %d left: %d %v", left, r.status, r.header)
			}
		}
		refused, windowEnd = rs[3], window.Add(policy.Window)
		break
	}
	checkEnvelope(t, refused, 429, 130429, "")
	wait, err := strconv.Atoi(refused.header.Get("Retry-After"))
	if err != nil || wait < 1 || wait > 2 {
		t.Fatalf("Retry-After %q", refused.header.Get("Retry-After"))
	}
	retryAt := refusedAt.Add(time.Duration(wait) * time.Second)
	if retryAt.Before(windowEnd) {
		t.Fatalf("Retry-After %ds ends before the window does (at %v)", wait, windowEnd)
	}
	if r := e.call(t, "GET", "/versions", ""); r.status != 200 {
		t.Fatal("public routes are not rate limited")
	}
	// Poll until the limit lifts: not before the window ends, and at the
	// latest by the time Retry-After named (with a margin for a slow call).
	deadline := time.After(time.Until(retryAt) + 5*time.Second)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		r := e.do(t, "GET", path, key, "")
		answered := time.Now()
		if r.status == 200 {
			if answered.Before(windowEnd) {
				t.Fatalf("allowed again at %v, before the window ended at %v", answered, windowEnd)
			}
			return
		}
		if r.status != 429 {
			t.Fatalf("while limited: %d %s", r.status, r.body)
		}
		select {
		case <-deadline:
			t.Fatalf("still limited %v after the Retry-After of %ds", time.Since(refusedAt), wait)
		case <-tick.C:
		}
	}
}

// TestReviewSurvivesALostEnqueue kills the step between storing a template
// and queueing its review (the queue call fails), then shows the sweeper
// handing the review over once it is due, exactly once per due time.
func TestReviewSurvivesALostEnqueue(t *testing.T) {
	e := newEnv(t, 0)
	ctx := context.Background()
	now := time.Now()
	cfg, _ := awsConfig()
	broken := e.stack.Deps.Templates()
	broken.Queue = template.PublishingQueue{Publisher: sqsqueue.NewPublisher(sqsqueue.NewClient(cfg, sqsEndpoint),
		sqsEndpoint+"/000000000000/no-such-queue")}
	if _, err := broken.Create(ctx, "acme", []byte(tplBody("lost", "en", "UTILITY", "Your order has shipped."))); err != nil {
		t.Fatalf("the create succeeds even when queueing fails: %v", err)
	}
	if rv := e.reviews(t); len(rv) != 0 {
		t.Fatalf("nothing queued yet: %+v", rv)
	}
	svc := e.stack.Deps.Templates()
	if n, err := svc.SweepReviews(ctx); err != nil || n != 0 {
		t.Fatalf("not due yet: %d %v", n, err)
	}
	svc.Now = func() time.Time { return now.Add(template.ReviewGrace + time.Minute) }
	if n, err := svc.SweepReviews(ctx); err != nil || n != 1 {
		t.Fatalf("due: handed over %d, %v", n, err)
	}
	if rv := e.reviews(t); len(rv) != 1 || rv[0] != (template.Review{ZBAID: "acme", Name: "lost", Language: "en", Version: 1}) {
		t.Fatalf("queued by the sweeper: %+v", rv)
	}
	if n, err := svc.SweepReviews(ctx); err != nil || n != 0 {
		t.Fatalf("re-armed: a second sweep hands over %d, %v", n, err)
	}
}

// TestTemplateByID reads and edits a template on the compatible API's own
// path, /business/v1.0/{template id}, as its client libraries do: the same
// answers as the nested path, for the key's ZBA only, with the same
// scope, rate limit and errors.
func TestTemplateByID(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme", auth.ScopeManagement)
	rival := e.mint(t, "rival", auth.ScopeManagement)
	messaging := e.mint(t, "acme", auth.ScopeMessaging)
	base := fmt.Sprintf(tplPath, "acme")
	if r := e.do(t, "POST", base, key, tplBody("order_update", "en_US", "UTILITY", "Your order has shipped.")); r.status != 200 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	const byID = "/business/v1.0/acme_order_update_en_US"

	nested, direct := e.do(t, "GET", base+"/acme_order_update_en_US", key, ""), e.do(t, "GET", byID, key, "")
	if direct.status != 200 || string(direct.body) != string(nested.body) {
		t.Fatalf("by id: %d %s\nnested: %d %s", direct.status, direct.body, nested.status, nested.body)
	}
	r := e.do(t, "POST", byID, key, `{"category":"UTILITY","components":[{"type":"BODY","text":"Your order {{1}} has shipped.","example":{"body_text":[["A1"]]}}]}`)
	if r.status != 200 || string(r.body) != `{"id":"acme_order_update_en_US","status":"PENDING","category":"UTILITY","name":"order_update","success":true}` {
		t.Fatalf("edit by id: %d %s", r.status, r.body)
	}
	if full := decode[fullTemplate](t, e.do(t, "GET", byID, key, "")); !strings.Contains(string(full.Components), "{{1}} has shipped") {
		t.Fatalf("edit not stored: %s", full.Components)
	}

	tests := []struct {
		name, method, path, key string
		status, code            int
	}{
		{"another ZBA's key reads nothing", "GET", byID, rival, 404, 100},
		{"another ZBA's key edits nothing", "POST", byID, rival, 404, 100},
		{"an unknown id", "GET", "/business/v1.0/acme_nothing_en_US", key, 404, 100},
		{"a ZBA id is no template", "GET", "/business/v1.0/acme", key, 404, 100},
		{"the messaging scope", "GET", byID, messaging, 403, 200},
		{"no key", "GET", byID, "", 401, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			auth := ""
			if tt.key != "" {
				auth = "Bearer " + tt.key
			}
			body := ""
			if tt.method == "POST" {
				body = `{"category":"UTILITY","components":[{"type":"BODY","text":"Hi there."}]}`
			}
			checkEnvelope(t, e.request(t, tt.method, tt.path, auth, body), tt.status, tt.code, "")
		})
	}
}
