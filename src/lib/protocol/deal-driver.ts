// Runs N peers through a deal in memory. Each peer holds only its own seed and
// signing key and its own copy of the table, and peers exchange nothing but
// encoded log entries. A scripted cheater is a `tamper` hook that rewrites (or
// replaces with raw text) what a seat is about to publish; the first entry the
// peers refuse halts the run and is reported.
import { buildChoiceCommit, buildRandomCommit } from './commit-reveal';
import type { DealContext } from './context';
import type { DeckSpec } from './deck';
import { keysToReveal } from './deck-keys';
import { owedDealEntry, type EntryDraft } from './deal-peer';
import { applyToTable, createDealTable, type DealTable, type TableMove } from './deal-table';
import { fail, ok, type ProtocolErrorCode, type Result } from './errors';
import { toBase64url } from './bytes';
import { createEntry } from './log-entry';
import { signingKeyPair, type SigningKeyPair } from './signing';

export type DealAction =
  | { readonly type: 'draw' | 'flip'; readonly seat: number; readonly deck: number }
  /** The owner opens one of its positions, as when it plays that tile. */
  | { readonly type: 'play'; readonly seat: number; readonly deck: number; readonly pos: number }
  | { readonly type: 'random'; readonly seat: number; readonly label: string }
  | {
      readonly type: 'choice';
      readonly seat: number;
      readonly label: string;
      /** Each seat's secret choice. */
      readonly choices: readonly number[];
    }
  | {
      readonly type: 'reshuffle';
      readonly seat: number;
      readonly set: string;
      readonly tiles: readonly number[];
      readonly hand: number;
    }
  /** Every seat reveals its seed for the audit. */
  | { readonly type: 'end' };

/** What a cheater publishes instead: a draft to sign, raw text, or nothing. */
export type Tamper = (
  seat: number,
  draft: EntryDraft,
  table: DealTable,
  log: readonly string[],
) => EntryDraft | string | null;

export interface DealRunOptions {
  readonly ctx: DealContext;
  readonly seeds: readonly Uint8Array[];
  readonly signingSeeds: readonly Uint8Array[];
  readonly deck: DeckSpec;
  readonly hand: number;
  readonly actions: readonly DealAction[];
  readonly tamper?: Tamper;
}

export interface DriverPeer {
  readonly seat: number;
  readonly seed: Uint8Array;
  readonly signing: SigningKeyPair;
  readonly table: DealTable;
  readonly choices: ReadonlyMap<string, number>;
}

export interface Halt {
  readonly seat: number;
  readonly seq: number;
  /** The code each peer refused the entry with (null if it accepted). */
  readonly codes: readonly (ProtocolErrorCode | null)[];
}

export interface DealRun {
  readonly log: readonly string[];
  readonly peers: readonly DriverPeer[];
  readonly halted: Halt | null;
}

function owedTableEntry(peer: DriverPeer): EntryDraft | null {
  const { table, seat, seed } = peer;
  const { deal } = table;
  const owed = owedDealEntry(deal, seat, seed, peer.choices);
  if (owed) return owed;
  const label = table.openRandoms.find((l) => !deal.randoms.get(l)?.commits[seat]);
  if (label !== undefined) {
    return { kind: 'random-commit', body: buildRandomCommit(deal.ctx, seat, seed, label) };
  }
  for (const l of table.openChoices) {
    const choice = peer.choices.get(l);
    if (choice !== undefined && !deal.choices.get(l)?.commits[seat]) {
      return { kind: 'choice-commit', body: buildChoiceCommit(deal.ctx, seat, seed, l, choice) };
    }
  }
  return null;
}

function actionDraft(peer: DriverPeer, action: DealAction): EntryDraft | null {
  const move = (m: TableMove): EntryDraft => ({ kind: 'move', body: m });
  switch (action.type) {
    case 'draw':
    case 'flip':
      return move({ type: action.type, deck: action.deck });
    case 'random':
    case 'choice':
      return move({ type: action.type, label: action.label });
    case 'reshuffle':
      return move({ type: 'reshuffle', set: action.set, tiles: action.tiles, hand: action.hand });
    case 'play': {
      const { deal } = peer.table;
      const deck = deal.decks[action.deck];
      const keys = deck && keysToReveal(deal.ctx, deck, peer.seat, peer.seed, [action.pos]);
      return keys ? { kind: 'reveal', body: keys } : null;
    }
    case 'end':
      return { kind: 'seed-reveal', body: { seed: toBase64url(peer.seed) } };
  }
}

export function runDeal(options: DealRunOptions): Result<DealRun> {
  const { ctx, tamper } = options;
  const signings = options.signingSeeds.map(signingKeyPair);
  if (signings.length !== ctx.seats || options.seeds.length !== ctx.seats) {
    return fail('UNKNOWN_SEAT', 'one seed and one signing seed per seat');
  }
  if (signings.some((s) => s === null)) return fail('BAD_SCALAR', 'signing seeds are 32 bytes');
  const seatOk = (a: DealAction): boolean =>
    a.type === 'end' || (Number.isInteger(a.seat) && a.seat >= 0 && a.seat < ctx.seats);
  if (!options.actions.every(seatOk)) return fail('UNKNOWN_SEAT', 'an action names no seat');
  const keys = (signings as SigningKeyPair[]).map((s) => s.publicKey);
  const table = createDealTable(ctx, keys, options.deck, options.hand);
  if (!table.ok) return table;
  let peers: DriverPeer[] = options.seeds.map((seed, seat) => ({
    seat,
    seed,
    signing: signings[seat] as SigningKeyPair,
    table: table.value,
    choices: new Map(),
  }));
  const log: string[] = [];

  /** Delivers one entry to every peer; returns the halt if any refused it. */
  const publish = (seat: number, draft: EntryDraft): Halt | null => {
    const author = peers[seat] as DriverPeer;
    const sent = tamper ? tamper(seat, draft, author.table, log) : draft;
    if (sent === null) return null;
    const encoded =
      typeof sent === 'string'
        ? sent
        : createEntry(author.table.head, seat, sent.kind, sent.body, author.signing.secretKey)
            .encoded;
    const results = peers.map((p) => applyToTable(p.table, encoded));
    const codes = results.map((r) => (r.ok ? null : r.error.code));
    if (codes.some((c) => c !== null)) return { seat, seq: author.table.head.seq, codes };
    peers = peers.map((p, i) => {
      const r = results[i];
      return r?.ok ? { ...p, table: r.value } : p;
    });
    log.push(encoded);
    return null;
  };

  const settle = (): Halt | null => {
    for (let progressed = true; progressed;) {
      progressed = false;
      for (const peer of peers) {
        const draft = owedTableEntry(peers[peer.seat] as DriverPeer);
        if (!draft) continue;
        const halt = publish(peer.seat, draft);
        if (halt) return halt;
        progressed = true;
      }
    }
    return null;
  };

  let halted = settle();
  for (const action of options.actions) {
    if (halted) break;
    if (action.type === 'choice') {
      peers = peers.map((p) => ({
        ...p,
        choices: new Map(p.choices).set(action.label, action.choices[p.seat] ?? 0),
      }));
    }
    const authors = action.type === 'end' ? peers.map((p) => p.seat) : [action.seat];
    for (const seat of authors) {
      const draft = actionDraft(peers[seat] as DriverPeer, action);
      halted ??= draft && publish(seat, draft);
    }
    halted ??= settle();
  }
  return ok({ log, peers, halted });
}
