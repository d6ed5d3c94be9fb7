// The table reducer: one peer folds the ordered log into its engine view, the
// round's deck state and the public-state hash after every entry, for any
// variant. An entry is checked (envelope, body shape, author, signature, then
// its content against the deck and the rules) and either applied or refused with
// a code, changing nothing. After each entry the table answers what the engine
// needs from the deck, carries out moves whose keys are all in, and audits the
// round once every seed is revealed.
import { variantOf, type BaseState } from '../../engine';
import { applyDealEntry, createDeal } from '../deal/state';
import type { DealEntry } from '../log/entry-kinds';
import { fail, ok, type Result } from '../errors';
import { createLogHead, MAX_GAME_ID_LENGTH, type LogEntry } from '../log/entry';
import { verifyEntry } from '../log/verify';
import { roundSeed, SEED_BYTES } from '../deal/peer-secret';
import { auditTable } from './audit';
import { choiceLabel, mayAuthor, randomLabel, revealsOwed, roundOver } from './due';
import { learnFaces } from './faces';
import { tableHash } from './hash';
import { applyMoveEntry, completePending, parseMoveBody } from './move';
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
    seed: roundSeed(table.local.secret, game, round),
    deal: deal.value,
    preparing: null,
    pending: null,
    abandoned: false,
    record: { round, preDeal: view, steps: [], claims: [], voided: [], audit: null },
  });
}

/** Audits the round once every seed is in, and deals the next one if the game goes on. */
function closeRound(table: TableState): Result<TableState> | null {
  const { deal, record, view, variant } = table;
  if (record.audit || deal.seeds.reveals.some((r) => r === null)) return null;
  const audit = auditTable(table);
  const audited = { ...table, record: { ...record, audit }, audits: [...table.audits, audit] };
  if (table.abandoned || view.phase !== 'roundOver') return ok(audited);
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

export function createTable(config: TableConfig, local: LocalSeat): Result<TableState> {
  const variant = variantOf(config.variant);
  const { players, game } = config;
  if (!Number.isInteger(players) || players < variant.minPlayers || players > variant.maxPlayers) {
    return fail('UNKNOWN_SEAT', `${variant.minPlayers}…${variant.maxPlayers} players`);
  }
  if (config.seatKeys.length !== players) return fail('UNKNOWN_SEAT', 'one signing key per seat');
  if (!Number.isInteger(local.seat) || local.seat < 0 || local.seat >= players) {
    return fail('UNKNOWN_SEAT', 'this peer has no seat');
  }
  if (local.secret.length !== SEED_BYTES) return fail('BAD_SCALAR', 'the secret is 32 bytes');
  if (game.length < 1 || game.length > MAX_GAME_ID_LENGTH) return fail('WRONG_GAME');
  const head = createLogHead(game, config.seatKeys);
  const started = startRound(
    { config, variant, local, head, audits: [], hash: '' },
    variant.newGame(players, config.options),
    1,
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

function applyDealKind(table: TableState, entry: DealEntry): Result<TableState> {
  const checked = ruleCheck(table, entry);
  if (!checked.ok) return checked;
  const deal = applyDealEntry(table.deal, entry);
  if (!deal.ok) return deal;
  // A seed shown before the round's end opens this seat's cards: the round stops and is audited.
  const abandoned = table.abandoned || (entry.kind === 'seed-reveal' && !roundOver(table));
  return ok({ ...table, deal: deal.value, abandoned });
}

/** Verifies an encoded entry and folds it in; a refused entry changes nothing. */
export function applyEntry(table: TableState, encoded: string): Result<TableState> {
  const { players } = table.view;
  const verified = verifyEntry(table.head, encoded, {
    validMove: (body) => parseMoveBody(body, players) !== null,
    authorAllowed: (entry) => authorAllowed(table, entry),
  });
  if (!verified.ok) return verified;
  const { entry, deal, head } = verified.value;
  const moved = { ...table, head };
  const body = deal ? null : parseMoveBody(entry.body, players);
  const applied = deal
    ? applyDealKind(moved, deal)
    : body
      ? applyMoveEntry(moved, entry.seat, entry.seq, body)
      : fail<TableState>('MALFORMED_BODY');
  return applied.ok ? settle(applied.value) : applied;
}
