// Package gatewaycache is the API Gateway adapter: it flushes a stage's
// authorizer cache (FlushStageAuthorizersCache), so that a revoked key is
// refused at once rather than once the answer cached for it expires.
package gatewaycache

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/apigateway"

	"svc/internal/adapter/sdkhttp"
	"svc/internal/feature/account"
)

// API is the part of the API Gateway client the adapter uses.
type API interface {
	FlushStageAuthorizersCache(ctx context.Context, in *apigateway.FlushStageAuthorizersCacheInput,
		opts ...func(*apigateway.Options)) (*apigateway.FlushStageAuthorizersCacheOutput, error)
}

var _ API = (*apigateway.Client)(nil)

// NewClient builds the API Gateway client; endpoint, when set, overrides
// the service address (the local gateway's control listener).
func NewClient(cfg aws.Config, endpoint string) *apigateway.Client {
	return apigateway.NewFromConfig(cfg, func(o *apigateway.Options) {
		o.HTTPClient = sdkhttp.Client(o.HTTPClient)
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
	})
}

// Stage is the authorizer cache of one stage of a REST API.
type Stage struct {
	api              API
	restAPIID, stage string
}

var _ account.AuthorizerCache = (*Stage)(nil)

// New is the authorizer cache of the stage named stage of the REST API
// restAPIID.
func New(api API, restAPIID, stage string) *Stage {
	return &Stage{api: api, restAPIID: restAPIID, stage: stage}
}

// Flush drops every answer the stage has cached:
// DELETE /restapis/{id}/stages/{stage}/cache/authorizers.
func (s *Stage) Flush(ctx context.Context) error {
	_, err := s.api.FlushStageAuthorizersCache(ctx, &apigateway.FlushStageAuthorizersCacheInput{
		RestApiId: aws.String(s.restAPIID), StageName: aws.String(s.stage)})
	if err != nil {
		return fmt.Errorf("flush the authorizer cache of stage %s of REST API %s: %w", s.stage, s.restAPIID, err)
	}
	return nil
}
