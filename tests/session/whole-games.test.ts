// Whole games through the session over the in-memory network, for every
// variant: people (each in their own browser, on autoplay) and bots (run by the
// host's browser). Every browser ends with the same log, hash and scores, every
// round's audit is clean, and no browser's state ever holds a tile it was not shown.
import { describe, expect, it } from 'vitest';
import type { BotLevel } from '$lib/bots';
import type { Options, VariantId } from '$lib/engine';
import { expectPrivate } from './privacy';
import type { Session } from '$lib/session';
import { openTable, startAutoplay, until, type Table } from './harness';

let table: Table | null = null;

function watchPrivacy(sessions: readonly Session[]): () => number {
  let checks = 0;
  for (const s of sessions) {
    s.subscribe(() => {
      const ledger = s.ledger;
      if (!ledger) return;
      for (const seat of ledger.seats()) expectPrivate(ledger.table(seat)!);
      checks++;
    });
  }
  return () => checks;
}

async function playGame(
  variant: VariantId,
  people: number,
  bots: readonly BotLevel[],
  options: Options,
  seed = 1,
): Promise<Session[]> {
  table = await openTable({ variant, people, bots, options, seed });
  const checks = watchPrivacy(table.sessions);
  await startAutoplay(table, 'medium');
  const sessions = table.sessions;
  await until(
    'game over on every browser',
    () => sessions.every((s) => s.snapshot.table?.gameOver === true),
    90_000,
  );
  const [first] = sessions as [Session];
  const snap = first.snapshot.table!;
  for (const s of sessions) {
    expect(s.snapshot.desync).toBeNull();
    expect(s.snapshot.table?.hash).toBe(snap.hash);
    expect(s.ledger?.log).toEqual(first.ledger?.log);
    expect(s.snapshot.table?.view.scores).toEqual(snap.view.scores);
  }
  expect(snap.audits.length).toBeGreaterThan(0);
  for (const a of snap.audits) expect(a).toMatchObject({ violations: [], replayed: true });
  expect(snap.view.phase).toBe('gameOver');
  expect(checks()).toBeGreaterThan(10);
  return sessions;
}

describe('whole games through the session, every variant', () => {
  it('Mexican Train: 2 browsers, two rounds (each dealt afresh, both audited)', async () => {
    await playGame('mexican-train', 2, [], { rounds: 2, set: 6, handSize: 5 });
    expect(table!.sessions[0]!.snapshot.table!.audits).toHaveLength(2);
  });

  it('Mexican Train: 4 seats, 2 browsers and 2 bots', async () => {
    await playGame('mexican-train', 2, ['easy', 'medium'], { rounds: 1, set: 6, handSize: 4 }, 2);
  });

  it('Mexican Train: 8 seats, 4 browsers and 4 bots', async () => {
    await playGame(
      'mexican-train',
      4,
      ['easy', 'easy', 'medium', 'medium'],
      { rounds: 1, set: 7, handSize: 3 },
      3,
    );
  });

  it('Mexican Train, tournament rules: 4 browsers, the 0-0 round', async () => {
    await playGame('mexican-train-tournament', 4, [], { startDouble: 0, set: 6, handSize: 4 }, 4);
  });

  it('Mexican Train, tournament rules: 8 seats, 2 browsers and 6 bots', async () => {
    const bots: BotLevel[] = ['easy', 'easy', 'easy', 'medium', 'medium', 'medium'];
    await playGame('mexican-train-tournament', 2, bots, { startDouble: 0, set: 7, handSize: 3 }, 5);
  });

  it('Derailing the Train: 2 browsers', async () => {
    await playGame('derailing-the-train', 2, [], { set: 2, handSize: 3 }, 6);
  });

  it('Derailing the Train: 4 seats, 3 browsers and a bot', async () => {
    await playGame('derailing-the-train', 3, ['medium'], { set: 3, handSize: 2 }, 7);
  });

  it('Derailing the Train: 8 seats, 2 browsers and 6 bots', async () => {
    const bots: BotLevel[] = ['easy', 'easy', 'easy', 'medium', 'medium', 'medium'];
    await playGame('derailing-the-train', 2, bots, { set: 4, handSize: 1 }, 8);
  });

  it('Engine 191: 2 browsers (secret choices, E-2)', async () => {
    await playGame('engine-191', 2, [], { tokensToWin: 1, set: 6, handSize: 5 }, 9);
  });

  it('Engine 191: 4 seats, 2 browsers and 2 bots', async () => {
    await playGame(
      'engine-191',
      2,
      ['easy', 'medium'],
      { tokensToWin: 1, set: 6, handSize: 4 },
      10,
    );
  });

  it('Railominos: 2 browsers', async () => {
    await playGame('railominos', 2, [], { rounds: 1, handSize: 5 }, 11);
  });

  it('Railominos: 4 seats, 3 browsers and a bot', async () => {
    await playGame('railominos', 3, ['medium'], { rounds: 1, handSize: 4 }, 12);
  });
});
