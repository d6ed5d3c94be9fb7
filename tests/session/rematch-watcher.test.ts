// A watcher whose browser slept over a game's end and the rematch's begin: nobody
// plays the old game any more, so nobody would tell it the end, and the rematch's
// begin comes from a host it does not know yet. The host now sends such a browser
// the entries it lacks, then the rematch's begin, which a person seated in the
// rematch may relay (judged as the old host's). A game the host ended (an `end`,
// not in the log) is told again by the host that announced it, to a browser whose
// beat says it has not ended there. Attacks: beats naming the finished game cost
// the host at most an answer a beat within the `want` budget; a begin relayed by a
// browser not seated in the rematch, or an end from one not the host, is refused.
import { describe, expect, it } from 'vitest';
import {
  fail,
  ok,
  type NetError,
  type NetResult,
  type Payload,
  type PeerId,
  type Transport,
  type Unsubscribe,
} from '$lib/net';
import { joinTable, type Session } from '$lib/session';
import { setupJson } from '$lib/session/setup';
import { Adversary } from './adversary';
import {
  FAST,
  must,
  openTable,
  pause,
  seededRandom,
  startAutoplay,
  track,
  transport,
  until,
  type Table,
} from './harness';

/** A browser's link that can sleep: while it does, no link opens and nothing comes or goes. */
class Sleepy implements Transport {
  asleep = false;
  /** The `end` messages that reached it. */
  ends = 0;
  readonly #inner: Transport;

  constructor(inner: Transport) {
    this.#inner = inner;
  }
  get id(): PeerId {
    return this.#inner.id;
  }
  get closed(): boolean {
    return this.#inner.closed;
  }
  connect(peer: PeerId): Promise<NetResult<void>> {
    return this.asleep
      ? Promise.resolve(fail('PEER_UNAVAILABLE', 'asleep'))
      : this.#inner.connect(peer);
  }
  send(peer: PeerId, data: Payload): NetResult<void> {
    return this.asleep ? ok(undefined) : this.#inner.send(peer, data);
  }
  peers(): readonly PeerId[] {
    return this.#inner.peers();
  }
  disconnect(peer: PeerId): void {
    this.#inner.disconnect(peer);
  }
  onMessage(listener: (from: PeerId, data: Payload) => void): Unsubscribe {
    return this.#inner.onMessage((from, data) => {
      if (this.asleep) return;
      if (typeof data === 'string' && data.startsWith('{"t":"end"')) this.ends++;
      listener(from, data);
    });
  }
  onOpen(listener: (peer: PeerId) => void): Unsubscribe {
    return this.#inner.onOpen(listener);
  }
  onClose(listener: (peer: PeerId) => void): Unsubscribe {
    return this.#inner.onClose(listener);
  }
  onError(listener: (error: NetError) => void): Unsubscribe {
    return this.#inner.onError(listener);
  }
  close(): void {
    this.#inner.close();
  }

  /** Asleep or awake; either way every open link drops (the others see it go). */
  set(asleep: boolean): void {
    this.asleep = asleep;
    for (const peer of this.#inner.peers()) this.#inner.disconnect(peer);
  }
}

const OPTIONS = { rounds: 1, set: 5, handSize: 4 };

/**
 * Two people and a bot (or `people` and no bot), and a watcher that came after the
 * start, on a link that can sleep.
 */
async function watched(
  seed: number,
  people = 2,
): Promise<{ t: Table; watcher: Session; link: Sleepy }> {
  const t = await openTable({
    variant: 'mexican-train',
    people,
    bots: people === 2 ? ['easy'] : [],
    options: OPTIONS,
    seed,
    timing: { ...FAST, stallMs: 1500 },
  });
  // Nobody moves until the watcher is in.
  await startAutoplay(
    t,
    'easy',
    t.sessions.map((_, i) => i),
  );
  const link = new Sleepy(transport(t.network, `${t.room}-w`));
  const watcher = track(
    must(
      await joinTable({
        transport: link,
        room: t.room,
        member: 'w',
        name: 'Gran',
        timing: FAST,
        random: seededRandom(seed + 1),
        contact: t.sessions[0]!.transport.id,
      }),
    ),
  );
  await until(
    'watching, known to both',
    () =>
      watcher.snapshot.table !== null &&
      t.sessions.every((s) => s.snapshot.members.some((m) => m.member === 'w' && m.present)),
  );
  return { t, watcher, link };
}

/** The people on autoplay to the game's end; a rematch offered, accepted and begun (hosting moves to p1). */
async function playAndRematch(t: Table): Promise<string> {
  const [first, second] = t.sessions as [Session, Session];
  for (const s of t.sessions) {
    for (const l of s.snapshot.table?.local ?? []) {
      if (l.bot === null) s.setAutoplay(l.seat, 'easy');
    }
  }
  await until('game over', () => t.sessions.every((s) => s.snapshot.table?.gameOver === true));
  const game = must(first.proposeRematch());
  await until('the offer', () => second.snapshot.rematch?.game === game);
  must(second.acceptRematch(game));
  await until('the rematch begins', () => t.sessions.every((s) => s.segments()[0]?.game === game));
  await until('hosting moved', () => t.sessions.every((s) => s.snapshot.host === 'p1'));
  return game;
}

describe('a watcher whose browser slept over the end', () => {
  it('is brought to the end of the game, then follows the rematch under its new host', async () => {
    const { t, watcher, link } = await watched(301);
    const [, second] = t.sessions as [Session, Session];
    const old = watcher.segments()[0]!.game;
    link.set(true);
    const game = await playAndRematch(t);
    expect(watcher.segments()[0]?.game).toBe(old);
    expect(watcher.snapshot.table?.gameOver).toBe(false);
    link.set(false);
    await until('the watcher follows the rematch', () => watcher.segments()[0]?.game === game);
    expect(watcher.snapshot.host).toBe('p1');
    expect(watcher.snapshot.desync).toBeNull();
    expect(watcher.snapshot.table?.local).toEqual([]);
    await until('the rematch plays on there too', () => (watcher.snapshot.table?.seq ?? 0) > 3);
    const log = watcher.ledger!.log;
    expect(log).toEqual(second.ledger!.log.slice(0, log.length));
  });
});

describe('a watcher whose browser slept over two games', () => {
  it('is sent the game in play, and watches it as a newcomer would', async () => {
    const { t, watcher, link } = await watched(331);
    const [first, second] = t.sessions as [Session, Session];
    link.set(true);
    await playAndRematch(t);
    // The second rematch: offered by p1, now the host; hosting moves back to p0.
    for (const s of t.sessions) {
      for (const l of s.snapshot.table?.local ?? []) {
        if (l.bot === null) s.setAutoplay(l.seat, 'easy');
      }
    }
    await until('game over again', () =>
      t.sessions.every((s) => s.snapshot.table?.gameOver === true),
    );
    const game = must(second.proposeRematch());
    await until('the offer', () => first.snapshot.rematch?.game === game);
    must(first.acceptRematch(game));
    await until('the second rematch begins', () =>
      t.sessions.every((s) => s.segments()[0]?.game === game),
    );
    link.set(false);
    await until('the watcher watches the game in play', () => watcher.segments()[0]?.game === game);
    expect(watcher.snapshot.desync).toBeNull();
    expect(watcher.snapshot.table?.local).toEqual([]);
    await until('it plays on there too', () => (watcher.snapshot.table?.seq ?? 0) > 3);
    const log = watcher.ledger!.log;
    expect(log).toEqual(first.ledger!.log.slice(0, log.length));
  });
});

/** The last seat's browser leaves mid-round; once it stalls, the host ends the game (an `end`, not in the log). */
async function hostEnds(t: Table): Promise<void> {
  const [host] = t.sessions as [Session];
  const leaver = t.sessions.at(-1)!;
  for (const s of t.sessions.slice(0, -1)) {
    for (const l of s.snapshot.table?.local ?? []) {
      if (l.bot === null) s.setAutoplay(l.seat, 'easy');
    }
  }
  await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 6);
  leaver.close();
  leaver.transport.close();
  await until('the last seat stalled', () => (host.snapshot.stall?.seats.length ?? 0) > 0, 20_000);
  must(host.resolveStall('end'));
  await until('ended for the people', () =>
    t.sessions.slice(0, -1).every((s) => s.snapshot.ended !== null),
  );
}

describe('a watcher whose link was down when the host ended the game', () => {
  it('is told the end by the host once it is back', async () => {
    const { t, watcher, link } = await watched(341);
    link.set(true);
    await hostEnds(t);
    expect(watcher.snapshot.ended).toBeNull();
    link.set(false);
    await until('ended there too', () => watcher.snapshot.ended !== null);
    expect(watcher.snapshot.ended?.reason).toBe(t.sessions[0]!.snapshot.ended?.reason);
    expect(watcher.snapshot.desync).toBeNull();
    // Told once: a browser whose beat says it has the end is not told again.
    const told = link.ends;
    await pause(500);
    expect(link.ends).toBe(told);
    const ends = watcher.snapshot.events.filter((e) => e.detail === watcher.snapshot.ended?.reason);
    expect(ends).toHaveLength(1);
  });

  it('and over the rematch: the old host tells the end, the new one the begin', async () => {
    const { t, watcher, link } = await watched(351, 3);
    const [first, second] = t.sessions as [Session, Session];
    const old = watcher.segments()[0]!.game;
    link.set(true);
    await hostEnds(t);
    must(first.proposeRematch());
    await until('offered without the one who left', () => {
      const r = second.snapshot.rematch;
      return !!r && r.seats.length === 2;
    });
    const game = second.snapshot.rematch!.game;
    must(second.acceptRematch(game));
    await until('the rematch begins', () =>
      [first, second].every((s) => s.segments()[0]?.game === game),
    );
    // Hosting moved left with the seats: the old host no longer hosts.
    await until('hosting moved', () => second.snapshot.host === 'p1');
    expect(watcher.segments()[0]?.game).toBe(old);
    link.set(false);
    await until('the watcher follows the rematch', () => watcher.segments()[0]?.game === game);
    expect(watcher.snapshot.host).toBe('p1');
    expect(watcher.snapshot.desync).toBeNull();
    expect(watcher.snapshot.ended).toBeNull();
    await until('the rematch plays on there too', () => (watcher.snapshot.table?.seq ?? 0) > 3);
    const log = watcher.ledger!.log;
    expect(log).toEqual(second.ledger!.log.slice(0, log.length));
  });

  it('an end from a browser that is not the game’s host: refused, the game plays on', async () => {
    const { t, watcher } = await watched(361);
    const game = watcher.segments()[0]!.game;
    const mallory = await Adversary.join(t.network, `${t.room}-mal`);
    await mallory.link(watcher.transport.id);
    mallory.hello(t.room, 'mal', 'Mallory', watcher.transport.id);
    await until('the watcher knows it', () =>
      watcher.snapshot.members.some((m) => m.member === 'mal'),
    );
    mallory.send({ t: 'end', game, reason: 'forged' }, watcher.transport.id);
    await until('refused', () =>
      watcher.snapshot.events.some((e) => e.code === 'NOT_HOST' && e.detail.includes('mal')),
    );
    expect(watcher.snapshot.ended).toBeNull();
    mallory.close();
  });
});

describe('what bringing a browser on may cost and change', () => {
  it('beats naming the finished game, many a beat: the host answers at most once a beat, within the want budget', async () => {
    const { t } = await watched(311);
    const old = t.sessions[0]!.segments()[0]!.game;
    await playAndRematch(t);
    const [, second] = t.sessions as [Session, Session];
    const mallory = await Adversary.join(t.network, `${t.room}-mal`, [second.transport.id]);
    mallory.hello(t.room, 'mal', 'Mallory');
    await until('the host knows it', () => second.snapshot.members.some((m) => m.member === 'mal'));
    const greeted = mallory.messages('begin').length;
    // A beat every 2 ms for a second (20 beat periods), each at 0: the whole log each time.
    mallory.beat(2, old);
    await pause(1000);
    mallory.stopBeats();
    const answers = mallory.messages('entries').filter((m) => m.game === old && m.from === 0);
    // The whole log is a long answer: one in five seconds from a member's budget.
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.length).toBeLessThanOrEqual(2);
    // Not at the end: no begin besides the greeting's.
    expect(mallory.messages('begin')).toHaveLength(greeted);
    expect(second.snapshot.desync).toBeNull();
    mallory.close();
  });

  it('a rematch’s begin relayed by a browser not seated in it: refused as NOT_HOST', async () => {
    const { t, watcher, link } = await watched(321);
    link.set(true);
    const game = await playAndRematch(t);
    const [, second] = t.sessions as [Session, Session];
    const rematch = second.segments()[0]!;
    // Awake, and a stranger's begin arrives first.
    const mallory = await Adversary.join(t.network, `${t.room}-mal`);
    link.set(false);
    await mallory.link(watcher.transport.id);
    mallory.hello(t.room, 'mal', 'Mallory', watcher.transport.id);
    await until('the watcher knows it', () =>
      watcher.snapshot.members.some((m) => m.member === 'mal'),
    );
    mallory.send(
      { t: 'begin', setup: setupJson(rematch.setup), agreements: rematch.agreements },
      watcher.transport.id,
    );
    await until('refused', () =>
      watcher.snapshot.events.some((e) => e.code === 'NOT_HOST' && e.detail.includes('mal')),
    );
    // The host still brings it on.
    await until('the watcher follows the rematch', () => watcher.segments()[0]?.game === game);
    mallory.close();
  });
});
