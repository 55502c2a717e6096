package callapi

import (
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"strings"

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
	hash := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	b.WriteString("<meta name=\"referrer\" content=\"no-referrer\">\n")
	b.WriteString("<title>" + title + "</title>\n<style>" + css + "</style>\n</head>\n<body>\n")
	b.WriteString(file(bodyFile))
	b.WriteString("<script>" + js + "</script>\n</body>\n</html>\n")
	csp := "default-src 'none'; script-src " + hash(js) + "; style-src " + hash(css) +
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

// The pages, built once per process.
var (
	userPage     = page("Your call", "user.html", "user.js")
	providerPage = page("Incoming calls", "provider.html", "provider.js")
)
