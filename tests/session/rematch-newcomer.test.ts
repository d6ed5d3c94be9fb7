// A newcomer with the first invite link after a rematch moved hosting: the link
// names the first host's browser, a guest now. That guest tells the newcomer who
// is at the table (the current game's seats rank who hosts), the newcomer links
// on to the host and watches the rematch; under TT-9 the host could seat it.
// Attacks: the guest's word seats nobody and reaches no browser already at the
// table; a newcomer greeting it again costs no second lobby.
import { describe, expect, it } from 'vitest';
import type { Options, VariantId } from '$lib/engine';
import { joinTable, type Session } from '$lib/session';
import { Adversary, adversaryKeys } from './adversary';
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
} from './harness';

const OPTIONS = { rounds: 1, set: 5, handSize: 4 };

/** Two people and a bot play a short game, then a rematch: hosting moves from p0 to p1. */
async function rematchPlayed(
  seed: number,
  variant: VariantId = 'mexican-train',
  options: Options = OPTIONS,
): Promise<{ t: Table; game: string }> {
  const t = await openTable({ variant, people: 2, bots: ['easy'], options, seed });
  await startAutoplay(t);
  const [first, second] = t.sessions as [Session, Session];
  await until('game over', () => t.sessions.every((s) => s.snapshot.table?.gameOver === true));
  const game = must(first.proposeRematch());
  await until('the offer', () => second.snapshot.rematch?.game === game);
  must(second.acceptRematch(game));
  await until('the rematch begins', () => t.sessions.every((s) => s.segments()[0]?.game === game));
  await until('hosting moved', () => t.sessions.every((s) => s.snapshot.host === 'p1'));
  return { t, game };
}

/** A newcomer `zed` with the first invite link: it names p0's browser, a guest now. */
async function arrive(t: Table, seed: number): Promise<Session> {
  return track(
    must(
      await joinTable({
        transport: transport(t.network, `${t.room}-zed`),
        room: t.room,
        // Above both ids: of two members the lower links, so only the guest's word brings it to p1.
        member: 'zed',
        name: 'Latecomer',
        timing: FAST,
        random: seededRandom(seed),
        contact: t.sessions[0]!.transport.id,
      }),
    ),
  );
}

it('the first invite link after a rematch: the old host, a guest now, brings the newcomer to the new host', async () => {
  const { t, game } = await rematchPlayed(91);
  const [first, second] = t.sessions as [Session, Session];
  const late = await arrive(t, 92);
  await until('the newcomer links to the host', () =>
    second.snapshot.members.some((m) => m.member === 'zed' && m.present),
  );
  await until('the newcomer watches the rematch', () => late.snapshot.table !== null);
  expect(late.segments()[0]?.game).toBe(game);
  expect(late.snapshot.host).toBe('p1');
  expect(late.snapshot.table?.local).toEqual([]);
  expect(late.snapshot.members.map((m) => m.member).sort()).toEqual(['p0', 'p1', 'zed']);
  for (const s of [first, second, late]) {
    expect(s.snapshot.seats.map((x) => x.member)).toEqual(['p1', 'p0', 'p0']);
  }
});

it('TT-9: the new host seats the newcomer it was brought at the next deal', async () => {
  const { t } = await rematchPlayed(96, 'mexican-train-tournament', {
    startDouble: 1,
    set: 6,
    handSize: 4,
  });
  const second = t.sessions[1]!;
  const late = await arrive(t, 97);
  await until('watching', () => late.snapshot.table !== null);
  must(second.seatNewcomer('zed'));
  for (const s of t.sessions) {
    for (const l of s.snapshot.table?.local ?? []) {
      if (l.bot === null) s.setAutoplay(l.seat, 'easy');
    }
  }
  await until('seated at the next deal', () => late.snapshot.table?.local.length === 1, 60_000);
  expect(second.snapshot.seats.map((s) => s.member)).toEqual(['p1', 'p0', 'p0', 'zed']);
});

describe('what a guest’s introduction may change and cost', () => {
  it('a hostile newcomer gets one lobby, however often it greets; nobody is seated, the host is not told', async () => {
    const { t } = await rematchPlayed(93);
    const [first, second] = t.sessions as [Session, Session];
    const mallory = await Adversary.join(t.network, `${t.room}-mal`, [first.transport.id]);
    for (let i = 0; i < 5; i++) mallory.hello(t.room, 'mal', `Mallory ${i}`);
    await until('the guest knows it', () => first.snapshot.members.some((m) => m.member === 'mal'));
    await pause(300);
    const lobbies = mallory.messages('lobby');
    expect(lobbies).toHaveLength(1);
    // The current game's seats: they rank who hosts now.
    expect(lobbies[0]!.draft.seats.map((s) => s.member)).toEqual(['p1', 'p0', 'p0']);
    expect(lobbies[0]!.members.map((m) => m.peer)).toContain(second.transport.id);
    expect(second.snapshot.members.some((m) => m.member === 'mal')).toBe(false);
    for (const s of [first, second]) {
      expect(s.snapshot.seats.map((x) => x.member)).toEqual(['p1', 'p0', 'p0']);
      expect(s.snapshot.newcomers).toBeUndefined();
    }
    mallory.close();
  });

  it('the old host’s lobby to a browser already at the table: refused as NOT_HOST, nothing changes', async () => {
    const { t } = await rematchPlayed(94);
    const [first, second] = t.sessions as [Session, Session];
    const p0 = Adversary.inside(first.transport, adversaryKeys(95));
    const forged = first.segments()[0]!.setup.seats.map((s) => ({ ...s, name: 'Eve' }));
    p0.send(
      {
        t: 'lobby',
        room: t.room,
        draft: { variant: 'mexican-train', options: {}, seats: forged, watchersReact: true },
        members: [],
      },
      second.transport.id,
    );
    await until('refused', () =>
      second.snapshot.events.some((e) => e.code === 'NOT_HOST' && e.detail.includes('lobby')),
    );
    expect(second.snapshot.host).toBe('p1');
    expect(second.snapshot.seats.some((s) => s.name === 'Eve')).toBe(false);
    expect(second.snapshot.watchersReact).toBe(false);
    p0.close(false);
  });
});
