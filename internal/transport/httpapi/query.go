package httpapi

import "svc/internal/platform/apperr"

// OneValue returns the value of query parameter p, which takes one value
// ("" when absent). Given more than once, which one counts would be a
// guess (API Gateway's single-value map keeps the last), so that is 400
// code 100, worded for operation op ("a list", "a delete").
func OneValue(req Request, p, op string) (string, error) {
	if n := len(req.MultiValueQueryStringParameters[p]); n > 1 {
		return "", apperr.Newf(apperr.CodeInvalidParameter, "%s: given %d times; %s takes one", p, n, op)
	}
	return req.QueryStringParameters[p], nil
}
