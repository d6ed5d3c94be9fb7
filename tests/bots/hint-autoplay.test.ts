// Hints and autoplay, as the UI uses them: a hint is a legal move for the seat
// to act; autoplay answers for any seat — null while it is not that seat's
// turn, the rules' own step during automatic setup, a legal move otherwise.
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, autoplay, botInput, hint } from '../../src/lib/bots';
import {
  answerNeed,
  applyMove,
  createRng,
  defaultOptions,
  seatGame,
  supplySeated,
  variantOf,
} from '../../src/lib/engine';
import type { BaseState } from '../../src/lib/engine';
import { decisionPoints } from './positions';
import { SMALL_GAMES } from './small-games';

describe.each(SMALL_GAMES)('$id', ({ variant, options }) => {
  const points = decisionPoints(variant, options(3), 3, 9, 4);

  it('hint suggests a legal move', () => {
    for (const [i, { game, seat }] of points.entries()) {
      const input = botInput(variant, game, seat, createRng(i));
      expect(input.legal).toContainEqual(hint(input));
    }
  });

  it('autoplay moves the seat to act, at every level, and no other seat', () => {
    for (const [i, { game, seat }] of points.entries()) {
      for (let s = 0; s < game.views.length; s++) {
        const level = BOT_LEVELS[(i + s) % BOT_LEVELS.length] ?? 'easy';
        const move = autoplay(level, variant, game, s, createRng(i));
        if (s !== seat) {
          expect(move).toBeNull();
          continue;
        }
        expect(move).not.toBeNull();
        if (move) expect(applyMove(variant, game.views[s] as BaseState, move).ok).toBe(true);
      }
    }
  });
});

describe('autoplay during automatic setup', () => {
  it('answers the MT-2 call-down with the rules’ own declaration', () => {
    const variant = variantOf('mexican-train');
    const options = defaultOptions(variant, 2, { rounds: 1 });
    const fresh = seatGame(variant, 2, options);
    const need = variant.need(fresh.full);
    if (!need) throw new Error('a new game needs its deal');
    const dealt = supplySeated(variant, fresh, answerNeed(fresh.full, need, createRng(3)));
    if (!dealt.ok) throw new Error(dealt.error.message);
    const move = autoplay('hard', variant, dealt.value, 0, createRng(1));
    expect(move).toEqual(variant.setupMove(dealt.value.views[0] as BaseState));
    expect(move).toMatchObject({ seat: 0, type: 'declare' });
    expect(autoplay('hard', variant, dealt.value, 1, createRng(1))).toBeNull();
  });
});
