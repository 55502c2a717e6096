package webhook_test

import (
	"errors"
	"net/netip"
	"strings"
	"testing"

	"svc/internal/feature/webhook"
)

func TestCheckURL(t *testing.T) {
	cases := []struct {
		url           string
		allowLoopback bool
		ok            bool
	}{
		{"https://hooks.example.com/svc", false, true},
		{"https://hooks.example.com:443/svc?a=1", false, true},
		{"https://hooks.example.com:8443/svc", false, true},
		{"https://HOOKS.example.com./svc", false, true},
		{"https://8.8.8.8/hook", false, true},
		{"https://[2606:4700:4700::1111]/hook", false, true},
		{"https://hooks.example.com:8080/svc", false, false},
		{"http://hooks.example.com/svc", false, false},
		{"ftp://hooks.example.com/svc", false, false},
		{"https://user:pass@hooks.example.com/svc", false, false},
		{"https://user@hooks.example.com/svc", false, false},
		{"/relative/path", false, false},
		{"https:///no-host", false, false},
		{"mailto:ops@example.com", false, false},
		{"https://127.1/", false, false},
		{"https://2130706433/", false, false},
		{"https://0x7f000001/", false, false},
		{"https://017700000001/", false, false},
		{"https://127.0.0.1/", false, false},
		{"https://[::1]/", false, false},
		{"https://[::ffff:127.0.0.1]/", false, false},
		{"https://[::ffff:7f00:1]/", false, false},
		{"https://[64:ff9b::a00:5]/", false, false},
		{"https://[2002:a00:5::1]/", false, false},
		{"https://[::ffff:8.8.8.8]/", false, false},   // mapped, even of a public address
		{"https://[64:ff9b::808:808]/", false, false}, // NAT64, even of a public address
		{"https://[64:ff9b:1::a00:5]/", false, false},
		{"https://[::ffff:0:a00:5]/", false, false},
		{"https://[2001:0:808:808::1]/", false, false},
		{"https://[fec0::1]/", false, false},
		{"https://[3fff::1]/", false, false},
		{"https://[5f00::1]/", false, false},
		{"https://[2606:4700:4700::1111%25eth0]/", false, false},
		{"https://169.254.169.254/latest/meta-data", false, false},
		{"https://[fd00:ec2::254]/latest/meta-data", false, false},
		{"https://[fe80::1%25eth0]/", false, false},
		{"https://10.0.0.5/", false, false},
		{"https://172.16.3.4/", false, false},
		{"https://192.168.1.1/", false, false},
		{"https://100.64.0.1/", false, false},
		{"https://0.0.0.0/", false, false},
		{"https://0.1.2.3/", false, false},
		{"https://224.0.0.1/", false, false},
		{"https://255.255.255.255/", false, false},
		{"https://[fc00::1]/", false, false},
		{"https://[ff02::1]/", false, false},
		{"https://localhost/", false, false},
		{"https://api.localhost/", false, false},
		{"https://hooks.example.com/" + strings.Repeat("a", 2100), false, false},
		// Local mode: http and loopback, on any port; nothing else opens up.
		{"http://127.0.0.1:9000/hook", true, true},
		{"http://localhost:9000/hook", true, true},
		{"https://[::1]:9000/hook", true, true},
		{"https://hooks.example.com:9000/hook", true, true},
		{"http://hooks.example.com/hook", true, false},
		{"http://10.0.0.5/hook", true, false},
		{"https://10.0.0.5/hook", true, false},
		{"https://169.254.169.254/latest/meta-data", true, false},
		{"https://user:pass@127.0.0.1:9000/", true, false},
		{"http://[::ffff:127.0.0.1]:9000/", true, false}, // loopback only as itself
		{"https://[64:ff9b::7f00:1]:9000/", true, false},
	}
	for _, c := range cases {
		err := webhook.CheckURL(c.url, c.allowLoopback)
		if (err == nil) != c.ok {
			t.Errorf("CheckURL(%.60q, local=%v) = %v, want ok=%v", c.url, c.allowLoopback, err, c.ok)
		}
		if err != nil && !errors.Is(err, webhook.ErrBadURL) && !errors.Is(err, webhook.ErrBlockedAddress) {
			t.Errorf("CheckURL(%.60q): %v wraps neither ErrBadURL nor ErrBlockedAddress", c.url, err)
		}
	}
}

// rangeRow is one refused range: its first and last addresses are refused
// with a reason containing want (the range and its name), and its
// neighbours just outside are allowed unless another row holds them.
type rangeRow struct {
	prefix string
	want   []string
	// loopback rows are let through in local mode.
	loopback bool
}

// ranges is the test's own copy of the IANA IPv4 and IPv6 Special-Purpose
// Address Registries (2025-10), multicast, the deprecated IPv6 forms and
// the metadata addresses, written independently of ssrf.go's table.
var ranges = []rangeRow{
	{prefix: "0.0.0.0/8", want: []string{"this network"}},
	{prefix: "0.0.0.0/32", want: []string{"this host"}},
	{prefix: "10.0.0.0/8", want: []string{"private"}},
	{prefix: "100.64.0.0/10", want: []string{"carrier-grade NAT"}},
	{prefix: "127.0.0.0/8", want: []string{"loopback"}, loopback: true},
	{prefix: "169.254.0.0/16", want: []string{"link-local"}},
	{prefix: "172.16.0.0/12", want: []string{"private"}},
	{prefix: "192.0.0.0/24", want: []string{"IETF protocol assignments"}},
	{prefix: "192.0.0.0/29", want: []string{"DS-Lite"}},
	{prefix: "192.0.0.8/32", want: []string{"dummy"}},
	{prefix: "192.0.0.9/32", want: []string{"Port Control Protocol"}},
	{prefix: "192.0.0.10/32", want: []string{"TURN"}},
	{prefix: "192.0.0.170/31", want: []string{"NAT64/DNS64 discovery"}},
	{prefix: "192.0.2.0/24", want: []string{"documentation"}},
	{prefix: "192.31.196.0/24", want: []string{"AS112"}},
	{prefix: "192.52.193.0/24", want: []string{"AMT"}},
	{prefix: "192.88.99.0/24", want: []string{"6to4 relay"}},
	{prefix: "192.168.0.0/16", want: []string{"private"}},
	{prefix: "192.175.48.0/24", want: []string{"AS112"}},
	{prefix: "198.18.0.0/15", want: []string{"benchmarking"}},
	{prefix: "198.51.100.0/24", want: []string{"documentation"}},
	{prefix: "203.0.113.0/24", want: []string{"documentation"}},
	{prefix: "224.0.0.0/4", want: []string{"multicast"}},
	{prefix: "240.0.0.0/4", want: []string{"reserved"}},
	{prefix: "255.255.255.255/32", want: []string{"broadcast"}},

	{prefix: "::/128", want: []string{"unspecified"}},
	{prefix: "::1/128", want: []string{"loopback"}, loopback: true},
	{prefix: "::/96", want: []string{"IPv4-compatible"}},
	{prefix: "::ffff:0:0/96", want: []string{"IPv4-mapped"}},
	{prefix: "::ffff:0:0:0/96", want: []string{"IPv4-translated"}},
	{prefix: "64:ff9b::/96", want: []string{"NAT64"}},
	{prefix: "64:ff9b:1::/48", want: []string{"local-use NAT64"}},
	{prefix: "100::/64", want: []string{"discard-only"}},
	{prefix: "100:0:0:1::/64", want: []string{"dummy"}},
	{prefix: "2001::/23", want: []string{"IETF protocol assignments"}},
	{prefix: "2001::/32", want: []string{"Teredo"}},
	{prefix: "2001:1::1/128", want: []string{"Port Control Protocol"}},
	{prefix: "2001:1::2/128", want: []string{"TURN"}},
	{prefix: "2001:1::3/128", want: []string{"service registration"}},
	{prefix: "2001:2::/48", want: []string{"benchmarking"}},
	{prefix: "2001:3::/32", want: []string{"AMT"}},
	{prefix: "2001:4:112::/48", want: []string{"AS112"}},
	{prefix: "2001:10::/28", want: []string{"ORCHID"}},
	{prefix: "2001:20::/28", want: []string{"ORCHIDv2"}},
	{prefix: "2001:30::/28", want: []string{"drone"}},
	{prefix: "2001:db8::/32", want: []string{"documentation"}},
	{prefix: "2002::/16", want: []string{"6to4"}},
	{prefix: "2620:4f:8000::/48", want: []string{"AS112"}},
	{prefix: "3fff::/20", want: []string{"documentation"}},
	{prefix: "5f00::/16", want: []string{"segment routing"}},
	{prefix: "fc00::/7", want: []string{"unique local"}},
	{prefix: "fe80::/10", want: []string{"link-local"}},
	{prefix: "fec0::/10", want: []string{"site-local"}},
	{prefix: "ff00::/8", want: []string{"multicast"}},

	{prefix: "169.254.169.254/32", want: []string{"cloud metadata service", "AWS"}},
	{prefix: "169.254.170.2/32", want: []string{"cloud metadata service", "ECS"}},
	{prefix: "169.254.170.23/32", want: []string{"cloud metadata service", "EKS"}},
	{prefix: "100.100.100.200/32", want: []string{"cloud metadata service", "Alibaba"}},
	{prefix: "fd00:ec2::254/128", want: []string{"cloud metadata service", "AWS"}},
	{prefix: "fd00:ec2::23/128", want: []string{"cloud metadata service", "EKS"}},

	// IPv6 outside 2000::/3 that no entry names: reserved space. Their
	// reason names 2000::/3 rather than the row.
	{prefix: "::/3", want: []string{"outside global unicast (2000::/3)"}},
	{prefix: "4000::/2", want: []string{"outside global unicast (2000::/3)"}},
	{prefix: "8000::/1", want: []string{"outside global unicast (2000::/3)"}},
}

// rowFor is the most specific row holding a, or nil.
func rowFor(a netip.Addr) *rangeRow {
	var best *rangeRow
	bestBits := -1
	for i := range ranges {
		p := netip.MustParsePrefix(ranges[i].prefix)
		if p.Contains(a) && p.Bits() > bestBits {
			best, bestBits = &ranges[i], p.Bits()
		}
	}
	return best
}

// lastAddr is the highest address of p.
func lastAddr(p netip.Prefix) netip.Addr {
	b := p.Masked().Addr().AsSlice()
	for i := p.Bits(); i < len(b)*8; i++ {
		b[i/8] |= 0x80 >> (i % 8)
	}
	a, _ := netip.AddrFromSlice(b)
	return a
}

func TestCheckAddrRefusesEverySpecialRange(t *testing.T) {
	neighbours := 0
	for _, r := range ranges {
		p := netip.MustParsePrefix(r.prefix)
		for _, a := range []netip.Addr{p.Masked().Addr(), lastAddr(p)} {
			row := rowFor(a)
			for _, local := range []bool{false, true} {
				err := webhook.CheckAddr("", a, local)
				if local && row.loopback {
					if err != nil {
						t.Errorf("%s (end of %s), local mode: %v, want allowed", a, r.prefix, err)
					}
					continue
				}
				if err == nil || !errors.Is(err, webhook.ErrBlockedAddress) {
					t.Errorf("%s (end of %s, local=%v): %v, want ErrBlockedAddress", a, r.prefix, local, err)
					continue
				}
				want := row.want
				if !strings.HasPrefix(row.want[0], "outside") {
					want = append([]string{"(" + row.prefix + ")"}, want...)
				}
				for _, w := range want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("%s (end of %s): %q does not say %q", a, r.prefix, err, w)
					}
				}
			}
		}
		// The public neighbours just outside the range.
		for _, a := range []netip.Addr{p.Masked().Addr().Prev(), lastAddr(p).Next()} {
			if !a.IsValid() || rowFor(a) != nil {
				continue
			}
			neighbours++
			if err := webhook.CheckAddr("", a, false); err != nil {
				t.Errorf("%s, just outside %s: %v, want allowed", a, r.prefix, err)
			}
		}
	}
	t.Logf("%d public neighbours allowed", neighbours)
	if neighbours < 40 {
		t.Errorf("only %d public neighbours checked", neighbours)
	}
}

func TestCheckAddrOtherCases(t *testing.T) {
	cases := []struct {
		addr  string
		local bool
		want  string // "" for allowed, else part of the reason
	}{
		{"8.8.8.8", false, ""},
		{"1.1.1.1", false, ""},
		{"52.94.236.248", false, ""},
		{"2606:4700:4700::1111", false, ""},
		{"2a00:1450:4001:80b::200e", false, ""},
		{"2600:1f18::1", false, ""},
		// An embedded public IPv4 address redeems none of these forms.
		{"::ffff:8.8.8.8", false, "IPv4-mapped"},
		{"::ffff:0:808:808", false, "IPv4-translated"},
		{"::8.8.8.8", false, "IPv4-compatible"},
		{"64:ff9b::8.8.8.8", false, "NAT64"},
		{"64:ff9b:1::808:808", false, "local-use NAT64"},
		{"2002:808:808::1", false, "6to4"},
		{"2001:0:808:808::1", false, "Teredo"},
		// Nor an embedded internal one, in local mode either.
		{"::ffff:127.0.0.1", true, "IPv4-mapped"},
		{"64:ff9b::127.0.0.1", true, "NAT64"},
		{"2002:7f00:1::1", true, "6to4"},
		// Local mode opens loopback, and nothing else.
		{"127.0.0.1", true, ""},
		{"::1", true, ""},
		{"::1%lo", true, "scoped"},
		{"10.0.0.5", true, "private"},
		{"169.254.169.254", true, "cloud metadata service"},
		{"fd00:ec2::254", true, "cloud metadata service"},
		{"0.0.0.0", true, "this host"},
		{"::", true, "unspecified"},
		// A zone is a route the check cannot see.
		{"2606:4700:4700::1111%eth0", false, "scoped"},
		{"fe80::1%eth0", false, "link-local"},
	}
	for _, c := range cases {
		err := webhook.CheckAddr("hooks.example.com", netip.MustParseAddr(c.addr), c.local)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s (local=%v): %v, want allowed", c.addr, c.local, err)
		case c.want != "" && (err == nil || !errors.Is(err, webhook.ErrBlockedAddress) || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s (local=%v): %v, want a refusal saying %q", c.addr, c.local, err, c.want)
		}
	}
}
