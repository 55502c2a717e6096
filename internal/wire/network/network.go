// Package network gives a function the network messages leave through:
// the End User Messaging Social adapter, built from the function's AWS
// configuration, in AWS; the simulator the local stack passes in
// (wire.Tweaks.Network) on the local stack. It never imports the
// simulator, so no Lambda links it.
package network

import (
	"fmt"

	"svc/internal/adapter/socialmsg"
	"svc/internal/feature/message"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
)

// EndpointService names the service in AWS_ENDPOINT_URL_<SERVICE>, the
// SDK's per-service endpoint override (cloud.Endpoint).
const EndpointService = "SOCIALMESSAGING"

// Network is the function's network, built once; its entry must declare
// Network.
func Network(d *wire.Deps) message.Network {
	return wire.Once(d, "network", func() message.Network {
		switch local := d.LocalNetwork().(type) {
		case nil:
			return socialmsg.New(socialmsg.NewClient(cloud.Config(d), cloud.Endpoint(d, EndpointService)))
		case message.Network:
			return local
		default:
			d.Invalid(fmt.Errorf("the local stack's network %T is not a message.Network", local))
			return nil
		}
	})
}
