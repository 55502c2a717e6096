// Command gen writes the OpenAPI document built from the route table
// (make openapi).
package main

import (
	"flag"
	"fmt"
	"os"

	"svc/internal/transport/httpapi/openapi/spec"
)

func main() {
	out := flag.String("out", "internal/transport/httpapi/openapi/openapi.json", "where to write the document")
	flag.Parse()
	if missing := spec.Missing(); len(missing) > 0 {
		fmt.Fprintf(os.Stderr, "openapi: no schemas written for %v (internal/transport/httpapi/openapi/spec): generic bodies used\n", missing)
	}
	if err := os.WriteFile(*out, spec.Build(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "openapi:", err)
		os.Exit(1)
	}
}
