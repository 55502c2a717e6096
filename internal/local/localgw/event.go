package localgw

import (
	"net"
	"net/http"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/routes"
)

// proxyEvent builds the Lambda proxy event API Gateway's REST API sends for
// the request: single- and multi-value headers and query parameters, path
// parameters, and the request context.
func proxyEvent(r *http.Request, route routes.Route, params map[string]string, body []byte, requestID, stage string) events.APIGatewayProxyRequest {
	headers, multiHeaders := map[string]string{}, map[string][]string{}
	for k, vs := range r.Header {
		headers[k] = vs[len(vs)-1]
		multiHeaders[k] = vs
	}
	if r.Host != "" {
		headers["Host"], multiHeaders["Host"] = r.Host, []string{r.Host}
	}
	var query map[string]string
	var multiQuery map[string][]string
	if q := r.URL.Query(); len(q) > 0 {
		query, multiQuery = map[string]string{}, map[string][]string{}
		for k, vs := range q {
			query[k] = vs[len(vs)-1] // REST APIs keep the last value
			multiQuery[k] = vs
		}
	}
	if len(params) == 0 {
		params = nil
	}
	sourceIP, _, _ := net.SplitHostPort(r.RemoteAddr)
	now := time.Now()
	return events.APIGatewayProxyRequest{
		Resource:                        route.GatewayPath(),
		Path:                            r.URL.Path,
		HTTPMethod:                      r.Method,
		Headers:                         headers,
		MultiValueHeaders:               multiHeaders,
		QueryStringParameters:           query,
		MultiValueQueryStringParameters: multiQuery,
		PathParameters:                  params,
		Body:                            string(body),
		RequestContext: events.APIGatewayProxyRequestContext{
			AccountID:        accountID,
			ResourceID:       route.Name,
			Stage:            stage,
			RequestID:        requestID,
			ResourcePath:     route.GatewayPath(),
			HTTPMethod:       r.Method,
			APIID:            apiID,
			Path:             r.URL.Path, // the path the client called: no stage segment locally
			Protocol:         r.Proto,
			RequestTime:      now.UTC().Format("02/Jan/2006:15:04:05 -0700"),
			RequestTimeEpoch: now.UnixMilli(),
			Identity:         events.APIGatewayRequestIdentity{SourceIP: sourceIP, UserAgent: r.UserAgent()},
		},
	}
}

// methodARN is the ARN API Gateway passes to the authorizer.
func methodARN(stage, method, path string) string {
	return "arn:aws:execute-api:" + region + ":" + accountID + ":" + apiID + "/" + stage + "/" + method + path
}
