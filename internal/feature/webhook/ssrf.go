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
// Runtime API on loopback, and every other special-purpose range (see
// refused).
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

// special is one refused range and why, the reason naming the range so an
// error says which rule refused an address.
type special struct {
	prefix netip.Prefix
	reason string
}

// sp builds a special whose reason is name followed by the range.
func sp(prefix, name string) special {
	return special{netip.MustParsePrefix(prefix), name + " (" + prefix + ")"}
}

// refused is every entry of the IANA IPv4 and IPv6 Special-Purpose Address
// Registries (as of 2025-10), plus multicast, the obsolete IPv6 forms that
// carry an IPv4 address, site-local, and the cloud metadata addresses by
// name. The most specific entry containing an address gives the reason,
// so the order here is the registries' and does not matter.
//
// The whole table is refused, the entries the registries mark globally
// reachable included, because none of them is where a webhook receiver
// lives and each of those is an anycast service or an identifier:
//   - PCP (192.0.0.9, 2001:1::1), TURN (192.0.0.10, 2001:1::2) and DNS-SD
//     SRP (2001:1::3) anycast are by design answered by a server of the
//     network the sender is in, that is our provider's infrastructure;
//   - AMT relays (192.52.193.0/24, 2001:3::/32) and AS112 (192.31.196.0/24,
//     192.175.48.0/24, 2001:4:112::/48, 2620:4f:8000::/48) are anycast too,
//     and the nearest instance may be a local one (RFC 7534 invites
//     networks to run their own AS112 node);
//   - ORCHIDv2 (2001:20::/28) and drone DETs (2001:30::/28) are
//     identifiers, not locators.
//
// IPv6 forms that carry an IPv4 address are refused whatever that address
// is, never judged by it: where a packet to one of them lands depends on a
// translator, relay or tunnel endpoint on the path, not on the embedded
// address, and the service has none of those on its own path (it runs
// outside a VPC, with no NAT64 or DNS64), so no receiver needs them:
//   - IPv4-mapped ::ffff:0:0/96 is a socket API notation, never a wire
//     address; a stack that sends it as IPv6 routes it somewhere else than
//     the IPv4 address. Resolvers do hand out A records in this form; the
//     client turns those back into plain IPv4 before checking and dials
//     exactly that IPv4 address (webhookhttp's dial);
//   - IPv4-translated ::ffff:0:0:0/96 (SIIT) and IPv4-compatible ::/96 are
//     obsolete and reach whatever a translator or tunnel makes of them;
//   - NAT64 64:ff9b::/96 and 64:ff9b:1::/48 reach whatever IPv4 address the
//     nearest translator maps them to, private ones included (a NAT64
//     gateway in a VPC reaches the VPC's own 10.x addresses too), and
//     the local-use prefix may use any mapping at all (RFC 8215);
//   - 6to4 2002::/16 and Teredo 2001::/32: the embedded IPv4 address is
//     only a tunnel endpoint (for Teredo, a server, with the client's
//     address obfuscated), the IPv6 host behind it can be anything that
//     endpoint routes to, including its own internal network, and which
//     relay carries the packet is anycast's choice. Both are deprecated in
//     practice (RFC 7526 for 6to4) and no receiver needs them.
var refused = []special{
	// IPv4 Special-Purpose Address Registry.
	sp("0.0.0.0/8", "this network"),
	sp("0.0.0.0/32", "this host on this network"),
	sp("10.0.0.0/8", "private use"),
	sp("100.64.0.0/10", "shared address space, carrier-grade NAT"),
	sp("127.0.0.0/8", "loopback"),
	sp("169.254.0.0/16", "link-local"),
	sp("172.16.0.0/12", "private use"),
	sp("192.0.0.0/24", "IETF protocol assignments"),
	sp("192.0.0.0/29", "IPv4 service continuity prefix, DS-Lite"),
	sp("192.0.0.8/32", "IPv4 dummy address"),
	sp("192.0.0.9/32", "Port Control Protocol anycast, answered by the local network"),
	sp("192.0.0.10/32", "TURN anycast, answered by the local network"),
	sp("192.0.0.170/31", "NAT64/DNS64 discovery"),
	sp("192.0.2.0/24", "documentation, TEST-NET-1"),
	sp("192.31.196.0/24", "AS112 anycast DNS sink"),
	sp("192.52.193.0/24", "AMT relay anycast"),
	sp("192.88.99.0/24", "deprecated 6to4 relay anycast"),
	sp("192.168.0.0/16", "private use"),
	sp("192.175.48.0/24", "AS112 anycast DNS sink, direct delegation"),
	sp("198.18.0.0/15", "benchmarking"),
	sp("198.51.100.0/24", "documentation, TEST-NET-2"),
	sp("203.0.113.0/24", "documentation, TEST-NET-3"),
	sp("240.0.0.0/4", "reserved"),
	sp("255.255.255.255/32", "limited broadcast"),
	// IPv4 multicast, from its own registry.
	sp("224.0.0.0/4", "multicast"),

	// IPv6 Special-Purpose Address Registry.
	sp("::/128", "unspecified"),
	sp("::1/128", "loopback"),
	sp("::ffff:0:0/96", "IPv4-mapped"),
	sp("64:ff9b::/96", "NAT64 well-known prefix"),
	sp("64:ff9b:1::/48", "local-use NAT64"),
	sp("100::/64", "discard-only"),
	sp("100:0:0:1::/64", "dummy IPv6 prefix"),
	sp("2001::/23", "IETF protocol assignments"),
	sp("2001::/32", "Teredo"),
	sp("2001:1::1/128", "Port Control Protocol anycast, answered by the local network"),
	sp("2001:1::2/128", "TURN anycast, answered by the local network"),
	sp("2001:1::3/128", "DNS-SD service registration anycast, answered by the local network"),
	sp("2001:2::/48", "benchmarking"),
	sp("2001:3::/32", "AMT relay anycast"),
	sp("2001:4:112::/48", "AS112 anycast DNS sink"),
	sp("2001:10::/28", "deprecated ORCHID"),
	sp("2001:20::/28", "ORCHIDv2 identifiers"),
	sp("2001:30::/28", "drone remote ID entity tags"),
	sp("2001:db8::/32", "documentation"),
	sp("2002::/16", "6to4"),
	sp("2620:4f:8000::/48", "AS112 anycast DNS sink, direct delegation"),
	sp("3fff::/20", "documentation"),
	sp("5f00::/16", "segment routing SIDs"),
	sp("fc00::/7", "unique local"),
	sp("fe80::/10", "link-local"),
	// Not in the registry, refused for what they reach.
	sp("::/96", "deprecated IPv4-compatible"),
	sp("::ffff:0:0:0/96", "IPv4-translated"),
	sp("fec0::/10", "deprecated site-local"),
	sp("ff00::/8", "multicast"),

	// The metadata services, named for a clear error; each is inside a
	// range above anyway (link-local, shared address space, unique local).
	sp("169.254.169.254/32", "cloud metadata service: AWS, Azure, GCP, Oracle, DigitalOcean instance metadata"),
	sp("169.254.170.2/32", "cloud metadata service: ECS task metadata and credentials"),
	sp("169.254.170.23/32", "cloud metadata service: EKS Pod Identity credentials"),
	sp("100.100.100.200/32", "cloud metadata service: Alibaba Cloud instance metadata"),
	sp("fd00:ec2::254/128", "cloud metadata service: AWS instance metadata over IPv6"),
	sp("fd00:ec2::23/128", "cloud metadata service: EKS Pod Identity credentials over IPv6"),
}

// globalUnicast6 is the only IPv6 block IANA allocates unicast addresses
// from (2000::/3). An IPv6 address outside it that no entry above names
// is reserved space, so it is refused too: a range the registries add
// there later is refused before this table learns its name.
var globalUnicast6 = netip.MustParsePrefix("2000::/3")

// loopback4 is what local mode lets through on IPv4.
var loopback4 = netip.MustParsePrefix("127.0.0.0/8")

// blockedReason says why a is not to be connected to, or "" if it may be.
// allowLoopback lets 127.0.0.0/8 and ::1 through (local mode) and nothing
// else: not their IPv4-mapped spellings, not a zone.
//
// a is judged as given: nothing is unmapped here, so ::ffff:127.0.0.1 is
// refused as IPv4-mapped rather than read as 127.0.0.1. A caller holding a
// resolver's answer, where an A record may come back mapped, unmaps it
// itself and then dials exactly the address it had checked.
func blockedReason(a netip.Addr, allowLoopback bool) string {
	if !a.IsValid() {
		return "invalid address"
	}
	zone := a.Zone()
	a = a.WithZone("")
	best := -1
	for i, s := range refused {
		if s.prefix.Contains(a) && (best < 0 || s.prefix.Bits() > refused[best].prefix.Bits()) {
			best = i
		}
	}
	loop := a.Is4() && loopback4.Contains(a) || a == netip.IPv6Loopback()
	switch {
	case zone != "" && (best < 0 || allowLoopback && loop):
		// A zone picks the interface to send from, a route the address
		// check knows nothing of; no receiver's address needs one.
		return "scoped address (zone " + zone + ")"
	case allowLoopback && loop:
		return ""
	case best >= 0:
		return refused[best].reason
	case a.Is6() && !globalUnicast6.Contains(a):
		return "reserved IPv6, outside global unicast (2000::/3)"
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
// listen on ephemeral ones); every other refused range (see refused) stays
// refused there too.
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
		if scheme == "http" && !a.IsLoopback() {
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
