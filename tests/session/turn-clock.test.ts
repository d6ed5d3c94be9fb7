// The turn clock (issue 23): a table setting in the signed setup beside the
// variant's options (absent when off, so game ids of tables without one stay as
// they were); a person's turn that runs out is made by the medium bot, by the
// seat's own browser, this once.
import { describe, expect, it } from 'vitest';
import { gameId, startTableHere, type Session, type TableSetup } from '$lib/session';
import { parseSetup } from '$lib/session/setup';
import { parseWire } from '$lib/session/wire';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import { FAST, must, openTable, startAutoplay, turnOf, until, pause } from './harness';

const MT = { rounds: 1, set: 5, handSize: 4 };
const key = (n: number) => toBase64url(new Uint8Array(32).fill(n));
const SETUP = {
  room: 'r1',
  variant: 'mexican-train',
  options: {},
  seats: [
    { name: 'Ada', key: key(1), bot: null, member: 'p0' },
    { name: 'Bo', key: key(2), bot: 'easy', member: 'p0' },
  ],
  nonce: toBase64url(new Uint8Array(16)),
  start: null,
};

describe('the turn clock in the setup', () => {
  it('is absent when off, so a setup without one keeps its game id', () => {
    const off = must(parseSetup(SETUP));
    expect('turnClock' in off).toBe(false);
    const on = must(parseSetup({ ...SETUP, turnClock: 60 }));
    expect(on.turnClock).toBe(60);
    expect(gameId(on)).not.toBe(gameId(off));
    expect(gameId(must(parseSetup(SETUP)))).toBe(gameId(off as TableSetup));
  });

  it('takes only 30, 60 or 120 seconds', () => {
    for (const bad of [0, 45, -30, '60', null]) {
      expect(parseSetup({ ...SETUP, turnClock: bad })).toMatchObject({
        ok: false,
        error: { code: 'BAD_SETUP', detail: 'turnClock' },
      });
    }
  });
});

describe('the turn clock in the lobby’s draft', () => {
  const lobby = (draft: object) =>
    JSON.stringify({
      t: 'lobby',
      room: 'r1',
      draft: { variant: 'mexican-train', options: {}, seats: [], ...draft },
      members: [],
    });

  it('is taken when absent or one of the clocks, refused otherwise', () => {
    expect(parseWire(lobby({})).ok).toBe(true);
    expect(parseWire(lobby({ turnClock: 120 })).ok).toBe(true);
    for (const bad of [0, 45, '30', null]) {
      expect(parseWire(lobby({ turnClock: bad }))).toMatchObject({
        ok: false,
        error: { code: 'MALFORMED_MESSAGE', detail: 'bad lobby' },
      });
    }
    expect(parseWire(lobby({ clock: 30 })).ok).toBe(false);
  });
});

describe('a turn clock at a table on this browser alone', () => {
  it('is in the setup of a solo table, and runs on the person’s turn only', async () => {
    const started = await startTableHere({
      variant: 'mexican-train',
      options: MT,
      seats: [
        { kind: 'person', name: 'Ada' },
        { kind: 'bot', level: 'easy' },
      ],
      turnClock: 120,
      store: null,
    });
    const client = must(started);
    try {
      expect(client.snapshot.clockSeconds).toBe(120);
      await until('the person’s turn', () => client.snapshot.turnClock?.seats.includes(0) === true);
      expect(client.snapshot.turnClock?.seconds).toBe(120);
      expect(client.snapshot.turnClock?.seats).toEqual([0]);
    } finally {
      client.close();
    }
  });

  it('is off by default', async () => {
    const client = must(
      await startTableHere({
        variant: 'mexican-train',
        options: MT,
        seats: [
          { kind: 'person', name: 'Ada' },
          { kind: 'bot', level: 'easy' },
        ],
        store: null,
      }),
    );
    try {
      await until('playing', () => client.snapshot.table !== null);
      expect(client.snapshot).not.toHaveProperty('clockSeconds');
      expect(client.snapshot).not.toHaveProperty('turnClock');
    } finally {
      client.close();
    }
  });
});

describe('a turn clock at a two-browser table', () => {
  it('the host sets it in the lobby, the guest sees it, and a run-out turn is the medium bot’s', async () => {
    // Thirty seconds are long for a test: every browser's clock moves on at once instead.
    let skew = 0;
    const now = () => Date.now() + skew;
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: MT,
      seed: 95,
      now,
      // The jump in time must not make the browsers think each other gone.
      timing: { ...FAST, awayMs: 60_000, stallMs: 120_000 },
    });
    const [host, guest] = table.sessions as [Session, Session];
    expect(host.setTurnClock(45)).toMatchObject({ ok: false, error: { code: 'BAD_SETUP' } });
    expect(guest.setTurnClock(30)).toMatchObject({ ok: false, error: { code: 'NOT_HOST' } });
    must(host.setTurnClock(60));
    await until('the guest sees the clock', () => guest.snapshot.clockSeconds === 60);
    must(host.setTurnClock(0));
    await until('and sees it off', () => guest.snapshot.clockSeconds === undefined);
    must(host.setTurnClock(30));
    await startAutoplay(table, 'easy', [1]);
    expect(guest.snapshot.turnClock).not.toBeUndefined();
    await turnOf(guest, 1);
    const seq = guest.snapshot.table!.seq;
    const moves = host.snapshot.table!.moves.length;
    const shown = guest.snapshot.turnClock;
    expect(shown?.seats).toEqual([1]);
    expect(shown?.seconds).toBe(30);
    expect(host.snapshot.turnClock?.seats).toEqual([1]);
    // Nothing happens before the time is up.
    await pause(500);
    expect(guest.snapshot.table!.seq).toBe(seq);
    expect(guest.snapshot.turnClock?.endsAt).toBeGreaterThan(now() + 25_000);
    skew = 31_000;
    // Entries that are not moves (a key for a tile drawn before) may still come in.
    await until(
      'the bot moved for seat 1',
      () => (host.snapshot.table?.moves.length ?? 0) > moves,
      20_000,
    );
    expect(host.snapshot.table!.moves[moves]?.move.seat).toBe(1);
    expect(guest.snapshot.events.some((e) => e.detail.includes('turn clock ran out'))).toBe(true);
    // The seat stays its person's.
    expect(host.snapshot.seats[1]).toMatchObject({ bot: null, member: 'p1' });
  });
});
