// The offline app: on install, one cache per version gets the whole site (the
// build, static files, every prerendered page and the SPA fallback); pages and
// assets are then answered from that cache, so the app a page runs is the one
// its service worker installed. A new version waits until the page asks it to
// take over (SKIP_WAITING, from the update banner). The PeerServer under the
// site, anything cross-origin and anything not precached go to the network.
/// <reference lib="webworker" />
import { base, build, files, prerendered, version } from '$service-worker';

// This module runs as the service worker: its global is the worker's scope.
declare const self: ServiceWorkerGlobalScope;
const sw = self;
const ROOT = `${base}/`;
// Other sites may share this origin's caches (under other subpaths): ours are named for our base.
const OURS = `trainyard ${ROOT} `;
const CACHE = `${OURS}${version}`;
const PEER_SERVER = `${base}/peerjs`;
/** Where the fallback page is kept: what the host answers for a path it does not know. */
const FALLBACK = `${base}/404.html`;
/** A path no page has, to ask the host for its fallback (a subpath host rewrites it for its base). */
const UNKNOWN = `${base}/__trainyard-offline-fallback`;

const PAGES = new Set(prerendered);
const PRECACHED = new Set([...build, ...files, ...PAGES]);
/** The server varies its encoding, not the file: a copy answers whatever the browser accepts. */
const MATCH: CacheQueryOptions = { ignoreVary: true };
const WORKER_ASSET = /\/_app\/immutable\/workers\/assets\/[\w.-]+\.wasm$/;

async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  // Hashed build files may come from the HTTP cache; pages and static files are revalidated.
  await cache.addAll([...build, ...files.map((url) => new Request(url, { cache: 'no-cache' }))]);
  await Promise.all([...PAGES].map(async (path) => cache.put(path, await pageCopy(path))));
  await cache.addAll(await workerAssets());
  const fallback = await fetch(UNKNOWN, { cache: 'no-cache' }).catch(() => null);
  if (fallback?.headers.get('content-type')?.startsWith('text/html')) {
    // A static host answers 404 with the page; the page is what is kept.
    await cache.put(FALLBACK, await rebuilt(fallback, 200));
  }
}

/**
 * A prerendered page as kept: fetched at its address or, where the host sends
 * that on elsewhere (a folder's `/rules` to `/rules/`, which is another page or
 * none), from its file; never a redirected response, which a navigation refuses.
 */
async function pageCopy(path: string): Promise<Response> {
  let redirected: Response | null = null;
  for (const url of path === ROOT ? [path] : [path, `${path}.html`]) {
    const response = await fetch(url, { cache: 'no-cache' });
    if (response.ok && !response.redirected) return response;
    if (response.ok) redirected ??= response;
  }
  if (!redirected) throw new Error(`offline app: no page at ${path}`);
  return rebuilt(redirected, redirected.status);
}

/**
 * The same page as a response made here: not marked as redirected, and its body
 * as read (decoded), so without the network's encoding and length.
 */
async function rebuilt(response: Response, status: number): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(await response.blob(), { status, headers });
}

/**
 * Files the Web Workers load by URL (the accelerator's .wasm), which the
 * build list does not name: read from the workers' code.
 */
async function workerAssets(): Promise<string[]> {
  const found = new Set<string>();
  for (const file of build.filter((f) => f.includes('/_app/immutable/workers/'))) {
    const code = await (await fetch(file)).text();
    const dir = file.slice(0, file.lastIndexOf('/') + 1);
    for (const m of code.matchAll(/["'`](assets\/[\w.-]+\.wasm)["'`]/g)) found.add(`${dir}${m[1]}`);
  }
  return [...found];
}

async function dropOldCaches(): Promise<void> {
  const names = await caches.keys();
  const old = names.filter((n) => n.startsWith(OURS) && n !== CACHE);
  await Promise.all(old.map((n) => caches.delete(n)));
  // On the first install, take the page that installed us (same version).
  await sw.clients.claim();
}

/** A navigation: the prerendered page whatever the query; an unknown path, the network, else the fallback. */
async function page(request: Request, url: URL): Promise<Response> {
  if (base !== '' && url.pathname === base) {
    // The pages' relative links need the trailing slash.
    return Response.redirect(`${ROOT}${url.search}`, 301);
  }
  const cache = await caches.open(CACHE);
  if (PAGES.has(url.pathname)) {
    const cached = await cache.match(url.pathname, MATCH);
    if (cached) return cached.redirected ? rebuilt(cached, cached.status) : cached;
  }
  const bare = url.pathname.replace(/\/+$/, '');
  if (bare !== url.pathname && bare.startsWith(ROOT) && PAGES.has(bare)) {
    // `/rules/` is the page `/rules`, at the address its relative links are made for.
    return Response.redirect(`${bare}${url.search}`, 301);
  }
  try {
    return await fetch(request);
  } catch (error) {
    const fallback = await cache.match(FALLBACK, MATCH);
    if (fallback) return fallback;
    throw error;
  }
}

async function asset(request: Request, pathname: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  return (await cache.match(pathname, MATCH)) ?? fetch(request);
}

sw.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(dropOldCaches());
});

sw.addEventListener('message', (event) => {
  if (event.data === 'SKIP_WAITING') void sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (url.pathname === PEER_SERVER || url.pathname.startsWith(`${PEER_SERVER}/`)) return;
  if (request.mode === 'navigate') {
    if (url.pathname === base || url.pathname.startsWith(ROOT)) {
      event.respondWith(page(request, url));
    }
    return;
  }
  if (PRECACHED.has(url.pathname) || WORKER_ASSET.test(url.pathname)) {
    event.respondWith(asset(request, url.pathname));
  }
});
