// A self-check of the dealing arithmetic on this device: loads the WebAssembly
// accelerator, builds one peer's shuffle and lock hops for a 91-tile deck with it
// and without it, and times them against 91 plain multiplications. Used by the
// /dev/deck diagnostics page (and so by the browser tests).
import {
  accelerate,
  applyShuffleHop,
  openDeck,
  tilePoint,
  type DeckState,
  buildLockHop,
  buildShuffleHop,
  type DealContext,
} from '$lib/protocol';

export interface DeckCheck {
  readonly accelerated: boolean;
  /** Both paths built byte-identical hop bodies. */
  readonly sameBytes: boolean;
  readonly plain91Ms: number;
  readonly hop91Ms: number;
  readonly nobleHop91Ms: number;
  readonly hopRatio: number;
}

const TILES = 91;

/** Best of three runs: the first pays for compiling. */
function timed(work: () => unknown): { ms: number; value: unknown } {
  let best = { ms: Infinity, value: undefined as unknown };
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    const value = work();
    const ms = performance.now() - start;
    if (ms < best.ms) best = { ms, value };
  }
  return best;
}

export async function deckCheck(): Promise<DeckCheck> {
  const ctx: DealContext = { game: 'deck-check', round: 0, seats: 2 };
  const seeds = [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)];
  const opened = openDeck(ctx, 0, { set: 'double-12', tiles: [...Array(TILES).keys()] });
  if (!opened.ok) throw new Error(opened.error.code);
  let deck: DeckState = opened.value;
  for (const seat of [0, 1]) {
    const hop = applyShuffleHop(ctx, deck, seat, seat, buildShuffleHop(ctx, deck, seeds[seat]!));
    if (!hop.ok) throw new Error(hop.error.code);
    deck = hop.value;
  }
  const hops = (): unknown => [
    buildShuffleHop(ctx, opened.value, seeds[0]!),
    buildLockHop(ctx, deck, 0, seeds[0]!),
  ];
  const points = Array.from({ length: TILES }, (_, t) => tilePoint(ctx.game, 'plain', t));
  const plain = timed(() => points.map((p, i) => p.multiply(BigInt(i + 1) << 200n)));
  await accelerate(false);
  const noble = timed(hops);
  const accelerated = await accelerate();
  const fast = timed(hops);
  return {
    accelerated,
    sameBytes: JSON.stringify(noble.value) === JSON.stringify(fast.value),
    plain91Ms: Math.round(plain.ms),
    hop91Ms: Math.round(fast.ms),
    nobleHop91Ms: Math.round(noble.ms),
    hopRatio: +(fast.ms / plain.ms).toFixed(2),
  };
}
