package socialmsg_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/socialmessaging"

	"svc/internal/adapter/socialmsg"
	"svc/internal/feature/message"
)

// seen is one request the service received.
type seen struct {
	Method, Path string
	Body         struct {
		Message                  []byte `json:"message"` // base64 on the wire, as the service's JSON protocol has it
		MetaAPIVersion           string `json:"metaApiVersion"`
		OriginationPhoneNumberID string `json:"originationPhoneNumberId"`
	}
	Signed bool
}

// service answers every request with status, errorType (the service's
// X-Amzn-ErrorType) and body, and records what it received.
type service struct {
	mu       sync.Mutex
	requests []seen
	status   int
	errType  string
	body     string
}

func (s *service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var got seen
	got.Method, got.Path = r.Method, r.URL.Path
	got.Signed = r.Header.Get("Authorization") != ""
	if err := json.Unmarshal(raw, &got.Body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.requests = append(s.requests, got)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if s.errType != "" {
		w.Header().Set("X-Amzn-ErrorType", s.errType)
	}
	w.WriteHeader(s.status)
	_, _ = io.WriteString(w, s.body)
}

func (s *service) received() []seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]seen(nil), s.requests...)
}

// client is the adapter's client pointed at url, with the region and
// credentials a function has, and one attempt per call so that the
// service's answer reaches the adapter as it is.
func client(t testing.TB, url string) *socialmessaging.Client {
	t.Helper()
	cfg, err := awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion("eu-west-1"),
		awsconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")))
	if err != nil {
		t.Fatal(err)
	}
	return socialmsg.NewClient(cfg, url, func(o *socialmessaging.Options) { o.RetryMaxAttempts = 1 })
}

var outbound = message.Outbound{
	PhoneNumberID: "106540352242922",
	Origination:   "phone-number-id-0123456789abcdef0123456789abcdef",
	Body:          []byte(`{"messaging_product":"whatsapp","to":"15550001111","type":"text","text":{"body":"Your order has shipped."}}`),
}

func TestSendMakesTheServiceRequestAndMapsItsAnswer(t *testing.T) {
	cases := []struct {
		name      string
		status    int
		errType   string
		body      string
		wantID    string
		permanent bool // a *message.NetworkError with Permanent set
		wantCode  int
		transient bool // a plain error, which the queue retries
	}{
		{name: "accepted", status: 200, body: `{"messageId":"wamid.HBgLMTU1NTAwMDExMTEVAgARGBI"}`, wantID: "wamid.HBgLMTU1NTAwMDExMTEVAgARGBI"},
		{name: "throttled", status: 429, errType: "ThrottledRequestException", body: `{"message":"Rate exceeded"}`, transient: true},
		{name: "service failure", status: 500, errType: "InternalServiceException", body: `{"message":"internal"}`, transient: true},
		{name: "dependency failure", status: 502, errType: "DependencyException", body: `{"message":"Meta unavailable"}`, transient: true},
		{name: "missing IAM grant", status: 403, errType: "AccessDeniedException", body: `{"message":"not authorized"}`, transient: true},
		{name: "validation", status: 400, errType: "ValidationException", body: `{"message":"Invalid message"}`,
			permanent: true, wantCode: socialmsg.CodeInvalidParameter},
		{name: "invalid parameters", status: 400, errType: "InvalidParametersException", body: `{"message":"bad"}`,
			permanent: true, wantCode: socialmsg.CodeInvalidParameter},
		{name: "origination number not found", status: 404, errType: "ResourceNotFoundException", body: `{"message":"no such phone number"}`,
			permanent: true, wantCode: socialmsg.CodeSenderNotRegistered},
		{name: "refused by Meta", status: 403, errType: "AccessDeniedByMetaException", body: `{"message":"account restricted"}`,
			permanent: true, wantCode: socialmsg.CodeUnknown},
		{name: "a code the adapter does not know", status: 400, errType: "BrandNewException", body: `{"message":"?"}`, transient: true},
		{name: "accepted without an id", status: 200, body: `{}`, permanent: true, wantCode: socialmsg.CodeUnknown},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			svc := &service{status: tc.status, errType: tc.errType, body: tc.body}
			srv := httptest.NewServer(svc)
			defer srv.Close()

			id, err := socialmsg.New(client(t, srv.URL)).Send(context.Background(), outbound)

			reqs := svc.received()
			if len(reqs) != 1 {
				t.Fatalf("service received %d requests, want 1", len(reqs))
			}
			r := reqs[0]
			if r.Method != http.MethodPost || r.Path != "/v1/whatsapp/send" {
				t.Errorf("request %s %s, want POST /v1/whatsapp/send (SendWhatsAppMessage)", r.Method, r.Path)
			}
			if !r.Signed {
				t.Error("request not signed")
			}
			if r.Body.OriginationPhoneNumberID != outbound.Origination {
				t.Errorf("originationPhoneNumberId %q, want %q", r.Body.OriginationPhoneNumberID, outbound.Origination)
			}
			if !bytes.Equal(r.Body.Message, outbound.Body) {
				t.Errorf("message %s, want the outbound body %s", r.Body.Message, outbound.Body)
			}
			if r.Body.MetaAPIVersion != socialmsg.MetaAPIVersion {
				t.Errorf("metaApiVersion %q, want %q", r.Body.MetaAPIVersion, socialmsg.MetaAPIVersion)
			}

			var ne *message.NetworkError
			isNE := errors.As(err, &ne)
			switch {
			case tc.wantID != "":
				if err != nil || id != tc.wantID {
					t.Fatalf("Send = %q, %v; want %q", id, err, tc.wantID)
				}
			case tc.permanent:
				if !isNE || !ne.Permanent || ne.Code != tc.wantCode || ne.Title == "" || ne.Details == "" {
					t.Fatalf("Send error %#v, want a permanent NetworkError %d with title and details", err, tc.wantCode)
				}
				if id != "" {
					t.Errorf("refused message has id %q", id)
				}
			case tc.transient:
				if err == nil || isNE {
					t.Fatalf("Send error %v, want a plain (retryable) error", err)
				}
			}
		})
	}
}

func TestSendFailsTransientlyWhenTheServiceIsUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there any more

	_, err := socialmsg.New(client(t, url)).Send(context.Background(), outbound)
	var ne *message.NetworkError
	if err == nil || errors.As(err, &ne) {
		t.Fatalf("Send error %v, want a plain (retryable) error", err)
	}
}

func TestInputCarriesTheOutboundMessage(t *testing.T) {
	in := socialmsg.Input(outbound)
	if aws.ToString(in.OriginationPhoneNumberId) != outbound.Origination || !bytes.Equal(in.Message, outbound.Body) ||
		aws.ToString(in.MetaApiVersion) != socialmsg.MetaAPIVersion {
		t.Fatalf("input %+v does not carry %+v", in, outbound)
	}
}

// TestReceiptNeedsNoMessageID: a read receipt answered without a message
// id is relayed (the compatible API answers one with success alone); a
// message so answered is still refused.
func TestReceiptNeedsNoMessageID(t *testing.T) {
	svc := &service{status: 200, body: `{}`}
	srv := httptest.NewServer(svc)
	defer srv.Close()
	receipt := message.Outbound{PhoneNumberID: outbound.PhoneNumberID, Origination: outbound.Origination, Receipt: true,
		Body: []byte(`{"messaging_product":"whatsapp","status":"read","message_id":"wamid.x"}`)}
	if id, err := socialmsg.New(client(t, srv.URL)).Send(context.Background(), receipt); err != nil || id != "" {
		t.Fatalf("receipt: %q, %v; want relayed", id, err)
	}
	if got := svc.received(); len(got) != 1 || !bytes.Equal(got[0].Body.Message, receipt.Body) {
		t.Fatalf("service received %+v", got)
	}
	var ne *message.NetworkError
	if _, err := socialmsg.New(client(t, srv.URL)).Send(context.Background(), outbound); !errors.As(err, &ne) || !ne.Permanent {
		t.Fatalf("a message without an id: %v, want a permanent refusal", err)
	}
}
