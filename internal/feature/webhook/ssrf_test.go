package webhook_test

import (
	"errors"
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
