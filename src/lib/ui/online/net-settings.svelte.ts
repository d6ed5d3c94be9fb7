// Where online tables find each other, as the player chose it in settings and
// this browser remembers it (localStorage, beside the table settings): the
// PeerServer that serves the page (`npm start`), the public PeerJS server, or a
// custom one; and the STUN/TURN servers. Until the player chooses, the defaults
// follow what the page found at `<site>/peerjs`.
import {
  defaultNetSettings,
  detectSignalling,
  parseNetSettings,
  serializeNetSettings,
  signallingFor,
  type IceServer,
  type NetSettings,
  type SettingsIssue,
  type Signalling,
  type SignallingChoice,
} from '$lib/session';
import { sentence } from '../sentence';
import { webStorage } from '../storage';

export const NET_SETTINGS_KEY = 'trainyard.net';

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where each field of the settings is on the form, for messages in plain words. */
const FIELD_WORDS: readonly (readonly [RegExp, string])[] = [
  [/^signalling\.host$/, 'Server host'],
  [/^signalling\.port$/, 'Server port'],
  [/^signalling\.path$/, 'Server path'],
  [/^signalling\.secure$/, 'Secure connection'],
  [/^signalling/, 'Signalling server'],
  [/^iceServers\[(\d+)\]/, 'STUN/TURN line'],
  [/^iceServers$/, 'STUN/TURN servers'],
];

/** One parser issue as a sentence a player can act on. */
export function issueWords(issue: SettingsIssue): string {
  for (const [pattern, words] of FIELD_WORDS) {
    const m = pattern.exec(issue.path);
    if (m) {
      const line = m[1] === undefined ? '' : ` ${Number(m[1]) + 1}`;
      return `${words}${line}: ${issue.reason}.`;
    }
  }
  return sentence(issue.reason);
}

/**
 * STUN/TURN servers typed one per line: `stun:host:port`, or
 * `turn:host:port username credential`. Blank lines are skipped; the parser
 * checks the rest.
 */
export function parseIceLines(text: string): IceServer[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [urls = '', username, credential] = line.split(/\s+/);
      return {
        urls,
        ...(username === undefined ? {} : { username }),
        ...(credential === undefined ? {} : { credential }),
      };
    });
}

export function iceLines(servers: readonly IceServer[]): string {
  return servers
    .map((s) => {
      const urls = typeof s.urls === 'string' ? [s.urls] : s.urls;
      return urls
        .map((u) => [u, s.username, s.credential].filter((x) => x !== undefined).join(' '))
        .join('\n');
    })
    .join('\n');
}

/** The same-origin PeerServer's path under the site's base. */
export function sameOriginPath(appBase: string): string {
  return `${appBase.replace(/\/+$/, '')}/peerjs`;
}

/**
 * What the connect-src policy that src/app.html's boot script writes at page
 * load allows for a stored choice (null: none, the defaults): this site, and the
 * public PeerJS server or the custom one. A CSP source cannot name an IPv6
 * address, so such a server gets its schemes only. The same rule as that
 * script (a test runs both).
 */
export function connectPolicy(choice: SignallingChoice | null): string {
  let sources = "'self' https://0.peerjs.com wss://0.peerjs.com";
  if (choice?.kind === 'same-origin') sources = "'self'";
  else if (choice?.kind === 'custom') {
    const [http, ws] = choice.secure ? ['https:', 'wss:'] : ['http:', 'ws:'];
    const at = choice.host.startsWith('[') ? '' : `//${choice.host}:${choice.port}`;
    sources = `'self' ${http}${at} ${ws}${at}`;
  }
  return `connect-src ${sources}`;
}

/** The connect-src policy the boot script put in force on this page (null: none). */
function policyInForce(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector('meta[data-connect-policy]')?.getAttribute('content') ?? null;
}

export class NetSettingsState {
  /** What the page found at `<site>/peerjs` (null until probed). */
  detected = $state.raw<Signalling | null>(null);
  /** What the player chose; null: the defaults for what was found. */
  chosen = $state.raw<NetSettings | null>(null);
  readonly #storage: StorageLike | null;
  readonly #appBase: string;
  readonly #inForce: string | null;
  #probe: Promise<Signalling> | null = null;

  constructor(
    appBase: string,
    storage: StorageLike | null = webStorage('local'),
    inForce: string | null = policyInForce(),
  ) {
    this.#appBase = appBase;
    this.#storage = storage;
    this.#inForce = inForce;
    const raw = storage?.getItem(NET_SETTINGS_KEY) ?? null;
    if (raw !== null) {
      const parsed = parseNetSettings(raw);
      this.chosen = parsed.ok ? parsed.value : null;
    }
  }

  /** Probes the page's origin for a PeerServer once. */
  detect(fetchFn?: typeof fetch): Promise<Signalling> {
    this.#probe ??= detectSignalling(this.#appBase, fetchFn).then((s) => (this.detected = s));
    return this.#probe;
  }

  get settings(): NetSettings {
    return this.chosen ?? defaultNetSettings(this.detected ?? { kind: 'public' });
  }

  /** Whether the page is served with its own PeerServer (as by `npm start`). */
  get sameOriginAvailable(): boolean {
    return this.detected?.kind === 'same-origin';
  }

  /**
   * Whether the page must reload before it may reach the chosen server: the
   * connect-src policy is set once, at page load, from the stored settings
   * (a choice it already allows, like this site's own server, needs none).
   */
  get reloadNeeded(): boolean {
    if (this.#inForce === null) return false;
    const allowed = this.#inForce.split(' ');
    return connectPolicy(this.chosen?.signalling ?? null)
      .split(' ')
      .some((source) => !allowed.includes(source));
  }

  /** The signalling for a new endpoint, after the probe. */
  async signalling(): Promise<Signalling> {
    await this.detect();
    return signallingFor(this.settings, sameOriginPath(this.#appBase));
  }

  /** Checks and keeps settings from the form; the problems in plain words if any. */
  save(input: unknown): string[] {
    const parsed = parseNetSettings(input);
    if (!parsed.ok)
      return parsed.errors.map(issueWords).filter((w, i, all) => all.indexOf(w) === i);
    this.chosen = parsed.value;
    try {
      this.#storage?.setItem(NET_SETTINGS_KEY, serializeNetSettings(parsed.value));
    } catch {
      // Not remembered; it still holds for this page.
    }
    return [];
  }

  /** Back to the defaults for what the page found. */
  reset(): void {
    this.chosen = null;
    try {
      this.#storage?.removeItem(NET_SETTINGS_KEY);
    } catch {
      // Nothing stored.
    }
  }
}

let shared: NetSettingsState | null = null;

/** The page's one NetSettingsState (created on first use, in the browser). */
export function netSettings(appBase: string): NetSettingsState {
  shared ??= new NetSettingsState(appBase);
  return shared;
}
