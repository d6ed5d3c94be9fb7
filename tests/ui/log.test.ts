// The move log puts the engine's events into words: the events come from the
// engine (eventsOf on the states before and after a step), the wording and the
// rule ids from here. Openings the rules lay (TT-3, MT-2, DT-2, E-2), Engine
// 191's redeal, and the everyday moves.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  doubleOf,
  eventsOf,
  tileOf,
  variantOf,
  type BaseState,
  type GameEvent,
  type Move,
  type StateOf,
  type Supply,
} from '$lib/engine';
import type { TableStep } from '$lib/session';
import { describeSteps } from '$lib/ui/log';
import { load as loadGame } from '$lib/ui/i18n/game';
import { current } from '$lib/ui/i18n/locale.svelte';

type DtState = StateOf<'derailing-the-train'>;
type Engine191State = StateOf<'engine-191'>;
type MtState = StateOf<'mexican-train'>;

// The table's words in English unless a test says otherwise.
beforeAll(() => loadGame('en'));

const names = ['Ada', 'Bo'];

function game<S extends BaseState>(id: S['variant'], options: Record<string, number>): S {
  return variantOf(id).newGame(2, options) as S;
}

/** The events of a step from `before` to `after`, as the engine tells them. */
function step(before: BaseState, how: Move | Supply, after: BaseState): TableStep {
  const variant = variantOf(before.variant);
  const events: readonly GameEvent[] =
    'type' in how
      ? eventsOf(variant, before, how, after)
      : eventsOf(variant, before, { supply: how, need: variant.need(before) }, after);
  return { seq: 0, move: 'type' in how ? how : null, events };
}

const texts = (steps: readonly TableStep[], view: BaseState, viewer = 0) =>
  describeSteps(steps, view, names, viewer).lines.map((l) => l.text);

describe('describeSteps: openings the rules lay', () => {
  it('E-2: the revealed choices and the main station, with who starts', () => {
    const setup: Engine191State = {
      ...game<Engine191State>('engine-191', {}),
      phase: 'setup',
      chosen: [doubleOf(5), null],
      turn: 1,
    };
    const playing: Engine191State = {
      ...setup,
      phase: 'playing',
      chosen: [doubleOf(5), doubleOf(3)],
      station: doubleOf(3),
      turn: 1,
    };
    const s = step(setup, { seat: 1, type: 'choose', tile: doubleOf(3) }, playing);
    expect(texts([s], playing)).toEqual([
      'A secret choice was made.',
      'Revealed: You 5-5, Bo 3-3.',
      '3-3 is the main station (E-2); Bo starts.',
    ]);
    const line = describeSteps([s], playing, names, 1).lines.at(-1);
    expect(line).toMatchObject({
      seat: 1,
      rule: 'E-2',
      text: '3-3 is the main station (E-2); you start.',
    });
  });

  it('E-2 in Spanish and French: the same events in their words, the rule ids kept', async () => {
    const setup: Engine191State = {
      ...game<Engine191State>('engine-191', {}),
      phase: 'setup',
      chosen: [doubleOf(5), null],
      turn: 1,
    };
    const playing: Engine191State = {
      ...setup,
      phase: 'playing',
      chosen: [doubleOf(5), doubleOf(3)],
      station: doubleOf(3),
      turn: 1,
    };
    const s = step(setup, { seat: 1, type: 'choose', tile: doubleOf(3) }, playing);
    try {
      await Promise.all([loadGame('es'), loadGame('fr')]);
      current.locale = 'es';
      expect(texts([s], playing)).toEqual([
        'Alguien hizo una elección secreta.',
        'Se descubren: Tú 5-5 y Bo 3-3.',
        '3-3 es la estación central (E-2); empieza Bo.',
      ]);
      current.locale = 'fr';
      const lines = describeSteps([s], playing, names, 1).lines;
      expect(lines.at(-1)).toMatchObject({
        rule: 'E-2',
        text: '3-3 est la gare centrale (E-2) ; vous commencez.',
      });
    } finally {
      current.locale = 'en';
    }
  });

  it('E-2: no double revealed, the round is dealt again', () => {
    const setup: Engine191State = {
      ...game<Engine191State>('engine-191', {}),
      phase: 'setup',
      chosen: [tileOf(5, 1), null],
      turn: 1,
    };
    const redeal: Engine191State = {
      ...setup,
      phase: 'deal',
      chosen: [tileOf(5, 1), tileOf(4, 2)],
    };
    const s = step(setup, { seat: 1, type: 'choose', tile: tileOf(4, 2) }, redeal);
    expect(texts([s], redeal)).toContain('No double was revealed (E-2): the round is dealt again.');
  });

  it('MT-2: an engine laid by a declare is said once, by the move', () => {
    const setup: MtState = { ...game<MtState>('mexican-train', { set: 9 }), phase: 'setup' };
    const laid: MtState = { ...setup, phase: 'playing', engine: doubleOf(9), turn: 1 };
    const declare: Move = { seat: 1, type: 'declare', tile: doubleOf(9) };
    expect(texts([step(setup, declare, laid)], laid)).toEqual(['Bo laid 9-9 as the engine.']);
  });

  it('DT-2: a platform the rules lay, and a call-down not held', () => {
    const setup: DtState = {
      ...game<DtState>('derailing-the-train', {}),
      phase: 'setup',
      called: doubleOf(9),
      turn: 0,
    };
    const asked: DtState = { ...setup, turn: 1 };
    const notHeld: Move = { seat: 0, type: 'declare', tile: null };
    expect(texts([step(setup, notHeld, asked)], asked)).toEqual(['You do not hold the double 9.']);
    const laid: DtState = { ...asked, phase: 'playing', platform: doubleOf(9), turn: 0 };
    const lines = describeSteps(
      [step(asked, { seat: 1, type: 'declare', tile: null }, laid)],
      laid,
      names,
      0,
    ).lines;
    expect(lines.map((l) => l.text)).toContain('9-9 is laid as the platform (DT-2); you start.');
  });
});

describe('describeSteps: moves', () => {
  it('a play on a train in words (no internal target code), and the last tile played for the board', () => {
    const events: GameEvent[] = [
      {
        kind: 'played',
        rule: 'MT-5',
        seat: 1,
        tile: tileOf(9, 5),
        target: 'p1',
        owner: 1,
        fromYard: false,
      },
      { kind: 'oneTileLeft', rule: 'C-6', seat: 1 },
    ];
    const view = game<MtState>('mexican-train', { set: 9 });
    const change = describeSteps([{ seq: 4, move: null, events }], view, names, 0);
    expect(change.lines).toMatchObject([
      { text: 'Bo played 9-5 on Bo’s train.', rule: 'MT-5', seat: 1 },
      { text: 'Bo has one tile left!', rule: 'C-6' },
    ]);
    expect(change.play).toEqual({ tile: tileOf(9, 5), target: 'p1' });
  });

  it('a pass that puts a marker out is one line (MT-8); draws and the round’s end are cued', () => {
    const view = game<MtState>('mexican-train', { set: 9 });
    const events: GameEvent[] = [
      { kind: 'drew', rule: 'MT-8', seat: 0, into: 'hand', tile: null },
      { kind: 'passed', rule: 'MT-8', seat: 0 },
      { kind: 'markerOut', rule: 'MT-8', seat: 0 },
    ];
    const change = describeSteps([{ seq: 1, move: null, events }], view, names, 0);
    expect(change.lines.map((l) => l.text)).toEqual([
      'You drew a tile.',
      'You passed; a marker goes out.',
    ]);
    expect(change.drew).toBe(true);
    expect(change.roundOver).toBe(false);
  });
});
