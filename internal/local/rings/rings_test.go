package rings_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"svc/internal/routes"
)

const module = "svc/"

// ring names the ring of a package of this module by its folder.
func ring(pkg string) string {
	rel := strings.TrimPrefix(pkg, module)
	switch {
	case strings.HasPrefix(rel, "functions/"):
		return "function"
	case rel == "internal/routes":
		return "routes"
	case rel == "internal/wire" || strings.HasPrefix(rel, "internal/wire/"):
		return "wire"
	case strings.HasPrefix(rel, "internal/"):
		parts := strings.SplitN(rel, "/", 3)
		if len(parts) >= 2 {
			return parts[1]
		}
	}
	return rel
}

// forbidden says, for each ring, the rings of this module it must not
// import, and why.
var forbidden = map[string]map[string]string{
	"feature": {
		"adapter":   "the domain reaches adapters through interfaces it declares",
		"transport": "the domain knows no event shapes",
		"wire":      "the domain is wired, it does not wire",
		"local":     "local code is never linked into a Lambda",
	},
	"platform": {
		"feature":   "platform helpers have no domain knowledge",
		"adapter":   "platform helpers have no domain knowledge",
		"transport": "platform helpers have no domain knowledge",
		"wire":      "platform helpers have no domain knowledge",
		"local":     "local code is never linked into a Lambda",
		"routes":    "platform helpers have no domain knowledge",
	},
	"adapter": {
		"transport": "adapters serve the domain, not the transports",
		"wire":      "adapters are wired, they do not wire",
		"local":     "local code is never linked into a Lambda",
	},
	"transport": {
		"adapter": "transports call the domain, which reaches adapters through its interfaces",
		"wire":    "transports are wired, they do not wire",
		"local":   "local code is never linked into a Lambda",
	},
	"routes": {
		"adapter":   "the route table is data; infra reads it without the SDK",
		"transport": "the route table is data",
		"wire":      "the route table is data",
		"local":     "local code is never linked into a Lambda",
	},
	"wire": {
		"local": "local code is never linked into a Lambda",
	},
}

// goList runs go list in the module root and returns its lines.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list"}, args...)...)
	cmd.Dir = filepath.Join("..", "..", "..")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %v: %v\n%s", args, err, stderr.String())
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

func TestRingsImportOnlyInward(t *testing.T) {
	for _, line := range goList(t, "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "./...") {
		fields := strings.Fields(line)
		pkg, imports := fields[0], fields[1:]
		from := ring(pkg)
		for _, imp := range imports {
			if strings.HasPrefix(imp, module) {
				if why, bad := forbidden[from][ring(imp)]; bad {
					t.Errorf("%s (%s) imports %s (%s): %s", pkg, from, imp, ring(imp), why)
				}
				continue
			}
			if from == "feature" && strings.HasPrefix(imp, "github.com/aws/") {
				t.Errorf("%s (feature) imports %s: the domain imports no AWS module", pkg, imp)
			}
			if (from == "transport" || from == "platform" || from == "routes" || from == "wire") && strings.HasPrefix(imp, "github.com/aws/aws-sdk-go-v2") {
				t.Errorf("%s (%s) imports %s: only adapters use the SDK (the wiring asks adapter/awsconf)", pkg, from, imp)
			}
		}
	}
}

// feature is the feature a package belongs to ("" if none).
func feature(pkg string) string {
	rel, ok := strings.CutPrefix(pkg, module+"internal/feature/")
	if !ok {
		return ""
	}
	return strings.SplitN(rel, "/", 2)[0]
}

// geocoderPkg is the offline geocoder, whose embedded table only the
// functions whose entry declares Geocodes may carry.
const geocoderPkg = module + "internal/platform/geo/gazetteer"

func TestFunctionsLinkOnlyWhatTheirEntryNames(t *testing.T) {
	// What the route table links (its scope vocabulary) every function links.
	shared := map[string]bool{}
	for _, dep := range goList(t, "-deps", "./internal/routes") {
		if f := feature(dep); f != "" {
			shared[f] = true
		}
	}
	for _, fn := range routes.Functions() {
		t.Run(fn.Name, func(t *testing.T) {
			deps := goList(t, "-deps", "./functions/"+fn.Name)
			linked := map[string][]string{}
			for _, dep := range deps {
				if ring(dep) == "local" {
					t.Errorf("links %s: local code is never linked into a Lambda", dep)
				}
				if f := feature(dep); f != "" && !shared[f] && !slices.Contains(fn.Features, f) {
					linked[f] = append(linked[f], dep)
				}
			}
			for f, pkgs := range linked {
				t.Errorf("links feature %s (%s), which its route table entry does not name (Features: %v)",
					f, strings.Join(pkgs, ", "), fn.Features)
			}
			if geocoder := slices.Contains(deps, geocoderPkg); geocoder && !fn.Geocodes {
				t.Errorf("links %s and its embedded table, but its entry does not declare Geocodes", geocoderPkg)
			} else if !geocoder && fn.Geocodes {
				t.Errorf("its entry declares Geocodes, but it does not link %s: drop the declaration", geocoderPkg)
			}
			sdk := slices.ContainsFunc(deps, func(d string) bool { return strings.HasPrefix(d, "github.com/aws/aws-sdk-go-v2/") })
			if needsAWS := fn.UsesTable() || len(fn.QueueNames()) > 0 || len(fn.Secrets) > 0 || fn.Network; sdk && !needsAWS {
				t.Error("links the AWS SDK, but its entry declares nothing in AWS")
			}
		})
	}
}

func TestRingOfEveryPackageIsKnown(t *testing.T) {
	known := map[string]bool{"function": true, "routes": true, "wire": true, "feature": true, "adapter": true,
		"transport": true, "platform": true, "local": true}
	for _, pkg := range goList(t, "./...") {
		r := ring(pkg)
		if !known[r] && !strings.HasPrefix(pkg, module+"infra") && !strings.HasPrefix(pkg, module+"localstack") {
			t.Errorf("%s is in no ring (%s): put it under internal/{feature,adapter,transport,platform,local}", pkg, r)
		}
	}
	if testing.Verbose() {
		fmt.Println("rings checked")
	}
}
