// What makes signed setups evidence that a table split (session/lobby/split.ts
// forkStep): a chain of setups, each signed by all its seats, that reaches a
// segment this browser holds and has left, continued by at least half of that
// segment's browsers under the keys they held in it, the claimer among them.
// Four seats: this browser's side (A, B) gave C's and D's seats to bots; the
// other side (C, D), or a claimer alone, shows what it played.
import { describe, expect, it } from 'vitest';
import { defaultOptions, variantOf } from '$lib/engine';
import { forkStep, MAX_FORK_HOPS, type Held } from '$lib/session/lobby/split';
import {
  gameId,
  parseSetup,
  setupJson,
  signAgreement,
  type SeatSetup,
  type TableSetup,
} from '$lib/session/setup';
import { adversaryKeys, type AdversaryKeys } from './adversary';

const v = variantOf('mexican-train');
const options = defaultOptions(v, 4, {});
const view = v.newGame(4, options);
const [A, B, C, D] = [1, 2, 3, 4].map((n) => adversaryKeys(n)) as [
  AdversaryKeys,
  AdversaryKeys,
  AdversaryKeys,
  AdversaryKeys,
];
const MEMBERS = ['a', 'b', 'c', 'd'];

/** A person's seat `i` under its own key `k`, or a bot run by `runner` under `k`. */
const person = (i: number, k: AdversaryKeys): Seat => ({ k, member: MEMBERS[i]!, bot: false });
const bot = (runner: string, seed: number): Seat => ({
  k: adversaryKeys(seed),
  member: runner,
  bot: true,
});
interface Seat {
  readonly k: AdversaryKeys;
  readonly member: string;
  readonly bot: boolean;
}

interface Signed extends Held {
  readonly text: string;
  readonly agreements: { seat: number; sig: string }[];
}

/** A setup of these seats continuing `after` (none: a first game), signed by every seat. */
function game(
  seats: readonly Seat[],
  after: string | null,
  edit: Partial<Record<string, unknown>> = {},
): Signed {
  const raw = {
    room: 'room1',
    variant: 'mexican-train',
    options,
    seats: seats.map((s, i): SeatSetup => ({
      name: `S${i}`,
      key: s.k.publicKey,
      bot: s.bot ? 'easy' : null,
      member: s.member,
    })),
    nonce: 'A'.repeat(22),
    start: after === null ? null : { round: 1, view, after },
    ...edit,
  };
  const parsed = parseSetup(raw);
  if (!parsed.ok) throw new Error(parsed.error.detail);
  const setup: TableSetup = parsed.value;
  const agreements = seats.map((s, i) => signAgreement(setup, i, s.k.signing));
  return { setup, game: gameId(setup), text: setupJson(setup), agreements };
}

const G = game([person(0, A), person(1, B), person(2, C), person(3, D)], null);
/** This side's: C's and D's seats to bots run by A. */
const A1 = game([person(0, A), person(1, B), bot('a', 11), bot('a', 12)], G.game);
const lineage: readonly Held[] = [G, A1];

const step = (claimer: string, shown: Signed, hop = 0, held = lineage) =>
  forkStep(held, 'room1', claimer, shown.game, hop, shown.text, shown.agreements);

describe('evidence that a table split', () => {
  it('the other half (two of four) continuing the segment this side left: a fork', () => {
    const C1 = game([bot('c', 21), bot('c', 22), person(2, C), person(3, D)], G.game);
    expect(step('c', C1)).toEqual({ ok: true, value: { kind: 'forks' } });
  });

  it('a chain of setups is followed back to the segment it forks, at most MAX_FORK_HOPS', () => {
    const C1 = game([bot('c', 21), bot('c', 22), person(2, C), person(3, D)], G.game);
    const C2 = game([bot('c', 23), bot('c', 22), person(2, C), person(3, D)], C1.game);
    expect(step('c', C2)).toEqual({ ok: true, value: { kind: 'continues', after: C1.game } });
    expect(step('c', C1, 1)).toEqual({ ok: true, value: { kind: 'forks' } });
    expect(step('c', C2, MAX_FORK_HOPS - 1)).toMatchObject({
      ok: false,
      error: { code: 'WRONG_GAME' },
    });
  });

  it('one of four signing alone, or a claimer that did not sign as before: none', () => {
    const alone = game([bot('c', 21), bot('c', 22), person(2, C), bot('c', 24)], G.game);
    expect(step('c', alone)).toMatchObject({ ok: false, error: { code: 'BAD_AGREEMENT' } });
    // D is seated under a key it never held here: its part is no backing.
    const rekeyed = game([bot('c', 21), bot('c', 22), person(2, C), person(3, B)], G.game);
    expect(step('d', rekeyed)).toMatchObject({ ok: false, error: { code: 'BAD_AGREEMENT' } });
  });

  it('a game that continues this side’s current one, none, or none held: no fork', () => {
    const next = game([person(0, A), person(1, B), bot('a', 11), person(3, D)], A1.game);
    expect(step('d', next)).toMatchObject({ ok: false, error: { code: 'WRONG_GAME' } });
    const first = game([bot('c', 21), bot('c', 22), person(2, C), person(3, D)], null);
    expect(step('c', first)).toMatchObject({ ok: false, error: { code: 'WRONG_GAME' } });
    const nowhere = game([bot('c', 21), bot('c', 22), person(2, C), person(3, D)], 'x'.repeat(64));
    expect(step('c', nowhere)).toMatchObject({ ok: true, value: { kind: 'continues' } });
  });

  it('forged, mislabelled, not seating the claimer, another room or other rules: none', () => {
    const C1 = game([bot('c', 21), bot('c', 22), person(2, C), person(3, D)], G.game);
    const forged = {
      ...C1,
      agreements: C1.agreements.map((a) => ({ ...a, sig: A1.agreements[0]!.sig })),
    };
    expect(step('c', forged)).toMatchObject({ ok: false, error: { code: 'BAD_AGREEMENT' } });
    expect(step('c', { ...C1, game: A1.game })).toMatchObject({
      ok: false,
      error: { code: 'WRONG_GAME' },
    });
    expect(step('a', C1)).toMatchObject({ ok: false, error: { code: 'BAD_SETUP' } });
    const room = game([bot('c', 21), bot('c', 22), person(2, C), person(3, D)], G.game, {
      room: 'room2',
    });
    expect(step('c', room)).toMatchObject({ ok: false, error: { code: 'WRONG_ROOM' } });
    const rules = game([bot('c', 21), bot('c', 22), person(2, C), person(3, D)], G.game, {
      options: defaultOptions(v, 4, { rounds: 1 }),
    });
    expect(step('c', rules)).toMatchObject({ ok: false, error: { code: 'BAD_SETUP' } });
    expect(step('c', { ...C1, text: 'x'.repeat(70_000) })).toMatchObject({ ok: false });
  });
});
