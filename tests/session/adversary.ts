// An adversary peer for attack tests: it speaks the session's wire language with
// no session behind it. It joins an in-memory network on its own link (or takes
// over the link of a browser already at the table, a compromised browser), says
// hello under any member id it likes (signed with its own key, or any key it is
// given, for the link's challenge as the session asks), and sends any wire
// message — or any raw text — to one peer or to all.
// Everything it receives is kept, parsed where it parses.
import { signingKeyPair } from '$lib/protocol';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import type { MemoryNetwork, PeerId, Transport } from '$lib/net';
import { signHello } from '$lib/session/setup';
import { encodeWire, parseWire, type Wire } from '$lib/session/wire';

export interface AdversaryKeys {
  readonly signing: Uint8Array;
  readonly publicKey: string;
}

/** Fresh Ed25519 keys from a seed byte (deterministic, so a failing run replays). */
export function adversaryKeys(seed = 7): AdversaryKeys {
  const pair = signingKeyPair(new Uint8Array(32).fill(seed));
  if (!pair) throw new Error('32 bytes make a key');
  return { signing: pair.secretKey, publicKey: toBase64url(pair.publicKey) };
}

export type Target = PeerId | readonly PeerId[] | 'all';

export class Adversary {
  readonly transport: Transport;
  readonly keys: AdversaryKeys;
  /** Every message received, in order, with the link it came on. */
  readonly received: {
    readonly from: PeerId;
    readonly wire: Wire | null;
    readonly raw: unknown;
  }[] = [];
  readonly #unsubscribe: () => void;
  #beats: ReturnType<typeof setInterval> | null = null;
  /** Each link's challenge from the far side, which a hello on that link must answer. */
  readonly #challenges = new Map<PeerId, string>();
  /** Hellos asked for before the link's challenge came. */
  readonly #waiting = new Map<PeerId, (challenge: string) => void>();

  /** Its own link (joined), not a browser's it speaks through: it answers challenges itself. */
  readonly #own: boolean;

  private constructor(transport: Transport, keys: AdversaryKeys, own: boolean) {
    this.transport = transport;
    this.keys = keys;
    this.#own = own;
    this.#unsubscribe = transport.onMessage((from, raw) => {
      const parsed = parseWire(raw);
      this.received.push({ from, wire: parsed.ok ? parsed.value : null, raw });
      if (parsed.ok && parsed.value.t === 'challenge') this.#challenged(from, parsed.value);
    });
  }

  #nonce(peer: PeerId): string {
    return `adversary-${this.transport.id}-${peer}`.slice(0, 64);
  }

  #challenged(from: PeerId, c: { room: string; n: string }): void {
    if (this.#challenges.get(from) === c.n) return;
    this.#challenges.set(from, c.n);
    if (this.#own) this.send({ t: 'challenge', room: c.room, n: this.#nonce(from) }, from);
    this.#waiting.get(from)?.(c.n);
    this.#waiting.delete(from);
  }

  /** A new peer on the network, linked to `peers` (their open links make it known to them). */
  static async join(
    network: MemoryNetwork,
    id: PeerId,
    peers: readonly PeerId[] = [],
    keys: AdversaryKeys = adversaryKeys(),
  ): Promise<Adversary> {
    const t = network.join(id);
    if (!t.ok) throw new Error(t.error.message);
    const adversary = new Adversary(t.value, keys, true);
    for (const p of peers) await adversary.link(p);
    return adversary;
  }

  /**
   * Speaks over a browser's own link (a compromised browser): what it sends the
   * others take as from that browser's member. The browser's session still runs.
   */
  static inside(transport: Transport, keys: AdversaryKeys = adversaryKeys()): Adversary {
    return new Adversary(transport, keys, false);
  }

  async link(peer: PeerId): Promise<void> {
    const r = await this.transport.connect(peer);
    if (!r.ok) throw new Error(r.error.message);
  }

  #targets(to: Target): readonly PeerId[] {
    if (to === 'all') return this.transport.peers();
    return typeof to === 'string' ? [to] : to;
  }

  /** Any text at all, as it is. */
  raw(data: string, to: Target = 'all'): void {
    for (const peer of this.#targets(to)) this.transport.send(peer, data);
  }

  /** Any wire message (unchecked: the attacker decides what it says). */
  send(message: Wire, to: Target = 'all'): void {
    this.raw(encodeWire(message), to);
  }

  /**
   * A hello claiming `member`, signed with this adversary's key (or `keys`) over
   * each receiving link and its challenge, as the session checks it (sent when
   * that link's challenge comes, if it has not come yet).
   */
  hello(
    room: string,
    member: string,
    name = 'Mallory',
    to: Target = 'all',
    keys = this.keys,
  ): void {
    for (const peer of this.#targets(to)) {
      const say = (challenge: string): void => {
        const nonce = this.#nonce(peer);
        const binding = { room, member, name, from: this.transport.id, to: peer, challenge, nonce };
        const sig = signHello(binding, keys.signing);
        this.send({ t: 'hello', room, member, name, key: keys.publicKey, n: nonce, sig }, peer);
      };
      const challenge = this.#challenges.get(peer);
      if (challenge === undefined) this.#waiting.set(peer, say);
      else say(challenge);
    }
  }

  /** Heartbeats every `ms`, so the others count it as present (it answers nothing else). */
  beat(ms: number, game: string | null = null): void {
    this.stopBeats();
    this.#beats = setInterval(() => {
      this.send({ t: 'beat', game, seq: 0, hash: '', host: null, catching: false, ended: false });
    }, ms);
  }

  stopBeats(): void {
    if (this.#beats) clearInterval(this.#beats);
    this.#beats = null;
  }

  /** Messages of one kind received so far. */
  messages<K extends Wire['t']>(kind: K): Extract<Wire, { t: K }>[] {
    return this.received.flatMap((r) =>
      r.wire?.t === kind ? [r.wire as Extract<Wire, { t: K }>] : [],
    );
  }

  /** Stops listening (a joined peer also leaves the network). */
  close(leave = true): void {
    this.stopBeats();
    this.#unsubscribe();
    if (leave) this.transport.close();
  }
}
