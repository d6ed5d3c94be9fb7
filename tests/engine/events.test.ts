// The engine tells what happened: every event kind of every variant, with the
// rule it cites, over whole random games; events are JSON-safe and agree with
// the moves and the states they come from.
import { describe, expect, it } from 'vitest';
import {
  EVENT_KINDS,
  VARIANT_IDS,
  answerNeed,
  createRng,
  defaultOptions,
  eventsOf,
  hideSupply,
  moveSeated,
  nextRoundSeated,
  roundResult,
  seatGame,
  supplySeated,
  variantOf,
} from '../../src/lib/engine';
import type { BaseState, GameEvent, Move, Options, Supply, VariantId } from '../../src/lib/engine';
import { toldGame } from './event-harness';
import type { Told } from './event-harness';

const SHORT: Readonly<Record<VariantId, Options>> = {
  'mexican-train': { set: 6, handSize: 5, rounds: 2 },
  'mexican-train-tournament': { set: 6, handSize: 5, startDouble: 2 },
  'derailing-the-train': { set: 4, handSize: 4 },
  'engine-191': { tokensToWin: 2 },
  railominos: { rounds: 2 },
};

/** Every event kind each variant tells, with the rules it cites (docs/rules.md). */
const EXPECTED: Readonly<Record<VariantId, readonly string[]>> = {
  'mexican-train': [
    'dealt:MT-1',
    'doubleLeftOpen:MT-7',
    'doubleSatisfied:MT-6',
    'doubleSatisfied:MT-7',
    'drew:MT-2',
    'drew:MT-8',
    'gameOver:MT-11',
    'markerOut:MT-8',
    'markerRemoved:MT-9',
    'notHeld:MT-2',
    'oneTileLeft:C-6',
    'opened:MT-2',
    'passed:MT-8',
    'played:MT-5',
    'roundOver:MT-10',
  ],
  'mexican-train-tournament': [
    'dealt:TT-1',
    'doubleLeftOpen:TT-6',
    'doubleSatisfied:TT-6',
    'drew:MT-8',
    'firstPlayer:TT-2',
    'gameOver:TT-8',
    'markerOut:MT-8',
    'markerRemoved:MT-9',
    'oneTileLeft:C-6',
    'opened:TT-3',
    'passed:MT-8',
    'played:TT-4',
    'roundOver:MT-10',
  ],
  'derailing-the-train': [
    'dealt:DT-1',
    'derailed:DT-7',
    'drew:DT-2',
    'drew:DT-6',
    'gameOver:DT-12',
    'markerOut:DT-6',
    'markerOut:DT-7',
    'markerRemoved:DT-6',
    'notHeld:DT-2',
    'oneTileLeft:C-6',
    'opened:DT-2',
    'passed:DT-6',
    'played:DT-6',
    'restored:DT-8',
    'roundOver:DT-11',
  ],
  'engine-191': [
    'chose:E-2',
    'dealt:E-1',
    'dealt:E-2',
    'drew:E-10',
    'drew:E-4',
    'drew:E-6',
    'drew:E-9',
    'gameOver:E-12',
    'oneTileLeft:C-6',
    'opened:E-2',
    'passed:E-9',
    'played:E-6',
    'played:E-7',
    'redealt:E-2',
    'reshuffled:E-10',
    'revealed:E-2',
    'roundOver:E-11',
    'stationCompleted:E-5',
    'trackRemoved:E-4',
  ],
  railominos: [
    'dealt:R-2',
    'firstPlayer:R-3',
    'frisco:R-5',
    'friscoSetAside:R-2',
    'gameOver:R-8',
    'leaderTurned:R-2',
    'oneTileLeft:C-6',
    'passed:R-7',
    'played:R-4',
    'roundOver:R-8',
    'scored:R-6',
  ],
};

/** What the house rules add (docs/rules.md H-2, H-3, H-4), told with them switched on. */
const HOUSE_EVENTS = ['runEnded:H-2', 'drew:H-3', 'played:H-4'];

const games = new Map<VariantId, Told[][]>(
  VARIANT_IDS.map((id) => [
    id,
    Array.from({ length: 60 }, (_, i) => toldGame(id, 2 + (i % 2), SHORT[id], 1 + (i >> 1))),
  ]),
);

const of = <K extends GameEvent['kind']>(told: readonly Told[], kind: K) =>
  told.flatMap((t) =>
    t.events.filter((e): e is Extract<GameEvent, { kind: K }> => e.kind === kind),
  );

describe.each(VARIANT_IDS)('%s events', (id) => {
  const played = games.get(id) ?? [];

  it('every event kind of the variant, each citing its rule', () => {
    const seen = new Set(played.flat().flatMap((t) => t.events.map((e) => `${e.kind}:${e.rule}`)));
    expect([...seen].sort()).toEqual(EXPECTED[id]);
  });

  it('events are JSON-safe values', () => {
    for (const t of played[0] ?? []) {
      for (const e of t.events) expect(JSON.parse(JSON.stringify(e))).toEqual(e);
    }
  });

  it('plays, rounds and the game end are told once each, as the states show them', () => {
    for (const told of played) {
      const plays = told.flatMap((t) =>
        t.step !== 'supply' && t.step.type === 'play' ? [t.step] : [],
      );
      expect(of(told, 'played').map(({ seat, tile, target }) => ({ seat, tile, target }))).toEqual(
        plays.map(({ seat, tile, target }) => ({ seat, tile, target })),
      );
      const last = told[told.length - 1];
      expect(of(told, 'roundOver')).toHaveLength(last?.after.round ?? 0);
      for (const t of told) {
        for (const e of t.events) {
          if (e.kind === 'roundOver') expect(e.result).toEqual(roundResult(t.after));
        }
      }
      const over = of(told, 'gameOver');
      expect(over).toHaveLength(1);
      expect(over[0]?.winners).toEqual(last?.after.winners);
    }
  });
});

describe('events, one by one', () => {
  const all = (id: VariantId) => (games.get(id) ?? []).flat();

  it('MT-8 MT-9 DT-6 DT-7: a marker goes out on a pass or a derailer, and its owner lifts it', () => {
    for (const id of ['mexican-train', 'derailing-the-train'] as const) {
      for (const t of all(id)) {
        const step = t.step;
        if (step === 'supply') continue;
        for (const e of t.events) {
          if (e.kind === 'markerOut' && e.rule === 'DT-7') {
            expect(t.events).toContainEqual(
              expect.objectContaining({ kind: 'derailed', owner: e.seat }),
            );
          } else if (e.kind === 'markerOut')
            expect([step.type, step.seat]).toEqual(['pass', e.seat]);
          if (e.kind === 'markerRemoved' && id === 'mexican-train') {
            expect([step.type, step.type === 'play' && step.target]).toEqual([
              'play',
              `p${e.seat}`,
            ]);
          }
        }
      }
    }
  });

  it('DT-7 DT-8: a derailer is a double on a train; a matching tile puts it back', () => {
    const set = variantOf('derailing-the-train').tileSet(2, SHORT['derailing-the-train']);
    for (const t of all('derailing-the-train')) {
      for (const e of t.events) {
        if (e.kind !== 'derailed' && e.kind !== 'restored') continue;
        const step = t.step;
        if (step === 'supply' || step.type !== 'play')
          throw new Error('a derail comes from a play');
        expect(step.target).toBe(e.target);
        const tile = set.tiles[e.tile];
        expect(tile?.hi).toBe(tile?.lo);
        if (e.kind === 'derailed') expect(step.tile).toBe(e.tile);
      }
    }
  });

  it('E-2 E-9 E-4: the choices revealed at once, tiles drawn face up to the yard named', () => {
    for (const t of all('engine-191')) {
      for (const e of t.events) {
        if (e.kind === 'revealed') expect(e.chosen.every((c) => c !== null)).toBe(true);
        if (e.kind === 'drew') expect(e.tile !== null).toBe(e.into === 'yard');
        if (e.kind === 'opened') expect(e.starts).toBe(t.after.turn);
      }
    }
  });

  it('R-6: a play scores what the mover’s total gained', () => {
    for (const t of all('railominos')) {
      for (const e of t.events) {
        if (e.kind === 'scored') {
          expect(e.points).toBe((t.after.scores[e.seat] ?? 0) - (t.before.scores[e.seat] ?? 0));
        }
      }
    }
  });

  it('H-2 H-3 H-4: with the house rules on, their events cite them', () => {
    const house = { openingRun: 1, drawUntilPlay: 1, mexicanFirst: 1 };
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const told = toldGame(
        'mexican-train',
        2 + (i % 2),
        { ...SHORT['mexican-train'], ...house },
        i,
      );
      for (const t of told) for (const e of t.events) seen.add(`${e.kind}:${e.rule}`);
    }
    for (const k of HOUSE_EVENTS) expect(seen).toContain(k);
  });

  it('every event kind is told by some variant', () => {
    const lists = [...Object.values(EXPECTED), HOUSE_EVENTS];
    const kinds = new Set(lists.flatMap((l) => l.map((k) => k.split(':')[0])));
    expect([...kinds].sort()).toEqual([...EVENT_KINDS].sort());
  });
});

describe('events on views', () => {
  /** Round results and winners wait on a view for hidden hands (MT-11); the rest is public. */
  const publicPart = (e: GameEvent) =>
    e.kind === 'roundOver'
      ? { ...e, result: e.result.round }
      : e.kind === 'gameOver'
        ? { ...e, winners: [] }
        : e;

  it.each(VARIANT_IDS)(
    '%s: every seat’s view tells the same public events as full information',
    (id) => {
      const v = variantOf(id);
      const rng = createRng(5);
      let game = seatGame(v, 3, defaultOptions(v, 3, SHORT[id]));
      let steps = 0;
      while (game.full.phase !== 'gameOver') {
        if (game.full.phase === 'roundOver') {
          game = nextRoundSeated(v, game);
          continue;
        }
        const need = v.need(game.full);
        const before = game;
        const step: Move | Supply = need
          ? answerNeed(game.full, need, rng)
          : (v.setupMove(game.full) ??
            (v.legalMoves(game.full)[rng.int(v.legalMoves(game.full).length)] as Move));
        const next = 'type' in step ? moveSeated(v, game, step) : supplySeated(v, game, step);
        if (!next.ok) throw new Error(next.error.message);
        game = next.value;
        const told = (b: BaseState, a: BaseState, s: number | null) =>
          ('type' in step
            ? eventsOf(v, b, step, a)
            : eventsOf(v, b, { supply: s === null ? step : hideSupply(step, s), need }, a)
          ).map(publicPart);
        const full = told(before.full, game.full, null);
        for (const [seat, view] of game.views.entries()) {
          expect(told(before.views[seat] as BaseState, view, seat)).toEqual(full);
        }
        steps++;
      }
      expect(steps).toBeGreaterThan(20);
    },
  );
});
