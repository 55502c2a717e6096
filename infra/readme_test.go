package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/aws/jsii-runtime-go"

	"svc/internal/routes"
)

// readmeSection is the text of README.md from heading to the next heading
// of the same level.
func readmeSection(t *testing.T, heading string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("README.md has no %q", heading)
	}
	level := heading[:strings.Index(heading, " ")+1]
	if i := strings.Index(rest, "\n"+level); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// TestReadmeDeploySection holds "Deploy to AWS" to what the stack creates:
// every function and queue of the route table, every output, every context
// key and every admin action is named there.
func TestReadmeDeploySection(t *testing.T) {
	f := serviceStack(t)
	text := readmeSection(t, "## Deploy to AWS")
	code := func(what, name string) {
		if !strings.Contains(text, "`"+name+"`") {
			t.Errorf("Deploy to AWS does not name %s `%s`", what, name)
		}
	}
	for _, fn := range routes.Functions() {
		code("function", fn.Name)
	}
	for _, q := range routes.Queues {
		code("queue", q.Name)
	}
	for key := range contextDefaults {
		code("context key", key)
	}
	outputs := f.tpl.FindOutputs(jsii.String("*"), nil)
	if outputs == nil || len(*outputs) == 0 {
		t.Fatal("the template has no outputs")
	}
	for id := range *outputs {
		// CDK's RestApi adds an output of its own, named with a hash.
		if name, ok := strings.CutPrefix(id, "ApiEndpoint"); ok && len(name) == 8 {
			id = "ApiEndpoint…"
		}
		if !strings.Contains(text, "**"+id+"**") {
			t.Errorf("Deploy to AWS does not list output **%s**", id)
		}
	}
	admin, err := os.ReadFile(filepath.Join("..", "internal", "transport", "admin", "admin.go"))
	if err != nil {
		t.Fatal(err)
	}
	actions := regexp.MustCompile(`(?m)^\s*Action\w+\s*=\s*"(\w+)"`).FindAllStringSubmatch(string(admin), -1)
	if len(actions) < 17 {
		t.Fatalf("found %d admin actions in admin.go, want the 17 it had when this test was written", len(actions))
	}
	for _, a := range actions {
		code("admin action", a[1])
	}
}

// TestReadmeAlarms holds "Metrics and alarms" to the stack's alarms: each
// alarm's id is named, with the queue, schedule, consumer or group it
// repeats for written <queue>, <schedule>, <consumer> and <n>.
func TestReadmeAlarms(t *testing.T) {
	f := serviceStack(t)
	text := readmeSection(t, "## Metrics and alarms")
	var ids []string
	for _, c := range *f.stack.Node().Children() {
		if id := *c.Node().Id(); strings.HasSuffix(id, "-alarm") {
			ids = append(ids, id)
		}
	}
	if len(ids) < 10 {
		t.Fatalf("found alarms %v, want every alarm of the stack", ids)
	}
	for _, id := range ids {
		named := id
		for _, q := range routes.Queues {
			if rest, ok := strings.CutPrefix(id, q.Name+"-"); ok && (rest == "dlq-alarm" || rest == "age-alarm") {
				named = "<queue>-" + rest
			}
		}
		for _, sc := range routes.Schedules {
			if id == sc.Name+"-errors-alarm" {
				named = "<schedule>-errors-alarm"
			}
		}
		for _, c := range routes.Consumers {
			if id == c.Name+"-duration-alarm" {
				named = "<consumer>-duration-alarm"
			}
		}
		named = regexp.MustCompile(`^throttles-\d+-alarm$`).ReplaceAllString(named, "throttles-<n>-alarm")
		if !strings.Contains(text, "`"+named+"`") {
			t.Errorf("Metrics and alarms does not name alarm %s (as `%s`)", id, named)
		}
	}
}
