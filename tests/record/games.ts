// Honest games played whole through the real session in memory (people on
// autoplay, each in their own browser; bots in the host's), and their records.
import type { BotLevel } from '$lib/bots';
import type { Options, VariantId } from '$lib/engine';
import type { Session } from '$lib/session';
import { recordOf, type GameRecord } from '$lib/record';
import { fromStored, joinTable, toStored } from '$lib/session';
import {
  closeTracked,
  FAST,
  openTable,
  seededRandom,
  startAutoplay,
  track,
  transport,
  until,
} from '../session/harness';

export interface GameSpec {
  readonly variant: VariantId;
  readonly people: number;
  readonly bots?: readonly BotLevel[];
  readonly options: Options;
  readonly seed: number;
}

/** A small honest game of every variant (small sets and hands, to keep them quick). */
export const HONEST_GAMES: readonly GameSpec[] = [
  { variant: 'mexican-train', people: 2, options: { rounds: 2, set: 6, handSize: 4 }, seed: 31 },
  {
    variant: 'mexican-train-tournament',
    people: 2,
    bots: ['easy'],
    options: { startDouble: 0, set: 6, handSize: 3 },
    seed: 32,
  },
  { variant: 'derailing-the-train', people: 2, options: { set: 3, handSize: 3 }, seed: 33 },
  { variant: 'engine-191', people: 2, options: { tokensToWin: 1, set: 6, handSize: 4 }, seed: 34 },
  { variant: 'railominos', people: 2, options: { rounds: 1, handSize: 4 }, seed: 35 },
];

export interface PlayedGame {
  readonly record: GameRecord;
  /** Each seat's Ed25519 signing secret (64 bytes), from the browsers' stored keys. */
  readonly signing: readonly Uint8Array[];
}

function keysOf(sessions: readonly Session[], seats: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const s of sessions) {
    for (const k of s.storedKeys()) if (k.seat !== undefined) out[k.seat] = k.signing;
  }
  if (out.length !== seats || out.some((k) => !k)) throw new Error('a seat key is missing');
  return out;
}

/** Plays `spec` to game over, stopping at `stop` (a condition on the host) if given. */
export async function playGame(
  spec: GameSpec,
  stop: (host: Session) => boolean = (h) => h.snapshot.table?.gameOver === true,
): Promise<PlayedGame> {
  const table = await openTable({
    variant: spec.variant,
    people: spec.people,
    bots: spec.bots ?? [],
    options: spec.options,
    seed: spec.seed,
  });
  try {
    await startAutoplay(table, 'medium');
    const host = table.sessions[0] as Session;
    await until('the game to get there', () => stop(host), 90_000);
    const record = recordOf(host.segments(), host.room);
    const seats = host.segments().at(-1)?.setup.seats.length ?? 0;
    return { record, signing: keysOf(table.sessions, seats) };
  } finally {
    closeTracked();
  }
}

/**
 * Railominos, two browsers: seat 1 (played by hand) passes once while holding a
 * playable tile — a pass its browser signs — then autoplays to the end.
 */
export async function playFalsePass(seed = 41): Promise<PlayedGame & { readonly passSeq: number }> {
  const table = await openTable({
    variant: 'railominos',
    people: 2,
    options: { rounds: 1, handSize: 5 },
    seed,
  });
  try {
    await startAutoplay(table, 'medium', [1]);
    const [host, cheat] = table.sessions as [Session, Session];
    let passSeq = -1;
    await until('seat 1 to pass with a playable tile', () => {
      const local = cheat.snapshot.table?.local.find((l) => l.seat === 1);
      if (!local || local.legal.length === 0) return false;
      const phase = cheat.ledger?.table(1)?.view.phase;
      if (phase === 'playing' && local.legal.some((m) => m.type === 'play')) {
        passSeq = cheat.ledger?.seq ?? -1;
        const passed = cheat.move(1, { seat: 1, type: 'pass' });
        if (!passed.ok) throw new Error(passed.error.detail);
        return true;
      }
      cheat.move(1, local.legal[0]!);
      return false;
    });
    cheat.setAutoplay(1, 'medium');
    await until('game over', () => host.snapshot.table?.gameOver === true, 90_000);
    const record = recordOf(host.segments(), host.room);
    return { record, signing: keysOf(table.sessions, 2), passSeq };
  } finally {
    closeTracked();
  }
}

/**
 * Mexican Train, three browsers: the host's tab closes mid-round; the next seat
 * sequences, a bot takes seat 0 and the round is dealt afresh (a second
 * segment); the game is played to its end. The record is the new host's.
 */
export async function playReseated(seed = 23): Promise<PlayedGame> {
  const table = await openTable({
    variant: 'mexican-train',
    people: 3,
    options: { rounds: 1, set: 6, handSize: 5 },
    seed,
  });
  try {
    await startAutoplay(table);
    const [host, next, third] = table.sessions as [Session, Session, Session];
    await until('mid-round', () => (next.snapshot.table?.seq ?? 0) > 25);
    const game = next.snapshot.table!.game;
    host.close();
    host.transport.close();
    await until('seat 0 named as stalled', () => next.snapshot.stall?.seats.includes(0) === true);
    const resolved = next.resolveStall('bot');
    if (!resolved.ok) throw new Error(resolved.error.detail);
    await until('the reseated game', () => third.snapshot.table?.game !== game);
    await until(
      'game over without the host',
      () => [next, third].every((s) => s.snapshot.table?.gameOver === true),
      90_000,
    );
    const record = recordOf(next.segments(), next.room);
    return { record, signing: keysOf([next, third], 3) };
  } finally {
    closeTracked();
  }
}

/**
 * Tournament rules, two browsers, and a third that comes after the start: the
 * host seats it between rounds (TT-9, a new segment with three players). Both
 * the host's record and the newcomer's own (which starts at its first round).
 */
export async function playNewcomer(seed = 42): Promise<PlayedGame & { late: GameRecord }> {
  const table = await openTable({
    variant: 'mexican-train-tournament',
    people: 2,
    options: { startDouble: 2, set: 6, handSize: 4 },
    seed,
  });
  try {
    await startAutoplay(table);
    const [host, other] = table.sessions as [Session, Session];
    const joined = await joinTable({
      transport: transport(table.network, `${table.room}-late`),
      room: table.room,
      member: 'late',
      name: 'Latecomer',
      timing: FAST,
      random: seededRandom(seed + 1),
      contact: host.transport.id,
    });
    if (!joined.ok) throw new Error(joined.error.detail);
    const late = track(joined.value);
    await until('the newcomer is known', () =>
      host.snapshot.members.some((m) => m.member === 'late'),
    );
    await until('the first round played', () => (host.snapshot.table?.audits.length ?? 0) >= 1);
    const seated = host.seatNewcomer('late');
    if (!seated.ok) throw new Error(seated.error.detail);
    await until('seated', () => late.snapshot.table?.local.length === 1, 60_000);
    late.setAutoplay(late.snapshot.table!.local[0]!.seat, 'easy');
    await until(
      'game over',
      () => [host, other, late].every((s) => s.snapshot.table?.gameOver === true),
      90_000,
    );
    return {
      record: recordOf(host.segments(), host.room),
      signing: keysOf([host, other, late], 3),
      late: recordOf(late.segments(), late.room),
    };
  } finally {
    closeTracked();
  }
}

/**
 * Mexican Train, three browsers: seat 2's browser goes away mid-round, a bot
 * takes its seat from a fresh deal, then the player reloads and gets the seat
 * back between rounds — three segments. The record is the host's.
 */
export async function playHandedBack(seed = 41): Promise<PlayedGame> {
  const table = await openTable({
    variant: 'mexican-train',
    people: 3,
    options: { rounds: 3, set: 5, handSize: 4 },
    seed,
    timing: { ...FAST, stallMs: 1500 },
  });
  try {
    await startAutoplay(table);
    const [host, stays, leaver] = table.sessions as [Session, Session, Session];
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 20);
    const stored = toStored(leaver, Date.now())!;
    leaver.close();
    leaver.transport.close();
    await until('seat 2 stalled', () => host.snapshot.stall?.seats.includes(2) === true, 20_000);
    const resolved = host.resolveStall('bot');
    if (!resolved.ok) throw new Error(resolved.error.detail);
    await until('a bot in seat 2', () => stays.snapshot.seats[2]?.bot === 'medium');
    const back = fromStored(stored, {
      transport: transport(table.network, `${table.room}-p2-back`),
      timing: FAST,
      random: seededRandom(seed + 5),
    });
    if (!back.ok) throw new Error(back.error.detail);
    const player = track(back.value);
    await player.link(host.transport.id);
    await until('seat 2 handed back', () => host.snapshot.seats[2]?.member === 'p2', 30_000);
    const autoplay = () => {
      for (const l of player.snapshot.table?.local ?? []) player.setAutoplay(l.seat, 'easy');
    };
    await until(
      'game over',
      () => {
        autoplay();
        return [host, stays, player].every((s) => s.snapshot.table?.gameOver === true);
      },
      90_000,
    );
    return {
      record: recordOf(host.segments(), host.room),
      signing: keysOf([host, stays, player], 3),
    };
  } finally {
    closeTracked();
  }
}

/**
 * Railominos, three browsers, two rounds: seat 2's browser closes right after
 * round 1's last move, before its seed is sent; the host gives the seat to a bot
 * and round 2 is dealt in a second segment. With `falsePass`, seat 1 (played by
 * hand in round 2) passes once while holding a playable tile. The record
 * is the host's.
 */
export async function playLeftAtRoundEnd(
  seed: number,
  falsePass = false,
): Promise<PlayedGame & { readonly passSeq: number | null }> {
  const table = await openTable({
    variant: 'railominos',
    people: 3,
    options: { rounds: 2, handSize: 4 },
    seed,
    timing: { ...FAST, stallMs: 1500 },
  });
  try {
    await startAutoplay(table, 'medium');
    const [host, stays, leaver] = table.sessions as [Session, Session, Session];
    const first = host.snapshot.table!.game;
    leaver.subscribe(() => {
      if (leaver.ledger?.any.view.phase === 'roundOver') leaver.close();
    });
    await until('seat 2 stalled', () => host.snapshot.stall?.seats.includes(2) === true, 30_000);
    const resolved = host.resolveStall('bot');
    if (!resolved.ok) throw new Error(resolved.error.detail);
    let passSeq: number | null = null;
    if (falsePass) {
      await until('the second segment', () => stays.snapshot.table?.game !== first);
      // by hand from here: ready for round 2, then its moves
      stays.setAutoplay(1, null);
      await until('seat 1 to pass with a playable tile', () => {
        const between = stays.snapshot.table?.betweenRounds;
        if (between && !between.ready[1]) stays.ready(1);
        const local = stays.snapshot.table?.local.find((l) => l.seat === 1);
        if (!local || local.legal.length === 0) return false;
        const phase = stays.ledger?.table(1)?.view.phase;
        if (phase === 'playing' && local.legal.some((m) => m.type === 'play')) {
          passSeq = stays.ledger?.seq ?? -1;
          const passed = stays.move(1, { seat: 1, type: 'pass' });
          if (!passed.ok) throw new Error(passed.error.detail);
          return true;
        }
        stays.move(1, local.legal[0]!);
        return false;
      });
      stays.setAutoplay(1, 'medium');
    }
    await until(
      'game over',
      () => [host, stays].every((s) => s.snapshot.table?.gameOver === true),
      90_000,
    );
    const record = recordOf(host.segments(), host.room);
    return { record, signing: keysOf([host, stays, leaver], 3), passSeq };
  } finally {
    closeTracked();
  }
}
