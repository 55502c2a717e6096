package socialmsg_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/socialmessaging"
	"github.com/aws/smithy-go/middleware"

	"svc/internal/adapter/socialmsg"
)

var errBuilt = errors.New("request built, not sent")

// stopBeforeSending ends each call once the request is serialized and
// signed, so the benchmark measures the adapter's and the SDK's request
// building and nothing of the network.
func stopBeforeSending(o *socialmessaging.Options) {
	o.RetryMaxAttempts = 1
	o.APIOptions = append(o.APIOptions, func(st *middleware.Stack) error {
		return st.Finalize.Add(middleware.FinalizeMiddlewareFunc("stopBeforeSending",
			func(context.Context, middleware.FinalizeInput, middleware.FinalizeHandler) (middleware.FinalizeOutput, middleware.Metadata, error) {
				return middleware.FinalizeOutput{}, middleware.Metadata{}, errBuilt
			}), middleware.After)
	})
}

func BenchmarkRequestBuilding(b *testing.B) {
	// Nothing listens at this address: the request never leaves.
	n := socialmsg.New(socialmessaging.New(client(b, "http://127.0.0.1:1").Options(), stopBeforeSending))
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := n.Send(ctx, outbound); !errors.Is(err, errBuilt) {
			b.Fatalf("Send = %v, want the request built and stopped", err)
		}
	}
}

func BenchmarkSendToALocalService(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"messageId":"wamid.bench"}`))
	}))
	defer srv.Close()
	n := socialmsg.New(client(b, srv.URL))
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := n.Send(ctx, outbound); err != nil {
			b.Fatal(err)
		}
	}
}
