// The end-of-round audit at a table: the deck audit from the revealed seeds
// (hops, keys, commit–reveal values), then the round rebuilt with every tile
// known and replayed by the engine (false passes, draws and declarations). Each
// cheat is named by seat and entry; a broken rule also by move index and rule id;
// a round stopped by an early seed reveal names that seat (ROUND_ABORTED). A seat
// whose seed never came is listed as unchecked, not as a cheat (SEED_NOT_REVEALED):
// the rest is checked without it, and the rules replay needs every hand.
import { auditRound, mapSupplyCards, type Supply } from '../../engine';
import { auditDeal, type DealAudit } from '../deal/audit';
import { isSupply } from './due';
import { locate } from './positions';
import type { TableAudit, TableState, TableViolation } from './state';

function fullInformation(table: TableState, audit: DealAudit) {
  let missing = false;
  const face = (pos: number): number | null => {
    const at = locate(table.deal, pos);
    const f = at && audit.decks[at.deck]?.faces[at.pos];
    if (typeof f === 'number') return f;
    missing = true;
    return null;
  };
  const steps = table.record.steps.map(({ step }) =>
    'type' in step ? step : mapSupplyCards(step, (c) => ({ pos: c.pos, tile: face(c.pos) })),
  );
  return { steps, complete: !missing };
}

/** Audits the round with the seeds in so far (a missing one leaves its seat unchecked). */
export function auditTable(table: TableState): TableAudit {
  const { record, variant } = table;
  const dealAudit = auditDeal(table.deal);
  const violations: TableViolation[] = [
    ...dealAudit.violations.map((v) => ({
      seat: v.seat,
      seq: v.seq,
      moveIndex: null,
      rule: null,
      code: v.code,
    })),
    ...record.voided,
  ];
  if (record.abortedBy) {
    const { seat, seq } = record.abortedBy;
    violations.push({ seat, seq, moveIndex: null, rule: null, code: 'ROUND_ABORTED' });
  }
  const { unchecked } = dealAudit;
  const unreplayed: TableAudit = { round: record.round, violations, unchecked, replayed: false };
  const full = fullInformation(table, dealAudit);
  const [first, ...rest] = full.steps;
  const firstStep = record.steps[0]?.step;
  if (!first || !firstStep || !isSupply(firstStep, 'deal') || !full.complete) return unreplayed;
  const start = variant.supply(record.preDeal, first as Supply);
  if (!start.ok) return unreplayed;
  const report = auditRound(variant, start.value, rest);
  const seqOf = new Map<number, number>();
  for (const { step, seq, moveIndex } of record.steps) {
    if ('type' in step) seqOf.set(moveIndex, seq);
  }
  for (const v of report.violations) {
    violations.push({
      seat: v.seat,
      seq: seqOf.get(v.moveIndex) ?? null,
      moveIndex: v.moveIndex,
      rule: v.rule,
      code: v.code,
    });
  }
  return { round: record.round, violations, unchecked, replayed: report.complete };
}
