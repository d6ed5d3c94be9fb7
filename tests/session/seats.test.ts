// Seats changing hands between rounds: a person who was away gets their seat
// back from the bot that kept it, and a newcomer joins a tournament game (TT-9).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { expectPrivate } from './privacy';
import { fromStored, toStored, type Session, type StoredTable } from '$lib/session';
import {
  FAST,
  must,
  openTable,
  seededRandom,
  startAutoplay,
  track,
  transport,
  until,
  type Table,
  pause,
  joinLate,
} from './harness';

let table: Table | null = null;
const sameReady = (a: readonly boolean[] | undefined, b: readonly boolean[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

describe('seats between rounds', () => {
  /** Seat 2's player leaves mid-round (saved just before) and the host gives the seat to a bot. */
  async function seatToBot(rounds: number, seed: number) {
    table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: { rounds, set: 5, handSize: 4 },
      seed,
      timing: { ...FAST, stallMs: 1500 },
    });
    await startAutoplay(table);
    const [host, stays, leaver] = table.sessions as [Session, Session, Session];
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 20);
    const record = toStored(leaver, Date.now())!;
    leaver.close();
    leaver.transport.close();
    await until('seat 2 stalled', () => host.snapshot.stall?.seats.includes(2) === true, 20_000);
    expect(host.resolveStall('bot')).toMatchObject({ ok: true });
    await until('a bot in seat 2', () => stays.snapshot.seats[2]?.bot === 'medium');
    return { host, stays, record };
  }

  /** Seat 2's player reloads from `record` and links to the host again. */
  async function comeBack(record: StoredTable, host: Session, seed: number): Promise<Session> {
    const back = fromStored(record, {
      transport: transport(table!.network, `${table!.room}-p2-back`),
      timing: FAST,
      random: seededRandom(seed),
    });
    if (!back.ok) throw new Error(back.error.detail);
    track(back.value);
    await back.value.link(host.transport.id);
    return back.value;
  }

  it('a player who comes back between rounds gets their seat back from the bot', async () => {
    const { host, stays, record } = await seatToBot(3, 41);
    // the player reloads and comes back
    const back = await comeBack(record, host, 5);
    await until(
      'seat 2 handed back',
      () => host.snapshot.seats[2]?.member === 'p2' && back.snapshot.table?.local.length === 1,
      30_000,
    );
    const players = [host, stays, back];
    await until(
      'game over',
      () => players.every((s) => s.snapshot.table?.gameOver === true),
      60_000,
    );
    for (const s of players) {
      expect(s.snapshot.desync).toBeNull();
      expect(s.snapshot.table?.hash).toBe(host.snapshot.table?.hash);
    }
    expect(host.segments().length).toBeGreaterThanOrEqual(3);
  });

  it('a watcher who says the name of a seat a bot keeps never passes for its person, before or after the seat comes back', async () => {
    const { host, stays, record } = await seatToBot(3, 43);
    const watcher = await joinLate(table!, 'w', 'Player 2', 44);
    const nameOf = (s: Session, member: string) =>
      s.snapshot.members.find((m) => m.member === member)?.name;
    await until('both know the watcher', () =>
      [host, stays].every((s) => nameOf(s, 'w') !== undefined),
    );
    await comeBack(record, host, 45);
    await until(
      'seat 2 handed back',
      () => [host, stays].every((s) => s.snapshot.seats[2]?.member === 'p2'),
      30_000,
    );
    for (const s of [host, stays, watcher]) {
      expect(nameOf(s, 'w')).toBe('Player 2 2');
      if (s !== watcher) expect(nameOf(s, 'p2')).toBe('Player 2');
    }
  });

  it('a player who reloads while a bot keeps their seat is still who they were: the seat comes back', async () => {
    const { host, stays, record: seated } = await seatToBot(6, 42);
    const reload = (record: StoredTable, id: string): Session => {
      const back = fromStored(structuredClone(record), {
        transport: transport(table!.network, `${table!.room}-${id}`),
        timing: FAST,
        random: seededRandom(id.length),
      });
      if (!back.ok) throw new Error(back.error.detail);
      return track(back.value);
    };
    // Back while the bot plays on, and saved then: its record holds no seat of this game.
    const watching = reload(seated, 'p2-back');
    let record: StoredTable | null = null;
    watching.subscribe((snap) => {
      if (!record && snap.seats[2]?.bot === 'medium') record = toStored(watching, Date.now());
    });
    await watching.link(host.transport.id);
    await until('saved while a bot plays seat 2', () => record !== null);
    const [person, ...others] = record!.keys;
    expect(others).toEqual([]);
    expect(person).toMatchObject({ kind: 'human', seat: 2, level: 'easy' });
    expect(person!.game).not.toBe(record!.segments.at(-1)!.game);
    watching.close();
    watching.transport.close();
    // Reloaded from it, its person is the one who sat in seat 2: the seat comes back.
    const again = reload(record!, 'p2-again');
    await again.link(host.transport.id);
    await until(
      'seat 2 handed back',
      () => host.snapshot.seats[2]?.member === 'p2' && again.snapshot.table?.local.length === 1,
      30_000,
    );
    const players = [host, stays, again];
    await until('game over', () => players.every((s) => s.snapshot.table?.gameOver), 60_000);
    for (const s of players) expect(s.snapshot.table?.hash).toBe(host.snapshot.table?.hash);
  });

  it('TT-9: a newcomer joins a tournament game between rounds at the highest total', async () => {
    table = await openTable({
      variant: 'mexican-train-tournament',
      people: 2,
      options: { startDouble: 2, set: 6, handSize: 4 },
      seed: 42,
    });
    await startAutoplay(table);
    const [host, other] = table.sessions as [Session, Session];
    const late = await joinLate(table, 'late', 'Latecomer', 6);
    await until('the newcomer is known', () =>
      host.snapshot.members.some((m) => m.member === 'late'),
    );
    await until('the first round played', () => (host.snapshot.table?.audits.length ?? 0) >= 1);
    expect(host.seatNewcomer('late')).toEqual({ ok: true, value: true });
    await until('seated', () => late.snapshot.table?.local.length === 1, 60_000);
    late.setAutoplay(late.snapshot.table!.local[0]!.seat, 'easy');
    const view = late.snapshot.table!.view;
    expect(view.players).toBe(3);
    expect(view.scores[2]).toBe(Math.max(...view.scores.slice(0, 2)));
    expect(view.round).toBeGreaterThan(1);
    const players = [host, other, late];
    await until(
      'game over',
      () => players.every((s) => s.snapshot.table?.gameOver === true),
      60_000,
    );
    for (const s of players) expect(s.snapshot.table?.hash).toBe(host.snapshot.table?.hash);
  });

  it('TT-9: a newcomer seated between rounds waits, like the others, for every person to be ready', async () => {
    table = await openTable({
      variant: 'mexican-train-tournament',
      people: 2,
      options: { startDouble: 2, set: 6, handSize: 4 },
      seed: 46,
    });
    await startAutoplay(table, 'easy', [0, 1]);
    const [host, other] = table.sessions as [Session, Session];
    const late = await joinLate(table, 'late', 'Latecomer', 9);
    // Both people play the first round by hand, and it ends: the table waits for their ready.
    await until('the first round over', () => {
      for (const s of [host, other]) {
        for (const l of s.snapshot.table?.local ?? []) {
          if (l.legal.length > 0) s.move(l.seat, l.legal[0]!);
        }
      }
      return host.snapshot.table?.betweenRounds != null;
    });
    await until('the watcher is here', () =>
      host.snapshot.members.some((m) => m.member === 'late' && m.present),
    );
    must(host.seatNewcomer('late'));
    await until('seated', () => late.snapshot.table?.local.length === 1, 30_000);
    await until('seated everywhere', () =>
      [host, other].every((s) => s.snapshot.seats.length === 3),
    );
    // Nobody said ready: no deal begins (before the fix it did at once).
    await pause(500);
    for (const s of [host, other, late]) {
      expect(s.snapshot.table?.betweenRounds).toEqual({ round: 2, ready: [false, false, false] });
      expect(s.snapshot.table?.seq).toBe(0);
    }
    must(host.ready(0));
    must(other.ready(1));
    await until('the host and the other are ready', () =>
      [host, other, late].every((s) =>
        sameReady(s.snapshot.table?.betweenRounds?.ready, [true, true, false]),
      ),
    );
    expect(host.snapshot.table?.seq).toBe(0);
    must(late.ready(2));
    await until('round 2 dealt and under way', () =>
      [host, other, late].every(
        (s) => s.snapshot.table?.betweenRounds === null && s.ledger?.any.view.phase === 'playing',
      ),
    );
    expect(late.snapshot.table?.view.round).toBe(2);
  });

  it('TT-9: other variants seat nobody once the game is on', async () => {
    table = await openTable({
      variant: 'engine-191',
      people: 2,
      options: { tokensToWin: 1 },
      seed: 43,
    });
    await startAutoplay(table);
    const [host] = table.sessions as [Session];
    expect(host.seatNewcomer('nobody')).toMatchObject({ ok: false, error: { rule: 'TT-9' } });
  });
});

describe('a secret withheld at a round’s end', () => {
  it('the round is audited without it (the seat unchecked, not a cheat), and the next round is dealt with a bot in the seat', async () => {
    table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: { rounds: 2, set: 5, handSize: 4 },
      seed: 44,
      timing: { ...FAST, stallMs: 1500 },
    });
    await startAutoplay(table);
    const [host, stays, withholder] = table.sessions as [Session, Session, Session];
    // it stops right after the round's last move, before showing its secret
    withholder.subscribe(() => {
      if (withholder.ledger?.any.view.phase === 'roundOver') withholder.close();
    });
    await until('seat 2 stalled', () => host.snapshot.stall?.seats.includes(2) === true, 30_000);
    expect(host.snapshot.stall?.owes).toEqual(['seed-reveal']);
    expect(host.resolveStall('bot')).toMatchObject({ ok: true });
    const players = [host, stays];
    await until(
      'game over',
      () => players.every((s) => s.snapshot.table?.gameOver === true),
      60_000,
    );
    for (const s of players) {
      const audits = s.snapshot.table!.audits;
      expect(audits).toHaveLength(2);
      // its player may have left as well as withheld it: listed as unchecked, never as a violation
      expect(audits[0]!.violations).toEqual([]);
      expect(audits[0]!.unchecked).toEqual([
        expect.objectContaining({ seat: 2, code: 'SEED_NOT_REVEALED' }),
      ]);
      expect(audits[1]).toMatchObject({ violations: [], unchecked: [] });
      expect(s.snapshot.table?.hash).toBe(host.snapshot.table?.hash);
    }
  });
});

describe('a watcher', () => {
  it('follows the public state from the log, agrees on every hash and sees no hidden tile', async () => {
    table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: { rounds: 1, set: 6, handSize: 5 },
      seed: 45,
    });
    await startAutoplay(table);
    const [host, other] = table.sessions as [Session, Session];
    const watcher = await joinLate(table, 'watcher', 'Watcher', 7);
    let looked = 0;
    watcher.subscribe((snap) => {
      const t = watcher.ledger?.any;
      if (!t || (t.view.phase !== 'playing' && t.view.phase !== 'setup')) return;
      looked++;
      expectPrivate(t);
      expect(snap.table!.local).toEqual([]);
    });
    await until(
      'game over',
      () => [host, other, watcher].every((s) => s.snapshot.table?.gameOver === true),
      60_000,
    );
    expect(watcher.snapshot.table?.hash).toBe(host.snapshot.table?.hash);
    expect(watcher.ledger?.log).toEqual(host.ledger?.log);
    expect(looked).toBeGreaterThan(5);
  });
});
