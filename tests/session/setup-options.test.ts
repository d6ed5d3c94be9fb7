// A table's setup is refused before any deal when its options cannot be dealt
// (DT-1: the Derailing hang), with the engine's rule and reason; a lobby still
// edits options one at a time within their specs.
import { describe, expect, it } from 'vitest';
import { variantOf } from '../../src/lib/engine';
import type { Options, VariantId } from '../../src/lib/engine';
import { toBase64url } from '../../src/lib/protocol/crypto/bytes';
import { checkOptions, parseSetup } from '../../src/lib/session/setup';

/** A table's setup as it travels between peers, with these options. */
function setupOf(variant: VariantId, players: number, options: Options) {
  const seats = Array.from({ length: players }, (_, i) => ({
    name: `P${i}`,
    key: toBase64url(new Uint8Array(32).fill(i + 1)),
    bot: null,
    member: `m${i}`,
  }));
  const nonce = toBase64url(new Uint8Array(16));
  return { room: 'room', variant, options, seats, nonce, start: null };
}

describe('setup options', () => {
  it('DT-1: Derailing the Train for 3 with 10 tiles each on a double-3 or double-6 set is refused with its reason', () => {
    for (const set of [3, 6]) {
      const why = variantOf('derailing-the-train').checkOptions(3, { set, handSize: 10 });
      expect(why.ok).toBe(false);
      expect(parseSetup(setupOf('derailing-the-train', 3, { set, handSize: 10 }))).toEqual({
        ok: false,
        error: { code: 'BAD_SETUP', detail: !why.ok && why.error.message, rule: 'DT-1' },
      });
    }
    expect(parseSetup(setupOf('derailing-the-train', 3, { set: 6, handSize: 9 }))).toMatchObject({
      ok: true,
      value: { options: { set: 6, handSize: 9 } },
    });
  });

  it('a lobby edits options one at a time: each within its spec, the whole checked at start', () => {
    // set 6 before handSize 3: the default 15 tiles each do not fit yet, and that is fine here.
    expect(checkOptions('mexican-train', 3, { set: 6 })).toMatchObject({
      ok: true,
      value: { set: 6, handSize: 15, rounds: 13 },
    });
    expect(checkOptions('mexican-train', 3, { set: 19 })).toEqual({
      ok: false,
      error: {
        code: 'BAD_SETUP',
        detail: 'Set (double-N) must be a whole number from 2 to 18.',
        rule: 'C-1',
      },
    });
    expect(checkOptions('mexican-train', 3, { speed: 1 })).toMatchObject({
      ok: false,
      error: { code: 'BAD_SETUP', rule: null },
    });
  });
});
