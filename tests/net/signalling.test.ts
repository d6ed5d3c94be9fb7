import { describe, expect, it } from 'vitest';
import {
  defaultNetSettings,
  describeSignalling,
  detectSignalling,
  openPeerTransport,
  parseNetSettings,
  peerServerOptions,
  PEER_ID_PATTERN,
  PUBLIC_STUN,
  serializeNetSettings,
  signallingFor,
  type NetSettings,
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

describe('NetSettings', () => {
  const custom = {
    kind: 'custom',
    host: 'peers.example.org',
    port: 9000,
    path: '/peerjs',
    secure: true,
  } as const;

  it('defaults: same-origin without STUN when served by npm start, else public with STUN', () => {
    expect(defaultNetSettings({ kind: 'same-origin', path: '/peerjs' })).toEqual({
      signalling: { kind: 'same-origin' },
      iceServers: [],
    });
    expect(defaultNetSettings({ kind: 'public' })).toEqual({
      signalling: { kind: 'public' },
      iceServers: [PUBLIC_STUN],
    });
  });

  it('round-trips through its JSON text', () => {
    const settings: NetSettings = {
      signalling: custom,
      iceServers: [
        PUBLIC_STUN,
        {
          urls: ['turn:turn.example.org:3478', 'turns:turn.example.org:443?transport=tcp'],
          username: 'u',
          credential: 'p',
        },
      ],
    };
    expect(parseNetSettings(serializeNetSettings(settings))).toEqual({ ok: true, value: settings });
    expect(parseNetSettings({ signalling: { kind: 'public' }, iceServers: [] })).toEqual({
      ok: true,
      value: { signalling: { kind: 'public' }, iceServers: [] },
    });
  });

  it('refuses bad input with where and why', () => {
    const errors = (input: unknown): string[] => {
      const result = parseNetSettings(input);
      return result.ok ? [] : result.errors.map((e) => `${e.path}: ${e.reason}`);
    };
    expect(errors('{nope')).toEqual([': not valid JSON']);
    expect(errors(null)).toEqual([': settings must be an object']);
    expect(errors({ iceServers: [] })).toEqual([
      'signalling: missing: same-origin, public or custom',
    ]);
    expect(errors({ signalling: { kind: 'ftp' }, iceServers: [] })).toEqual([
      'signalling.kind: one of same-origin, public, custom',
    ]);
    expect(
      errors({
        signalling: {
          kind: 'custom',
          host: 'https://x.org',
          port: 0,
          path: 'peerjs',
          secure: 'yes',
        },
        iceServers: 'none',
      }),
    ).toEqual([
      'signalling.host: a host name only, without http:// or wss://',
      'signalling.port: a port number from 1 to 65535',
      'signalling.path: a path starting with /, like /peerjs',
      'signalling.secure: true (https, wss) or false',
      'iceServers: a list (empty for host candidates only)',
    ]);
    expect(
      errors({
        signalling: { kind: 'public' },
        iceServers: [{ urls: 'http://stun.x' }, { urls: 'turn:t.x:3478' }, 'stun:x', { urls: [] }],
      }),
    ).toEqual([
      'iceServers[0].urls: "http://stun.x" is not a stun:, stuns:, turn: or turns: URL',
      'iceServers[1].username: a TURN server needs a username and a credential',
      'iceServers[1].credential: a TURN server needs a username and a credential',
      'iceServers[2]: an object with urls',
      'iceServers[3].urls: a URL or a non-empty list of URLs',
    ]);
    expect(
      errors({ signalling: { kind: 'public' }, iceServers: Array(9).fill(PUBLIC_STUN) }),
    ).toEqual(['iceServers: at most 8 servers']);
  });

  it('becomes the Signalling that openPeerTransport takes', () => {
    const lan = defaultNetSettings({ kind: 'same-origin', path: '/t/peerjs' });
    expect(signallingFor(lan, '/t/peerjs')).toEqual({
      kind: 'same-origin',
      path: '/t/peerjs',
      iceServers: [],
    });
    const pub = signallingFor(defaultNetSettings({ kind: 'public' }), '/peerjs');
    expect(peerServerOptions(pub, httpOrigin)).toEqual({
      config: { iceServers: [{ urls: 'stun:stun.l.google.com:19302' }] },
    });
    expect(
      peerServerOptions(
        signallingFor({ signalling: custom, iceServers: [] }, '/peerjs'),
        httpOrigin,
      ),
    ).toEqual({
      host: 'peers.example.org',
      port: 9000,
      path: '/peerjs',
      secure: true,
      config: { iceServers: [] },
    });
  });
});
