package sqslocal_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"svc/internal/adapter/sqsqueue"
	"svc/internal/local/emulators"
)

// client talks to the SQS emulator the harness started; prefix makes this
// run's queue names unique, so runs sharing an emulator do not collide.
var (
	client *sqs.Client
	prefix string
)

func TestMain(m *testing.M) { os.Exit(run(m)) }

func run(m *testing.M) int {
	_, sqsEndpoint, stop, err := emulators.ForTests()
	if err != nil {
		fmt.Fprintln(os.Stderr, "sqsqueue: start emulators:", err)
		return 1
	}
	defer stop()
	cfg, err := config.LoadDefaultConfig(context.Background(), config.WithRegion("us-east-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("test", "test", "")))
	if err != nil {
		fmt.Fprintln(os.Stderr, "sqsqueue: load AWS config:", err)
		return 1
	}
	client = sqsqueue.NewClient(cfg, sqsEndpoint)
	prefix = fmt.Sprintf("sqsq%08x-", rand.Uint32())
	return m.Run()
}
