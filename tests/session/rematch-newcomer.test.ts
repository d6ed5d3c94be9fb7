// A newcomer with the first invite link after a rematch moved hosting: the link
// names the first host's browser, a guest now. That guest tells the newcomer who
// is at the table (the current game's seats rank who hosts), the newcomer links
// on to the host and watches the rematch; under TT-9 the host could seat it.
// Attacks: the guest's word seats nobody and reaches no browser already at the
// table; a newcomer greeting it again costs no second lobby.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol';
import { joinTable, type Session } from '$lib/session';
import { Adversary, adversaryKeys } from './adversary';
import {
  closeTracked,
  FAST,
  must,
  openTable,
  seededRandom,
  startAutoplay,
  track,
  transport,
  until,
  type Table,
} from './harness';

beforeAll(() => accelerate());
afterEach(closeTracked);

const OPTIONS = { rounds: 1, set: 5, handSize: 4 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Two people and a bot play a short game, then a rematch: hosting moves from p0 to p1. */
async function rematchPlayed(seed: number): Promise<{ t: Table; game: string }> {
  const t = await openTable({
    variant: 'mexican-train',
    people: 2,
    bots: ['easy'],
    options: OPTIONS,
    seed,
  });
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

it('the first invite link after a rematch: the old host, a guest now, brings the newcomer to the new host', async () => {
  const { t, game } = await rematchPlayed(91);
  const [first, second] = t.sessions as [Session, Session];
  const late = track(
    must(
      await joinTable({
        transport: transport(t.network, `${t.room}-zed`),
        room: t.room,
        // Above both ids: of two members the lower links, so only the guest's word brings it to p1.
        member: 'zed',
        name: 'Latecomer',
        timing: FAST,
        random: seededRandom(92),
        // The invite link made at the start names the first host's browser.
        contact: first.transport.id,
      }),
    ),
  );
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

describe('what a guest’s introduction may change and cost', () => {
  it('a hostile newcomer gets one lobby, however often it greets; nobody is seated, the host is not told', async () => {
    const { t } = await rematchPlayed(93);
    const [first, second] = t.sessions as [Session, Session];
    const mallory = await Adversary.join(t.network, `${t.room}-mal`, [first.transport.id]);
    for (let i = 0; i < 5; i++) mallory.hello(t.room, 'mal', `Mallory ${i}`);
    await until('the guest knows it', () => first.snapshot.members.some((m) => m.member === 'mal'));
    await sleep(300);
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
