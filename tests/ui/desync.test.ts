// A desync alarm's sides in the alarm: the seats whose browsers hold this
// browser's table, and each other side apart. A seated browser reporting a
// wrong fingerprint stops play; its side names it.
import { describe, expect, it } from 'vitest';
import type { DesyncAlarm } from '$lib/session';
import { desyncSides } from '$lib/ui/desync';

const alarm = (sides: DesyncAlarm['sides']): DesyncAlarm => ({
  game: 'g',
  seq: 12,
  author: 0,
  sides,
  detail: 'state hashes differ after entry 12',
});

describe('a desync alarm’s sides', () => {
  it('this browser’s side agrees; the odd browser differs', () => {
    const sides = desyncSides(
      alarm([
        { hash: 'a', seats: [0, 2] },
        { hash: 'b', seats: [1] },
      ]),
    );
    expect(sides).toEqual({ agree: [0, 2], differ: [[1]] });
  });

  it('a watcher holds no seat: every seat is on a side of its own', () => {
    const sides = desyncSides(
      alarm([
        { hash: 'a', seats: [] },
        { hash: 'b', seats: [0] },
        { hash: 'c', seats: [1, 2] },
      ]),
    );
    expect(sides).toEqual({ agree: [], differ: [[0], [1, 2]] });
  });

  it('no other side heard yet: nothing differs', () => {
    expect(desyncSides(alarm([{ hash: 'a', seats: [0] }]))).toEqual({ agree: [0], differ: [] });
  });
});
