// `npm run tournament -- --variant V --players N --games G --a hard --b medium [--json]
//   [--seed S] [--option key=value …]`: bots against each other under the full rules.
import { parseArgs } from 'node:util';
import { BOT_LEVELS, series } from '../src/lib/bots';
import type { BotLevel, SeriesResult } from '../src/lib/bots';
import { VARIANT_IDS, defaultOptions, variantOf } from '../src/lib/engine';
import type { VariantId } from '../src/lib/engine';

function usage(message: string): never {
  console.error(`${message}
usage: npm run tournament -- --variant ${VARIANT_IDS.join('|')} --players N --games G
       --a ${BOT_LEVELS.join('|')} --b ${BOT_LEVELS.join('|')} [--seed S] [--option key=value]… [--json]`);
  process.exit(2);
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

function report(r: SeriesResult): string {
  const line = (name: string, s: SeriesResult['a']) =>
    `  ${name} ${s.level.padEnd(6)} wins ${String(s.wins).padStart(5)}  ${pct(s.winRate).padStart(6)}` +
    `  (95% CI ${pct(s.ci95[0])}–${pct(s.ci95[1])})  average score ${s.avgScore.toFixed(1)}`;
  return [
    `${r.variant}, ${r.players} players, ${r.games} games`,
    line('a', r.a),
    line('b', r.b),
    `  ties ${r.ties}`,
  ].join('\n');
}

const { values } = parseArgs({
  options: {
    variant: { type: 'string' },
    players: { type: 'string', default: '2' },
    games: { type: 'string', default: '100' },
    a: { type: 'string', default: 'hard' },
    b: { type: 'string', default: 'medium' },
    seed: { type: 'string', default: '1' },
    option: { type: 'string', multiple: true, default: [] },
    json: { type: 'boolean', default: false },
  },
});

const id = values.variant;
if (!id || !(VARIANT_IDS as readonly string[]).includes(id)) usage('--variant: which game');
const variant = variantOf(id as VariantId);
const players = Number(values.players);
if (!Number.isInteger(players) || players < variant.minPlayers || players > variant.maxPlayers) {
  usage(`--players: ${variant.minPlayers}–${variant.maxPlayers} for ${variant.id}`);
}
const games = Number(values.games);
if (!Number.isInteger(games) || games < 1) usage('--games: a positive integer');
const level = (v: string | undefined, flag: string): BotLevel => {
  if (!v || !(BOT_LEVELS as readonly string[]).includes(v))
    usage(`${flag}: ${BOT_LEVELS.join(', ')}`);
  return v as BotLevel;
};
const overrides: Record<string, number> = {};
for (const kv of values.option) {
  const [key, value] = kv.split('=');
  const spec = variant.optionSpecs.find((s) => s.key === key);
  const n = Number(value);
  if (!spec || !Number.isInteger(n) || n < spec.min || n > spec.max)
    usage(`--option ${kv}: not an option of ${id}`);
  overrides[spec.key] = n;
}
const result = series(
  variant,
  players,
  defaultOptions(variant, players, overrides),
  level(values.a, '--a'),
  level(values.b, '--b'),
  games,
  Number(values.seed),
);
console.log(values.json ? JSON.stringify(result) : report(result));
