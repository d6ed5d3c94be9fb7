// One entry per seat per position survives a reload (issue 30, finding 4): what
// this browser signed for the head and the log does not hold yet is stored with
// the seat's keys, restored, and sent again as it was. A different move for that
// position after the reload is refused, and no evidence names the honest seat.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol';
import { recordOf, verifyRecord } from '$lib/record';
import { fromStored, toStored, type Session } from '$lib/session';
import { parseStoredTable } from '$lib/session/store/stored-table';
import { MAX_ENTRY_LENGTH } from '$lib/protocol/limits';
import {
  closeTracked,
  FAST,
  must,
  openTable,
  pause,
  seededRandom,
  startAutoplay,
  track,
  transport,
  turnOf,
  until,
} from './harness';

beforeAll(() => accelerate());
afterEach(closeTracked);

describe('one entry per seat per position, across a reload', () => {
  it('a move signed before a reload is the one ordered; a different move for its position is refused', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: { rounds: 1, set: 5, handSize: 4 },
      seed: 331,
    });
    const [host, guest] = table.sessions as [Session, Session];
    await startAutoplay(table, 'easy', [1]);
    let legal = guest.snapshot.table?.local[0]?.legal ?? [];
    for (;;) {
      await turnOf(guest, 1);
      legal = guest.snapshot.table!.local[0]!.legal;
      if (legal.length >= 2) break;
      const seq = guest.ledger!.seq;
      must(guest.move(1, legal[0]!));
      await until('the move ordered', () => guest.ledger!.seq > seq);
    }
    // The guest's submission never reaches the host before the page reloads.
    const held: string[] = [];
    const deliver = table.network.deliver.bind(table.network);
    table.network.deliver = (from, to, link, data) => {
      const submit = typeof data === 'string' && data.startsWith('{"t":"submit"');
      if (from === guest.transport.id && submit) held.push(data);
      else deliver(from, to, link, data);
    };
    const seq = guest.ledger!.seq;
    must(guest.move(1, legal[0]!));
    await until('the submission sent', () => held.length > 0);
    const signed = (JSON.parse(held[0]!) as { entry: string }).entry;
    const record = toStored(guest, Date.now())!;
    expect(record.keys.find((k) => k.seat === 1)?.pending).toBe(signed);
    // Checked on load within bounds, as every stored field is.
    const long = {
      ...record,
      keys: [{ ...record.keys[0]!, pending: 'x'.repeat(MAX_ENTRY_LENGTH + 1) }],
    };
    expect(parseStoredTable(long)).toMatchObject({
      ok: false,
      error: { code: 'CORRUPT', detail: expect.stringContaining('keys[0].pending') },
    });
    expect(parseStoredTable(record)).toEqual({ ok: true, value: record });
    guest.close();
    guest.transport.close();

    const back = track(
      must(
        fromStored(record, {
          transport: transport(table.network, `${table.room}-p1-again`),
          timing: FAST,
          random: seededRandom(332),
        }),
      ),
    );
    // Still busy: the entry is pending, and another move for its position is refused.
    expect(back.snapshot.pending).toEqual([1]);
    expect(back.move(1, legal[1]!)).toMatchObject({ ok: false, error: { code: 'NOT_NOW' } });
    await back.link(host.transport.id);
    await until('the position ordered', () => host.ledger!.seq > seq);
    expect(host.ledger!.log[seq]).toBe(signed);
    back.setAutoplay(1, 'easy');
    await until('game over', () => [host, back].every((s) => s.snapshot.table?.gameOver));
    for (const s of [host, back]) {
      expect(s.snapshot.equivocations).toEqual([]);
      expect(s.snapshot.refusals.filter((r) => r.code === 'EQUIVOCATION')).toEqual([]);
    }
    const r = must(host.record());
    const verdict = verifyRecord(recordOf(r.segments, r.room));
    expect(verdict.violations.filter((v) => v.code === 'EQUIVOCATION')).toEqual([]);
  }, 120_000);

  it('a person’s move goes out only once the store holds it: a reload from an older save may choose again', async () => {
    // Browser 1's store: its saves land at once, or when the test says while it holds them.
    const saves: ((stored: boolean) => void)[] = [];
    let hold = false;
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: { rounds: 1, set: 5, handSize: 4 },
      seed: 331,
      keep: (browser) =>
        browser === 1
          ? () => (hold ? new Promise<boolean>((done) => saves.push(done)) : Promise.resolve(true))
          : undefined,
    });
    const [host, guest] = table.sessions as [Session, Session];
    const submits: string[] = [];
    const deliver = table.network.deliver.bind(table.network);
    table.network.deliver = (from, to, link, data) => {
      const submit = typeof data === 'string' && data.startsWith('{"t":"submit"');
      if (from === guest.transport.id && submit) submits.push(data);
      deliver(from, to, link, data);
    };
    await startAutoplay(table, 'easy', [1]);

    // A move waits for its save, then goes.
    await turnOf(guest, 1);
    let seq = guest.ledger!.seq;
    submits.length = 0;
    hold = true;
    must(guest.move(1, guest.snapshot.table!.local[0]!.legal[0]!));
    await pause(300);
    expect(submits.length).toBe(0);
    expect(guest.snapshot.pending).toEqual([1]);
    expect(host.ledger!.seq).toBe(seq);
    saves.shift()!(true);
    await until('the move ordered once saved', () => host.ledger!.seq > seq);
    hold = false;

    // The next: its save never lands before the page reloads, from the save before it.
    let legal = guest.snapshot.table?.local[0]?.legal ?? [];
    for (;;) {
      await turnOf(guest, 1);
      legal = guest.snapshot.table!.local[0]!.legal;
      if (legal.length >= 2) break;
      seq = guest.ledger!.seq;
      must(guest.move(1, legal[0]!));
      await until('the move ordered', () => guest.ledger!.seq > seq);
    }
    seq = guest.ledger!.seq;
    const older = structuredClone(toStored(guest, Date.now())!);
    submits.length = 0;
    hold = true;
    must(guest.move(1, legal[0]!));
    await pause(300);
    expect(submits.length).toBe(0);
    guest.close();
    guest.transport.close();
    const back = track(
      must(
        fromStored(older, {
          transport: transport(table.network, `${table.room}-p1-back`),
          timing: FAST,
          random: seededRandom(334),
        }),
      ),
    );
    await back.link(host.transport.id);
    await turnOf(back, 1);
    expect(back.ledger!.seq).toBe(seq);
    // Nobody holds the first: the person may choose again, and nobody is named for it.
    must(back.move(1, legal[1]!));
    await until('the second choice ordered', () => host.ledger!.seq > seq);
    back.setAutoplay(1, 'easy');
    await until('game over', () => [host, back].every((s) => s.snapshot.table?.gameOver));
    for (const s of [host, back]) {
      expect(s.snapshot.equivocations).toEqual([]);
      expect(s.snapshot.refusals.filter((r) => r.code === 'EQUIVOCATION')).toEqual([]);
    }
  }, 120_000);

  it('a store that never answers does not hold the table up: the move goes after a while', async () => {
    let stuck = false;
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: { rounds: 1, set: 5, handSize: 4 },
      seed: 335,
      keep: (browser) =>
        browser === 1
          ? () => (stuck ? new Promise<boolean>(() => {}) : Promise.resolve(true))
          : undefined,
    });
    const [host, guest] = table.sessions as [Session, Session];
    await startAutoplay(table, 'easy', [1]);
    await turnOf(guest, 1);
    const seq = guest.ledger!.seq;
    stuck = true;
    must(guest.move(1, guest.snapshot.table!.local[0]!.legal[0]!));
    await pause(300);
    expect(host.ledger!.seq).toBe(seq);
    await until('the move ordered without its save', () => host.ledger!.seq > seq);
  }, 120_000);
});
