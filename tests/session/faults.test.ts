// What a table survives: a browser reloading mid-round (rebuilt from
// IndexedDB), the host vanishing, a seat falling silent (named, then played by
// a bot from a fresh deal), slow and dropped links; and what it catches: a
// browser whose engine is corrupted (desync alarm naming the entry) and a seat
// sending a tile it was not dealt (refused, named by every browser).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createEntry, type TableState } from '$lib/protocol';
import { fromStored, openTableStore, toStored, type Session, type StoredTable } from '$lib/session';
import {
  FAST,
  openTable,
  seededRandom,
  startAutoplay,
  track,
  transport,
  turnOf,
  until,
  type Table,
  type TableSpec,
  pause,
} from './harness';

let table: Table | null = null;

const MT = { rounds: 1, set: 6, handSize: 5 } as const;

function gameOver(sessions: readonly Session[]): () => boolean {
  return () => sessions.every((s) => s.snapshot.table?.gameOver === true);
}

function expectAgreement(sessions: readonly Session[]): void {
  const [first] = sessions as [Session];
  for (const s of sessions) {
    expect(s.snapshot.desync).toBeNull();
    expect(s.snapshot.table?.hash).toBe(first.snapshot.table?.hash);
    expect(s.ledger?.log).toEqual(first.ledger?.log);
  }
}

/** A stored record saved to IndexedDB, loaded back and rebuilt on a new link `id` (the reload). */
async function reloaded(record: StoredTable, id: string, seed: number): Promise<Session> {
  const store = await openTableStore({ name: `reload-${id}` });
  if (!store.ok) throw new Error(store.error.detail);
  expect(await store.value.save(record)).toEqual({ ok: true, value: undefined });
  const loaded = await store.value.load(record.room);
  if (!loaded.ok) throw new Error(loaded.error.detail);
  const rebuilt = fromStored(loaded.value, {
    transport: transport(table!.network, id),
    timing: FAST,
    random: seededRandom(seed),
  });
  if (!rebuilt.ok) throw new Error(rebuilt.error.detail);
  track(rebuilt.value);
  return rebuilt.value;
}

describe('a table survives', () => {
  it('a browser reloading mid-round: rebuilt from IndexedDB, it catches up and the game finishes', async () => {
    table = await openTable({ variant: 'mexican-train', people: 3, options: MT, seed: 21 });
    await startAutoplay(table);
    const [host, leaver, third] = table.sessions as [Session, Session, Session];
    await until('mid-round', () => (leaver.snapshot.table?.seq ?? 0) > 25);
    const record = toStored(leaver, Date.now())!;
    leaver.close();
    leaver.transport.close();
    const back = await reloaded(record, `${table.room}-p1-again`, 99);
    expect(back.snapshot.table?.local[0]?.autoplay).toBe('easy');
    await back.link(host.transport.id);
    await until('game over after the reload', gameOver([host, third, back]));
    expectAgreement([host, third, back]);
  });

  it('the host reloading from a save older than what it ordered: all agree at game over', async () => {
    table = await openTable({ variant: 'mexican-train', people: 3, options: MT, seed: 24 });
    await startAutoplay(table);
    const [host, second, third] = table.sessions as [Session, Session, Session];
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 25);
    // The save lags what the host sent: the last entries it ordered never reached storage.
    // A copy: the record shares the live log, which goes on growing.
    const record = structuredClone(toStored(host, Date.now())!);
    const saved = host.snapshot.table!.seq;
    await until('ordered past the save', () => (third.snapshot.table?.seq ?? 0) > saved + 4);
    host.close();
    host.transport.close();
    const back = await reloaded(record, `${table.room}-p0-again`, 98);
    await back.link(second.transport.id);
    await back.link(third.transport.id);
    await until('game over after the reload', gameOver([second, third, back]));
    expectAgreement([second, third, back]);
  });

  /**
   * Each browser saves in turn, mid-round (past entry `from`), and plays on past its
   * save by `lags[i]` entries (saves lag what a browser sends); then all close and
   * come back from their saves, the first two linked.
   */
  async function reloadAll(spec: TableSpec, from: number, lags: readonly number[]) {
    table = await openTable(spec);
    await startAutoplay(table);
    const sessions = table.sessions;
    const records: StoredTable[] = [];
    await until('mid-round', () => (sessions[0]!.snapshot.table?.seq ?? 0) > from);
    for (const [i, s] of sessions.entries()) {
      const at = s.snapshot.table!.seq;
      // A copy: the record shares the live log, which goes on growing.
      records.push(structuredClone(toStored(s, Date.now())!));
      await until('ordered past the save', () => (s.snapshot.table?.seq ?? 0) > at + lags[i]!);
    }
    for (const s of sessions) {
      s.close();
      s.transport.close();
    }
    const back: Session[] = [];
    for (const [i, record] of records.entries()) {
      back.push(await reloaded(record, `${table.room}-again-${i}`, 90 + i));
    }
    await back[0]!.link(back[1]!.transport.id);
    return back as [Session, Session, Session];
  }

  it('every browser reloading, each from a save of its own age, the one that holds the most back last: all agree', async () => {
    const spec = { variant: 'mexican-train', people: 3, options: MT, seed: 25 } as const;
    const back = await reloadAll(spec, 25, [3, 3, 3]);
    // The two with the older saves met first (a quorum); the one that holds the most comes last.
    await pause(3000);
    await back[0].link(back[2].transport.id);
    await until('game over after the reloads', gameOver(back));
    expectAgreement(back);
  });

  // Saves lag what their browsers sent, and seat 1's link is slow: when the two with
  // the older saves meet, both its key-share and another seat's are due for the
  // same position. Ordering either one there forks from the log the absent third
  // browser holds (the first host ordered the slow seat's), so neither is ordered
  // until the third has told its head (play/sync.ts).
  const reloadAllOnASlowLink = (seed: number) =>
    reloadAll(
      {
        variant: 'mexican-train',
        people: 3,
        options: MT,
        seed,
        wrap: (browser, t) =>
          browser !== 1
            ? t
            : Object.assign(t, {
                send: ((send) => (peer: string, data: string) => {
                  setTimeout(() => send(peer, data), 20);
                })(t.send.bind(t)),
              }),
      },
      20,
      [4, 5, 5],
    );

  it('every browser reloading from a lagging save, one on a slow link: nothing is ordered past what the absent one holds, and all agree', async () => {
    const back = await reloadAllOnASlowLink(46);
    const [host2, second2, third2] = back as [Session, Session, Session];
    await pause(3000);
    // The two that met caught up with each other, and wait for the third.
    expect(host2.snapshot.table?.seq).toBe(second2.snapshot.table?.seq);
    expect(host2.ledger!.log.length).toBeLessThan(third2.ledger!.log.length);
    await host2.link(third2.transport.id);
    await until('game over after the reloads', gameOver(back));
    expectAgreement(back);
  });

  it('the browser that holds the most never comes back: its seat alone is named, a bot takes it, and the two finish', async () => {
    const back = await reloadAllOnASlowLink(46);
    const [host2, second2] = back as [Session, Session, Session];
    const named: number[][] = [];
    for (const s of [host2, second2]) {
      s.subscribe((snap) => {
        if (snap.stall) named.push([...snap.stall.seats]);
      });
    }
    const absent = back[2]!.snapshot.table!.local.map((l) => l.seat);
    await until('the absent seat is named', () => host2.snapshot.stall !== null, 20_000);
    expect(host2.snapshot.stall?.seats).toEqual(absent);
    back[2]!.close();
    expect(host2.resolveStall('bot')).toMatchObject({ ok: true });
    await until('game over', gameOver([host2, second2]), 60_000);
    expect(named.every((seats) => seats.every((seat) => absent.includes(seat)))).toBe(true);
    expectAgreement([host2, second2]);
  });

  it('links down long enough that each side gives the other’s seat to a bot: once they are back, both say the table split', async () => {
    let silent = false;
    table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: { rounds: 3, set: 5, handSize: 4 },
      seed: 27,
      timing: { ...FAST, stallMs: 3000 },
      // Both links go silent (open, but nothing gets through), then speak again.
      wrap: (_, t) =>
        Object.assign(t, {
          send: ((send) => (peer: string, data: string) =>
            silent ? { ok: true as const, value: undefined } : send(peer, data))(t.send.bind(t)),
        }),
    });
    await startAutoplay(table);
    const sides = table.sessions as [Session, Session];
    await until('mid-round', () => (sides[0].snapshot.table?.seq ?? 0) > 15);
    silent = true;
    for (const [i, s] of sides.entries()) {
      await until(`side ${i} stalls`, () => s.snapshot.stall !== null, 20_000);
      expect(s.resolveStall('bot')).toMatchObject({ ok: true });
    }
    await until('both play on', () => sides.every((s) => s.snapshot.seats.some((x) => x.bot)));
    expect(sides[0].snapshot.table?.game).not.toBe(sides[1].snapshot.table?.game);
    silent = false;
    await until('both say so', () => sides.every((s) => s.snapshot.desync !== null), 20_000);
    for (const s of sides) {
      expect(s.snapshot.desync?.detail).toMatch(/the table split/);
      // No entry went wrong: the alarm blames none's author.
      expect(s.snapshot.desync?.author).toBeNull();
    }
  });

  it('a host who sees only itself of three may not hand the others’ seats to bots (the other side could play on too): it may end the game', async () => {
    table = await openTable({ variant: 'mexican-train', people: 3, options: MT, seed: 28 });
    await startAutoplay(table);
    const [host, second, third] = table.sessions as [Session, Session, Session];
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 15);
    for (const s of [second, third]) {
      s.close();
      s.transport.close();
    }
    await until('the host stalls', () => host.snapshot.stall !== null, 20_000);
    expect(host.snapshot.stall?.bot).toBe(false);
    expect(host.resolveStall('bot')).toMatchObject({ ok: false, error: { code: 'NOT_NOW' } });
    expect(host.snapshot.seats.every((s) => s.bot === null)).toBe(true);
    expect(host.resolveStall('end')).toEqual({ ok: true, value: true });
    expect(host.snapshot.ended).not.toBeNull();
  });

  it('a stored table that does not verify is refused with the reason, and nothing changes', async () => {
    table = await openTable({ variant: 'mexican-train', people: 2, options: MT, seed: 22 });
    await startAutoplay(table);
    const [, guest] = table.sessions as [Session, Session];
    await until('some entries', () => (guest.snapshot.table?.seq ?? 0) > 10);
    const record = toStored(guest, Date.now())!;
    const [segment] = record.segments;
    const log = [...segment!.log];
    log[5] = log[5]!.replace(/"seat":\d/, '"seat":0');
    const bad = fromStored(
      { ...record, segments: [{ ...segment!, log }] },
      { transport: transport(table.network, 'forged'), timing: FAST },
    );
    expect(bad).toMatchObject({ ok: false, error: { code: 'REFUSED' } });
    if (!bad.ok) expect(bad.error.detail).toMatch(/stored entry 5/);
  });

  it('the host vanishing mid-round: the next seat sequences, a bot takes the host’s seat from a fresh deal, and the game finishes', async () => {
    table = await openTable({ variant: 'mexican-train', people: 3, options: MT, seed: 23 });
    await startAutoplay(table);
    const [host, next, third] = table.sessions as [Session, Session, Session];
    await until('mid-round', () => (next.snapshot.table?.seq ?? 0) > 25);
    const game = next.snapshot.table!.game;
    host.close();
    host.transport.close();
    await until('the next seat hosts', () => next.isHost && third.snapshot.host === 'p1');
    await until(
      'seat 0 named as stalled',
      () => next.snapshot.stall?.seats.includes(0) === true,
      20_000,
    );
    expect(next.resolveStall('bot')).toEqual({ ok: true, value: true });
    await until('the reseated game', () => third.snapshot.table?.game !== game);
    expect(next.snapshot.seats[0]).toMatchObject({ bot: 'medium', member: 'p1' });
    await until('game over without the host', gameOver([next, third]));
    expectAgreement([next, third]);
    expect(next.segments()).toHaveLength(2);
  });

  it('a seat falling silent: named as stalled with what it owes, then played by a bot', async () => {
    table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: MT,
      seed: 24,
      timing: { ...FAST, stallMs: 1500 },
    });
    await startAutoplay(table);
    const [host, silent, third] = table.sessions as [Session, Session, Session];
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 25);
    silent.close(); // its link stays open: it just never answers again
    await until(
      'seat 1 named',
      () => [host, third].every((s) => s.snapshot.stall?.seats.includes(1) === true),
      20_000,
    );
    expect(host.snapshot.stall!.owes.length).toBeGreaterThan(0);
    expect(third.snapshot.stall?.seats).toContain(1);
    expect(host.resolveStall('bot')).toEqual({ ok: true, value: true });
    await until('game over with a bot in seat 1', gameOver([host, third]));
    expect(host.snapshot.seats[1]?.bot).toBe('medium');
    expectAgreement([host, third]);
  });

  it('slow links (1 ms) that drop mid-game: they come back and the game finishes', async () => {
    table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: MT,
      seed: 25,
      latencyMs: 1,
    });
    await startAutoplay(table);
    const [host, b, c] = table.sessions as [Session, Session, Session];
    for (const at of [15, 40]) {
      await until(`entry ${at}`, () => (c.snapshot.table?.seq ?? 0) > at);
      table.network.sever(host.transport.id, b.transport.id);
      table.network.sever(b.transport.id, c.transport.id);
    }
    await until('game over after the drops', gameOver([host, b, c]));
    expectAgreement([host, b, c]);
  });
});

describe('a table catches', () => {
  it('a browser with a corrupted engine: every browser raises the desync alarm naming the entry', async () => {
    table = await openTable({ variant: 'mexican-train', people: 3, options: MT, seed: 26 });
    await startAutoplay(table);
    const [host, corrupt, third] = table.sessions as [Session, Session, Session];
    await until('mid-round', () => (corrupt.snapshot.table?.seq ?? 0) > 20);
    const ledger = corrupt.ledger!;
    const seat = ledger.seats()[0]!;
    const t = ledger.table(seat)!;
    // its engine miscounts the boneyard in the public state from now on
    const publicState = (view: TableState['view']) => {
      const real = t.variant.publicState(view) as Record<string, unknown>;
      return { ...real, boneyard: Number(real.boneyard ?? 0) + 1 };
    };
    ledger.replace(seat, { ...t, variant: { ...t.variant, publicState } as typeof t.variant });
    const from = ledger.seq;
    await until('alarms everywhere', () =>
      [host, corrupt, third].every((s) => s.snapshot.desync !== null),
    );
    for (const s of [host, corrupt, third]) {
      const alarm = s.snapshot.desync!;
      expect(alarm.seq).toBeGreaterThanOrEqual(from);
      expect(alarm.sides.length).toBe(2);
      const odd = alarm.sides.find((side) => side.seats.includes(1));
      expect(odd?.seats).toEqual([1]);
    }
    // play stops
    const seq = host.snapshot.table!.seq;
    await pause(300);
    expect(host.snapshot.table!.seq).toBe(seq);
  });

  it('a seat sending a tile it was not dealt: refused at once and named by every browser', async () => {
    table = await openTable({ variant: 'mexican-train', people: 3, options: MT, seed: 27 });
    const [host, cheat, third] = table.sessions as [Session, Session, Session];
    await startAutoplay(table, 'easy', [1]);
    await turnOf(cheat, 1);
    const t = cheat.ledger!.table(1)!;
    const own = new Set(t.view.hands[1]!.map((c) => c.tile));
    const notMine = [...Array(28).keys()].find((tile) => !own.has(tile))!;
    const key = cheat.storedKeys().find((k) => k.seat === 1)!;
    const body = { move: { seat: 1, type: 'play', tile: notMine, target: 'mexican' }, keys: [] };
    const { encoded } = createEntry(t.head, 1, 'move', body, key.signing);
    cheat.transport.send(
      host.transport.id,
      JSON.stringify({ t: 'submit', game: t.config.game, entry: encoded }),
    );
    await until('named everywhere', () =>
      [host, cheat, third].every((s) => s.snapshot.refusals.some((r) => r.seat === 1)),
    );
    for (const s of [host, third]) {
      const r = s.snapshot.refusals.find((x) => x.seat === 1)!;
      expect(['ILLEGAL_MOVE', 'DISCLOSURE_MISMATCH', 'BAD_MOVE']).toContain(r.code);
    }
    // nothing changed: the honest move still follows
    cheat.setAutoplay(1, 'easy');
    await until('game over', gameOver([host, cheat, third]));
    expectAgreement([host, cheat, third]);
  });
});

describe('a table keeps evidence', () => {
  it('a seat signing two different entries for one position: both kept, the seat named (EQUIVOCATION)', async () => {
    table = await openTable({ variant: 'mexican-train', people: 3, options: MT, seed: 28 });
    const [host, cheat, third] = table.sessions as [Session, Session, Session];
    await startAutoplay(table, 'easy', [1]);
    await turnOf(cheat, 1);
    const t = cheat.ledger!.table(1)!;
    const [a, other] = cheat.snapshot.table!.local[0]!.legal;
    const b = other ?? { seat: 1, type: 'pass' };
    expect(cheat.move(1, a!)).toEqual({ ok: true, value: true });
    await until('its move applied', () => host.ledger!.seq > t.head.seq);
    const key = cheat.storedKeys().find((k) => k.seat === 1)!;
    const { encoded } = createEntry(t.head, 1, 'move', { move: b as never, keys: [] }, key.signing);
    cheat.transport.send(
      host.transport.id,
      JSON.stringify({ t: 'submit', game: t.config.game, entry: encoded }),
    );
    await until('named by the others', () =>
      [host, third].every((s) => s.snapshot.refusals.some((r) => r.code === 'EQUIVOCATION')),
    );
    for (const s of [host, third]) {
      expect(s.snapshot.refusals.find((r) => r.code === 'EQUIVOCATION')).toMatchObject({
        seat: 1,
        seq: t.head.seq,
      });
    }
    cheat.setAutoplay(1, 'easy');
    await until('game over', gameOver([host, cheat, third]));
    expectAgreement([host, cheat, third]);
  });
});

describe('a hop sent ahead of its order', () => {
  it('is checked by the other guests while the host orders it; a forged entry sent ahead is dropped and changes nothing', async () => {
    table = await openTable({ variant: 'mexican-train', people: 3, options: MT, seed: 29 });
    const [host, author, third] = table.sessions as [Session, Session, Session];
    await startAutoplay(table, 'easy', [1]);
    await turnOf(author, 1);
    // Each guest's shuffle and lock, checked ahead by the other guest.
    expect(third.stats.checkedAhead).toBeGreaterThanOrEqual(2);
    expect(author.stats.checkedAhead).toBeGreaterThanOrEqual(2);
    expect(host.stats.checkedAhead).toBe(0);
    const t = author.ledger!.table(1)!;
    const key = author.storedKeys().find((k) => k.seat === 1)!;
    const move = { seat: 1, type: 'pass' } as never;
    const { encoded } = createEntry(t.head, 1, 'move', { move, keys: [] }, key.signing);
    const forged = encoded.replace('"pass"', '"draw"');
    expect(forged).not.toBe(encoded);
    const before = third.ledger!.seq;
    author.transport.send(
      third.transport.id,
      JSON.stringify({ t: 'ahead', game: t.config.game, entry: forged }),
    );
    await until('dropped', () => (third.stats.dropped.get('REFUSED') ?? 0) > 0);
    expect(third.ledger!.seq).toBe(before);
    author.setAutoplay(1, 'easy');
    await until('game over', gameOver([host, author, third]));
    expectAgreement([host, author, third]);
  });
});
