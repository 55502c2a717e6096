// Package socialmsg is the AWS End User Messaging Social adapter: the
// network messages leave through in AWS. It hands each message to
// SendWhatsAppMessage and translates the service's answers into the
// message feature's terms: a refusal the message cannot recover from is a
// permanent *message.NetworkError, anything a later attempt may cure
// (throttling, the service's own failures, the connection) a plain error,
// so the outbound queue delivers the message again.
package socialmsg

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/socialmessaging"
	"github.com/aws/smithy-go"

	"svc/internal/feature/message"
)

// MetaAPIVersion is the version of Meta's Graph API that End User Messaging
// Social forwards each message to (SendWhatsAppMessage requires one). The
// message bodies svc builds follow the compatible API at this version;
// raise it only together with the body builders, after checking the
// service's list of supported versions in its endpoint reference.
const MetaAPIVersion = "v20.0"

// API is the part of the End User Messaging Social client the adapter uses.
type API interface {
	SendWhatsAppMessage(ctx context.Context, in *socialmessaging.SendWhatsAppMessageInput, opts ...func(*socialmessaging.Options)) (*socialmessaging.SendWhatsAppMessageOutput, error)
}

var _ API = (*socialmessaging.Client)(nil)

// NewClient builds the End User Messaging Social client. endpoint, when
// set, overrides the service address (AWS_ENDPOINT_URL_SOCIALMESSAGING,
// for tests); opts adjust the client further.
func NewClient(cfg aws.Config, endpoint string, opts ...func(*socialmessaging.Options)) *socialmessaging.Client {
	return socialmessaging.NewFromConfig(cfg, append([]func(*socialmessaging.Options){func(o *socialmessaging.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
	}}, opts...)...)
}

// Network sends messages through End User Messaging Social.
type Network struct {
	api API
}

var _ message.Network = (*Network)(nil)

// New returns the network reached through api.
func New(api API) *Network { return &Network{api: api} }

// Send hands m to SendWhatsAppMessage from the sender's origination phone
// number and returns the id the network gave the message. A read receipt
// (m.Receipt) needs none: the compatible API answers one with
// {"success":true} alone.
func (n *Network) Send(ctx context.Context, m message.Outbound) (string, error) {
	out, err := n.api.SendWhatsAppMessage(ctx, Input(m))
	if err != nil {
		return "", classify(err)
	}
	id := aws.ToString(out.MessageId)
	if id == "" && !m.Receipt {
		// Accepted without an id: nothing to correlate statuses with, and a
		// retry could send the message twice, so it is not retried.
		return "", &message.NetworkError{Permanent: true, Code: CodeUnknown, Title: "Something went wrong",
			Details: "End User Messaging Social accepted the message but returned no message id"}
	}
	return id, nil
}

// Input is the SendWhatsAppMessage request for m.
func Input(m message.Outbound) *socialmessaging.SendWhatsAppMessageInput {
	return &socialmessaging.SendWhatsAppMessageInput{
		OriginationPhoneNumberId: aws.String(m.Origination),
		Message:                  m.Body,
		MetaApiVersion:           aws.String(MetaAPIVersion),
	}
}

// Interface error codes the adapter reports (the customer's interface
// document, error codes table).
const (
	// CodeUnknown is "Something went wrong".
	CodeUnknown = 131000
	// CodeInvalidParameter is "Parameter value is not valid".
	CodeInvalidParameter = 131009
	// CodeSenderNotRegistered is "Sender not registered": the origination
	// phone number is not in the service (deleted, or a wrong id or ARN on
	// the sender's registration).
	CodeSenderNotRegistered = 133010
)

// classify turns a SendWhatsAppMessage failure into a permanent
// *message.NetworkError when no retry can succeed, else into a plain error.
// It goes by the service's error code, which also names the errors the
// SDK has no type for in this operation (AccessDeniedByMetaException).
func classify(err error) error {
	var api smithy.APIError
	if !errors.As(err, &api) {
		// The connection, a timeout, a cancelled context.
		return fmt.Errorf("end user messaging social: %w", err)
	}
	switch api.ErrorCode() {
	case "ValidationException", "InvalidParametersException":
		return refused(CodeInvalidParameter, "Parameter value is not valid", api)
	case "ResourceNotFoundException":
		return refused(CodeSenderNotRegistered, "Sender not registered", api)
	case "AccessDeniedByMetaException":
		// Meta itself refuses the business account or number: the same
		// message would be refused again.
		return refused(CodeUnknown, "Something went wrong", api)
	case "ThrottledRequestException", "LimitExceededException", "InternalServiceException", "DependencyException",
		// A missing IAM grant: an operator fixes it while the queue retries.
		"AccessDeniedException":
		return fmt.Errorf("end user messaging social: %w", err)
	}
	if api.ErrorFault() == smithy.FaultClient {
		return refused(CodeUnknown, "Something went wrong", api)
	}
	// The service's own failures, and codes this adapter does not know.
	return fmt.Errorf("end user messaging social: %w", err)
}

// refused is the permanent NetworkError of a service refusal, with the
// service's own code and message as the details.
func refused(code int, title string, api smithy.APIError) *message.NetworkError {
	return &message.NetworkError{Permanent: true, Code: code, Title: title,
		Details: "End User Messaging Social refused the message: " + api.ErrorCode() + ": " + api.ErrorMessage()}
}
