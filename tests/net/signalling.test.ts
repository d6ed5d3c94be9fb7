import { describe, expect, it } from 'vitest';
import {
  describeSignalling,
  detectSignalling,
  openPeerTransport,
  peerServerOptions,
  PEER_ID_PATTERN,
} from '../../src/lib/net';

const httpOrigin = { protocol: 'http:', hostname: '192.168.1.20', port: '8080' };

describe('peerServerOptions', () => {
  it('leaves the public server to PeerJS defaults', () => {
    expect(peerServerOptions({ kind: 'public' }, httpOrigin)).toEqual({});
  });

  it('points same-origin at the page host with host-only ICE', () => {
    expect(peerServerOptions({ kind: 'same-origin', path: '/peerjs' }, httpOrigin)).toEqual({
      host: '192.168.1.20',
      port: 8080,
      path: '/peerjs',
      secure: false,
      config: { iceServers: [] },
    });
    const https = { protocol: 'https:', hostname: 'example.org', port: '' };
    expect(peerServerOptions({ kind: 'same-origin', path: '/t/peerjs' }, https)).toMatchObject({
      host: 'example.org',
      port: 443,
      path: '/t/peerjs',
      secure: true,
    });
  });

  it('fills custom defaults', () => {
    expect(peerServerOptions({ kind: 'custom', host: 'peers.example' }, httpOrigin)).toEqual({
      host: 'peers.example',
      port: 443,
      path: '/',
      secure: true,
    });
    expect(
      peerServerOptions(
        { kind: 'custom', host: 'lan', port: 9000, secure: false, iceServers: [] },
        httpOrigin,
      ),
    ).toEqual({ host: 'lan', port: 9000, path: '/', secure: false, config: { iceServers: [] } });
  });

  it('describes each choice', () => {
    expect(describeSignalling({ kind: 'public' })).toBe('public PeerJS server');
    expect(describeSignalling({ kind: 'same-origin', path: '/peerjs' })).toBe(
      'same-origin PeerServer at /peerjs',
    );
    expect(describeSignalling({ kind: 'custom', host: 'h', port: 9, secure: false })).toBe(
      'PeerServer at http://h:9/',
    );
  });
});

describe('detectSignalling', () => {
  const answer =
    (body: unknown, status = 200): typeof fetch =>
    async () =>
      new Response(JSON.stringify(body), { status });

  it('finds a PeerServer under the app base', async () => {
    const seen: string[] = [];
    const fetchFn: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify({ name: 'PeerJS Server' }));
    };
    expect(await detectSignalling('/trainyard', fetchFn)).toEqual({
      kind: 'same-origin',
      path: '/trainyard/peerjs',
    });
    expect(await detectSignalling('', fetchFn)).toEqual({ kind: 'same-origin', path: '/peerjs' });
    expect(seen).toEqual(['/trainyard/peerjs', '/peerjs']);
  });

  it('falls back to public for anything else', async () => {
    expect(await detectSignalling('', answer({ name: 'nginx' }))).toEqual({ kind: 'public' });
    expect(await detectSignalling('', answer('not found', 404))).toEqual({ kind: 'public' });
    const broken: typeof fetch = async () => new Response('<html>', { status: 200 });
    expect(await detectSignalling('', broken)).toEqual({ kind: 'public' });
    const offline: typeof fetch = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await detectSignalling('', offline)).toEqual({ kind: 'public' });
  });

  it('gives up after the timeout', async () => {
    const hang: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    expect(await detectSignalling('', hang, 20)).toEqual({ kind: 'public' });
  });
});

describe('openPeerTransport outside a browser', () => {
  it('rejects bad ids and missing WebRTC as results, not exceptions', async () => {
    expect(PEER_ID_PATTERN.test('host-1_a b')).toBe(true);
    expect(PEER_ID_PATTERN.test('-bad')).toBe(false);
    expect(await openPeerTransport({ signalling: { kind: 'public' }, id: 'bad!' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ID' },
    });
    expect(await openPeerTransport({ signalling: { kind: 'public' } })).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED' },
    });
  });
});
