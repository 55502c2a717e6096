package netsim

import (
	"fmt"
	"strconv"
	"strings"
)

// EnvScript scripts recipients of the local stack's simulator from make
// run's environment: comma-separated number=behaviour pairs, where the
// behaviour is "refuse" (the network refuses every message, as
// undeliverable), "fail:N" (the next N messages fail transiently),
// "undeliverable" (messages are accepted, then reported failed with
// 131026) or "noread" (messages are delivered, never read); a number may
// take several, e.g. "15550001111=refuse,15550002222=fail:2,15550003333=noread".
const EnvScript = "SVC_NETSIM_SCRIPT"

// ParseScripts reads scripts in EnvScript's format; "" is no script.
func ParseScripts(spec string) (map[string]Script, error) {
	out := map[string]Script{}
	for _, pair := range strings.Split(spec, ",") {
		pair = strings.TrimSpace(pair)
		if pair == "" {
			continue
		}
		number, behaviour, ok := strings.Cut(pair, "=")
		if number = strings.TrimSpace(number); !ok || number == "" {
			return nil, fmt.Errorf("%s: %q: want number=refuse or number=fail:N", EnvScript, pair)
		}
		sc := out[number]
		switch behaviour = strings.TrimSpace(behaviour); {
		case behaviour == "refuse":
			sc.Refuse = true
		case behaviour == "undeliverable":
			sc.Undeliverable = true
		case behaviour == "noread":
			sc.NeverRead = true
		case strings.HasPrefix(behaviour, "fail:"):
			n, err := strconv.Atoi(strings.TrimPrefix(behaviour, "fail:"))
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("%s: %q: want fail:N with N a positive integer", EnvScript, pair)
			}
			sc.FailTimes = n
		default:
			return nil, fmt.Errorf("%s: %q: want number=refuse, fail:N, undeliverable or noread", EnvScript, pair)
		}
		out[number] = sc
	}
	return out, nil
}
