// One browser, many tables: applyEntryAll verifies an entry once and folds it
// into every local seat's table and a spectator's, exactly as applyEntry on each
// would; a spectator follows whole rounds seeing only what is open to all; and
// roundHistory gives each seat the record the engine's seated game keeps for it.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  isDouble,
  moveSeated,
  seatGame,
  supplySeated,
  variantOf,
  createRng,
  type BaseState,
  type Card,
  type Move,
  type Options,
  type Result as EngineResult,
  type RoundHistory,
  type SeatedGame,
  type Supply,
  type VariantId,
} from '$lib/engine';
import { chooseMove } from '$lib/bots';
import { accelerate } from '$lib/protocol/crypto/accelerator';
import { canonicalJson, type JsonValue } from '$lib/protocol/log/canonical-json';
import { createEntry } from '$lib/protocol/log/entry';
import { auditDeal } from '$lib/protocol/deal/audit';
import { dues, roundOver } from '$lib/protocol/table/due';
import { roundHistory } from '$lib/protocol/table/history';
import { mayMove, moveDraft, owedEntry } from '$lib/protocol/table/peer';
import { locate, publicFace } from '$lib/protocol/table/positions';
import { applyEntry, applyEntryAll, createTable } from '$lib/protocol/table/reducer';
import type { TableState } from '$lib/protocol/table/state';
import { stateSnapshot, unwrap } from './helpers';
import { randomChooser, runTable, seedOf, simPeers, type Chooser, type SimPeer } from './table-sim';

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
    expect(spectator.audits[0]).toEqual({
      round: 1,
      violations: [],
      unchecked: [],
      replayed: true,
    });
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

function engineUnwrap<T>(r: EngineResult<T>): T {
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.message}`);
  return r.value;
}

/** Every seat's seed opens every position: the round's deal with full information. */
function fullFaces(peers: readonly SimPeer[]): (pos: number) => number | null {
  const { deal } = peers[0]!.table;
  const reveals = peers.map((p) => ({ seed: seedOf(p), seq: 0 }));
  const audit = auditDeal({ ...deal, seeds: { ...deal.seeds, reveals } });
  return (pos) => {
    const at = locate(deal, pos);
    const face = at && audit.decks[at.deck]?.faces[at.pos];
    return typeof face === 'number' ? face : null;
  };
}

/** The round through the engine's seated game, with the deal the protocol made. */
function seatedRound(peers: readonly SimPeer[], game: Game): SeatedGame<BaseState>[] {
  const table = peers[0]!.table;
  const face = fullFaces(peers);
  const fill = (cards: readonly Card[]): Card[] =>
    cards.map((c) => ({ pos: c.pos, tile: face(c.pos) }));
  const full = (s: Supply): Supply =>
    s.kind === 'deal'
      ? { kind: 'deal', hands: s.hands.map(fill), boneyard: fill(s.boneyard) }
      : s.kind === 'reshuffle'
        ? { kind: 'reshuffle', boneyard: fill(s.boneyard) }
        : s;
  let g = seatGame(table.variant, game.players, table.config.options);
  const after: SeatedGame<BaseState>[] = [g];
  for (const { step } of table.record.steps) {
    g = engineUnwrap(
      'type' in step
        ? moveSeated(table.variant, g, step)
        : supplySeated(table.variant, g, full(step)),
    );
    after.push(g);
  }
  return after;
}

function expectSameHistory(
  ours: RoundHistory<BaseState> | null,
  theirs: RoundHistory<BaseState> | null,
): void {
  expect(ours).not.toBeNull();
  expect(theirs).not.toBeNull();
  expect(ours!.start).toEqual(theirs!.start);
  expect(ours!.steps).toEqual(theirs!.steps);
  expect(ours!.revealed).toEqual(theirs!.revealed);
  expect([...ours!.dealt].sort((a, b) => a - b)).toEqual([...theirs!.dealt].sort((a, b) => a - b));
}

describe('roundHistory: each seat’s record of the round, as the seated game keeps it', () => {
  it.each(GAMES)('$name', (game) => {
    const peers = simPeers(game);
    let spectator = unwrap(createTable(peers[0]!.table.config, null));
    const seen: { seat: number; steps: number; history: RoundHistory<BaseState> | null }[] = [];
    const spectated: RoundHistory<BaseState>[] = [];
    let hardMoves = 0;
    const run = runTable(
      {
        ...game,
        stopWhen: (ps) => roundOver(ps[0]!.table),
        onEntry: (ps, log) => {
          spectator = unwrap(applyEntry(spectator, log.at(-1) as string));
          // every seat holds what it was dealt: a move is due
          if (!dues(ps[0]!.table).some((d) => d.kind === 'move')) return;
          const watched = roundHistory(spectator);
          if (watched) spectated.push(watched);
          for (const { seat, table } of ps) {
            const history = roundHistory(table);
            seen.push({ seat, steps: table.record.steps.length, history });
            if (!history || !mayMove(table) || table.view.phase !== 'playing' || hardMoves >= 4)
              continue;
            const legal = table.variant.legalMoves(table.view).filter((m) => m.seat === seat);
            const { variant, view } = table;
            const input = { variant, seat, view, legal, history, rng: createRng(seat) };
            expect(legal).toContainEqual(chooseMove('hard', input));
            hardMoves++;
          }
        },
      },
      peers,
    );
    expect(run.refused).toBeNull();
    expect(run.stalled).toBeNull();
    expect(roundOver(peers[0]!.table)).toBe(true);
    expect(hardMoves).toBeGreaterThan(0);
    const seated = seatedRound(peers, game);
    expect(seen.length).toBeGreaterThan(0);
    for (const { seat, steps, history } of seen) {
      expectSameHistory(history, seated[steps]!.histories[seat] ?? null);
    }
    // the round's end: every hand shown
    const last = seated.at(-1)!;
    for (const { seat, table } of peers)
      expectSameHistory(roundHistory(table), last.histories[seat] ?? null);
    // a spectator's: the same steps and dealt tiles, no hand at the start, only public faces
    const ended = roundHistory(spectator);
    expect(ended).not.toBeNull();
    expect(ended!.steps).toEqual(last.histories[0]!.steps);
    expect([...ended!.dealt].sort()).toEqual([...last.histories[0]!.dealt].sort());
    for (const h of [...spectated, ended!]) {
      expect(h.start.hands.flat().every((c) => c.tile === null)).toBe(true);
      for (const [pos, tile] of h.revealed) {
        const at = locate(spectator.deal, pos);
        expect(at && publicFace(spectator.deal, at)).toBe(tile);
      }
    }
  });

  it('is null before the deal', () => {
    const peers = simPeers(GAMES[0]!);
    expect(roundHistory(peers[0]!.table)).toBeNull();
  });
});
