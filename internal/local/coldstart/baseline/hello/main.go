// Command hello is the smallest Go Lambda behind API Gateway: the baseline
// the cold start and size of functions that link no AWS SDK (versions) are
// measured against. It is built like the functions, never deployed.
package main

import (
	"context"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

func main() {
	lambda.Start(func(context.Context, events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
		return events.APIGatewayProxyResponse{StatusCode: 200, Body: `{"hello":"world"}`}, nil
	})
}
