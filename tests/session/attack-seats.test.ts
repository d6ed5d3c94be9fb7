// Hole 1 of issue 21, as the attack: a forged change of seats. Only the host may
// propose one, only when one is due (a stall resolved, a seat handed back, a TT-9
// newcomer), and only with a start that equals each browser's own ledger; `begin`
// is taken only from the host, for a setup this browser agreed to. The honest game
// goes on unchanged (it finishes, one state hash everywhere) and the attacker is named.
import { describe, expect, it } from 'vitest';
import type { Session, TableSetup } from '$lib/session';
import { gameId, setupJson, signAgreement } from '$lib/session/setup';
import { Adversary, adversaryKeys, type AdversaryKeys } from './adversary';
import { openTable, seededRandom, startAutoplay, until, type Table, named, pause } from './harness';

const OPTIONS = { rounds: 1, set: 5, handSize: 4 };

/** A table whose host signs with keys the test also holds (to speak for the host). */
async function table(seed: number): Promise<{ table: Table; hostKeys: AdversaryKeys }> {
  const hostKeys = adversaryKeys(seed);
  const t = await openTable({
    variant: 'mexican-train',
    people: 3,
    options: OPTIONS,
    seed,
    hostPerson: { signing: hostKeys.signing, secret: seededRandom(seed)(32) },
  });
  await startAutoplay(t);
  const [host] = t.sessions as [Session];
  await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 12);
  return { table: t, hostKeys };
}

/** The current setup continued under `seats`, from `view` (the ledger's own by default). */
function change(host: Session, edit: (s: TableSetup) => Partial<TableSetup> = () => ({})) {
  const seg = host.segments().at(-1)!;
  const rec = host.ledger!.any.record;
  const base: TableSetup = {
    ...seg.setup,
    nonce: 'AAAAAAAAAAAAAAAAAAAAAA',
    start: { round: rec.round, view: rec.preDeal, after: seg.game },
  };
  return { ...base, ...edit(base) };
}

/** Proposes `setup`, then begins it with every agreement it got plus its own signatures. */
async function forge(
  adversary: Adversary,
  setup: TableSetup,
  own: readonly { seat: number; signing: Uint8Array }[],
): Promise<string> {
  const text = setupJson(setup);
  const game = gameId(setup);
  adversary.send({ t: 'propose', setup: text });
  await pause(500);
  const agreements = new Map(
    adversary
      .messages('agree')
      .filter((a) => a.game === game)
      .map((a) => [a.agreement.seat, a.agreement] as const),
  );
  for (const o of own) agreements.set(o.seat, signAgreement(setup, o.seat, o.signing));
  const list = [...agreements.values()].sort((a, b) => a.seat - b.seat);
  adversary.send({ t: 'begin', setup: text, agreements: list });
  await pause(300);
  return game;
}

/** The honest game went on: no forged segment, the game finishes with one hash everywhere. */
async function unchanged(sessions: readonly Session[], forged: string): Promise<void> {
  for (const s of sessions) {
    expect(s.segments().map((g) => g.game)).not.toContain(forged);
    expect(s.segments()).toHaveLength(1);
  }
  await until('game over', () => sessions.every((s) => s.snapshot.table?.gameOver === true));
  const hash = sessions[0]!.snapshot.table?.hash;
  for (const s of sessions) {
    expect(s.snapshot.desync).toBeNull();
    expect(s.snapshot.table?.hash).toBe(hash);
  }
}

describe('a forged change of seats (issue 21, hole 1)', () => {
  it('the host forging the start view’s scores: no guest signs, the host is named', async () => {
    const { table: t, hostKeys } = await table(61);
    const [host, a, b] = t.sessions as [Session, Session, Session];
    const mallory = Adversary.inside(host.transport, hostKeys);
    const setup = change(host, (s) => ({
      start: { ...s.start!, view: { ...s.start!.view, scores: [0, 500, 500] } },
    }));
    const forged = await forge(mallory, setup, [{ seat: 0, signing: hostKeys.signing }]);
    expect(mallory.messages('agree').filter((x) => x.game === forged)).toHaveLength(0);
    for (const g of [a, b]) expect(named(g, 'START_MISMATCH', 'p0')).toBe(true);
    mallory.close(false);
    await unchanged([host, a, b], forged);
  });

  it('the host redealing the round when no change is due: refused, the host named', async () => {
    const { table: t, hostKeys } = await table(62);
    const [host, a, b] = t.sessions as [Session, Session, Session];
    const mallory = Adversary.inside(host.transport, hostKeys);
    const forged = await forge(mallory, change(host), [{ seat: 0, signing: hostKeys.signing }]);
    expect(mallory.messages('agree').filter((x) => x.game === forged)).toHaveLength(0);
    for (const g of [a, b]) expect(named(g, 'NOT_DUE', 'p0')).toBe(true);
    mallory.close(false);
    await unchanged([host, a, b], forged);
  });

  it('the host handing present, playing seats to its own bots: no guest follows', async () => {
    const { table: t, hostKeys } = await table(63);
    const [host, a, b] = t.sessions as [Session, Session, Session];
    const mallory = Adversary.inside(host.transport, hostKeys);
    const bots = [adversaryKeys(201), adversaryKeys(202)];
    const setup = change(host, (s) => ({
      seats: s.seats.map((seat, i) =>
        i === 0 ? seat : { ...seat, key: bots[i - 1]!.publicKey, bot: 'easy', member: 'p0' },
      ),
    }));
    const forged = await forge(mallory, setup, [
      { seat: 0, signing: hostKeys.signing },
      { seat: 1, signing: bots[0]!.signing },
      { seat: 2, signing: bots[1]!.signing },
    ]);
    for (const g of [a, b]) expect(named(g, 'NOT_DUE', 'p0')).toBe(true);
    mallory.close(false);
    await unchanged([host, a, b], forged);
  });

  it('the host handing a present seat to its bot and playing on without it: that seat’s browser raises the alarm', async () => {
    const { table: t, hostKeys } = await table(65);
    const [host, a, b] = t.sessions as [Session, Session, Session];
    const mallory = Adversary.inside(host.transport, hostKeys);
    const bot = adversaryKeys(203);
    const setup = change(host, (s) => ({
      seats: s.seats.map((seat, i) =>
        i === 1 ? { ...seat, key: bot.publicKey, bot: 'easy', member: 'p0' } : seat,
      ),
    }));
    const forged = await forge(mallory, setup, [
      { seat: 0, signing: hostKeys.signing },
      { seat: 1, signing: bot.signing },
    ]);
    expect(named(a, 'NOT_DUE', 'p0')).toBe(true);
    // A begin alone is no split: nothing is raised while the host plays this game on.
    expect(a.snapshot.desync).toBeNull();
    // The host's heartbeat now says it plays the other game: seat 1's browser was left behind.
    mallory.send(
      { t: 'beat', game: forged, seq: 1, hash: '', host: 'p0', catching: false, ended: false },
      a.transport.id,
    );
    await until('the alarm at seat 1', () => a.snapshot.desync !== null);
    expect(a.snapshot.desync?.detail).toMatch(/without seat 1/);
    expect(b.snapshot.desync).toBeNull();
    mallory.close(false);
  });

  it('a watcher with no seat proposing to take one: nobody signs, the watcher is named', async () => {
    const { table: t } = await table(64);
    const [host, a, b] = t.sessions as [Session, Session, Session];
    const keys = adversaryKeys(99);
    const mallory = await Adversary.join(
      t.network,
      `${t.room}-w`,
      t.sessions.map((s) => s.transport.id),
      keys,
    );
    mallory.hello(t.room, 'w', 'Watcher');
    await until('the watcher is known', () =>
      t.sessions.every((s) => s.snapshot.members.some((m) => m.member === 'w')),
    );
    const setup = change(host, (s) => ({
      seats: s.seats.map((seat, i) =>
        i === 2 ? { name: 'Watcher', key: keys.publicKey, bot: null, member: 'w' } : seat,
      ),
    }));
    const forged = await forge(mallory, setup, [{ seat: 2, signing: keys.signing }]);
    expect(mallory.messages('agree').filter((x) => x.game === forged)).toHaveLength(0);
    for (const g of [host, a, b]) expect(named(g, 'NOT_HOST', 'w')).toBe(true);
    mallory.close();
    await unchanged([host, a, b], forged);
  });

  it('a begin from a member that is not the host is not taken', async () => {
    const { table: t } = await table(65);
    const [host, a, b] = t.sessions as [Session, Session, Session];
    // Seat 1's browser, compromised, begins a setup it made up (it cannot have the others' signatures).
    const mallory = Adversary.inside(a.transport, adversaryKeys(5));
    const setup = change(host);
    const text = setupJson(setup);
    mallory.send({ t: 'begin', setup: text, agreements: [] }, host.transport.id);
    mallory.send({ t: 'begin', setup: text, agreements: [] }, b.transport.id);
    await pause(300);
    for (const g of [host, b]) expect(named(g, 'NOT_HOST', 'p1')).toBe(true);
    mallory.close(false);
    await unchanged([host, a, b], gameId(setup));
  });
});
