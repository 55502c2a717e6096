// Command infra is the CDK app of the service: `cdk synth` and `cdk deploy`
// run it (see cdk.json). It builds one stack from the route table in
// internal/routes and checks it with cdk-nag's AWS Solutions rules, whose
// unsuppressed errors fail the synth.
package main

import (
	"fmt"
	"os"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/jsii-runtime-go"
	"github.com/cdklabs/cdk-nag-go/cdknag/v2"
)

func main() {
	err := run()
	jsii.Close()
	if err != nil {
		fmt.Fprintln(os.Stderr, "infra:", err)
		os.Exit(1)
	}
}

func run() error {
	app := awscdk.NewApp(nil)
	awscdk.Aspects_Of(app).Add(cdknag.NewAwsSolutionsChecks(&cdknag.NagPackProps{Verbose: jsii.Bool(true)}), nil)
	name, err := contextString(app.Node(), CtxStackName, contextDefaults[CtxStackName].(string))
	if err != nil {
		return err
	}
	if name == "" {
		return fmt.Errorf("context %s must not be empty", CtxStackName)
	}
	if _, err := NewServiceStack(app, name, &ServiceStackProps{
		StackProps: awscdk.StackProps{
			Description: jsii.String("Business messaging, template and call service (svc)"),
		},
	}); err != nil {
		return err
	}
	app.Synth(nil)
	return nil
}
