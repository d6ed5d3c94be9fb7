// The `npm start` server against a tiny fake build: static files, the SPA
// fallback (rebased under a subpath), the PeerServer endpoint and the LAN URLs;
// every address with or without its trailing slash; compressed copies.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanUrls, startServer } from '../../scripts/server.js';
import zlib from 'node:zlib';

/** The script a page loads, big enough to be worth compressing. */
const BIG = `export const words = ${JSON.stringify('all aboard '.repeat(400))};`;

/** One GET as the browser sends it, the body as sent (not decoded). */
function raw(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

let root = '';

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'trainyard-server-'));
  fs.mkdirSync(path.join(root, '_app', 'immutable'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dev'));
  fs.writeFileSync(path.join(root, 'index.html'), '<p>landing</p>');
  fs.writeFileSync(path.join(root, 'dev', 'pipe.html'), '<p>pipe</p>');
  fs.writeFileSync(path.join(root, '_app', 'immutable', 'a.js'), 'export {};');
  fs.writeFileSync(path.join(root, '_app', 'immutable', 'big.js'), BIG);
  // A prerendered page beside the folder of its sub-pages, as /rules and /rules/x are.
  fs.mkdirSync(path.join(root, 'rules'));
  fs.writeFileSync(path.join(root, 'rules.html'), '<p>rules</p>');
  fs.writeFileSync(path.join(root, 'rules', 'x.html'), '<p>rule x</p>');
  fs.writeFileSync(
    path.join(root, '404.html'),
    '<link href="/_app/immutable/a.js" rel="modulepreload"><script>x = { base: "" }; import("/_app/immutable/a.js")</script>',
  );
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('startServer', () => {
  it('serves the build, the SPA fallback and a PeerServer at the root', async () => {
    const server = await startServer({ port: 0, host: '127.0.0.1', root });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
      expect(await (await fetch(server.url)).text()).toBe('<p>landing</p>');
      expect(await (await fetch(`${server.url}dev/pipe`)).text()).toBe('<p>pipe</p>');
      const asset = await fetch(`${server.url}_app/immutable/a.js`);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      const deep = await fetch(`${server.url}table/abc?join=1`, {
        headers: { accept: 'text/html' },
      });
      expect(deep.status).toBe(200);
      expect(await deep.text()).toContain('import("/_app/immutable/a.js")');
      const peer = await fetch(`${server.url}peerjs`);
      expect(await peer.json()).toMatchObject({ name: 'PeerJS Server' });
      const id = await fetch(`${server.url}peerjs/peerjs/id`);
      expect(await id.text()).toMatch(/^[0-9a-f-]{36}$/);
      expect((await fetch(`${server.url}peerjs/peerjs/peers`)).status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('serves under a subpath, rebasing the fallback, and can leave the PeerServer out', async () => {
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      root,
      base: 'trainyard',
      peerServer: false,
    });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}/trainyard/`);
      const bare = await fetch(`http://127.0.0.1:${server.port}/trainyard?x=1`, {
        redirect: 'manual',
      });
      expect(bare.status).toBe(301);
      expect(bare.headers.get('location')).toBe('/trainyard/?x=1');
      expect(await (await fetch(server.url)).text()).toBe('<p>landing</p>');
      const deep = await (
        await fetch(`${server.url}a/b`, { headers: { accept: 'text/html' } })
      ).text();
      expect(deep).toContain('href="/trainyard/_app/immutable/a.js"');
      expect(deep).toContain('import("/trainyard/_app/immutable/a.js")');
      expect(deep).toContain('base: "/trainyard"');
      const peer = await fetch(`${server.url}peerjs`, { headers: { accept: 'application/json' } });
      expect(peer.status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('refuses a directory without a build', async () => {
    await expect(startServer({ port: 0, root: os.tmpdir() })).rejects.toThrow(/no build/);
  });

  it('answers every page with or without its trailing slash, never by a folder redirect', async () => {
    for (const base of ['/', '/trainyard/']) {
      const server = await startServer({
        port: 0,
        host: '127.0.0.1',
        root,
        base,
        peerServer: false,
      });
      try {
        const at = (p: string) => fetch(`${server.url}${p}`, { redirect: 'manual' });
        const rules = await at('rules');
        expect(rules.status).toBe(200);
        expect(await rules.text()).toBe('<p>rules</p>');
        expect(await (await at('rules/x')).text()).toBe('<p>rule x</p>');
        for (const [slashed, bare] of [
          ['rules/?x=1', 'rules?x=1'],
          ['rules/x/', 'rules/x'],
          ['dev/pipe/', 'dev/pipe'],
        ] as const) {
          const moved = await at(slashed);
          expect(moved.status).toBe(301);
          expect(moved.headers.get('location')).toBe(`${server.base}${bare}`);
        }
        expect(await (await at('')).text()).toBe('<p>landing</p>');
        const outside = await raw(`${server.url}%2e%2e/%2e%2e/%2e%2e/etc/passwd`);
        expect(outside.body.toString()).not.toContain('root:');
      } finally {
        await server.close();
      }
    }
  });

  it('sends a text file compressed to a browser that takes it, made once after a build', async () => {
    const server = await startServer({ port: 0, host: '127.0.0.1', root, peerServer: false });
    const url = `${server.url}_app/immutable/big.js`;
    try {
      expect(fs.existsSync(path.join(root, '_app', 'immutable', 'big.js.br'))).toBe(true);
      const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toBe('Accept-Encoding');
      expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.body.length).toBeLessThan(BIG.length / 4);
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(BIG);

      const gz = await raw(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.body).toString()).toBe(BIG);

      const plain = await raw(url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toBe('Accept-Encoding');
      expect(plain.body.toString()).toBe(BIG);

      // The fallback page too.
      const deep = await raw(`${server.url}table/x`, {
        accept: 'text/html',
        'accept-encoding': 'br',
      });
      expect(deep.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(deep.body).toString()).toContain('import(');

      // A file changed after its copy was made is sent as it is now.
      const changed = `${BIG}\n// changed`;
      const file = path.join(root, '_app', 'immutable', 'big.js');
      fs.writeFileSync(file, changed);
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(file, later, later);
      const fresh = await raw(url, { 'accept-encoding': 'br' });
      expect(fresh.headers['content-encoding']).toBeUndefined();
      expect(fresh.body.toString()).toBe(changed);
    } finally {
      await server.close();
    }
  });

  it('lists LAN addresses before loopback', () => {
    const urls = lanUrls(8080);
    expect(urls.at(-1)).toMatch(/^http:\/\/127\.\d+\.\d+\.\d+:8080\/$/);
    for (const url of urls) expect(url).toMatch(/^http:\/\/[\d.]+:8080\/$/);
  });
});
