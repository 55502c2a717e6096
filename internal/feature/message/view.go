package message

import (
	"context"
	"errors"
	"strconv"
	"time"

	"svc/internal/platform/apperr"
)

// View is a message's status and history as GET message answers it (an
// svc extension: the compatible API has no such route).
type View struct {
	MessagingProduct string `json:"messaging_product"`
	ID               string `json:"id"`
	// Status is the current status.
	Status      Status `json:"status"`
	RecipientID string `json:"recipient_id"`
	Type        string `json:"type"`
	// Template names the template of a template message.
	Template              *ViewTemplate `json:"template,omitempty"`
	BizOpaqueCallbackData string        `json:"biz_opaque_callback_data,omitempty"`
	// History lists each status reached, in the order of the lifecycle,
	// with its unix timestamp as a string (as status webhooks write it).
	History []ViewStatus `json:"history"`
	// Errors is the error of a failed message, as its failed webhook.
	Errors []ViewError `json:"errors,omitempty"`
}

// ViewTemplate names a template.
type ViewTemplate struct {
	Name     string `json:"name"`
	Language string `json:"language"`
}

// ViewStatus is one status reached.
type ViewStatus struct {
	Status    Status `json:"status"`
	Timestamp string `json:"timestamp"`
}

// ViewError is a failed message's error.
type ViewError struct {
	Code      int    `json:"code"`
	Title     string `json:"title"`
	Message   string `json:"message"`
	ErrorData struct {
		Details string `json:"details"`
	} `json:"error_data"`
}

// lifecycle is the order History lists statuses in.
var lifecycle = []Status{StatusAccepted, StatusSent, StatusDelivered, StatusRead, StatusFailed}

// Get returns the message id sent from phoneID by zbaID. A malformed id,
// an unknown one, and one of another sender or ZBA are the same 404 on a
// sender of zbaID, so the answer reveals nothing of other ZBAs' messages;
// on another ZBA's sender the key is refused (403 code 200) and on an
// unregistered one the sender is (133010), as a send from it would be. The
// sender is read only on that miss path: a found message costs one read.
func (s Service) Get(ctx context.Context, zbaID, phoneID, id string) (View, error) {
	var m Message
	err := ErrNotFound
	if ValidID(id) {
		m, err = s.Store.GetMessage(ctx, id)
	}
	if errors.Is(err, ErrNotFound) || err == nil && (m.ZBAID != zbaID || m.PhoneNumberID != phoneID) {
		found, err := s.Store.Lookup(ctx, Lookup{ZBAID: zbaID, PhoneNumberID: phoneID, Sender: true})
		if err != nil {
			return View{}, err
		}
		if err := ownSender(found.Phone, zbaID, phoneID, "read messages of"); err != nil {
			return View{}, err
		}
		return View{}, apperr.NotFound("Message " + id + " was not sent from phone number id " + phoneID + " of this business account.")
	}
	if err != nil {
		return View{}, err
	}
	v := View{MessagingProduct: ProductSvc, ID: m.ID, Status: m.Status, RecipientID: m.To, Type: m.Type,
		BizOpaqueCallbackData: m.BizOpaqueCallbackData, History: []ViewStatus{}}
	if m.Template != nil {
		v.Template = &ViewTemplate{Name: m.Template.Name, Language: m.Template.Language}
	}
	for _, st := range lifecycle {
		if at, ok := m.StatusTimes[st]; ok && !at.IsZero() {
			v.History = append(v.History, ViewStatus{Status: st, Timestamp: unixString(at)})
		}
	}
	if m.Failure != nil {
		e := ViewError{Code: m.Failure.Code, Title: m.Failure.Title, Message: m.Failure.Title}
		e.ErrorData.Details = m.Failure.Details
		v.Errors = []ViewError{e}
	}
	return v, nil
}

func unixString(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }
