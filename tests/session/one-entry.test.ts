// Finding 4 of issue 30: one entry per seat per position. A browser never signs
// two different entries for one log position of a seat it plays (own-entries.ts),
// so evidence never names an honest seat: not after two quick taps over a slow
// link, not when a host holds the person's entry until the turn clock runs out,
// not under any schedule of taps and delays (the property test).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Move } from '$lib/engine';
import { recordOf, verifyRecord } from '$lib/record';
import type { Session } from '$lib/session';
import {
  closeTracked,
  FAST,
  must,
  openTable,
  pause,
  startAutoplay,
  turnOf,
  until,
} from './harness';

const MT = { rounds: 1, set: 5, handSize: 4 };
const sleep = pause;

/** The invariant: no browser holds evidence naming an honest seat, and the record says so. */
function noHonestSeatNamed(sessions: readonly Session[]): void {
  for (const s of sessions) {
    expect(s.snapshot.equivocations).toEqual([]);
    expect(s.snapshot.refusals.filter((r) => r.code === 'EQUIVOCATION')).toEqual([]);
  }
  const r = must(sessions[0]!.record());
  const verdict = verifyRecord(recordOf(r.segments, r.room));
  expect(verdict.violations.filter((v) => v.code === 'EQUIVOCATION')).toEqual([]);
}

/** Plays seat 1's setup answers and single-choice turns until it has two moves to choose from. */
async function choiceOfTwo(guest: Session): Promise<readonly Move[]> {
  for (;;) {
    await turnOf(guest, 1);
    const legal = guest.snapshot.table!.local[0]!.legal;
    if (legal.length >= 2) return legal;
    const seq = guest.ledger!.seq;
    guest.move(1, legal[0]!);
    await until('the move ordered', () => guest.ledger!.seq > seq);
  }
}

describe('one entry per seat per position (issue 30, finding 4)', () => {
  it('two quick taps over a 40 ms link sign one entry: the second waits its turn, nobody is named', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: MT,
      seed: 301,
      latencyMs: 40,
    });
    const [host, guest] = table.sessions as [Session, Session];
    await startAutoplay(table, 'easy', [1]);
    const [a, b] = await choiceOfTwo(guest);
    expect(guest.move(1, a!)).toEqual({ ok: true, value: true });
    const second = guest.move(1, b!);
    // The table stays busy until the move is ordered.
    const pending = guest.snapshot.pending;
    guest.setAutoplay(1, 'easy');
    await until('game over', () => [host, guest].every((s) => s.snapshot.table?.gameOver));
    noHonestSeatNamed([host, guest]);
    expect(second).toMatchObject({ ok: false, error: { code: 'NOT_NOW' } });
    expect(pending).toEqual([1]);
    expect(guest.snapshot.pending).toBeUndefined();
  });

  it('a host holding the person’s entry until the turn clock runs out gets no second entry', async () => {
    let skew = 0;
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: MT,
      seed: 302,
      now: () => Date.now() + skew,
      timing: { ...FAST, awayMs: 60_000, stallMs: 120_000 },
    });
    const [host, guest] = table.sessions as [Session, Session];
    must(host.setTurnClock(30));
    await startAutoplay(table, 'easy', [1]);
    const legal = await choiceOfTwo(guest);
    // The host holds what the guest submits.
    const held: { to: string; link: Parameters<typeof deliver>[2]; data: string }[] = [];
    const deliver = table.network.deliver.bind(table.network);
    let holding = true;
    table.network.deliver = (from, to, link, data) => {
      const submit = typeof data === 'string' && data.startsWith('{"t":"submit"');
      if (holding && from === guest.transport.id && submit) held.push({ to, link, data });
      else deliver(from, to, link, data);
    };
    // The person picks what the clock's bot would not: its last legal move.
    must(guest.move(1, legal[legal.length - 1]!));
    skew = 31_000;
    await sleep(600);
    holding = false;
    for (const h of held) deliver(guest.transport.id, h.to, h.link, h.data);
    const entries = new Set(held.map((h) => (JSON.parse(h.data) as { entry: string }).entry));
    guest.setAutoplay(1, 'easy');
    await until('game over', () => [host, guest].every((s) => s.snapshot.table?.gameOver));
    noHonestSeatNamed([host, guest]);
    expect(entries.size).toBe(1);
  });

  it('evidence never names an honest seat, whatever the taps and delays (property)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.array(fc.record({ delay: fc.integer({ min: 0, max: 80 }), pick: fc.nat(5) }), {
          minLength: 2,
          maxLength: 6,
        }),
        async (latencyMs, taps) => {
          const table = await openTable({
            variant: 'mexican-train',
            people: 2,
            options: MT,
            seed: 310 + run++,
            latencyMs,
          });
          const [host, guest] = table.sessions as [Session, Session];
          await startAutoplay(table, 'easy', [1]);
          for (let turn = 0; turn < 3 && !guest.snapshot.table?.gameOver; turn++) {
            await until(
              'seat 1 to move, or the end',
              () =>
                guest.snapshot.table?.gameOver === true ||
                (guest.snapshot.table?.local[0]?.legal.length ?? 0) > 0,
              20_000,
            );
            for (const { delay, pick } of taps) {
              const legal = guest.snapshot.table?.local[0]?.legal ?? [];
              if (legal.length > 0) guest.move(1, legal[pick % legal.length]!);
              await sleep(delay);
            }
          }
          guest.setAutoplay(1, 'easy');
          await until('game over', () => [host, guest].every((s) => s.snapshot.table?.gameOver));
          noHonestSeatNamed([host, guest]);
          closeTracked();
        },
      ),
      { numRuns: 3, seed: 30 },
    );
  }, 240_000);
});
