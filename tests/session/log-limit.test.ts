// What play accepts, the store keeps (issue 30): one limit on a game's log, in
// session/limits.ts, for both. Play ends cleanly at it (LOG_FULL, at every browser
// at the same entry, no alarm), and the table it leaves is one the store takes.
// The limit is lowered here so that a short game reaches it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accelerate } from '$lib/protocol';
import { fromStored, toStored, type Session } from '$lib/session';
import { MAX_LOG_ENTRIES } from '$lib/session/limits';
import { parseStoredTable } from '$lib/session/store/stored-table';
import {
  closeTracked,
  FAST,
  openTable,
  seededRandom,
  startAutoplay,
  track,
  transport,
  until,
} from './harness';

vi.mock('$lib/session/limits', async (original) => ({
  ...(await original<typeof import('$lib/session/limits')>()),
  MAX_LOG_ENTRIES: 40,
}));

beforeAll(() => accelerate());
afterEach(closeTracked);

describe('one limit on the log for play and store', () => {
  it('play ends at the limit with LOG_FULL, and the store keeps the table it leaves', async () => {
    expect(MAX_LOG_ENTRIES).toBe(40);
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: { rounds: 1, set: 6, handSize: 5 },
      seed: 341,
    });
    const [host, guest] = table.sessions as [Session, Session];
    await startAutoplay(table, 'easy');
    await until('play ended', () => [host, guest].every((s) => s.snapshot.ended !== null));
    for (const [seat, s] of [host, guest].entries()) {
      expect(s.ledger!.seq).toBe(MAX_LOG_ENTRIES);
      expect(s.snapshot.desync).toBeNull();
      expect(s.snapshot.ended?.reason).toMatch(/^LOG_FULL/);
      expect(s.move(seat, { seat, type: 'draw' } as never)).toMatchObject({
        ok: false,
        error: { code: 'LOG_FULL' },
      });
    }
    expect(guest.snapshot.table?.hash).toBe(host.snapshot.table?.hash);

    // The store takes what play took, and no more.
    const record = toStored(guest, Date.now())!;
    expect(record.segments[0]!.log).toHaveLength(MAX_LOG_ENTRIES);
    expect(parseStoredTable(record)).toEqual({ ok: true, value: record });
    const longer = {
      ...record,
      segments: [{ ...record.segments[0]!, log: [...record.segments[0]!.log, 'x'] }],
    };
    expect(parseStoredTable(longer)).toMatchObject({ ok: false, error: { code: 'CORRUPT' } });
    // Resumed, it stays ended.
    const back = fromStored(record, {
      transport: transport(table.network, `${table.room}-p1-again`),
      timing: FAST,
      random: seededRandom(342),
    });
    if (!back.ok) throw new Error(back.error.detail);
    track(back.value);
    expect(back.value.snapshot.ended?.reason).toMatch(/^LOG_FULL/);
  }, 120_000);
});
