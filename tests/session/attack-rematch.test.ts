// Issue 21's standard applied to issue 23's online rematch, as the attacks of a
// hostile host (or a former host) at game over: an old game begun again after a
// reload (its deal would be the one every peer saw audited), a finished game
// reopened as a "change of seats" once a player left or after the host ended it,
// and a rematch begun that this browser's person never accepted. Each is refused
// with a code naming the sender, and the finished game (or the rematch) stays as it is.
import { describe, expect, it } from 'vitest';
import { fromStored, joinTable, toStored, type Session, type TableSetup } from '$lib/session';
import { MAX_SIGNED } from '$lib/session/lobby/agreeing';
import { rematchNonce } from '$lib/session/lobby/rematch';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import { gameId, setupJson, signAgreement } from '$lib/session/setup';
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

async function gameOver(sessions: readonly Session[]): Promise<void> {
  await until('game over', () => sessions.every((s) => s.snapshot.table?.gameOver === true));
}

function autoplay(sessions: readonly Session[]): void {
  for (const s of sessions) {
    for (const l of s.snapshot.table?.local ?? []) {
      if (l.bot === null) s.setAutoplay(l.seat, 'easy');
    }
  }
}

/** A table of `people` played to its end, the host signing with keys the test holds. */
async function over(seed: number, people: number): Promise<{ t: Table; hostKeys: AdversaryKeys }> {
  const hostKeys = adversaryKeys(seed);
  const t = await openTable({
    variant: 'mexican-train',
    people,
    options: OPTIONS,
    seed,
    hostPerson: { signing: hostKeys.signing, secret: seededRandom(seed)(32) },
  });
  await startAutoplay(t);
  await gameOver(t.sessions);
  return { t, hostKeys };
}

/**
 * The finished game continued as a "change of seats" from its last round's deal:
 * seat `gone` to a bot the host runs (what a stall would make due mid-game).
 */
function reopen(host: Session, gone: number): TableSetup {
  const seg = host.segments().at(-1)!;
  const rec = host.ledger!.any.record;
  const bot = adversaryKeys(120 + gone);
  return {
    ...seg.setup,
    seats: seg.setup.seats.map((s, i) =>
      i === gone ? { name: s.name, key: bot.publicKey, bot: 'medium', member: 'p0' } : s,
    ),
    nonce: 'AAAAAAAAAAAAAAAAAAAAAA',
    start: { round: rec.round, view: rec.preDeal, after: seg.game },
  };
}

describe('a finished game reopened by its host (a change of seats at game over)', () => {
  // Relies on the game-over check in Agreeing.changeRefusal (lobby/agreeing.ts):
  // without it the guest signs and the last round is dealt and played again.
  it('once a player has left: no guest signs, the game stays over, the host is named', async () => {
    const { t, hostKeys } = await over(91, 3);
    const [host, stays, leaves] = t.sessions as [Session, Session, Session];
    const finalHash = stays.snapshot.table?.hash;
    leaves.close();
    leaves.transport.close();
    await until('the leaver is away', () => !stays.snapshot.seats[2]!.present, 20_000);
    const mallory = Adversary.inside(host.transport, hostKeys);
    const setup = reopen(host, 2);
    const game = gameId(setup);
    mallory.send({ t: 'propose', setup: setupJson(setup) });
    await pause(400);
    expect(mallory.messages('agree').filter((a) => a.game === game)).toHaveLength(0);
    expect(named(stays, 'NOT_DUE', 'p0')).toBe(true);
    // Begun with the host's and the bot's own signatures, it is refused too.
    const agreements = [0, 2].map((seat) =>
      signAgreement(setup, seat, seat === 0 ? hostKeys.signing : adversaryKeys(122).signing),
    );
    mallory.send({ t: 'begin', setup: setupJson(setup), agreements });
    await pause(400);
    expect(stays.segments().map((s) => s.game)).not.toContain(game);
    expect(stays.snapshot.table?.gameOver).toBe(true);
    expect(stays.segments()).toHaveLength(1);
    expect(stays.snapshot.table?.hash).toBe(finalHash);
    mallory.close(false);
  });

  // Relies on the same check: a game the host ended stays ended.
  it('after the host ended it: no guest signs, the end stands', async () => {
    const hostKeys = adversaryKeys(92);
    const t = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: OPTIONS,
      seed: 92,
      timing: { ...FAST, stallMs: 1500 },
      hostPerson: { signing: hostKeys.signing, secret: seededRandom(92)(32) },
    });
    await startAutoplay(t);
    const [host, stays, leaves] = t.sessions as [Session, Session, Session];
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 12);
    leaves.close();
    leaves.transport.close();
    await until('seat 2 stalled', () => host.snapshot.stall?.seats.includes(2) === true, 20_000);
    must(host.resolveStall('end'));
    await until('ended here too', () => stays.snapshot.ended !== null);
    // Only a new round's start would do: the host waits for one in vain, so it forges it from its
    // own ledger at the point the game was ended (a redeal of the round being played).
    const mallory = Adversary.inside(host.transport, hostKeys);
    const setup = reopen(host, 2);
    mallory.send({ t: 'propose', setup: setupJson(setup) });
    await pause(400);
    expect(mallory.messages('agree').filter((a) => a.game === gameId(setup))).toHaveLength(0);
    expect(named(stays, 'NOT_DUE', 'over')).toBe(true);
    expect(stays.snapshot.ended).not.toBeNull();
    expect(stays.segments()).toHaveLength(1);
    mallory.close(false);
  });
});

describe('an old game begun again as a rematch', () => {
  // Relies on the rematch's nonce naming the game it follows (rematchRefusal in
  // lobby/rematch.ts): without it, a browser that reloaded takes the first game's
  // begin again at the rematch's end (its own old signature passes for an accept),
  // and deals that game anew from the secrets everyone saw in its audit.
  it('after a reload, the first game’s begin is refused at the rematch’s end', async () => {
    const { t } = await over(93, 2);
    const [p0, p1] = t.sessions as [Session, Session];
    const first = p0.segments()[0]!;
    const offered = must(p0.proposeRematch());
    await until('the offer', () => p1.snapshot.rematch?.game === offered);
    must(p1.acceptRematch(offerOf(p1)));
    await until('the rematch begins', () =>
      t.sessions.every((s) => s.segments()[0]?.game === offered),
    );
    // p0 reloads during the rematch (which p1, now its first seat, hosts).
    const stored = toStored(p0, Date.now())!;
    p0.close();
    const back = fromStored(stored, {
      transport: transport(t.network, `${t.room}-p0-again`),
      timing: FAST,
      random: seededRandom(94),
    });
    if (!back.ok) throw new Error(back.error.detail);
    const p0again = track(back.value);
    must(await p0again.link(p1.transport.id));
    await until('p1 hosts the rematch', () => p0again.snapshot.host === 'p1');
    autoplay([p0again, p1]);
    await gameOver([p0again, p1]);
    const mallory = Adversary.inside(p1.transport, adversaryKeys(95));
    mallory.send(
      { t: 'begin', setup: setupJson(first.setup), agreements: first.agreements },
      p0again.transport.id,
    );
    await pause(400);
    expect(p0again.segments().map((s) => s.game)).toEqual([offered]);
    expect(p0again.snapshot.table?.gameOver).toBe(true);
    expect(named(p0again, 'WRONG_GAME', 'p1')).toBe(true);
    mallory.close(false);
  });

  // Relies on the begin taken only for a setup this browser signed (Agreeing.onBegin,
  // 'did not sign'); openSegment's check of every seat's signature stands behind it.
  it('a rematch begun before its person accepted: refused, the offer still waits for them', async () => {
    const { t, hostKeys } = await over(96, 2);
    const [host, guest] = t.sessions as [Session, Session];
    // What the host offers, as the guest receives it.
    const spy = Adversary.inside(guest.transport);
    const offered = must(host.proposeRematch());
    await until('the offer', () => guest.snapshot.rematch?.game === offered);
    const text = spy.messages('propose').at(-1)!.setup;
    spy.close(false);
    expect(gameId(JSON.parse(text) as TableSetup)).toBe(offered);
    const mallory = Adversary.inside(host.transport, hostKeys);
    // The guest's own seat signed by another key: not its agreement, however it is dressed.
    const forged = JSON.parse(text) as TableSetup;
    const agreements = forged.seats.map((_, seat) =>
      signAgreement(forged, seat, seat === 0 ? adversaryKeys(97).signing : hostKeys.signing),
    );
    mallory.send({ t: 'begin', setup: text, agreements }, guest.transport.id);
    await pause(400);
    expect(guest.segments()[0]!.game).not.toBe(offered);
    expect(named(guest, 'BAD_AGREEMENT', 'begin from p0: a setup this browser did not sign')).toBe(
      true,
    );
    expect(guest.snapshot.rematch?.acceptedHere).toBe(false);
    mallory.close(false);
  });
});

describe('a former host, once a rematch moved hosting to the next seat', () => {
  // Relies on the host being the first present seat of the current game (presence
  // ranks the rematch's seats) and on #senderRefusal ('end', 'propose'); the
  // reaction on Reactions.refusal's game check.
  it('its end, its rematch offer and a reaction for the finished game are refused', async () => {
    const { t, hostKeys } = await over(97, 3);
    const [p0, p1, p2] = t.sessions as [Session, Session, Session];
    const first = p0.segments()[0]!.game;
    const offered = must(p0.proposeRematch());
    await until('the offer', () => [p1, p2].every((s) => s.snapshot.rematch?.game === offered));
    for (const s of [p1, p2]) must(s.acceptRematch(offerOf(s)));
    await until('the rematch begins', () =>
      t.sessions.every((s) => s.segments()[0]?.game === offered),
    );
    await until('p1 hosts', () => t.sessions.every((s) => s.snapshot.host === 'p1'));
    const mallory = Adversary.inside(p0.transport, hostKeys);
    mallory.send({ t: 'end', game: offered, reason: 'the former host says so' }, p2.transport.id);
    mallory.send({ t: 'react', game: first, reaction: 'laugh' }, p2.transport.id);
    await pause(300);
    expect(named(p2, 'NOT_HOST', 'end from p0')).toBe(true);
    expect(named(p2, 'WRONG_GAME', 'reaction from p0')).toBe(true);
    expect(p2.snapshot.ended).toBeNull();
    autoplay(t.sessions);
    await gameOver(t.sessions);
    const seats = p2.segments()[0]!.setup.seats;
    const setup: TableSetup = {
      ...p2.segments()[0]!.setup,
      seats: seats.map((_, i) => seats[(i + 1) % seats.length]!),
      nonce: rematchNonce(offered, seededRandom(98)(8)),
      start: null,
    };
    mallory.send({ t: 'propose', setup: setupJson(setup) }, p2.transport.id);
    await pause(300);
    expect(named(p2, 'NOT_HOST', 'change of seats from p0')).toBe(true);
    expect(p2.snapshot.rematch).toBeUndefined();
    mallory.close(false);
  });
});

describe('what a host’s proposals may cost a guest', () => {
  // Relies on the bound on the setups a browser remembers signing (MAX_SIGNED,
  // lobby/agreeing.ts): without it each of a host's due changes of seats, however
  // many, stays in memory for the life of the table.
  it('the setups a guest signed are remembered only as far as MAX_SIGNED', async () => {
    const hostKeys = adversaryKeys(99);
    const t = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: OPTIONS,
      seed: 99,
      hostPerson: { signing: hostKeys.signing, secret: seededRandom(99)(32) },
    });
    await startAutoplay(t);
    const [host, stays, leaves] = t.sessions as [Session, Session, Session];
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 12);
    leaves.close();
    leaves.transport.close();
    await until('the leaver is away', () => !stays.snapshot.seats[2]!.present, 20_000);
    const mallory = Adversary.inside(host.transport, hostKeys);
    // Due each time (seat 2's browser is gone), each with a nonce of its own.
    const setups = Array.from({ length: MAX_SIGNED + 1 }, (_, i) => ({
      ...reopen(host, 2),
      nonce: toBase64url(seededRandom(1000 + i)(16)),
    }));
    const agreed = (game: string) =>
      mallory.messages('agree').filter((a) => a.game === game).length;
    for (const setup of setups)
      mallory.send({ t: 'propose', setup: setupJson(setup) }, stays.transport.id);
    await until('each signed', () => setups.every((x) => agreed(gameId(x)) === 1));
    // The first is no longer remembered: sent again, it is judged (and signed) afresh.
    mallory.send({ t: 'propose', setup: setupJson(setups[0]!) }, stays.transport.id);
    await until('signed again', () => agreed(gameId(setups[0]!)) === 2);
    mallory.close(false);
  });
});

describe('a rematch begun at a watcher (a browser with no seat in it)', () => {
  // Relies on the rematch check a browser with no seat applies to a begin
  // (rematchRefusal in Agreeing.onBegin): every signature in it is valid, so
  // nothing else stands between the watcher and a table the host made up.
  it('one that seats a stranger in a player’s place, every signature valid: refused, the watcher stays', async () => {
    const { t, hostKeys } = await over(89, 2);
    const [host] = t.sessions as [Session, Session];
    const first = host.segments()[0]!;
    const wes = track(
      must(
        await joinTable({
          transport: transport(t.network, `${t.room}-w`),
          room: t.room,
          member: 'w',
          name: 'Wes',
          timing: FAST,
          random: seededRandom(90),
          contact: host.transport.id,
        }),
      ),
    );
    await until(
      'the watcher follows the finished game',
      () => wes.snapshot.table?.gameOver === true,
    );
    const eve = adversaryKeys(50);
    const seats = first.setup.seats;
    const setup: TableSetup = {
      ...first.setup,
      // The guest's place (it sits first now) taken by Eve, who signs for it.
      seats: [{ ...seats[1]!, name: 'Eve', key: eve.publicKey, member: 'eve' }, seats[0]!],
      nonce: rematchNonce(first.game, seededRandom(91)(8)),
      start: null,
    };
    const agreements = [
      signAgreement(setup, 0, eve.signing),
      signAgreement(setup, 1, hostKeys.signing),
    ];
    const mallory = Adversary.inside(host.transport, hostKeys);
    mallory.send({ t: 'begin', setup: setupJson(setup), agreements }, wes.transport.id);
    await pause(400);
    expect(wes.segments().map((s) => s.game)).toEqual([first.game]);
    expect(named(wes, 'NOT_DUE', 'begin from p0')).toBe(true);
    mallory.close(false);
  });
});
