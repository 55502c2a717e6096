// Command svc-local runs the service on the local emulators and performs
// operator actions on it; the Makefile's run, key, revoke, admin and
// receiver targets call it.
//
//	svc-local run                          serve on 127.0.0.1:$PORT until Ctrl-C
//	svc-local key -zba ID -scopes A,B      mint a key (creates the ZBA); prints it last
//	svc-local revoke -key KEY              revoke a key (the key or its id); flushes make run's authorizer cache
//	svc-local webhook -zba ID -url URL     subscribe a callback; prints the signing secret last
//	svc-local provider -zba ID -id P -name N -skills A,B -languages en,fr (-address "City, Country" | -lat X -lon Y)
//	                                       put a provider of the call directory; prints its page link last
//	svc-local admin '{"action":...}'       any admin event, printed as JSON
//	svc-local receiver -port 8081 [-verify-token T] [-secret S]
//	                                       a webhook callback on 127.0.0.1 that prints deliveries
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"svc/internal/local/devstack"
	"svc/internal/local/emulators"
	"svc/internal/local/webhookreceiver"
	"svc/internal/transport/admin"
)

func main() {
	if len(os.Args) < 2 {
		fail(fmt.Errorf("usage: svc-local run|key|revoke|webhook|inbound|provider|admin|receiver [flags]"))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if os.Args[1] == "receiver" { // needs no emulators
		receive(ctx, os.Args[2:])
		return
	}
	local, err := localFromEnv()
	if err != nil {
		fail(err)
	}
	cmd, args := os.Args[1], os.Args[2:]
	if cmd == "run" {
		if err := devstack.Run(ctx, local, os.Stdout); err != nil {
			fail(err)
		}
		return
	}
	if cmd == "inbound" {
		inbound(ctx, local, args)
		return
	}
	ev, err := event(cmd, args)
	if err != nil {
		fail(err)
	}
	res, err := devstack.Invoke(ctx, local, ev)
	if err != nil {
		fail(err)
	}
	out, _ := json.MarshalIndent(res, "", "  ")
	fmt.Println(string(out))
	switch { // the last line: easy to capture in scripts
	case res.Key != "":
		fmt.Println(res.Key)
	case res.SigningSecret != "":
		fmt.Println(res.SigningSecret)
	case res.ProviderURL != "":
		fmt.Println(res.ProviderURL)
	case res.Note != "": // a revocation: whether make run's gateway cache was flushed
		fmt.Println(res.Note)
	}
}

// inbound has the network simulator deliver a user's message to a sender
// through make run's inbound queue, and prints what it published.
func inbound(ctx context.Context, local devstack.Local, args []string) {
	fs := flag.NewFlagSet("inbound", flag.ContinueOnError)
	phone := fs.String("phone", "", "the sender's phone number id the message is sent to")
	from := fs.String("from", "", "the user's number, E.164 digits")
	text := fs.String("text", "", "the message's text")
	name := fs.String("name", "", "the user's profile name (contacts[].profile.name), if any")
	if err := fs.Parse(args); err != nil {
		fail(err)
	}
	body, err := devstack.Inbound(ctx, local, *phone, *from, *name, *text)
	if err != nil {
		fail(err)
	}
	fmt.Println("published onto the inbound queue (the SNS notification End User Messaging Social would send):")
	fmt.Println(string(body))
}

// receive serves a webhook receiver on 127.0.0.1 until Ctrl-C.
func receive(ctx context.Context, args []string) {
	fs := flag.NewFlagSet("receiver", flag.ContinueOnError)
	port := fs.Int("port", 8081, "port on 127.0.0.1")
	token := fs.String("verify-token", "", "the verify token make webhook is given (empty: any)")
	secret := fs.String("secret", "", "the signing secret make webhook printed (empty: signatures not checked)")
	if err := fs.Parse(args); err != nil {
		fail(err)
	}
	r, err := webhookreceiver.New(*token, *secret, os.Stdout)
	if err != nil {
		fail(err)
	}
	if err := webhookreceiver.Serve(ctx, fmt.Sprintf("127.0.0.1:%d", *port), r); err != nil {
		fail(err)
	}
}

// event builds the admin event of an operator command.
func event(cmd string, args []string) (admin.Event, error) {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	var ev admin.Event
	switch cmd {
	case "key":
		zba := fs.String("zba", "", "ZBA id (created when missing)")
		scopes := fs.String("scopes", "", "comma-separated scopes")
		expires := fs.Duration("expires-in", 0, "optional lifetime, e.g. 720h; without it the key never expires")
		if err := fs.Parse(args); err != nil {
			return ev, err
		}
		ev = admin.Event{Action: admin.ActionMintKey, ZBAID: *zba, Scopes: []string{*scopes}, CreateZBA: true}
		// Any lifetime given becomes an expiry, so that mint_key refuses
		// one that is not positive (an expiry not in the future), as it
		// refuses such an expires_at, rather than minting a key that never
		// expires.
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "expires-in" {
				at := time.Now().Add(*expires).UTC()
				ev.ExpiresAt = &at
			}
		})
	case "revoke":
		key := fs.String("key", "", "the key, or its id")
		if err := fs.Parse(args); err != nil {
			return ev, err
		}
		ev = admin.Event{Action: admin.ActionRevokeKey, Key: *key}
	case "webhook":
		zba := fs.String("zba", "", "ZBA id")
		u := fs.String("url", "", "callback URL")
		token := fs.String("verify-token", "", "verify token the callback expects (generated when empty)")
		fields := fs.String("fields", "", "comma-separated webhook fields to receive, e.g. messages (empty: every field)")
		if err := fs.Parse(args); err != nil {
			return ev, err
		}
		ev = admin.Event{Action: admin.ActionSetWebhook, ZBAID: *zba, URL: *u, VerifyToken: *token, Fields: list(*fields)}
	case "provider":
		zba := fs.String("zba", "", "ZBA id")
		id := fs.String("id", "", "provider id")
		name := fs.String("name", "", "display name")
		skills := fs.String("skills", "", "comma-separated skills")
		languages := fs.String("languages", "", "comma-separated language tags")
		description := fs.String("description", "", "what the provider helps with")
		address := fs.String("address", "", `"City, Country", when -lat and -lon are not given`)
		lat := fs.String("lat", "", "latitude")
		lon := fs.String("lon", "", "longitude")
		if err := fs.Parse(args); err != nil {
			return ev, err
		}
		ev = admin.Event{Action: admin.ActionPutProvider, ZBAID: *zba, ProviderID: *id, Name: *name,
			Skills: list(*skills), Languages: list(*languages), Description: *description, Address: *address}
		if *lat != "" || *lon != "" {
			la, err1 := strconv.ParseFloat(*lat, 64)
			lo, err2 := strconv.ParseFloat(*lon, 64)
			if err1 != nil || err2 != nil {
				return ev, fmt.Errorf("-lat and -lon must both be numbers")
			}
			ev.Location = &admin.Location{Latitude: la, Longitude: lo}
		}
	case "admin":
		if len(args) != 1 {
			return ev, fmt.Errorf("usage: svc-local admin '<json event>'")
		}
		dec := json.NewDecoder(strings.NewReader(args[0]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ev); err != nil {
			return ev, fmt.Errorf("admin event: %w", err)
		}
	default:
		return ev, fmt.Errorf("unknown command %q (run, key, revoke, webhook, inbound, provider, admin, receiver)", cmd)
	}
	return ev, nil
}

// list splits a comma list, dropping blanks.
func list(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// localFromEnv reads PORT, DDB_PORT, SQS_PORT and EMU_HOME.
func localFromEnv() (devstack.Local, error) {
	root, err := emulators.RepoRoot()
	if err != nil {
		return devstack.Local{}, err
	}
	l := devstack.Local{Root: root, Home: emulators.DefaultHome(root)}
	for _, p := range []struct {
		env string
		dst *int
		def int
	}{{"PORT", &l.Port, devstack.DefaultPort}, {"DDB_PORT", &l.DDBPort, devstack.DefaultDDBPort}, {"SQS_PORT", &l.SQSPort, devstack.DefaultSQSPort}} {
		*p.dst = p.def
		if v := os.Getenv(p.env); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n <= 0 || n > 65535 {
				return l, fmt.Errorf("%s=%q is not a port", p.env, v)
			}
			*p.dst = n
		}
	}
	return l, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "svc-local:", err)
	os.Exit(1)
}
