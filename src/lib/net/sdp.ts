// Pairing codes, pure: a data-channel-only SDP cut down to what a browser
// needs to rebuild it (ICE credentials, DTLS fingerprint and role, the
// candidates), packed in binary with the sender's peer id and a nonce that
// ties an answer to its offer, then base64url. A typical LAN offer with one or
// two host candidates is about 100–130 characters: small enough for a QR
// code a phone reads at a glance, or a link.
//
// Layout (version 1), all integers big-endian:
//   u8   0xB0 | kind (0 offer, 1 answer)
//   u32  nonce (the offer's; an answer repeats it)
//   u8   id length, id (ASCII)
//   u8   ufrag length in characters, ufrag packed 6 bits a character
//   u8   pwd length in characters, pwd packed the same way
//   u8   hash algorithm << 4 | setup role, then the fingerprint's bytes
//   u8   candidate count, per candidate:
//          u8 type << 6 | protocol << 5 | tcptype << 3 | address form
//          address: IPv4 4 bytes | IPv6 16 | mDNS UUID 16 | u8 length + name
//          u16 port
//   u16  CRC-16 (CCITT-FALSE) of everything before it
// ICE characters are exactly the base64 alphabet, hence the 6-bit packing.
import type { PeerId } from './transport';

export const CODE_KINDS = ['offer', 'answer'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

export const SETUP_ROLES = ['actpass', 'active', 'passive'] as const;
export type SetupRole = (typeof SETUP_ROLES)[number];

export const HASH_ALGORITHMS = ['sha-256', 'sha-384', 'sha-512', 'sha-1'] as const;
export type HashAlgorithm = (typeof HASH_ALGORITHMS)[number];
const HASH_BYTES: Record<HashAlgorithm, number> = {
  'sha-256': 32,
  'sha-384': 48,
  'sha-512': 64,
  'sha-1': 20,
};

export const CANDIDATE_TYPES = ['host', 'srflx', 'prflx', 'relay'] as const;
export type CandidateType = (typeof CANDIDATE_TYPES)[number];
export const TCP_TYPES = ['active', 'passive', 'so'] as const;
export type TcpType = (typeof TCP_TYPES)[number];

export interface Candidate {
  readonly type: CandidateType;
  readonly protocol: 'udp' | 'tcp';
  /** For TCP candidates. */
  readonly tcpType?: TcpType;
  /** IPv4, IPv6 or a host name (an mDNS `<uuid>.local` as browsers hide LAN addresses). */
  readonly address: string;
  readonly port: number;
}

/** What is kept of an SDP: enough to rebuild a data-channel-only one. */
export interface MinimalSdp {
  readonly ufrag: string;
  readonly pwd: string;
  readonly hash: HashAlgorithm;
  /** Fingerprint bytes. */
  readonly fingerprint: Uint8Array;
  readonly setup: SetupRole;
  readonly candidates: readonly Candidate[];
}

/** A decoded pairing code. */
export interface PairingCode {
  readonly kind: CodeKind;
  readonly nonce: number;
  readonly peer: PeerId;
  readonly sdp: MinimalSdp;
}

export type CodeResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

const good = <T>(value: T): CodeResult<T> => ({ ok: true, value });
const bad = <T = never>(reason: string): CodeResult<T> => ({ ok: false, reason });

const ICE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ICE_CHAR = /^[A-Za-z0-9+/]{1,255}$/;
const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const ID = /^[\x21-\x7e]{1,64}$/;
const MAGIC = 0xb0;
const ADDRESS_FORMS = ['ipv4', 'ipv6', 'mdns', 'name'] as const;

// ---------------------------------------------------------------- SDP text

/** Keep what a data-channel-only SDP needs; refuses SDPs without it. */
export function minimizeSdp(sdp: string): CodeResult<MinimalSdp> {
  let ufrag: string | undefined;
  let pwd: string | undefined;
  let fingerprint: { hash: HashAlgorithm; bytes: Uint8Array } | undefined;
  let setup: SetupRole | undefined;
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  for (const raw of sdp.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('a=ice-ufrag:')) ufrag ??= line.slice(12);
    else if (line.startsWith('a=ice-pwd:')) pwd ??= line.slice(10);
    else if (line.startsWith('a=setup:')) {
      const role = line.slice(8) as SetupRole;
      if (!SETUP_ROLES.includes(role)) return bad(`unknown setup role ${role}`);
      setup ??= role;
    } else if (line.startsWith('a=fingerprint:')) {
      const [algorithm = '', hex = ''] = line.slice(14).split(' ');
      const hash = algorithm.toLowerCase() as HashAlgorithm;
      if (!HASH_ALGORITHMS.includes(hash)) continue; // another may follow
      const bytes = hexBytes(hex);
      if (bytes?.length !== HASH_BYTES[hash]) return bad('malformed fingerprint');
      fingerprint ??= { hash, bytes };
    } else if (line.startsWith('a=candidate:')) {
      const candidate = parseCandidate(line.slice(2));
      if (!candidate) continue;
      // Active TCP candidates (port 9) only ever dial out: the far side needs
      // none of them to reach us, so they are left out to keep codes short.
      if (candidate.protocol === 'tcp' && candidate.tcpType === 'active') continue;
      const key = `${candidate.protocol} ${candidate.address} ${candidate.port}`;
      if (seen.has(key)) continue;
      seen.add(key);
      candidates.push(candidate);
    }
  }
  if (ufrag === undefined || !ICE_CHAR.test(ufrag)) return bad('no usable ice-ufrag');
  if (pwd === undefined || !ICE_CHAR.test(pwd)) return bad('no usable ice-pwd');
  if (!fingerprint) return bad('no usable fingerprint');
  if (candidates.length > 255) candidates.length = 255;
  return good({
    ufrag,
    pwd,
    hash: fingerprint.hash,
    fingerprint: fingerprint.bytes,
    setup: setup ?? 'actpass',
    candidates,
  });
}

/**
 * A candidate line (`candidate:…`, with or without `a=`), or undefined for
 * one we cannot carry (unknown type, address or protocol).
 */
export function parseCandidate(line: string): Candidate | undefined {
  const fields = line
    .replace(/^a=/, '')
    .replace(/^candidate:/, '')
    .trim()
    .split(/\s+/);
  // foundation component protocol priority address port "typ" type …
  if (fields.length < 8 || fields[6] !== 'typ') return undefined;
  const protocol = fields[2]!.toLowerCase();
  if (protocol !== 'udp' && protocol !== 'tcp') return undefined;
  if (fields[1] !== '1') return undefined; // data channels bundle one component
  const type = fields[7] as CandidateType;
  if (!CANDIDATE_TYPES.includes(type)) return undefined;
  const port = Number(fields[5]);
  if (!Number.isInteger(port) || port < 0 || port > 0xffff) return undefined;
  const form = addressForm(fields[4]!);
  if (form === undefined) return undefined;
  // IPv6 in its canonical form (RFC 5952), as a decoded code gives it back.
  const address = form === 'ipv6' ? ipv6Text(ipv6Bytes(fields[4]!)!) : fields[4]!;
  let tcpType: TcpType | undefined;
  if (protocol === 'tcp') {
    const at = fields.indexOf('tcptype');
    const value = at === -1 ? undefined : (fields[at + 1] as TcpType);
    if (value === undefined || !TCP_TYPES.includes(value)) return undefined;
    tcpType = value;
  }
  return { type, protocol, ...(tcpType ? { tcpType } : {}), address, port };
}

const TYPE_PREFERENCE: Record<CandidateType, number> = {
  host: 126,
  prflx: 110,
  srflx: 100,
  relay: 0,
};

/** The candidate line (without `a=`) for the i-th candidate of a rebuilt SDP. */
export function candidateLine(candidate: Candidate, index: number): string {
  // RFC 8445 §5.1.2.1 priority, the earlier candidates preferred.
  const priority =
    TYPE_PREFERENCE[candidate.type] * 2 ** 24 + (65535 - Math.min(index, 65535)) * 2 ** 8 + 255;
  const related = candidate.type === 'host' ? '' : ' raddr 0.0.0.0 rport 0';
  const tcp = candidate.protocol === 'tcp' ? ` tcptype ${candidate.tcpType ?? 'passive'}` : '';
  return (
    `candidate:${index + 1} 1 ${candidate.protocol} ${priority} ${candidate.address} ` +
    `${candidate.port} typ ${candidate.type}${related}${tcp} generation 0`
  );
}

/** A data-channel-only SDP from its minimal form. */
export function rebuildSdp(min: MinimalSdp, sessionId = '1'): string {
  const fingerprint = [...min.fingerprint]
    .map((byte) => byte.toString(16).toUpperCase().padStart(2, '0'))
    .join(':');
  const lines = [
    'v=0',
    `o=- ${sessionId} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=msid-semantic: WMS',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'c=IN IP4 0.0.0.0',
    ...min.candidates.map((candidate, index) => `a=${candidateLine(candidate, index)}`),
    'a=end-of-candidates',
    `a=ice-ufrag:${min.ufrag}`,
    `a=ice-pwd:${min.pwd}`,
    `a=fingerprint:${min.hash} ${fingerprint}`,
    `a=setup:${min.setup}`,
    'a=mid:0',
    'a=sctp-port:5000',
    'a=max-message-size:262144',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

function hexBytes(hex: string): Uint8Array | undefined {
  const parts = hex.split(':');
  const bytes = new Uint8Array(parts.length);
  for (const [i, part] of parts.entries()) {
    if (!/^[0-9A-Fa-f]{2}$/.test(part)) return undefined;
    bytes[i] = parseInt(part, 16);
  }
  return bytes;
}

function addressForm(address: string): (typeof ADDRESS_FORMS)[number] | undefined {
  const v4 = IPV4.exec(address);
  if (v4) return v4.slice(1).every((part) => Number(part) <= 255) ? 'ipv4' : undefined;
  if (address.includes(':')) return ipv6Bytes(address) ? 'ipv6' : undefined;
  if (MDNS.test(address)) return 'mdns';
  return /^[A-Za-z0-9.-]{1,253}$/.test(address) ? 'name' : undefined;
}

function ipv6Bytes(address: string): Uint8Array | undefined {
  let text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // An embedded IPv4 tail becomes two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const octets = tail[1]!.split('.').map(Number);
    if (octets.some((octet) => octet > 255)) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes = new Uint8Array(16);
  for (const [i, group] of groups.entries()) {
    if (!/^[0-9A-Fa-f]{1,4}$/.test(group)) return undefined;
    const value = parseInt(group, 16);
    bytes[2 * i] = value >> 8;
    bytes[2 * i + 1] = value & 0xff;
  }
  return bytes;
}

function ipv6Text(bytes: Uint8Array): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((bytes[i]! << 8) | bytes[i + 1]!);
  // Compress the longest run of zero groups (RFC 5952).
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      best = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best === -1) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLength).join(':')}`;
}

// ---------------------------------------------------------------- binary

class Writer {
  readonly bytes: number[] = [];
  u8(value: number): void {
    this.bytes.push(value & 0xff);
  }
  u16(value: number): void {
    this.u8(value >> 8);
    this.u8(value);
  }
  u32(value: number): void {
    this.u16(value >>> 16);
    this.u16(value & 0xffff);
  }
  raw(bytes: ArrayLike<number>): void {
    for (let i = 0; i < bytes.length; i++) this.u8(bytes[i]!);
  }
  /** A length (in characters) and the characters, 6 bits each. */
  iceString(text: string): void {
    this.u8(text.length);
    let acc = 0;
    let bits = 0;
    for (const char of text) {
      acc = (acc << 6) | ICE_CHARS.indexOf(char);
      bits += 6;
      while (bits >= 8) {
        bits -= 8;
        this.u8(acc >> bits);
        acc &= (1 << bits) - 1;
      }
    }
    if (bits > 0) this.u8(acc << (8 - bits));
  }
}

class Reader {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}
  get left(): number {
    return this.bytes.length - this.at;
  }
  u8(): number {
    if (this.at >= this.bytes.length) throw new Truncated();
    return this.bytes[this.at++]!;
  }
  u16(): number {
    return (this.u8() << 8) | this.u8();
  }
  u32(): number {
    return ((this.u16() << 16) | this.u16()) >>> 0;
  }
  raw(length: number): Uint8Array {
    if (this.at + length > this.bytes.length) throw new Truncated();
    const out = this.bytes.slice(this.at, this.at + length);
    this.at += length;
    return out;
  }
  iceString(): string {
    const length = this.u8();
    const packed = this.raw(Math.ceil((length * 6) / 8));
    let text = '';
    let acc = 0;
    let bits = 0;
    let at = 0;
    while (text.length < length) {
      if (bits < 6) {
        acc = (acc << 8) | packed[at++]!;
        bits += 8;
      }
      bits -= 6;
      text += ICE_CHARS[(acc >> bits) & 63];
      acc &= (1 << bits) - 1;
    }
    return text;
  }
}

class Truncated extends Error {}

/** CRC-16/CCITT-FALSE. */
export function crc16(bytes: ArrayLike<number>, length = bytes.length): number {
  let crc = 0xffff;
  for (let i = 0; i < length; i++) {
    crc ^= bytes[i]! << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** Whether `id` can travel in a code (printable ASCII, 1–64 characters). */
export function codeableId(id: string): boolean {
  return ID.test(id);
}

/** Pack a pairing code; refuses what cannot be carried. */
export function encodeCode(code: PairingCode): CodeResult<string> {
  const { sdp } = code;
  if (!codeableId(code.peer)) return bad(`peer id "${code.peer}" cannot travel in a code`);
  if (!ICE_CHAR.test(sdp.ufrag) || !ICE_CHAR.test(sdp.pwd)) return bad('bad ICE credentials');
  if (sdp.fingerprint.length !== HASH_BYTES[sdp.hash]) return bad('bad fingerprint length');
  if (sdp.candidates.length > 255) return bad('too many candidates');
  const out = new Writer();
  out.u8(MAGIC | CODE_KINDS.indexOf(code.kind));
  out.u32(code.nonce >>> 0);
  out.u8(code.peer.length);
  out.raw(new TextEncoder().encode(code.peer));
  out.iceString(sdp.ufrag);
  out.iceString(sdp.pwd);
  out.u8((HASH_ALGORITHMS.indexOf(sdp.hash) << 4) | SETUP_ROLES.indexOf(sdp.setup));
  out.raw(sdp.fingerprint);
  out.u8(sdp.candidates.length);
  for (const candidate of sdp.candidates) {
    const form = addressForm(candidate.address);
    if (form === undefined) return bad(`cannot carry address ${candidate.address}`);
    const tcp =
      candidate.protocol === 'tcp' ? TCP_TYPES.indexOf(candidate.tcpType ?? 'passive') + 1 : 0;
    out.u8(
      (CANDIDATE_TYPES.indexOf(candidate.type) << 6) |
        ((candidate.protocol === 'tcp' ? 1 : 0) << 5) |
        (tcp << 3) |
        ADDRESS_FORMS.indexOf(form),
    );
    switch (form) {
      case 'ipv4':
        out.raw(candidate.address.split('.').map(Number));
        break;
      case 'ipv6':
        out.raw(ipv6Bytes(candidate.address)!);
        break;
      case 'mdns':
        out.raw(
          hexBytes(
            candidate.address
              .slice(0, 36)
              .replace(/-/g, '')
              .replace(/(..)(?!$)/g, '$1:'),
          )!,
        );
        break;
      case 'name':
        out.u8(candidate.address.length);
        out.raw(new TextEncoder().encode(candidate.address));
        break;
    }
    out.u16(candidate.port);
  }
  out.u16(crc16(out.bytes));
  return good(toBase64Url(Uint8Array.from(out.bytes)));
}

/** Unpack a pairing code; anything damaged, truncated or foreign is refused with a reason. */
export function decodeCode(text: string): CodeResult<PairingCode> {
  const trimmed = text.replace(/\s+/g, '');
  if (trimmed.length === 0) return bad('the code is empty');
  const bytes = fromBase64Url(trimmed);
  if (!bytes) return bad('the code has characters a code never has');
  if (bytes.length < 8) return bad('the code is too short (cut off?)');
  if ((bytes[0]! & 0xfe) !== MAGIC) return bad('this is not a Trainyard pairing code');
  const crc = (bytes[bytes.length - 2]! << 8) | bytes[bytes.length - 1]!;
  if (crc16(bytes, bytes.length - 2) !== crc) {
    return bad('the code is damaged or cut off (checksum mismatch)');
  }
  const input = new Reader(bytes.subarray(0, bytes.length - 2));
  try {
    const kind = CODE_KINDS[input.u8() & 1]!;
    const nonce = input.u32();
    const peer = new TextDecoder().decode(input.raw(input.u8()));
    if (!codeableId(peer)) return bad('the code names no valid peer');
    const ufrag = input.iceString();
    const pwd = input.iceString();
    const roles = input.u8();
    const hash = HASH_ALGORITHMS[roles >> 4];
    const setup = SETUP_ROLES[roles & 15];
    if (!hash || !setup) return bad('the code has an unknown fingerprint or role');
    const fingerprint = input.raw(HASH_BYTES[hash]);
    const count = input.u8();
    const candidates: Candidate[] = [];
    for (let i = 0; i < count; i++) {
      const flags = input.u8();
      const type = CANDIDATE_TYPES[flags >> 6]!;
      const protocol = (flags >> 5) & 1 ? 'tcp' : 'udp';
      const tcpCode = (flags >> 3) & 3;
      const form = ADDRESS_FORMS[flags & 7];
      if (!form || (protocol === 'udp') !== (tcpCode === 0)) {
        return bad('the code has a malformed candidate');
      }
      let address: string;
      switch (form) {
        case 'ipv4':
          address = [...input.raw(4)].join('.');
          break;
        case 'ipv6':
          address = ipv6Text(input.raw(16));
          break;
        case 'mdns': {
          const hex = [...input.raw(16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
          address = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
          break;
        }
        case 'name':
          address = new TextDecoder().decode(input.raw(input.u8()));
          if (addressForm(address) !== 'name') return bad('the code has a malformed address');
          break;
      }
      const port = input.u16();
      const tcpType = tcpCode === 0 ? undefined : TCP_TYPES[tcpCode - 1];
      candidates.push({ type, protocol, ...(tcpType ? { tcpType } : {}), address, port });
    }
    if (input.left !== 0) return bad('the code has extra characters at the end');
    return good({ kind, nonce, peer, sdp: { ufrag, pwd, hash, fingerprint, setup, candidates } });
  } catch (error) {
    if (error instanceof Truncated) return bad('the code is cut off');
    throw error;
  }
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += B64[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** base64url (or standard base64) without or with padding; undefined if malformed. */
export function fromBase64Url(text: string): Uint8Array | undefined {
  const clean = text.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  if (!/^[A-Za-z0-9_-]*$/.test(clean) || clean.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((clean.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let at = 0;
  for (const char of clean) {
    acc = (acc << 6) | B64.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 0xff;
      acc &= (1 << bits) - 1;
    }
  }
  return out;
}
