// Where a PeerJS endpoint finds its signalling server. Pure, except
// detectSignalling, which probes the page's own origin.

export type Signalling =
  /** The free public PeerJS server (0.peerjs.com), with PeerJS's default STUN/TURN. */
  | { readonly kind: 'public' }
  /**
   * A PeerServer on the page's own origin at `path` (what `npm start` serves).
   * ICE uses host candidates only: a LAN needs no STUN and may have no internet.
   */
  | { readonly kind: 'same-origin'; readonly path: string }
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
      return {};
    case 'same-origin': {
      const secure = origin.protocol === 'https:';
      const port = origin.port === '' ? (secure ? 443 : 80) : Number(origin.port);
      return {
        host: origin.hostname,
        port,
        path: signalling.path,
        secure,
        config: { iceServers: [] },
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
