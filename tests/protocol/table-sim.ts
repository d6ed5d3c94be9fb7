// N simulated peers at one table, in memory. Each peer holds only its own secret,
// signing key and table (its own view); a host orders the entries and relays
// the encoded text to every peer, which applies it with the real reducer. After
// every entry all peers must agree on the public-state hash. Moves are chosen at
// random among the legal moves of the peer's OWN view; a scripted cheater is a
// chooser or a `tamper` hook rewriting what a seat publishes.
import { createRng, type Move, type Options, type Rng, type VariantId } from '$lib/engine';
import type { ProtocolError } from '$lib/protocol/errors';
import { createEntry } from '$lib/protocol/log/entry';
import { signingKeyPair, type SigningKeyPair } from '$lib/protocol/crypto/signing';
import { awaitsChoice, choiceLabel } from '$lib/protocol/table/due';
import { mayMove, moveDraft, owedEntry, type EntryDraft } from '$lib/protocol/table/peer';
import { applyEntry, createTable } from '$lib/protocol/table/reducer';
import type { TableStart, TableState } from '$lib/protocol/table/state';
import { testSeed, unwrap } from './helpers';

export interface SimPeer {
  readonly seat: number;
  readonly signing: SigningKeyPair;
  table: TableState;
  readonly rng: Rng;
  readonly choices: Map<string, number>;
}

export type Chooser = (peer: SimPeer, legal: readonly Move[]) => Move;
/** What a seat publishes instead of `draft`: another draft, raw text, or nothing (it stalls). */
export type SimTamper = (
  seat: number,
  draft: EntryDraft,
  peer: SimPeer,
  log: readonly string[],
) => EntryDraft | string | null;

export interface SimOptions {
  readonly variant: VariantId;
  readonly players: number;
  readonly options?: Options;
  readonly game?: string;
  readonly seed?: number;
  /** Where the game begins (TableConfig.start). */
  readonly start?: TableStart;
  readonly chooser?: Chooser;
  readonly tamper?: SimTamper;
  /** Stop once this many rounds are audited (the game may go on). */
  readonly rounds?: number;
  /** Stop earlier, once this holds. */
  readonly stopWhen?: (peers: readonly SimPeer[]) => boolean;
  /** Checks after every accepted entry (the last one in `log`). */
  readonly onEntry?: (peers: readonly SimPeer[], log: readonly string[]) => void;
  readonly maxEntries?: number;
}

export interface Refusal {
  readonly seat: number;
  readonly seq: number;
  readonly encoded: string;
  /** Each peer's refusal (null: it accepted). */
  readonly errors: readonly (ProtocolError | null)[];
}

export interface SimRun {
  readonly log: readonly string[];
  readonly peers: readonly SimPeer[];
  /** The agreed public-state hash after each entry. */
  readonly hashes: readonly string[];
  readonly refused: Refusal | null;
  /** A seat that withheld what it owed. */
  readonly stalled: number | null;
}

/** A seated peer's seed for the current round. */
export function seedOf(peer: SimPeer): Uint8Array {
  if (!peer.table.seed) throw new Error(`seat ${peer.seat} has no seed`);
  return peer.table.seed;
}

export const randomChooser: Chooser = (peer, legal) => legal[peer.rng.int(legal.length)] as Move;

export function simPeers(o: SimOptions): SimPeer[] {
  const game = o.game ?? `sim-${o.variant}-${o.players}`;
  const signings = Array.from(
    { length: o.players },
    (_, s) => signingKeyPair(testSeed('sign', s)) as SigningKeyPair,
  );
  const config = {
    game,
    variant: o.variant,
    players: o.players,
    options: o.options ?? {},
    seatKeys: signings.map((k) => k.publicKey),
    ...(o.start ? { start: o.start } : {}),
  };
  return signings.map((signing, seat) => ({
    seat,
    signing,
    table: unwrap(createTable(config, { seat, secret: testSeed(`secret-${o.seed ?? 0}`, seat) })),
    rng: createRng((o.seed ?? 0) * 101 + seat),
    choices: new Map(),
  }));
}

/** What this peer sends next: a protocol entry it owes, its E-2 commitment, or its move. */
export function nextDraft(peer: SimPeer, chooser: Chooser): EntryDraft | null {
  const t = peer.table;
  const owed = owedEntry(t, peer.choices);
  if (owed) return owed;
  const label = choiceLabel(t);
  const choosing = label !== null && awaitsChoice(t.variant, t.view, peer.seat);
  if (label !== null && choosing && !peer.choices.has(label)) {
    const legal = t.variant.legalMoves(t.view).filter((m) => m.seat === peer.seat);
    const move = legal.length > 0 ? chooser(peer, legal) : null;
    if (move?.type !== 'choose') return null;
    peer.choices.set(label, move.tile);
    return owedEntry(t, peer.choices);
  }
  if (!mayMove(t)) return null;
  if (label !== null && choosing) {
    return moveDraft(t, { seat: peer.seat, type: 'choose', tile: peer.choices.get(label) ?? -1 });
  }
  const auto = t.variant.setupMove(t.view);
  const legal = t.variant.legalMoves(t.view).filter((m) => m.seat === peer.seat);
  const move = auto ?? (legal.length > 0 ? chooser(peer, legal) : null);
  return move ? moveDraft(t, move) : null;
}

/**
 * The host relays one entry from `seat` to every peer. Null if all accepted (and
 * agree on the hash); otherwise the refusal, and no peer changed.
 */
export function publish(
  peers: readonly SimPeer[],
  seat: number,
  sent: EntryDraft | string,
  log: string[],
  hashes: string[],
): Refusal | null {
  const author = peers[seat] as SimPeer;
  const encoded =
    typeof sent === 'string'
      ? sent
      : createEntry(author.table.head, seat, sent.kind, sent.body, author.signing.secretKey)
          .encoded;
  const results = peers.map((p) => applyEntry(p.table, encoded));
  const errors = results.map((r) => (r.ok ? null : r.error));
  if (errors.some((e) => e !== null)) return { seat, seq: author.table.head.seq, encoded, errors };
  results.forEach((r, i) => {
    if (r.ok) (peers[i] as SimPeer).table = r.value;
  });
  if (new Set(peers.map((p) => p.table.hash)).size !== 1) {
    throw new Error(`peers disagree after entry ${log.length}`);
  }
  log.push(encoded);
  hashes.push(author.table.hash);
  return null;
}

export function runTable(o: SimOptions, peers: SimPeer[] = simPeers(o)): SimRun {
  const chooser = o.chooser ?? randomChooser;
  const log: string[] = [];
  const hashes: string[] = [];
  const rounds = o.rounds ?? 1;
  const done = () =>
    (peers[0] as SimPeer).table.audits.length >= rounds || (o.stopWhen?.(peers) ?? false);
  for (let n = 0; n < (o.maxEntries ?? 5000) && !done(); n++) {
    let peer: SimPeer | undefined;
    let draft: EntryDraft | null = null;
    for (peer of peers) {
      draft = nextDraft(peer, chooser);
      if (draft) break;
    }
    if (!peer || !draft) break;
    const sent = o.tamper ? o.tamper(peer.seat, draft, peer, log) : draft;
    if (sent === null) return { log, peers, hashes, refused: null, stalled: peer.seat };
    const refused = publish(peers, peer.seat, sent, log, hashes);
    if (refused) return { log, peers, hashes, refused, stalled: null };
    o.onEntry?.(peers, log);
  }
  return { log, peers, hashes, refused: null, stalled: null };
}
