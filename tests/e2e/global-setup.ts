// Serves the built site three ways for the browser suites, with the real
// server of `npm start`: at the root with a PeerServer, under /trainyard/ with
// a PeerServer, and under /trainyard/ as a plain static host would.
import { buildIfNeeded } from '../../scripts/build-if-needed.js';
import { startServer } from '../../scripts/server.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  buildIfNeeded();
  const host = '127.0.0.1';
  const root = await startServer({ port: 0, host });
  const sub = await startServer({ port: 0, host, base: '/trainyard/' });
  const plain = await startServer({ port: 0, host, base: '/trainyard/', peerServer: false });
  process.env.E2E_ROOT_URL = root.url;
  process.env.E2E_SUBPATH_URL = sub.url;
  process.env.E2E_STATIC_SUBPATH_URL = plain.url;
  return async () => {
    await Promise.all([root.close(), sub.close(), plain.close()]);
  };
}
