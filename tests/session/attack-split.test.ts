// The split alarm rests on evidence. A former player (its seat given to a bot, it
// watches on) that beats a game this table never had is asked for that game's
// signed setup (`show`); the alarm "the table split" is raised only when the
// setups it shows prove a fork: signed, continuing a segment this table left,
// backed by at least half of its browsers. A made-up game, a setup that chains
// from nothing here, or one signed by the claimer alone of three, stops nobody.
// The genuine split (each half gave the other's seats to bots) is in faults.test.ts.
import { describe, expect, it } from 'vitest';
import { fromBase64url } from '$lib/protocol/crypto/bytes';
import { toStored, type Session, type TableSetup } from '$lib/session';
import { gameId, setupJson, signAgreement, type Agreement } from '$lib/session/setup';
import { Adversary, adversaryKeys, type AdversaryKeys } from './adversary';
import { FAST, named, openTable, pause, startAutoplay, until } from './harness';

const AWAY = FAST.awayMs!;

/**
 * Seat 2's player stops (its link stays open, silent) and the host gives its seat
 * to a bot; the test then speaks as that player, with its own keys.
 */
async function formerPlayer(seed: number) {
  const table = await openTable({
    variant: 'mexican-train',
    people: 3,
    options: { rounds: 3, set: 5, handSize: 4 },
    seed,
    timing: { ...FAST, stallMs: 1500 },
  });
  await startAutoplay(table);
  const [host, stays, leaver] = table.sessions as [Session, Session, Session];
  await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 20);
  const stored = toStored(leaver, Date.now())!;
  const mine = stored.keys.find((k) => k.kind === 'human')!;
  const keys: AdversaryKeys = {
    signing: fromBase64url(mine.signingSecret, 64)!,
    publicKey: host.segments().at(-1)!.setup.seats[2]!.key,
  };
  leaver.close();
  await until('seat 2 stalled', () => host.snapshot.stall?.seats.includes(2) === true, 20_000);
  expect(host.resolveStall('bot')).toMatchObject({ ok: true });
  await until('a bot in seat 2', () => stays.snapshot.seats[2]?.bot === 'medium');
  const mallory = Adversary.inside(leaver.transport, keys);
  return { host, stays, mallory };
}

/** A game signed by every seat with the keys given (seat 2 the former player's own). */
function signed(setup: TableSetup, keys: readonly AdversaryKeys[]) {
  const agreements: Agreement[] = keys.map((k, seat) => signAgreement(setup, seat, k.signing));
  return { game: gameId(setup), setup: setupJson(setup), agreements };
}

/**
 * `setup` with seats 0 and 1 given to bots the former player runs, seat 2 its
 * own, starting from `start`: signed by it alone.
 */
function ownGame(
  host: Session,
  mallory: Adversary,
  start: TableSetup['start'],
): ReturnType<typeof signed> {
  const seg = host.segments().at(-1)!;
  const bots = [adversaryKeys(31), adversaryKeys(32)];
  const setup: TableSetup = {
    ...seg.setup,
    nonce: 'AAAAAAAAAAAAAAAAAAAAAA',
    seats: seg.setup.seats.map((s, i) =>
      i === 2
        ? { name: 'Player 2', key: mallory.keys.publicKey, bot: null, member: 'p2' }
        : { name: s.name, key: bots[i]!.publicKey, bot: 'easy', member: 'p2' },
    ),
    start,
  };
  return signed(setup, [...bots, mallory.keys]);
}

/**
 * The former player beats `game` for three away limits, answering each `show`
 * with `answer` (if any); every browser asked it stays calm.
 */
async function claimFor(
  sessions: readonly Session[],
  mallory: Adversary,
  game: string,
  answer: ReturnType<typeof signed> | null,
): Promise<void> {
  const from = mallory.received.length;
  const shows = () => mallory.received.slice(from).filter((r) => r.wire?.t === 'show');
  let answered = 0;
  const beats = setInterval(() => {
    mallory.send({ t: 'beat', game, seq: 3, hash: '', host: null, catching: false, ended: false });
    const asked = shows();
    for (const r of asked.slice(answered)) {
      // It can show its own game only (what it claims that one continues, it cannot).
      if (answer && r.wire?.t === 'show' && r.wire.game === answer.game) {
        mallory.send({ t: 'shown', ...answer }, r.from);
      }
    }
    answered = asked.length;
  }, 50);
  await pause(3 * AWAY);
  clearInterval(beats);
  for (const s of sessions) expect(s.snapshot.desync).toBeNull();
  // Asked again at most once an away limit, by each of the two browsers.
  expect(shows().length).toBeGreaterThan(0);
  expect(shows().length).toBeLessThanOrEqual(2 * 4);
}

describe('a former player claiming another game', () => {
  it('beating a made-up game for longer than the away limit: no alarm', async () => {
    const { host, stays, mallory } = await formerPlayer(71);
    await claimFor([host, stays], mallory, 'made-up-game', null);
    // A setup nobody asked for is not read.
    mallory.send({ t: 'shown', game: 'another-game', setup: '{}', agreements: [] });
    await until('dropped', () => named(host, 'NOT_ALLOWED', 'p2'));
    mallory.close(false);
  });

  it('showing a game it signed itself that continues no game of this table: no alarm', async () => {
    const { host, stays, mallory } = await formerPlayer(72);
    const rec = host.ledger!.any.record;
    const start = { round: rec.round, view: rec.preDeal, after: 'not-a-game-of-this-table' };
    const own = ownGame(host, mallory, start);
    await claimFor([host, stays], mallory, own.game, own);
    // Each browser followed its game back to the one it says it continues, which it cannot show.
    const asked = mallory.messages('show').map((m) => m.game);
    expect(asked.filter((g) => g === 'not-a-game-of-this-table').length).toBeGreaterThan(0);
    // A game that continues none (a first game of its own) is refused outright.
    const first = ownGame(host, mallory, null);
    await claimFor([host, stays], mallory, first.game, first);
    for (const s of [host, stays]) expect(named(s, 'WRONG_GAME', 'p2')).toBe(true);
    mallory.close(false);
  });

  it('showing a game it signed alone, one of three, from where the table was: no alarm', async () => {
    const { host, stays, mallory } = await formerPlayer(73);
    // The segment it last sat in: its own game continues it, as a split half's would.
    const left = host.segments().at(-2)!;
    const rec = host.ledger!.any.record;
    const own = ownGame(host, mallory, { round: rec.round, view: rec.preDeal, after: left.game });
    await claimFor([host, stays], mallory, own.game, own);
    for (const s of [host, stays]) expect(named(s, 'BAD_AGREEMENT', 'half')).toBe(true);
    mallory.close(false);
  });
});
