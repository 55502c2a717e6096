// Command emulators installs the local AWS emulators, or runs a pair by hand; it is a thin shell
// over package emulators, which does the work.
//
//	emulators install    install the pinned DynamoDB Local, Node and fauxqs into the home
//	                     (make emulators; make run and make test depend on it)
//	emulators start      install if needed, run both in the foreground on 127.0.0.1 until
//	                     Ctrl-C or SIGTERM, then stop them
//
// start's flags: -dynamodb-port (default 8000), -sqs-port (default 4566), -data DIR (DynamoDB
// Local persists there instead of in memory). The home is .localstack-home at the repository
// root, or $EMU_HOME.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"svc/internal/local/emulators"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "emulators:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: emulators install | start [-dynamodb-port N] [-sqs-port N] [-data DIR]")
	}
	root, err := emulators.RepoRoot()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch args[0] {
	case "install":
		if len(args) > 1 {
			return fmt.Errorf("install takes no arguments")
		}
		return emulators.Install(ctx, root, "")
	case "start":
		fs := flag.NewFlagSet("start", flag.ContinueOnError)
		ddbPort := fs.Int("dynamodb-port", 8000, "DynamoDB Local port on 127.0.0.1 (0: any free port)")
		sqsPort := fs.Int("sqs-port", 4566, "fauxqs port on 127.0.0.1 (0: any free port)")
		data := fs.String("data", "", "directory DynamoDB Local persists to (default: in memory)")
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if fs.NArg() > 0 {
			return fmt.Errorf("start: unexpected arguments %v", fs.Args())
		}
		r, err := emulators.Start(ctx, root, emulators.Options{DynamoPort: *ddbPort, SQSPort: *sqsPort, DataDir: *data, Log: os.Stderr})
		if err != nil {
			return err
		}
		fmt.Printf("AWS_ENDPOINT_URL_DYNAMODB=%s\nAWS_ENDPOINT_URL_SQS=%s\n", r.DynamoEndpoint, r.SQSEndpoint)
		fmt.Fprintln(os.Stderr, "emulators: running; Ctrl-C stops both")
		<-ctx.Done()
		began := time.Now()
		err = r.Stop()
		fmt.Fprintf(os.Stderr, "emulators: stopped in %v\n", time.Since(began).Round(time.Millisecond))
		return err
	}
	return fmt.Errorf("unknown command %q: want install or start", args[0])
}
