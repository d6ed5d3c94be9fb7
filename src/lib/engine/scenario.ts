// The scenario interface of docs/scenarios.md: a scripted full-information game in,
// one JSON result out. BAD_SCENARIO names the field at fault.
import { dealCards } from './cards';
import { applyMove, isTarget, parseMove, runSetup } from './game';
import { VARIANT_IDS, isVariantId, variantOf } from './registry';
import { defaultOptions } from './table';
import { parseTile, tileName } from './tiles';
import type { TileSet } from './tiles';
import type { BaseState, Need, Options, ScenarioRound, Variant } from './variant';
import type { Json, Move, Result } from './types';

export interface ScenarioResult {
  /** 0 whether or not a move was illegal; 2 for a file that is not a valid scenario. */
  readonly exit: 0 | 2;
  readonly output: Json;
}

class BadScenario extends Error {}

function bad(message: string): never {
  throw new BadScenario(message);
}

function badResult(message: string): ScenarioResult {
  return { exit: 2, output: { ok: false, error: { code: 'BAD_SCENARIO', message } } };
}

export function runScenario(raw: unknown): ScenarioResult {
  try {
    return run(raw);
  } catch (e) {
    if (e instanceof BadScenario) return badResult(e.message);
    throw e;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function run(raw: unknown): ScenarioResult {
  if (!isRecord(raw)) bad('a scenario is a JSON object');
  const id = raw.variant;
  if (!isVariantId(id)) bad(`variant: expected one of ${VARIANT_IDS.join(', ')}`);
  const variant = variantOf(id);
  const players = raw.players;
  if (
    typeof players !== 'number' ||
    !Number.isInteger(players) ||
    players < variant.minPlayers ||
    players > variant.maxPlayers
  ) {
    bad(`players: ${variant.id} takes ${variant.minPlayers}–${variant.maxPlayers} players`);
  }
  const options = readOptions(variant, players, raw.options);
  const set = variant.tileSet(players, options);
  if (!Array.isArray(raw.rounds) || raw.rounds.length === 0) bad('rounds: a non-empty list');
  const rounds = raw.rounds.map((r, i) => readRound(r, `rounds[${i}]`, players, set));

  let state = variant.newGame(players, options);
  for (const [r, round] of rounds.entries()) {
    if (state.phase === 'roundOver') state = variant.nextRound(state);
    if (state.phase !== 'deal')
      bad(`rounds[${r}]: the game is over (or mid-round) before this round`);
    state = expect(variant.scenario.prepareRound(state, round, r === 0), `rounds[${r}]`);
    const cards = dealCards(set, round.hands, round.boneyard);
    state = expect(variant.supply(state, { kind: 'deal', ...cards }), `rounds[${r}].hands`);
    const answered = new Map<Need['kind'], number>();
    state = settle(variant, state, round, r, answered);
    for (const [i, rawMove] of round.moves.entries()) {
      const move = readMove(rawMove, `rounds[${r}].moves[${i}]`, players, set);
      const applied = applyMove(variant, state, move);
      if (!applied.ok) {
        const { code, rule, message } = applied.error;
        return {
          exit: 0,
          output: {
            ok: false,
            error: { round: r + 1, moveIndex: i, code, rule, message },
            state: variant.scenarioState(state),
            legal: legalJson(variant, state, set),
          },
        };
      }
      state = settle(variant, applied.value.state, round, r, answered);
    }
  }
  return {
    exit: 0,
    output: {
      ok: true,
      error: null,
      state: variant.scenarioState(state),
      legal: legalJson(variant, state, set),
    },
  };
}

function expect<T>(result: Result<T>, field: string): T {
  if (!result.ok) bad(`${field}: ${result.error.message}`);
  return result.value;
}

/** Answers needs from the round's fields and runs the automatic setup steps. */
function settle(
  variant: Variant,
  start: BaseState,
  round: ScenarioRound,
  r: number,
  answered: Map<Need['kind'], number>,
): BaseState {
  let state = start;
  for (let guard = 0; guard < 10_000; guard++) {
    const need = variant.need(state);
    if (need && state.phase !== 'roundOver' && state.phase !== 'gameOver') {
      const count = answered.get(need.kind) ?? 0;
      answered.set(need.kind, count + 1);
      const input = expect(variant.scenario.answer(state, need, round, count), `rounds[${r}]`);
      state = expect(variant.supply(state, input), `rounds[${r}]`);
      continue;
    }
    const next = runSetup(variant, state);
    if (next === state) return state;
    state = next;
  }
  bad(`rounds[${r}]: the setup never settles`);
}

function readOptions(variant: Variant, players: number, raw: unknown): Options {
  if (raw !== undefined && !isRecord(raw)) bad('options: an object');
  const options: Record<string, number> = { ...defaultOptions(variant, players) };
  for (const [key, value] of Object.entries(raw ?? {})) {
    const spec = variant.optionSpecs.find((s) => s.key === key);
    if (!spec) bad(`options.${key}: not an option of ${variant.id}`);
    if (
      typeof value !== 'number' ||
      !Number.isInteger(value) ||
      value < spec.min ||
      value > spec.max
    ) {
      bad(`options.${key}: an integer from ${spec.min} to ${spec.max}`);
    }
    options[key] = value;
  }
  return options;
}

function readTiles(raw: unknown, field: string, set: TileSet): string[] {
  if (!Array.isArray(raw)) bad(`${field}: a list of tiles`);
  return raw.map((t, i) => {
    if (typeof t !== 'string' || parseTile(set, t) === null) {
      bad(`${field}[${i}]: ${JSON.stringify(t)} is not a tile of this set`);
    }
    return t;
  });
}

function readRound(raw: unknown, field: string, players: number, set: TileSet): ScenarioRound {
  if (!isRecord(raw)) bad(`${field}: an object`);
  const readHands = (v: unknown, f: string): string[][] => {
    if (!Array.isArray(v) || v.length !== players)
      bad(`${f}: one list of tiles per seat (${players})`);
    return v.map((h, s) => readTiles(h, `${f}[${s}]`, set));
  };
  const hands = readHands(raw.hands, `${field}.hands`);
  const boneyard =
    raw.boneyard === undefined ? [] : readTiles(raw.boneyard, `${field}.boneyard`, set);
  const seen = new Set<number>();
  for (const t of [...hands.flat(), ...boneyard]) {
    const id = parseTile(set, t) as number;
    if (seen.has(id)) bad(`${field}: tile ${t} is dealt twice`);
    seen.add(id);
  }
  if (!Array.isArray(raw.moves)) bad(`${field}.moves: a list of moves`);
  const round: { -readonly [K in keyof ScenarioRound]: ScenarioRound[K] } = {
    hands,
    boneyard,
    moves: raw.moves,
  };
  const tileText = (key: 'engine' | 'leader') => {
    const v = raw[key];
    if (v === undefined) return;
    if (typeof v !== 'string') bad(`${field}.${key}: a tile`);
    if (key === 'engine' && parseTile(set, v) === null)
      bad(`${field}.${key}: not a tile of this set`);
    round[key] = v;
  };
  tileText('engine');
  tileText('leader');
  const seatNumber = (key: 'firstPlayer') => {
    const v = raw[key];
    if (v === undefined) return;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= players) {
      bad(`${field}.${key}: a seat from 0 to ${players - 1}`);
    }
    round[key] = v;
  };
  seatNumber('firstPlayer');
  const perSeat = (key: 'scores' | 'tokens') => {
    const v = raw[key];
    if (v === undefined) return;
    if (!Array.isArray(v) || v.length !== players || !v.every((x) => Number.isInteger(x))) {
      bad(`${field}.${key}: one integer per seat`);
    }
    round[key] = v as number[];
  };
  perSeat('scores');
  perSeat('tokens');
  if (raw.platformsUsed !== undefined) {
    round.platformsUsed = readTiles(raw.platformsUsed, `${field}.platformsUsed`, set);
  }
  if (raw.redeal !== undefined) {
    const rd = raw.redeal;
    if (!isRecord(rd)) bad(`${field}.redeal: an object with hands and boneyard`);
    round.redeal = {
      hands: readHands(rd.hands, `${field}.redeal.hands`),
      boneyard: readTiles(rd.boneyard ?? [], `${field}.redeal.boneyard`, set),
    };
  }
  if (raw.reshuffles !== undefined) {
    if (!Array.isArray(raw.reshuffles)) bad(`${field}.reshuffles: a list of tile lists`);
    round.reshuffles = raw.reshuffles.map((r, i) => readTiles(r, `${field}.reshuffles[${i}]`, set));
  }
  return round;
}

function readMove(raw: unknown, field: string, players: number, set: TileSet): Move {
  if (!isRecord(raw)) bad(`${field}: a move object`);
  const wire: Record<string, unknown> = { ...raw };
  for (const key of ['tile', 'replace'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v !== 'string') bad(`${field}.${key}: a tile`);
    const id = parseTile(set, v);
    if (id === null) bad(`${field}.${key}: ${JSON.stringify(v)} is not a tile of this set`);
    wire[key] = id;
  }
  if (raw.target !== undefined && (typeof raw.target !== 'string' || !isTarget(raw.target))) {
    bad(`${field}.target: p0…p7, mexican, community, west or east`);
  }
  const move = parseMove(wire, players);
  if (!move.ok) bad(`${field}: ${move.error.message}`);
  return move.value;
}

export function moveJson(move: Move, set: TileSet): Json {
  const { seat: _seat, ...rest } = move;
  const out: Record<string, Json> = { type: rest.type };
  if ('tile' in rest) out.tile = rest.tile === null ? null : tileName(set, rest.tile);
  if ('target' in rest) out.target = rest.target;
  if ('from' in rest && rest.from) out.from = rest.from;
  if ('replace' in rest && rest.replace !== undefined) out.replace = tileName(set, rest.replace);
  return out;
}

function legalJson(variant: Variant, state: BaseState, set: TileSet): Json {
  if (state.phase !== 'setup' && state.phase !== 'playing') return [];
  return variant.legalMoves(state).map((m) => moveJson(m, set));
}
