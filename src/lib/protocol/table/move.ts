// A move entry: the move plus the mover's keys for the positions it shows to all
// before it is carried out (a played tile, a declared double, a face-up draw, a
// hand shown at the round's end). Keys name engine positions, as disclosures do.
// The move is judged by the engine on this peer's view once those cards are known;
// what it shows of other seats' cards waits in `pending` for their keys, and what
// it deals out afterwards (a private draw) is assigned for the others to share.
import {
  applyMove,
  eventsOf,
  parseMove,
  revealCard,
  type BaseState,
  type Claim,
  type Disclosure,
  type EngineError,
  type Result as EngineResult,
  type Move,
  type Variant,
} from '../../engine';
import { fromBase64url } from '../crypto/bytes';
import { canonicalJson, isJsonRecord, type JsonValue } from '../log/canonical-json';
import { MAX_DECK_SIZE } from '../deck/deck';
import { applyDealEntry, assignDealPositions, type DealState } from '../deal/state';
import type { PositionKey } from '../log/entry-kinds';
import { engineFail, fail, ok, type Result } from '../errors';
import { choiceLabel } from './due';
import { learnFaces } from './faces';
import { byDeck, keyPublished, locate, ownerAt, publicFace, type DeckPosition } from './positions';
import type { TableState } from './state';

export interface MoveBody {
  readonly move: Move;
  readonly keys: readonly PositionKey[];
}

const isKey = (v: JsonValue): v is PositionKey =>
  isJsonRecord(v) &&
  Object.keys(v).sort().join() === 'key,pos' &&
  typeof v.pos === 'number' &&
  Number.isSafeInteger(v.pos) &&
  v.pos >= 0 &&
  typeof v.key === 'string' &&
  fromBase64url(v.key, 32) !== null;

/** The body's shape: exactly {move, keys}, a well-formed move in its canonical form. */
export function parseMoveBody(body: JsonValue, players: number): MoveBody | null {
  if (!isJsonRecord(body) || Object.keys(body).sort().join() !== 'keys,move') return null;
  const move = parseMove(body.move, players);
  if (!move.ok || canonicalJson(move.value) !== canonicalJson(body.move ?? null)) {
    return null;
  }
  const keys = body.keys;
  if (!Array.isArray(keys) || keys.length > MAX_DECK_SIZE || !keys.every(isKey)) return null;
  return { move: move.value, keys };
}

interface Judged {
  readonly state: BaseState;
  readonly claim: Claim | null;
  readonly breach: EngineError | null;
}

/**
 * The engine's judgement on this view. A breach (a claim this view can tell is
 * false: only ever the author's own, or once a round's end shows every hand) is
 * carried out and recorded, as the audit's replay does, so whether an entry is
 * accepted never depends on hidden tiles.
 */
export function judge(variant: Variant, view: BaseState, move: Move): EngineResult<Judged> {
  const applied = applyMove(variant, view, move);
  if (applied.ok) return { ok: true, value: { ...applied.value, breach: null } };
  const verdict = variant.validate(view, move);
  const e = applied.error;
  if (
    verdict.kind !== 'breach' ||
    verdict.error.code !== e.code ||
    verdict.error.message !== e.message
  ) {
    return applied;
  }
  return {
    ok: true,
    value: { state: variant.perform(view, move), claim: null, breach: verdict.error },
  };
}

function withClaim(
  table: TableState,
  seq: number,
  claim: Claim | null,
  breach: EngineError | null,
): TableState {
  if (!claim && !breach) return table;
  const claims = [...table.record.claims, { seq, claim, breach }];
  return { ...table, record: { ...table.record, claims } };
}

interface LocatedKey extends PositionKey {
  readonly at: DeckPosition;
}

function publishKeys(
  deal: DealState,
  seat: number,
  seq: number,
  keys: readonly LocatedKey[],
): Result<DealState> {
  let next = deal;
  for (const group of byDeck(keys)) {
    const body = {
      deck: group[0]?.at.deck ?? 0,
      keys: group.map((k) => ({ pos: k.at.pos, key: k.key })),
    };
    const applied = applyDealEntry(next, { kind: 'reveal', seat, seq, body });
    if (!applied.ok) return applied;
    next = applied.value;
  }
  return ok(next);
}

/** Positions a move shows to all for which the mover's key is due: its own, and boneyard cards. */
export function moverKeysDue(
  deal: DealState,
  seat: number,
  disclosures: readonly Disclosure[],
): number[] {
  const shownToAll = disclosures.filter((d) => d.when === 'before' && d.to === 'all');
  return [...new Set(shownToAll.map((d) => d.pos))].filter((pos) => {
    const at = locate(deal, pos);
    const owner = at && ownerAt(deal, at);
    return (
      at &&
      (owner === seat || owner === null || owner === 'public') &&
      !keyPublished(deal, at, seat)
    );
  });
}

/** Every 'before' disclosure can be acted on: opened to all, or (to one seat) shared by the rest. */
function shown(deal: DealState, before: readonly Disclosure[]): boolean {
  return before.every((d) => {
    const at = locate(deal, d.pos);
    if (!at) return false;
    if (d.to === 'all') return typeof publicFace(deal, at) === 'number';
    const row = deal.decks[at.deck]?.keys[at.pos] ?? [];
    return row.every((k, s) => s === d.to || k !== null);
  });
}

function assignShown(deal: DealState, disclosures: readonly Disclosure[]): Result<DealState> {
  let next = deal;
  for (const d of disclosures) {
    const at = locate(next, d.pos);
    if (!at) return fail('BAD_POSITION', `position ${d.pos}`);
    // Cards already dealt keep their owner: only the owner's key is then missing.
    if (ownerAt(next, at) !== null) continue;
    const assigned = assignDealPositions(next, at.deck, [at.pos], d.to === 'all' ? 'public' : d.to);
    if (!assigned.ok) return assigned;
    next = assigned.value;
  }
  return ok(next);
}

/** The move is carried out: its step is recorded and what it deals out is assigned. */
function finish(
  table: TableState,
  seq: number,
  move: Move,
  state: BaseState,
  after: readonly Disclosure[],
): Result<TableState> {
  const deal = assignShown(table.deal, after);
  if (!deal.ok) return deal;
  const events = eventsOf(table.variant, table.view, move, state);
  const step = { step: move, seq, moveIndex: table.view.moveIndex, events };
  const record = { ...table.record, steps: [...table.record.steps, step] };
  return ok({ ...table, deal: deal.value, view: state, pending: null, record });
}

export function applyMoveEntry(
  table: TableState,
  seat: number,
  seq: number,
  body: MoveBody,
): Result<TableState> {
  const { variant, deal } = table;
  const { move } = body;
  if (move.type === 'choose') {
    // E-2: the tile chosen is the one committed to before anyone revealed.
    const label = choiceLabel(table);
    const revealed = label === null ? null : deal.choices.get(label)?.reveals[seat];
    if (revealed?.choice !== move.tile) return fail('NOT_AS_COMMITTED');
  }
  const keys: LocatedKey[] = [];
  for (const k of body.keys) {
    const at = locate(deal, k.pos);
    if (!at) return fail('BAD_POSITION', `position ${k.pos}`);
    keys.push({ ...k, at });
  }
  // The mover's own cards open first: what the move shows is judged on them.
  const own = keys.filter((k) => ownerAt(deal, k.at) === seat);
  const opened = publishKeys(deal, seat, seq, own);
  if (!opened.ok) return opened;
  let view = table.view;
  for (const k of own) {
    const face = publicFace(opened.value, k.at);
    if (typeof face !== 'number') return fail('NOT_A_TILE', `position ${k.pos}`);
    const learnt = revealCard(view, k.pos, face);
    if (!learnt.ok) return fail('KEY_NOT_EXPECTED', `position ${k.pos} is not in the hand`);
    view = learnt.value;
  }
  const disclosures = variant.disclosures(view, move);
  const due = moverKeysDue(deal, seat, disclosures);
  const given = keys.map((k) => k.pos);
  if (due.length !== given.length || !due.every((p) => given.includes(p))) {
    return fail('DISCLOSURE_MISMATCH', `the move shows positions [${due.join(', ')}]`);
  }
  const before = disclosures.filter((d) => d.when === 'before');
  const after = disclosures.filter((d) => d.when === 'after');
  const assigned = assignShown(opened.value, before);
  if (!assigned.ok) return assigned;
  const published = publishKeys(
    assigned.value,
    seat,
    seq,
    keys.filter((k) => !own.includes(k)),
  );
  if (!published.ok) return published;
  const known = learnFaces({ ...table, deal: published.value, view });
  const judged = judge(variant, known.view, move);
  // A move that needs the cards it shows (a face-up draw) is judged once they are open.
  const waiting = !shown(known.deal, before);
  if (!judged.ok && !(waiting && judged.error.code === 'UNKNOWN_CARD'))
    return engineFail(judged.error);
  if (waiting) return ok({ ...known, pending: { move, seq, before, after } });
  if (!judged.ok) return engineFail(judged.error);
  const { state, claim, breach } = judged.value;
  return finish(withClaim(known, seq, claim, breach), seq, move, state, after);
}

/**
 * Carries out a pending move once every card it shows is known; null while keys
 * are missing. Refused then (it could not be judged before), it is void: named in
 * the round's audit, and the turn stays.
 */
export function completePending(table: TableState): Result<TableState> | null {
  const { pending } = table;
  if (!pending || !shown(table.deal, pending.before)) return null;
  const cleared = { ...table, pending: null };
  const judged = judge(table.variant, table.view, pending.move);
  if (!judged.ok) {
    const { code, rule } = judged.error;
    const named = { seat: pending.move.seat, seq: pending.seq, moveIndex: null, rule, code };
    const record = { ...table.record, voided: [...table.record.voided, named] };
    return ok({ ...cleared, record });
  }
  const { state, claim, breach } = judged.value;
  return finish(
    withClaim(cleared, pending.seq, claim, breach),
    pending.seq,
    pending.move,
    state,
    pending.after,
  );
}
