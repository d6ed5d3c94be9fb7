// Issue 30, findings 1–3, as the attacks of a hostile host: a signature is a record
// of consent to one setup, for one purpose, at one moment — never a pass. A lobby
// signature is only for a first game (start: null) that matches the draft shown; a
// change of seats only while due and from this browser's own ledger, checked again
// at `begin`; a rematch only on the person's Accept. And what play takes, the
// store keeps: a setup's size and its start's fields are checked once, for both.
import { describe, expect, it } from 'vitest';
import { defaultOptions, variantOf } from '$lib/engine';
import { recordOf, verifyRecord } from '$lib/record';
import { fromStored, toStored, type Session, type TableSetup } from '$lib/session';
import { rematchNonce, rotated } from '$lib/session/lobby/rematch';
import { parseStoredTable } from '$lib/session/store/stored-table';
import { gameId, type SeatSetup, setupJson, signAgreement } from '$lib/session/setup';
import { Adversary, adversaryKeys, type AdversaryKeys } from './adversary';
import {
  FAST,
  must,
  named,
  openTable,
  pause,
  seededRandom,
  track,
  transport,
  type Table,
  until,
} from './harness';

const OPTIONS = { rounds: 1, set: 5, handSize: 4 };
const sleep = pause;
const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA';

/** A lobby of `people` whose host signs with keys the test also holds. */
async function lobby(
  seed: number,
  people: number,
  options: Record<string, number> = OPTIONS,
): Promise<{ t: Table; hostKeys: AdversaryKeys; mallory: Adversary }> {
  const hostKeys = adversaryKeys(seed);
  const t = await openTable({
    variant: 'mexican-train',
    people,
    options,
    seed,
    hostPerson: { signing: hostKeys.signing, secret: seededRandom(seed)(32) },
  });
  const host = t.sessions[0]!;
  // The host's own link, speaking for the host (signing with its person's key).
  return { t, hostKeys, mallory: Adversary.inside(host.transport, hostKeys) };
}

/** The lobby's setup as the host would propose it, under `nonce` and `start`. */
function drafted(host: Session, nonce: string, start: TableSetup['start']): TableSetup {
  const snap = host.snapshot;
  const seats: SeatSetup[] = snap.seats.map(({ name, key, bot, member }) => ({
    name,
    key,
    bot,
    member,
  }));
  return { room: host.room, variant: snap.variant, options: snap.options, seats, nonce, start };
}

/** The first round's pre-deal view of `setup` (what a table under it starts from). */
function firstView(setup: TableSetup) {
  const v = variantOf(setup.variant);
  const n = setup.seats.length;
  return v.newGame(n, defaultOptions(v, n, setup.options));
}

/** The agreements `mallory` received for `game`, with the host's (and any bot's) own added. */
function agreementsFor(
  mallory: Adversary,
  setup: TableSetup,
  own: readonly { seat: number; signing: Uint8Array }[],
) {
  const game = gameId(setup);
  const got = new Map(
    mallory
      .messages('agree')
      .filter((a) => a.game === game)
      .map((a) => [a.agreement.seat, a.agreement] as const),
  );
  for (const o of own) got.set(o.seat, signAgreement(setup, o.seat, o.signing));
  return [...got.values()].sort((a, b) => a.seat - b.seat);
}

/** Agreements `mallory` received for `setup` from these seats. */
function signedBy(mallory: Adversary, setup: TableSetup, seats: readonly number[]): number {
  const game = gameId(setup);
  return mallory
    .messages('agree')
    .filter((a) => a.game === game && seats.includes(a.agreement.seat)).length;
}

function autoplay(sessions: readonly Session[]): void {
  for (const s of sessions) {
    for (const l of s.snapshot.table?.local ?? []) {
      if (l.bot === null) s.setAutoplay(l.seat, 'easy');
    }
  }
}

describe('finding 1: a lobby signature is no pass', () => {
  it('1a: a first game with a made-up start (scores [0,200]) is not signed, nor begun, nor fair', async () => {
    const { t, hostKeys, mallory } = await lobby(301, 2);
    const [host, guest] = t.sessions as [Session, Session];
    const base = drafted(host, NONCE, null);
    const view = { ...firstView(base), round: 2, scores: [0, 200] };
    const setup: TableSetup = { ...base, start: { round: 2, view, after: 'made-up' } };
    mallory.send({ t: 'propose', setup: setupJson(setup) });
    await sleep(300);
    expect(signedBy(mallory, setup, [1])).toBe(0);
    const agreements = agreementsFor(mallory, setup, [{ seat: 0, signing: hostKeys.signing }]);
    mallory.send({ t: 'begin', setup: setupJson(setup), agreements });
    await sleep(300);
    expect(guest.segments()).toHaveLength(0);
    expect(named(guest, 'BAD_SETUP', 'p0')).toBe(true);
    // Were such a game signed by every seat (here the host and a bot it runs), its record is not fair.
    const bot = adversaryKeys(131);
    const seats: SeatSetup[] = [
      setup.seats[0]!,
      { name: 'Bot', key: bot.publicKey, bot: 'easy', member: 'p0' },
    ];
    const both: TableSetup = { ...setup, seats };
    const all = [signAgreement(both, 0, hostKeys.signing), signAgreement(both, 1, bot.signing)];
    const record = recordOf(
      [{ setup: setupJson(both), game: gameId(both), agreements: all, log: [] }],
      host.room,
    );
    const verdict = verifyRecord(record);
    expect(verdict.fair).toBe(false);
    expect(verdict.refused?.code).toBe('STARTS_MIDWAY');
    mallory.close(false);
  });

  it('1a: a first game other than the draft shown (a seat renamed, other house rules): not signed', async () => {
    const { t, mallory } = await lobby(307, 2);
    const [host, guest] = t.sessions as [Session, Session];
    const base = drafted(host, NONCE, null);
    const renamed: TableSetup = {
      ...base,
      seats: base.seats.map((s, i) => (i === 1 ? { ...s, name: 'Loser' } : s)),
    };
    const rules: TableSetup = { ...base, options: { ...base.options, handSize: 5 } };
    for (const setup of [renamed, rules]) mallory.send({ t: 'propose', setup: setupJson(setup) });
    await sleep(300);
    expect(signedBy(mallory, renamed, [1]) + signedBy(mallory, rules, [1])).toBe(0);
    expect(named(guest, 'BAD_SETUP', 'not the setup drawn up in the lobby')).toBe(true);
    // The draft itself is signed.
    mallory.send({ t: 'propose', setup: setupJson(base) });
    await until('the draft signed', () => signedBy(mallory, base, [1]) === 1);
    mallory.close(false);
  });

  it('two first games proposed, both as drawn up: only the one signed last is begun here', async () => {
    const { t, hostKeys, mallory } = await lobby(308, 2);
    const [host, guest] = t.sessions as [Session, Session];
    const one = drafted(host, NONCE, null);
    const two = drafted(host, 'BAAAAAAAAAAAAAAAAAAAAA', null);
    for (const setup of [one, two]) mallory.send({ t: 'propose', setup: setupJson(setup) });
    await until(
      'both signed',
      () => signedBy(mallory, one, [1]) + signedBy(mallory, two, [1]) === 2,
    );
    // The host begins the first one here (and the other elsewhere: the table would split).
    const agreements = agreementsFor(mallory, one, [{ seat: 0, signing: hostKeys.signing }]);
    mallory.send({ t: 'begin', setup: setupJson(one), agreements });
    await sleep(300);
    expect(guest.segments()).toHaveLength(0);
    expect(named(guest, 'BAD_AGREEMENT', 'begin from p0')).toBe(true);
    mallory.close(false);
  });

  it('1b: the rematch of the coming game, signed in the lobby, is not begun at game over', async () => {
    const { t, hostKeys, mallory } = await lobby(302, 2);
    const [host, guest] = t.sessions as [Session, Session];
    const first = must(host.start());
    // Right behind the host's own proposal, before the game is on: the rematch of it.
    const seg0 = drafted(host, NONCE, null);
    const rematch: TableSetup = {
      ...seg0,
      seats: rotated(seg0.seats),
      nonce: rematchNonce(first, new Uint8Array(8).fill(3)),
    };
    mallory.send({ t: 'propose', setup: setupJson(rematch) });
    await until('playing', () => t.sessions.every((s) => s.snapshot.table !== null));
    expect(guest.segments()[0]!.game).toBe(first);
    autoplay(t.sessions);
    await until('game over', () => t.sessions.every((s) => s.snapshot.table?.gameOver === true));
    const agreements = agreementsFor(mallory, rematch, [{ seat: 1, signing: hostKeys.signing }]);
    mallory.send({ t: 'begin', setup: setupJson(rematch), agreements }, guest.transport.id);
    await sleep(400);
    // No rematch was offered or accepted: the guest stays on the finished game.
    expect(guest.segments().map((s) => s.game)).toEqual([first]);
    expect(guest.snapshot.table?.gameOver).toBe(true);
    mallory.close(false);
  });

  it('1c: a change of seats from round 1’s deal, signed in the lobby, is not begun mid-round', async () => {
    const { t, mallory } = await lobby(303, 2, { rounds: 2, set: 6, handSize: 6 });
    const [host, guest] = t.sessions as [Session, Session];
    const first = must(host.start());
    const base = drafted(host, NONCE, null);
    const bot = adversaryKeys(133);
    const change: TableSetup = {
      ...base,
      seats: base.seats.map((s, i) =>
        i === 0 ? { name: 'Bot', key: bot.publicKey, bot: 'medium', member: 'p0' } : s,
      ),
      start: { round: 1, view: firstView(base), after: first },
    };
    mallory.send({ t: 'propose', setup: setupJson(change) });
    await until('playing', () => t.sessions.every((s) => s.snapshot.table !== null));
    autoplay(t.sessions);
    await until('mid-round', () => (guest.snapshot.table?.seq ?? 0) > 12);
    // The attack is the real one: the start is round 1's own pre-deal view.
    expect(guest.ledger!.any.record.preDeal).toEqual(change.start!.view);
    const agreements = agreementsFor(mallory, change, [{ seat: 0, signing: bot.signing }]);
    mallory.send({ t: 'begin', setup: setupJson(change), agreements }, guest.transport.id);
    await sleep(400);
    expect(guest.segments().map((s) => s.game)).toEqual([first]);
    mallory.close(false);
  });
});

describe('finding 2: a change of seats signed while due is not begun later', () => {
  it('signed while a seat was briefly away, begun a round later: refused, play goes on', async () => {
    const { t, hostKeys, mallory } = await lobby(304, 3, { rounds: 3, set: 6, handSize: 4 });
    const [host, guest, away] = t.sessions as [Session, Session, Session];
    must(host.start());
    await until('playing', () => t.sessions.every((s) => s.snapshot.table !== null));
    autoplay(t.sessions);
    await until('mid-round', () => (guest.snapshot.table?.seq ?? 0) > 12);
    // Seat 2's browser goes briefly away (a reload): the change of seats is due at the guest.
    const stored = toStored(away, Date.now())!;
    away.close();
    away.transport.close();
    await until('seat 2 away', () => !guest.snapshot.seats[2]!.present, 20_000);
    const seg = host.segments().at(-1)!;
    const rec = guest.ledger!.any.record;
    const bot = adversaryKeys(144);
    const change: TableSetup = {
      ...seg.setup,
      seats: seg.setup.seats.map((s, i) =>
        i === 2 ? { name: 'Bot', key: bot.publicKey, bot: 'medium', member: 'p0' } : s,
      ),
      nonce: NONCE,
      start: { round: rec.round, view: rec.preDeal, after: seg.game },
    };
    mallory.send({ t: 'propose', setup: setupJson(change) }, guest.transport.id);
    await until('the guest signs it (it is due)', () => signedBy(mallory, change, [1]) > 0);
    // Seat 2 comes back; play goes on into the next round.
    const back = fromStored(stored, {
      transport: transport(t.network, `${t.room}-p2-again`),
      timing: FAST,
      random: seededRandom(305),
    });
    if (!back.ok) throw new Error(back.error.detail);
    track(back.value);
    must(await back.value.link(host.transport.id));
    await until('round 2 at the guest', () => (guest.snapshot.table?.round ?? 0) >= 2, 60_000);
    const agreements = agreementsFor(mallory, change, [
      { seat: 0, signing: hostKeys.signing },
      { seat: 2, signing: bot.signing },
    ]);
    mallory.send({ t: 'begin', setup: setupJson(change), agreements }, guest.transport.id);
    await sleep(400);
    expect(guest.segments()).toHaveLength(1);
    expect(guest.snapshot.table?.round ?? 0).toBeGreaterThanOrEqual(2);
    expect(named(guest, 'START_MISMATCH', 'p0')).toBe(true);
    mallory.close(false);
  });
});

describe('finding 3: what play takes, the store keeps', () => {
  it('a begin whose start view carries 200 KB of junk: a watcher does not take it, and what it takes is saved', async () => {
    const { t, hostKeys, mallory } = await lobby(306, 3);
    const [host, , watcher] = t.sessions as [Session, Session, Session];
    must(host.removeSeat(2));
    await until('a watcher', () => watcher.snapshot.seats.length === 2);
    // A setup whose seats the host holds every key of (itself and a bot), so it signs them all.
    const bot = adversaryKeys(166);
    const base = drafted(host, NONCE, null);
    const seats: SeatSetup[] = [
      base.seats[0]!,
      { name: 'Bot', key: bot.publicKey, bot: 'easy', member: 'p0' },
    ];
    const view = { ...firstView({ ...base, seats }), junk: 'x'.repeat(200_000) };
    const setup: TableSetup = { ...base, seats, start: { round: 1, view, after: 'made-up' } };
    const agreements = [
      signAgreement(setup, 0, hostKeys.signing),
      signAgreement(setup, 1, bot.signing),
    ];
    mallory.send({ t: 'begin', setup: setupJson(setup), agreements }, watcher.transport.id);
    await sleep(400);
    expect(watcher.segments()).toHaveLength(0);
    // Whatever a browser plays under, it can save.
    const stored = toStored(watcher, Date.now());
    if (stored) expect(parseStoredTable(JSON.parse(JSON.stringify(stored))).ok).toBe(true);
    mallory.close(false);
  });
});
