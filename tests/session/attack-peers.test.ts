// Issue 30, findings 7–9: a member's budgets outlive its link, names are fixed
// once the lobby ends, and a relayed offer speaks only for its sender's own link.
import { describe, expect, it } from 'vitest';
import type { OfferGuard } from '$lib/net';
import type { Session } from '$lib/session';
import { signOffer } from '$lib/session/setup';
import { Adversary } from './adversary';
import { must, named, openTable, pause, startAutoplay, until } from './harness';

const MT = { rounds: 1, set: 5, handSize: 4 };
// Nobody is taken for away or stalled during these tests.
const TIMING = { beatMs: 50, awayMs: 600_000, stallMs: 6_000_000 };

/** An adversary with its own link to `to`, proven there as watcher `member`. */
async function watcher(
  table: { network: Parameters<typeof Adversary.join>[0]; room: string },
  to: Session,
  member: string,
  name: string,
  seed: number,
): Promise<Adversary> {
  const keys = (await import('./adversary')).adversaryKeys(seed);
  const evil = await Adversary.join(table.network, `${table.room}-${member}`, [], keys);
  await evil.link(to.transport.id);
  evil.hello(table.room, member, name, to.transport.id);
  await until(`${member} proven`, () =>
    to.snapshot.members.some((m) => m.member === member && m.present),
  );
  return evil;
}

describe('issue 30: members, not links', () => {
  it('7: re-dialling 20 times with want from 0 gets no more whole-log answers than one link would', async () => {
    // The clock stands still while it re-dials: no budget refills, however slow this machine.
    const clock = Date.now();
    const table = await openTable({
      variant: 'mexican-train',
      options: { rounds: 2, set: 6, handSize: 6 },
      people: 2,
      seed: 301,
      timing: TIMING,
      now: () => clock,
    });
    await startAutoplay(table);
    const host = table.sessions[0]!;
    await until('some log', () => (host.ledger?.seq ?? 0) > 40);
    const game = host.snapshot.table!.game;
    const evil = await watcher(table, host, 'evil', 'Eve', 31);
    for (let dial = 0; dial < 20; dial++) {
      for (let i = 0; i < 4; i++) evil.send({ t: 'want', game, from: 0 }, host.transport.id);
      await pause(2);
      evil.transport.disconnect(host.transport.id);
      await pause(2);
      const challenges = evil.messages('challenge').length;
      await evil.link(host.transport.id);
      await until('challenged again', () => evil.messages('challenge').length > challenges);
      evil.hello(table.room, 'evil', 'Eve', host.transport.id);
      await pause(2);
    }
    await pause(20);
    const whole = evil.messages('entries').filter((e) => e.from === 0 && e.list.length > 0);
    // One member's budget (a couple from far back), however many links it comes on.
    expect(whole.length).toBeLessThanOrEqual(2);
    expect(named(host, 'TOO_FREQUENT', 'evil')).toBe(true);
    evil.close();
  });

  it('8: a watcher’s fresh hello mid-game keeps its first name; it cannot take a seat’s name; its reaction says watcher', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      options: MT,
      people: 2,
      timing: TIMING,
      seed: 302,
    });
    const [ada, bo] = table.sessions as [Session, Session];
    must(ada.start());
    await until('playing', () => table.sessions.every((s) => s.snapshot.table !== null));
    must(ada.allowWatcherReactions(true));
    const game = ada.snapshot.table!.game;
    const wes = await watcher(table, ada, 'w', 'Wes', 32);
    // A fresh hello on the same link, now as the host's seat name.
    wes.hello(table.room, 'w', 'Ada', ada.transport.id);
    await pause(30);
    expect(ada.snapshot.members.find((m) => m.member === 'w')?.name).toBe('Wes');
    wes.send({ t: 'react', game, reaction: 'wow' }, ada.transport.id);
    await until('the reaction shows', () => ada.snapshot.reactions.length > 0);
    const shown = ada.snapshot.reactions.find((r) => r.member === 'w');
    expect(shown).toMatchObject({ name: 'Wes', seat: null });
    // A watcher whose first hello, mid-game, takes a seat's name is not shown under it.
    const mal = await watcher(table, ada, 'm', 'ada', 33);
    const malName = ada.snapshot.members.find((m) => m.member === 'm')?.name ?? '';
    expect(malName).not.toBe('');
    expect(ada.snapshot.seats.map((s) => s.name.toLowerCase())).not.toContain(
      malName.toLowerCase(),
    );
    // A seat's name is the one its setup carries, whatever its hello says.
    expect(ada.snapshot.members.find((m) => m.member === bo.member)?.name).toBe(
      ada.snapshot.seats[1]!.name,
    );
    wes.close();
    mal.close();
  });

  it('8: mid-game, a lobby from the host cannot name a member new to a guest after a seat', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      options: MT,
      people: 2,
      timing: TIMING,
      seed: 303,
    });
    const [ada, bo] = table.sessions as [Session, Session];
    must(ada.start());
    await until('playing', () => table.sessions.every((s) => s.snapshot.table !== null));
    // A watcher is sent the host's lobby (its draft) when it comes.
    const spy = await watcher(table, ada, 'w', 'Wes', 34);
    await until('a lobby', () => spy.messages('lobby').length > 0);
    const { draft, room } = spy.messages('lobby')[0]!;
    // The host's browser, compromised, introduces to Bo a member named after Bo's own seat.
    const host = Adversary.inside(ada.transport);
    const seatName = bo.snapshot.seats[1]!.name;
    host.send(
      { t: 'lobby', room, draft, members: [{ member: 'm9', name: seatName, peer: 'nowhere' }] },
      bo.transport.id,
    );
    await until('m9 known', () => bo.snapshot.members.some((m) => m.member === 'm9'));
    const shown = bo.snapshot.members.find((m) => m.member === 'm9')!.name;
    expect(bo.snapshot.seats.map((x) => x.name.toLowerCase())).not.toContain(shown.toLowerCase());
    spy.close();
  });

  it('9: a relayed offer "from" a departed seat’s link, proven by another member, is refused', async () => {
    let guard: OfferGuard | null = null;
    const table = await openTable({
      variant: 'mexican-train',
      options: MT,
      people: 3,
      timing: { beatMs: 50, awayMs: 2000, stallMs: 6_000_000 },
      seed: 303,
      wrap: (browser, t) =>
        browser !== 0
          ? t
          : Object.assign(t, {
              guardOffers: (g: OfferGuard) => {
                guard = g;
                return () => {};
              },
            }),
    });
    const [host, leaver] = table.sessions as [Session, Session, Session];
    must(host.start());
    await until('playing', () => table.sessions.every((s) => s.snapshot.table !== null));
    const evil = await watcher(table, host, 'evil', 'Eve', 34);
    leaver.close();
    leaver.transport.close();
    await until('the seat left', () => !host.transport.peers().includes(leaver.transport.id));
    const proof = (from: string, sdp: string): string =>
      JSON.stringify({
        member: 'evil',
        key: evil.keys.publicKey,
        sig: signOffer(table.room, 'evil', { from, to: host.transport.id, sdp }, evil.keys.signing),
      });
    const g = guard as OfferGuard | null;
    if (!g) throw new Error('the session installs its offer guard');
    // Its own link id: proven.
    expect(await g.check(evil.transport.id, 'sdp-1', proof(evil.transport.id, 'sdp-1'))).toBe(true);
    // The departed seat's link id, claimed by another member: refused, with a code.
    expect(await g.check(leaver.transport.id, 'sdp-2', proof(leaver.transport.id, 'sdp-2'))).toBe(
      false,
    );
    expect(named(host, 'UNKNOWN_PEER', leaver.transport.id)).toBe(true);
    evil.close();
  });
});
