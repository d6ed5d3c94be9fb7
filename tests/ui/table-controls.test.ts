// Issue 31: the table enables a control only for a move in the engine's legal
// list, and pressing it sends exactly that move, which the session takes. Every
// variant (with the house rules that add moves), random games, random presses.
// On virtual time (the waits cost no real time) and on the crypto accelerator
// (the same results as the pure-JS path, tests/protocol/group-accelerator.test.ts).
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { canonicalJson, VARIANT_IDS, type Json, type Move, type Options } from '$lib/engine';
import { accelerate } from '$lib/protocol';
import {
  startLocalTable,
  type LocalSeatSpec,
  type SessionResult,
  type TableClient,
} from '$lib/session';
import { TableController, type TileSource } from '$lib/ui/table.svelte';
import { load as loadGame } from '$lib/ui/i18n/game';
import { until as waitFor } from '../session/harness';

beforeAll(async () => {
  await accelerate();
  await loadGame('en');
});
// As the session tests (tests/setup.ts): setImmediate stays real, the harness's
// `until` runs what is due and moves the clock on to the next timer.
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
});

const key = (m: Move) => canonicalJson(m as unknown as Json);

/** A seeded generator (mulberry32) for the presses. */
function rngOf(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Whether `cond` comes true within `ms` (of virtual time). */
async function until(cond: () => boolean, ms = 60_000): Promise<boolean> {
  try {
    await waitFor('the table', cond, ms);
    return true;
  } catch {
    return false;
  }
}

interface Sent {
  readonly move: Move;
  readonly result: SessionResult<true>;
}

/** The client with every move it is handed recorded, with the session's answer. */
function spied(client: TableClient, sent: Sent[]): TableClient {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'move')
        return async (seat: number, move: Move) => {
          const result = await target.move(seat, move);
          sent.push({ move, result });
          return result;
        };
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

interface Control {
  readonly kind: string;
  /** The moves pressing it may send (a tile with several targets: one per target). */
  readonly moves: readonly Move[];
  press(t: TableController, pick: (n: number) => number): Promise<void>;
}

const BUTTONS = ['draw', 'pass', 'removeTrack', 'endTurn'] as const;

/** Every control the table enables now, read as the components read it. */
function controls(t: TableController): Control[] {
  const out: Control[] = [];
  for (const type of BUTTONS) {
    const move = t.move(type);
    if (move) out.push({ kind: type, moves: [move], press: (c) => c.act(type) });
  }
  for (const d of t.declareChoices)
    out.push({ kind: 'declare', moves: [d], press: (c) => c.send(d) });
  const tiles: [number, TileSource][] = [
    ...t.hand.map((x): [number, TileSource] => [x, 'hand']),
    ...t.yard.map((x): [number, TileSource] => [x, 'yard']),
  ];
  for (const [tile, from] of tiles) {
    if (!t.usable(tile, from)) continue;
    const choice = from === 'hand' ? t.choiceOf(tile) : null;
    out.push({
      kind: choice ? 'choose' : 'play',
      moves: choice ? [choice] : t.playsOf(tile, from),
      press: async (c, pick) => {
        await c.pickTile(tile, from);
        // Several targets: the player taps one of the buttons (or board places) shown.
        const target = c.targets[pick(c.targets.length)];
        if (c.selected && target !== undefined) await c.pickTarget(target);
        const yard = c.yardChoice;
        if (yard) await c.pickReplacement(yard.replaces[pick(yard.replaces.length)] ?? -1);
      },
    });
  }
  return out;
}

/** Kinds of move pressed over all games (each must come up). */
const pressed = new Map<string, number>();
/** Games played through, over all setups. */
let ran = 0;
const RUNS = 3;
const open: { client: TableClient; table: TableController }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) {
    o.table.destroy();
    o.client.close();
  }
});

interface Setup {
  readonly variant: (typeof VARIANT_IDS)[number];
  readonly options: Options;
}

const SETUPS: readonly Setup[] = [
  ...VARIANT_IDS.map((variant) => ({ variant, options: {} })),
  // H-2 adds End turn, H-3 keeps Draw lit.
  { variant: 'mexican-train', options: { openingRun: 1, drawUntilPlay: 1 } },
  { variant: 'derailing-the-train', options: { drawUntilPlay: 1 } },
];

/** Plays up to `turns` of the person's turns by random presses, checking each control. */
async function playByControls(setup: Setup, seed: number, turns: number): Promise<void> {
  const pick = rngOf(seed);
  const bots = 1 + pick(2);
  const seats: LocalSeatSpec[] = [
    { kind: 'person', name: 'Ada' },
    ...Array.from({ length: bots }, (): LocalSeatSpec => ({ kind: 'bot', level: 'easy' })),
  ];
  const started = await startLocalTable({ ...setup, seats, store: null });
  if (!started.ok) throw new Error(started.error.detail);
  const sent: Sent[] = [];
  const t = new TableController(spied(started.value, sent), { stepMs: 0 });
  open.push({ client: started.value, table: t });
  for (let turn = 0; turn < turns; turn++) {
    const ready = await until(
      () => (t.caughtUp && t.myTurn && !t.busy) || t.panel !== null || !!t.shown.ended,
    );
    expect(ready, `${setup.variant}: a turn came`).toBe(true);
    if (t.panel !== null || t.shown.ended) return; // the round (or game) is over
    const legal = t.legal.map(key);
    const all = controls(t);
    // Every enabled control is a legal move, and every legal move has a control
    // (the call-down's "none" is answered for the player).
    const offered = new Set(all.flatMap((c) => c.moves.map(key)));
    for (const m of offered) expect(legal, `${setup.variant}: control for ${m}`).toContain(m);
    for (const m of t.legal) {
      if (m.type === 'declare' && m.tile === null) continue;
      expect([...offered], `${setup.variant}: no control for ${key(m)}`).toContain(key(m));
    }
    // A disabled control sends nothing.
    const before = sent.length;
    for (const type of BUTTONS) if (!t.move(type)) await t.act(type);
    const dim = t.hand.find((x) => !t.usable(x, 'hand'));
    if (dim !== undefined) await t.pickTile(dim, 'hand');
    expect(sent.length, `${setup.variant}: a disabled control sent a move`).toBe(before);
    // One control, of a kind picked first (rare kinds come up as often as tiles).
    const kinds = [...new Set(all.map((c) => c.kind))];
    const kind = kinds[pick(kinds.length)];
    const ofKind = all.filter((c) => c.kind === kind);
    const control = ofKind[pick(ofKind.length)];
    if (!control) throw new Error(`${setup.variant}: a turn with no control`);
    t.notice = null;
    await control.press(t, pick);
    const made = sent.slice(before);
    expect(made.length, `${setup.variant}: pressing ${control.kind} sent one move`).toBe(1);
    const [one] = made;
    if (!one) return;
    expect(control.moves.map(key)).toContain(key(one.move));
    expect(legal).toContain(key(one.move));
    expect(one.result, `${setup.variant}: ${key(one.move)} refused`).toEqual({
      ok: true,
      value: true,
    });
    expect(t.notice).toBeNull();
    pressed.set(one.move.type, (pressed.get(one.move.type) ?? 0) + 1);
    // The move is taken: the screen moves on before the next press.
    const shownBefore = t.shown;
    await until(() => t.shown !== shownBefore && t.caughtUp, 30_000);
  }
}

describe('every enabled control sends exactly a legal move the session takes', () => {
  for (const setup of SETUPS) {
    const name = `${setup.variant} ${JSON.stringify(setup.options)}`;
    it(name, { timeout: 600_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
          try {
            await playByControls(setup, seed, 25);
            ran += 1;
          } finally {
            for (const o of open.splice(0)) {
              o.table.destroy();
              o.client.close();
            }
          }
        }),
        { numRuns: RUNS },
      );
    });
  }

  afterAll(() => {
    // Every kind of move was pressed somewhere (when every setup ran).
    if (ran < SETUPS.length * RUNS) return;
    for (const type of ['play', 'draw', 'pass', 'endTurn', 'removeTrack', 'declare', 'choose'])
      expect(pressed.get(type) ?? 0, `no ${type} was pressed`).toBeGreaterThan(0);
  });
});
