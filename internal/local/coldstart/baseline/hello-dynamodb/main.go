// Command hello-dynamodb is the baseline of functions that reach DynamoDB:
// it loads the SDK's configuration and builds a DynamoDB client at cold
// start, as the guidance for Go Lambdas says, and reads one item per
// invocation from the table SVC_TABLE_NAME names. It is built like the
// functions, never deployed.
package main

import (
	"context"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

func main() {
	cfg, err := config.LoadDefaultConfig(context.Background())
	if err != nil {
		panic(err)
	}
	db := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		if ep := os.Getenv("AWS_ENDPOINT_URL_DYNAMODB"); ep != "" {
			o.BaseEndpoint = aws.String(ep)
			o.DisableValidateResponseChecksum = true
		}
	})
	table := os.Getenv("SVC_TABLE_NAME")
	lambda.Start(func(ctx context.Context, _ events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
		_, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: map[string]types.AttributeValue{
			"pk": &types.AttributeValueMemberS{Value: "HELLO"}, "sk": &types.AttributeValueMemberS{Value: "WORLD"}}})
		if err != nil {
			return events.APIGatewayProxyResponse{}, err
		}
		return events.APIGatewayProxyResponse{StatusCode: 200, Body: `{"hello":"world"}`}, nil
	})
}
