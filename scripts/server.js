// The Trainyard server: the static build plus a same-origin PeerServer, on one
// port. Used by `npm start` (LAN play without internet) and by the e2e tests.
import express from 'express';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { ExpressPeerServer } from 'peer';
import { COMPRESSIBLE, freshCopy, precompress } from './precompress.js';

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

/** @param {string} file */
function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The built file an address names, or where to send the browser instead: `/x` is
 * the page x.html even beside a folder x/ (a host redirecting it to `/x/` broke the
 * offline app's copy of it), `/x/` goes to `/x`, and a folder's index.html answers
 * for it. Undefined: no such file (the fallback page answers).
 * @param {string} root
 * @param {string} address the path under the base, as requested
 * @returns {{ file: string } | { redirect: string } | undefined}
 */
export function builtFile(root, address) {
  let relative;
  try {
    relative = decodeURIComponent(address);
  } catch {
    return undefined;
  }
  if (relative.includes('\0') || /(^|\/)\.(?!well-known\/)/.test(relative)) return undefined;
  const full = path.join(root, relative);
  if (full !== root && !full.startsWith(root + path.sep)) return undefined;
  if (relative.endsWith('/')) {
    const index = path.join(full, 'index.html');
    if (isFile(index)) return { file: index };
    const page = `${full.replace(/[\\/]+$/, '')}.html`;
    if (full !== root && isFile(page)) return { redirect: address.replace(/\/+$/, '') };
    return undefined;
  }
  if (isFile(full)) return { file: full };
  if (isFile(`${full}.html`)) return { file: `${full}.html` };
  return undefined;
}

/**
 * Brotli, else gzip, if the browser takes it (whatever order it lists them in).
 * @param {import('express').Request} req
 */
function preferredEncoding(req) {
  if (req.acceptsEncodings('br') === 'br') return 'br';
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined;
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

  // Each text file is sent as its Brotli or gzip copy to a browser that takes it.
  await precompress(root);
  app.use(base, (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const found = builtFile(root, req.path);
    if (!found) {
      next();
      return;
    }
    if ('redirect' in found) {
      const q = req.originalUrl.indexOf('?');
      res.redirect(301, req.baseUrl + found.redirect + (q === -1 ? '' : req.originalUrl.slice(q)));
      return;
    }
    const { file } = found;
    const immutable = file.includes(`${path.sep}_app${path.sep}immutable${path.sep}`);
    res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    let sent = file;
    if (COMPRESSIBLE.test(file)) {
      res.setHeader('Vary', 'Accept-Encoding');
      const encoding = preferredEncoding(req);
      const ext = encoding === 'br' ? 'br' : 'gz';
      if (encoding && freshCopy(file, ext)) {
        res.type(path.extname(file));
        res.setHeader('Content-Encoding', encoding);
        sent = `${file}.${ext}`;
      }
    }
    res.sendFile(sent, { cacheControl: false, dotfiles: 'allow' }, (error) => {
      // A request the browser gave up on (a page left, a test's route) needs no answer.
      const aborted = /** @type {{ code?: string }} */ (error)?.code === 'ECONNABORTED';
      if (error && !aborted && !res.headersSent) next(error);
    });
  });

  const fallback = fallbackHtml(root, base);
  const compressedFallback = fallback && {
    br: zlib.brotliCompressSync(fallback),
    gzip: zlib.gzipSync(fallback, { level: 9 }),
  };
  app.use(base, (req, res, next) => {
    // A file of the build that is not there (an old version's) is not a page.
    const file = req.path.startsWith('/_app/');
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !fallback ||
      file ||
      !req.accepts('html')
    ) {
      next();
      return;
    }
    res.status(200).type('html').setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    const encoding = preferredEncoding(req);
    if (compressedFallback && (encoding === 'br' || encoding === 'gzip')) {
      res.setHeader('Content-Encoding', encoding);
      res.send(compressedFallback[encoding]);
    } else res.send(fallback);
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
