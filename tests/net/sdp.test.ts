import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fixtures from './fixtures/chromium-sdp.json';
import {
  candidateLine,
  crc16,
  decodeCode,
  encodeCode,
  fromBase64Url,
  minimizeSdp,
  parseCandidate,
  rebuildSdp,
  toBase64Url,
  type MinimalSdp,
  type PairingCode,
} from '../../src/lib/net/sdp';

function min(sdp: string): MinimalSdp {
  const result = minimizeSdp(sdp);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

function code(value: PairingCode): string {
  const result = encodeCode(value);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

/** A Firefox-like SDP: 8-char ufrag, IPv6, server-reflexive, relay and TCP candidates. */
const FIREFOX_LIKE = [
  'v=0',
  'o=mozilla...THIS_IS_SDPARTA-99.0 4231 0 IN IP4 0.0.0.0',
  's=-',
  't=0 0',
  'a=fingerprint:sha-256 0F:74:31:25:CB:A2:13:EC:28:6F:6D:2C:61:FF:5D:C2:BC:B9:DB:3D:98:14:8D:1A:BB:EA:33:0C:A4:60:A8:8E',
  'a=group:BUNDLE 0',
  'm=application 55000 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 203.0.113.7',
  'a=candidate:0 1 UDP 2122252543 192.168.1.20 55000 typ host',
  'a=candidate:1 1 UDP 2122187007 2001:db8::1:0:0:1 55001 typ host',
  'a=candidate:2 1 TCP 2105524479 192.168.1.20 9 typ host tcptype active',
  'a=candidate:3 1 TCP 2105458943 192.168.1.20 443 typ host tcptype passive',
  'a=candidate:4 1 UDP 1685987327 203.0.113.7 55000 typ srflx raddr 192.168.1.20 rport 55000',
  'a=candidate:5 1 UDP 92217087 198.51.100.9 3478 typ relay raddr 203.0.113.7 rport 55000',
  'a=candidate:6 2 UDP 2122252542 192.168.1.20 55002 typ host',
  'a=candidate:7 1 UDP 2122252543 ::ffff:10.0.0.1 55003 typ host',
  'a=candidate:8 1 UDP 2122252543 peer.example.org 55004 typ host',
  'a=end-of-candidates',
  'a=ice-pwd:9c4f3e8d0a2b1c6d7e8f9a0b1c2d3e4f',
  'a=ice-ufrag:1f2e3d4c',
  'a=mid:0',
  'a=setup:actpass',
  'a=sctp-port:5000',
  'a=max-message-size:1073741823',
  '',
].join('\r\n');

describe('minimizeSdp and rebuildSdp', () => {
  it('keeps what a Chromium offer needs', () => {
    expect(min(fixtures.lan.offer)).toEqual({
      ufrag: 'C/xl',
      pwd: 'X4x58qNgPGKJRuz1bYXgEGdb',
      hash: 'sha-256',
      fingerprint: expect.any(Uint8Array),
      setup: 'actpass',
      candidates: [{ type: 'host', protocol: 'udp', address: '10.99.0.1', port: 58094 }],
    });
    expect(min(fixtures.lan.answer).setup).toBe('active');
    expect(min(fixtures.mdns.offer).candidates).toEqual([
      {
        type: 'host',
        protocol: 'udp',
        address: '5f9d918b-5c96-487d-beeb-2c54c7971c7c.local',
        port: 46176,
      },
    ]);
  });

  it('round-trips real and Firefox-like SDPs through the rebuilt SDP', () => {
    for (const sdp of [
      fixtures.lan.offer,
      fixtures.lan.answer,
      fixtures.mdns.offer,
      fixtures.mdns.answer,
      FIREFOX_LIKE,
    ]) {
      const first = min(sdp);
      const rebuilt = rebuildSdp(first);
      expect(rebuilt).toContain('m=application 9 UDP/DTLS/SCTP webrtc-datachannel');
      expect(rebuilt).toContain('a=sctp-port:5000');
      expect(min(rebuilt)).toEqual(first);
    }
  });

  it('rebuilds the fingerprint, credentials and candidate lines exactly', () => {
    const rebuilt = rebuildSdp(min(fixtures.lan.offer));
    const line = (prefix: string): string | undefined =>
      rebuilt.split('\r\n').find((l) => l.startsWith(prefix));
    const original = (prefix: string): string | undefined =>
      fixtures.lan.offer.split('\r\n').find((l) => l.startsWith(prefix));
    for (const prefix of ['a=fingerprint:', 'a=ice-ufrag:', 'a=ice-pwd:', 'a=setup:']) {
      expect(line(prefix)).toBe(original(prefix));
    }
    expect(line('a=candidate:')).toBe(
      'a=candidate:1 1 udp 2130706431 10.99.0.1 58094 typ host generation 0',
    );
  });

  it('drops what no peer needs: TCP active, component 2, duplicates', () => {
    const { candidates } = min(FIREFOX_LIKE);
    expect(candidates.map((c) => `${c.protocol}/${c.type}/${c.address}:${c.port}`)).toEqual([
      'udp/host/192.168.1.20:55000',
      'udp/host/2001:db8::1:0:0:1:55001',
      'tcp/host/192.168.1.20:443',
      'udp/srflx/203.0.113.7:55000',
      'udp/relay/198.51.100.9:3478',
      'udp/host/::ffff:a00:1:55003', // ::ffff:10.0.0.1, canonical
      'udp/host/peer.example.org:55004',
    ]);
    expect(candidates[2]?.tcpType).toBe('passive');
  });

  it('refuses SDPs without credentials or fingerprint', () => {
    expect(minimizeSdp('v=0\r\n')).toMatchObject({ ok: false });
    expect(minimizeSdp(fixtures.lan.offer.replace(/a=fingerprint:[^\r]*\r\n/, ''))).toMatchObject({
      ok: false,
      reason: 'no usable fingerprint',
    });
    expect(minimizeSdp(fixtures.lan.offer.replace('ice-pwd:X4x', 'ice-pwd:X x'))).toMatchObject({
      ok: false,
    });
  });

  it('parses and writes candidate lines', () => {
    expect(parseCandidate('candidate:1 1 udp 1 10.0.0.1 5 typ host')).toEqual({
      type: 'host',
      protocol: 'udp',
      address: '10.0.0.1',
      port: 5,
    });
    expect(parseCandidate('candidate:1 1 udp 1 10.0.0.1 5 typ nope')).toBeUndefined();
    expect(parseCandidate('candidate:1 1 sctp 1 10.0.0.1 5 typ host')).toBeUndefined();
    expect(parseCandidate('candidate:1 1 udp 1 300.0.0.1 5 typ host')).toBeUndefined();
    expect(parseCandidate('candidate:1 1 tcp 1 10.0.0.1 5 typ host')).toBeUndefined();
    expect(parseCandidate('garbage')).toBeUndefined();
    const relay = { type: 'relay', protocol: 'udp', address: '1.2.3.4', port: 3478 } as const;
    expect(parseCandidate(candidateLine(relay, 3))).toEqual(relay);
  });
});

describe('pairing codes', () => {
  const offer: PairingCode = {
    kind: 'offer',
    nonce: 0xdeadbeef,
    peer: 'host-3f9a2c1e',
    sdp: min(fixtures.lan.offer),
  };

  it('round-trip, and are short (measured)', () => {
    const sizes: Record<string, number> = {};
    for (const [name, sdp, kind] of [
      ['lan offer', fixtures.lan.offer, 'offer'],
      ['lan answer', fixtures.lan.answer, 'answer'],
      ['mdns offer', fixtures.mdns.offer, 'offer'],
      ['mdns answer', fixtures.mdns.answer, 'answer'],
      ['firefox-like, 7 candidates', FIREFOX_LIKE, 'offer'],
    ] as const) {
      const value: PairingCode = { kind, nonce: 7, peer: 'host-3f9a2c1e', sdp: min(sdp) };
      const text = code(value);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCode(text)).toEqual({ ok: true, value });
      sizes[name] = text.length;
    }
    // One host candidate and a 13-character id: 114 characters (85 bytes), far
    // below the 300 aimed at; the fingerprint alone is 43 of them.
    expect(sizes['lan offer']).toBeLessThanOrEqual(120);
    expect(sizes['mdns offer']).toBeLessThanOrEqual(135);
    expect(sizes['firefox-like, 7 candidates']).toBeLessThanOrEqual(300);
    console.log('pairing code sizes (characters):', sizes);
  });

  it('two host candidates (IPv4 and mDNS) stay well under 300 characters', () => {
    const two: PairingCode = {
      ...offer,
      sdp: {
        ...offer.sdp,
        candidates: [
          { type: 'host', protocol: 'udp', address: '192.168.1.20', port: 50123 },
          min(fixtures.mdns.offer).candidates[0]!,
        ],
      },
    };
    expect(code(two).length).toBeLessThan(150);
  });

  it('accept whitespace and standard base64 (copied text, wrapped lines)', () => {
    const text = code(offer);
    const wrapped = `  ${text.slice(0, 30)}\n${text.slice(30)}  `;
    expect(decodeCode(wrapped)).toEqual({ ok: true, value: offer });
    expect(decodeCode(text.replace(/-/g, '+').replace(/_/g, '/'))).toEqual({
      ok: true,
      value: offer,
    });
  });

  it('refuse empty, foreign, truncated and damaged codes with a reason', () => {
    const text = code(offer);
    expect(decodeCode('')).toEqual({ ok: false, reason: 'the code is empty' });
    expect(decodeCode('héllo')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('characters'),
    });
    expect(decodeCode('AAAA')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('short'),
    });
    expect(
      decodeCode(toBase64Url(new TextEncoder().encode('https://example.org/some/page'))),
    ).toMatchObject({
      ok: false,
      reason: 'this is not a Trainyard pairing code',
    });
    for (let length = 0; length < text.length; length++) {
      const result = decodeCode(text.slice(0, length));
      expect(result.ok, `cut at ${length}`).toBe(false);
    }
    // Every single-character change is caught.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let at = 0; at < text.length; at++) {
      const replacement = alphabet[(alphabet.indexOf(text[at]!) + 17) % 64]!;
      const changed = text.slice(0, at) + replacement + text.slice(at + 1);
      const result = decodeCode(changed);
      // The last character may carry only padding bits.
      if (result.ok) expect(result.value).toEqual(offer);
    }
  });

  it('property: random text never crashes the decoder', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.base64String(), fc.uint8Array().map(toBase64Url)),
        (text) => {
          const result = decodeCode(text);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuse to encode what cannot travel', () => {
    expect(encodeCode({ ...offer, peer: '' })).toMatchObject({ ok: false });
    expect(encodeCode({ ...offer, peer: 'x'.repeat(65) })).toMatchObject({ ok: false });
    expect(
      encodeCode({ ...offer, sdp: { ...offer.sdp, fingerprint: new Uint8Array(3) } }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('base64url and CRC helpers', () => {
    for (let n = 0; n < 10; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n) & 0xff);
      expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    }
    expect(fromBase64Url('A')).toBeUndefined();
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0x29b1);
  });
});
