// Where a PeerJS endpoint finds its signalling server. Pure, except
// detectSignalling, which probes the page's own origin.

export type Signalling =
  /**
   * The free public PeerJS server (0.peerjs.com), with PeerJS's default
   * STUN/TURN unless `iceServers` is given.
   */
  | { readonly kind: 'public'; readonly iceServers?: readonly RTCIceServer[] }
  /**
   * A PeerServer on the page's own origin at `path` (what `npm start` serves).
   * ICE uses host candidates only unless `iceServers` is given: a LAN needs
   * no STUN and may have no internet.
   */
  | {
      readonly kind: 'same-origin';
      readonly path: string;
      readonly iceServers?: readonly RTCIceServer[];
    }
  /** Any other PeerServer. */
  | {
      readonly kind: 'custom';
      readonly host: string;
      readonly port?: number;
      readonly path?: string;
      readonly secure?: boolean;
      readonly iceServers?: readonly RTCIceServer[];
    };

/** The parts of `window.location` that same-origin signalling needs. */
export interface PageOrigin {
  readonly protocol: string;
  readonly hostname: string;
  readonly port: string;
}

/** The subset of PeerJS's constructor options we set. */
export interface PeerServerOptions {
  host?: string;
  port?: number;
  path?: string;
  secure?: boolean;
  config?: RTCConfiguration;
}

/** PeerJS constructor options for a signalling choice. */
export function peerServerOptions(signalling: Signalling, origin: PageOrigin): PeerServerOptions {
  switch (signalling.kind) {
    case 'public':
      return signalling.iceServers ? { config: { iceServers: [...signalling.iceServers] } } : {};
    case 'same-origin': {
      const secure = origin.protocol === 'https:';
      const port = origin.port === '' ? (secure ? 443 : 80) : Number(origin.port);
      return {
        host: origin.hostname,
        port,
        path: signalling.path,
        secure,
        config: { iceServers: [...(signalling.iceServers ?? [])] },
      };
    }
    case 'custom': {
      const secure = signalling.secure ?? true;
      return {
        host: signalling.host,
        port: signalling.port ?? (secure ? 443 : 80),
        path: signalling.path ?? '/',
        secure,
        ...(signalling.iceServers ? { config: { iceServers: [...signalling.iceServers] } } : {}),
      };
    }
  }
}

/** One line for humans: where signalling goes. */
export function describeSignalling(signalling: Signalling): string {
  switch (signalling.kind) {
    case 'public':
      return 'public PeerJS server';
    case 'same-origin':
      return `same-origin PeerServer at ${signalling.path}`;
    case 'custom': {
      const secure = signalling.secure ?? true;
      const scheme = secure ? 'https' : 'http';
      const port = signalling.port === undefined ? '' : `:${signalling.port}`;
      return `PeerServer at ${scheme}://${signalling.host}${port}${signalling.path ?? '/'}`;
    }
  }
}

/** Answer of a PeerServer's root endpoint (`GET <path>`). */
const PEER_SERVER_NAME = 'PeerJS Server';

/**
 * Same-origin signalling if a PeerServer answers at `<appBase>/peerjs`
 * (`appBase` is the app's base path, '' at the site root), else public.
 */
export async function detectSignalling(
  appBase: string,
  fetchFn: typeof fetch = fetch,
  timeoutMs = 2000,
): Promise<Signalling> {
  const path = `${appBase.replace(/\/+$/, '')}/peerjs`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetchFn(path, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return { kind: 'public' };
    const body: unknown = await response.json();
    const name =
      typeof body === 'object' && body !== null ? (body as { name?: unknown }).name : undefined;
    return name === PEER_SERVER_NAME ? { kind: 'same-origin', path } : { kind: 'public' };
  } catch {
    return { kind: 'public' };
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------- settings

/**
 * Where signalling goes, as a player chooses it in settings (no UI here: the
 * UI stores this and shows the parser's reasons).
 */
export type SignallingChoice =
  /** The PeerServer that serves the page (`npm start`): LAN play, no internet. */
  | { readonly kind: 'same-origin' }
  /** The free public PeerJS server (needs internet). */
  | { readonly kind: 'public' }
  | {
      readonly kind: 'custom';
      readonly host: string;
      readonly port: number;
      readonly path: string;
      readonly secure: boolean;
    };

/** One STUN or TURN server, as RTCIceServer takes it. */
export interface IceServer {
  readonly urls: string | readonly string[];
  readonly username?: string;
  readonly credential?: string;
}

export interface NetSettings {
  readonly signalling: SignallingChoice;
  /**
   * STUN/TURN servers for every transport (PeerJS and manual pairing). Empty
   * means host candidates only: enough on one LAN, and what a LAN without
   * internet must use (an unreachable STUN server only slows gathering).
   */
  readonly iceServers: readonly IceServer[];
}

export interface SettingsIssue {
  /** Where in the input, e.g. `signalling.port` or `iceServers[1].urls`. */
  readonly path: string;
  readonly reason: string;
}

export type SettingsResult =
  | { readonly ok: true; readonly value: NetSettings }
  | { readonly ok: false; readonly errors: readonly SettingsIssue[] };

/** Google's public STUN server, PeerJS's own default: finds a public address. */
export const PUBLIC_STUN: IceServer = { urls: 'stun:stun.l.google.com:19302' };

export const MAX_ICE_SERVERS = 8;

/**
 * Defaults from what the page found (`detectSignalling`): served by
 * `npm start`, same-origin signalling and no STUN (LAN, maybe no internet);
 * anywhere else, the public server and one public STUN server (players on
 * different networks need their public address). Manual pairing uses the
 * same ICE servers; with none its codes stay shortest (host candidates only).
 */
export function defaultNetSettings(detected: Signalling): NetSettings {
  return detected.kind === 'same-origin'
    ? { signalling: { kind: 'same-origin' }, iceServers: [] }
    : { signalling: { kind: 'public' }, iceServers: [PUBLIC_STUN] };
}

/** The Signalling for openPeerTransport; `sameOriginPath` as detectSignalling found it. */
export function signallingFor(settings: NetSettings, sameOriginPath: string): Signalling {
  const iceServers = settings.iceServers.map(toRtcIceServer);
  switch (settings.signalling.kind) {
    case 'same-origin':
      return { kind: 'same-origin', path: sameOriginPath, iceServers };
    case 'public':
      return { kind: 'public', iceServers };
    case 'custom':
      return { ...settings.signalling, iceServers };
  }
}

/** As the browser's RTCConfiguration takes it. */
export function toRtcIceServer(server: IceServer): RTCIceServer {
  return {
    urls: typeof server.urls === 'string' ? server.urls : [...server.urls],
    ...(server.username === undefined ? {} : { username: server.username }),
    ...(server.credential === undefined ? {} : { credential: server.credential }),
  };
}

export function serializeNetSettings(settings: NetSettings): string {
  return JSON.stringify(settings);
}

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^\[[0-9A-Fa-f:.]+\]$/;
const ICE_URL = /^(stun|stuns|turn|turns):[^\s?#]+(\?transport=(udp|tcp))?$/;

/**
 * Check settings from storage or a form (an object or its JSON text). Every
 * problem is reported with where it is and why; nothing throws.
 */
export function parseNetSettings(input: unknown): SettingsResult {
  const errors: SettingsIssue[] = [];
  const issue = (path: string, reason: string): void => {
    errors.push({ path, reason });
  };
  let raw = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch {
      return { ok: false, errors: [{ path: '', reason: 'not valid JSON' }] };
    }
  }
  if (!isRecord(raw))
    return { ok: false, errors: [{ path: '', reason: 'settings must be an object' }] };

  let signalling: SignallingChoice | undefined;
  const s = raw.signalling;
  if (!isRecord(s)) issue('signalling', 'missing: same-origin, public or custom');
  else if (s.kind === 'same-origin' || s.kind === 'public') signalling = { kind: s.kind };
  else if (s.kind === 'custom') {
    const { host, port, path, secure } = s;
    const before = errors.length;
    if (typeof host !== 'string' || !HOST.test(host)) {
      issue(
        'signalling.host',
        typeof host === 'string' && /^[a-z]+:\/\//i.test(host)
          ? 'a host name only, without http:// or wss://'
          : 'a host name or address, like peers.example.org or 192.168.1.20',
      );
    }
    if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) {
      issue('signalling.port', 'a port number from 1 to 65535');
    }
    if (typeof path !== 'string' || !path.startsWith('/') || /[\s?#]/.test(path)) {
      issue('signalling.path', 'a path starting with /, like /peerjs');
    }
    if (typeof secure !== 'boolean') issue('signalling.secure', 'true (https, wss) or false');
    if (errors.length === before) {
      signalling = {
        kind: 'custom',
        host: host as string,
        port: port as number,
        path: path as string,
        secure: secure as boolean,
      };
    }
  } else issue('signalling.kind', 'one of same-origin, public, custom');

  const iceServers: IceServer[] = [];
  const list = raw.iceServers;
  if (!Array.isArray(list)) issue('iceServers', 'a list (empty for host candidates only)');
  else if (list.length > MAX_ICE_SERVERS) issue('iceServers', `at most ${MAX_ICE_SERVERS} servers`);
  else {
    for (const [i, server] of list.entries()) {
      const at = `iceServers[${i}]`;
      if (!isRecord(server)) {
        issue(at, 'an object with urls');
        continue;
      }
      const urls = typeof server.urls === 'string' ? [server.urls] : server.urls;
      if (!Array.isArray(urls) || urls.length === 0) {
        issue(`${at}.urls`, 'a URL or a non-empty list of URLs');
        continue;
      }
      const before = errors.length;
      let turn = false;
      for (const url of urls) {
        if (typeof url !== 'string' || !ICE_URL.test(url)) {
          issue(`${at}.urls`, `"${String(url)}" is not a stun:, stuns:, turn: or turns: URL`);
        } else if (url.startsWith('turn')) turn = true;
      }
      for (const key of ['username', 'credential'] as const) {
        const value = server[key];
        if (value !== undefined && typeof value !== 'string') issue(`${at}.${key}`, 'text');
        else if (turn && (value === undefined || value === '')) {
          issue(`${at}.${key}`, 'a TURN server needs a username and a credential');
        }
      }
      if (errors.length === before) {
        iceServers.push({
          urls: typeof server.urls === 'string' ? server.urls : [...(urls as string[])],
          ...(typeof server.username === 'string' ? { username: server.username } : {}),
          ...(typeof server.credential === 'string' ? { credential: server.credential } : {}),
        });
      }
    }
  }
  if (errors.length > 0 || !signalling) return { ok: false, errors };
  return { ok: true, value: { signalling, iceServers } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
