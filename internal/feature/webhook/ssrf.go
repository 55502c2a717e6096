package webhook

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strings"
)

// ErrBlockedAddress is wrapped by every refusal of an address the service
// must not reach: its own network, the cloud's metadata service, the Lambda
// Runtime API on loopback.
var ErrBlockedAddress = errors.New("webhook: address not allowed")

// ErrBadURL is wrapped by every refusal of CheckURL that is about the URL's
// form rather than its address.
var ErrBadURL = errors.New("webhook: callback URL not allowed")

// maxURLLen bounds what is stored and sent.
const maxURLLen = 2048

// allowedPorts are the ports a callback may name outside local mode: the
// https default and its common alternative. Other ports are where internal
// services listen far more often than webhook receivers do.
var allowedPorts = map[string]bool{"": true, "443": true, "8443": true}

// blockedPrefixes are ranges netip.Addr's predicates do not name. Each
// address is unmapped (::ffff:a.b.c.d → a.b.c.d) before it is looked up.
var blockedPrefixes = []struct {
	prefix netip.Prefix
	reason string
}{
	{netip.MustParsePrefix("0.0.0.0/8"), "this network (0.0.0.0/8)"},
	{netip.MustParsePrefix("100.64.0.0/10"), "carrier-grade NAT (100.64.0.0/10)"},
	{netip.MustParsePrefix("192.0.0.0/24"), "IETF protocol assignments (192.0.0.0/24)"},
	{netip.MustParsePrefix("198.18.0.0/15"), "benchmarking (198.18.0.0/15)"},
	{netip.MustParsePrefix("240.0.0.0/4"), "reserved (240.0.0.0/4)"},
	{netip.MustParsePrefix("255.255.255.255/32"), "broadcast"},
	{netip.MustParsePrefix("::/96"), "IPv4-compatible IPv6 (::/96)"},
	{netip.MustParsePrefix("2001::/32"), "Teredo (2001::/32)"},
	{netip.MustParsePrefix("100::/64"), "discard-only (100::/64)"},
}

// The metadata services named explicitly, for a clear error; both are in
// ranges blocked anyway (link-local, unique-local).
var metadataAddrs = map[netip.Addr]bool{
	netip.MustParseAddr("169.254.169.254"): true, // AWS, Azure, GCP, DigitalOcean IMDS
	netip.MustParseAddr("169.254.170.2"):   true, // ECS task credentials
	netip.MustParseAddr("fd00:ec2::254"):   true, // AWS IMDS over IPv6
}

var (
	nat64  = netip.MustParsePrefix("64:ff9b::/96")
	sixTo4 = netip.MustParsePrefix("2002::/16")
)

// blockedReason says why a is not to be connected to, or "" if it may be.
// allowLoopback lets loopback through (local mode) and nothing else.
// IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4) are judged
// by that IPv4 address, so no spelling of 127.0.0.1 or 10.0.0.5 gets past.
func blockedReason(a netip.Addr, allowLoopback bool) string {
	a = a.WithZone("").Unmap()
	if a.Is6() && (nat64.Contains(a) || sixTo4.Contains(a)) {
		b := a.As16()
		var v4 [4]byte
		if nat64.Contains(a) {
			copy(v4[:], b[12:16])
		} else {
			copy(v4[:], b[2:6])
		}
		if r := blockedReason(netip.AddrFrom4(v4), false); r != "" {
			return r + " inside " + a.String()
		}
		return ""
	}
	switch {
	case !a.IsValid():
		return "invalid address"
	case metadataAddrs[a]:
		return "cloud metadata service"
	case a.IsLoopback():
		if allowLoopback {
			return ""
		}
		return "loopback"
	case a.IsUnspecified():
		return "unspecified"
	case a.IsPrivate():
		return "private"
	case a.IsLinkLocalUnicast():
		return "link-local"
	case a.IsMulticast(), a.IsLinkLocalMulticast(), a.IsInterfaceLocalMulticast():
		return "multicast"
	}
	for _, p := range blockedPrefixes {
		if p.prefix.Contains(a) {
			return p.reason
		}
	}
	return ""
}

// CheckAddr is blockedReason as an error wrapping ErrBlockedAddress.
func CheckAddr(host string, a netip.Addr, allowLoopback bool) error {
	if r := blockedReason(a, allowLoopback); r != "" {
		if host != "" && host != a.String() {
			return fmt.Errorf("%w: %s resolves to %s (%s)", ErrBlockedAddress, host, a, r)
		}
		return fmt.Errorf("%w: %s (%s)", ErrBlockedAddress, a, r)
	}
	return nil
}

// CheckURL says whether raw may be a callback URL, when it is set and again
// before every request. The address a name resolves to is checked later, at
// dial time, where DNS cannot change its answer between check and use.
//
// Outside local mode (allowLoopback false) the URL must be absolute https,
// without userinfo, with a host that is a DNS name or a public IP address,
// on port 443 or 8443. In local mode plain http is allowed too, but only to
// loopback (127.0.0.0/8, ::1, localhost), and any port (test receivers
// listen on ephemeral ones); private, link-local and metadata addresses stay
// blocked there too.
//
// Numeric hosts that are not a canonical IP address (127.1, 2130706433,
// 0x7f000001, 017700000001) are refused whatever they mean: resolvers
// disagree on them (inet_aton reads them as IPv4, Go's parser does not), and
// no DNS name ends in an all-numeric label.
func CheckURL(raw string, allowLoopback bool) error {
	if len(raw) > maxURLLen {
		return fmt.Errorf("%w: longer than %d characters", ErrBadURL, maxURLLen)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadURL, err)
	}
	if !u.IsAbs() || u.Opaque != "" {
		return fmt.Errorf("%w: not an absolute URL", ErrBadURL)
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "https" && !(scheme == "http" && allowLoopback) {
		if allowLoopback {
			return fmt.Errorf("%w: scheme %q, want https (or http to loopback)", ErrBadURL, u.Scheme)
		}
		return fmt.Errorf("%w: scheme %q, want https", ErrBadURL, u.Scheme)
	}
	if u.User != nil {
		return fmt.Errorf("%w: credentials in the URL", ErrBadURL)
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "" {
		return fmt.Errorf("%w: no host", ErrBadURL)
	}
	loopbackName := host == "localhost" || strings.HasSuffix(host, ".localhost")
	if a, err := netip.ParseAddr(host); err == nil {
		if err := CheckAddr("", a, allowLoopback); err != nil {
			return err
		}
		if scheme == "http" && !a.Unmap().IsLoopback() {
			return fmt.Errorf("%w: plain http only to loopback", ErrBadURL)
		}
	} else {
		if numericHost(host) {
			return fmt.Errorf("%w: %q is not a canonical IP address or a DNS name", ErrBadURL, u.Hostname())
		}
		if loopbackName && !allowLoopback {
			return fmt.Errorf("%w: %s (loopback)", ErrBlockedAddress, host)
		}
		if scheme == "http" && !loopbackName {
			return fmt.Errorf("%w: plain http only to loopback", ErrBadURL)
		}
	}
	if !allowLoopback && !allowedPorts[u.Port()] {
		return fmt.Errorf("%w: port %s, want 443 or 8443", ErrBadURL, u.Port())
	}
	return nil
}

// numericHost reports whether host's last label is a number (decimal,
// octal or 0x hex), the shape of the legacy IPv4 spellings.
func numericHost(host string) bool {
	last := host[strings.LastIndexByte(host, '.')+1:]
	digits := "0123456789"
	if len(last) > 2 && (last[:2] == "0x") {
		last, digits = last[2:], "0123456789abcdef"
	}
	if last == "" {
		return false
	}
	for _, c := range last {
		if !strings.ContainsRune(digits, c) {
			return false
		}
	}
	return true
}
