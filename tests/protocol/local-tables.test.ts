// One browser, many tables: applyEntryAll verifies an entry once and folds it
// into every local seat's table and a spectator's, exactly as applyEntry on each
// would; a spectator follows whole rounds seeing only what is open to all.
import { beforeAll, describe, expect, it } from 'vitest';
import { isDouble, variantOf, type Move, type Options, type VariantId } from '$lib/engine';
import { accelerate } from '$lib/protocol/crypto/accelerator';
import { canonicalJson, type JsonValue } from '$lib/protocol/log/canonical-json';
import { createEntry } from '$lib/protocol/log/entry';
import { mayMove, moveDraft, owedEntry } from '$lib/protocol/table/peer';
import { locate, publicFace } from '$lib/protocol/table/positions';
import { applyEntry, applyEntryAll, createTable } from '$lib/protocol/table/reducer';
import type { TableState } from '$lib/protocol/table/state';
import { stateSnapshot, unwrap } from './helpers';
import { randomChooser, runTable, simPeers, type Chooser } from './table-sim';

beforeAll(() => accelerate());

interface Game {
  readonly variant: VariantId;
  readonly players: number;
  readonly options: Options;
  readonly seed: number;
  readonly chooser?: Chooser;
}

/** E-2: every seat first commits a non-double, so the round is dealt again. */
const redealing: Chooser = (peer, legal) => {
  const chooses = legal.filter((m): m is Move & { type: 'choose' } => m.type === 'choose');
  if (chooses.length === 0) return randomChooser(peer, legal);
  const { players, options } = peer.table.view;
  const set = variantOf('engine-191').tileSet(players, options);
  const firstDeal = peer.table.deal.decks.length === 1;
  return (chooses.find((m) => isDouble(set, m.tile) !== firstDeal) ?? chooses[0]) as Move;
};

const GAMES: readonly (Game & { readonly name: string })[] = [
  {
    name: 'Mexican Train',
    variant: 'mexican-train',
    players: 3,
    options: { rounds: 1, set: 6, handSize: 4 },
    seed: 1,
  },
  {
    name: 'Mexican Train, tournament',
    variant: 'mexican-train-tournament',
    players: 2,
    options: { set: 6, handSize: 5 },
    seed: 2,
  },
  {
    name: 'Derailing the Train',
    variant: 'derailing-the-train',
    players: 3,
    options: { set: 6, handSize: 4 },
    seed: 4,
  },
  { name: 'Engine 191', variant: 'engine-191', players: 2, options: { tokensToWin: 1 }, seed: 1 },
  {
    name: 'Engine 191, redealt (E-2)',
    variant: 'engine-191',
    players: 2,
    options: { tokensToWin: 1 },
    seed: 2,
    chooser: redealing,
  },
  {
    name: 'Railominos',
    variant: 'railominos',
    players: 3,
    options: { handSize: 5, rounds: 1 },
    seed: 1,
  },
];

/** Every tile a table's view shows in a hand or the boneyard is open to all there. */
function expectOnlyPublic(t: TableState): void {
  // between rounds the hands are last round's, shown at its end
  if (t.view.phase !== 'setup' && t.view.phase !== 'playing') return;
  for (const c of [...t.view.hands.flat(), ...t.view.boneyard]) {
    if (c.tile === null) continue;
    const at = locate(t.deal, c.pos);
    expect(at && publicFace(t.deal, at)).toBe(c.tile);
  }
}

describe('applyEntryAll: one browser holding every seat and a spectator', () => {
  it.each(GAMES)('$name: the same tables as applyEntry on each, entry by entry', (game) => {
    const peers = simPeers(game);
    let spectator = unwrap(createTable(peers[0]!.table.config, null));
    expect(spectator.hash).toBe(peers[0]!.table.hash);
    // the spectator first: the entry is verified on its table
    let local: readonly TableState[] = [spectator, ...peers.map((p) => p.table)];
    let entries = 0;
    const run = runTable(
      {
        ...game,
        onEntry: (ps, log) => {
          const encoded = log.at(-1) as string;
          const all = unwrap(applyEntryAll(local, encoded));
          spectator = unwrap(applyEntry(spectator, encoded));
          expect(stateSnapshot(all[0])).toBe(stateSnapshot(spectator));
          ps.forEach((p, s) => expect(stateSnapshot(all[s + 1])).toBe(stateSnapshot(p.table)));
          expect(spectator.hash).toBe(ps[0]!.table.hash);
          expectOnlyPublic(spectator);
          expect(owedEntry(spectator)).toBeNull();
          expect(mayMove(spectator)).toBe(false);
          local = all;
          entries++;
        },
      },
      peers,
    );
    expect(run.refused).toBeNull();
    expect(run.stalled).toBeNull();
    expect(entries).toBe(run.log.length);
    expect(spectator.audits[0]).toEqual({ round: 1, violations: [], replayed: true });
  });
});

describe('applyEntryAll refuses for all, and changes none', () => {
  const game: Game = {
    variant: 'mexican-train',
    players: 3,
    options: { rounds: 1, set: 6, handSize: 4 },
    seed: 5,
  };

  let whole: readonly string[] | null = null;
  const wholeLog = (): readonly string[] => (whole ??= runTable(game, simPeers(game)).log);

  /** Local tables (every seat) after `n` entries of a whole round's log. */
  function at(n: number) {
    const peers = simPeers(game);
    const log = wholeLog();
    let tables: readonly TableState[] = peers.map((p) => p.table);
    for (const encoded of log.slice(0, n)) tables = unwrap(applyEntryAll(tables, encoded));
    return { peers, log, tables };
  }

  const kindOf = (encoded: string): string => (JSON.parse(encoded) as { kind: string }).kind;

  function expectRefusedAlike(tables: readonly TableState[], encoded: string, code: string): void {
    const before = tables.map(stateSnapshot);
    const all = applyEntryAll(tables, encoded);
    expect(all.ok ? null : all.error.code).toBe(code);
    for (const t of tables) {
      const one = applyEntry(t, encoded);
      expect(one.ok ? null : one.error.code).toBe(code);
    }
    expect(tables.map(stateSnapshot)).toEqual(before);
  }

  it('a forged signature (BAD_SIGNATURE)', () => {
    const log = wholeLog();
    const n = log.findIndex((e) => kindOf(e) === 'shuffle-hop');
    const { tables } = at(n);
    const entry = JSON.parse(log[n]!) as Record<string, JsonValue>;
    const sig = entry.sig as string;
    const forged = {
      ...entry,
      sig: `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`,
    };
    expectRefusedAlike(tables, canonicalJson(forged), 'BAD_SIGNATURE');
  });

  it('a signed shuffle hop with two points swapped (BAD_SHUFFLE_PROOF)', () => {
    const log = wholeLog();
    const n = log.findIndex((e) => kindOf(e) === 'shuffle-hop');
    const { tables, peers } = at(n);
    const entry = JSON.parse(log[n]!) as { seat: number; body: { points: string[] } };
    const points = [...entry.body.points];
    [points[0], points[1]] = [points[1]!, points[0]!];
    const body = { ...entry.body, points } as unknown as JsonValue;
    const signing = peers[entry.seat]!.signing.secretKey;
    const forged = createEntry(tables[0]!.head, entry.seat, 'shuffle-hop', body, signing).encoded;
    expectRefusedAlike(tables, forged, 'BAD_SHUFFLE_PROOF');
  });

  it('a signed move the rules refuse, found when folding in (ILLEGAL_MOVE)', () => {
    const log = wholeLog();
    const n = log.findIndex((e) => kindOf(e) === 'move');
    const { tables, peers } = at(n);
    const seat = (JSON.parse(log[n]!) as { seat: number }).seat;
    const table = tables[seat]!;
    // a tile of the author's own hand played on another seat's train
    const tile = table.view.hands[seat]!.find((c) => c.tile !== null)!.tile!;
    const draft = moveDraft(table, { seat, type: 'play', tile, target: `p${(seat + 1) % 3}` });
    const forged = createEntry(
      table.head,
      seat,
      'move',
      draft.body,
      peers[seat]!.signing.secretKey,
    );
    expectRefusedAlike(tables, forged.encoded, 'ILLEGAL_MOVE');
  });

  it('tables at different heads, or of another game (NOT_SAME_TABLE)', () => {
    const { tables, log } = at(3);
    const ahead = unwrap(applyEntry(tables[1]!, log[3]!));
    const apart = applyEntryAll([tables[0]!, ahead], log[4]!);
    expect(apart.ok ? null : apart.error.code).toBe('NOT_SAME_TABLE');
    const other = simPeers({ ...game, game: 'another-game' })[0]!.table;
    const all = applyEntryAll([other, ...tables], log[3]!);
    expect(all.ok ? null : all.error.code).toBe('NOT_SAME_TABLE');
    expect(unwrap(applyEntryAll([], log[3]!))).toEqual([]);
  });
});
