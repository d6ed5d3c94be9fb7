// The `npm start` server against a tiny fake build: static files, the SPA
// fallback (rebased under a subpath), the PeerServer endpoint and the LAN URLs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanUrls, startServer } from '../../scripts/server.js';

let root = '';

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'trainyard-server-'));
  fs.mkdirSync(path.join(root, '_app', 'immutable'), { recursive: true });
  fs.mkdirSync(path.join(root, 'dev'));
  fs.writeFileSync(path.join(root, 'index.html'), '<p>landing</p>');
  fs.writeFileSync(path.join(root, 'dev', 'pipe.html'), '<p>pipe</p>');
  fs.writeFileSync(path.join(root, '_app', 'immutable', 'a.js'), 'export {};');
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

  it('lists LAN addresses before loopback', () => {
    const urls = lanUrls(8080);
    expect(urls.at(-1)).toMatch(/^http:\/\/127\.\d+\.\d+\.\d+:8080\/$/);
    for (const url of urls) expect(url).toMatch(/^http:\/\/[\d.]+:8080\/$/);
  });
});
