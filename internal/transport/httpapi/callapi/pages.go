package callapi

import (
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"html"
	"net/http"
	"strconv"
	"strings"

	"svc/internal/platform/apperr"
	"svc/internal/transport/httpapi"
)

//go:embed pages
var pageFiles embed.FS

func file(name string) string {
	b, err := pageFiles.ReadFile("pages/" + name)
	if err != nil {
		panic(err) // embedded at build time: a missing file is a build mistake
	}
	return string(b)
}

// page is an HTML page with its inline style and script, and the strict
// Content-Security-Policy that admits exactly those two by their hashes:
// no other script, no third-party origin, no frames, no forms; fetches to
// this API only; media from the page's own devices and peer.
func page(title, bodyFile, scriptFile string) httpapi.Page {
	css, js := file("style.css"), file("common.js")+file(scriptFile)
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<meta name=\"referrer\" content=\"no-referrer\">\n")
	b.WriteString("<title>" + title + "</title>\n<style>" + css + "</style>\n</head>\n<body>\n")
	b.WriteString(file(bodyFile))
	b.WriteString("<script>" + js + "</script>\n</body>\n</html>\n")
	csp := "default-src 'none'; script-src " + hashSource(js) + "; style-src " + hashSource(css) +
		"; connect-src 'self'; media-src 'self' blob: mediastream:; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
	return httpapi.Page{ContentType: "text/html; charset=utf-8", Body: b.String(), Headers: map[string]string{
		"Content-Security-Policy": csp,
		// The token is in the URL: no caching, no referrer, no framing.
		"Cache-Control":          "no-store",
		"Referrer-Policy":        "no-referrer",
		"X-Content-Type-Options": "nosniff",
		"Permissions-Policy":     "camera=(self), microphone=(self), geolocation=()",
	}}
}

// hashSource is a CSP source admitting s by its SHA-256.
func hashSource(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// errorPage is what a browser that opened a page with a link that does
// not work is shown: a heading, the error's details and the trace id to
// quote, under the pages' style and a policy that admits no script.
func errorPage(e *apperr.Error, trace string) httpapi.Page {
	css := file("style.css")
	heading := "The call page cannot be shown"
	if e.Status() == http.StatusUnauthorized {
		heading = "This call link does not work"
	}
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<meta name=\"referrer\" content=\"no-referrer\">\n")
	b.WriteString("<title>" + heading + "</title>\n<style>" + css + "</style>\n</head>\n<body>\n<main>\n")
	b.WriteString("<h1>" + heading + "</h1>\n<p id=\"status\" role=\"status\">" + html.EscapeString(e.Details) + "</p>\n")
	b.WriteString("<p>Reference: <code>" + html.EscapeString(trace) + "</code></p>\n</main>\n</body>\n</html>\n")
	return httpapi.Page{ContentType: "text/html; charset=utf-8", Body: b.String(), Headers: map[string]string{
		"Content-Security-Policy": "default-src 'none'; style-src " + hashSource(css) + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
		"Cache-Control":           "no-store",
		"Referrer-Policy":         "no-referrer",
		"X-Content-Type-Options":  "nosniff",
	}}
}

// wantsHTML reports whether an Accept header asks for HTML (a browser
// navigating to a page does; fetch, curl and the API's clients send
// */* or application/json and keep the envelope).
func wantsHTML(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		media, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(media), "text/html") {
			continue
		}
		for _, p := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(p, "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				if q, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && q == 0 {
					return false
				}
			}
		}
		return true
	}
	return false
}

// The pages, built once per process.
var (
	userPage     = page("Your call", "user.html", "user.js")
	providerPage = page("Incoming calls", "provider.html", "provider.js")
)
