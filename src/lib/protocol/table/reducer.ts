// The table reducer: one peer folds the ordered log into its engine view, the
// round's deck state and the public-state hash after every entry, for any
// variant. An entry is checked (envelope, body shape, author, signature, then
// its content against the deck and the rules) and either applied or refused with
// a code, changing nothing. After each entry the table answers what the engine
// needs from the deck, carries out moves whose keys are all in, and audits the
// round once every seed is revealed.
//
// A seed revealed before the round's end stops the round (`abandoned`): every
// seat then owes its seed, the audit names the seat that stopped it
// (ROUND_ABORTED), and the same round is dealt afresh from its pre-deal view
// under the next table round counter, so every secret and tile point is new.
import { variantOf, type BaseState } from '../../engine';
import { checkConfig, configGenesis } from './config';
import { applyDealEntry, createDeal, type DealState } from '../deal/state';
import type { DealEntry } from '../log/entry-kinds';
import { fail, ok, type Result } from '../errors';
import { createLogHead, type LogEntry } from '../log/entry';
import { receiveLockHop, receiveShuffleHop, type ReceivedHop } from '../deck/hops';
import { verifyEntry, type VerifiedEntry } from '../log/verify';
import { roundSeed } from '../deal/peer-secret';
import { auditTable } from './audit';
import { choiceLabel, mayAuthor, randomLabel, revealsOwed, roundOver } from './due';
import { learnFaces } from './faces';
import { tableHash } from './hash';
import { applyMoveEntry, completePending, parseMoveBody, type MoveBody } from './move';
import { answerNeed } from './needs';
import type { LocalSeat, TableConfig, TableState } from './state';

type Unstarted = Omit<
  TableState,
  'view' | 'seed' | 'deal' | 'preparing' | 'pending' | 'abandoned' | 'record'
>;

function startRound(table: Unstarted, view: BaseState, round: number): Result<TableState> {
  const { game, players } = table.config;
  const deal = createDeal({ game, round, seats: players });
  if (!deal.ok) return deal;
  return ok({
    ...table,
    view,
    seed: table.local.secret && roundSeed(table.local.secret, game, round),
    deal: deal.value,
    preparing: null,
    pending: null,
    abandoned: false,
    record: {
      round,
      preDeal: view,
      steps: [],
      claims: [],
      voided: [],
      abortedBy: null,
      audit: null,
    },
  });
}

/**
 * Audits the round once every seed is in, then deals the next one if the game
 * goes on, or the same one afresh if it was abandoned.
 */
function closeRound(table: TableState): Result<TableState> | null {
  const { deal, record, view, variant } = table;
  if (record.audit || deal.seeds.reveals.some((r) => r === null)) return null;
  const audit = auditTable(table);
  const audited = { ...table, record: { ...record, audit }, audits: [...table.audits, audit] };
  if (table.abandoned) return startRound(audited, record.preDeal, record.round + 1);
  if (view.phase !== 'roundOver') return ok(audited);
  const next = variant.nextRound(view);
  if (next.phase !== 'deal') return ok({ ...audited, view: next });
  return startRound(audited, next, record.round + 1);
}

function progress(table: TableState): Result<TableState> | null {
  const closed = closeRound(table);
  if (closed || table.record.audit) return closed;
  if (table.pending) return completePending(table);
  if (table.abandoned || roundOver(table)) return null;
  return answerNeed(table);
}

/** Everything that follows from the log so far without another entry. */
function settle(table: TableState): Result<TableState> {
  let t = table;
  for (;;) {
    t = learnFaces(t);
    const next = progress(t);
    if (next === null) return ok({ ...t, hash: tableHash(t) });
    if (!next.ok) return next;
    t = next.value;
  }
}

/** A table for this peer's seat, or for a spectator (`local` null) that follows what is public. */
export function createTable(config: TableConfig, local: LocalSeat | null): Result<TableState> {
  const variant = variantOf(config.variant);
  const seat = local ?? { seat: null, secret: null };
  const start = checkConfig(config, variant, seat);
  if (!start.ok) return start;
  const genesis = configGenesis(config, variant, start.value);
  const head = createLogHead(config.game, config.seatKeys, genesis);
  const started = startRound(
    { config, variant, local: seat, head, audits: [], hash: '' },
    start.value.view,
    start.value.round,
  );
  return started.ok ? settle(started.value) : started;
}

function authorAllowed(table: TableState, entry: LogEntry): boolean {
  if (entry.kind === 'move') {
    const body = parseMoveBody(entry.body, table.view.players);
    if (!body || body.move.seat !== entry.seat) return false;
  }
  return mayAuthor(table, entry.seat, entry.kind as DealEntry['kind'] | 'move');
}

/** What the rules add to a deal-protocol entry: the label and deck in use, the positions being opened. */
function ruleCheck(table: TableState, entry: DealEntry): Result<true> {
  switch (entry.kind) {
    case 'random-commit':
    case 'random-reveal':
      return entry.body.label === randomLabel(table) ? ok(true) : fail('WRONG_LABEL');
    case 'choice-commit':
    case 'choice-reveal':
      return entry.body.label === choiceLabel(table) ? ok(true) : fail('WRONG_LABEL');
    case 'shuffle-hop':
    case 'lock-hop':
      return entry.body.deck === table.preparing ? ok(true) : fail('UNKNOWN_DECK');
    case 'reveal': {
      const owed = revealsOwed(table, entry.seat);
      const { deck } = entry.body;
      const expected = entry.body.keys.every(({ pos }) =>
        owed.some((at) => at.deck === deck && at.pos === pos),
      );
      return expected ? ok(true) : fail('KEY_NOT_EXPECTED');
    }
    default:
      return ok(true);
  }
}

/**
 * An entry checked against one table: envelope, author, signature, and for a
 * deal-protocol entry its proofs and keys, with the deal state it leads to.
 * Tables at the same head hold the same deal state, so it holds for each of them.
 */
type Checked =
  | { readonly verified: VerifiedEntry; readonly deal: DealState }
  | { readonly verified: VerifiedEntry; readonly move: MoveBody };

function verifyAt(table: TableState, encoded: string): Result<VerifiedEntry> {
  const { players } = table.view;
  return verifyEntry(table.head, encoded, {
    validMove: (body) => parseMoveBody(body, players) !== null,
    authorAllowed: (entry) => authorAllowed(table, entry),
  });
}

function check(table: TableState, encoded: string): Result<Checked> {
  const { players } = table.view;
  const verified = verifyAt(table, encoded);
  if (!verified.ok) return verified;
  const { entry, deal } = verified.value;
  if (!deal) {
    const move = parseMoveBody(entry.body, players);
    return move ? ok({ verified: verified.value, move }) : fail('MALFORMED_BODY');
  }
  const checked = ruleCheck(table, deal);
  if (!checked.ok) return checked;
  const next = applyDealEntry(table.deal, deal);
  return next.ok ? ok({ verified: verified.value, deal: next.value }) : next;
}

function withDeal(table: TableState, entry: LogEntry, deal: DealState): TableState {
  // A seed shown before the round's end opens this seat's cards: the round stops.
  if (entry.kind !== 'seed-reveal' || table.abandoned || roundOver(table)) {
    return { ...table, deal };
  }
  const record = { ...table.record, abortedBy: { seat: entry.seat, seq: entry.seq } };
  return { ...table, deal, abandoned: true, record };
}

/** Folds a checked entry into one table: the rules, this seat's faces, the hash. */
function fold(table: TableState, checked: Checked): Result<TableState> {
  const { entry, head } = checked.verified;
  const moved = { ...table, head };
  const applied =
    'deal' in checked
      ? ok(withDeal(moved, entry, checked.deal))
      : applyMoveEntry(moved, entry.seat, entry.seq, checked.move);
  return applied.ok ? settle(applied.value) : applied;
}

/**
 * A shuffle or lock hop at this table's head taken on its form (envelope, author,
 * signature, turn, points): the deck it makes and the proof check it still owes,
 * for a browser that checks it off its thread while building on it
 * (deck/pipeline.ts). Null for any other entry. applyEntry still checks it in full.
 */
export function receiveHopEntry(table: TableState, encoded: string): Result<ReceivedHop | null> {
  const verified = verifyAt(table, encoded);
  if (!verified.ok) return verified;
  const { deal } = verified.value;
  if (deal?.kind !== 'shuffle-hop' && deal?.kind !== 'lock-hop') return ok(null);
  const ruled = ruleCheck(table, deal);
  if (!ruled.ok) return ruled;
  const { ctx, decks, seeds } = table.deal;
  const deck = decks[deal.body.deck];
  if (!deck) return fail('UNKNOWN_DECK', `deck ${deal.body.deck}`);
  if (deal.kind === 'lock-hop') return receiveLockHop(ctx, deck, deal.seat, deal.seq, deal.body);
  if (seeds.commits.some((c) => c === null)) return fail('NOT_ALL_COMMITTED');
  return receiveShuffleHop(ctx, deck, deal.seat, deal.seq, deal.body);
}

/** Verifies an encoded entry and folds it in; a refused entry changes nothing. */
export function applyEntry(table: TableState, encoded: string): Result<TableState> {
  const checked = check(table, encoded);
  return checked.ok ? fold(table, checked.value) : checked;
}

/**
 * One entry for every table this browser keeps (one per local seat, or a
 * spectator's): verified once, on the first, then folded into each. All or
 * nothing; the tables must be at the same head (NOT_SAME_TABLE), where their
 * public state is one and the same, so every check would answer alike.
 */
export function applyEntryAll(
  tables: readonly TableState[],
  encoded: string,
): Result<readonly TableState[]> {
  const [first] = tables;
  if (!first) return ok([]);
  const { game, seq, prev } = first.head;
  const apart = tables.some(
    (t) => t.head.game !== game || t.head.seq !== seq || t.head.prev !== prev,
  );
  if (apart) return fail('NOT_SAME_TABLE');
  const checked = check(first, encoded);
  if (!checked.ok) return checked;
  const out: TableState[] = [];
  for (const table of tables) {
    const next = fold(table, checked.value);
    if (!next.ok) return next;
    out.push(next.value);
  }
  return ok(out);
}
