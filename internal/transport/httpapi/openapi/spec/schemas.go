package spec

import (
	"fmt"
	"slices"
	"strings"

	"svc/internal/feature/account/auth"
	"svc/internal/platform/apperr"
)

// A schema is a JSON Schema 2020-12 object, as OpenAPI 3.1 takes it.
type schema = map[string]any

func str() schema                  { return schema{"type": "string"} }
func strOrNull() schema            { return schema{"type": []string{"string", "null"}} }
func integer() schema              { return schema{"type": "integer"} }
func boolean() schema              { return schema{"type": "boolean"} }
func number() schema               { return schema{"type": "number"} }
func enum(values ...string) schema { return schema{"type": "string", "enum": values} }
func array(items schema) schema    { return schema{"type": "array", "items": items} }
func ref(name string) schema       { return schema{"$ref": "#/components/schemas/" + name} }

// object is an object with the named properties; required lists those
// that must be present. Extra properties stay allowed: the service
// ignores what it does not know, as the compatible API does.
func object(props schema, required ...string) schema {
	s := schema{"type": "object", "properties": props}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// closed is an object whose answer carries exactly these properties.
func closed(props schema, required ...string) schema {
	s := object(props, required...)
	s["additionalProperties"] = false
	return s
}

// request is a request body's schema as the handlers read it, which
// Go's decoder shapes: a field's name matches in any case ("NAME" is
// name) and a null leaves the field unset. So below the top every field
// admits null, and which fields are required (and that no others are
// admitted) is said in the description, enforced by the handler's own
// 4xx, not by the schema.
func request(s schema) schema {
	var required []string
	if r, ok := s["required"].([]string); ok {
		required = r
	}
	desc := "Field names match in any case."
	if len(required) > 0 {
		desc += " Required: " + strings.Join(required, ", ") + "."
	}
	if s["additionalProperties"] == false {
		desc += " No other field is admitted."
	}
	props, _ := s["properties"].(schema)
	for name, p := range props {
		props[name] = nullable(p.(schema))
	}
	delete(s, "required")
	delete(s, "additionalProperties")
	s["description"] = desc
	return s
}

func nullable(s schema) schema {
	if t, ok := s["type"].(string); ok {
		s["type"] = []string{t, "null"}
	}
	delete(s, "required")
	delete(s, "additionalProperties")
	if props, ok := s["properties"].(schema); ok {
		for name, p := range props {
			props[name] = nullable(p.(schema))
		}
	}
	if items, ok := s["items"].(schema); ok {
		s["items"] = nullable(items)
	}
	return s
}

// components are the named schemas every operation refers to, written
// from the interface document and the handlers' response types
// (internal/transport/httpapi/*, internal/feature/*).
func components() schema {
	codes := []int{}
	for _, c := range apperr.Codes() {
		codes = append(codes, int(c))
	}
	slices.Sort(codes) // Codes walks a map
	templateSummary := schema{
		"id": str(), "name": str(), "language": str(), "category": str(),
		"correct_category": strOrNull(), "status": ref("TemplateStatus"), "quality_score": str(),
		"rejection_reason": strOrNull(),
	}
	summaryRequired := []string{"id", "name", "language", "category", "status"}
	template := schema{}
	for k, v := range templateSummary {
		template[k] = v
	}
	for k, v := range (schema{"zba_id": str(), "parameter_format": str(), "components": array(schema{"type": "object"}),
		"created_at": schema{"type": "string", "format": "date-time"}, "updated_at": schema{"type": "string", "format": "date-time"}}) {
		template[k] = v
	}
	return schema{
		"Error": closed(schema{
			"error": closed(schema{
				"message":       schema{"type": "string", "description": "(#code) followed by the message"},
				"type":          enum("OAuthException", "ServerException"),
				"code":          schema{"type": "integer", "enum": codes, "description": "the interface's error codes (section 7)"},
				"error_subcode": schema{"type": []string{"integer", "null"}},
				"error_data": closed(schema{
					"messaging_product": schema{"const": apperr.MessagingProduct},
					"details":           str(),
				}, "messaging_product", "details"),
				"svc_trace_id": str(),
			}, "message", "type", "code", "error_subcode", "error_data", "svc_trace_id"),
		}, "error"),
		"VersionList": closed(schema{"data": array(closed(schema{
			"api": str(), "version": str(), "base_path": str(), "status": str(),
		}, "api", "version", "base_path", "status"))}, "data"),
		"TemplateStatus":  enum("PENDING", "APPROVED", "REJECTED", "PAUSED", "DISABLED"),
		"TemplateSummary": closed(templateSummary, summaryRequired...),
		"Template":        closed(template, append(summaryRequired, "zba_id", "components", "created_at", "updated_at")...),
		// paging is always there; its cursors whenever the page holds
		// templates, next and previous only where a page lies that way.
		"TemplateList": closed(schema{
			"data": array(ref("TemplateSummary")),
			"paging": closed(schema{
				"cursors":  closed(schema{"before": str(), "after": str()}),
				"next":     schema{"type": "string", "format": "uri"},
				"previous": schema{"type": "string", "format": "uri"},
			}, "cursors"),
		}, "data", "paging"),
		"TemplateState": closed(schema{"id": str(), "status": ref("TemplateStatus"), "category": str()}, "id", "status", "category"),
		// An edit answers the compatible API's success and the name as
		// well, which its clients read.
		"TemplateEdited": closed(schema{"id": str(), "status": ref("TemplateStatus"), "category": str(), "name": str(), "success": boolean()},
			"id", "status", "category", "name", "success"),
		"TemplateCreate": request(object(schema{
			"name": str(), "language": str(), "category": str(), "parameter_format": str(),
			"components": array(schema{"type": "object"}),
		}, "name", "language", "category", "components")),
		"TemplateEdit": request(object(schema{
			"category": str(), "components": array(schema{"type": "object"}),
		})),
		"DeleteResult": closed(schema{"success": boolean(), "deleted": integer()}, "success"),
		"SendRequest":  sendRequest(),
		// A send answers the message accepted; a mark-as-read the
		// compatible API's success.
		"SendResponse": schema{"oneOf": []any{ref("MessageAccepted"), ref("ReceiptQueued")}},
		"MessageAccepted": closed(schema{
			"messaging_product": schema{"const": apperr.MessagingProduct},
			"contacts":          array(closed(schema{"input": str(), "wa_id": str()}, "input", "wa_id")),
			"messages":          array(closed(schema{"id": str(), "message_status": str()}, "id")),
		}, "messaging_product", "contacts", "messages"),
		"ReceiptQueued": closed(schema{"success": schema{"const": true}}, "success"),
		"MessageStatus": enum("accepted", "sent", "delivered", "read", "failed"),
		"MessageView": closed(schema{
			"messaging_product": schema{"const": apperr.MessagingProduct},
			"id":                str(), "status": ref("MessageStatus"), "recipient_id": str(), "type": str(),
			"template":                 closed(schema{"name": str(), "language": str()}, "name", "language"),
			"biz_opaque_callback_data": str(),
			"history":                  array(closed(schema{"status": ref("MessageStatus"), "timestamp": str()}, "status", "timestamp")),
			"errors": array(closed(schema{"code": integer(), "title": str(), "message": str(),
				"error_data": closed(schema{"details": str()}, "details")}, "code", "title", "message", "error_data")),
		}, "messaging_product", "id", "status", "recipient_id", "type", "history"),
		// The call body's other fields are ignored, as the template and send
		// bodies' are.
		"CallCreate": request(object(schema{
			"query": str(), "redirect_url": schema{"type": "string", "format": "uri"},
			"location":    object(schema{"latitude": number(), "longitude": number()}, "latitude", "longitude"),
			"address":     str(),
			"caller_name": str(),
		}, "redirect_url")),
		"CallCreated": closed(schema{"call_id": str(), "call_url": schema{"type": "string", "format": "uri"}}, "call_id", "call_url"),
		"CallState":   enum("created", "ringing", "connected", "ended", "expired", "cancelled"),
		"CallView": closed(schema{
			"call_id": str(), "state": ref("CallState"), "provider_name": str(), "caller_name": str(), "query": str(),
			"created_at":    schema{"type": "string", "format": "date-time"},
			"join_deadline": schema{"type": "string", "format": "date-time"}, "ring_deadline": schema{"type": "string", "format": "date-time"},
			"end_reason": enum("hung_up", "declined", "join_timeout", "ring_timeout", "abandoned"),
			"offer":      str(), "answer": str(), "redirect_url": str(), "duration_s": number(),
			"ice_servers": array(closed(schema{"urls": array(str()), "username": str(), "credential": str()}, "urls")),
			"poll_ms":     integer(),
		}, "call_id", "state", "provider_name", "created_at", "poll_ms"),
		"CallList": closed(schema{"data": array(ref("CallView"))}, "data"),
		"SDP":      request(object(schema{"sdp": str()})),
	}
}

// described is s with a description.
func described(s schema, description string) schema {
	s["description"] = description
	return s
}

// sendRequest is the send body: a text, a template, or one of the other
// free-form types, its object named by type; or a mark-as-read. The limits are said in the
// descriptions rather than as constraints: the service ignores the object
// of a type other than the one named (and a header's text beside its
// media), so a constraint there would refuse what the service accepts.
func sendRequest() schema {
	media := func(what string) schema {
		return described(object(schema{
			"id":       described(str(), "media uploaded to the network (in AWS an End User Messaging Social media id; the local simulator accepts any); at most 256 characters"),
			"link":     described(str(), "an absolute http or https URL with a host, which the network fetches; at most 2000 characters"),
			"caption":  described(str(), "image, video and document only; at most 1024 characters"),
			"filename": described(str(), "document only; at most 240 characters"),
			"voice":    described(boolean(), "audio only: a voice note"),
		}), what+": link or id is required, not both")
	}
	headerMedia := func() schema {
		return object(schema{"id": described(str(), "at most 256 characters"), "link": described(str(), "at most 2000 characters"),
			"filename": described(str(), "document only; at most 240 characters")})
	}
	text := func(limit int) schema {
		return object(schema{"text": described(str(), fmt.Sprintf("at most %d characters", limit))})
	}
	return request(object(schema{
		"messaging_product": str(), "recipient_type": str(), "to": str(),
		"type": described(str(), "text, template, image, video, audio, document, sticker, location, contacts, reaction or interactive; "+
			"the object of that name carries the message, another type's object beside it is ignored"),
		"preview_url": boolean(),
		"text":        object(schema{"body": str(), "preview_url": boolean()}),
		"template": object(schema{
			"name":       str(),
			"language":   object(schema{"code": str(), "policy": str()}),
			"components": array(schema{"type": "object"}),
		}),
		"image":    media("an image"),
		"video":    media("a video"),
		"audio":    media("an audio message (no caption)"),
		"document": media("a document"),
		"sticker":  media("a sticker (no caption)"),
		"location": described(object(schema{
			"latitude":  schema{"type": []string{"number", "string", "null"}, "description": "required, within [-90, 90]; a number or a string holding one"},
			"longitude": schema{"type": []string{"number", "string", "null"}, "description": "required, within [-180, 180]; a number or a string holding one"},
			"name":      described(str(), "at most 100 characters"), "address": described(str(), "at most 300 characters"),
		}), "a location"),
		"contacts": described(array(object(schema{
			"name": described(object(schema{"formatted_name": str(), "first_name": str(), "last_name": str(), "middle_name": str(),
				"suffix": str(), "prefix": str()}), "formatted_name is required"),
			"phones":    array(object(schema{"phone": str(), "type": str(), "wa_id": str()})),
			"emails":    array(object(schema{"email": str(), "type": str()})),
			"urls":      array(object(schema{"url": str(), "type": str()})),
			"addresses": array(object(schema{"street": str(), "city": str(), "state": str(), "zip": str(), "country": str(), "country_code": str(), "type": str()})),
			"org":       object(schema{"company": str(), "department": str(), "title": str()}),
			"birthday":  described(str(), "YYYY-MM-DD"),
		})), "1 to 257 contact cards; every string of a card at most 256 characters"),
		"reaction": described(object(schema{
			"message_id": described(str(), "the message reacted to: the network's id (wamid.…, as inbound webhooks carry it), or svc's id (svcmid.…) of a message this sender sent, which svc replaces by the network's; required"),
			"emoji":      described(str(), `one emoji, or "" to remove the reaction; required`),
		}), "a reaction"),
		"interactive": described(object(schema{
			"type": described(str(), "button, list, cta_url or location_request_message"),
			"header": described(object(schema{
				"type":  described(str(), "text, image, video or document (a list's header is text; a location request has none)"),
				"text":  described(str(), "at most 60 characters"),
				"image": headerMedia(), "video": headerMedia(), "document": headerMedia(),
			}), "optional"),
			"body":   described(text(1024), "required; a list's body.text may have 4096 characters"),
			"footer": described(text(60), "optional"),
			"action": object(schema{
				"name":   described(str(), "cta_url for a cta_url message, send_location for a location request"),
				"button": described(str(), "a list's button label, at most 20 characters"),
				"buttons": described(array(object(schema{
					"type":  described(str(), "reply"),
					"reply": object(schema{"id": described(str(), "at most 256 characters, unique, neither beginning nor ending with a space"), "title": described(str(), "at most 20 characters, unique")}),
				})), "1 to 3 reply buttons"),
				"sections": described(array(object(schema{
					"title": described(str(), "at most 24 characters; required when there are several sections"),
					"rows": array(object(schema{
						"id":          described(str(), "at most 200 characters, unique in the list"),
						"title":       described(str(), "at most 24 characters"),
						"description": described(str(), "at most 72 characters"),
					})),
				})), "1 to 10 sections, at most 10 rows in all"),
				"parameters": object(schema{
					"display_text": described(str(), "at most 20 characters"),
					"url":          described(str(), "an absolute http or https URL, at most 2000 characters"),
				}),
			}),
		}), "an interactive message"),
		"biz_opaque_callback_data": str(),
		"context":                  object(schema{"message_id": described(str(), "the message replied to: the network's id, or svc's id (svcmid.…) of a message this sender sent, which svc replaces by the network's")}),
		"status": described(str(), "read, with message_id and neither to nor type: marks a received message as read "+
			`(the compatible API's mark-as-read), answered {"success":true} once the receipt is queued for the network`),
		"message_id":       described(str(), "the network's id of the received message to mark as read (wamid.…); an svcmid. id is replaced by the network's id of that message"),
		"typing_indicator": described(object(schema{"type": described(str(), "text")}), "with a mark-as-read: show the recipient that the sender is typing"),
	}))
}

// scopeNames are the scopes a key may carry, for the security scheme.
var scopeNames = []auth.Scope{auth.ScopeManagement, auth.ScopeMessaging}
