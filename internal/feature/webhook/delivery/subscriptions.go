package delivery

import (
	"context"
	"sync"
	"time"

	"svc/internal/feature/account"
)

// SubscriptionTTL is how long a webhooks instance keeps a ZBA's
// subscription before reading it again. It is shorter than the wait before
// a second attempt (5 s less 10% jitter), so an attempt that failed because
// the subscription changed meanwhile (a new URL or signing secret after
// set_webhook, which runs in another function) is retried on what is
// stored: besides, a failed attempt drops the entry at once.
const SubscriptionTTL = 4 * time.Second

// maxCachedSubscriptions bounds the cache; beyond it an expired entry, or
// else any, makes room.
const maxCachedSubscriptions = 1024

// SubscriptionCache is Subscriptions that keeps each ZBA's subscription
// for TTL, so that a burst of events to one ZBA reads it once: delivery
// reads nothing from the table before the POST. Only a subscription with
// a URL is kept: an event for a ZBA without one is dropped, and a ZBA that
// subscribes must not have its events dropped for a TTL after that.
// Safe for concurrent use.
type SubscriptionCache struct {
	Subscriptions
	ttl time.Duration
	now func() time.Time
	mu  sync.Mutex
	m   map[string]cachedZBA
}

type cachedZBA struct {
	z       account.ZBA
	expires time.Time
}

// NewSubscriptionCache keeps what subs returns for ttl, measured on now.
func NewSubscriptionCache(subs Subscriptions, ttl time.Duration, now func() time.Time) *SubscriptionCache {
	return &SubscriptionCache{Subscriptions: subs, ttl: ttl, now: now, m: map[string]cachedZBA{}}
}

// GetZBA implements Subscriptions.
func (c *SubscriptionCache) GetZBA(ctx context.Context, id string) (account.ZBA, error) {
	now := c.now()
	c.mu.Lock()
	e, ok := c.m[id]
	c.mu.Unlock()
	if ok && now.Before(e.expires) {
		return e.z, nil
	}
	z, err := c.Subscriptions.GetZBA(ctx, id)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil || z.WebhookURL == "" {
		delete(c.m, id)
		return z, err
	}
	if len(c.m) >= maxCachedSubscriptions {
		c.evict(now)
	}
	c.m[id] = cachedZBA{z: z, expires: now.Add(c.ttl)}
	return z, nil
}

// evict drops the expired entries, or one entry when none has expired.
// Called with mu held.
func (c *SubscriptionCache) evict(now time.Time) {
	for id, e := range c.m {
		if !now.Before(e.expires) {
			delete(c.m, id)
		}
	}
	if len(c.m) < maxCachedSubscriptions {
		return
	}
	for id := range c.m {
		delete(c.m, id)
		return
	}
}

// DisableWebhook implements Subscriptions, and forgets the ZBA.
func (c *SubscriptionCache) DisableWebhook(ctx context.Context, zbaID string, generation int) error {
	err := c.Subscriptions.DisableWebhook(ctx, zbaID, generation)
	c.Forget(zbaID)
	return err
}

// Forget drops what is kept of the ZBA, so its next event reads the
// subscription.
func (c *SubscriptionCache) Forget(zbaID string) {
	c.mu.Lock()
	delete(c.m, zbaID)
	c.mu.Unlock()
}

// forgetter is a Subscriptions that keeps what it read.
type forgetter interface{ Forget(zbaID string) }

// forget drops the ZBA from subs when subs keeps subscriptions.
func forget(subs Subscriptions, zbaID string) {
	if f, ok := subs.(forgetter); ok {
		f.Forget(zbaID)
	}
}
