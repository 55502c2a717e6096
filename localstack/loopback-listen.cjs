// Preload (node -r ./loopback-listen.cjs ...) that keeps servers on loopback.
//
// fauxqs hard-codes host "0.0.0.0" and has no bind-address option. An unauthenticated emulator must
// not be reachable from the network, so every listen() that asks for "all interfaces" (no host,
// "0.0.0.0" or "::") is rewritten to BIND_HOST (default 127.0.0.1). Listens on an explicit host,
// a Unix socket path, a file descriptor or an existing handle are left untouched.
'use strict';

const net = require('node:net');

const host = process.env.BIND_HOST || '127.0.0.1';
const isAny = (h) => h === undefined || h === null || h === '' || h === '0.0.0.0' || h === '::';
const isPort = (v) => typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v));

const originalListen = net.Server.prototype.listen;

net.Server.prototype.listen = function listen(...args) {
  const first = args[0];
  if (first !== null && typeof first === 'object') {
    // listen(options[, cb]); handle objects and pipe/fd options are not TCP-on-any.
    const isHandle = '_handle' in first || first instanceof net.Server;
    if (!isHandle && first.path === undefined && first.fd === undefined && isAny(first.host)) {
      args[0] = { ...first, host };
    }
  } else if (isPort(first)) {
    // listen(port[, host][, backlog][, cb])
    if (typeof args[1] === 'string') {
      if (isAny(args[1])) args[1] = host;
    } else {
      args.splice(1, 0, host);
    }
  } else if (first === undefined || typeof first === 'function') {
    // listen() / listen(cb): a random port on all interfaces.
    args.unshift(0, host);
  }
  return originalListen.apply(this, args);
};
