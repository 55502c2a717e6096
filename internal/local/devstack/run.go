package devstack

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/local/emulators"
	"svc/internal/local/netsim"
	"svc/internal/platform/config"
	"svc/internal/platform/logging"
	"svc/internal/transport/admin"
)

// Local defaults: the names the local stack gives things, and its ports.
const (
	LocalTable       = "svc-local"
	LocalQueuePrefix = "svc-local-"
	DevZBA           = "dev"
	DefaultPort      = 8080
	DefaultDDBPort   = 8000
	DefaultSQSPort   = 4566
)

// Local says where the local stack lives.
type Local struct {
	// Root is the repository root; Home the emulators' install folder.
	Root, Home string
	Port       int
	DDBPort    int
	SQSPort    int
	// Table and QueuePrefix name the table and queues; "" means LocalTable
	// and LocalQueuePrefix (tests give their own).
	Table, QueuePrefix string
}

func (l Local) table() string {
	if l.Table == "" {
		return LocalTable
	}
	return l.Table
}

func (l Local) queuePrefix() string {
	if l.QueuePrefix == "" {
		return LocalQueuePrefix
	}
	return l.QueuePrefix
}

// DataDir is where DynamoDB Local keeps the local stack's data, so keys
// minted with make key survive restarts of make run.
func (l Local) DataDir() string { return filepath.Join(l.Home, "data") }

func (l Local) runDir() string { return filepath.Join(l.Home, "run") }

// Run starts the emulators and the gateway on 127.0.0.1, mints a dev key,
// prints how to call the API, and serves until ctx ends; then it stops
// everything it started.
func Run(ctx context.Context, l Local, out io.Writer) error {
	if err := os.MkdirAll(l.runDir(), 0o755); err != nil {
		return err
	}
	emuLog, err := os.Create(filepath.Join(l.runDir(), "emulators.log"))
	if err != nil {
		return err
	}
	defer emuLog.Close()
	fmt.Fprintln(out, "starting DynamoDB Local and the SQS emulator (first run installs them) ...")
	emu, err := emulators.Start(ctx, l.Root, emulators.Options{Home: l.Home, DynamoPort: l.DDBPort, SQSPort: l.SQSPort,
		DataDir: l.DataDir(), Log: emuLog})
	if err != nil {
		return fmt.Errorf("start emulators (log: %s): %w", emuLog.Name(), err)
	}
	defer emu.Stop()

	fmt.Fprintln(out, "warming them up (their JITs compile the write paths; a burst of requests right after the start met 503s) ...")
	if ws, err := Warm(ctx, emu.DynamoEndpoint, emu.SQSEndpoint, LocalQueuePrefix, WarmFor); err != nil {
		fmt.Fprintln(out, "warm-up stopped early (serving anyway):", err)
	} else {
		fmt.Fprintf(out, "warm: %d rounds in %s, a transaction %s at first, %s at the end\n", ws.Rounds, ws.Elapsed.Round(time.Millisecond), ws.FirstTenth.Round(time.Millisecond), ws.LastTen.Round(time.Millisecond))
	}
	master, err := l.masterKey()
	if err != nil {
		return err
	}
	control, controlURL, err := ListenControl()
	if err != nil {
		return err
	}
	defer control.Close()
	st, err := Open(ctx, Options{Getenv: localDefaults(os.Getenv), DynamoEndpoint: emu.DynamoEndpoint, SQSEndpoint: emu.SQSEndpoint,
		TableName: l.table(), QueuePrefix: l.queuePrefix(), WebhookMasterKey: master, Log: logging.New(out, 0),
		BaseURL: fmt.Sprintf("http://127.0.0.1:%d", l.Port), RecipientTiming: netsim.DefaultTiming, GatewayControl: controlURL})
	if err != nil {
		return err
	}
	minted, err := st.Admin(ctx, admin.Event{Action: admin.ActionMintKey, ZBAID: DevZBA, CreateZBA: true,
		Scopes: scopeNames(auth.AllScopes)})
	if err != nil {
		return err
	}
	if err := st.RunSchedules(ctx); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", l.Port))
	if err != nil {
		return fmt.Errorf("listen on port %d (set PORT to use another): %w", l.Port, err)
	}
	srv := &http.Server{Handler: st.Gateway, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(st.Gateway.Listener(ln)) }()
	stopControl, err := st.ServeControl(l, control)
	if err != nil {
		_ = srv.Close()
		return err
	}
	defer stopControl()
	consumed := make(chan error, 1)
	go func() {
		if err := st.RunConsumers(ctx); err != nil {
			consumed <- err
		}
	}()

	base := "http://" + ln.Addr().String()
	fmt.Fprintf(out, `
svc is running locally (Ctrl-C stops it and the emulators)
  base URL   %s
  DynamoDB   %s  table %s (data in %s)
  SQS        %s  queues %s*
  dev ZBA    %s
  control    %s  the gateway control listener (loopback, not part of the API):
             make revoke flushes the authorizer cache here, as revoke_key flushes the stage's in AWS

  export KEY=<the key below>
  curl -s %s/versions
  curl -s -H "Authorization: Bearer $KEY" %s/business/v1.0/%s/message_templates
  curl -s -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
    -d '{"name":"hello","language":"en_US","category":"UTILITY","components":[{"type":"BODY","text":"Your order has shipped."}]}' \
    %s/business/v1.0/%s/message_templates

dev key for ZBA %s, scopes %s:
%s
`, base, emu.DynamoEndpoint, l.table(), l.DataDir(), emu.SQSEndpoint, l.queuePrefix(), DevZBA, controlURL,
		base, base, DevZBA, base, DevZBA, DevZBA, strings.Join(minted.Scopes, ","), minted.Key)

	select {
	case <-ctx.Done():
	case err = <-served:
	case err = <-consumed:
	}
	fmt.Fprintln(out, "stopping ...")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(shutdownCtx)
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	if stopErr := emu.Stop(); err == nil {
		err = stopErr
	}
	return err
}

// LocalRequestBudget is make run's request budget (config.EnvRequestBudget)
// when the environment sets none. DynamoDB Local serves a burst far slower
// than DynamoDB does (60 concurrent creates on a 2-core machine: answers
// after 0.4 to 2 s, each create's calls queued behind the others'), so the
// deployed 1 s turned a client's burst into 503s; SVC_REQUEST_BUDGET=1s
// gives make run the deployed budget back.
const LocalRequestBudget = 5 * time.Second

// localDefaults is getenv with make run's defaults for what it leaves unset.
func localDefaults(getenv func(string) string) func(string) string {
	return func(name string) string {
		if v := getenv(name); v != "" || name != config.EnvRequestBudget {
			return v
		}
		return LocalRequestBudget.String()
	}
}

func scopeNames(scopes []auth.Scope) []string {
	out := make([]string, len(scopes))
	for i, s := range scopes {
		out[i] = string(s)
	}
	return out
}

// ListenControl listens on a free loopback port for a gateway's control
// plane (Stack.ServeControl) and returns the listener and its address, as
// Options.GatewayControl takes it.
func ListenControl() (net.Listener, string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", fmt.Errorf("listen for the gateway's control plane: %w", err)
	}
	return ln, "http://" + ln.Addr().String(), nil
}

// controlFile holds the address of make run's control listener, in its run
// folder, where operator commands (Invoke) find it.
func (l Local) controlFile() string { return filepath.Join(l.runDir(), "gateway-control") }

// ServeControl serves the stack's gateway control plane
// (localgw.Gateway.Control) on ln and records ln's address in l's run
// folder, so that a revocation made by another process (make revoke)
// flushes this gateway's authorizer cache. stop ends it and removes the
// record.
func (s *Stack) ServeControl(l Local, ln net.Listener) (stop func(), err error) {
	if err := os.MkdirAll(l.runDir(), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(l.controlFile(), []byte("http://"+ln.Addr().String()), 0o644); err != nil {
		return nil, err
	}
	srv := &http.Server{Handler: s.Gateway.Control(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return func() {
		_ = srv.Close()
		_ = os.Remove(l.controlFile())
	}, nil
}

// runningControl is the control listener of a running make run, or "" when
// none answers.
func (l Local) runningControl() string {
	b, err := os.ReadFile(l.controlFile())
	if err != nil {
		return ""
	}
	u := strings.TrimSpace(string(b))
	if !strings.HasPrefix(u, "http://127.0.0.1:") || !answers(u) {
		return ""
	}
	return u
}

// Invoke runs one admin action against the local stack's table: through
// the DynamoDB Local that make run started, or, when none answers, a
// temporary one on the same data folder. A revocation flushes the
// authorizer cache of make run's gateway when it runs.
func Invoke(ctx context.Context, l Local, ev admin.Event) (admin.Result, error) {
	endpoint := fmt.Sprintf("http://127.0.0.1:%d", l.DDBPort)
	// The admin function sends the events of the template quality actions to
	// the webhook queue, so it needs the SQS emulator too: that of make run
	// when it runs (its webhooks consumer then delivers them), else its own.
	sqsEndpoint := fmt.Sprintf("http://127.0.0.1:%d", l.SQSPort)
	if !answers(endpoint) || !answers(sqsEndpoint) {
		if err := os.MkdirAll(l.runDir(), 0o755); err != nil {
			return admin.Result{}, err
		}
		emuLog, err := os.Create(filepath.Join(l.runDir(), "emulators-admin.log"))
		if err != nil {
			return admin.Result{}, err
		}
		defer emuLog.Close()
		emu, err := emulators.Start(ctx, l.Root, emulators.Options{Home: l.Home, DataDir: l.DataDir(), Log: emuLog})
		if err != nil {
			return admin.Result{}, fmt.Errorf("start DynamoDB Local (log: %s): %w", emuLog.Name(), err)
		}
		defer emu.Stop()
		endpoint, sqsEndpoint = emu.DynamoEndpoint, emu.SQSEndpoint
	}
	master, err := l.masterKey()
	if err != nil {
		return admin.Result{}, err
	}
	// The base URL of make run, for the links admin prints (a provider's page).
	st, err := Open(ctx, Options{DynamoEndpoint: endpoint, SQSEndpoint: sqsEndpoint, TableName: l.table(),
		QueuePrefix: l.queuePrefix(), WebhookMasterKey: master, Log: logging.New(io.Discard, 0),
		BaseURL: fmt.Sprintf("http://127.0.0.1:%d", l.Port), GatewayControl: l.runningControl()})
	if err != nil {
		return admin.Result{}, err
	}
	return st.Admin(ctx, ev)
}

// Inbound delivers a user's text message from the number from (with the
// profile name the user set, "" for none) to the sender phoneID as the
// network would: the network simulator publishes it,
// in End User Messaging Social's SNS envelope, onto the inbound queue of
// the running make run, whose inbound consumer opens the window, records
// STOP or START and forwards it to the ZBA's webhook. It returns the queue
// body it published. make run must be running (its queue and consumer).
func Inbound(ctx context.Context, l Local, phoneID, from, name, text string) ([]byte, error) {
	endpoint := fmt.Sprintf("http://127.0.0.1:%d", l.DDBPort)
	sqsEndpoint := fmt.Sprintf("http://127.0.0.1:%d", l.SQSPort)
	if !answers(endpoint) || !answers(sqsEndpoint) {
		return nil, fmt.Errorf("make run is not running (nothing answers at %s and %s): start it first, the message goes to its inbound queue",
			endpoint, sqsEndpoint)
	}
	master, err := l.masterKey()
	if err != nil {
		return nil, err
	}
	st, err := Open(ctx, Options{DynamoEndpoint: endpoint, SQSEndpoint: sqsEndpoint, TableName: l.table(),
		QueuePrefix: l.queuePrefix(), WebhookMasterKey: master, Log: logging.New(io.Discard, 0)})
	if err != nil {
		return nil, err
	}
	return st.Recipients.Write(ctx, phoneID, from, name, text)
}

// masterKey is the local stack's one signing key, standing for every
// secret of routes.Secrets: made once, kept in the emulators' folder
// (readable by the owner only), so signing secrets stay the same across
// restarts of make run.
func (l Local) masterKey() ([]byte, error) {
	path := filepath.Join(l.Home, "webhook-master.key")
	if b, err := os.ReadFile(path); err == nil && len(b) >= config.MinMasterKeyLength {
		return b, nil
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	key := []byte(base64.RawURLEncoding.EncodeToString(raw))
	if err := os.MkdirAll(l.Home, 0o755); err != nil {
		return nil, err
	}
	return key, os.WriteFile(path, key, 0o600)
}

// answers reports whether something serves HTTP at the endpoint.
func answers(endpoint string) bool {
	c := http.Client{Timeout: time.Second}
	resp, err := c.Get(endpoint)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return true
}
