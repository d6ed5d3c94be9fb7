// The Trainyard server: the static build plus a same-origin PeerServer, on one
// port. Used by `npm start` (LAN play without internet) and by the e2e tests.
import express from 'express';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExpressPeerServer } from 'peer';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * '' → '/', 'x/y' → '/x/y/'
 * @param {string} base
 */
function normalizeBase(base) {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

/**
 * The SPA fallback page is rendered for the site root (absolute `/_app/…`
 * paths); under another base, point those at the base instead.
 * @param {string} root
 * @param {string} base
 */
function fallbackHtml(root, base) {
  const file = path.join(root, '404.html');
  if (!fs.existsSync(file)) return undefined;
  const html = fs.readFileSync(file, 'utf8');
  if (base === '/') return html;
  const rebased = html
    .replace(/(href|src)="\/(?!\/)/g, `$1="${base}`)
    .replace(/import\("\/(?!\/)/g, `import("${base}`)
    .replace(/base: ""/, `base: ${JSON.stringify(base.slice(0, -1))}`);
  // The page's Content Security Policy allows its inline scripts by hash: follow the edit.
  const scripts = (/** @type {string} */ page) =>
    [...page.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(([, text]) =>
      sha256(text ?? ''),
    );
  const before = scripts(html);
  const after = scripts(rebased);
  return before.reduce((page, hash, i) => page.replace(hash, after[i] ?? hash), rebased);
}

/** @param {string} text */
function sha256(text) {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}

/**
 * http://<address>:<port><base> for every IPv4 interface (LAN first, loopback last).
 * @param {number} port
 * @param {string} [base]
 */
export function lanUrls(port, base = '/') {
  /** @type {string[]} */
  const urls = [];
  /** @type {string | undefined} */
  let loopback;
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const info of addresses ?? []) {
      // Node 18.0–18.3 reported the family as a number.
      if (String(info.family) !== 'IPv4' && String(info.family) !== '4') continue;
      const url = `http://${info.address}:${port}${base}`;
      if (info.internal) loopback ??= url;
      else urls.push(url);
    }
  }
  if (loopback) urls.push(loopback);
  return urls;
}

/**
 * Start serving. Resolves once listening.
 * @param {object} [options]
 * @param {number} [options.port] 0 picks a free port (default 8080)
 * @param {string} [options.host] default 0.0.0.0
 * @param {string} [options.root] directory to serve (default <project>/build)
 * @param {string} [options.base] URL path the build is served under (default '/')
 * @param {boolean} [options.peerServer] mount a PeerServer at `<base>peerjs` (default true)
 * @returns {Promise<{url: string, port: number, base: string, server: http.Server, close: () => Promise<void>}>}
 */
export async function startServer(options = {}) {
  const {
    port = 8080,
    host = '0.0.0.0',
    root = path.join(PROJECT_ROOT, 'build'),
    peerServer = true,
  } = options;
  const base = normalizeBase(options.base ?? '/');
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`no build at ${root} (run \`npm run build\`)`);
  }

  const app = express();
  app.disable('x-powered-by');
  const server = http.createServer(app);
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  if (base !== '/') {
    // The pages' relative links need the trailing slash: /trainyard → /trainyard/
    const bare = base.slice(0, -1);
    app.use((req, res, next) => {
      if (req.path !== bare) {
        next();
        return;
      }
      const q = req.originalUrl.indexOf('?');
      res.redirect(301, base + (q === -1 ? '' : req.originalUrl.slice(q)));
    });
  }

  if (peerServer) {
    // path '/' inside the mount: clients use path `<base>peerjs`.
    app.use(`${base}peerjs`, ExpressPeerServer(server, { path: '/', allow_discovery: false }));
  }

  app.use(
    base,
    express.static(root, {
      extensions: ['html'],
      setHeaders(res, file) {
        if (file.includes(`${path.sep}_app${path.sep}immutable${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'no-cache');
        }
      },
    }),
  );

  const fallback = fallbackHtml(root, base);
  app.use(base, (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !fallback || !req.accepts('html')) {
      next();
      return;
    }
    res.status(200).type('html').setHeader('Cache-Control', 'no-cache').send(fallback);
  });
  if (base !== '/') {
    app.get('/', (_req, res) => res.redirect(base));
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;

  /** @type {Promise<void> | undefined} */
  let closing;
  return {
    url: `http://${shownHost}:${actualPort}${base}`,
    port: actualPort,
    base,
    server,
    close() {
      closing ??= new Promise((resolve) => {
        server.close(() => resolve(undefined));
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}
