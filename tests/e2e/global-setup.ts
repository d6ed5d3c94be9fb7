// Serves the built site three ways for the browser suites, with the real
// server of `npm start`: at the root with a PeerServer, under /trainyard/ with
// a PeerServer, and under /trainyard/ as a plain static host would; and the
// tampered test build (a page that cheats) on its own origin, with no server.
import path from 'node:path';
import { buildIfNeeded, TAMPER_BUILD } from '../../scripts/build-if-needed.js';
import { PROJECT_ROOT, startServer } from '../../scripts/server.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  buildIfNeeded();
  buildIfNeeded({ tamper: true });
  const host = '127.0.0.1';
  const root = await startServer({ port: 0, host });
  const sub = await startServer({ port: 0, host, base: '/trainyard/' });
  const plain = await startServer({ port: 0, host, base: '/trainyard/', peerServer: false });
  const tamper = await startServer({
    port: 0,
    host,
    root: path.join(PROJECT_ROOT, TAMPER_BUILD.out),
    peerServer: false,
  });
  process.env.E2E_ROOT_URL = root.url;
  process.env.E2E_TAMPER_URL = tamper.url;
  process.env.E2E_SUBPATH_URL = sub.url;
  process.env.E2E_STATIC_SUBPATH_URL = plain.url;
  return async () => {
    await Promise.all([root.close(), sub.close(), plain.close(), tamper.close()]);
  };
}
