package call

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	// The directory's hours are kept in IANA zones; a Lambda image has no
	// zoneinfo of its own.
	_ "time/tzdata"
	"unicode/utf8"

	"svc/internal/platform/geo"
)

// Provider is a person of a ZBA's directory a user can be connected to.
// Its fields follow FHIR's PractitionerRole, so that an import from an
// existing directory is a mapping: Name is the practitioner (who), Skills
// the specialty and code texts (what they do), Description the role's
// free text, Languages the communication languages, the point the
// location (where), Availability the availableTime (when).
type Provider struct {
	ZBAID       string
	ID          string
	Name        string
	Skills      []string
	Description string
	// Languages are BCP 47 tags ("en", "de-CH").
	Languages    []string
	Location     geo.Point
	Availability Availability
	UpdatedAt    time.Time
	// LinkGen is the generation of the provider's page links: a random
	// value each put makes anew, which a link carries and which must be
	// the provider's current one, so that a put or a removal revokes
	// every link made before it. Empty for a provider put before links
	// had one.
	LinkGen string
}

// Availability is when a provider takes calls: Active false means never
// (on leave); otherwise at any time when Hours is empty, or within one of
// Hours in TimeZone.
type Availability struct {
	Active   bool
	TimeZone string
	Hours    []Hours
}

// Hours is one weekly window: on Days ("mon".."sun"), from Start to End
// ("09:00", "17:30"), local time.
type Hours struct {
	Days       []string
	Start, End string
}

var weekdays = map[string]time.Weekday{"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday,
	"wed": time.Wednesday, "thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday}

// AvailableAt reports whether the provider takes calls at t.
func (a Availability) AvailableAt(t time.Time) bool {
	if !a.Active {
		return false
	}
	if len(a.Hours) == 0 {
		return true
	}
	loc, err := time.LoadLocation(a.TimeZone)
	if err != nil {
		loc = time.UTC // validated on put; an unknown zone falls back to UTC
	}
	local := t.In(loc)
	hm := local.Format("15:04")
	for _, h := range a.Hours {
		for _, d := range h.Days {
			if weekdays[d] == local.Weekday() && hm >= h.Start && hm < h.End {
				return true
			}
		}
	}
	return false
}

// Limits of a provider record.
const (
	MaxProviderIDLen   = 64
	MaxProviderNameLen = 200
	MaxSkills          = 30
	MaxSkillLen        = 100
	MaxDescriptionLen  = 2000
	MaxLanguages       = 20
	MaxHours           = 14
)

var (
	providerIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	languagePattern   = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$`)
	clockPattern      = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$`)
)

// ErrInvalidProvider wraps every reason a provider record is refused.
var ErrInvalidProvider = errors.New("invalid provider")

// Validate checks a provider record before it is stored.
func (p Provider) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidProvider, fmt.Sprintf(format, args...))
	}
	switch {
	case p.ZBAID == "":
		return bad("zba_id is required")
	case len(p.ID) == 0 || len(p.ID) > MaxProviderIDLen || !providerIDPattern.MatchString(p.ID):
		return bad("provider_id must be 1-%d letters, digits, '.', '_' or '-', starting with a letter or digit", MaxProviderIDLen)
	case strings.TrimSpace(p.Name) == "" || utf8.RuneCountInString(p.Name) > MaxProviderNameLen || !utf8.ValidString(p.Name):
		return bad("name is required, at most %d characters", MaxProviderNameLen)
	case len(p.Skills) == 0 || len(p.Skills) > MaxSkills:
		return bad("skills must list 1 to %d skills", MaxSkills)
	case utf8.RuneCountInString(p.Description) > MaxDescriptionLen || !utf8.ValidString(p.Description):
		return bad("description must be at most %d characters", MaxDescriptionLen)
	case len(p.Languages) == 0 || len(p.Languages) > MaxLanguages:
		return bad("languages must list 1 to %d language tags", MaxLanguages)
	case !p.Location.Valid():
		return bad("location must have latitude in [-90, 90] and longitude in [-180, 180]")
	case len(p.Availability.Hours) > MaxHours:
		return bad("availability.hours holds at most %d windows", MaxHours)
	}
	for i, s := range p.Skills {
		if strings.TrimSpace(s) == "" || utf8.RuneCountInString(s) > MaxSkillLen || !utf8.ValidString(s) {
			return bad("skills[%d] must be 1 to %d characters", i, MaxSkillLen)
		}
	}
	for i, l := range p.Languages {
		if !languagePattern.MatchString(l) {
			return bad("languages[%d] %q is not a language tag such as en or de-CH", i, l)
		}
	}
	if tz := p.Availability.TimeZone; tz != "" {
		if _, err := time.LoadLocation(tz); err != nil {
			return bad("availability.time_zone %q is not an IANA time zone", tz)
		}
	}
	for i, h := range p.Availability.Hours {
		if len(h.Days) == 0 {
			return bad("availability.hours[%d].days is empty", i)
		}
		for _, d := range h.Days {
			if _, ok := weekdays[d]; !ok {
				return bad("availability.hours[%d].days: %q is not one of mon, tue, wed, thu, fri, sat, sun", i, d)
			}
		}
		if !clockPattern.MatchString(h.Start) || !clockPattern.MatchString(h.End) || h.Start >= h.End {
			return bad("availability.hours[%d]: start and end must be HH:MM with start before end", i)
		}
	}
	return nil
}

// ErrProviderNotFound is returned for a provider that is not in the directory.
var ErrProviderNotFound = errors.New("call: no such provider")

// Providers is the directory of a ZBA's providers.
type Providers interface {
	PutProvider(ctx context.Context, p Provider) error
	GetProvider(ctx context.Context, zbaID, id string) (Provider, error)
	// ListProviders lists a ZBA's providers by id.
	ListProviders(ctx context.Context, zbaID string) ([]Provider, error)
	// RemoveProvider deletes one; ErrProviderNotFound when it is not there.
	// It revokes the provider's links (LinkGen).
	RemoveProvider(ctx context.Context, zbaID, id string) error
	// Nearby returns the providers of the ZBA in the finest neighbourhood
	// of p (SearchPrecisions) whose providers enough accepts, or, when none
	// does, every provider of the ZBA (a store may bound that read: see
	// providerstore). Order is by id; the caller ranks them. Another
	// ZBA's provider is never returned.
	Nearby(ctx context.Context, zbaID string, p geo.Point, enough func([]Provider) bool) ([]Provider, error)
}
