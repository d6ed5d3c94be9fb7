// `npm run bench` → engine: random full-game playouts per second for every
// variant in the registry (4 players, double-12 where the variant has a set
// option), with rounds and moves per second. A variant module that does not
// load is reported as missing.
import { readdirSync } from 'node:fs';
import { VARIANT_IDS, createRng, defaultOptions, playout } from '../src/lib/engine';
import type { Options, Variant, VariantId } from '../src/lib/engine';

const PLAYERS = 4;
/** Playing time per variant, after a short warm-up. */
const BUDGET_MS = 2000;
const WARMUP_MS = 300;

type Figures =
  | {
      readonly players: number;
      readonly options: Record<string, number>;
      readonly games: number;
      readonly rounds: number;
      readonly moves: number;
      readonly seconds: number;
      readonly gamesPerSecond: number;
      readonly roundsPerSecond: number;
      readonly movesPerSecond: number;
      readonly meetsTarget: boolean;
    }
  | { readonly missing: string }
  | { readonly failed: string };

const isVariant = (v: unknown): v is Variant =>
  typeof v === 'object' && v !== null && 'id' in v && 'newGame' in v && 'legalMoves' in v;

/**
 * The registry if every variant module loads; otherwise whatever each module
 * under variants/ exports, with the reason for the variants none provides.
 */
async function loadVariants(): Promise<Map<VariantId, Variant | string>> {
  try {
    const { variantOf } = await import('../src/lib/engine/registry');
    return new Map(VARIANT_IDS.map((id) => [id, variantOf(id) ?? 'not in the registry']));
  } catch {
    const dir = new URL('../src/lib/engine/variants/', import.meta.url);
    const found = new Map<string, Variant>();
    const failures: string[] = [];
    for (const name of readdirSync(dir)) {
      try {
        const mod = (await import(new URL(`${name}/index.ts`, dir).href)) as object;
        for (const v of Object.values(mod)) if (isVariant(v)) found.set(v.id, v);
      } catch (e) {
        failures.push(`${name}: ${(e as Error).message.split('\n')[0]}`);
      }
    }
    const why = failures.join('; ') || 'no variant module exports it';
    return new Map(VARIANT_IDS.map((id) => [id, found.get(id) ?? why]));
  }
}

function measure(variant: Variant): Figures {
  const overrides: Options = variant.optionSpecs.some((s) => s.key === 'set') ? { set: 12 } : {};
  const options = defaultOptions(variant, PLAYERS, overrides);
  const rng = createRng(0x5eed);
  const until = (ms: number) => {
    const start = performance.now();
    let games = 0;
    let rounds = 0;
    let moves = 0;
    while (performance.now() - start < ms) {
      const game = playout(variant, PLAYERS, options, rng);
      games++;
      rounds += game.rounds;
      moves += game.moves;
    }
    return { games, rounds, moves, seconds: (performance.now() - start) / 1000 };
  };
  until(WARMUP_MS);
  const { games, rounds, moves, seconds } = until(BUDGET_MS);
  const roundsPerSecond = rounds / seconds;
  return {
    players: PLAYERS,
    options: { ...options },
    games,
    rounds,
    moves,
    seconds: Number(seconds.toFixed(2)),
    gamesPerSecond: Number((games / seconds).toFixed(1)),
    roundsPerSecond: Number(roundsPerSecond.toFixed(0)),
    movesPerSecond: Number((moves / seconds).toFixed(0)),
    meetsTarget: roundsPerSecond >= 1000,
  };
}

export async function run(): Promise<Record<string, unknown>> {
  const variants = await loadVariants();
  const out: Record<string, Figures> = {};
  for (const id of VARIANT_IDS) {
    const v = variants.get(id);
    if (typeof v !== 'object') {
      out[id] = { missing: v ?? 'not loaded' };
      continue;
    }
    try {
      out[id] = measure(v);
    } catch (e) {
      out[id] = { failed: (e as Error).message };
    }
  }
  return { target: '≥1000 full 4-player rounds per second per variant', variants: out };
}
