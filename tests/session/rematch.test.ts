// A rematch (issue 23): at game over the host offers the same table again as a
// new game, the first seat moved one to the left (C-3); each person's browser
// signs only when its person accepts; the finished game stays whole. Attacks: a
// guest offering one, one offered mid-game, one that changes who sits, and a
// flood of offers are each refused with a code and change nothing.
import { describe, expect, it } from 'vitest';
import type { BotLevel } from '$lib/bots';
import type { Session, TableSetup } from '$lib/session';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import { rematchNonce } from '$lib/session/lobby/rematch';
import { gameId, setupJson } from '$lib/session/setup';
import { fromStored, toStored } from '$lib/session/store/persist';
import { keeper } from '$lib/session/store/saving';
import type { TableStore } from '$lib/session/store/store';
import type { FinishedGame, StoreResult } from '$lib/session/store/stored-table';
import { Adversary, adversaryKeys, type AdversaryKeys } from './adversary';
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
  named,
  pause,
} from './harness';

/** The rematch this browser's person is shown (what its Accept button accepts). */
const offerOf = (s: Session): string => s.snapshot.rematch?.game ?? '';

const OPTIONS = { rounds: 1, set: 5, handSize: 4 };

async function table(
  seed: number,
  people = 2,
  over = true,
  bots: readonly BotLevel[] = ['easy'],
): Promise<{ table: Table; hostKeys: AdversaryKeys }> {
  const hostKeys = adversaryKeys(seed);
  const t = await openTable({
    variant: 'mexican-train',
    people,
    bots,
    options: OPTIONS,
    seed,
    hostPerson: { signing: hostKeys.signing, secret: seededRandom(seed)(32) },
  });
  await startAutoplay(t);
  if (over) await gameOver(t.sessions);
  return { table: t, hostKeys };
}

async function gameOver(sessions: readonly Session[]): Promise<void> {
  await until('game over', () => sessions.every((s) => s.snapshot.table?.gameOver === true));
}

/** The finished game offered again as the host would, with edits. */
function offer(host: Session, edit: (s: TableSetup) => Partial<TableSetup> = () => ({})) {
  const setup = host.segments().at(-1)!.setup;
  const seats = setup.seats.map((_, i) => setup.seats[(i + 1) % setup.seats.length]!);
  const base: TableSetup = { ...setup, seats, nonce: 'AAAAAAAAAAAAAAAAAAAAAA', start: null };
  return { ...base, ...edit(base) };
}

/** A store that keeps the history's games in `kept` (the keeper's side of it is what is tested). */
function memoryStore(kept: FinishedGame[]): StoreResult<TableStore> {
  const none = async () => ({ ok: true as const, value: undefined });
  return {
    ok: true,
    value: {
      save: none,
      load: async () => ({ ok: false, error: { code: 'NOT_FOUND', detail: '' } }),
      list: async () => ({ ok: true, value: { tables: [], setAside: [] } }),
      setAside: none,
      remove: none,
      keepGame: async (g) => {
        kept.push(g);
        return { ok: true, value: undefined };
      },
      games: async () => ({ ok: true, value: kept }),
      close: () => {},
    },
  };
}

describe('rematch', () => {
  it('the host offers, the guest accepts: a new game, the seats one to the left, the first kept', async () => {
    const { table: t } = await table(71);
    const [host, guest] = t.sessions as [Session, Session];
    const first = host.segments()[0]!;
    const kept: FinishedGame[] = [];
    const keep = keeper(memoryStore(kept));
    keep.flush(host);
    await until('the first game kept', () => kept.length === 1);
    const offered = must(host.proposeRematch());
    await until('the guest sees the offer', () => guest.snapshot.rematch?.game === offered);
    const seen = guest.snapshot.rematch!;
    // Seat order rotated: the last game's second seat is first now.
    expect(seen.seats.map((s) => s.name)).toEqual([1, 2, 0].map((i) => first.setup.seats[i]!.name));
    expect(seen.seats[0]!.key).toBe(first.setup.seats[1]!.key); // a person keeps their key
    expect(seen.seats[1]!.key).not.toBe(first.setup.seats[2]!.key); // a bot's keys are fresh
    expect(seen.seats[1]!.bot).toBe('easy');
    // The guest's browser does not sign on its own.
    await pause(500);
    expect(guest.snapshot.rematch?.accepted).toEqual([false, true, true]); // the guest is first now
    expect(guest.snapshot.rematch?.acceptedHere).toBe(false);
    expect(guest.segments()[0]!.game).toBe(first.game);
    must(guest.acceptRematch(offerOf(guest)));
    await until('the rematch begins', () =>
      t.sessions.every((s) => s.segments()[0]?.game === offered),
    );
    for (const s of t.sessions) {
      expect(s.segments()).toHaveLength(1);
      expect(s.segments()[0]!.setup.start).toBeNull();
      expect(s.snapshot.rematch).toBeUndefined();
      expect(s.snapshot.table?.gameOver).toBe(false);
      expect(s.snapshot.ended).toBeNull();
    }
    for (const s of t.sessions) {
      for (const l of s.snapshot.table?.local ?? []) {
        if (l.bot === null) s.setAutoplay(l.seat, 'easy');
      }
    }
    await gameOver(t.sessions);
    // The history holds both games of the table, each with its own record; the stored table the rematch.
    keep.flush(host);
    await until('both games kept', () => kept.length === 2);
    expect(kept.map((g) => g.segments.map((x) => x.game))).toEqual([[first.game], [offered]]);
    expect(toStored(host, 1)?.segments.map((x) => x.game)).toEqual([offered]);
    const hash = host.snapshot.table?.hash;
    for (const s of t.sessions) {
      expect(s.snapshot.desync).toBeNull();
      expect(s.snapshot.table?.hash).toBe(hash);
    }
  });

  it('under house rules the host changed: shown in the offer, dealt as offered', async () => {
    const { table: t } = await table(82);
    const [host, guest] = t.sessions as [Session, Session];
    // Options that cannot be dealt are refused, saying why, and nothing is offered.
    const bad = host.proposeRematch({ ...OPTIONS, handSize: 40 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_SETUP' } });
    expect(host.snapshot.rematch).toBeUndefined();
    const offered = must(host.proposeRematch({ ...OPTIONS, rounds: 2 }));
    expect(host.proposeRematch({ ...OPTIONS, rounds: 3 })).toMatchObject({
      ok: false,
      error: { code: 'NOT_NOW' },
    });
    await until('the offer', () => guest.snapshot.rematch?.game === offered);
    expect(guest.snapshot.rematch?.options).toMatchObject({ rounds: 2 });
    // An Accept pressed on an offer the host has replaced since signs nothing.
    expect(guest.acceptRematch('an-offer-replaced-since')).toMatchObject({
      ok: false,
      error: { code: 'NOT_NOW' },
    });
    expect(guest.snapshot.rematch?.acceptedHere).toBe(false);
    must(guest.acceptRematch(offerOf(guest)));
    await until('the rematch begins', () => guest.segments()[0]?.game === offered);
    expect(guest.segments()[0]!.setup.options).toMatchObject({ rounds: 2, set: 5, handSize: 4 });
  });

  it('is refused before the game is over, and to a guest', async () => {
    const { table: t } = await table(72, 2, false);
    const [host, guest] = t.sessions as [Session, Session];
    expect(host.proposeRematch()).toMatchObject({ ok: false, error: { code: 'NOT_NOW' } });
    await gameOver(t.sessions);
    expect(guest.proposeRematch()).toMatchObject({ ok: false, error: { code: 'NOT_HOST' } });
    expect(guest.acceptRematch(offerOf(guest))).toMatchObject({
      ok: false,
      error: { code: 'NOT_NOW' },
    });
  });

  it('a guest’s browser offering one: refused as NOT_HOST, nothing offered', async () => {
    const { table: t } = await table(73);
    const [host, guest] = t.sessions as [Session, Session];
    const mallory = Adversary.inside(guest.transport, adversaryKeys(9));
    mallory.send({ t: 'propose', setup: setupJson(offer(host)) });
    await pause(300);
    expect(named(host, 'NOT_HOST', 'p1')).toBe(true);
    expect(host.snapshot.rematch).toBeUndefined();
    mallory.close(false);
  });

  it('one offered mid-game: refused for now (START_MISMATCH), nobody signs, the game goes on', async () => {
    const { table: t, hostKeys } = await table(74, 2, false);
    const [host, guest] = t.sessions as [Session, Session];
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 12);
    const mallory = Adversary.inside(host.transport, hostKeys);
    const setup = offer(host);
    mallory.send({ t: 'propose', setup: setupJson(setup) });
    await pause(300);
    expect(named(guest, 'START_MISMATCH', 'not over')).toBe(true);
    expect(guest.snapshot.rematch).toBeUndefined();
    expect(mallory.messages('agree').filter((a) => a.game === gameId(setup))).toHaveLength(0);
    mallory.close(false);
    await gameOver(t.sessions);
    expect(guest.segments()).toHaveLength(1);
  });

  it('an offer that comes before the game is over here (a link back up) is held once this browser catches up', async () => {
    // The guest's link loses what the host sends from the host's game over on, so
    // the offer, repeated when the link is back (Lobby.welcome), comes before the
    // last entries of the game the guest then catches up on.
    let lost = false;
    const t = await openTable({
      variant: 'mexican-train',
      people: 2,
      bots: ['easy'],
      options: OPTIONS,
      seed: 78,
      latencyMs: 20,
      wrap: (browser, link) => {
        if (browser !== 1) return link;
        const on = link.onMessage.bind(link);
        link.onMessage = (listener) => on((from, data) => void (lost || listener(from, data)));
        return link;
      },
    });
    const [host, guest] = t.sessions as [Session, Session];
    const stop = host.subscribe((s) => {
      if (s.table?.gameOver) [lost] = [true, stop()];
    });
    await startAutoplay(t);
    await gameOver([host]);
    const offered = must(host.proposeRematch());
    await pause(100);
    expect(guest.snapshot.table?.gameOver).toBe(false);
    t.network.sever(host.transport.id, guest.transport.id);
    lost = false;
    await until('the guest sees the offer', () => guest.snapshot.rematch?.game === offered);
    expect(guest.snapshot.table?.gameOver).toBe(true);
    must(guest.acceptRematch(offered));
    await until('the rematch begins', () =>
      t.sessions.every((s) => s.segments()[0]?.game === offered),
    );
  });

  it('one that changes who sits (or the order, or a bot into a person): refused as NOT_DUE', async () => {
    const { table: t, hostKeys } = await table(75);
    const [host, guest] = t.sessions as [Session, Session];
    const mallory = Adversary.inside(host.transport, hostKeys);
    const cur = host.segments()[0]!.setup.seats;
    const stranger = { name: 'Eve', key: adversaryKeys(44).publicKey, bot: null, member: 'eve' };
    const forged = [
      offer(host, () => ({ seats: cur })), // not moved one to the left
      offer(host, (s) => ({ seats: s.seats.map((x) => (x.bot === null ? x : stranger)) })),
      offer(host, (s) => ({ seats: s.seats.map((x, i) => (i === 2 ? stranger : x)) })),
    ];
    // The turn clock is the table's, not the host's to change in a rematch.
    mallory.send({ t: 'propose', setup: setupJson(offer(host, () => ({ turnClock: 30 }))) });
    for (const f of forged) mallory.send({ t: 'propose', setup: setupJson(f) });
    await pause(300);
    expect(guest.snapshot.events.filter((e) => e.code === 'NOT_DUE')).toHaveLength(3);
    expect(named(guest, 'BAD_SETUP', 'turn clock')).toBe(true);
    expect(guest.snapshot.rematch).toBeUndefined();
    mallory.close(false);
  });

  it('a flood of offers while one is pending: each refused as NOT_NOW, the first stays', async () => {
    const { table: t, hostKeys } = await table(76);
    const [host, guest] = t.sessions as [Session, Session];
    const offered = must(host.proposeRematch());
    await until('the guest sees the offer', () => guest.snapshot.rematch?.game === offered);
    const mallory = Adversary.inside(host.transport, hostKeys);
    const nonces = Array.from({ length: 20 }, (_, i) => toBase64url(seededRandom(i)(16)));
    for (const nonce of nonces) {
      mallory.send({ t: 'propose', setup: setupJson({ ...offer(host), nonce }) });
    }
    await pause(300);
    expect(guest.snapshot.events.filter((e) => e.code === 'NOT_NOW')).toHaveLength(20);
    expect(guest.snapshot.rematch?.game).toBe(offered);
    mallory.close(false);
    must(guest.acceptRematch(offerOf(guest)));
    await until('the offered game begins', () =>
      t.sessions.every((s) => s.segments()[0]?.game === offered),
    );
  });

  it('an offer the host lost (a reload) gives way to a new one once it has waited', async () => {
    const { table: t, hostKeys } = await table(80);
    const [host, guest] = t.sessions as [Session, Session];
    const mallory = Adversary.inside(host.transport, hostKeys);
    const nonce = (seed: number) => rematchNonce(host.segments()[0]!.game, seededRandom(seed)(8));
    const lost = { ...offer(host), nonce: nonce(97) };
    mallory.send({ t: 'propose', setup: setupJson(lost) });
    await until('the first offer', () => guest.snapshot.rematch?.game === gameId(lost));
    await pause(2 * (FAST.awayMs ?? 0) + 100);
    const again = { ...offer(host), nonce: nonce(98) };
    mallory.send({ t: 'propose', setup: setupJson(again) });
    await until('the new offer', () => guest.snapshot.rematch?.game === gameId(again));
    // …and that one is fresh: another at once is refused.
    mallory.send({ t: 'propose', setup: setupJson({ ...again, nonce: lost.nonce }) });
    await pause(300);
    expect(guest.snapshot.rematch?.game).toBe(gameId(again));
    expect(named(guest, 'NOT_NOW', 'already pending')).toBe(true);
    mallory.close(false);
  });

  it('a person who leaves is left out: the others are asked again, then play', async () => {
    const { table: t } = await table(77, 3);
    const [host, stays, leaves] = t.sessions as [Session, Session, Session];
    const offered = must(host.proposeRematch());
    await until('the offer is seen', () => stays.snapshot.rematch?.game === offered);
    must(stays.acceptRematch(offerOf(stays)));
    leaves.close();
    await until('offered again without them', () => {
      const r = stays.snapshot.rematch;
      return r !== undefined && r.game !== offered && r.seats.length === 3;
    });
    const again = stays.snapshot.rematch!;
    expect(again.seats.map((s) => s.member)).not.toContain('p2');
    expect(again.acceptedHere).toBe(false); // a new offer is accepted anew
    must(stays.acceptRematch(offerOf(stays)));
    await until('the rematch begins', () =>
      [host, stays].every((s) => s.segments()[0]?.game === again.game),
    );
  });

  it('a person who reloads after accepting keeps the seat and follows the begin', async () => {
    const { table: t } = await table(84, 3);
    const [host, last, reloads] = t.sessions as [Session, Session, Session];
    const offered = must(host.proposeRematch());
    await until('the offer', () => reloads.snapshot.rematch?.game === offered);
    must(reloads.acceptRematch(offerOf(reloads)));
    await until('the host has the acceptance', () =>
      host.snapshot.rematch!.seats.every(
        (s, i) => s.member !== 'p2' || host.snapshot.rematch!.accepted[i],
      ),
    );
    const stored = toStored(reloads, Date.now())!;
    reloads.close();
    const back = fromStored(stored, {
      transport: transport(t.network, `${t.room}-p2-again`),
      timing: FAST,
      random: seededRandom(85),
    });
    if (!back.ok) throw new Error(back.error.detail);
    track(back.value);
    must(await back.value.link(host.transport.id));
    await until('the offer again', () => back.value.snapshot.rematch?.game === offered);
    must(last.acceptRematch(offerOf(last)));
    await until('the rematch begins everywhere', () =>
      [host, back.value, last].every((s) => s.segments()[0]?.game === offered),
    );
    expect(host.snapshot.rematch).toBeUndefined();
    // Reloaded again in the new game, it takes no begin of the finished one (which it signed too).
    const again = fromStored(toStored(back.value, Date.now())!, {
      transport: transport(t.network, `${t.room}-p2-third`),
      timing: FAST,
      random: seededRandom(86),
    });
    back.value.close();
    if (!again.ok) throw new Error(again.error.detail);
    track(again.value);
    must(await again.value.link(last.transport.id));
    // The new game's host is its first seat's browser (p1): it is the one that could send it.
    await until('p1 hosts the new game', () => again.value.snapshot.host === 'p1');
    const mallory = Adversary.inside(last.transport, adversaryKeys(84));
    const first = stored.segments[0]!;
    mallory.send(
      { t: 'begin', setup: first.setup, agreements: first.agreements },
      again.value.transport.id,
    );
    await pause(300);
    expect(again.value.segments().map((x) => x.game)).toEqual([offered]);
    expect(named(again.value, 'START_MISMATCH', 'not over')).toBe(true);
    mallory.close(false);
  });

  it('the host leaving with its offer: withdrawn, and the next host may offer anew', async () => {
    const { table: t } = await table(83, 3);
    const [host, next, other] = t.sessions as [Session, Session, Session];
    const offered = must(host.proposeRematch());
    await until('the offer', () => other.snapshot.rematch?.game === offered);
    must(other.acceptRematch(offerOf(other)));
    host.close();
    await until('the next host', () => next.snapshot.isHost);
    await until('the offer withdrawn', () =>
      [next, other].every((s) => s.snapshot.rematch === undefined),
    );
    must(next.proposeRematch());
    // Once the old host has been silent for twice the away limit, it is left out.
    await until('the new offer without the old host', () => {
      const r = other.snapshot.rematch;
      return !!r && r.from === 'p1' && !r.seats.some((s) => s.member === 'p0');
    });
    const again = other.snapshot.rematch!.game;
    must(other.acceptRematch(offerOf(other)));
    await until('the rematch begins', () =>
      [next, other].every((s) => s.segments()[0]?.game === again),
    );
  });

  it('a game the host ended (a player gone): the others may play a rematch without them', async () => {
    const t = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: OPTIONS,
      seed: 87,
      timing: { ...FAST, stallMs: 1500 },
    });
    await startAutoplay(t);
    const [host, stays, leaver] = t.sessions as [Session, Session, Session];
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 12);
    leaver.close();
    leaver.transport.close();
    await until('seat 2 stalled', () => host.snapshot.stall?.seats.includes(2) === true, 20_000);
    must(host.resolveStall('end'));
    await until('ended here too', () => stays.snapshot.ended !== null);
    must(host.proposeRematch());
    await until('offered without the one who left', () => {
      const r = stays.snapshot.rematch;
      return !!r && r.seats.length === 2;
    });
    const offered = stays.snapshot.rematch!.game;
    must(stays.acceptRematch(offerOf(stays)));
    await until('the rematch begins', () =>
      [host, stays].every((s) => s.segments()[0]?.game === offered && s.snapshot.ended === null),
    );
    expect(stays.snapshot.phase).toBe('playing');
  });

  it('a table that can no longer be dealt: refused, saying why, never left hanging', async () => {
    const { table: t } = await table(78, 2, true, []);
    const [host, guest] = t.sessions as [Session, Session];
    const offered = must(host.proposeRematch());
    await until('the offer is seen', () => guest.snapshot.rematch?.game === offered);
    guest.close();
    // The host alone cannot play Mexican Train: the offer is withdrawn and says so.
    await until('the offer is withdrawn', () => host.snapshot.rematch === undefined);
    expect(named(host, 'BAD_SETUP', 'players')).toBe(true);
    expect(host.proposeRematch()).toMatchObject({
      ok: false,
      error: { code: 'BAD_SETUP', detail: expect.stringContaining('2…8 players') },
    });
  });
});
