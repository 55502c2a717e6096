package sqsqueue

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"svc/internal/adapter/sdkhttp"
)

// NewClient builds the SQS client; endpoint, when set, overrides the service
// address (the local SQS emulator). Its HTTP client keeps connections
// alive (sdkhttp).
func NewClient(cfg aws.Config, endpoint string) *sqs.Client {
	return sqs.NewFromConfig(cfg, func(o *sqs.Options) {
		o.HTTPClient = sdkhttp.Client(o.HTTPClient)
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
	})
}
