// Move log lines that no move carries: the engine, platform or main station the
// rules lay (TT-3, MT-2, DT-2, E-2) and Engine 191's redeal, from view diffs.
import { describe, expect, it } from 'vitest';
import { doubleOf, tileOf, variantOf, type BaseState, type Move } from '$lib/engine';
import type { DtState } from '$lib/engine/variants/derailing-the-train/state';
import type { Engine191State } from '$lib/engine/variants/engine-191/state';
import type { MtState } from '$lib/engine/variants/mexican-train/state';
import { describeChange } from '$lib/ui/log';

const names = ['Ada', 'Bo'];
const texts = (prev: BaseState | null, next: BaseState, moves: readonly Move[] = []) =>
  describeChange(prev, next, names, 0, moves).lines.map((l) => l.text);

function game<S extends BaseState>(id: S['variant'], options: Record<string, number>): S {
  return variantOf(id).newGame(2, options) as S;
}

describe('describeChange: openings the rules lay', () => {
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
    const move: Move = { seat: 1, type: 'choose', tile: doubleOf(3) };
    expect(texts(setup, playing, [move])).toEqual([
      'A secret choice was made.',
      'Revealed: You 5-5, Bo 3-3.',
      '3-3 is the main station (E-2); Bo starts.',
    ]);
    const line = describeChange(setup, playing, names, 1, [move]).lines.at(-1);
    expect(line).toMatchObject({
      seat: 1,
      notation: '3-3',
      text: '3-3 is the main station (E-2); you start.',
    });
    // Seen once: the next move does not say it again.
    expect(texts(playing, { ...playing, moveIndex: 1 })).toEqual([]);
  });

  it('E-2: no double revealed, the round is dealt again', () => {
    const setup: Engine191State = { ...game<Engine191State>('engine-191', {}), phase: 'setup' };
    const redeal: Engine191State = {
      ...setup,
      phase: 'deal',
      chosen: [tileOf(5, 1), tileOf(4, 2)],
    };
    expect(texts(setup, redeal)).toContain(
      'No double was revealed (E-2): the round is dealt again.',
    );
  });

  it('TT-3: the fixed engine is laid when the round is dealt', () => {
    const deal: MtState = {
      ...game<MtState>('mexican-train-tournament', { startDouble: 9 }),
      phase: 'deal',
    };
    const setup: MtState = { ...deal, phase: 'setup', engine: doubleOf(9) };
    expect(texts(deal, setup)).toEqual(['Round 1 is dealt.', '9-9 is laid as the engine (TT-3).']);
  });

  it('a new round being dealt still shows the old engine: nothing is said until it is laid', () => {
    const over: MtState = {
      ...game<MtState>('mexican-train-tournament', { startDouble: 9 }),
      phase: 'roundOver',
      engine: doubleOf(9),
    };
    const dealing: MtState = { ...over, round: 2, phase: 'deal' };
    expect(texts(over, dealing)).toEqual([]);
    const laid: MtState = { ...dealing, phase: 'setup', engine: doubleOf(8) };
    expect(texts(dealing, laid)).toEqual([
      'Round 2 is dealt.',
      '8-8 is laid as the engine (TT-3).',
    ]);
  });

  it('MT-2: an engine laid by a declare is said once, by the move', () => {
    const setup: MtState = { ...game<MtState>('mexican-train', { set: 9 }), phase: 'setup' };
    const laid: MtState = { ...setup, phase: 'playing', engine: doubleOf(9), turn: 1 };
    const declare: Move = { seat: 1, type: 'declare', tile: doubleOf(9) };
    expect(texts(setup, laid, [declare])).toEqual(['Bo laid 9-9 as the engine.']);
    // Laid by the rules (no declare names it): the log says so with the rule.
    expect(texts(setup, laid)).toEqual(['9-9 is laid as the engine (MT-2); Bo starts.']);
  });

  it('DT-2: a platform laid without a declare', () => {
    const setup: DtState = { ...game<DtState>('derailing-the-train', {}), phase: 'setup' };
    const laid: DtState = { ...setup, phase: 'playing', platform: doubleOf(9), turn: 0 };
    expect(texts(setup, laid)).toEqual(['9-9 is laid as the platform (DT-2); you start.']);
  });
});
