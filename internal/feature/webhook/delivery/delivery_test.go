package delivery

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/webhook"
	"svc/internal/platform/secretkey"
)

// The use case's own collaborators, in memory: the real SQS, DynamoDB and
// HTTP paths are covered end to end in internal/devstack.
type subs struct {
	zba      account.ZBA
	disabled int
}

func (s *subs) GetZBA(context.Context, string) (account.ZBA, error) {
	if s.zba.ID == "" {
		return account.ZBA{}, account.ErrZBANotFound
	}
	return s.zba, nil
}

func (s *subs) DisableWebhook(_ context.Context, _ string, gen int) error {
	s.disabled = gen
	s.zba.WebhookURL = ""
	return nil
}

type attempts struct{ n []int }

func (a *attempts) RecordAttempt(_ context.Context, _, _ string, n int, _ webhook.Attempt) error {
	a.n = append(a.n, n)
	return nil
}

type sender struct{ answer webhook.Attempt }

func (s sender) Deliver(context.Context, string, string, webhook.Event, time.Time) webhook.Attempt {
	return s.answer
}

type queue struct {
	bodies [][]byte
	delays []time.Duration
}

func (q *queue) PublishAfter(_ context.Context, body []byte, d time.Duration) (string, error) {
	q.bodies, q.delays = append(q.bodies, body), append(q.delays, d)
	return "m", nil
}

func (q *queue) Publish(_ context.Context, body []byte) (string, error) {
	return q.PublishAfter(context.Background(), body, 0)
}

func TestHandle(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	ev := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 1, now)
	schedule := func(n int) (time.Duration, bool) { return time.Duration(n) * time.Hour, n <= 3 }
	job := func(attempt int, notBefore time.Time) []byte {
		b, _ := json.Marshal(Job{Event: ev, Attempt: attempt, NotBefore: notBefore})
		return b
	}
	tests := []struct {
		name      string
		body      []byte
		noSub     bool
		fields    []string
		answer    webhook.Attempt
		requeued  time.Duration // -1: nothing re-queued
		nextAt    int
		dead      bool
		disabled  bool
		attempted int
	}{
		{name: "delivered", body: job(1, time.Time{}), answer: webhook.Attempt{StatusCode: 204}, requeued: -1, attempted: 1},
		{name: "failed: next attempt on the schedule, in a hop of at most 15 min",
			body: job(1, time.Time{}), answer: webhook.Attempt{StatusCode: 500}, requeued: MaxHop, nextAt: 2, attempted: 1},
		{name: "a Retry-After shorter than the schedule's wait does not shorten it",
			body: job(1, time.Time{}), answer: webhook.Attempt{StatusCode: 503, RetryAfter: 30 * time.Second}, requeued: MaxHop, nextAt: 2, attempted: 1},
		{name: "nor does one on a status that does not carry it",
			body: job(1, time.Time{}), answer: webhook.Attempt{StatusCode: 500, RetryAfter: time.Second}, requeued: MaxHop, nextAt: 2, attempted: 1},
		{name: "410 disables the subscription",
			body: job(1, time.Time{}), answer: webhook.Attempt{StatusCode: 410}, requeued: -1, disabled: true, attempted: 1},
		{name: "last attempt failed: dead letter", body: job(3, time.Time{}), answer: webhook.Attempt{StatusCode: 500}, requeued: -1, dead: true, attempted: 1},
		{name: "not yet due: another hop, no attempt", body: job(2, now.Add(20*time.Minute)), requeued: MaxHop, nextAt: 2},
		{name: "no subscription: dropped", body: job(1, time.Time{}), noSub: true, requeued: -1},
		{name: "field subscribed: delivered", body: job(1, time.Time{}), fields: []string{webhook.FieldMessages, webhook.FieldStatusUpdate},
			answer: webhook.Attempt{StatusCode: 200}, requeued: -1, attempted: 1},
		{name: "field not subscribed: skipped, no attempt", body: job(1, time.Time{}), fields: []string{webhook.FieldMessages},
			answer: webhook.Attempt{StatusCode: 500}, requeued: -1},
		{name: "field not subscribed on the last attempt: no dead letter", body: job(3, time.Time{}), fields: []string{webhook.FieldMessages},
			answer: webhook.Attempt{StatusCode: 500}, requeued: -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sb := &subs{zba: account.ZBA{ID: "acme", WebhookURL: "https://hooks.example.com", WebhookGeneration: 2, WebhookFields: tc.fields}}
			if tc.noSub {
				sb.zba = account.ZBA{}
			}
			at, q, dlq := &attempts{}, &queue{}, &queue{}
			svc := Service{Subscriptions: sb, Attempts: at, Queue: Queue{Publisher: q}, DeadLetters: dlq,
				Sender: sender{tc.answer}, Master: secretkey.StaticMaster([]byte("0123456789abcdef0123456789abcdef")),
				Delay: schedule, Now: func() time.Time { return now }, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
			if err := svc.Handle(context.Background(), tc.body); err != nil {
				t.Fatal(err)
			}
			if len(at.n) != tc.attempted {
				t.Errorf("attempts recorded %v", at.n)
			}
			if tc.requeued < 0 && len(q.bodies) != 0 || tc.requeued >= 0 && (len(q.delays) != 1 || q.delays[0] != tc.requeued) {
				t.Errorf("re-queued with delays %v, want %v", q.delays, tc.requeued)
			}
			if len(q.bodies) == 1 {
				var next Job
				_ = json.Unmarshal(q.bodies[0], &next)
				if next.Attempt != tc.nextAt || next.Event.ID != ev.ID {
					t.Errorf("next job %+v", next)
				}
			}
			if (len(dlq.bodies) == 1) != tc.dead {
				t.Errorf("dead letters %d", len(dlq.bodies))
			}
			if (sb.disabled == 2) != tc.disabled {
				t.Errorf("disabled generation %d", sb.disabled)
			}
		})
	}
}
