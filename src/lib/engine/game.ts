// Variant-independent driving of a game: checking and applying moves with
// claims, the setup steps the rules make, and the full-information audit replay.
import type { BaseState, Options, Supply, Variant } from './variant';
import type { EngineError, Move, Result, Seat, Target } from './types';
import { SHARED_TARGETS, fail, ok } from './types';

/** A move accepted on a view although it rests on tiles the view does not know. */
export interface Claim {
  readonly seat: Seat;
  readonly round: number;
  readonly moveIndex: number;
  readonly rule: string;
  readonly message: string;
}

export interface Applied<S> {
  readonly state: S;
  readonly claim: Claim | null;
}

/**
 * Checks and applies one move. Never throws and never changes `state`: an illegal
 * move is an error value naming the rule.
 */
export function applyMove<S extends BaseState>(
  variant: Variant<S>,
  state: S,
  move: Move,
): Result<Applied<S>> {
  const pre = precheck(state, move);
  if (pre) return { ok: false, error: pre };
  const verdict = variant.validate(state, move);
  switch (verdict.kind) {
    case 'illegal':
    case 'breach':
      return { ok: false, error: verdict.error };
    case 'claim':
      return ok({
        state: variant.perform(state, move),
        claim: { seat: move.seat, round: state.round, moveIndex: state.moveIndex, ...verdict },
      });
    case 'ok':
      return ok({ state: variant.perform(state, move), claim: null });
  }
}

function precheck(state: BaseState, move: Move): EngineError | null {
  if (state.phase !== 'setup' && state.phase !== 'playing') {
    return {
      code: 'WRONG_PHASE',
      rule: null,
      message: `no moves are taken in phase ${state.phase}`,
    };
  }
  // E-2 choices are simultaneous: any seat yet to choose may send one.
  if (move.type !== 'choose' && move.seat !== state.turn) {
    return {
      code: 'NOT_YOUR_TURN',
      rule: null,
      message: `seat ${move.seat} moved but it is seat ${state.turn}'s turn`,
    };
  }
  return null;
}

/**
 * A new game on options checked as a whole (`checkOptions`): infeasible options
 * (too few tiles for the hands, say) are refused before any deal.
 */
export function startGame<S extends BaseState>(
  variant: Variant<S>,
  players: number,
  options: Options,
): Result<S> {
  const checked = variant.checkOptions(players, options);
  return checked.ok ? ok(variant.newGame(players, checked.value)) : checked;
}

/** Runs the automatic setup steps (MT-2/DT-2 call-down and draws) the rules make. */
export function runSetup<S extends BaseState>(variant: Variant<S>, state: S): S {
  let s = state;
  for (let move = variant.setupMove(s); move; move = variant.setupMove(s)) {
    const applied = applyMove(variant, s, move);
    if (!applied.ok) break;
    s = applied.value.state;
  }
  return s;
}

export function supply<S extends BaseState>(
  variant: Variant<S>,
  state: S,
  input: Supply,
): Result<S> {
  return variant.supply(state, input);
}

/** A move that broke a rule, found by the full-information audit. */
export interface Violation {
  readonly seat: Seat;
  readonly round: number;
  readonly moveIndex: number;
  readonly rule: string | null;
  readonly code: EngineError['code'];
  readonly message: string;
}

export interface AuditReport<S> {
  readonly violations: readonly Violation[];
  readonly state: S;
  /** False when a move could not be carried out at all; the replay stopped there. */
  readonly complete: boolean;
}

/**
 * Replays a round with every tile known, from the state right after its deal:
 * its moves and any supplies made during it (E-10 reshuffles, E-2 redeals).
 * Breaches (claims that were false) are recorded and the move carried out as it
 * was, so every violation is named; an impossible move stops the replay.
 */
export function auditRound<S extends BaseState>(
  variant: Variant<S>,
  start: S,
  steps: readonly (Move | Supply)[],
): AuditReport<S> {
  const violations: Violation[] = [];
  let state = start;
  for (const step of steps) {
    if (!('type' in step)) {
      const supplied = variant.supply(state, step);
      if (!supplied.ok) return { violations, state, complete: false };
      state = supplied.value;
      continue;
    }
    const pre = precheck(state, step);
    const verdict = pre
      ? ({ kind: 'illegal', error: pre } as const)
      : variant.validate(state, step);
    const at = { seat: step.seat, round: state.round, moveIndex: state.moveIndex };
    if (verdict.kind === 'illegal') {
      violations.push({ ...at, ...verdict.error });
      return { violations, state, complete: false };
    }
    if (verdict.kind === 'breach') violations.push({ ...at, ...verdict.error });
    state = variant.perform(state, step);
  }
  return { violations, state, complete: true };
}

/** BAD_MOVE for anything that is not a well-formed move (wire input, scenario files). */
export function parseMove(raw: unknown, players: number): Result<Move> {
  const bad = (why: string) => fail<Move>('BAD_MOVE', null, why);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return bad('a move is an object');
  const m = raw as Record<string, unknown>;
  const seat = m.seat;
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= players) {
    return bad(`seat must be an integer from 0 to ${players - 1}`);
  }
  const tileField = (key: string): number | null | undefined => {
    const v = m[key];
    return typeof v === 'number' && Number.isInteger(v) && v >= 0
      ? v
      : v === null
        ? null
        : undefined;
  };
  switch (m.type) {
    case 'draw':
    case 'pass':
    case 'removeTrack':
    case 'endTurn':
      return ok({ seat, type: m.type });
    case 'choose': {
      const tile = tileField('tile');
      return typeof tile === 'number'
        ? ok({ seat, type: 'choose', tile })
        : bad('choose needs a tile');
    }
    case 'declare': {
      const tile = tileField('tile');
      return tile === undefined
        ? bad('declare needs a tile or null')
        : ok({ seat, type: 'declare', tile });
    }
    case 'play': {
      const tile = tileField('tile');
      const target = m.target;
      if (typeof tile !== 'number') return bad('play needs a tile');
      if (typeof target !== 'string' || !isTarget(target)) return bad('play needs a target');
      if (m.from === undefined && m.replace === undefined)
        return ok({ seat, type: 'play', tile, target });
      const replace = tileField('replace');
      if (m.from !== 'yard' || typeof replace !== 'number') {
        return bad('a play from the yard needs from: "yard" and a replace tile');
      }
      return ok({ seat, type: 'play', tile, target, from: 'yard', replace });
    }
    default:
      return bad(`unknown move type ${JSON.stringify(m.type)}`);
  }
}

/** Well-formed targets; whether one exists in this game is the variant's to judge. */
export function isTarget(text: string): text is Target {
  return (SHARED_TARGETS as readonly string[]).includes(text) || /^p[0-7]$/.test(text);
}
