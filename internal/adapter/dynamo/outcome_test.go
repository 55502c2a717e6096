package dynamo_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/messagestore"
	"svc/internal/feature/message"
)

// answerLosingProxy forwards DynamoDB calls to DynamoDB Local; while drops
// is above 0, a TransactWriteItems is forwarded and applied, and its answer
// then lost: the connection closes without one, as when a deadline or a
// network cut falls between the write and its reply.
func answerLosingProxy(t *testing.T, drops *atomic.Int32) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		res, err := forwardToLocal(context.Background(), r, body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		if strings.HasSuffix(r.Header.Get("X-Amz-Target"), "TransactWriteItems") && drops.Add(-1) >= 0 {
			_, _ = io.Copy(io.Discard, res.Body)
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				_ = conn.Close()
			}
			return
		}
		copyResponse(w, res)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// forwardToLocal sends a proxied DynamoDB call, with its body, to DynamoDB
// Local.
func forwardToLocal(ctx context.Context, r *http.Request, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, r.Method, ddbEndpoint+r.URL.RequestURI(), bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header = r.Header.Clone()
	return http.DefaultClient.Do(req)
}

// copyResponse writes DynamoDB Local's answer back to the proxied client.
func copyResponse(w http.ResponseWriter, res *http.Response) {
	for k, v := range res.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(res.StatusCode)
	_, _ = io.Copy(w, res.Body)
}

// TestAcceptOutcome: an acceptance whose answer was lost after DynamoDB
// applied it is ErrOutcomeUnknown, and asking again says ErrExists; one
// whose connection was never made is a plain failure; and the SDK's own
// retry after a lost answer is accepted.
func TestAcceptOutcome(t *testing.T) {
	_, name := freshTable(t)
	direct := messagestore.New(dynamo.NewTable(client, name))
	noRetry := func(o *dynamodb.Options) { o.RetryMaxAttempts = 1 }
	at := time.Now().UTC().Truncate(time.Millisecond)
	accept := func(m message.Message) message.Acceptance { return message.Acceptance{Message: m, DispatchDue: at} }

	t.Run("answer lost after the write", func(t *testing.T) {
		var drops atomic.Int32
		drops.Store(1)
		lossy := messagestore.New(dynamo.NewTable(dynamo.NewClient(sdkConfig, answerLosingProxy(t, &drops), noRetry), name))
		m := outcomeMessage(at)
		if err := lossy.Accept(t.Context(), accept(m)); !errors.Is(err, message.ErrOutcomeUnknown) {
			t.Fatalf("Accept = %v, want ErrOutcomeUnknown", err)
		}
		if _, err := direct.GetMessage(t.Context(), m.ID); err != nil {
			t.Fatalf("the write was applied, yet: %v", err)
		}
		if err := lossy.Accept(t.Context(), accept(m)); !errors.Is(err, message.ErrExists) {
			t.Fatalf("asked again: %v, want ErrExists", err)
		}
	})
	t.Run("connection never made", func(t *testing.T) {
		dead := messagestore.New(dynamo.NewTable(dynamo.NewClient(sdkConfig, "http://127.0.0.1:1", noRetry), name))
		err := dead.Accept(t.Context(), accept(outcomeMessage(at)))
		if err == nil || errors.Is(err, message.ErrOutcomeUnknown) {
			t.Fatalf("Accept = %v, want a failure known to have written nothing", err)
		}
	})
	t.Run("the SDK retries after a lost answer", func(t *testing.T) {
		var drops atomic.Int32
		drops.Store(1)
		lossy := messagestore.New(dynamo.NewTable(dynamo.NewClient(sdkConfig, answerLosingProxy(t, &drops)), name))
		m := outcomeMessage(at)
		// DynamoDB answers the retry by its idempotency token (nil); without
		// one it would find the message (ErrExists): accepted either way.
		if err := lossy.Accept(t.Context(), accept(m)); err != nil && !errors.Is(err, message.ErrExists) {
			t.Fatalf("Accept = %v, want it accepted", err)
		}
		if _, err := direct.GetMessage(t.Context(), m.ID); err != nil {
			t.Fatalf("not stored: %v", err)
		}
	})
}

func outcomeMessage(at time.Time) message.Message {
	return message.Message{ID: message.NewID(), ZBAID: "acme", PhoneNumberID: "pn-1", From: "4915100000001", To: "4915112345678",
		Type: message.TypeText, Content: message.Content{Body: "Hi"}, Body: []byte(`{"to":"4915112345678"}`),
		Status: message.StatusAccepted, StatusTimes: map[message.Status]time.Time{message.StatusAccepted: at}, CreatedAt: at, UpdatedAt: at}
}
