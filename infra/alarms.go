package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigateway"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatch"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatchactions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awskms"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssns"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssnssubscriptions"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/feature/template"
	"svc/internal/platform/metrics"
	"svc/internal/routes"
)

// alarmPeriod is the window every alarm evaluates.
const alarmPeriod = 5 * time.Minute

// dlqArrivals is the messages that arrived in a DLQ in a period: those
// sent to it, or the rise of those it holds (visible or in flight, each
// missing value a 0).
const dlqArrivals = "MAX([sent, DIFF(FILL(visible, 0) + FILL(notVisible, 0))])"

// api5xxThreshold is how many 5xx answers in one period page someone: a
// lone one can be a transient throttle the client retries, five in one
// period are a fault worth a look.
const api5xxThreshold = 5

// newAlarms creates the alarm topic and the alarms that feed it: messages
// arriving in any DLQ (work that will not be retried), a work queue whose oldest
// message is older than its retries can explain (its consumer is not
// keeping up, or not running), a queue consumer running near its timeout,
// any function throttled, the network's
// events not reaching the inbound queue, server errors of the API and
// their rate among the functions' answers, errors of the authorizer, a
// key revocation that could not flush the authorizer cache, scheduled
// functions failing most runs, and, when the stack has a web ACL
// (wafRateLimit), requests its rate rule blocked. The authorizer answers a bad key
// with a Deny, never an error, so any error is a fault, and every
// protected route fails with it.
//
// A webhook event given up on is paged once, by its DLQ's alarm: the
// webhooks consumer dead-letters it itself, and the DLQ alarm also covers
// the events dead-lettered after routes.MaxReceiveCount receives; it pages
// again for each period in which more arrive. The WebhookGiveUps metric stays on
// the dashboard, without an alarm of its own that would page again.
func newAlarms(scope constructs.Construct, s settings, queues map[string]serviceQueue, api awsapigateway.RestApi,
	fns map[string]awslambda.Function, events awssns.Topic) awssns.Topic {
	authorizer := fns[routes.Authorizer.Name]
	topic := newAlarmTopic(scope, s)
	action := awscloudwatchactions.NewSnsAction(topic)
	props := func(p *awscloudwatch.AlarmProps) *awscloudwatch.AlarmProps {
		p.EvaluationPeriods = jsii.Number(1)
		p.ComparisonOperator = awscloudwatch.ComparisonOperator_GREATER_THAN_OR_EQUAL_TO_THRESHOLD
		// No data means no traffic, which is not a failure.
		p.TreatMissingData = awscloudwatch.TreatMissingData_NOT_BREACHING
		return p
	}
	// paging are the alarms with the topic as their action, the sources
	// the topic's policy lets publish.
	var paging []awscloudwatch.IAlarm
	add := func(id string, p *awscloudwatch.AlarmProps) {
		p.AlarmName = alarmName(s, id)
		a := awscloudwatch.NewAlarm(scope, jsii.String(id), props(p))
		a.AddAlarmAction(action)
		paging = append(paging, a)
	}

	for _, q := range routes.Queues {
		sq := queues[q.Name]
		// Messages arriving, not messages waiting: an alarm on the DLQ's
		// depth stays in alarm while any wait, so a second failure pages
		// nobody. SQS counts in NumberOfMessagesSent the messages sent to
		// the DLQ (the webhooks consumer's own give-ups) but not those it
		// moves there after MaxReceiveCount receives; those show as a rise
		// in the messages it holds, visible or not: an operator viewing
		// them in the console makes them not visible, and their return
		// is no arrival. SQS reports the visible count only while the
		// queue is active (an idle empty DLQ has no datapoint to rise
		// from) and the not-visible count only while some are in flight,
		// so each missing value is a 0, filled before the sum.
		add(q.DLQName()+"-alarm", &awscloudwatch.AlarmProps{
			AlarmDescription: jsii.String(fmt.Sprintf("Messages of queue %s arrived in %s (failed %d times, or given up on): inspect them and redrive.",
				q.Name, q.DLQName(), routes.MaxReceiveCount)),
			Metric: awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
				Expression: jsii.String(dlqArrivals),
				UsingMetrics: &map[string]awscloudwatch.IMetric{
					"sent": sq.DLQ.MetricNumberOfMessagesSent(&awscloudwatch.MetricOptions{
						Period: duration(alarmPeriod), Statistic: jsii.String("Sum")}),
					"visible": sq.DLQ.MetricApproximateNumberOfMessagesVisible(&awscloudwatch.MetricOptions{
						Period: duration(alarmPeriod), Statistic: jsii.String("Maximum")}),
					"notVisible": sq.DLQ.MetricApproximateNumberOfMessagesNotVisible(&awscloudwatch.MetricOptions{
						Period: duration(alarmPeriod), Statistic: jsii.String("Maximum")}),
				},
				Label: jsii.String("Messages arrived"), Period: duration(alarmPeriod),
			}),
			Threshold: jsii.Number(1),
		})
		add(q.Name+"-age-alarm", &awscloudwatch.AlarmProps{
			AlarmDescription: jsii.String(fmt.Sprintf("The oldest message of queue %s waited %d minutes or more: more than its %d receives "+
				"take before it is dead-lettered, so %s is not consuming it (stopped, throttled or failing before it reports).",
				q.Name, int(queueAgeLimit(q).Minutes()), routes.MaxReceiveCount, q.Name)),
			Metric: sq.Queue.MetricApproximateAgeOfOldestMessage(&awscloudwatch.MetricOptions{
				Period: duration(alarmPeriod), Statistic: jsii.String("Maximum"),
			}),
			Threshold: jsii.Number(queueAgeLimit(q).Seconds()),
		})
	}
	for _, c := range routes.Consumers {
		// Maximum, not an average: one batch near the timeout is the one
		// to see, as the next slower one times out and is received whole
		// again (its deliveries made twice, webhooks sent twice).
		timeout := c.Spec().RunTimeout()
		add(c.Name+"-duration-alarm", &awscloudwatch.AlarmProps{
			AlarmDescription: jsii.String(fmt.Sprintf("An invocation of %s ran %d%% or more of its %d s timeout: a slower batch times out "+
				"and all of it is received again. Find what it waited on (for webhooks, receivers slow to answer).",
				c.Name, int(consumerDurationShare*100), int(timeout.Seconds()))),
			Metric: fns[c.Name].MetricDuration(&awscloudwatch.MetricOptions{
				Period: duration(alarmPeriod), Statistic: jsii.String("Maximum"),
			}),
			Threshold: jsii.Number(consumerDurationShare * float64(timeout.Milliseconds())),
		})
	}
	paging = append(paging, addThrottlesAlarm(scope, s, fns, props, action))
	add("network-events-failed-alarm", &awscloudwatch.AlarmProps{
		AlarmDescription: jsii.String("SNS failed to deliver events of End User Messaging Social to the inbound queue after its retries: " +
			"statuses and users' messages were lost. Check the inbound queue's policy and encryption."),
		Metric: events.MetricNumberOfNotificationsFailed(&awscloudwatch.MetricOptions{
			Period: duration(alarmPeriod), Statistic: jsii.String("Sum"),
		}),
		Threshold: jsii.Number(1),
	})
	add("api-5xx-alarm", &awscloudwatch.AlarmProps{
		AlarmDescription: jsii.String(fmt.Sprintf("The API answered %d or more 5xx in %d minutes.", api5xxThreshold, int(alarmPeriod.Minutes()))),
		Metric: api.MetricServerError(&awscloudwatch.MetricOptions{
			Period: duration(alarmPeriod), Statistic: jsii.String("Sum"),
		}),
		Threshold: jsii.Number(api5xxThreshold),
	})
	add("authorizer-errors-alarm", &awscloudwatch.AlarmProps{
		AlarmDescription: jsii.String("The authorizer failed; protected routes answer 503 until it recovers."),
		Metric: authorizer.MetricErrors(&awscloudwatch.MetricOptions{
			Period: duration(alarmPeriod), Statistic: jsii.String("Sum"),
		}),
		Threshold: jsii.Number(1),
	})
	// The service's own metrics (EMF records, package metrics), without
	// dimensions: the whole service. The rate counts only over enough
	// requests: one 5xx among a handful is a rate of its own, and below the
	// minimum the count alarm above speaks.
	add("api-5xx-rate-alarm", &awscloudwatch.AlarmProps{
		AlarmDescription: jsii.String(fmt.Sprintf("More than %g%% of the requests the functions answered in %d minutes were 5xx, over at least %d requests.",
			api5xxRate*100, int(alarmPeriod.Minutes()), api5xxRateMinRequests)),
		Metric: awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
			Expression: jsii.String(fmt.Sprintf("IF(requests >= %d, rate, 0)", api5xxRateMinRequests)),
			UsingMetrics: &map[string]awscloudwatch.IMetric{
				"rate":     serviceMetric(s, metrics.Status5xx, "Average", nil),
				"requests": serviceMetric(s, metrics.Requests, "Sum", nil),
			},
			Label:  jsii.String("5xx rate over enough requests"),
			Period: duration(alarmPeriod),
		}),
		Threshold: jsii.Number(api5xxRate),
	})
	// A revocation whose flush failed leaves the revoked key working until
	// the answer cached for it expires.
	add("authorizer-flush-failed-alarm", &awscloudwatch.AlarmProps{
		AlarmDescription: jsii.String(fmt.Sprintf("A key revocation could not flush the stage's authorizer cache: the revoked key keeps working "+
			"until the answer cached for it expires (%d s at most). Check the admin function's %s grant and log; revoking the key again retries the flush.",
			int(routes.AuthorizerCacheTTL.Seconds()), flushAuthorizersAction)),
		Metric: serviceMetric(s, metrics.AuthorizerCacheFlushes, "Sum",
			map[string]string{metrics.DimFunction: routes.Admin.Name, metrics.DimOutcome: metrics.OutcomeFailed}),
		Threshold: jsii.Number(1),
	})
	for _, sc := range routes.Schedules {
		// A scheduled run that fails is not retried; most runs of a period
		// failing means its work is not getting done.
		runs := int(alarmPeriod / sc.Every)
		add(sc.Name+"-errors-alarm", &awscloudwatch.AlarmProps{
			AlarmDescription: jsii.String(fmt.Sprintf("%s failed in more than half of its runs over %d minutes.", sc.Name, int(alarmPeriod.Minutes()))),
			Metric: fns[sc.Name].MetricErrors(&awscloudwatch.MetricOptions{
				Period: duration(alarmPeriod), Statistic: jsii.String("Sum"),
			}),
			Threshold: jsii.Number(float64(runs/2 + 1)),
		})
	}
	if s.WAFRateLimit > 0 {
		// Any block pages: the limit is meant to sit above every legitimate
		// source, so a block is a flood or a client the limit no longer fits.
		// The alarm returns to OK once a period passes without blocks.
		add("waf-blocked-alarm", &awscloudwatch.AlarmProps{
			AlarmDescription: jsii.String(fmt.Sprintf("The web ACL %s blocked requests of a source IP address that sent more than %d in %d minutes "+
				"(rule %s): a flood, or a legitimate client the limit does not fit (a busy sender on one address, many call pages behind one NAT). "+
				"See the web ACL's sampled requests in the WAF console; raise the context key %s if the source is legitimate.",
				webACLName(s), s.WAFRateLimit, int(wafWindow.Minutes()), wafRateRule, CtxWAFRateLimit)),
			Metric: awscloudwatch.NewMetric(&awscloudwatch.MetricProps{
				Namespace: jsii.String("AWS/WAFV2"), MetricName: jsii.String("BlockedRequests"),
				// A regional web ACL's metrics carry its region.
				DimensionsMap: &map[string]*string{
					"WebACL": jsii.String(webACLName(s)), "Rule": jsii.String(wafRateRule), "Region": awscdk.Aws_REGION(),
				},
				Statistic: jsii.String("Sum"), Period: duration(alarmPeriod),
			}),
			Threshold: jsii.Number(1),
		})
	}
	allowAlarms(topic, paging)
	return topic
}

// allowAlarms lets CloudWatch publish to the topic for the alarms given,
// those of this stack that page, and no other. The topic's policy, which
// CDK writes for EnforceSSL, replaces SNS's default policy, and CloudWatch
// publishes as its service principal, which no IAM policy of the account
// can grant: without this statement every alarm's notification is refused.
// The source conditions keep another account's or another stack's alarms
// (a confused deputy) from publishing through it.
func allowAlarms(topic awssns.Topic, alarms []awscloudwatch.IAlarm) {
	var arns []*string
	for _, a := range alarms {
		arns = append(arns, a.AlarmArn())
	}
	topic.AddToResourcePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Principals: &[]awsiam.IPrincipal{awsiam.NewServicePrincipal(jsii.String(cloudWatchPrincipal), nil)},
		Actions:    jsii.Strings("sns:Publish"),
		Resources:  &[]*string{topic.TopicArn()},
		Conditions: &map[string]any{
			"StringEquals": map[string]any{"aws:SourceAccount": awscdk.Stack_Of(topic).Account()},
			"ArnEquals":    map[string]any{"aws:SourceArn": arns},
		},
	}))
}

// cloudWatchPrincipal is the service principal CloudWatch alarms publish
// to SNS and use the topic's KMS key as.
const cloudWatchPrincipal = "cloudwatch.amazonaws.com"

// consumerDurationShare is the share of a queue consumer's timeout an
// invocation may run before it pages: at 90% the webhooks consumer (90 s)
// pages at 81 s, above the 75 s of a batch of five receivers each timing
// out at 15 s, which it is sized for.
const consumerDurationShare = 0.9

// alarmName is an alarm's physical name: the names the README uses
// (<queue>-dlq-alarm, api-5xx-alarm, ...) after the stack's name, which
// keeps two stacks' alarms apart in one account.
func alarmName(s settings, id string) *string { return jsii.String(s.StackName + "-" + id) }

// queueAgeLimit is the age of a queue's oldest message that pages: the
// longest a message that keeps failing stays before it is dead-lettered
// (each of its receives waits out the visibility timeout). Work being
// consumed is never older; webhook retries are new messages, so their age
// starts again.
func queueAgeLimit(q routes.Queue) time.Duration {
	return routes.MaxReceiveCount * q.VisibilityTimeout()
}

// maxAlarmMetrics is how many metrics one metric math alarm may read.
const maxAlarmMetrics = 10

// addThrottlesAlarm pages once when any function of the stack is throttled
// in a period. The stack reserves no concurrency, so a throttle means the
// account's regional pool (as low as 10 in a new account) or its burst is
// spent: requests fail and consumers fall behind. A math alarm reads at
// most maxAlarmMetrics metrics, so the functions' Throttles are summed in
// groups, each an alarm without action, and one composite alarm, in alarm
// when any group is, pages; it is returned.
func addThrottlesAlarm(scope constructs.Construct, s settings, fns map[string]awslambda.Function,
	props func(*awscloudwatch.AlarmProps) *awscloudwatch.AlarmProps, action awscloudwatch.IAlarmAction) awscloudwatch.IAlarm {
	var names []string
	for _, f := range routes.Functions() {
		names = append(names, f.Name)
	}
	var groups []awscloudwatch.IAlarm
	for i := 0; i < len(names); i += maxAlarmMetrics {
		group := names[i:min(i+maxAlarmMetrics, len(names))]
		using := map[string]awscloudwatch.IMetric{}
		var terms []string
		for j, name := range group {
			id := fmt.Sprintf("t%d", j)
			using[id] = fns[name].MetricThrottles(&awscloudwatch.MetricOptions{Period: duration(alarmPeriod), Statistic: jsii.String("Sum")})
			terms = append(terms, id)
		}
		n := len(groups) + 1
		id := fmt.Sprintf("throttles-%d-alarm", n)
		groups = append(groups, awscloudwatch.NewAlarm(scope, jsii.String(id), props(&awscloudwatch.AlarmProps{
			AlarmName:        alarmName(s, id),
			AlarmDescription: jsii.String(fmt.Sprintf("Functions %s were throttled (paged by throttles-alarm).", strings.Join(group, ", "))),
			Metric: awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
				// SUM of the list, not a + b: a function without data in a
				// period would leave a sum with a missing term empty.
				Expression: jsii.String("SUM([" + strings.Join(terms, ", ") + "])"), UsingMetrics: &using,
				Label: jsii.String("Throttles"), Period: duration(alarmPeriod),
			}),
			Threshold: jsii.Number(1),
		})))
	}
	var rules []awscloudwatch.IAlarmRule
	for _, g := range groups {
		rules = append(rules, awscloudwatch.AlarmRule_FromAlarm(g, awscloudwatch.AlarmState_ALARM))
	}
	composite := awscloudwatch.NewCompositeAlarm(scope, jsii.String("throttles-alarm"), &awscloudwatch.CompositeAlarmProps{
		CompositeAlarmName: alarmName(s, "throttles-alarm"),
		AlarmDescription: jsii.String("A function of the stack was throttled: the account's Lambda concurrency is spent. " +
			"Raise the account's concurrency quota or find the function that took it."),
		AlarmRule: awscloudwatch.AlarmRule_AnyOf(rules...),
	})
	composite.AddAlarmAction(action)
	return composite
}

// api5xxRateMinRequests is the fewest requests in a period over which the
// 5xx rate pages: at it, api5xxRate is api5xxThreshold answers, where the
// count alarm pages too (a test keeps the three so).
const api5xxRateMinRequests = 100

// api5xxRate is the share of 5xx answers (the mean of the per-request
// Status5xx flag) that pages someone.
const api5xxRate = 0.05

// serviceMetric is one of the service's EMF metrics over alarmPeriod, in
// the stack's own namespace.
func serviceMetric(s settings, name, statistic string, dims map[string]string) awscloudwatch.Metric {
	props := &awscloudwatch.MetricProps{Namespace: jsii.String(s.MetricsNamespace), MetricName: jsii.String(name),
		Statistic: jsii.String(statistic), Period: duration(alarmPeriod)}
	if len(dims) > 0 {
		m := map[string]*string{}
		for k, v := range dims {
			m[k] = jsii.String(v)
		}
		props.DimensionsMap = &m
	}
	return awscloudwatch.NewMetric(props)
}

// searchExpression is a SEARCH of the service's metric name in the stack's
// namespace under exactly the dimension set dims, each series with the
// statistic over alarmPeriod. The namespace is quoted: a SEARCH takes a
// name with characters beyond letters and digits (the "/", a stack name's
// "-") only in double quotes.
func searchExpression(s settings, name, statistic string, dims ...string) string {
	return fmt.Sprintf(`SEARCH('{"%s",%s} MetricName="%s"', '%s', %d)`,
		s.MetricsNamespace, strings.Join(dims, ","), name, statistic, int(alarmPeriod.Seconds()))
}

// newDashboard shows the service's metrics: each route's latency (p50,
// p95) and requests, the 5xx and 4xx rates, errors by code, rate-limited
// requests, webhook attempts by outcome and give-ups, review outcomes,
// dispatch outcomes and network latency, the network's events by outcome,
// and the queue age of the dispatch and inbound consumers.
func newDashboard(scope constructs.Construct, s settings) awscloudwatch.Dashboard {
	var p50, p95, requests []awscloudwatch.IMetric
	for _, r := range routes.All {
		if r.Variant != "" {
			continue // its function's graph is its first route's
		}
		fn := map[string]string{metrics.DimFunction: r.Name}
		p50 = append(p50, serviceMetric(s, metrics.Latency, "p50", fn))
		p95 = append(p95, serviceMetric(s, metrics.Latency, "p95", fn))
		requests = append(requests, serviceMetric(s, metrics.Requests, "Sum", fn))
	}
	// Errors are published by function and code (metrics.DimensionSets),
	// not by code alone: one search graphs each pair that had errors in
	// the last two weeks, where publishing a set by code too would add a
	// paid metric per code for the same picture.
	errCodes := []awscloudwatch.IMetric{awscloudwatch.NewSearchExpression(&awscloudwatch.SearchExpressionProps{
		Expression: jsii.String(searchExpression(s, metrics.Errors, "Sum", metrics.DimFunction, metrics.DimCode)),
		Label:      jsii.String(""), // each line by its function and code
		Period:     duration(alarmPeriod),
	})}
	graph := func(title string, left []awscloudwatch.IMetric) awscloudwatch.IWidget {
		return awscloudwatch.NewGraphWidget(&awscloudwatch.GraphWidgetProps{Title: jsii.String(title), Left: &left,
			Width: jsii.Number(12)})
	}
	// Each outcome metric is published by the one function that counts it,
	// under Function and Outcome, and read there.
	outcomes := func(name string, fn routes.Consumer, values ...string) []awscloudwatch.IMetric {
		var out []awscloudwatch.IMetric
		for _, v := range values {
			m := serviceMetric(s, name, "Sum", map[string]string{metrics.DimFunction: fn.Name, metrics.DimOutcome: v})
			out = append(out, m.With(&awscloudwatch.MetricOptions{Label: jsii.String(name + " " + v)}))
		}
		return out
	}
	d := awscloudwatch.NewDashboard(scope, jsii.String("Dashboard"), &awscloudwatch.DashboardProps{
		// Dashboard names are global to the account, not regional: the
		// region keeps one stack name deployed in two regions apart.
		DashboardName: awscdk.Fn_Join(jsii.String(""), &[]*string{jsii.String(s.StackName + "-"), awscdk.Aws_REGION()}),
	})
	d.AddWidgets(graph("Latency p50 by route (ms)", p50), graph("Latency p95 by route (ms)", p95))
	d.AddWidgets(graph("Requests by route", requests), graph("5xx and 4xx rate", []awscloudwatch.IMetric{
		serviceMetric(s, metrics.Status5xx, "Average", nil), serviceMetric(s, metrics.Status4xx, "Average", nil)}))
	d.AddWidgets(graph("Errors by code", errCodes), graph("Rate-limited requests", []awscloudwatch.IMetric{
		serviceMetric(s, metrics.RateLimited, "Sum", nil)}))
	d.AddWidgets(graph("Webhook attempts and give-ups", append(outcomes(metrics.WebhookAttempts, routes.Webhooks, metrics.OutcomeDelivered, metrics.OutcomeFailed),
		serviceMetric(s, metrics.WebhookGiveUps, "Sum", nil))),
		graph("Review outcomes", outcomes(metrics.ReviewOutcomes, routes.Classifier, string(template.StatusApproved), string(template.StatusRejected))))
	// The message consumers: what dispatch made of each message and how
	// long the network took, what the network's events changed, and how
	// long each consumer's batches waited in their queue.
	dispatch := map[string]string{metrics.DimFunction: routes.Dispatch.Name}
	var queueAge []awscloudwatch.IMetric
	for _, c := range []routes.Consumer{routes.Dispatch, routes.Inbound} {
		fn := map[string]string{metrics.DimFunction: c.Name}
		queueAge = append(queueAge, serviceMetric(s, metrics.QueueAge, "p95", fn), serviceMetric(s, metrics.QueueAge, "Maximum", fn))
	}
	d.AddWidgets(graph("Dispatches by outcome", outcomes(metrics.Dispatches, routes.Dispatch, metrics.OutcomeSent, metrics.OutcomeFailed, metrics.OutcomeRetried, metrics.OutcomeSkipped)),
		graph("Network latency of dispatch (ms)", []awscloudwatch.IMetric{
			serviceMetric(s, metrics.NetworkLatency, "p50", dispatch), serviceMetric(s, metrics.NetworkLatency, "p95", dispatch)}))
	d.AddWidgets(graph("Network events: statuses, user messages, opt-outs",
		append(append(outcomes(metrics.StatusUpdates, routes.Inbound, metrics.OutcomeApplied, metrics.OutcomeIgnored, metrics.OutcomeUnknown),
			outcomes(metrics.InboundMessages, routes.Inbound, metrics.OutcomeNew, metrics.OutcomeDuplicate)...),
			outcomes(metrics.OptOuts, routes.Inbound, metrics.OutcomeOptedOut, metrics.OutcomeOptedIn)...)),
		graph("Queue age of dispatch and inbound batches (ms)", queueAge))
	return d
}

// newAlarmTopic creates the topic encrypted with a key of the stack's own:
// CloudWatch cannot publish to a topic under the AWS-managed SNS key, so
// the key's policy lets CloudWatch of this account use it. The topic's own
// policy is completed by allowAlarms once the alarms exist.
func newAlarmTopic(scope constructs.Construct, s settings) awssns.Topic {
	key := awskms.NewKey(scope, jsii.String("AlarmKey"), &awskms.KeyProps{
		Description:       jsii.String("Encrypts the alarm topic of " + s.StackName),
		EnableKeyRotation: jsii.Bool(true),
		RemovalPolicy:     s.RemovalPolicy,
	})
	key.AddToResourcePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Principals: &[]awsiam.IPrincipal{awsiam.NewServicePrincipal(jsii.String(cloudWatchPrincipal), nil)},
		Actions:    jsii.Strings("kms:Decrypt", "kms:GenerateDataKey*"),
		Resources:  jsii.Strings("*"), // in a key policy "*" is the key itself
		Conditions: &map[string]any{
			"StringEquals": map[string]any{"aws:SourceAccount": awscdk.Stack_Of(scope).Account()},
		},
	}), nil)
	topic := awssns.NewTopic(scope, jsii.String("AlarmTopic"), &awssns.TopicProps{
		DisplayName: jsii.String(s.StackName + " alarms"),
		MasterKey:   key,
		EnforceSSL:  jsii.Bool(true),
	})
	if s.AlarmEmail != "" {
		topic.AddSubscription(awssnssubscriptions.NewEmailSubscription(jsii.String(s.AlarmEmail), nil))
	}
	return topic
}
