// Starts fauxqs (SQS emulator) quietly and stops it on SIGTERM/SIGINT.
//
// fauxqs's own CLI forces its request logger on, which floods test output, so this uses the library
// entry point instead. Run it as: node -r ./loopback-listen.cjs fauxqs-start.mjs
// Environment: FAUXQS_PORT (default 4566), FAUXQS_LOGGER=true to see every request.
import { startFauxqs } from 'fauxqs';

const port = Number.parseInt(process.env.FAUXQS_PORT ?? '4566', 10);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`fauxqs-start: invalid FAUXQS_PORT ${JSON.stringify(process.env.FAUXQS_PORT)}`);
  process.exit(2);
}

const server = await startFauxqs({ port, logger: process.env.FAUXQS_LOGGER === 'true' });
console.log(`fauxqs listening on ${server.address}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // Never hang on a stuck connection: the parent escalates to SIGKILL anyway, this just exits first.
  setTimeout(() => process.exit(0), 2000).unref();
  try {
    await server.stop?.();
  } finally {
    process.exit(0);
  }
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
