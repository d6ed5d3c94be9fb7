// Issue 30, finding 3: what play takes, the store keeps. One bound on a setup's
// size for the wire, the session and the store (session/limits.ts), and a start's
// view rebuilt from the fields the engine's state has, not kept as sent.
import { describe, expect, it } from 'vitest';
import { defaultOptions, variantOf } from '$lib/engine';
import { MAX_SETUP_LENGTH } from '$lib/session/limits';
import { gameId, parseSetup, setupJson } from '$lib/session/setup';
import { parseStoredTable, STORED_TABLE_VERSION } from '$lib/session/store/stored-table';
import { parseWire } from '$lib/session/wire';
import { adversaryKeys } from './adversary';

const v = variantOf('mexican-train');
const options = defaultOptions(v, 2, {});
const seats = [1, 2].map((n) => ({
  name: `P${n}`,
  key: adversaryKeys(n).publicKey,
  bot: null,
  member: `p${n}`,
}));
const base = { room: 'room1', variant: 'mexican-train', options, seats, nonce: 'A'.repeat(22) };
const view = v.newGame(2, options);
const start = (extra: Record<string, unknown>) => ({
  round: 1,
  view: { ...view, ...extra },
  after: 'x'.repeat(64),
});

/** A stored table of one segment under `setup` (what the store's check reads). */
function stored(setup: string) {
  return {
    version: STORED_TABLE_VERSION,
    room: 'room1',
    savedAt: 1,
    device: 'p1',
    name: 'P1',
    variant: 'mexican-train',
    round: 1,
    finished: false,
    segments: [{ setup, game: 'g'.repeat(64), agreements: [], log: [] }],
    keys: [],
    settings: {},
  };
}

describe('a setup’s start and size', () => {
  it('a start view is rebuilt from the engine’s fields: extras left out, a missing one refused', () => {
    const parsed = parseSetup({ ...base, start: start({ junk: 'x'.repeat(1000) }) });
    if (!parsed.ok) throw new Error(parsed.error.detail);
    expect(parsed.value.start?.view).toEqual(view);
    expect(parsed.value.start?.view).not.toHaveProperty('junk');
    // What a proposer signed with the extra field is another game than the one rebuilt.
    const sent = { ...base, start: start({ junk: 'x'.repeat(1000) }) };
    expect(gameId(parsed.value)).not.toBe(gameId(sent as never));
    const { boneyard: _, ...missing } = view;
    const refused = parseSetup({ ...base, start: { ...start({}), view: missing } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_SETUP' } });
  });

  it('a setup beyond MAX_SETUP_LENGTH is refused by the wire and by parseSetup; one within it is stored', () => {
    const big = Array.from({ length: MAX_SETUP_LENGTH / 8 }, (_, pos) => ({ pos, tile: 1 }));
    const over = parseSetup({ ...base, start: start({ boneyard: big }) });
    expect(over).toMatchObject({ ok: false, error: { code: 'BAD_SETUP' } });
    const text = JSON.stringify({ ...base, start: start({ boneyard: big }) });
    expect(text.length).toBeGreaterThan(MAX_SETUP_LENGTH);
    expect(parseWire(JSON.stringify({ t: 'propose', setup: text })).ok).toBe(false);
    // The largest that parses is kept by the store as it is.
    const fits = Array.from({ length: 500 }, (_, pos) => ({ pos, tile: 1 }));
    const within = parseSetup({ ...base, start: start({ boneyard: fits }) });
    if (!within.ok) throw new Error(within.error.detail);
    expect(parseStoredTable(stored(setupJson(within.value))).ok).toBe(true);
  });
});
