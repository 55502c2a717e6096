package template

import "svc/internal/platform/jsonbody"

// Size limits of Stage A. Interface section 8 limits the texts a recipient
// reads (counted in characters, in validate.go); it says nothing about the
// other fields, which the compatible API's clients send and the service
// keeps: examples, flow_json, supported_apps and the one-tap and flow
// identifiers. Left free, one of them can make the stored template exceed
// DynamoDB's 400 KB item limit, and the write then fails after validation
// has passed. These limits close that gap: each is far above what a real
// template holds, and together they keep any valid template well under the
// item limit.
//
// Sizes are bytes: of the body as received, of an example or supported_apps
// as written in the body (JSON, whitespace included), and of a string
// field's value once its JSON escapes are decoded (UTF-8).
const (
	// MaxRequestBytes caps a whole create or edit body, checked before any
	// decoding so that no work is spent on a larger one. A template with
	// every text at its limit, two 2000-character URLs and examples for its
	// parameters is around 12 KiB; 128 KiB also fits a large inline
	// flow_json. It bounds the sum of the per-field limits below, which
	// alone would allow more (ten FLOW buttons of 64 KiB each).
	MaxRequestBytes = 128 << 10

	// MaxExampleBytes caps each example, of a component or of a button. An
	// example holds sample values for the parameters of one text (a
	// 1024-character body holds at most a few hundred) or a media handle of
	// a few hundred bytes; 16 KiB is ten times the largest such example.
	MaxExampleBytes = 16 << 10

	// MaxFlowJSONBytes caps a FLOW button's inline flow_json. Flow
	// definitions of several screens are a few KiB to a few tens of KiB;
	// a larger flow is created on its own and named by flow_id.
	MaxFlowJSONBytes = 64 << 10

	// MaxSupportedAppsBytes caps an OTP button's supported_apps: a short
	// list of package name and signature hash pairs of a few hundred bytes
	// each.
	MaxSupportedAppsBytes = 4 << 10

	// MaxShortFieldBytes caps each identifier-like string of a button:
	// autofill_text, package_name, signature_hash, flow_id, flow_name,
	// flow_action and navigate_screen. The longest real value is an Android
	// package name, which stores and tools keep far below 1 KiB.
	MaxShortFieldBytes = 1 << 10

	// MaxStoredComponentsBytes caps the canonical components JSON that is
	// stored (Draft.ComponentsJSON), the only unbounded part of a template's
	// item. The limits above already keep a valid template under it (the
	// stored form is at most about twice the body, when every character
	// needs escaping, as U+2028 does); checking it as well makes the bound
	// hold whatever the body. The rest of the item (keys, the name three
	// times, dates, the review marker and the classifier's signals) is a
	// few KiB, which leaves more than 100 KiB of DynamoDB's 400 KB unused.
	MaxStoredComponentsBytes = 256 << 10

	// MaxNestingDepth caps how deep arrays and objects nest in a body
	// (the body's own object is level 1), as in every JSON body the service
	// reads. A template nests 6 levels (an example's body_text inside a
	// component inside the body); a deeper body is refused in those words
	// rather than by encoding/json's own limit (10000 levels), which it
	// reports as a syntax error at the bracket it stopped on.
	MaxNestingDepth = jsonbody.MaxDepth
)
