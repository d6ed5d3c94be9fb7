// The replay: every round of a verified record, step by step, with every hand
// known. A finished round's seeds open every deck position (the deal audit's
// faces), so its deal is filled in and replayed by the engine with full
// information, as the round's audit did; a round whose seeds are not all in is
// replayed as a spectator saw it (hands hidden). Each audit finding is shown on
// the step it names.
import {
  mapSupplyCards,
  tileName,
  type BaseState,
  type Move,
  type Supply,
  type Target,
  type TileId,
  type Variant,
  variantOf,
} from '$lib/engine';
import { auditDeal, deckSize, type DealState, type TableViolation } from '$lib/protocol';
import type { RecordViolation, RoundTrace } from './verify';

export interface ReplayFrame {
  readonly segment: number;
  /** The table's round counter (as in the verdict's rounds and violations). */
  readonly round: number;
  /** The step, or null for the round's first frame (before its deal). */
  readonly step: Move | Supply | null;
  /** The entry that carried the step, in its segment's log. */
  readonly seq: number | null;
  /** The step in words, with the seats' names. */
  readonly label: string;
  /** The table after the step; every hand's tiles are known when `open`. */
  readonly state: BaseState;
  /** Every tile of every hand and the boneyard is known. */
  readonly open: boolean;
  /** What the round's audit names at this step. */
  readonly findings: readonly RecordViolation[];
}

/** Each engine position's tile, from the deal audit's faces (null where a key is missing). */
function facesOf(deal: DealState): (pos: number) => TileId | null {
  const audit = auditDeal(deal);
  const bases: number[] = [];
  let base = 0;
  for (const deck of deal.decks) {
    bases.push(base);
    base += deckSize(deck);
  }
  return (pos) => {
    for (let d = deal.decks.length - 1; d >= 0; d--) {
      const from = bases[d] ?? 0;
      if (pos >= from) {
        const face = audit.decks[d]?.faces[pos - from];
        return typeof face === 'number' ? face : null;
      }
    }
    return null;
  };
}

function isOpen(state: BaseState): boolean {
  return (
    state.hands.every((h) => h.every((c) => c.tile !== null)) &&
    state.boneyard.every((c) => c.tile !== null)
  );
}

/** A target in words. */
export function targetLabel(target: Target, names: readonly string[]): string {
  switch (target) {
    case 'mexican':
      return 'the Mexican Train';
    case 'community':
      return 'the community line';
    case 'west':
      return 'the west end';
    case 'east':
      return 'the east end';
    default: {
      const seat = Number(target.slice(1));
      return `${names[seat] ?? `seat ${seat}`}’s train`;
    }
  }
}

/** A step in words, for the replay's move list. */
export function stepLabel(
  variant: Variant,
  before: BaseState,
  step: Move | Supply,
  names: readonly string[],
): string {
  const set = variant.tileSet(before.players, before.options);
  const tile = (id: TileId) => {
    try {
      return tileName(set, id);
    } catch {
      return `tile ${id}`;
    }
  };
  if ('type' in step) {
    const who = names[step.seat] ?? `Seat ${step.seat}`;
    switch (step.type) {
      case 'play': {
        const from = step.from === 'yard' ? ' from the score yard' : '';
        return `${who} plays ${tile(step.tile)}${from} on ${targetLabel(step.target, names)}`;
      }
      case 'draw':
        return `${who} draws`;
      case 'pass':
        return `${who} passes`;
      case 'choose':
        return `${who} chooses ${tile(step.tile)}`;
      case 'removeTrack':
        return `${who} removes a track`;
      case 'endTurn':
        return `${who} ends the turn`;
      case 'declare':
        return step.tile === null
          ? `${who} does not hold the double`
          : `${who} lays ${tile(step.tile)}`;
    }
  }
  switch (step.kind) {
    case 'deal':
      return `Round ${before.round}: the tiles are dealt`;
    case 'reveal':
      return `${tile(step.tile)} is turned face up`;
    case 'firstPlayer':
      return `${names[step.seat] ?? `Seat ${step.seat}`} goes first`;
    case 'reshuffle':
      return 'The boneyard is reshuffled';
  }
}

function toFinding(trace: RoundTrace, v: TableViolation): RecordViolation {
  return {
    segment: trace.segment,
    round: trace.round,
    seat: v.seat,
    seq: v.seq,
    code: v.code,
    rule: v.rule,
  };
}

/** One round's frames: its start, then one per step. */
export function roundFrames(trace: RoundTrace): ReplayFrame[] {
  const variant = variantOf(trace.preDeal.variant);
  const known = trace.status !== 'in-play' && trace.status !== 'interrupted';
  const face = known ? facesOf(trace.deal) : () => null;
  const base = { segment: trace.segment, round: trace.round };
  const frames: ReplayFrame[] = [
    {
      ...base,
      step: null,
      seq: null,
      label: `Round ${trace.preDeal.round}: before the deal`,
      state: trace.preDeal,
      open: true,
      findings: [],
    },
  ];
  const byMoveIndex = new Map<number, number>();
  let state = trace.preDeal;
  for (const { step, seq, moveIndex } of trace.steps) {
    let next: BaseState | null = null;
    let shown: Move | Supply = step;
    if ('type' in step) {
      try {
        const verdict = variant.validate(state, step);
        if (verdict.kind !== 'illegal') next = variant.perform(state, step);
      } catch {
        next = null;
      }
      if (next) byMoveIndex.set(moveIndex, frames.length);
    } else {
      const filled = mapSupplyCards(step, (c) => ({ pos: c.pos, tile: c.tile ?? face(c.pos) }));
      const supplied = variant.supply(state, filled);
      const plain = supplied.ok ? supplied : variant.supply(state, step);
      if (plain.ok) {
        next = plain.value;
        shown = supplied.ok ? filled : step;
      }
    }
    if (!next) break;
    frames.push({
      ...base,
      step: shown,
      seq,
      label: stepLabel(variant, state, shown, trace.names),
      state: next,
      open: isOpen(next),
      findings: [],
    });
    state = next;
  }
  // Each finding on the step it names (by move index, else by entry), else on the round's start.
  const findings: ReplayFrame['findings'][number][][] = frames.map(() => []);
  for (const v of trace.audit?.violations ?? []) {
    let at = v.moveIndex !== null ? byMoveIndex.get(v.moveIndex) : undefined;
    if (at === undefined && v.seq !== null) {
      const seq = v.seq;
      at = 0;
      frames.forEach((f, i) => {
        if (f.seq !== null && f.seq <= seq) at = i;
      });
    }
    findings[at ?? 0]?.push(toFinding(trace, v));
  }
  return frames.map((f, i) => (findings[i]?.length ? { ...f, findings: findings[i] ?? [] } : f));
}

/** Every round's frames, in order. */
export function replayFrames(traces: readonly RoundTrace[]): ReplayFrame[] {
  return traces.flatMap(roundFrames);
}
