// Issue 21's standard applied to issue 23's reactions and the watchers' leave to
// react: only the host gives or takes back that leave (in its lobby, during the
// game too), and each browser judges a watcher's reaction by the leave it took
// from the host alone. A seated guest posing as the host, and a host taking the
// leave back, are tried here.
import { describe, expect, it } from 'vitest';
import { joinTable, type Session } from '$lib/session';
import { Adversary } from './adversary';
import {
  must,
  openTable,
  seededRandom,
  type Table,
  track,
  transport,
  until,
  named,
} from './harness';

const MT = { rounds: 1, set: 5, handSize: 4 };
// Nobody is taken for away or stalled during these tests.
const TIMING = { beatMs: 50, awayMs: 600_000, stallMs: 6_000_000 };

const dropped = (s: Session, code: string) => s.stats.dropped.get(code) ?? 0;

/** Two seats playing (by hand) and a watcher that came after the start, linked to both. */
async function withWatcher(seed: number): Promise<{
  table: Table;
  game: string;
  ada: Session;
  bo: Session;
  wes: Session;
}> {
  const table = await openTable({
    variant: 'mexican-train',
    options: MT,
    people: 2,
    timing: TIMING,
    seed,
  });
  const [ada, bo] = table.sessions as [Session, Session];
  must(ada.start());
  await until('playing', () => table.sessions.every((s) => s.snapshot.table !== null));
  const wes = track(
    must(
      await joinTable({
        transport: transport(table.network, `${table.room}-w`),
        room: table.room,
        member: 'w',
        name: 'Wes',
        timing: TIMING,
        random: seededRandom(seed + 1),
        contact: ada.transport.id,
      }),
    ),
  );
  await until(
    'everyone knows everyone',
    () =>
      [ada, bo].every((s) => s.snapshot.members.some((m) => m.member === 'w' && m.present)) &&
      wes.snapshot.table !== null &&
      wes.snapshot.members.filter((m) => m.present).length === 3,
  );
  return { table, game: ada.snapshot.table!.game, ada, bo, wes };
}

/** The watcher reacts over its link to `to`, skipping its own check (a browser that lies). */
function watcherReacts(wes: Session, to: Session, game: string): void {
  wes.transport.send(to.transport.id, JSON.stringify({ t: 'react', game, reaction: 'wow' }));
}

describe('the watchers’ leave to react', () => {
  // Relies on the lobby taken only from the host once admitted (Session's
  // #senderRefusal, 'lobby'): without it the event below is missing (and the
  // host check in #handle is all that keeps the leave).
  it('a seated guest giving it during the game: dropped as NOT_HOST everywhere, no watcher may react', async () => {
    const { game, ada, bo, wes } = await withWatcher(11);
    const mallory = Adversary.inside(bo.transport);
    const draft = {
      variant: 'mexican-train',
      options: MT,
      seats: [],
      watchersReact: true as const,
    };
    mallory.send({ t: 'lobby', room: ada.room, draft, members: [] });
    await until('refused at the host and the watcher', () =>
      [ada, wes].every((s) => named(s, 'NOT_HOST', 'lobby from p1')),
    );
    for (const s of [ada, bo, wes]) expect(s.snapshot.watchersReact).toBe(false);
    expect(wes.react('wow')).toMatchObject({ ok: false, error: { code: 'NOT_ALLOWED' } });
    const before = dropped(ada, 'NOT_ALLOWED');
    watcherReacts(wes, ada, game);
    await until('the watcher’s reaction dropped', () => dropped(ada, 'NOT_ALLOWED') === before + 1);
    expect(ada.snapshot.reactions).toEqual([]);
    mallory.close(false);
  });

  // Relies on the host's lobby during the game replacing the leave, absent as
  // taken back (Reactions.onHostLobby): without it the guest keeps the old leave.
  it('taken back by the host at the table: a watcher’s reaction is refused again everywhere', async () => {
    const { game, ada, bo, wes } = await withWatcher(12);
    must(ada.allowWatcherReactions(true));
    await until('the leave is known', () => [bo, wes].every((s) => s.snapshot.watchersReact));
    must(wes.react('good'));
    await until('bo shows it', () => bo.snapshot.reactions.some((r) => r.member === 'w'));
    must(ada.allowWatcherReactions(false));
    await until('taken back', () => [bo, wes].every((s) => !s.snapshot.watchersReact));
    expect(wes.react('wow')).toMatchObject({ ok: false, error: { code: 'NOT_ALLOWED' } });
    const before = dropped(bo, 'NOT_ALLOWED');
    watcherReacts(wes, bo, game);
    await until('dropped at bo', () => dropped(bo, 'NOT_ALLOWED') === before + 1);
    expect(bo.snapshot.reactions.filter((r) => r.reaction === 'wow')).toEqual([]);
  });

  // A guest may not give the leave through the API either (Reactions.allowWatchers).
  it('a guest’s own call to give it is refused and changes nothing', async () => {
    const { ada, bo } = await withWatcher(13);
    expect(bo.allowWatcherReactions(true)).toMatchObject({
      ok: false,
      error: { code: 'NOT_HOST' },
    });
    expect(bo.snapshot.watchersReact).toBe(false);
    expect(ada.snapshot.watchersReact).toBe(false);
  });
});
