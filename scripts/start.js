// `npm start`: build if needed, then serve the site and a PeerServer on the LAN.
import { buildIfNeeded } from './build-if-needed.js';
import { lanUrls, startServer } from './server.js';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';

try {
  buildIfNeeded();
} catch (error) {
  console.error(String(error instanceof Error ? error.message : error));
  process.exit(1);
}

let running;
try {
  running = await startServer({ port, host });
} catch (error) {
  const code = /** @type {{code?: string}} */ (error).code;
  if (code === 'EADDRINUSE') {
    console.error(`Port ${port} is in use; try PORT=${port + 1} npm start`);
  } else {
    console.error(error);
  }
  process.exit(1);
}

const urls = host === '0.0.0.0' ? lanUrls(running.port) : [running.url];
console.log('Trainyard is running, with its own signalling server (no internet needed).');
console.log('Open one of these on every device of the table:');
for (const url of urls) console.log(`  ${url}`);
console.log('Press Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
